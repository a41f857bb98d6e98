"""Instructions per game, counted by callgrind: a speed figure that repeats exactly.

Wall-clock figures on a shared machine swing by 20%; the number of instructions the
interpreter executes for the same seeded games does not. For each engine this runs the
benchmark's playout loop (``bench.py``: the same policy, seeds and rules) under
``valgrind --tool=callgrind`` twice, once for N games and once for 0 games (imports,
set-up and interpreter start-up alone), and prints (N games - 0 games) / N::

    python benchmarks/instructions.py                 # 2 and 4 players, 200 games
    python benchmarks/instructions.py --games 500 --players 2
    python benchmarks/instructions.py --engines unorules speed-of-light
    python benchmarks/instructions.py --by-action --games 100   # where unorules spends
    python benchmarks/instructions.py --split --players 2       # engine against harness
    python benchmarks/instructions.py --rules mattel-no-mercy --engines unorules

``--by-action`` splits unorules's share by what it is asked: the benchmark's games are
recorded, their ``(state, action)`` pairs grouped by kind of action (a number card, a
Skip, a draw that passes the turn, a play that says UNO, ...), and each group is applied
again under callgrind (the group R times minus 0 times); ``legal_actions(state, player)``
is counted the same way over every state. It prints instructions per call and per game,
so a change to one room can be aimed at, and judged by, the moves that cost most.

``--split`` splits a whole unorules game into what the benchmark itself spends and what
the engine spends: the deals (``new_game`` for the same seeds), the policy (its
``choose`` over every state of the games, given the listing) and the rest (``apply``,
``legal_actions`` and the loop). It also prints the most the engine's share may cost for
unorules to reach a given fraction of the speed-of-light loop's figure (``--target``),
since the deals and the policy count in the benchmark's games too.

``--rules NAME`` (``mattel`` unless told) is the profile unorules plays, in every mode:
the same loop and policy as ``bench.py --rules NAME``.

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

import bench

import unorules as uno

HERE = Path(__file__).resolve().parent

ENGINES = ("unorules", "speed-of-light", "rlcard")

# Each workload plays `games` seeded rounds with the benchmark's policy and loop.
_WORKLOAD = {
    "unorules": "import bench; bench.play_unorules({players}, {games}, 1, {rules!r})",
    "speed-of-light": "import bench; bench.play_speed_of_light({players}, {games}, 1)",
    "rlcard": "import bench, _rlcard; _rlcard.run({players}, {games}, 1)",
}

# The --by-action workload: the benchmark's games recorded (the same in both runs), then
# one group of their (state, action) pairs applied `repeats` times; "listing" calls
# legal_actions(state, player) on every state instead. The cyclic collector is off while
# they run: every recorded state stays alive, so a full collection would walk thousands
# of them (which no game does), and whether one falls inside a group's run moved its
# figure by several percent.
_BY_ACTION = """
import gc, instructions, unorules as uno
groups = instructions.action_groups({players}, {games}, 1, {rules!r})
gc.collect()
gc.disable()
pairs = groups[{kind!r}]
apply, legal = uno.apply, uno.legal_actions
for _ in range({repeats}):
    if {kind!r} == "listing":
        for s, _a in pairs:
            legal(s, s.current_player)
    else:
        for s, a in pairs:
            apply(s, a)
"""

# The --split workloads. The deals: new_game for the benchmark's seeds. The policy: the
# benchmark's games recorded and every state listed (the same in both runs), then the
# policy's choice made in every state `repeats` times, with the collector off as above.
_DEALS = """
import bench, unorules as uno
rules = uno.get_profile({rules!r})
for index in range({games}):
    uno.new_game({players}, rules=rules, seed=bench.game_seed(1, index))
"""

_POLICY = """
import gc, random, bench, unorules as uno
record = bench.record_unorules({players}, {games}, 1, {rules!r})
listed = [(s, uno.legal_actions(s, s.current_player))
          for s in bench.replay({players}, 1, record, {rules!r})]
choose = bench.make_policy({rules!r})
rng = random.Random(1)
gc.collect()
gc.disable()
for _ in range({repeats}):
    for s, acts in listed:
        choose(s, acts, rng)
