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
    STUDY_GAMES,
    Usage,
    Verb,
    bot_options,
    check_count,
    check_rounds,
    game_options,
    games_options,
    max_rounds_option,
    profile,
    progress,
    quiet_options,
    rules_options,
    rules_with_options,
    seats_and_bots,
    seed_options,
)
from unorules.rules import PROFILES, Rules, get_profile, rules_to_options
from unorules.studies import evaluation as _evaluation
from unorules.studies import study as _study
from unorules.studies.study import Comparison, Estimate, Study

MAX_GAMES = 10**9
"""The most games one ``unorules simulate`` or ``compare`` plays: past that a typo, not a
study (a billion games of one round keep one core busy for days; whole matches, months)."""


def _check(args: argparse.Namespace) -> list[str]:
    """The bot of every seat, once the counts and the plot are checked."""
    bots = seats_and_bots(args)
    check_count("--games", args.games)
    if args.games > MAX_GAMES:
        raise Usage(
            f"--games: at most {MAX_GAMES:,}, not {args.games:,} (a billion games keep"
            " a core busy for days; for more, use unorules.simulate or unorules.compare)"
        )
    check_rounds(args)
    if args.jobs < 0:
        raise Usage("--jobs: 0 (one per CPU) or more")
    if args.plot is not None:
        if not args.plot.lower().endswith((".svg", ".png", ".pdf")):
            raise Usage(f"--plot {args.plot!r}: name the file *.svg, *.png or *.pdf")
        if importlib.util.find_spec("matplotlib") is None:
            raise Usage(
                "--plot needs matplotlib: pip install 'unorules[plot]'"
                " (from a clone of the source: pip install '.[plot]')"
            )
    return bots


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


def summary(study: Study, profile: str) -> dict[str, Any]:
    """The statistics ``unorules simulate --json`` prints."""
    rounds = study.rounds_played
    length, points = study.round_length, study.round_points
    matches = study.matches_finished
    median = study.median_round_length
    knocked = study.round_knockouts
    knockouts = (  # only rules that can knock players out (No Mercy's Mercy rule)
        {}
        if knocked is None
        else {
            "knockouts_per_round": {
                "mean": round(knocked.value, 2),
                "ci95": _interval(knocked, 2),
                "total": study.knockouts,
            }
        }
    )
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
        **knockouts,
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
    bots = _check(args)
    _seatable(rules, args.players)
    with _executor(args) as (executor, chunk):
        study = _study.simulate(
            rules,
            args.players,
            args.games,
            bots=bots,
            seed=args.seed,
            rounds=args.rounds,
            max_rounds=args.max_rounds,
            executor=executor,
            chunk_size=chunk,
            progress=progress(args.verb, args.games, err, quiet=args.quiet),
        )
    if args.json:
        print(json.dumps(summary(study, args.rules), indent=2), file=out)
    else:
        print(study, file=out)  # the table str(study) gives: one home, in unorules.studies
    return _plot(study, args.plot, err)


# == compare =====================================================================================


