"""Speed of unorules next to RLCard's UNO and a speed-of-light loop, in one run.

Usage::

    python benchmarks/bench.py                # default: 5 repeats of 2000 games each
    python benchmarks/bench.py --quick        # a fast smoke run
    python benchmarks/bench.py --repeats 7 --games 5000 --players 2 3 4
    python benchmarks/bench.py --rules mattel-no-mercy   # another profile's playouts

Every figure is the median over ``--repeats`` runs of the same seeded workload. A "game" is
one round, from a new deal until the round is over, as RLCard and the speed-of-light loop
count it. Every engine plays the same policy: a uniformly random playable card (then a
uniformly random color for a wild), drawing only when nothing is playable, playing the
drawn card when it can, always calling UNO, never challenging.

Measured: (a) random playouts of unorules (``mattel`` profile, or ``--rules NAME``);
(b) ``legal_actions`` and ``apply`` calls/s over the states of recorded playouts; (c)
transcript validation actions/s; (d) RLCard's raw ``UnoGame`` (optional: ``pip install
-e '.[bench]'``); (e) the speed-of-light loop of ``speed_of_light.py``; (f) agent
environments, RLCard's ``rlcard.make("uno")`` next to ``unorules.agents.pettingzoo``
(``env_bench.py``). "actions" are what each engine counts as one step, so only games/s
compare across engines (RLCard's draw and play of the drawn card are one step; unorules
and the speed-of-light loop count two).

``--rules NAME`` plays another built-in profile in (a) to (c). The policy is the same
one, read off the actions generally (:func:`make_policy`): a random distinct playable
card, a random color, target or variant for it; in a stack (``Phase.PENALTY``) a random
answer, drawing only when none is legal; a random color when a Roulette names its
victim. RLCard and the speed-of-light loop play the classic game whatever ``--rules``
says, so their ratios compare across profiles only as a yardstick.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import gc
import importlib
import inspect
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import _rlcard
import speed_of_light

NEEDED = ("new_game", "get_profile", "legal_actions", "apply", "Phase", "Play", "Draw", "Pass")


def _import_error() -> str:
    """'' when unorules (installed, else ../src) has what the benchmark needs."""
    try:
        import unorules
    except ImportError:
        return "unorules not importable: pip install -e ."
    missing = [name for name in NEEDED if not hasattr(unorules, name)]
    return f"unorules lacks {', '.join(missing)}" if missing else ""


UNO_ERROR = _import_error()
if UNO_ERROR:  # not installed: try the source tree beside this folder
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    for name in [m for m in sys.modules if m == "unorules" or m.startswith("unorules.")]:
        del sys.modules[name]
    UNO_ERROR = _import_error()
if not UNO_ERROR:
    import unorules as uno

PROFILE = "mattel"
"""The default profile: every figure quoted without ``--rules`` is this one's."""
PROFILES = ("mattel", "mattel-no-mercy", "mattel-flip")
"""The profiles ``--rules`` offers (a new profile is one more name here)."""
MAX_ACTIONS = 100_000  # per game: a policy or engine bug must not hang the benchmark

Policy = Callable[["uno.State", Sequence["uno.Action"], random.Random], "uno.Action"]
LegalFor = Callable[["uno.State", int], Sequence["uno.Action"]]


# --------------------------------------------------------------------------- timing


@dataclass
class Rate:
    """The repeats of one workload: seconds per repeat, and its games and actions."""

    games: int
    actions: int = 0
    seconds: list[float] = field(default_factory=list)
    error: str = ""

    def add(self, seconds: float, actions: int) -> None:
        if self.seconds and actions != self.actions:
            self.error = f"not deterministic: {actions} actions, then {self.actions}"
        self.actions = actions
        self.seconds.append(seconds)

    @property
    def ok(self) -> bool:
        return bool(self.seconds) and not self.error

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def games_per_s(self) -> float:
        return self.games / self.median

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.median