"""

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")

_FIXED_LAYOUT: tuple[str, ...] = (
    ("setarch", platform.machine(), "-R") if shutil.which("setarch") else ()
)
"""The command prefix that turns address randomization off for the counted process."""


def count(engine: str, players: int, games: int, rules: str = bench.PROFILE) -> int:
    """Instructions callgrind counts for one run of ``engine``'s workload (unorules
    playing ``rules``)."""
    code = _WORKLOAD[engine].format(players=players, games=games, rules=rules)
    return counted(code, engine)


def counted(code: str, what: str) -> int:
    """Instructions callgrind counts for one run of ``python -c code``."""
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
        raise RuntimeError(f"callgrind run of {what} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_game(engine: str, players: int, games: int, rules: str = bench.PROFILE) -> float:
    """Instructions per game: (``games`` games - 0 games) / ``games``."""
    return (count(engine, players, games, rules) - count(engine, players, 0, rules)) / games


KINDS = (
    "number card",
    "Skip",
    "Reverse",
    "Draw Two",
    "Wild",
    "Wild Draw Four",
    "other wild",
    "other card",
    "play saying UNO",
    "play going out",
    "draw, turn passes",
    "draw, card may be laid",
    "draw a penalty",
    "pass",
    "choose color",
    "other",
)
"""The kinds of action --by-action counts apart, in the order it prints them."""


def kind_of(state: uno.State, action: uno.Action, after: uno.State) -> str:
    """Which of :data:`KINDS` ``action`` (taken in ``state``, leading to ``after``) is."""
    if isinstance(action, uno.Play):
        if after.phase in (uno.Phase.ROUND_OVER, uno.Phase.GAME_OVER):
            return "play going out"
        if action.uno:
            return "play saying UNO"
        rank = action.card.rank
        if rank.number is not None:
            return "number card"
        named = {
            uno.Rank.SKIP: "Skip",
            uno.Rank.REVERSE: "Reverse",
            uno.Rank.DRAW_TWO: "Draw Two",
            uno.Rank.WILD: "Wild",
            uno.Rank.WILD_DRAW_FOUR: "Wild Draw Four",
        }
        return named.get(rank, "other wild" if action.card.is_wild else "other card")
    if isinstance(action, uno.Draw):
        if state.phase is not uno.Phase.PLAY:
            return "draw a penalty"
        return "draw, card may be laid" if after.phase is uno.Phase.DRAWN else "draw, turn passes"
    if isinstance(action, uno.Pass):
        return "pass"
    if isinstance(action, uno.ChooseColor):
        return "choose color"
    return "other"


def action_groups(
    players: int, games: int, seed: int, rules: str = bench.PROFILE
) -> dict[str, list[tuple[uno.State, uno.Action]]]:
    """The benchmark's ``games`` games (``bench.play_unorules``'s, seeded alike) as
    ``(state, action)`` pairs grouped by :func:`kind_of`, and every pair under
    ``"listing"``."""
    record = bench.record_unorules(players, games, seed, rules)
    states = bench.replay(players, seed, record, rules)
    actions = [a for history in record for a in history]
    groups: dict[str, list[tuple[uno.State, uno.Action]]] = {
        kind: [] for kind in (*KINDS, "listing")
    }
    for state, action in zip(states, actions, strict=True):
        groups[kind_of(state, action, uno.apply(state, action))].append((state, action))
        groups["listing"].append((state, action))
    return groups


def by_action(players: int, games: int, repeats: int = 3, rules: str = bench.PROFILE) -> None:
    """Print unorules's instructions per call and per game by kind of action."""
    groups = action_groups(players, games, 1, rules)
    sizes = {kind: len(pairs) for kind, pairs in groups.items()}
    base = counted(
        _BY_ACTION.format(players=players, games=games, kind="listing", repeats=0, rules=rules),
        "",
    )
    print(f"  {players}p {'what':<24} {'calls/game':>10} {'instr/call':>11} {'instr/game':>11}")
    total = 0.0
    for kind in (*KINDS, "listing"):
        if not sizes[kind]:
            continue
        code = _BY_ACTION.format(
            players=players, games=games, kind=kind, repeats=repeats, rules=rules
        )
        per_call = (counted(code, kind) - base) / (repeats * sizes[kind])
        per_game = per_call * sizes[kind] / games
        total += per_game
        what = "legal_actions(s, p)" if kind == "listing" else kind
        print(
            f"  {players}p {what:<24} {sizes[kind] / games:>10.2f} {per_call:>11,.0f}"
            f" {per_game:>11,.0f}"
        )
    print(f"  {players}p {'apply and listing':<24} {'':>10} {'':>11} {total:>11,.0f}")


