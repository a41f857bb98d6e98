"""``unorules match``: bot programs speaking ``unorules-bot/1`` against each other and the
built-in bots (:func:`unorules.agents.match.run_match`)."""

from __future__ import annotations

import argparse
import json
from typing import IO, Any, TextIO

from unorules.agents.match import (
    BotSpec,
    GameRecord,
    MatchResult,
    run_match,
    seconds_option,
)
from unorules.cli._common import (
    Usage,
    Verb,
    bot_options,
    game_options,
    games_options,
    progress,
    quiet_options,
    rules_with_options,
    seats_and_bots,
    seed_options,
)
from unorules.formats import transcript
from unorules.rules import Rules
from unorules.studies.study import Progress


def add_arguments(parser: Any) -> None:
    """Add the options of ``unorules match`` to its (argparse) subparser.

    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p)
    >>> p.parse_args(["--bot", "random", "--bot", "node bot.js"]).bot
    ['random', 'node bot.js']
    """

    bot_options(parser, programs=True)
    game_options(parser)
    games_options(parser, 1)
    seed_options(parser)
    quiet_options(parser)
    parser.add_argument(
        "--timeout",
        type=seconds_option,
        default=5.0,
        metavar="SECONDS",
        help="how long a bot may take to answer (5)",
    )
    parser.add_argument(
        "--startup-timeout",
        type=seconds_option,
        default=10.0,
        metavar="SECONDS",
        help="how long a bot may take to start and answer hello (10)",
    )
    parser.add_argument(
        "--on-fault",
        choices=("fallback", "forfeit"),
        default="fallback",
        help="a bot that times out, crashes, writes garbage, sends a refused action or"
        " stalls is stopped; fallback: builtin:random plays its seat from then on (default);"
        " forfeit: the match ends there",
    )
    parser.add_argument(
        "--max-actions",
        type=int,
        default=50_000,
        metavar="N",
        help="stop a game after N actions (50000)",
    )
    # --max-rounds (a game stopped there is unfinished) comes with game_options, as in
    # every verb that plays games.
    parser.add_argument(
        "--game-time",
        type=seconds_option,
        metavar="SECONDS",
        help="how long each bot may take over all its answers in one game (default: 60"
        " times --timeout, 300); a bot that runs out is stopped (fault: timeout)",
    )
    parser.add_argument(
        "--bot-stderr",
        default="capped",
        metavar="WHERE",
        help="the bots' standard error: capped (default: shown on this one, each line"
        " after the bot's label, at most 64 KiB a bot), null (discarded), or a FILE"
        " (appended, at most 16 MiB a bot)",
    )
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write every game's transcript (JSON Lines)"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def run_match_verb(args: Any, rules: Rules, out: TextIO, err: TextIO) -> int:
    """Run ``unorules match`` with parsed ``args`` and the ``rules`` they name; the exit
    code: 0 (no fault), 1 (a bot faulted: the faults are printed on ``err``), 2 (a usage
    error, or a bot that cannot be started).

    >>> import argparse, io, sys, unorules as uno
    >>> p = argparse.ArgumentParser(); add_arguments(p)
    >>> args = p.parse_args(["--bot", "random", "--bot", "random", "--rounds", "1",
    ...                      "--seed", "4", "--quiet"])
    >>> run_match_verb(args, uno.MATTEL, sys.stdout, sys.stdout)
    match: 1 game, 2 bots, seed 4
    bot  games won  rounds won  score  name    fault
    0    ...
    0
    """
    output: TextIO | None = None
    stderr_file: IO[bytes] | None = None
    try:
        seats = seats_and_bots(args, programs=True)
    except Usage as exc:
        print(f"unorules match: error: {exc}", file=err)
        return 2
    try:
        specs = [BotSpec.parse(text) for text in seats]
        if (
            args.output is not None
            and args.games > 1
            and not args.output.endswith((".jsonl", ".ndjson"))
        ):
            raise ValueError("-o: several games are written as JSON Lines: name the file *.jsonl")
        if args.max_rounds < 1:
            raise ValueError(f"--max-rounds: at least 1, not {args.max_rounds}")
        where = args.bot_stderr
        if where not in ("capped", "null"):
            try:
                stderr_file = open(where, "ab")  # noqa: SIM115
            except OSError as exc:
                raise ValueError(f"--bot-stderr: cannot write {where}: {exc}") from None
        if args.output is not None:
            output = open(args.output, "w", encoding="utf-8")  # noqa: SIM115
    except (ValueError, OSError) as exc:
        what = str(exc) if isinstance(exc, ValueError) else f"cannot write {args.output}: {exc}"
        print(f"unorules match: error: {what}", file=err)
        if stderr_file is not None:
            stderr_file.close()
        return 2

    shown = progress("match", args.games, err, quiet=args.quiet)

    def write(game: GameRecord) -> None:
        if isinstance(shown, Progress):
            shown.add()
        if output is not None:
            output.write(transcript.dumps_lines([game.transcript]))
            output.flush()

    try:
        result = run_match(
            specs,
            rules,
            games=args.games,
            rounds=args.rounds,
            seed=args.seed,
            timeout=args.timeout,
            startup_timeout=args.startup_timeout,
            on_fault=args.on_fault,
            max_actions=args.max_actions,
            max_rounds=args.max_rounds,
            game_time=args.game_time,
            stderr=stderr_file if stderr_file is not None else args.bot_stderr,
            on_game=write,
            keep_games=False,  # written out as they end: a long match holds none
        )
    except ValueError as exc:
        print(f"unorules match: error: {exc}", file=err)
        return 2
    except OSError as exc:
        print(f"unorules match: error: cannot start a bot: {exc}", file=err)
        return 2
    finally:
        if output is not None:
            output.close()
        if stderr_file is not None:
            stderr_file.close()
    for fault in result.faults:
        print(f"unorules match: {fault.message}", file=err)
    if args.json:
        print(json.dumps({**result.to_dict(), "output": args.output}, indent=2), file=out)
    else:
        _print_table(result, out)
        if args.output is not None:
            n = len(result.summaries)
            print(f"transcripts: {args.output} ({n} game{'s' * (n != 1)})", file=out)
    return 1 if result.faults else 0