def compare(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``unorules compare A B``."""
    rules_a = profile(args.a)
    rules_b = rules_with_options(args.b, args.option)
    bots = _check(args)
    _seatable(rules_a, args.players)
    _seatable(rules_b, args.players)
    with _executor(args) as (executor, chunk):
        comparison = _study.compare(
            rules_a,
            rules_b,
            args.players,
            args.games,
            bots=bots,
            seed=args.seed,
            rounds=args.rounds,
            max_rounds=args.max_rounds,
            executor=executor,
            chunk_size=chunk,
            progress=progress(args.verb, args.games, err, quiet=args.quiet),
        )
    if args.json:
        print(json.dumps(comparison.to_dict(), indent=2), file=out)
    else:
        print(comparison, file=out)  # the table str(comparison) gives
    return _plot(comparison, args.plot, err)


# == tournament ==================================================================================


def tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``unorules tournament``: :func:`unorules.studies.evaluation.tournament`."""
    if len(args.bot) < 2:
        raise Usage(
            f"--bot: a tournament needs 2 to 10 entrants, one --bot each; got {len(args.bot)}"
        )
    args.players = len(args.bot)
    bots = _check(args)
    rules = rules_with_options(args.rules, args.option)
    if rules.teams:
        raise Usage("--option teams: a tournament scores each bot (for teams: unorules simulate)")
    _seatable(rules, args.players)
    rounds = None if args.matches else args.rounds
    with _executor(args) as (executor, chunk):
        result = _evaluation.tournament(
            bots,
            args.games,
            rules=rules,
            rounds=rounds,
            seed=args.seed,
            executor=executor,
            chunk_size=chunk,
            progress=progress(
                args.verb, -(-args.games // len(bots)) * len(bots), err, quiet=args.quiet
            ),
            max_rounds=args.max_rounds,
        )
    if args.json:
        print(json.dumps(_tournament_summary(result, args.rules), indent=2), file=out)
    else:
        print(result, file=out)  # the table str(result) gives
    return 0


def _tournament_summary(result: _evaluation.Tournament, profile: str) -> dict[str, Any]:
    """The win rates ``unorules tournament --json`` prints."""
    return {
        "games": result.games,
        "deals": result.deals,
        "seatings": result.seatings,
        "rules": rules_to_options(result.rules, get_profile(profile)),
        "profile": profile,
        "seed": result.seed,
        "rounds": result.rounds,
        "stuck_rounds": result.stuck_rounds,
        "bots": [
            {
                "bot": name,
                "wins": wins,
                "of": result.played,
                "win_rate": round(rate.value, 4),
                "ci95": _interval(rate, 4),
            }
            for name, wins, rate in zip(result.bots, result.wins, result.win_rates, strict=True)
        ],
    }


def _study_options(p: argparse.ArgumentParser, *, plot: bool = True) -> None:
    """The options of a verb that plays many games: how many, the seed, the workers, the
    bots, the progress, the plot (unless ``plot`` is False)."""
    games_options(p, STUDY_GAMES)
    seed_options(p, study=True)
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="worker processes (1; 0 = one per CPU; at most the CPU count)",
    )
    bot_options(p)
    quiet_options(p)
    if not plot:
        p.set_defaults(plot=None)
        return
    p.add_argument(
        "--plot",
        metavar="FILE",
        help="also draw the round lengths and the win shares per seat to FILE (.svg,"
        " .png or .pdf; needs matplotlib: pip install 'unorules[plot]', from a clone:"
        " pip install '.[plot]')",
    )


def add_simulate_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules simulate``."""
    game_options(p)
    _study_options(p)
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")


def add_compare_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules compare``."""
    profiles = ", ".join(PROFILES)
    p.add_argument("a", metavar="A", help=f"profile A ({profiles})")
    p.add_argument("b", metavar="B", help="profile B, changed by the --option values")
    game_options(p, profile=False)  # A and B name the profiles; --option changes B
    _study_options(p)
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")


SIMULATE = Verb(
    "simulate",
    "play many seeded games between bots",
    "Play seeded games between bots (random ones by default, unorules.agents.bots.RandomBot)"
    " and print statistics: rounds, actions per round, share of round wins per seat,"
    " mean round points (and knockouts per round, under rules with the Mercy rule); each"
    " mean and share with its 95% confidence interval [low, high]."
    " The table is str() of the unorules.simulate result.",
    add_simulate_arguments,
    simulate,
    "unorules simulate --games 2000 --players 3 --option stacking=same_type --bot heuristic",
)

COMPARE = Verb(
    "compare",
    "compare two rule sets on the same seeded games",
    "Play the same seeded games between bots under rules A and rules B (profile B with"
    " the --option changes) and print each figure under both, the difference B - A with"
    " its 95% confidence interval [low, high], and whether it is significant. The table is"
    " str() of the unorules.compare result.",
    add_compare_arguments,
    compare,
    "unorules compare mattel mattel --option seven_o=true --rounds 1",
)


def add_tournament_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules tournament``."""
    rules_options(p)
    p.add_argument(
        "--rounds",
        type=int,
        default=1,
        metavar="N",
        help="rounds per game (1: a game is one round, as agents are scored)",
    )
    p.add_argument(
        "--matches",
        action="store_true",
        help="play whole matches instead, and count the matches won",
    )
    max_rounds_option(p)
    _study_options(p, plot=False)
    p.add_argument("--json", action="store_true", help="print the win rates as JSON")


TOURNAMENT = Verb(
    "tournament",
    "win rates of bots against each other, every one in every seat",
    "Seat one bot per --bot (2 to 10 entrants) and play every seating on the same seeded"
    " deals, so that every bot plays every deal from every seat: the seat advantage and"
    " the luck of the deal cancel. Prints each bot's win rate (rounds won, or matches with"
    " --matches) with its 95% confidence interval [low, high]; --games is the games in all."
    " The table is str() of the unorules.tournament result.",
    add_tournament_arguments,
    tournament,
    "unorules tournament --bot heuristic --bot random --games 2000",
)
