"""Agent environments side by side: RLCard's UNO environment against unorules' PettingZoo
environment, random agents, observations included.

Usage::

    python benchmarks/env_bench.py              # median of 5 repeats of 300 episodes
    python benchmarks/env_bench.py --quick      # a smoke run
    python benchmarks/env_bench.py --episodes 1000 --repeats 7

What runs (two players, one round per episode):

* ``rlcard``: ``rlcard.make("uno")`` with two ``RandomAgent`` and ``env.run()``, as
  RLCard's own examples play it: it encodes an observation and the legal actions at every
  step (``pip install -e '.[bench]'``).
* ``pettingzoo env()`` / ``raw_env()``: ``unorules.agents.pettingzoo`` with and without
  PettingZoo's order-enforcing wrapper, under ``mattel`` without voluntary draws (as
  RLCard plays: draw only when nothing is playable). Every step the acting agent reads
  ``last()`` (the observation vector and the action mask) and picks a uniformly random
  token of the mask. By default the environment takes a turn's only legal action at
  once (a draw when nothing is playable, a pass when the drawn card cannot be laid);
  ``env(skip_forced=False)`` offers those as steps too.

The two do not count steps alike (a unorules action is one or more tokens, a draw and
the play of the drawn card are two actions, interjection windows add no-op steps), so
only episodes/s compare.
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
    from unorules.agents.pettingzoo import env, raw_env
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import attrs

    import unorules as uno
    from unorules.agents.pettingzoo import env, raw_env

try:
    rlcard: Any = importlib.import_module("rlcard")
    _agents: Any = importlib.import_module("rlcard.agents")
    RLCARD = True
except ImportError:  # optional
    RLCARD = False

RULES = attrs.evolve(uno.MATTEL_108, voluntary_draw=False)
"""RLCard's table as near as the profiles come: the 108-card deck, drawing only when
nothing is playable (RLCard has no UNO calls, no challenge and plays a drawn card
itself; unorules keeps those rules)."""


def run_rlcard(episodes: int, seed: int) -> tuple[float, int]:
    """Seconds for ``episodes`` random two-player episodes of RLCard's env; its steps."""
    game = rlcard.make("uno", config={"seed": seed})
    agents = [_agents.RandomAgent(num_actions=game.num_actions) for _ in range(2)]
    game.set_agents(agents)
    steps = 0
    start = time.perf_counter()
    for _ in range(episodes):
        trajectories, _ = game.run(is_training=False)
        steps += sum(len(t) // 2 for t in trajectories)
    return time.perf_counter() - start, steps


def run_pettingzoo(
    episodes: int, seed: int, *, wrapped: bool = True, skip_forced: bool = True
) -> tuple[float, int]:
    """Seconds for ``episodes`` random masked two-player episodes of our env; its steps."""
    make = env if wrapped else raw_env
    table = make(2, RULES, skip_forced=skip_forced)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for episode in range(episodes):
        table.reset(seed=seed + episode)
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            table.step(legal[rng.randrange(len(legal))])
            steps += 1
    return time.perf_counter() - start, steps


def measure(
    jobs: dict[str, Callable[[], tuple[float, int]]], repeats: int
) -> dict[str, list[tuple[float, int]]]:
    """Every job once per repeat, in turn (machine drift hits all alike)."""
    out: dict[str, list[tuple[float, int]]] = {name: [] for name in jobs}
    for _ in range(repeats):
        for name, job in jobs.items():
            gc.collect()
            out[name].append(job())
    return out


def section(episodes: int, repeats: int, seed: int) -> list[str]:
    """The lines of the environment section (as bench.py prints it)."""
    jobs: dict[str, Callable[[], tuple[float, int]]] = {
        "pettingzoo env()": lambda: run_pettingzoo(episodes, seed, wrapped=True),
        "pettingzoo raw_env()": lambda: run_pettingzoo(episodes, seed, wrapped=False),
        "env(skip_forced=False)": lambda: run_pettingzoo(episodes, seed, skip_forced=False),
    }
    if RLCARD:
        jobs["rlcard make('uno')"] = lambda: run_rlcard(episodes, seed)
    runs = measure(jobs, repeats)
    rate = {name: episodes / statistics.median(s for s, _ in r) for name, r in runs.items()}
    lines = [
        f"Agent environments, 2 players, {episodes} episodes x {repeats} (median),"
        " random agents, observations included"
    ]
    for name, r in runs.items():
        steps = r[0][1] / episodes
        lines.append(f"  {name:<22} {rate[name]:>8.1f} episodes/s  ({steps:.1f} steps/episode)")
    if not RLCARD:
        lines.append("  rlcard not installed: pip install -e '.[bench]'")
    else:
        base = rate["rlcard make('uno')"]
        for name in ("pettingzoo env()", "pettingzoo raw_env()", "env(skip_forced=False)"):
            lines.append(f"  ratio {name} / rlcard: {rate[name] / base:.2f}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--episodes", type=int, help="episodes per repeat (default 300)")
    parser.add_argument("--repeats", type=int, help="repeats; the median is shown (default 5)")
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    episodes = args.episodes or (20 if args.quick else 300)
    repeats = args.repeats or (1 if args.quick else 5)
    print("\n".join(section(episodes, repeats, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