def _print_table(result: MatchResult, out: TextIO) -> None:
    n = len(result.summaries)
    print(
        f"match: {n} game{'s' * (n != 1)}, {len(result.specs)} bots, seed {result.seed}",
        file=out,
    )
    rows = result.table()
    width = max(len("name"), *(len(r["name"]) for r in rows))
    print(f"bot  games won  rounds won  score  {'name':<{width}}  fault", file=out)
    for r in rows:
        fault = "-" if r["fault"] is None else r["fault"]["kind"]
        print(
            f"{r['bot']:<4} {r['games_won']:<10} {r['rounds_won']:<11} {r['score']:<6}"
            f" {r['name']:<{width}}  {fault}",
            file=out,
        )
    for i, g in enumerate(result.summaries):
        if g.stopped is not None:
            why = _WHY[g.stopped]
            print(f"game {i + 1} stopped after {g.actions} actions: {why} (unfinished)", file=out)


_WHY = {
    "fault": "a bot forfeited",
    "max_actions": "the bound of actions",
    "max_rounds": "the bound of rounds",
}


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``unorules match``."""
    return run_match_verb(args, rules_with_options(args.rules, args.option), out, err)


VERB = Verb(
    "match",
    "play bot programs (unorules-bot/1 on stdin/stdout) against each other",
    "Play external bot programs, speaking the stdio protocol unorules-bot/1, against"
    " each other and the built-in bots; record every game as a transcript.",
    add_arguments,
    run,
    'unorules match --bot "python3 examples/bots/random_bot.py" --bot heuristic --games 10'
    " -o games.jsonl",
)
