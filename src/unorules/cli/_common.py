"""What every verb of the ``unorules`` command shares: the exit codes, usage errors,
standard output that fails cleanly, the profile and ``--option`` readers, the options
every verb spells alike (``--rules``, ``--option K=V``, ``--players``, ``--rounds``,
``--seed``, ``--games``, ``--bot``, ``--quiet``) with their defaults, the bot names and
the progress shown on standard error, and :class:`Verb`, the entry of a verb in the
command's table (:data:`unorules.cli.VERBS`)."""

from __future__ import annotations

import argparse
import shlex
import shutil
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, TextIO

from unorules._echo import capped
from unorules._json import decode
from unorules.agents.bots import BOTS, get_bot
from unorules.agents.match import seed_option
from unorules.errors import JSONError
from unorules.rules import PROFILES, Rules, RulesError, get_profile, rules_from_options
from unorules.studies.study import MAX_ROUNDS, ROUNDS_LIMIT, Progress

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

EXIT_CODES = """\
exit codes:
  0  success (validate: every game is valid)
  1  validate: a game is invalid (a file that is not JSON or not of the format counts as
     an invalid game, code malformed); match: a bot broke the protocol
  2  usage error, a file that cannot be opened, or output that cannot be written"""


PLAYERS: Final = 4
"""The seats of every verb that plays when neither ``--players`` nor one ``--bot`` per seat
says: four, the table the rules sheets picture and the studies' figures are quoted for
(``unorules play --players 2`` is the short game to watch).

>>> PLAYERS
4
"""

STUDY_GAMES: Final = 1000
"""The games ``simulate`` and ``compare`` play unless ``--games`` says: enough for a seat's
share of the matches (about 25% of four) to get a 95% confidence interval about three
points either side (100 games gave nine), in some fifteen seconds of whole matches on one
core (``--jobs`` and ``--rounds`` shorten it; the progress shows); ``record`` and
``match`` record one game unless told.

>>> STUDY_GAMES
1000
"""


class Verb(NamedTuple):
    """One verb of the command: its name and help, the options it adds to its parser,
    what runs it (returning the exit code), and an example its ``--help`` shows. The
    command is the table of them, :data:`unorules.cli.VERBS`.

    >>> from unorules.cli import VERBS
    >>> verb = VERBS[0]
    >>> verb.name, verb.help
    ('validate', 'check transcripts move by move')
    >>> verb.example
    'unorules validate examples/transcripts/mattel-valid.json'
    """

    name: str
    help: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO, TextIO], int]
    example: str = ""


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


def option_value(key: str, text: str) -> object:
    """The value of ``--option KEY=TEXT``: JSON, read by the strict reader
    (:func:`unorules._json.decode`), or the text itself, a bare word, when it is not JSON.
    A value written as a list or an object (``[`` or ``{`` first) that the reader refuses
    (not JSON, a key twice, nested too deeply) is a :class:`Usage` error that says why.

    >>> option_value("stacking", "same_type"), option_value("target", "250")
    ('same_type', 250)
    >>> option_value("stacking", "[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    ...
    unorules.cli._common.Usage: --option: stacking=[[[...: not JSON this library reads: nested ...
    """
    try:
        return decode(text)
    except JSONError as exc:
        if not text.startswith(("[", "{")):
            return text
        raise Usage(f"--option: {capped(key)}={capped(text)}: {exc.message}") from None


def rules_with_options(name: str, options: Sequence[str]) -> Rules:
    base = profile(name)
    changes: dict[str, object] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise Usage(f"--option {item!r}: write KEY=VALUE, e.g. --option stacking=same_type")
        changes[key.strip()] = option_value(key.strip(), value.strip())
    try:
        return rules_from_options(base, changes)
    except RulesError as exc:
        raise Usage(f"--option: {exc}") from None


def rules_options(p: argparse.ArgumentParser, *, profile: bool = True) -> None:
    """The options that name the rules: the profile (``--rules``, unless the verb names
    its profiles otherwise) and its options, as every verb that plays games spells them."""
    if profile:
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


def game_options(p: argparse.ArgumentParser, *, profile: bool = True) -> None:
    """The options of a verb that plays games: the rules, the seats and the rounds."""
    rules_options(p, profile=profile)
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"seats, 2-10 ({PLAYERS}); given one --bot per seat, as many as they",
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