def split_figures(players: int, games: int, rules: str = bench.PROFILE) -> dict[str, float]:
    """A unorules game's instructions (``"whole"``) and their parts: ``"deals"``,
    ``"policy"`` and ``"engine"`` (the rest); and the speed-of-light loop's game
    (``"light"``)."""

    def run(code: str, n: int, what: str, **more: int) -> int:
        return counted(code.format(players=players, games=n, rules=rules, **more), what)

    whole = per_game("unorules", players, games, rules)
    deals = (run(_DEALS, games, "deals") - run(_DEALS, 0, "deals")) / games
    policy = (
        run(_POLICY, games, "policy", repeats=1) - run(_POLICY, games, "policy", repeats=0)
    ) / games
    return {
        "whole": whole,
        "deals": deals,
        "policy": policy,
        "engine": whole - deals - policy,
        "light": per_game("speed-of-light", players, games),
    }


def engine_budget(figures: dict[str, float], target: float) -> float:
    """The most the engine's share of a game may cost for the whole game to be ``target``
    times as fast as the speed-of-light loop's: the deals and the policy count too."""
    return figures["light"] / target - figures["deals"] - figures["policy"]


def split(players: int, games: int, target: float, rules: str = bench.PROFILE) -> None:
    """Print :func:`split_figures` and the engine's budget for ``target``."""
    figures = split_figures(players, games, rules)
    rows = (
        ("whole game", "whole"),
        ("deals (new_game)", "deals"),
        ("policy (choose)", "policy"),
        ("engine (apply, legal_actions, loop)", "engine"),
        ("speed-of-light game", "light"),
    )
    for what, key in rows:
        print(f"  {players}p {what:<40} {figures[key]:>12,.0f}")
    budget = engine_budget(figures, target)
    print(
        f"  {players}p engine budget for {target:.2f}x speed-of-light: {budget:,.0f}"
        f" ({budget / figures['engine']:.2f} of the engine's share now)"
    )


def fraction(text: str) -> float:
    """``--target``'s value: a number above 0 (a fraction of speed-of-light)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
    return value


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
    parser.add_argument(
        "--rules",
        choices=bench.PROFILES,
        default=bench.PROFILE,
        help=f"the profile unorules plays ({bench.PROFILE})",
    )
    parser.add_argument(
        "--by-action",
        action="store_true",
        help="unorules only: instructions per apply call by kind of action, and per listing",
    )
    parser.add_argument(
        "--split",
        action="store_true",
        help="unorules only: a game split into deals, policy and engine, and the engine's"
        " budget for --target",
    )
    parser.add_argument(
        "--target",
        type=fraction,
        default=0.80,
        help="with --split: the fraction of speed-of-light to budget for (0.80)",
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    profile_note = "" if args.rules == bench.PROFILE else f", profile {args.rules}"
    if args.by_action:
        print(
            f"unorules instructions by kind of action, callgrind, {args.games} games,"
            f" seed 1{profile_note}"
        )
        for players in args.players:
            by_action(players, args.games, rules=args.rules)
        return 0
    if args.split:
        print(
            f"unorules instructions per game split, callgrind, {args.games} games,"
            f" seed 1{profile_note}"
        )
        for players in args.players:
            split(players, args.games, args.target, args.rules)
        return 0
    print(
        f"instructions per game, callgrind, {args.games} games minus 0 games, seed 1{profile_note}"
    )
    for players in args.players:
        figures: dict[str, float] = {}
        for engine in args.engines:
            if not available(engine):
                print(f"  {players}p {engine:<15} not installed")
                continue
            figures[engine] = per_game(engine, players, args.games, args.rules)
            print(f"  {players}p {engine:<15} {figures[engine]:>12,.0f}")
        base = figures.get("unorules")
        for other in ("speed-of-light", "rlcard"):
            if base and other in figures:
                print(f"  {players}p unorules/{other}: {figures[other] / base:.3f}x as fast")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
