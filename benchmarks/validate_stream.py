"""Streaming validation: peak memory and games/s of ``unorules validate`` on large JSON
Lines corpora, with one and two jobs.

The corpora are written to a temporary directory from a pool of seeded recorded games
(``transcript.record`` of games between ``bots.random_bots``: 2 to 6 players, every
built-in profile, one to three rounds, half of them written with their seed and half
stand-alone with every deal and drawn card), repeated until the file reaches its size.
Each run is ``python -m unorules.cli validate FILE --jobs N`` in a child process, its
output thrown away; the peak memory is the child's ``ru_maxrss`` (the largest of the
command and its worker processes, from ``os.wait4``), and the CPU seconds of them all, so
that the work of N jobs can be told from the load of a shared machine. Streaming means the
peaks for the small and the large corpus are the same within a few MiB.

    python benchmarks/validate_stream.py               # 25 MB and 200 MB, jobs 1 and 2
    python benchmarks/validate_stream.py --sizes 5 25  # quicker
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import unorules as uno
from unorules.agents import bots
from unorules.formats import transcript

PROFILES = ("mattel", "mattel-108", "swedish", "danish")


def pool(games: int) -> list[bytes]:
    """``games`` recorded games, one JSON line each."""
    lines = []
    for index in range(games):
        players = 2 + index % 5
        rules = PROFILES[index % len(PROFILES)]
        start = uno.new_game(players, rules, seed=1000 + index)
        seats = bots.random_bots(players, seed=1000 + index)
        actions = [a for a, _ in bots.play(start, seats, rounds=1 + index % 3)]
        recorded = transcript.record(start, actions, seed=index % 2 == 0)
        lines.append(transcript.dumps(recorded, compact=True).encode() + b"\n")
    return lines


def corpus(path: Path, lines: list[bytes], megabytes: int) -> int:
    """Write ``megabytes`` MB (10**6 bytes) of games to ``path``; the number of games."""
    target = megabytes * 1_000_000
    written = games = 0
    with path.open("wb") as handle:
        while written < target:
            line = lines[games % len(lines)]
            handle.write(line)
            written += len(line)
            games += 1
    return games


def run(path: Path, jobs: int) -> tuple[float, float, float, int]:
    """Validate ``path`` in a child process: (seconds, CPU seconds of the command and its
    workers, peak MiB, exit code)."""
    command = [sys.executable, "-m", "unorules.cli", "validate", str(path), "--jobs", str(jobs)]
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return elapsed, cpu, usage.ru_maxrss / 1024, child.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[25, 200], metavar="MB")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], metavar="N")
    parser.add_argument("--pool", type=int, default=300, help="distinct games (300)")
    args = parser.parse_args()
    print(
        f"unorules {uno.__version__}, Python {platform.python_version()},"
        f" {platform.platform()}, {os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M')}"
    )
    lines = pool(args.pool)
    print(f"pool: {len(lines)} recorded games, {sum(map(len, lines)) / len(lines):.0f} bytes each")
    print(
        f"{'corpus':>8} {'games':>8} {'jobs':>5} {'seconds':>8} {'games/s':>9}"
        f" {'CPU s':>7} {'peak MiB':>9}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            path = Path(tmp, f"corpus-{size}MB.jsonl")
            games = corpus(path, lines, size)
            for jobs in args.jobs:
                seconds, cpu, peak, code = run(path, jobs)
                if code != 0:
                    raise SystemExit(f"unorules validate exited with {code} on {path}")
                print(
                    f"{size:>6}MB {games:>8} {jobs:>5} {seconds:>8.1f} {games / seconds:>9.0f}"
                    f" {cpu:>7.1f} {peak:>9.1f}"
                )
            path.unlink()


if __name__ == "__main__":
    main()
