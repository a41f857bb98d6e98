"""Instructions per game, counted by callgrind: a speed figure that repeats exactly.

Wall-clock figures on a shared machine swing by 20%; the number of instructions the
interpreter executes for the same seeded games does not. For each engine this runs the
benchmark's playout loop (``bench.py``: the same policy, seeds and rules) under
``valgrind --tool=callgrind`` twice, once for N games and once for 0 games (imports,
set-up and interpreter start-up alone), and prints (N games - 0 games) / N::

    python benchmarks/instructions.py                 # 2 and 4 players, 200 games
    python benchmarks/instructions.py --games 500 --players 2
    python benchmarks/instructions.py --engines unorules speed-of-light

Environment for every run: ``PYTHONHASHSEED=0`` (set and dict orders fixed) and
``OPENBLAS_NUM_THREADS=1`` (numpy, imported by RLCard, starts no threads), and address
space layout randomization off (``setarch -R``, from util-linux, when it is installed):
cards hash by identity, so where objects land in memory decides how often set and dict
lookups collide, and with randomized addresses the same games cost up to a few percent
more or less from run to run. Needs ``valgrind`` (Debian's package); RLCard is counted
when it is installed (``.[bench]``).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent

ENGINES = ("unorules", "speed-of-light", "rlcard")

# Each workload plays `games` seeded rounds with the benchmark's policy and loop.
_WORKLOAD = {
    "unorules": "import bench; bench.play_unorules({players}, {games}, 1)",
    "speed-of-light": "import bench; bench.play_speed_of_light({players}, {games}, 1)",
    "rlcard": "import bench, _rlcard; _rlcard.run({players}, {games}, 1)",
}

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")

_FIXED_LAYOUT: tuple[str, ...] = (
    ("setarch", platform.machine(), "-R") if shutil.which("setarch") else ()
)
"""The command prefix that turns address randomization off for the counted process."""


def count(engine: str, players: int, games: int) -> int:
    """Instructions callgrind counts for one run of ``engine``'s workload."""
    code = _WORKLOAD[engine].format(players=players, games=games)
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "callgrind.out")
        done = subprocess.run(
            [
                *_FIXED_LAYOUT,
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                code,
            ],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind run of {engine} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_game(engine: str, players: int, games: int) -> float:
    """Instructions per game: (``games`` games - 0 games) / ``games``."""
    return (count(engine, players, games) - count(engine, players, 0)) / games


def available(engine: str) -> bool:
    if engine != "rlcard":
        return True
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per count (200)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--engines", nargs="+", choices=ENGINES, default=list(ENGINES))
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    print(f"instructions per game, callgrind, {args.games} games minus 0 games, seed 1")
    for players in args.players:
        figures: dict[str, float] = {}
        for engine in args.engines:
            if not available(engine):
                print(f"  {players}p {engine:<15} not installed")
                continue
            figures[engine] = per_game(engine, players, args.games)
            print(f"  {players}p {engine:<15} {figures[engine]:>12,.0f}")
        base = figures.get("unorules")
        for other in ("speed-of-light", "rlcard"):
            if base and other in figures:
                print(f"  {players}p unorules/{other}: {figures[other] / base:.3f}x as fast")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
