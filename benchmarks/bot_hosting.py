"""What a host running other people's bots leaves behind (issue 29): two figures.

    python benchmarks/bot_hosting.py attack [--games 20]
    python benchmarks/bot_hosting.py soak [--games 2000]

``attack``: one ``unorules match`` (a subprocess, the host) of four hostile bots from
``tests/agents/bots/bad_bot.py``: one that stalls its turn with needless calls of UNO,
one whose helper leaves its session (``setsid()``) holding the bot's output, one that
writes 20 MB to its standard error while playing legally, and one that answers every
question 0.2 s late against a game time of 2 s. It prints the results table, every fault,
the exit code, the bytes written on the host's standard error; then the same match in
this process (:func:`unorules.agents.match.run_match`), with the threads, file
descriptors and bot processes left after it.

``soak``: ``unorules match`` of one-round games between the example bots
(``examples/bots/random_bot.py``, ``random_bot.js`` when ``node`` exists) and the
built-in bots, writing every game out (``-o``); the host's resident memory (VmRSS) is
sampled as the games are written, and printed against the games done, with the slope,
then the bot processes left.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BAD = ROOT / "tests" / "agents" / "bots" / "bad_bot.py"
TAG = b"UNORULES_BOT="


def _bot_processes(host: int, marker: str | None = None) -> list[int]:
    """Processes of the bots of the host ``host``: carrying its tag (the tag's token
    begins with the host's process id), or naming ``marker`` (a temporary directory of
    this run) on their command line (the helper that clears its environment)."""
    tag = TAG + f"{host}-".encode()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            environ = Path(f"/proc/{name}/environ").read_bytes()
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
        except OSError:
            continue
        if any(v.startswith(tag) for v in environ.split(b"\0")) or (
            marker is not None and marker.encode() in cmdline
        ):
            found.append(int(name))
    return found


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def _attack_bots(tmp: Path) -> list[str]:
    py = sys.executable
    return [
        f"{py} {BAD} stall",
        f"{py} {BAD} escape --log {tmp / 'helper.pid'}",
        f"{py} {BAD} flood_stderr --flood 20",
        f"{py} {BAD} sleepy --sleep 0.2",
    ]


def attack(games: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with tempfile.TemporaryDirectory() as tmp:
        bots = _attack_bots(Path(tmp))
        command = [sys.executable, "-m", "unorules.cli", "match"]
        for bot in bots:
            command += ["--bot", bot]
        command += ["--games", str(games), "--rounds", "1", "--seed", "1"]
        command += ["--timeout", "0.5", "--game-time", "2"]
        began = time.monotonic()
        host = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        stdout, stderr = host.communicate(timeout=3600)
        done = subprocess.CompletedProcess(command, host.returncode, stdout, stderr)
        took = time.monotonic() - began
        print(
            f"$ unorules match (4 hostile bots) --games {games} --rounds 1 --timeout 0.5"
            " --game-time 2"
        )
        print(done.stdout.decode(), end="")
        faults = [line for line in done.stderr.decode().splitlines() if "match: bot" in line]
        print(f"exit code {done.returncode}, {took:.1f} s; fault lines on stderr: {len(faults)}")
        for line in faults:
            print("  " + line[:160])
        print(f"bytes on the host's stderr: {len(done.stderr)}")
        time.sleep(0.5)
        left = len(_bot_processes(host.pid, tmp))
        print(f"bot processes left after the host exited: {left}")

    sys.path.insert(0, str(ROOT / "src"))
    import unorules as uno
    from unorules.agents.match import run_match

    with tempfile.TemporaryDirectory() as tmp:
        threads, fds = threading.active_count(), _fds()
        bots = _attack_bots(Path(tmp))
        result = run_match(
            bots, uno.MATTEL, games=games, rounds=1, seed=1, timeout=0.5, game_time=2,
            stderr="null",
        )  # fmt: skip
        time.sleep(0.2)
        print(
            f"in process: {len(result.games)} games, faults"
            f" {sorted((f.bot, f.kind) for f in result.faults)};"
            f" threads {threads} -> {threading.active_count()},"
            f" fds {fds} -> {_fds()}, bot processes left {len(_bot_processes(os.getpid(), tmp))}"
        )


def _rss_kib(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def soak(games: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    bots = [f"{sys.executable} {ROOT / 'examples' / 'bots' / 'random_bot.py'} --seed 1"]
    if shutil.which("node"):
        bots.append(f"node {ROOT / 'examples' / 'bots' / 'random_bot.js'} --seed 2")
    bots.append("random")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "games.jsonl"
        command = [sys.executable, "-m", "unorules.cli", "match"]
        for bot in bots:
            command += ["--bot", bot]
        command += ["--games", str(games), "--rounds", "1", "--seed", "1", "-o", str(out)]
        began = time.monotonic()
        host = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        samples: list[tuple[int, int, int, int]] = []  # games, rss KiB, threads, fds
        while host.poll() is None:
            rss = _rss_kib(host.pid)
            done = out.read_bytes().count(b"\n") if out.exists() else 0
            try:
                threads = len(os.listdir(f"/proc/{host.pid}/task"))
                fds = len(os.listdir(f"/proc/{host.pid}/fd"))
            except OSError:
                break
            if rss is not None:
                samples.append((done, rss, threads, fds))
            time.sleep(0.5)
        stdout, stderr = host.communicate()
        took = time.monotonic() - began
    print(f"$ unorules match {' '.join(repr(b) for b in bots)} --games {games} --rounds 1 -o ...")
    print(stdout.decode(), end="")
    print(
        f"exit code {host.returncode}, {took:.0f} s, {games / took:.1f} games/s;"
        f" bytes on stderr: {len(stderr)}"
    )
    if samples:
        marks = [
            next((x for x in samples if x[0] >= games * q // 4), samples[-1]) for q in range(5)
        ]
        print("RSS by games done: " + ", ".join(f"{g}: {r} KiB" for g, r, _, _ in marks))
        (g0, r0, _, _), (g1, r1, t1, f1) = marks[2], samples[-1]
        slope = (r1 - r0) / max(g1 - g0, 1)
        print(
            f"second half (games {g0} to {g1}): {slope:+.2f} KiB a game;"
            f" threads {marks[1][2]} -> {t1}, fds {marks[1][3]} -> {f1}"
        )
    time.sleep(0.5)
    print(f"bot processes left after the host exited: {len(_bot_processes(host.pid))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("attack", "soak"))
    parser.add_argument("--games", type=int)
    args = parser.parse_args()
    if args.what == "attack":
        attack(args.games or 20)
    else:
        soak(args.games or 2000)


if __name__ == "__main__":
    main()
