"""``unorules record``: write seeded bot games as transcripts."""

from __future__ import annotations

import argparse
from typing import TextIO

from unorules.actions import Action
from unorules.agents import bots
from unorules.agents.match import seed_option
from unorules.cli._common import (
    EXIT_OK,
    EXIT_USAGE,
    Usage,
    Verb,
    check_rounds,
    game_options,
    rules_with_options,
)
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
    p.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``unorules record``."""
    rules = rules_with_options(args.rules, args.option)
    if args.games < 1:
        raise Usage("--games: at least 1")
    bound = check_rounds(args)
    standalone = args.standalone or args.no_draw_pile
    games: list[transcript.Transcript] = []
    for index in range(args.games):
        seed = None if args.seed is None else game_seed(args.seed, index)
        try:
            start = new_game(args.players, rules, seed)
        except ValueError as exc:
            raise Usage(str(exc)) from None
        players = bots.random_bots(args.players, start.seed % (1 << 32))
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
            transcript.record(start, actions, seed=not standalone, draw_pile=not args.no_draw_pile)
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
    "Play a seeded game between random bots and write it as a transcript (JSON; JSON"
    " Lines with --games N > 1).",
    add_arguments,
    run,
)
