"""PolicyBot's decisions per CPU second (issue 27, item 3): ``PolicyBot.act`` on every
state where a bot acted in 200 seeded two-player ``mattel`` rounds of PolicyBot against
HeuristicBot (seeds 0 to 199), best of three passes over the same states.

Usage::

    python benchmarks/policy_speed.py               # 200 rounds, best of 3
    python benchmarks/policy_speed.py --rounds 20   # a smoke run

Needs nothing beyond the library (PolicyBot runs in pure Python).
"""

from __future__ import annotations

import argparse
import time

import unorules as uno
from unorules.agents import bots


class _Recorder:
    """A bot that records each state it acts at, then acts as the bot it wraps."""

    def __init__(self, bot: bots.Bot, states: list[tuple[uno.State, int]]) -> None:
        self.bot, self.states = bot, states

    def act(self, state: uno.State, seat: int) -> uno.Action:
        self.states.append((state, seat))
        return self.bot.act(state, seat)

    def interject(self, state: uno.State, seat: int) -> uno.Action | None:
        return self.bot.interject(state, seat)


def states(rounds: int) -> list[tuple[uno.State, int]]:
    """The states of ``rounds`` seeded rounds of PolicyBot against HeuristicBot."""
    out: list[tuple[uno.State, int]] = []
    for seed in range(rounds):
        start = uno.new_game(2, "mattel", seed=seed)
        seats = [_Recorder(bots.PolicyBot(seed), out), _Recorder(bots.HeuristicBot(seed), out)]
        for _ in bots.play(start, seats, rounds=1):
            pass
    return out


def decisions_per_second(positions: list[tuple[uno.State, int]], passes: int = 3) -> float:
    """PolicyBot's ``act`` calls per CPU second over ``positions``, best of ``passes``."""
    bot = bots.PolicyBot(0)
    best = float("inf")
    for _ in range(passes):
        start = time.process_time()
        for state, seat in positions:
            bot.act(state, seat)
        best = min(best, time.process_time() - start)
    return len(positions) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="seeded rounds (200)")
    args = parser.parse_args()
    positions = states(args.rounds)
    rate = decisions_per_second(positions)
    print(
        f"PolicyBot: {rate:,.0f} decisions per CPU second "
        f"(act on the {len(positions):,} states of {args.rounds} two-player rounds, best of 3)"
    )


if __name__ == "__main__":
    main()