def run_interleaved(
    jobs: dict[str, Callable[[], tuple[float, int]]], rates: dict[str, Rate], repeats: int
) -> None:
    """Run every job once per repeat, in turn, so slow drift of the machine hits all alike."""
    for _ in range(repeats):
        for name, job in jobs.items():
            rate = rates[name]
            if rate.error:
                continue
            gc.collect()
            try:
                seconds, actions = job()
            except Exception as exc:  # the library is young: report, go on with the rest
                rate.error = f"{type(exc).__name__}: {exc}"
            else:
                rate.add(seconds, actions)


# --------------------------------------------------------------------------- unorules


def make_policy(profile: str = PROFILE) -> Policy:
    """The benchmark policy on unorules actions (see the module docstring), for
    ``profile``'s games: :func:`classic_policy` for ``mattel``, whose listing it reads by
    position, :func:`general_policy` for any other profile."""
    return classic_policy() if profile == "mattel" else general_policy()


def general_policy() -> Policy:
    """The benchmark policy read off any profile's actions (its cards, colors, 7 targets).

    In a play, a drawn card's turn or a stack (``Phase.PENALTY``): a uniformly random
    distinct card among the plays, then a uniformly random play of that card (a color, a
    Seven-O target), saying UNO whenever a play of it may (the plays that leave one
    card); the Draw (or Pass) only when nothing may be played. When a color is to be named
    (the first card, a Roulette's victim): a uniformly random one. Otherwise (a challenge):
    the Draw, never challenging. Slower than :func:`classic_policy`, which reads the
    classic listing by position.
    """
    play_cls, draw_cls, pass_cls, color_cls = uno.Play, uno.Draw, uno.Pass, uno.ChooseColor
    choosing = (uno.Phase.PLAY, uno.Phase.DRAWN, uno.Phase.PENALTY)

    def choose(state: uno.State, acts: Sequence[uno.Action], rng: random.Random) -> uno.Action:
        phase = state.phase
        player = state.current_player
        if phase in choosing:
            by_card: dict[uno.Card, list[uno.Play]] = {}
            for act in acts:
                if type(act) is play_cls and act.player == player:
                    by_card.setdefault(act.card, []).append(act)
            if by_card:
                plays = list(by_card.values())[rng.randrange(len(by_card))]
                calling = [p for p in plays if p.uno]
                plays = calling or plays
                return plays[rng.randrange(len(plays))]
            for act in acts:
                if type(act) is draw_cls or type(act) is pass_cls:
                    return act
        colors = [a for a in acts if type(a) is color_cls]
        if colors:
            return colors[rng.randrange(len(colors))]
        for act in acts:  # CHALLENGE: never challenge, take the Draw
            if type(act) is draw_cls:
                return act
        raise RuntimeError(f"policy: nothing to do in phase {phase} among {acts!r}")

    return choose


def classic_policy() -> Policy:
    """The benchmark policy on the classic profiles' listing (see the module docstring).

    It reads the order that :func:`unorules.legal_actions` documents for one player's
    actions, as a bot author would, instead of sorting the actions out by type: the plays
    in card order, each distinct card once, its variants together (a wild once per color;
    a play that leaves one card without and then with ``uno=True``); then the Draw (or
    the Pass after drawing); then the player's CallUno.
    """
    phase_play, phase_drawn = uno.Phase.PLAY, uno.Phase.DRAWN
    phase_color = uno.Phase.CHOOSE_COLOR
    play_cls, draw_cls = uno.Play, uno.Draw

    def choose(state: uno.State, acts: Sequence[uno.Action], rng: random.Random) -> uno.Action:
        phase = state.phase
        if phase is phase_play or phase is phase_drawn:
            # PLAY: a random distinct playable card, else Draw; DRAWN: play it, else Pass.
            plays = len(acts) - 2  # the Draw or Pass, then CallUno, end the list
            while plays and type(acts[plays - 1]) is not play_cls:
                plays -= 1  # catches of an opponent who did not call UNO come before it
            if plays < 2:
                return acts[0]  # the only play, or the Draw or Pass
            # Each card's plays: one per UNO variant (two when it leaves one card), times
            # four colors for a wild. Find where each card's plays start.
            width = 2 if len(state.hands[state.current_player]) == 2 else 1  # type: ignore[index]
            starts: list[int] = []
            i = 0
            while i < plays:
                starts.append(i)
                i += 4 * width if acts[i].card.is_wild else width  # type: ignore[union-attr]
            i = starts[rng.randrange(len(starts))] if len(starts) > 1 else 0
            if acts[i].card.is_wild:  # type: ignore[union-attr]
                i += width * rng.randrange(4)  # a random color
            return acts[i + width - 1]  # calling UNO exactly when one card is left
        if phase is phase_color:
            return acts[rng.randrange(4)]  # the four ChooseColor actions come first
        for act in acts:  # CHALLENGE: never challenge, take the Draw; PENALTY alike
            if type(act) is draw_cls:
                return act
        raise RuntimeError(f"policy: nothing to do in phase {phase} among {acts!r}")

    return choose


