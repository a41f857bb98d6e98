"""``unorules record``: write seeded bot games as transcripts."""

from __future__ import annotations

import argparse
from typing import TextIO

from unorules._echo import writable
from unorules.actions import Action
from unorules.agents import bots
from unorules.cli._common import (
    EXIT_OK,
    EXIT_USAGE,
    Usage,
    Verb,
    bot_options,
    check_count,
    check_rounds,
    game_options,
    games_options,
    rules_with_options,
    seats_and_bots,
    seed_options,
)
from unorules.cli.play import seated
from unorules.engine import new_game
from unorules.formats import transcript


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules record``."""
    game_options(p)
    seed_options(p)
    games_options(p, 1)
    bot_options(p)
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
    check_count("--games", args.games)
    bound = check_rounds(args)
    seat_bots = seats_and_bots(args)
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
        # Game i is dealt by seed + i, which its transcript records: `--seed 3` records
        # seed 3, and `record --seed 4` plays the second game of `--seed 3 --games 2`.
        seed = None if args.seed is None else (args.seed + index) % (1 << 64)
        try:
            start = new_game(args.players, rules, seed)
        except ValueError as exc:
            raise Usage(str(exc)) from None
        players = seated(seat_bots, start.seed)
        actions: list[Action] = []
        last = start
        for action, after in bots.play(start, players, rounds=bound, max_actions=_most(bound)):
            actions.append(action)
            last = after
        if args.rounds is None and last.winner is None:
            print(
                f"unorules record: game {index + 1} stopped after {bound} rounds with no"
                " match winner (--max-rounds)",
                file=err,
            )
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


def _most(rounds: int) -> int:
    """The actions of a game of at most ``rounds`` rounds, never reached: a round of random
    bots ends long before a million actions."""
    return rounds * 1_000_001


VERB = Verb(
    "record",
    "write a seeded bot game as a transcript",
    "Play a seeded game between bots (random ones by default) and write it as a transcript"
    " (JSON; JSON Lines with --games N > 1). The transcript records its seed: game i of"
    " --seed S --games N is dealt by seed S + i (from 0), and record --seed S + i plays it"
    " again.",
    add_arguments,
    run,
    "unorules record --players 3 --seed 7 --rounds 2 -o game.json",
)
