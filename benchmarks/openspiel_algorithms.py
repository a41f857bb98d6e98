"""OpenSpiel's own algorithms on the ``python_unorules`` game: a report of what they give.

Three runs, each on a stated configuration, each printing its figures and its CPU time:

1. ``pyspiel.evaluate_bots`` with uniform random bots (OpenSpiel's C++ loop), the
   default game (2 players, ``mattel``, 7 cards): the mean returns, the rounds cut off.
2. OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, keyed on
   the information-state string, random-rollout evaluator, its resamples seeded) against
   a uniform random bot, seats alternating: its win rate with a 95% Wilson interval.
3. Outcome-sampling MCCFR (``open_spiel.python.algorithms.outcome_sampling_mccfr``) on a
   small configuration (2 players, ``hand_size`` 2, ``max_moves`` 40, ``no_winner="draw"``
   so the game is zero-sum): the information states it visited, and its average policy
   against a uniform random bot. Exploitability is not computed: tabular CFR and
   ``exploitability`` walk the whole tree, and the deal alone (a dealer, four cards and
   the card turned up, each a chance node over up to 56 kinds) has about 10**9
   histories before the first move.

    python benchmarks/openspiel_algorithms.py            # about twelve minutes of CPU
    python benchmarks/openspiel_algorithms.py --quick    # a smoke run of a few seconds
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np
import pyspiel

import unorules.agents.openspiel  # noqa: F401  (registers the game)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(game: Any, choose: Any, seed: int) -> list[float]:
    """One round: chance by its odds, each player's move from ``choose(state, player)``."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(choose(state, state.current_player()))
    return list(state.returns())


def evaluate_random(rounds: int) -> None:
    game = pyspiel.load_game("python_unorules", {"players": 2})
    start = time.process_time()
    totals = np.zeros(2)
    cut = 0
    for k in range(rounds):
        bots = [pyspiel.make_uniform_random_bot(p, 1000 * k + p) for p in range(2)]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, k)
        totals += returns
        cut += min(returns) == max(returns)  # no winner: a loss for both
    spent = time.process_time() - start
    print(
        f"evaluate_bots, uniform random vs uniform random, 2 players, mattel: {rounds} rounds,"
        f" mean returns {np.round(totals / rounds, 3).tolist()}, {cut} cut off,"
        f" {spent:.1f} s CPU"
    )


def ismcts_vs_random(rounds: int, simulations: int) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    params = {"players": 2, "rules": "swedish", "hand_size": 3, "max_moves": 1000}
    game = pyspiel.load_game("python_unorules", params)
    start = time.process_time()
    wins = 0

    class SeededISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
        """IS-MCTS whose resamples take a seeded sampler (OpenSpiel's default sampler
        is seeded at random), so that a run gives the same figures every time."""

        def __init__(self, *args: Any, sampler: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._sampler = sampler

        def resample_from_infostate(self, state: Any) -> Any:
            return state.resample_from_infostate(state.current_player(), self._sampler)

    for k in range(rounds):
        bot = SeededISMCTS(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(k)),
            uct_c=2.0,
            max_simulations=simulations,
            random_state=np.random.RandomState(k),
            sampler=random.Random(k).random,
        )
        rng = random.Random(k)
        seat = k % 2  # the bot's seat alternates

        def choose(
            state: Any, player: int, bot: Any = bot, rng: Any = rng, seat: int = seat
        ) -> int:
            if player == seat:
                return int(bot.step(state))
            return int(rng.choice(state.legal_actions()))

        wins += play(game, choose, seed=10_000 + k)[seat] > 0
    spent = time.process_time() - start
    low, high = wilson(wins, rounds)
    print(
        f"IS-MCTS ({simulations} simulations, information-state keys) vs uniform random,"
        f" {params}: won {wins}/{rounds} = {wins / rounds:.3f}"
        f" [95% {low:.3f}, {high:.3f}], {spent:.1f} s CPU"
    )


def mccfr(iterations: int, rounds: int) -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    params = {
        "players": 2,
        "rules": "swedish",
        "hand_size": 2,
        "max_moves": 40,
        "no_winner": "draw",
    }
    game = pyspiel.load_game("python_unorules", params)
    np.random.seed(0)
    start = time.process_time()
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    trained = time.process_time() - start
    policy = solver.average_policy()
    visited = len(solver._infostates)
    wins = draws = 0
    for k in range(rounds):
        rng = random.Random(k)
        seat = k % 2

        def choose(state: Any, player: int, rng: Any = rng, seat: int = seat) -> int:
            if player == seat:
                probs = policy.action_probabilities(state)
                actions = sorted(probs)
                return int(rng.choices(actions, [probs[a] for a in actions])[0])
            return int(rng.choice(state.legal_actions()))

        returns = play(game, choose, seed=20_000 + k)
        wins += returns[seat] > 0
        draws += returns[seat] == 0
    low, high = wilson(wins, rounds)
    print(
        f"outcome-sampling MCCFR, {params}: {iterations} iterations in {trained:.1f} s CPU,"
        f" {visited} information states visited; average policy vs uniform random:"
        f" won {wins}/{rounds} = {wins / rounds:.3f} [95% {low:.3f}, {high:.3f}],"
        f" {draws} cut off (draws); exploitability: not computed (the tree is too large)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args = parser.parse_args()
    if args.quick:
        evaluate_random(rounds=5)
        ismcts_vs_random(rounds=2, simulations=3)
        mccfr(iterations=20, rounds=4)
    else:
        evaluate_random(rounds=200)
        ismcts_vs_random(rounds=120, simulations=20)
        mccfr(iterations=5000, rounds=400)


if __name__ == "__main__":
    main()