def make_legal_for() -> LegalFor:
    """``legal_actions(state, player)``, or a filter over ``legal_actions(state)``."""
    try:
        inspect.signature(uno.legal_actions).bind(None, 0)
    except TypeError:  # no player parameter (yet)
        everyone = uno.legal_actions

        def legal_for(state: uno.State, player: int) -> Sequence[uno.Action]:
            return [a for a in everyone(state) if getattr(a, "player", None) == player]

        return legal_for
    return uno.legal_actions


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_unorules(players: int, games: int, seed: int, profile: str = PROFILE) -> tuple[float, int]:
    """Play ``games`` seeded rounds of ``profile`` with the policy; return (seconds, actions).

    The loop is as lean as RLCard's in ``_rlcard.play`` (the same hang guard, nothing
    else), so the two measure their engines, not their loops.
    """
    rules = uno.get_profile(profile)
    new_game, apply = uno.new_game, uno.apply
    legal_for = make_legal_for()
    choose = make_policy(profile)
    over = (uno.Phase.ROUND_OVER, uno.Phase.GAME_OVER)
    rng = random.Random(seed)
    total = 0
    start = time.perf_counter()
    for index in range(games):
        state = new_game(players, rules=rules, seed=game_seed(seed, index))
        steps = 0
        while state.phase not in over:
            # current_player is a seat in every phase but the two "over" ones
            player: int = state.current_player  # type: ignore[assignment]
            state = apply(state, choose(state, legal_for(state, player), rng))
            steps += 1
            if steps > MAX_ACTIONS:
                raise RuntimeError(f"game {index} still running after {MAX_ACTIONS} actions")
        total += steps
    return time.perf_counter() - start, total


def record_unorules(
    players: int, games: int, seed: int, profile: str = PROFILE
) -> list[list[uno.Action]]:
    """The actions of the games :func:`play_unorules` plays with the same arguments (the
    same loop, keeping each action)."""
    rules = uno.get_profile(profile)
    legal_for = make_legal_for()
    choose = make_policy(profile)
    over = (uno.Phase.ROUND_OVER, uno.Phase.GAME_OVER)
    rng = random.Random(seed)
    record: list[list[uno.Action]] = []
    for index in range(games):
        state = uno.new_game(players, rules=rules, seed=game_seed(seed, index))
        history: list[uno.Action] = []
        while state.phase not in over:
            player = state.current_player
            if player is None:
                raise RuntimeError(f"no current player in phase {state.phase}")
            action = choose(state, legal_for(state, player), rng)
            state = uno.apply(state, action)
            history.append(action)
            if len(history) > MAX_ACTIONS:
                raise RuntimeError(f"game {index} still running after {MAX_ACTIONS} actions")
        record.append(history)
    return record


def replay(
    players: int, seed: int, record: list[list[uno.Action]], profile: str = PROFILE
) -> list[uno.State]:
    """The states in which the recorded actions were taken, made afresh (nothing cached)."""
    rules = uno.get_profile(profile)
    states: list[uno.State] = []
    for index, history in enumerate(record):
        state = uno.new_game(players, rules=rules, seed=game_seed(seed, index))
        for action in history:
            states.append(state)
            state = uno.apply(state, action)
    return states


