"""The ``unorules`` command: validate transcripts, simulate bot games, compare two rule
sets on the same games, compare the rule profiles, record a bot game as a transcript.

Usage::

    unorules validate FILE... [--rules NAME] [--json] [--jobs N]
    unorules play [--players N] [--rules NAME] [--option KEY=VALUE]... [--seed N]
                  [--rounds N] [--bot NAME]... [--names A,B,...]
    unorules simulate [--games N] [--players N] [--rules NAME] [--option KEY=VALUE]...
                      [--seed N] [--rounds N] [--jobs N] [--bot NAME]... [--quiet]
                      [--json] [--plot FILE]
    unorules compare A B [--option KEY=VALUE]... [--games N] [--players N] [--seed N]
                     [--rounds N] [--jobs N] [--bot NAME]... [--quiet] [--json]
                     [--plot FILE]
    unorules tournament --bot NAME --bot NAME... [--games N] [--rules NAME]
                        [--option KEY=VALUE]... [--rounds N | --matches] [--seed N]
                        [--jobs N] [--quiet] [--json]
    unorules rules [NAME...] [--diff] [--json]
    unorules record [--rules NAME] [--option KEY=VALUE]... [--players N] [--seed N]
                    [--rounds N] [--games N] [--bot NAME]... [--standalone]
                    [--no-draw-pile] [-o FILE]
    unorules render TRANSCRIPT -o FILE.html [--seat N] [--game N] [--line N] [--round N]
    unorules match --bot CMD... [--players N] [--rules NAME] [--option KEY=VALUE]...
                   [--games N] [--rounds N] [--seed N] [--quiet] [--timeout S]
                   [--on-fault fallback|forfeit] [--max-actions N] [-o FILE] [--json]
    unorules --version

The options the verbs share are spelled alike and default alike (``cli/_common.py``):
4 players, the bot names of :data:`unorules.agents.bots.BOTS`, 1000 games for a study.

Exit codes:

* 0: success (``validate``: every game is valid);
* 1: ``validate`` found an invalid game (a file that is not JSON, or not of the format,
  is an invalid game with code ``malformed``); ``match``: a bot broke the protocol;
* 2: a usage error (unknown verb, option, profile or rule option), or a file that cannot
  be opened (then the other files are still checked); for every verb also output that
  cannot be written (a full disk, a closed pipe).

Each verb is one module of this package, and the command is their table, :data:`VERBS`
(a new verb is a module with a :class:`Verb` and a line there).

>>> main(["rules", "mattel", "swedish", "--diff"])
option                  mattel            swedish              rules
...
voluntary_draw          yes               no                   ...
...
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Final, TextIO, cast

from unorules import COMPILED, __version__
from unorules.cli import match, play, record, render, rules, study, validate
from unorules.cli._common import (
    EXIT_CODES,
    EXIT_USAGE,
    Output,
    Unwritable,
    Usage,
    Verb,
)

__all__ = ["VERBS", "Verb", "main"]

Verb.__module__ = __name__  # defined in cli._common for the verbs' modules; documented here

VERBS: Final[tuple[Verb, ...]] = (
    validate.VERB,
    play.VERB,
    study.SIMULATE,
    study.COMPARE,
    study.TOURNAMENT,
    rules.VERB,
    record.VERB,
    render.VERB,
    match.VERB,
)
"""The verbs of the command, in the order ``unorules --help`` lists them.

>>> [verb.name for verb in VERBS]
['validate', 'play', 'simulate', 'compare', 'tournament', 'rules', 'record', 'render', 'match']
"""

_BY_NAME: Final = {verb.name: verb for verb in VERBS}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="unorules",
        description="UNO rules: validate game transcripts, simulate bot games, compare the"
        " rule profiles.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    build = "compiled" if COMPILED else "pure Python"  # which build runs (issue 30)
    parser.add_argument("--version", action="version", version=f"unorules {__version__} ({build})")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    for verb in VERBS:
        verb.add_arguments(
            verbs.add_parser(
                verb.name,
                help=verb.help,
                description=verb.description,
                epilog=f"example:\n  {verb.example}\n\n{EXIT_CODES}",
                formatter_class=argparse.RawDescriptionHelpFormatter,
            )
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``unorules`` command with ``argv`` (default: the process's arguments) and
    return its exit code (see the module docstring).

    >>> main(["validate", "no/such/file.json"])
    2
    >>> main(["--version"])
    unorules ...
    0
    """
    parser = _parser()
    out, err = cast(TextIO, Output(sys.stdout)), sys.stderr
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        code = _BY_NAME[args.verb].run(args, out, err)
        out.flush()  # output still buffered fails here, not at exit
        return code
    except Usage as exc:
        print(f"unorules {args.verb}: error: {exc}", file=err)
        return EXIT_USAGE
    # Output that cannot be written, for every verb alike: the command did not say all it
    # had to, so it never exits 0 (nor 1, which judges a game).
    except BrokenPipeError:  # e.g. `unorules play | head`: stop quietly
        validate.silence(sys.stdout)
        return EXIT_USAGE
    except Unwritable as exc:  # e.g. `unorules rules > /dev/full`
        validate.silence(sys.stdout)
        print(f"unorules {args.verb}: cannot write the output: {exc.strerror or exc}", file=err)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
