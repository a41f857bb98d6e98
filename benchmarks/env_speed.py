"""Environment steps per second, observation included: unorules' Gymnasium (``Uno-v1``),
PettingZoo (``unorules_uno_v1``) and OpenSpiel environments beside RLCard's
``rlcard.make("uno")``, in one run (issue 27, item 7).

Usage::

    python benchmarks/env_speed.py                  # 3 runs of 200 episodes per env
    python benchmarks/env_speed.py --episodes 50 --runs 1   # a smoke run

Every environment plays two-player rounds (one episode = one round) with uniformly
random legal actions, and reads the observation at every step, as a learner would:

* ``gymnasium Uno-v1``: ``gymnasium.make("unorules/Uno-v1", players=2)`` (with its
  wrappers); a step is the learner's token, a :class:`~unorules.agents.bots.RandomBot`
  plays the other seat between steps; the observation and ``info["action_mask"]`` come
  with every step.
* ``pettingzoo v1``: ``env(players=2)`` (order-enforcing wrapper); a step is one agent's
  token; ``last()`` gives the observation and the mask at every step.
* ``openspiel``: ``pyspiel.load_game("python_unorules")``; a step is a player's move
  (``observation_tensor`` and ``legal_actions`` read at each); chance nodes (deals and
  draws, sampled from ``chance_outcomes``) are counted apart, not as steps.
* ``rlcard make('uno')``: RLCard's env (``reset``/``step``, which encode the next
  player's state at every step); a step is one player's action (a draw and the play of
  the drawn card are one step there).

The tables are as near as the profiles come to RLCard's: the 108-card deck, drawing only
when nothing is playable (``mattel-108`` with ``voluntary_draw=False``; OpenSpiel takes a
profile name, so it plays ``mattel-108`` itself). Steps are not the same unit everywhere
(a unorules action may be several tokens, and a draw and the play of the drawn card are
two actions), so rounds/s is shown beside steps/s. RLCard is optional (``pip install
rlcard``): without it its row says it is skipped; OpenSpiel likewise (``pip install
'unorules[openspiel]'``).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

try:
    import attrs

    import unorules as uno
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import attrs

    import unorules as uno

RULES = attrs.evolve(uno.MATTEL_108, voluntary_draw=False)
"""RLCard's table as near as the profiles come (see the module docs)."""

Job = Callable[[int, int], tuple[float, int, int]]
"""(episodes, seed) -> (seconds, steps, episodes)."""


def _optional(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def run_gymnasium(episodes: int, seed: int) -> tuple[float, int, int]:
    """Random legal tokens on ``unorules/Uno-v1``."""
    import gymnasium

    import unorules.agents.gymnasium as ugym

    env = gymnasium.make(ugym.ENV_ID, players=2, rules=RULES)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for episode in range(episodes):
        _, info = env.reset(seed=seed + episode)
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _, _, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
            done = terminated or truncated
            steps += 1
    return time.perf_counter() - start, steps, episodes


def run_pettingzoo(episodes: int, seed: int) -> tuple[float, int, int]:
    """Random legal tokens on ``unorules_uno_v1``, every agent: ``env_bench.py``'s loop."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    env_bench: Any = importlib.import_module("env_bench")
    seconds, steps = env_bench.run_pettingzoo(episodes, seed)
    return seconds, steps, episodes


def run_openspiel(episodes: int, seed: int) -> tuple[float, int, int]:
    """Random legal moves on ``python_unorules``, the observation tensor read at each."""
    pyspiel: Any = importlib.import_module("pyspiel")
    importlib.import_module("unorules.agents.openspiel")
    game = pyspiel.load_game("python_unorules", {"players": 2, "rules": "mattel-108"})
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(episodes):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            player = state.current_player()
            state.observation_tensor(player)
            legal = state.legal_actions(player)
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return time.perf_counter() - start, steps, episodes


def run_rlcard(episodes: int, seed: int) -> tuple[float, int, int]:
    """Random legal actions on ``rlcard.make("uno")`` (its state encoded at every step)."""
    rlcard: Any = importlib.import_module("rlcard")
    env = rlcard.make("uno", config={"seed": seed})
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(episodes):
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
    return time.perf_counter() - start, steps, episodes


def jobs() -> tuple[dict[str, Job], list[str]]:
    """The environments to run, and a line for each one skipped."""
    out: dict[str, Job] = {}
    skipped = []
    if _optional("gymnasium") is not None:
        out["gymnasium Uno-v1"] = run_gymnasium
    else:
        skipped.append("gymnasium Uno-v1: skipped (pip install 'unorules[gymnasium]')")
    if _optional("pettingzoo") is not None:
        out["pettingzoo v1"] = run_pettingzoo
    else:
        skipped.append("pettingzoo v1: skipped (pip install 'unorules[pettingzoo]')")
    if _optional("pyspiel") is not None:
        out["openspiel"] = run_openspiel
    else:
        skipped.append("openspiel: skipped (pip install 'unorules[openspiel]')")
    if _optional("rlcard") is not None:
        out["rlcard make('uno')"] = run_rlcard
    else:
        skipped.append("rlcard make('uno'): skipped, rlcard is not installed (pip install rlcard)")
    return out, skipped


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--episodes", type=int, default=200, help="episodes per run (200)")
    parser.add_argument("--runs", type=int, default=3, help="runs of every env, in turn (3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.episodes < 1 or args.runs < 1:
        parser.error("--episodes and --runs are at least 1")
    todo, skipped = jobs()
    results: dict[str, list[tuple[float, int, int]]] = {name: [] for name in todo}
    for run in range(args.runs):  # every env once per run, in turn: drift hits all alike
        for name, job in todo.items():
            gc.collect()
            results[name].append(job(args.episodes, args.seed + 1000 * run))
    print(
        f"2 players, random legal actions, observations included; "
        f"{args.episodes} episodes x {args.runs} runs"
    )
    header = f"{'environment':<20} {'steps/s per run':<28} {'median':>8} {'rounds/s':>9}"
    print(f"{header} {'steps/round':>12}")
    median: dict[str, float] = {}
    for name, runs in results.items():
        rates = [steps / seconds for seconds, steps, _ in runs]
        rounds = statistics.median(eps / seconds for seconds, _, eps in runs)
        per = sum(steps for _, steps, _ in runs) / sum(eps for _, _, eps in runs)
        median[name] = statistics.median(rates)
        shown = ", ".join(f"{r:,.0f}" for r in rates)
        print(f"{name:<20} {shown:<28} {median[name]:>8,.0f} {rounds:>9,.1f} {per:>12.1f}")
    for line in skipped:
        print(line)
    base = median.get("rlcard make('uno')")
    if base:
        for name, rate in median.items():
            if name != "rlcard make('uno')":
                print(f"steps/s {name} / rlcard: {rate / base:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
