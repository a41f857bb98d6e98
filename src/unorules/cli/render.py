"""``unorules render``: a transcript's replay page (:func:`unorules.pictures.render.run`)."""

from __future__ import annotations

import argparse
from typing import TextIO

from unorules.cli._common import Verb
from unorules.pictures import render


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules render``."""
    p.add_argument("transcript", metavar="TRANSCRIPT", help="a transcript file (.json, .jsonl)")
    p.add_argument("-o", "--output", metavar="FILE", required=True, help="the HTML file to write")
    p.add_argument("--seat", type=int, metavar="N", help="draw the game as seat N sees it")
    p.add_argument(
        "--game", type=int, metavar="N", help="in a .jsonl file, game N (from 1; default: 1)"
    )
    p.add_argument("--line", type=int, metavar="N", help="in a .jsonl file, the game on line N")
    p.add_argument(
        "--round",
        type=int,
        metavar="N",
        help=f"draw only round N (from 1); a page draws at most {render.MAX_STEPS} steps",
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``unorules render``."""
    return render.run(
        args.transcript,
        args.output,
        seat=args.seat,
        line=args.line,
        game=args.game,
        round=args.round,
        out=out,
        err=err,
    )


VERB = Verb(
    "render",
    "write a transcript's replay page (HTML)",
    "Write one self-contained HTML page that steps through a transcript move by move,"
    " with the cards drawn; an invalid game is drawn up to its illegal move, which is"
    " highlighted with its code and message.",
    add_arguments,
    run,
    "unorules render examples/transcripts/games.jsonl --game 2 -o game.html",
)