@dataclass
class CallRates:
    legal_all: Rate
    legal_player: Rate
    apply: Rate


def bench_calls(
    players: int, games: int, seed: int, repeats: int, profile: str = PROFILE
) -> CallRates:
    """(b) calls/s of ``legal_actions`` and ``apply`` over recorded playout states.

    Each timing runs over freshly replayed states, so no result cached on a state by an
    earlier call can flatter a later one.
    """
    record = record_unorules(players, games, seed, profile)
    actions = [a for history in record for a in history]
    legal, apply = uno.legal_actions, uno.apply
    legal_for = make_legal_for()
    rates = CallRates(Rate(games), Rate(games), Rate(games))

    def time_legal_all() -> tuple[float, int]:
        states = replay(players, seed, record, profile)
        gc.collect()
        start = time.perf_counter()
        for state in states:
            legal(state)
        return time.perf_counter() - start, len(states)

    def time_legal_player() -> tuple[float, int]:
        states = replay(players, seed, record, profile)
        pairs = [(s, p) for s in states if (p := s.current_player) is not None]
        gc.collect()
        start = time.perf_counter()
        for state, player in pairs:
            legal_for(state, player)
        return time.perf_counter() - start, len(pairs)

    def time_apply() -> tuple[float, int]:
        pairs = list(zip(replay(players, seed, record, profile), actions, strict=True))
        gc.collect()
        start = time.perf_counter()
        for state, action in pairs:
            apply(state, action)
        return time.perf_counter() - start, len(pairs)

    run_interleaved(
        {"all": time_legal_all, "player": time_legal_player, "apply": time_apply},
        {"all": rates.legal_all, "player": rates.legal_player, "apply": rates.apply},
        repeats,
    )
    return rates


# --------------------------------------------------------------------------- (c) validation
# LEAD: this part is written against SPEC.md section 4/5 only; adjust it to the real
# unorules.formats.transcript API (a writer of its own, validate's argument, the report's fields).


def transcript_action(action: uno.Action) -> dict[str, Any]:
    """One action in transcript format v1 (SPEC.md section 4)."""
    entry: dict[str, Any] = {"player": getattr(action, "player", None)}
    if isinstance(action, uno.Play):
        entry["play"] = str(action.card)
        if action.color is not None:
            entry["color"] = action.color.value
        if action.uno:
            entry["uno"] = True
    elif isinstance(action, uno.Draw):
        entry["draw"] = True
    elif isinstance(action, uno.Pass):
        entry["pass"] = True
    elif isinstance(action, uno.ChooseColor):
        entry["choose_color"] = action.color.value
    elif isinstance(action, uno.Challenge):
        entry["challenge"] = True
    else:
        raise ValueError(f"no transcript form for {action!r} in this benchmark")
    return entry


def record_transcripts(
    players: int, games: int, seed: int, profile: str = PROFILE
) -> list[dict[str, Any]]:
    """Seeded bot games as transcripts: the top-level ``seed`` lets the library deal."""
    record = record_unorules(players, games, seed, profile)
    return [
        {
            "format": "unorules/1",
            "rules": profile,
            "players": players,
            "seed": game_seed(seed, index),
            "rounds": [{"actions": [transcript_action(a) for a in history]}],
        }
        for index, history in enumerate(record)
    ]


def report_problem(report: Any) -> str:
    """'' when the report says the game is valid, else what it says."""
    valid = report.get("valid") if isinstance(report, dict) else getattr(report, "valid", None)
    if valid is None or valid:
        return ""
    error = report.get("error") if isinstance(report, dict) else getattr(report, "error", None)
    return f"a recorded game does not validate: {error!r}"


