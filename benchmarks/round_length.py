"""How many turn actions honest rounds take: guidance for the house rule
``round_turn_limit``, which ends a round (as a stuck round, C15) once it has made that many.

Plays seeded one-round games of random bots (``unorules.agents.bots.random_bots``: a random legal
action, UNO said, now and then a challenge) under each built-in profile with a limit no
round reaches, and prints, per profile and table size, the median, the 99th and 99.9th
percentiles and the longest round, in turn actions (C2: plays and draws that are not a
penalty; ``State.turn_actions``). A host picks a limit well above the longest.

    python benchmarks/round_length.py                 # 2000 rounds per line
    python benchmarks/round_length.py --rounds 200    # a quick look
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import unorules as uno
from unorules.agents import bots

PROFILES = ("mattel", "mattel-108", "swedish", "danish")
NO_ROUND_REACHES: int = 1 << 32


def lengths(profile: str, players: int, rounds: int) -> list[int]:
    """The turn actions of ``rounds`` seeded one-round games."""
    rules = uno.get_profile(profile).but(round_turn_limit=NO_ROUND_REACHES)
    out = []
    for seed in range(rounds):
        start = uno.new_game(players, rules, seed=seed)
        *_, (_, last) = bots.play(start, bots.random_bots(players, seed=seed), rounds=1)
        assert last.round_winner is not None  # every round ended by someone going out
        out.append(last.turn_actions)
    return out


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per line")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    print(f"unorules {uno.__version__}, Python {platform.python_version()}, {time.ctime()}")
    print(f"turn actions per round, {args.rounds} seeded rounds of random bots per line")
    print(f"{'profile':<11} {'players':>7} {'median':>7} {'p99':>6} {'p99.9':>6} {'max':>6}")
    for profile in PROFILES:
        for players in args.players:
            got = lengths(profile, players, args.rounds)
            print(
                f"{profile:<11} {players:>7} {statistics.median(got):>7.0f}"
                f" {percentile(got, 0.99):>6} {percentile(got, 0.999):>6} {max(got):>6}"
            )


if __name__ == "__main__":
    main()
