"""What every verb of the ``unorules`` command shares: the exit codes, usage errors,
standard output that fails cleanly, the profile and ``--option`` readers, the common
options, and :class:`Verb`, the entry of a verb in the command's table
(:data:`unorules.cli.VERBS`)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import NamedTuple, TextIO

from unorules.agents.match import seed_option
from unorules.rules import PROFILES, Rules, RulesError, get_profile, rules_from_options
from unorules.studies.study import BOTS, MAX_ROUNDS, ROUNDS_LIMIT

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

EXIT_CODES = """\
exit codes:
  0  success (validate: every game is valid)
  1  validate: a game is invalid (a file that is not JSON or not of the format counts as
     an invalid game, code malformed); match: a bot broke the protocol
  2  usage error, a file that cannot be opened, or output that cannot be written"""


class Verb(NamedTuple):
    """One verb of the command: its name and help, the options it adds to its parser,
    and what runs it (returning the exit code). The command is the table of them,
    :data:`unorules.cli.VERBS`.

    >>> from unorules.cli import VERBS
    >>> verb = VERBS[0]
    >>> verb.name, verb.help
    ('validate', 'check transcripts move by move')
    """

    name: str
    help: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO, TextIO], int]


class Usage(Exception):
    """A usage error found after parsing (exit code 2)."""


class Unwritable(OSError):
    """Standard output could not be written (a full disk, ``> /dev/full``): exit code 2
    for every verb, never a traceback."""


class Output:
    """Standard output as the verbs write it: a write or flush that fails raises
    :class:`Unwritable` (a closed pipe stays :class:`BrokenPipeError`), so that
    :func:`main` tells a failed output from any other :class:`OSError` in one place."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise Unwritable(exc.errno, exc.strerror or str(exc)) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise Unwritable(exc.errno, exc.strerror or str(exc)) from exc

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def profile(name: str) -> Rules:
    try:
        return get_profile(name)
    except ValueError as exc:
        raise Usage(str(exc)) from None


def option_value(text: str) -> object:
    try:
        value: object = json.loads(text)
    except ValueError:
        return text
    return value


def rules_with_options(name: str, options: Sequence[str]) -> Rules:
    base = profile(name)
    changes: dict[str, object] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise Usage(f"--option {item!r}: write KEY=VALUE, e.g. --option stacking=same_type")
        changes[key.strip()] = option_value(value.strip())
    try:
        return rules_from_options(base, changes)
    except RulesError as exc:
        raise Usage(f"--option: {exc}") from None


def rules_options(p: argparse.ArgumentParser) -> None:
    """The options that name the rules: the profile and its options, as every verb that
    plays games spells them."""
    profiles = ", ".join(PROFILES)
    p.add_argument(
        "--rules", metavar="NAME", default="mattel", help=f"profile ({profiles}; mattel)"
    )
    p.add_argument(
        "--option",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a rule option (JSON value or bare word), e.g. stacking=same_type, seven_o=true;"
        " repeatable",
    )


def game_options(p: argparse.ArgumentParser, players: int = 4) -> None:
    """The options of a verb that plays games: the rules, the seats and the rounds."""
    rules_options(p)
    p.add_argument(
        "--players", type=int, default=players, metavar="N", help=f"seats, 2-10 ({players})"
    )
    p.add_argument(
        "--rounds", type=int, metavar="N", help="stop after N rounds (default: whole match)"
    )
    max_rounds_option(p)


def max_rounds_option(p: argparse.ArgumentParser) -> None:
    """``--max-rounds``: the bound of a whole match (a match of stuck rounds never ends)."""
    p.add_argument(
        "--max-rounds",
        type=int,
        default=MAX_ROUNDS,
        metavar="N",
        help=f"stop a whole match after N rounds, unfinished ({MAX_ROUNDS})",
    )


def check_rounds(args: argparse.Namespace) -> int:
    """Check ``--rounds`` and ``--max-rounds`` (a :class:`Usage` error naming the option);
    the rounds after which a game stops."""
    for option, value in (("--rounds", args.rounds), ("--max-rounds", args.max_rounds)):
        if value is not None and not 1 <= value <= ROUNDS_LIMIT:
            raise Usage(f"{option}: from 1 to {ROUNDS_LIMIT:,}, not {value:,}")
    return int(args.max_rounds if args.rounds is None else args.rounds)


def study_options(p: argparse.ArgumentParser, games: int) -> None:
    """The options of a verb that plays many games: how many, the seed, the workers, the
    bots, the plot."""
    p.add_argument("--games", type=int, default=games, metavar="N", help=f"games to play ({games})")
    p.add_argument(
        "--seed",
        type=seed_option,
        default=0,
        metavar="N",
        help="seed of the first game (0)",
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="worker processes (1; 0 = one per CPU; at most the CPU count)",
    )
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME",
        help=f"the bots ({', '.join(sorted(BOTS))}; random): once for every seat, or once per seat",
    )
    p.add_argument(
        "--plot",
        metavar="FILE",
        help="also draw the round lengths and the win shares per seat to FILE (.svg,"
        " .png or .pdf; needs matplotlib: pip install 'unorules[plot]')",
    )
