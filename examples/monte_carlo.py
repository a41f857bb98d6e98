"""A determinized Monte Carlo bot against a random one: two-player rounds, win rate.

Each round is a new seeded game; the Monte Carlo bot (``unorules.agents.bots.MonteCarloBot``)
sits at seat 0 in even rounds and at seat 1 in odd ones, against ``RandomBot``. It decides
from its own view alone: every decision deals ``--samples`` full states consistent with
what it has seen (``unorules.sample_state``) and plays each choice out at random.

    python examples/monte_carlo.py                 # 500 rounds (a minute and a half)
    python examples/monte_carlo.py --depth 10      # playouts cut at 10 actions
    python examples/monte_carlo.py --rounds 20 --samples 8
"""

from __future__ import annotations

import argparse
import math
import time

import unorules as uno
from unorules.agents import bots


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--samples", type=int, default=16, help="states dealt per decision")
    parser.add_argument(
        "--depth", type=int, default=None, help="cut playouts after this many actions"
    )
    parser.add_argument("--seed", type=int, default=0, help="the first round's seed")
    parser.add_argument("--rules", default="mattel")
    args = parser.parse_args()

    wins = stuck = 0
    began = time.perf_counter()
    for r in range(args.rounds):
        seed = args.seed + r
        seat = r % 2
        mc = bots.MonteCarloBot(samples=args.samples, seed=seed, depth=args.depth)
        rb = bots.RandomBot(seed + 1_000_003)
        start = uno.new_game(2, args.rules, seed=seed)
        *_, (_, last) = bots.play(start, [mc, rb] if seat == 0 else [rb, mc], rounds=1)
        wins += last.round_winner == seat
        stuck += last.round_winner is None
    took = time.perf_counter() - began
    low, high = wilson(wins, args.rounds)
    print(f"rules {args.rules}, {mc!r} against RandomBot")
    print(f"rounds {args.rounds}, wins {wins}, stuck {stuck}")
    print(f"win rate {wins / args.rounds:.1%} (95% interval {low:.1%} to {high:.1%})")
    print(f"{took:.1f} s, {took / args.rounds * 1000:.0f} ms a round")


if __name__ == "__main__":
    main()
