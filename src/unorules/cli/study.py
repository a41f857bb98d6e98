"""The ``simulate`` and ``compare`` verbs of the ``unorules`` command, over
:mod:`unorules.studies.study`."""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import importlib.util
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from unorules.cli._common import (
    Usage,
    Verb,
    check_rounds,
    game_options,
    max_rounds_option,
    profile,
    rules_with_options,
    study_options,
)
from unorules.rules import PROFILES, Rules, get_profile, rules_to_options
from unorules.studies import study as _study
from unorules.studies.study import Comparison, Estimate, Study

MAX_GAMES = 10**9
"""The most games one ``unorules simulate`` or ``compare`` plays: past that a typo, not a
study (a billion games of one round keep one core busy for days; whole matches, months)."""


def _check(args: argparse.Namespace) -> None:
    if not 2 <= args.players <= 10:
        raise Usage(f"--players: UNO is played by 2 to 10 players, not {args.players}")
    if args.games < 1:
        raise Usage("--games: at least 1")
    if args.games > MAX_GAMES:
        raise Usage(
            f"--games: at most {MAX_GAMES:,}, not {args.games:,} (a billion games keep"
            " a core busy for days; for more, use unorules.simulate or unorules.compare)"
        )
    check_rounds(args)
    if args.jobs < 0:
        raise Usage("--jobs: 0 (one per CPU) or more")
    for name in args.bot:
        try:
            _study.get_bot(name)
        except ValueError as err:
            raise Usage(f"--bot: {err}") from None
    if len(args.bot) not in (0, 1, args.players):
        raise Usage(
            f"--bot: {len(args.bot)} bots for {args.players} seats (give 1 or {args.players})"
        )
    if args.plot is not None:
        if not args.plot.lower().endswith((".svg", ".png", ".pdf")):
            raise Usage(f"--plot {args.plot!r}: name the file *.svg, *.png or *.pdf")
        if importlib.util.find_spec("matplotlib") is None:
            raise Usage("--plot needs matplotlib: pip install 'unorules[plot]'")


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[tuple[cf.Executor | None, int | None]]:
    """A process pool for --jobs N > 1 (None: play in this process), and a chunk size
    that gives every worker several chunks."""
    cpus = os.cpu_count() or 1
    workers = max(1, min(cpus if args.jobs == 0 else args.jobs, cpus, args.games))
    if workers == 1:
        yield None, None
        return
    chunk = max(1, min(250, -(-args.games // (8 * workers))))
    with cf.ProcessPoolExecutor(workers) as pool:
        yield pool, chunk


def _bots(args: argparse.Namespace) -> list[str] | None:
    return list(args.bot) or None


def _seatable(rules: Rules, players: int) -> None:
    from unorules.engine import new_game  # noqa: PLC0415 (kept out of the module's imports)

    try:
        new_game(players, rules, 0)
    except ValueError as exc:
        raise Usage(str(exc)) from None


def _plot(result: Study | Comparison, path: str | None, err: TextIO) -> int:
    if path is None:
        return 0
    try:
        result.plot(path)
    except OSError as exc:
        print(f"unorules: cannot write {path}: {exc.strerror or exc}", file=err)
        return 2
    return 0


# == simulate ====================================================================================


def _share(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def _interval(e: Estimate | None, digits: int) -> list[float | None] | None:
    if e is None:
        return None
    return [round(v, digits) if abs(v) != float("inf") else None for v in (e.low, e.high)]


def _pm(e: Estimate | None, scale: float = 1.0) -> str:
    """`` ±h`` (the interval's half-width) when the interval is about symmetric (its arms
    within a tenth of each other), else `` [low, high]`` (a share's Wilson interval near 0%
    or 100%, or from few rounds); nothing without an interval."""
    if e is None or e.half_width == float("inf"):
        return ""
    below, above = e.value - e.low, e.high - e.value
    if abs(above - below) <= 0.1 * e.half_width:
        return f" ±{scale * e.half_width:.1f}"
    return f" [{scale * e.low:.1f}, {scale * e.high:.1f}]"


def summary(study: Study, profile: str) -> dict[str, Any]:
    """The statistics ``unorules simulate --json`` prints."""
    rounds = study.rounds_played
    length, points = study.round_length, study.round_points
    matches = study.matches_finished
    median = study.median_round_length
    return {
        "games": study.games,
        "players": study.players,
        "rules": rules_to_options(study.rules, get_profile(profile)),
        "profile": profile,
        "seed": study.seed,
        "rounds": rounds,
        "actions_per_round": {
            "mean": round(length.value, 2) if length else 0.0,
            "median": median if median is not None else 0,
            "ci95": _interval(length, 2),
        },
        "round_wins": [_share(w, rounds) for w in study.round_wins],
        "round_wins_ci95": [_interval(e, 4) for e in study.round_win_shares],
        "rounds_without_winner": study.stuck_rounds,
        "first_player_wins": {
            "share": _share(study.first_player_wins, rounds),
            "ci95": _interval(study.first_player_win_share, 4),
        },
        "round_points": {
            "mean": round(points.value, 2) if points else 0.0,
            "ci95": _interval(points, 2),
        },
        "match_wins": [_share(w, matches) for w in study.match_wins] if matches else None,
        "match_wins_ci95": [_interval(e, 4) for e in study.match_win_shares or ()]
        if matches
        else None,
        "matches_finished": matches,
        "matches_unfinished": study.unfinished_matches if study.rounds is None else None,
        "max_rounds": study.max_rounds,
        "bots": list(study.bots),
    }


def simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``unorules simulate``."""
    rules = rules_with_options(args.rules, args.option)
    _check(args)
    _seatable(rules, args.players)
    with _executor(args) as (executor, chunk):
        study = _study.simulate(
            rules,
            args.players,
            args.games,
            bots=_bots(args),
            seed=args.seed,
            rounds=args.rounds,
            max_rounds=args.max_rounds,
            executor=executor,
            chunk_size=chunk,
            progress=err if err.isatty() else False,
        )
    data = summary(study, args.rules)
    if args.json:
        print(json.dumps(data, indent=2), file=out)
        return _plot(study, args.plot, err)
    extra = "".join(f", {k}={json.dumps(v)}" for k, v in data["rules"].items())
    shares = study.round_win_shares
    per_seat = "  ".join(
        f"seat {s}: {100 * x:.1f}%{_pm(e, 100)}"
        for s, (x, e) in enumerate(zip(data["round_wins"], shares, strict=True))
    )
    lines = [
        f"games            {args.games} ({args.players} players, rules {args.rules}{extra},"
        f" seed {args.seed})",
    ]
    if len(set(study.bots)) > 1 or study.bots[0] != "random":
        lines.append(f"bots             {', '.join(study.bots)}")
    lines += [
        f"rounds           {data['rounds']}",
        f"actions/round    mean {data['actions_per_round']['mean']:.1f}{_pm(study.round_length)},"
        f" median {data['actions_per_round']['median']}",
        f"round wins       {per_seat}",
    ]
    if data["rounds_without_winner"]:
        lines.append(f"no winner        {data['rounds_without_winner']} rounds (stuck, C15)")
    lines.append(
        f"round points     mean {data['round_points']['mean']:.1f}{_pm(study.round_points)}"
    )
    if study.matches_finished:
        who = "team" if rules.teams else "seat"
        wins = "  ".join(
            f"{who} {s}: {100 * x:.1f}%{_pm(e, 100)}"
            for s, (x, e) in enumerate(
                zip(data["match_wins"], study.match_win_shares or (), strict=True)
            )
        )
        lines.append(f"match wins       {wins}  ({study.matches_finished} matches finished)")
    lines += _unfinished(study)
    print("\n".join(lines), file=out)
    return _plot(study, args.plot, err)


def _unfinished(study: Study, side: str = "") -> list[str]:
    """The line that says how many whole matches were stopped at ``max_rounds``."""
    if study.rounds is None and study.unfinished_matches:
        n = study.unfinished_matches
        return [
            f"unfinished       {side}{n} match{'es' if n > 1 else ''} stopped after"
            f" {study.max_rounds} rounds with no winner (--max-rounds)"
        ]
    return []


# == compare =====================================================================================

_LABELS = {
    "round_length": ("actions/round", 1.0, ""),
    "round_points": ("round points", 1.0, ""),
    "stuck_share": ("stuck rounds", 100.0, "%"),
    "first_player_win_share": ("first player wins", 100.0, "%"),
    "rounds_per_game": ("rounds/game", 1.0, ""),
    "matches_finished_share": ("matches finished", 100.0, "%"),
}


def _label(name: str, side: str) -> tuple[str, float, str]:
    """A figure's row label, scale and unit; ``side`` is what its match shares count."""
    if name in _LABELS:
        return _LABELS[name]
    kind, _, rest = name.partition("[")
    index = rest.rstrip("]")
    if kind == "round_win_share":
        return (f"round wins seat {index}", 100.0, "%")
    return (f"match wins {side} {index}", 100.0, "%")


def _row(
    label: tuple[str, float, str], ea: Estimate | None, eb: Estimate | None, d: Estimate | None
) -> list[str]:
    """A row of the table: the figure under A and B, and the difference B - A."""
    name, scale, unit = label

    def cell(e: Estimate | None) -> str:
        return "-" if e is None else f"{scale * e.value:.2f}{unit}"

    if d is None:
        return [name, cell(ea), cell(eb), "-", "", ""]
    change = f"{scale * d.value:+.2f}{' pt' if unit else ''}"
    bounds = (
        "n/a" if d.half_width == float("inf") else f"[{scale * d.low:+.2f}, {scale * d.high:+.2f}]"
    )
    return [name, cell(ea), cell(eb), change, bounds, "yes" if d.significant else "no"]


def compare_text(comparison: Comparison) -> str:
    """The table ``unorules compare`` prints."""
    a, b = comparison.a, comparison.b
    fa, fb, diff = a.figures(), b.figures(), comparison.differences()
    side_a = "team" if comparison.rules_a.teams else "seat"
    side_b = "team" if comparison.rules_b.teams else "seat"
    same_sides = comparison.rules_a.teams == comparison.rules_b.teams
    constant = comparison._constant()
    bots = sorted(set(comparison.bots))
    who = f"{bots[0]} bots" if len(bots) == 1 else f"bots {', '.join(comparison.bots)}"
    n = comparison.rounds
    rounds = "" if n is None else f", {n} round{'s' if n > 1 else ''} each"
    rows = [["figure", "A", "B", "B - A", "95% interval", "significant"]]
    for name, ea in fa.items():
        per_side = name.startswith(("round_win_share[", "match_win_share["))
        if name.startswith("match_win_share[") and not same_sides:
            continue  # each side's match shares below, under what it counts
        eb, d = fb.get(name), diff.get(name)
        if ea is None and eb is None:
            continue
        if name in constant and not per_side:
            continue  # the same in every game under both (no stuck rounds, one round a game)
        rows.append(_row(_label(name, side_a), ea, eb, d))
    if not same_sides:
        for study, side, first in ((a, side_a, True), (b, side_b, False)):
            for t, e in enumerate(study.match_win_shares or ()):
                label = _label(f"match_win_share[{t}]", side)
                rows.append(_row(label, e, None, None) if first else _row(label, None, e, None))
    ma, mb = a.median_round_length, b.median_round_length
    after = next((i + 1 for i, r in enumerate(rows) if r[0] == "actions/round"), 1)
    median = ["median actions/round", f"{ma:g}" if ma else "-", f"{mb:g}" if mb else "-"]
    rows.insert(after, median)
    widths = [max(len(r[i]) for r in rows if i < len(r)) for i in range(len(rows[0]))]
    table = [
        "  ".join(
            c.rjust(w) if 0 < i < 5 else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=False))
        ).rstrip()
        for r in rows
    ]
    head = [
        f"A                {_study._describe(comparison.rules_a)}",
        f"B                {_study._describe(comparison.rules_b)}",
        f"games            {comparison.games} paired seeds ({comparison.players} players,"
        f" seed {comparison.seed}{rounds}, {who})",
        *_unfinished(a, "A: "),
        *_unfinished(b, "B: "),
        "",
    ]
    return "\n".join(head + table)


def compare(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``unorules compare A B``."""
    rules_a = profile(args.a)
    rules_b = rules_with_options(args.b, args.option)
    _check(args)
    _seatable(rules_a, args.players)
    _seatable(rules_b, args.players)
    with _executor(args) as (executor, chunk):
        comparison = _study.compare(
            rules_a,
            rules_b,
            args.players,
            args.games,
            bots=_bots(args),
            seed=args.seed,
            rounds=args.rounds,
            max_rounds=args.max_rounds,
            executor=executor,
            chunk_size=chunk,
            progress=err if err.isatty() else False,
        )
    if args.json:
        print(json.dumps(comparison.to_dict(), indent=2), file=out)
    else:
        print(compare_text(comparison), file=out)
    return _plot(comparison, args.plot, err)


def add_simulate_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules simulate``."""
    game_options(p)
    study_options(p, games=100)
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")


def add_compare_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules compare``."""
    profiles = ", ".join(PROFILES)
    p.add_argument("a", metavar="A", help=f"profile A ({profiles})")
    p.add_argument("b", metavar="B", help="profile B, changed by the --option values")
    p.add_argument(
        "--option",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a rule option of B (JSON value or bare word), e.g. stacking=same_type; repeatable",
    )
    p.add_argument("--players", type=int, default=4, metavar="N", help="seats, 2-10 (4)")
    p.add_argument(
        "--rounds", type=int, metavar="N", help="stop after N rounds (default: whole match)"
    )
    max_rounds_option(p)
    study_options(p, games=1000)
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")


SIMULATE = Verb(
    "simulate",
    "play many seeded games between simple bots",
    "Play seeded games between bots (random ones by default, unorules.agents.bots.RandomBot)"
    " and print statistics: rounds, actions per round, share of round wins per seat,"
    " mean round points; each mean and share with the half-width of its 95% confidence"
    " interval (±).",
    add_simulate_arguments,
    simulate,
)

COMPARE = Verb(
    "compare",
    "compare two rule sets on the same seeded games",
    "Play the same seeded games between bots under rules A and rules B (profile B with"
    " the --option changes) and print each figure under both, the difference B - A with"
    " its 95% confidence interval, and whether it is significant.",
    add_compare_arguments,
    compare,
)
