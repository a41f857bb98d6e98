"""The tables of a study and of a comparison, as ``str(study)``, ``str(comparison)``,
``unorules simulate`` and ``unorules compare`` print them: their one home. Every interval
is written one way, ``value [low, high]``, its 95% confidence interval."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unorules.studies.study import Comparison, Estimate, Study

_INF = float("inf")


def _ci(e: Estimate | None, scale: float = 1.0, digits: int = 1) -> str:
    """`` [low, high]``, the 95% confidence interval; nothing where one game cannot tell."""
    if e is None or e.half_width == _INF:
        return ""
    return f" [{scale * e.low:.{digits}f}, {scale * e.high:.{digits}f}]"


def _rounds(rounds: int | None) -> str:
    return "" if rounds is None else f", {rounds} round{'s' if rounds > 1 else ''} each"


def _unfinished(study: Study, side: str = "") -> list[str]:
    """The line that says how many whole matches were stopped at ``max_rounds``."""
    if study.rounds is None and study.unfinished_matches:
        n = study.unfinished_matches
        return [
            f"unfinished       {side}{n} match{'es' if n > 1 else ''} stopped after"
            f" {study.max_rounds} rounds with no winner (--max-rounds)"
        ]
    return []


def study_text(study: Study) -> str:
    """The table of a study (``str(study)``)."""
    from unorules.studies.study import _describe  # noqa: PLC0415 (study imports this module)

    rounds = study.rounds_played
    head = (
        f"games            {study.games} ({study.players} players, rules"
        f" {_describe(study.rules)}, seed {study.seed}{_rounds(study.rounds)});"
        " [low, high] = 95% CI"
    )
    lines = [head]
    if len(set(study.bots)) > 1 or study.bots[0] != "random":
        lines.append(f"bots             {', '.join(study.bots)}")
    length, points = study.round_length, study.round_points
    median = study.median_round_length
    per_seat = "  ".join(
        f"seat {s}: {100 * e.value:.1f}%{_ci(e, 100)}" for s, e in enumerate(study.round_win_shares)
    )
    lines += [
        f"rounds           {rounds}",
        f"actions/round    mean {length.value if length else 0.0:.1f}{_ci(length)},"
        f" median {median if median is not None else 0}",
        f"round wins       {per_seat}",
    ]
    if study.stuck_rounds:
        lines.append(f"no winner        {study.stuck_rounds} rounds (stuck, C15)")
    lines.append(f"round points     mean {points.value if points else 0.0:.1f}{_ci(points)}")
    knocked = study.round_knockouts
    if knocked is not None:  # only rules that can knock players out (No Mercy)
        lines.append(f"knockouts/round  mean {knocked.value:.2f}{_ci(knocked, digits=2)}")
    if study.match_win_shares:
        who = "team" if study.rules.teams else "seat"
        wins = "  ".join(
            f"{who} {s}: {100 * e.value:.1f}%{_ci(e, 100)}"
            for s, e in enumerate(study.match_win_shares)
        )
        lines.append(f"match wins       {wins}  ({study.matches_finished} matches finished)")
    lines += _unfinished(study)
    return "\n".join(lines)


_LABELS = {
    "round_length": ("actions/round", 1.0, ""),
    "round_points": ("round points", 1.0, ""),
    "round_knockouts": ("knockouts/round", 1.0, ""),
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
    bounds = "n/a" if d.half_width == _INF else f"[{scale * d.low:+.2f}, {scale * d.high:+.2f}]"
    return [name, cell(ea), cell(eb), change, bounds, "yes" if d.significant else "no"]


def comparison_text(comparison: Comparison) -> str:
    """The table of a comparison (``str(comparison)``)."""
    from unorules.studies.study import _describe  # noqa: PLC0415 (study imports this module)

    a, b = comparison.a, comparison.b
    fa, fb, diff = a.figures(), b.figures(), comparison.differences()
    side_a = "team" if comparison.rules_a.teams else "seat"
    side_b = "team" if comparison.rules_b.teams else "seat"
    same_sides = comparison.rules_a.teams == comparison.rules_b.teams
    constant = comparison._constant()
    bots = sorted(set(comparison.bots))
    who = f"{bots[0]} bots" if len(bots) == 1 else f"bots {', '.join(comparison.bots)}"
    rows = [["figure", "A", "B", "B - A", "95% CI", "significant"]]
    for name in diff:
        ea = fa.get(name)
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
        f"A                {_describe(comparison.rules_a)}",
        f"B                {_describe(comparison.rules_b)}",
        f"games            {comparison.games} paired seeds ({comparison.players} players,"
        f" seed {comparison.seed}{_rounds(comparison.rounds)}, {who})",
        *_unfinished(comparison.a, "A: "),
        *_unfinished(comparison.b, "B: "),
        "",
    ]
    return "\n".join(head + table)