def bench_validation(
    players: int, games: int, seed: int, repeats: int, profile: str = PROFILE
) -> Rate | str:
    """(c) transcript validation actions/s over ``games`` recorded seeded bot games.

    Each game is recorded with ``unorules.formats.transcript.record`` (seeded: the library deals)
    and validated from its JSON text, so parsing is part of the time.
    Returns the rate, or a line saying why it was skipped.
    """
    try:
        transcript: Any = importlib.import_module("unorules.formats.transcript")
    except ImportError:
        return "skipped (no transcript module)"
    record = record_unorules(players, games, seed, profile)
    rules = uno.get_profile(profile)
    texts = [
        json.dumps(
            transcript.record(
                uno.new_game(players, rules, seed=game_seed(seed, i)), history
            ).to_dict()
        )
        for i, history in enumerate(record)
    ]
    count = sum(len(history) for history in record)
    validate: Callable[[str], Any] = transcript.validate
    for text in (texts[0], texts[-1]):
        report = validate(text)
        if not report.valid or report.actions != len(transcript.loads(text).rounds[0].actions):
            return f"failed: a recorded game does not validate: {report}"
    rate = Rate(games)

    def job() -> tuple[float, int]:
        start = time.perf_counter()
        for text in texts:
            validate(text)
        return time.perf_counter() - start, count

    run_interleaved({"validate": job}, {"validate": rate}, repeats)
    return rate


# --------------------------------------------------------------------------- the others