def seed_options(p: argparse.ArgumentParser, *, study: bool = False) -> None:
    """``--seed N``: a study is reproducible by default (seed 0); a game to watch or
    record is dealt at random unless seeded (its seed is printed or recorded)."""
    if study:
        p.add_argument(
            "--seed", type=seed_option, default=0, metavar="N", help="seed of the first game (0)"
        )
    else:
        p.add_argument(
            "--seed",
            type=seed_option,
            metavar="N",
            help="seed (default: random; printed or recorded, to play the same again)",
        )


def games_options(p: argparse.ArgumentParser, games: int) -> None:
    """``--games N``: :data:`STUDY_GAMES` for a study, 1 for a verb that records games."""
    why = "enough for intervals of a few points" if games == STUDY_GAMES else "one game"
    p.add_argument(
        "--games", type=int, default=games, metavar="N", help=f"games to play ({games}: {why})"
    )


def bot_options(p: argparse.ArgumentParser, *, programs: bool = False) -> None:
    """``--bot NAME``: a built-in bot (every verb), or for ``match`` a program too."""
    names = ", ".join(BOTS)
    if programs:
        text = (
            f"a bot: a built-in one ({names}; also builtin:NAME) or a program's command line"
            " (started without a shell, speaking unorules-bot/1 on stdin/stdout); once for"
            " every seat, or once per seat"
        )
    else:
        text = (
            f"the bots ({names}; random): once for every seat, or once per seat (programs"
            " play in unorules match)"
        )
    metavar = "CMD" if programs else "NAME"
    p.add_argument("--bot", action="append", default=[], metavar=metavar, help=text)


def quiet_options(p: argparse.ArgumentParser) -> None:
    """``-q``/``--quiet``: no progress on standard error."""
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress on standard error (on a terminal a bar; elsewhere a line every"
        " few seconds)",
    )


def check_count(option: str, value: int | None, least: int = 1) -> None:
    """A count option below its least value is a usage error naming it."""
    if value is not None and value < least:
        raise Usage(f"{option}: at least {least}, not {value}")


def seats_and_bots(args: argparse.Namespace, *, programs: bool = False) -> list[str]:
    """The bot of every seat, from ``--bot`` and ``--players`` (set to the seats): one
    ``--bot`` plays every seat (:data:`PLAYERS` unless ``--players`` says), several play
    one seat each. A name that is not a built-in bot is a usage error with a guess at the
    name meant (``did you mean 'heuristic'?``); with ``programs`` (``match``) a command
    line is a bot too, unless it is one word that names no program (a mistyped name).

    >>> args = argparse.Namespace(bot=["heuristic"], players=None)
    >>> seats_and_bots(args), args.players
    (['heuristic', 'heuristic', 'heuristic', 'heuristic'], 4)
    >>> seats_and_bots(argparse.Namespace(bot=["randon"], players=2))
    Traceback (most recent call last):
    ...
    unorules.cli._common.Usage: --bot: unknown bot 'randon'; did you mean 'random'? known: ...
    """
    given: list[str] = list(args.bot) or ["random"]
    players = args.players
    if players is None:
        players = len(given) if len(given) > 1 else PLAYERS
    if not 2 <= players <= 10:
        raise Usage(f"--players: UNO is played by 2 to 10 players, not {players}")
    if len(given) not in (1, players):
        raise Usage(f"--bot: {len(given)} bots for {players} seats (give 1 or {players})")
    for text in given:
        name = text.removeprefix("builtin:") if programs else text
        if name in BOTS:
            continue
        if programs and not text.startswith("builtin:"):
            try:
                words = shlex.split(text)
            except ValueError:
                continue  # the match says what is wrong with the command
            if len(words) != 1 or "/" in words[0] or shutil.which(words[0]) is not None:
                continue  # a program (the match says if it cannot start)
        try:
            get_bot(name)
        except ValueError as exc:
            also = "; or a program's command line" if programs else " (programs: unorules match)"
            raise Usage(f"--bot: {exc}{also}") from None
    args.players = players
    return given * players if len(given) == 1 else given


def progress(verb: str, total: int, err: TextIO, *, quiet: bool) -> Progress | bool:
    """The progress of ``total`` games of ``verb`` on ``err``: a bar on a terminal, else a
    line every few seconds (:class:`unorules.studies.study.Progress`); none when ``quiet``."""
    return False if quiet else Progress(total, err, label=f"unorules {verb}")
