"""How strong the bots are: two-player win rates of each pairing over seeded rounds.

Each round is a new seeded two-player game under one profile, played to its end
(``unorules.agents.bots.play``, one round). The bot under test sits at seat 0 in even
rounds and at seat 1 in odd ones, so that neither bot profits from who plays first; the
seeds are the same for every pairing, so the pairings differ by the bots, not by the
deals. Each line prints the wins of the first bot, the stuck rounds (no winner, C15), the
win rate with its 95% Wilson interval and the time per round. ``RandomBot against
RandomBot`` is the yardstick: about one half.

    python benchmarks/strength.py                        # 200 rounds per pairing
    python benchmarks/strength.py --rounds 60 --samples 8 --depth 10
    python benchmarks/strength.py --rounds 500 --pairings mc-random

The measurement the test suite made before it moved here (``MonteCarloBot(samples=8,
depth=10)`` against ``RandomBot`` in 60 rounds): 41 wins; a ``RandomBot`` in its seat
won 30.
"""

from __future__ import annotations

import argparse
import math
import platform
import time
from collections.abc import Callable

import unorules as uno
from unorules.agents import bots

Maker = Callable[[int], bots.Bot]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def duel(first: Maker, second: Maker, rounds: int, rules: str) -> tuple[int, int]:
    """Rounds won by ``first(seed)`` against ``second(seed)``, seats alternating, and the
    rounds that ended stuck."""
    wins = stuck = 0
    for r in range(rounds):
        seat = r % 2
        a, b = first(r), second(r + 1_000_003)
        start = uno.new_game(2, rules, seed=r)
        *_, (_, last) = bots.play(start, [a, b] if seat == 0 else [b, a], rounds=1)
        wins += last.round_winner == seat
        stuck += last.round_winner is None
    return wins, stuck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="rounds per pairing")
    parser.add_argument("--samples", type=int, default=8, help="MonteCarloBot's states a decision")
    parser.add_argument("--depth", type=int, default=10, help="MonteCarloBot's playout cut")
    parser.add_argument("--rules", default="mattel")
    makers: dict[str, Maker] = {
        "random": bots.RandomBot,
        "heuristic": bots.HeuristicBot,
    }
    pairings = ["random-random", "heuristic-random", "mc-random", "mc-heuristic"]
    parser.add_argument("--pairings", nargs="+", default=pairings, choices=pairings)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    makers["mc"] = lambda seed: bots.MonteCarloBot(
        samples=args.samples, seed=seed, depth=args.depth
    )
    print(f"unorules {uno.__version__}, Python {platform.python_version()}, {time.ctime()}")
    print(f"two-player rounds under {args.rules}, {args.rounds} seeded rounds per pairing")
    print(f"mc is MonteCarloBot(samples={args.samples}, depth={args.depth})")
    print(
        f"{'pairing':<16} {'wins':>5} {'stuck':>5} {'win rate':>8}  {'95% interval':<15} ms/round"
    )
    for pairing in args.pairings:
        first, second = pairing.split("-")
        began = time.perf_counter()
        wins, stuck = duel(makers[first], makers[second], args.rounds, args.rules)
        took = time.perf_counter() - began
        low, high = wilson(wins, args.rounds)
        print(
            f"{pairing:<16} {wins:>5} {stuck:>5} {wins / args.rounds:>8.1%}"
            f"  {low:>6.1%} to {high:<6.1%} {took / args.rounds * 1000:>8.0f}"
        )


if __name__ == "__main__":
    main()