def play_speed_of_light(players: int, games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    play = speed_of_light.play
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        steps += play(rng, players)
    return time.perf_counter() - start, steps


# --------------------------------------------------------------------------- report


def fmt(value: float) -> str:
    return f"{value:,.0f}"


def ratio(a: Rate | None, b: Rate | None) -> str:
    if a is None or b is None or not a.ok or not b.ok:
        return "n/a"
    return f"{a.games_per_s / b.games_per_s:.3f}"


def describe(rate: Rate | None, missing: str) -> str:
    if rate is None:
        return missing
    if not rate.ok:
        return f"error: {rate.error or 'not run'}"
    return (
        f"{fmt(rate.games_per_s):>10} games/s {fmt(rate.actions_per_s):>12} actions/s"
        f" {rate.actions / rate.games:7.1f} actions/game"
    )


def print_header(args: argparse.Namespace) -> None:
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"unorules benchmark, {now}")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {platform.platform()}, {platform.machine()}"
    )
    uno_text = UNO_ERROR or f"unorules {getattr(uno, '__version__', '?')}"
    print(f"{uno_text}; rlcard {_rlcard.version() if _rlcard.AVAILABLE else 'not installed'}")
    print(
        f"median of {args.repeats} repeats of {args.games} games; players {args.players};"
        f" profile {args.rules!r}; seed {args.seed}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, help="games per repeat (default 2000)")
    parser.add_argument("--repeats", type=int, help="repeats; the median is shown (default 5)")
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rules",
        choices=PROFILES,
        default=PROFILE,
        help=f"the profile unorules plays (default {PROFILE})",
    )
    parser.add_argument(
        "--call-games",
        type=int,
        help="games recorded for the legal_actions/apply figures (default 200)",
    )
    parser.add_argument(
        "--validation-games", type=int, help="games recorded as transcripts (default 300)"
    )
    parser.add_argument(
        "--env-episodes", type=int, help="episodes per repeat of the environments (default 300)"
    )
    args = parser.parse_args(argv)
    quick = args.quick
    args.env_episodes = args.env_episodes or (20 if quick else 300)
    args.games = args.games or (100 if quick else 2000)
    args.repeats = args.repeats or (1 if quick else 5)
    args.call_games = args.call_games or (10 if quick else 200)
    args.validation_games = args.validation_games or (10 if quick else 300)
    started = time.perf_counter()
    print_header(args)

    # (a), (d), (e): playouts of every engine, interleaved repeat by repeat
    jobs: dict[str, Callable[[], tuple[float, int]]] = {}
    rates: dict[str, Rate] = {}
    for n in args.players:
        for engine, available, run in (
            ("unorules", not UNO_ERROR, functools.partial(play_unorules, profile=args.rules)),
            ("rlcard", _rlcard.AVAILABLE, _rlcard.run),
            ("sol", True, play_speed_of_light),
        ):
            if available:
                name = f"{engine}-{n}"
                jobs[name] = functools.partial(run, n, args.games, args.seed)
                rates[name] = Rate(args.games)
    run_interleaved(jobs, rates, args.repeats)

    print("\nRandom playouts (one game = one round)")
    for n in args.players:
        uno_rate, rl_rate = rates.get(f"unorules-{n}"), rates.get(f"rlcard-{n}")
        sol_rate = rates[f"sol-{n}"]
        print(f"  {n}p unorules ({args.rules})  {describe(uno_rate, UNO_ERROR)}")
        print(f"  {n}p rlcard UnoGame     {describe(rl_rate, _rlcard.INSTALL_HINT)}")
        print(f"  {n}p speed-of-light     {describe(sol_rate, '')}")
        print(
            f"  {n}p ratio games/s: unorules/rlcard {ratio(uno_rate, rl_rate)},"
            f" unorules/speed-of-light {ratio(uno_rate, sol_rate)}"
        )

    # (b) and (c): unorules only
    print(f"\nlegal_actions / apply over the states of {args.call_games} recorded playouts")
    for n in args.players:
        if UNO_ERROR:
            print(f"  {n}p {UNO_ERROR}")
            continue
        try:
            calls = bench_calls(n, args.call_games, args.seed, args.repeats, args.rules)
        except Exception as exc:
            print(f"  {n}p error: {type(exc).__name__}: {exc}")
            continue
        for label, rate in (
            ("legal_actions(s)   ", calls.legal_all),
            ("legal_actions(s, p)", calls.legal_player),
            ("apply(s, a)        ", calls.apply),
        ):
            shown = (
                f"{fmt(rate.actions_per_s):>12} calls/s ({rate.actions:,} states)"
                if rate.ok
                else f"error: {rate.error}"
            )
            print(f"  {n}p {label} {shown}")

    print(f"\nTranscript validation ({args.validation_games} recorded games per player count)")
    for n in args.players:
        if UNO_ERROR:
            print(f"  {n}p {UNO_ERROR}")
            continue
        try:
            outcome = bench_validation(
                n, args.validation_games, args.seed, args.repeats, args.rules
            )
        except Exception as exc:
            outcome = f"error: {type(exc).__name__}: {exc}"
        if isinstance(outcome, str):
            print(f"  {n}p {outcome}")
        elif outcome.ok:
            print(
                f"  {n}p {fmt(outcome.actions_per_s):>12} actions/s"
                f" ({outcome.actions:,} actions, {fmt(outcome.games_per_s)} games/s)"
            )
        else:
            print(f"  {n}p error: {outcome.error}")

    # (f) agent environments: RLCard's env next to unorules.agents.pettingzoo (env_bench.py)
    print()
    try:
        import env_bench
    except ImportError as exc:  # the pettingzoo extra is optional
        print(f"Agent environments: {exc} (pip install -e '.[pettingzoo,bench]')")
    else:
        print("\n".join(env_bench.section(args.env_episodes, args.repeats, args.seed)))

    print("\nSummary (games/s, median)")
    for n in args.players:
        uno_rate, rl_rate = rates.get(f"unorules-{n}"), rates.get(f"rlcard-{n}")
        sol_rate = rates[f"sol-{n}"]
        uno_text = fmt(uno_rate.games_per_s) if uno_rate and uno_rate.ok else "n/a"
        if rl_rate is None:
            rl_text = "not installed"
        else:
            rl_text = fmt(rl_rate.games_per_s) if rl_rate.ok else "n/a"
            rl_text += f" ({ratio(uno_rate, rl_rate)})"
        print(
            f"  {n}p games/s: unorules {uno_text}, rlcard {rl_text},"
            f" speed-of-light {fmt(sol_rate.games_per_s)} ({ratio(uno_rate, sol_rate)})"
        )
    print(f"  (ratios are unorules / other; total run {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
