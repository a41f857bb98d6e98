"""``unorules record``: write seeded bot games as transcripts."""

from __future__ import annotations

import argparse
from typing import TextIO

from unorules._echo import writable
from unorules.agents import bots
from unorules.agents.match import seed_option
from unorules.cli._common import EXIT_OK, EXIT_USAGE, Usage, Verb, game_options, rules_with_options
from unorules.engine import new_game
from unorules.formats import transcript
from unorules.studies.study import game_seed


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules record``."""
    game_options(p)
    p.add_argument(
        "--seed", type=seed_option, metavar="N", help="the game's seed (default: random)"
    )
    p.add_argument("--games", type=int, default=1, metavar="N", help="games to record (1)")
    p.add_argument(
        "--standalone",
        action="store_true",
        help="write every deal and drawn card instead of the seed",
    )
    p.add_argument(
        "--no-draw-pile",
        action="store_true",
        help="with --standalone: no draw piles, every drawn card named",
    )
    p.add_argument(
        "--event", metavar="TEXT", help="write the event in the transcript's meta (never judged)"
    )
    p.add_argument(
        "--date",
        metavar="TEXT",
        help="write the date in the transcript's meta, e.g. 2026-12-04 (never judged)",
    )
    p.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``unorules record``."""
    rules = rules_with_options(args.rules, args.option)
    if args.games < 1:
        raise Usage("--games: at least 1")
    if args.rounds is not None and args.rounds < 1:
        raise Usage("--rounds: at least 1")
    standalone = args.standalone or args.no_draw_pile
    tags = [(name, getattr(args, name)) for name in ("event", "date")]
    given = [(name, text) for name, text in tags if text is not None]
    for name, text in given:
        if len(text) > transcript.MAX_META_TEXT or not writable(text):
            raise Usage(
                f"--{name}: at most {transcript.MAX_META_TEXT:,} characters of text UTF-8 can write"
            )
    meta = transcript.Meta(given) if given else None
    games: list[transcript.Transcript] = []
    for index in range(args.games):
        seed = None if args.seed is None else game_seed(args.seed, index)
        try:
            start = new_game(args.players, rules, seed)
        except ValueError as exc:
            raise Usage(str(exc)) from None
        players = bots.random_bots(args.players, start.seed % (1 << 32))
        actions = [a for a, _ in bots.play(start, players, rounds=args.rounds)]
        games.append(
            transcript.record(
                start,
                actions,
                seed=not standalone,
                draw_pile=not args.no_draw_pile,
                meta=meta,
            )
        )
    text = transcript.dumps(games[0]) if args.games == 1 else transcript.dumps_lines(games)
    if args.output is None or args.output == "-":
        out.write(text)
        return EXIT_OK
    if args.games > 1 and not args.output.endswith((".jsonl", ".ndjson")):
        raise Usage("-o: several games are written as JSON Lines: name the file *.jsonl")
    try:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        print(f"unorules: cannot write {args.output}: {exc.strerror or exc}", file=err)
        return EXIT_USAGE
    return EXIT_OK


VERB = Verb(
    "record",
    "write a seeded bot game as a transcript",
    "Play a seeded game between random bots and write it as a transcript (JSON; JSON"
    " Lines with --games N > 1).",
    add_arguments,
    run,
)
