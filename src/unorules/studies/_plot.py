"""Plots of studies and comparisons (matplotlib, the optional extra ``unorules[plot]``).

Imported only when a plot is asked for: the core never imports matplotlib. The figures
are drawn without pyplot (no global state, no display needed) and saved reproducibly
(fixed SVG ids, no date), so the same study always writes the same file.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unorules.studies.study import Comparison, Estimate, Study

BLUE, ORANGE, GREY = "#0072B2", "#E69F00", "#666666"
FORMATS = (".svg", ".png", ".pdf")


def _matplotlib() -> Any:
    try:
        import matplotlib  # noqa: PLC0415 (optional)
        from matplotlib.figure import Figure  # noqa: PLC0415
        from matplotlib.ticker import PercentFormatter  # noqa: PLC0415
    except ImportError:
        raise ImportError(
            "plots need matplotlib: pip install 'unorules[plot]' (from a clone of the source:"
            " pip install '.[plot]'; or pip install matplotlib)"
        ) from None
    return matplotlib, Figure, PercentFormatter


def _check_path(path: str) -> None:
    if not isinstance(path, str) or not path.lower().endswith(FORMATS):
        raise ValueError(f"plot file {path!r}: name it *.svg, *.png or *.pdf")


def _bins(lengths: Sequence[Mapping[int, int]]) -> tuple[int, int]:
    """A bin width and the last length shown: about 40 bins up to the 99.5th percentile."""
    cut = 1
    for histogram in lengths:
        total = sum(histogram.values())
        seen = 0
        for length in sorted(histogram):
            seen += histogram[length]
            if seen >= 0.995 * total:
                cut = max(cut, length)
                break
    width = max(1, math.ceil(cut / 40))
    return width, (cut // width + 1) * width


def _binned(histogram: Mapping[int, int], width: int, cut: int) -> list[float]:
    total = sum(histogram.values()) or 1
    shares = [0.0] * (cut // width)
    for length, count in histogram.items():
        if length < cut:
            shares[length // width] += count / total
    return shares


def _mean(study: Study) -> float:
    e = study.round_length
    return e.value if e is not None else 0.0


def _round_lengths(ax: Any, studies: Sequence[tuple[Study, str, str]], percent: Any) -> None:
    width, cut = _bins([s.round_lengths for s, _, _ in studies])
    edges = list(range(0, cut + 1, width))
    single = len(studies) == 1
    for study, label, color in studies:
        shares = _binned(study.round_lengths, width, cut)
        mean, median = _mean(study), study.median_round_length or 0
        ax.stairs(
            shares,
            edges,
            fill=single,
            color=color,
            alpha=0.35 if single else 1.0,
            linewidth=1.8,
            label=f"{label}: mean {mean:.1f}, median {median:g}",
        )
        if single:
            ax.stairs(shares, edges, color=color, linewidth=1.2)
        ax.axvline(mean, color=color, linestyle="--", linewidth=1.2)
    longest = max(max(s.round_lengths, default=0) for s, _, _ in studies)
    ax.set_xlim(0, cut)
    ax.set_ylim(bottom=0)
    ax.yaxis.set_major_formatter(percent(1.0, decimals=1 if width == 1 else 0))
    ax.set_xlabel(f"actions in a round (bins of {width}; longest round: {longest})")
    ax.set_ylabel("share of rounds")
    ax.set_title("Round length (dashed: mean)", loc="left", fontsize="medium")
    ax.legend(loc="upper right", fontsize="small", frameon=False)


def _bars(
    ax: Any,
    *,
    groups: Sequence[tuple[str, Sequence[Estimate | None], str, str]],
    labels: Sequence[str],
    percent: Any,
    fair: float,
) -> None:
    """Bars with their 95% intervals at each label (the last one set apart), one group of
    bars per entry; a None share leaves its place empty."""
    width = 0.8 / len(groups)
    places = [*range(len(labels) - 1), len(labels) - 0.6]
    # the bars present at each place, centred on it
    present = [
        [g for g, group in enumerate(groups) if group[1][i] is not None] for i in range(len(labels))
    ]
    for g, (label, shares, color, hatch) in enumerate(groups):
        shown = [(i, e) for i, e in enumerate(shares) if e is not None]
        xs = [
            places[i] + width * (present[i].index(g) + 0.5 - len(present[i]) / 2) for i, _ in shown
        ]
        values = [e.value for _, e in shown]
        bounded = [(x, e) for x, (_, e) in zip(xs, shown, strict=True) if _bounded(e)]
        errors = [
            [max(0.0, e.value - max(e.low, 0.0)) for _, e in bounded],
            [max(0.0, min(e.high, 1.0) - e.value) for _, e in bounded],
        ]
        bars = ax.bar(
            xs,
            values,
            width * 0.92,
            color=color,
            alpha=0.85,
            hatch=hatch,
            edgecolor="white",
            label=label,
        )
        for (i, _), bar in zip(shown, bars, strict=True):
            bar.set_gid(f"unorules-bar-{g}-{i}")  # an id in the SVG: tests find the bars
        if bounded:
            ax.errorbar(
                [x for x, _ in bounded],
                [e.value for _, e in bounded],
                yerr=errors,
                fmt="none",
                ecolor="#222222",
                capsize=3,
                lw=1,
                gid=f"unorules-intervals-{g}",
            )
    ax.axvline(places[-1] - 0.7, color="#bbbbbb", linewidth=0.8)
    ax.axhline(fair, color=GREY, linestyle=":", linewidth=1.2, label=f"fair share ({fair:.1%})")
    ax.set_xticks(places, list(labels))
    every = [e for _, shares, _, _ in groups for e in shares if e is not None]
    top = max((e.high if _bounded(e) else e.value for e in every), default=0.0)
    ax.set_ylim(0, max(top, fair) * 1.25)
    ax.yaxis.set_major_formatter(percent(1.0, decimals=0))
    if any(_bounded(e) for e in every):
        ax.set_ylabel("share of wins (bars: 95% interval)")
    else:
        ax.set_ylabel("share of wins (95% intervals undefined: one game)")
        ax.yaxis.label.set_gid("unorules-intervals-undefined")
    handles, labels = ax.get_legend_handles_labels()
    order = sorted(range(len(labels)), key=lambda i: labels[i].startswith("fair share"))
    ax.legend(
        [handles[i] for i in order],
        [labels[i] for i in order],
        loc="upper center",
        fontsize="small",
        frameon=False,
        ncols=len(order),
    )


def _bounded(e: Estimate) -> bool:
    """Whether ``e`` has an interval (not from one game, where it is undefined)."""
    return math.isfinite(e.low) and math.isfinite(e.high)


def _labels(players: int) -> list[str]:
    return [*(f"seat {s}" for s in range(players)), "first\nto act"]


def _subtitle(study: Study) -> str:
    bots = sorted(set(study.bots))
    who = f"{bots[0]} bots" if len(bots) == 1 else "bots " + ", ".join(study.bots)
    games = (
        f"{study.games:,} matches to {study.rules.target}"
        if study.rounds is None
        else (f"{study.games:,} games of {study.rounds} round{'s' if study.rounds > 1 else ''}")
    )
    return f"{study.players} players, {games} (seed {study.seed}), {who}"


def _save(fig: Any, matplotlib: Any, path: str) -> None:
    metadata: dict[str, object] = {"Date": None} if path.lower().endswith(".svg") else {}
    if path.lower().endswith(".pdf"):
        metadata = {"CreationDate": None}
    with matplotlib.rc_context({"svg.hashsalt": "unorules", "svg.fonttype": "path"}):
        fig.savefig(path, metadata=metadata or None, dpi=150)


def _figure(Figure: Any) -> tuple[Any, Any, Any]:
    fig = Figure(figsize=(11, 4.4), layout="constrained")
    left, right = fig.subplots(1, 2, width_ratios=[1.35, 1])
    for ax in (left, right):
        ax.spines[["top", "right"]].set_visible(False)
        ax.grid(axis="y", color="#dddddd", linewidth=0.8)
        ax.set_axisbelow(True)
    return fig, left, right


def plot_study(study: Study, path: str) -> None:
    """Round-length distribution and win shares per seat of one study."""
    from unorules.studies.study import _describe  # noqa: PLC0415 (a cycle otherwise)

    _check_path(path)
    matplotlib, Figure, percent = _matplotlib()
    fig, left, right = _figure(Figure)
    name = _describe(study.rules)
    fig.suptitle(f"{name}: {_subtitle(study)}", fontsize="large")
    _round_lengths(left, [(study, "rounds", BLUE)], percent)
    groups: list[tuple[str, Sequence[Estimate | None], str, str]] = [
        ("round wins", [*study.round_win_shares, study.first_player_win_share], BLUE, "")
    ]
    matches = study.match_win_shares
    if matches is not None and study.sides == study.players:
        groups.append((f"match wins ({study.matches_finished:,})", [*matches, None], ORANGE, ""))
    _bars(
        right, groups=groups, labels=_labels(study.players), percent=percent, fair=1 / study.players
    )
    right.set_title("Wins per seat, and of the player to act first", loc="left", fontsize="medium")
    _save(fig, matplotlib, path)


def plot_comparison(comparison: Comparison, path: str) -> None:
    """Both round-length distributions, both sets of round win shares per seat, and the
    difference in mean round length."""
    from unorules.studies.study import _describe  # noqa: PLC0415 (a cycle otherwise)

    _check_path(path)
    matplotlib, Figure, percent = _matplotlib()
    a, b = comparison.a, comparison.b
    fig, left, right = _figure(Figure)
    name_a, name_b = _describe(a.rules), _describe(b.rules)
    d = comparison.differences()["round_length"]
    change = ""
    if d is not None and not _bounded(d):
        change = (
            f"\nB - A: {d.value:+.2f} actions per round (95% interval undefined: too few games)"
        )
    elif d is not None:
        verdict = "significant" if d.significant else "not significant"
        change = (
            f"\nB - A: {d.value:+.2f} actions per round,"
            f" 95% interval [{d.low:+.2f}, {d.high:+.2f}] ({verdict}; paired seeds)"
        )
    fig.suptitle(f"A: {name_a}   vs   B: {name_b}\n{_subtitle(a)}{change}", fontsize="large")
    _round_lengths(left, [(a, "A", BLUE), (b, "B", ORANGE)], percent)
    groups: list[tuple[str, Sequence[Estimate | None], str, str]] = [
        ("A", [*a.round_win_shares, a.first_player_win_share], BLUE, ""),
        ("B", [*b.round_win_shares, b.first_player_win_share], ORANGE, ""),
    ]
    players = comparison.players
    _bars(right, groups=groups, labels=_labels(players), percent=percent, fair=1 / players)
    right.set_title(
        "Round wins per seat, and of the player to act first", loc="left", fontsize="medium"
    )
    _save(fig, matplotlib, path)
