"""Matches between bots: external programs speaking ``unorules-bot/1``
(:mod:`unorules.agents.botio`) and the built-in bots, every game recorded as a transcript.
``unorules match`` runs it.

A bot is given as a command line (split as a POSIX shell would, then started without a
shell), or as a built-in bot by its name in :data:`unorules.agents.bots.BOTS`:
``builtin:random`` (or just ``random``) is :class:`unorules.agents.bots.RandomBot`, and
``heuristic`` and ``monte-carlo`` play as in a study. Seats rotate: in game ``g`` the
``i``-th bot sits at seat ``(i + g) % n``. Every game is dealt by a seed derived from the
match's seed.

The host decides chance and checks every answer with
:func:`unorules.agents.botio.action_from_seat`. A bot that does not answer in time, exits,
writes garbage, sends an action that is refused, stalls its turn (``stall``: more than
:data:`STALL_LIMIT` answers in a row that change nothing) or uses up its time for the game
(``timeout``: ``game_time``, a chess clock per bot and game) is stopped, and then, by
``on_fault``: ``"fallback"`` (the default) plays its seat with ``builtin:random`` for the
rest of the match; ``"forfeit"`` ends the match there (the game in progress is recorded
as far as it went).

>>> import unorules as uno
>>> result = run_match(["random", "builtin:random"], uno.MATTEL, games=2, rounds=1, seed=3)
>>> [g.seats for g in result.games], result.faults
([(0, 1), (1, 0)], ())
>>> [uno.formats.transcript.validate(g.transcript).valid for g in result.games]
[True, True]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import secrets
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final, Literal

import attrs

from unorules._echo import shown
from unorules.actions import Action, NextRound
from unorules.agents import bots
from unorules.agents.botio import (
    STDERR_CAP,
    BotFault,
    ExternalBot,
    SeatActionError,
    _quote,
    _wait_problem,
    action_from_seat,
    decide_message,
    game_message,
    interject_message,
    may_interject,
    result_message,
)
from unorules.engine import apply, new_game
from unorules.formats import transcript
from unorules.rules import Rules
from unorules.state import Phase, State

__all__ = [
    "BUILTIN_BOTS",
    "FILE_STDERR_CAP",
    "GAME_TIME_TIMEOUTS",
    "STALL_LIMIT",
    "BotSpec",
    "Fault",
    "GameRecord",
    "GameSummary",
    "MatchResult",
    "run_match",
]

BUILTIN_BOTS: Final[Mapping[str, Callable[[int], bots.Bot]]] = bots.BOTS
"""The built-in bots by name (``--bot builtin:NAME``, or the bare name): a factory taking
the bot's seed. It is :data:`unorules.agents.bots.BOTS`, the one table of bot names that
studies and every verb of the command name too.

>>> BUILTIN_BOTS is bots.BOTS, "heuristic" in BUILTIN_BOTS
(True, True)
"""

OnFault = Literal["fallback", "forfeit"]

STALL_LIMIT: Final = 3
"""How many answers in a row a program may give that change nothing (a call of UNO
that is legal but needless: the state, and so the turn, stays as it was); the next one
is the fault ``stall``, and the seat's fallback plays instead. A few are allowed, since
such a call is legal and a cautious bot may make one; without a bound a bot could
hold its turn until the game's bound of actions, and no fault said why.

>>> STALL_LIMIT
3
"""

GAME_TIME_TIMEOUTS: Final = 60
"""The default ``game_time`` of :func:`run_match`, in answers' ``timeout``: 60, so 300 s
of thinking a bot and game with the default ``timeout`` of 5 s.

>>> GAME_TIME_TIMEOUTS * 5.0
300.0
"""

FILE_STDERR_CAP: Final = 16 << 20
"""The most bytes of each program's standard error written into a file given as
``stderr`` to :func:`run_match` (16 MiB); the rest is dropped.

>>> FILE_STDERR_CAP
16777216
"""

Stopped = Literal["fault", "max_actions", "max_rounds"]


def seconds_option(text: str) -> float:
    """A ``--timeout`` option of the command line: a number of seconds a thread can wait
    (the rule of ``unorules.agents.botio._wait_problem``).

    >>> seconds_option("2.5")
    2.5
    >>> seconds_option("inf")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a number of seconds above 0 and at most ..., not inf
    """
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, not {shown(text)}") from None
    problem = _wait_problem(seconds)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return seconds


def seed_option(text: str) -> int:
    """A ``--seed`` option of the command line: a whole number from 0 to 2**64 - 1, as
    every seed (the same rule for every verb: a negative seed was taken by some).

    >>> seed_option("7")
    7
    >>> seed_option("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a seed is a whole number from 0 to 2**64 - 1, not '-1'
    """
    try:
        value = int(text, 10)
    except ValueError:
        value = -1
    if not 0 <= value < 1 << 64:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from 0 to 2**64 - 1, not {shown(text)}"
        )
    return value


@attrs.frozen
class BotSpec:
    """One ``--bot``: a built-in bot's name, or the command line of a program.

    >>> BotSpec.parse("random"), BotSpec.parse("builtin:random").builtin
    (BotSpec(text='random', builtin='random', command=()), 'random')
    >>> BotSpec.parse("node 'my bot.js' --seed 3").command
    ('node', 'my bot.js', '--seed', '3')
    >>> BotSpec.parse("builtin:clever")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'clever'; known: heuristic, monte-carlo, ...
    >>> BotSpec.parse("builtin:randon")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'randon'; did you mean 'random'? known: heuristic, monte-carlo, ...
    """

    text: str
    """The ``--bot`` argument as given."""
    builtin: str | None
    """The built-in bot's name, or None for a program."""
    command: tuple[str, ...]
    """The program and its arguments (empty for a built-in bot)."""

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read a ``--bot`` argument: ``builtin:NAME``, a bare built-in name, or a command
        line (``ValueError`` if it is empty or not closed, e.g. an open quote).

        >>> BotSpec.parse("python3 bot.py").command
        ('python3', 'bot.py')
        """
        name = text.removeprefix("builtin:")
        if text.startswith("builtin:") or text in BUILTIN_BOTS:
            bots.get_bot(name)  # ValueError: unknown bot 'clever'; known: ...
            return cls(text, name, ())
        try:
            command = tuple(shlex.split(text))
        except ValueError as err:
            raise ValueError(f"cannot read the command {text!r}: {err}") from None
        if not command:
            raise ValueError("an empty command: give a program (or builtin:random)")
        return cls(text, None, command)

    @property
    def label(self) -> str:
        """How faults name this bot's program: the ``--bot`` text, or its last 60
        characters (where the script and its arguments are).

        >>> BotSpec.parse("node examples/bots/random_bot.js").label
        'node examples/bots/random_bot.js'
        >>> BotSpec.parse("/opt/" + "very/" * 20 + "long/bot --fast").label
        '...very/very/very/very/very/very/very/very/very/long/bot --fast'
        """
        return self.text if len(self.text) <= 60 else "..." + self.text[-60:]


@attrs.frozen
class Fault:
    """A bot that broke the protocol: which bot (index of its ``--bot``), in which game
    and seat, what kind of fault (:class:`unorules.agents.botio.BotFault` kinds), and the
    message naming the bot and its line.

    >>> Fault(1, 0, 1, "timeout", "bot 1 (slow.py): no answer to decide within 2 s").kind
    'timeout'
    """

    bot: int
    game: int | None
    seat: int | None
    kind: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        """The fault as plain JSON values.

        >>> Fault(1, 0, 1, "crash", "bot 1: exited").to_dict()["kind"]
        'crash'
        """
        return attrs.asdict(self)


@attrs.frozen
class GameRecord:
    """One game of a match: the transcript, which bot sat at each seat, and why it
    stopped (``None``: it ended or played its rounds; ``"fault"``: a bot forfeited;
    ``"max_actions"``: it reached the bound of actions; ``"max_rounds"``: it reached the
    bound of rounds: unfinished, no match winner).

    >>> import unorules as uno
    >>> game = run_match(["random", "random"], uno.MATTEL, rounds=1, seed=1).games[0]
    >>> game.seats, game.stopped, len(game.final.scores)
    ((0, 1), None, 2)
    """

    transcript: transcript.Transcript
    seats: tuple[int, ...]
    """The bot (index of its ``--bot``) at each seat."""
    final: State
    """The state after the game's last action."""
    round_winners: tuple[int | None, ...]
    """The winning seat of each round that ended (None for a round that ended stuck)."""
    actions: int
    stopped: Stopped | None


@attrs.frozen
class GameSummary:
    """What the results of a match keep of one game (a few numbers, where a
    :class:`GameRecord` holds its transcript and final state): the bot at each seat, the
    final scores, the winning seat (or None) and the number of teams, the winning seat of
    each round, the actions and why it stopped.

    >>> import unorules as uno
    >>> game = run_match(["random", "random"], uno.MATTEL, rounds=1, seed=1).games[0]
    >>> summary = GameSummary.of(game)
    >>> summary.seats, summary.scores == game.final.scores, summary.stopped
    ((0, 1), True, None)
    """

    seats: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int | None
    teams: int
    round_winners: tuple[int | None, ...]
    actions: int
    stopped: Stopped | None

    @classmethod
    def of(cls, game: GameRecord) -> GameSummary:
        """The summary of ``game``.

        >>> import unorules as uno
        >>> game = run_match(["random", "random"], uno.MATTEL, rounds=1, seed=1).games[0]
        >>> GameSummary.of(game).actions == game.actions
        True
        """
        final = game.final
        return cls(
            game.seats,
            final.scores,
            final.winner,
            final.rules.teams,
            game.round_winners,
            game.actions,
            game.stopped,
        )

    def wins(self, seat: int) -> bool:
        """Whether ``seat`` won the game's match: it is the winner, or on its team.

        >>> GameSummary((0, 1), (0, 512), 1, 0, (1,), 40, None).wins(1)
        True
        """
        winner, teams = self.winner, self.teams
        if winner is None:
            return False
        return seat == winner or (teams > 0 and seat % teams == winner % teams)


def _summaries_of_games(result: MatchResult) -> tuple[GameSummary, ...]:
    return tuple(GameSummary.of(g) for g in result.games)


@attrs.frozen
class MatchResult:
    """What :func:`run_match` played: the bots' labels, every game (unless it was asked
    not to keep them), every fault, the seed, and the summary of every game.

    >>> import unorules as uno
    >>> result = run_match(["random", "random"], uno.MATTEL, games=2, rounds=1, seed=2)
    >>> [row["bot"] for row in result.table()], sum(r["rounds_won"] for r in result.table())
    ([0, 1], 2)
    """

    specs: tuple[BotSpec, ...]
    names: tuple[str, ...]
    """Each bot's name in the transcripts (its hello name, made unique)."""
    games: tuple[GameRecord, ...]
    """Every game, with its transcript (empty when ``run_match(keep_games=False)``)."""
    faults: tuple[Fault, ...]
    seed: int
    summaries: tuple[GameSummary, ...] = attrs.field(
        default=attrs.Factory(_summaries_of_games, takes_self=True)
    )
    """The summary of every game played (by default, of :attr:`games`)."""

    def table(self) -> list[dict[str, Any]]:
        """One row per bot: ``bot``, ``name``, ``bot_spec``, ``games_won`` (in team play,
        every member of the winning team counts the game), ``rounds_won`` (rounds it went
        out in), ``score`` (the sum of its final scores), ``fault`` (the first, or None).

        >>> import unorules as uno
        >>> rows = run_match(["random", "random"], uno.MATTEL, rounds=1, seed=2).table()
        >>> sorted(rows[0])
        ['bot', 'bot_spec', 'fault', 'games_won', 'name', 'rounds_won', 'score']
        """
        rows = []
        for i, (spec, name) in enumerate(zip(self.specs, self.names, strict=True)):
            won = rounds = score = 0
            for g in self.summaries:
                seat = g.seats.index(i)
                won += g.wins(seat)
                rounds += sum(w == seat for w in g.round_winners)
                score += g.scores[seat]
            fault = next((f for f in self.faults if f.bot == i), None)
            rows.append(
                {
                    "bot": i,
                    "name": name,
                    "bot_spec": spec.text,
                    "games_won": won,
                    "rounds_won": rounds,
                    "score": score,
                    "fault": None if fault is None else fault.to_dict(),
                }
            )
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The match as plain JSON values: ``seed``, ``bots`` (:meth:`table`), ``games``
        (seats, scores, winner as a bot index, rounds, actions, stopped), ``faults``.

        >>> import unorules as uno
        >>> d = run_match(["random", "random"], uno.MATTEL, rounds=1, seed=2).to_dict()
        >>> sorted(d), d["games"][0]["seats"]
        (['bots', 'faults', 'games', 'seed'], [0, 1])
        """
        return {
            "seed": self.seed,
            "bots": self.table(),
            "games": [
                {
                    "game": i,
                    "seats": list(g.seats),
                    "scores": list(g.scores),
                    "winner": None if g.winner is None else g.seats[g.winner],
                    "rounds": len(g.round_winners),
                    "actions": g.actions,
                    "stopped": g.stopped,
                }
                for i, g in enumerate(self.summaries)
            ],
            "faults": [f.to_dict() for f in self.faults],
        }


def _derived_seed(seed: int, *parts: object) -> int:
    text = "/".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class _Forfeit(Exception):
    pass


class _Entrant:
    """One ``--bot`` during a match: a built-in bot, or a program (until it faults)."""

    def __init__(
        self,
        index: int,
        spec: BotSpec,
        seed: int,
        timeout: float,
        stderr: Literal["capped", "null"] | IO[bytes] = "capped",
    ) -> None:
        self.index = index
        self.spec = spec
        self.label = f"bot {index} ({spec.label})"
        self.local: bots.Bot | None = None
        self.external: ExternalBot | None = None
        self.name = spec.builtin or ""
        self.seed = seed
        if spec.builtin is not None:
            self.local = BUILTIN_BOTS[spec.builtin](seed)
        else:
            self.external = ExternalBot(
                spec.command,
                label=self.label,
                timeout=timeout,
                stderr=stderr,
                stderr_cap=STDERR_CAP if isinstance(stderr, str) else FILE_STDERR_CAP,
            )
            self.name = _program_name(spec.command)


def _program_name(command: tuple[str, ...]) -> str:
    """The name of a bot that gives none: its script (``node bot.js`` -> ``bot.js``) or
    program."""
    for arg in command[1:]:
        if not arg.startswith("-") and Path(arg).is_file():
            return Path(arg).name[:40]
    return Path(command[0]).name[:40] or "bot"


class _Host:
    def __init__(
        self,
        entrants: list[_Entrant],
        *,
        on_fault: OnFault,
        faults: list[Fault],
        game_time: float = float("inf"),
    ) -> None:
        self.entrants = entrants
        self.on_fault = on_fault
        self.faults = faults
        self.game: int | None = None
        """The game being played (None during the handshake)."""
        self.game_time = game_time
        self.used = [0.0] * len(entrants)
        """The seconds each bot has taken to answer in this game (its chess clock)."""

    def fault(self, entrant: _Entrant, seat: int | None, kind: str, message: str) -> None:
        self.faults.append(Fault(entrant.index, self.game, seat, kind, message))
        if entrant.external is not None:
            entrant.external.kill()
            entrant.external = None
        if self.on_fault == "forfeit":
            raise _Forfeit
        entrant.local = BUILTIN_BOTS["random"](_derived_seed(entrant.seed, "fallback"))

    def ask(self, entrant: _Entrant, state: State, seat: int, turn: bool) -> Action | None:
        bot = entrant.external
        assert bot is not None
        kind = "decide" if turn else "interject"
        build = decide_message if turn else interject_message
        game = -1 if self.game is None else self.game
        # A person reads this: games and rounds from 1 (the message to the bot keeps
        # the protocol's 0-based "game").
        where = f"{kind} (game {game + 1}, round {state.round + 1}, seat {seat})"
        left = self.game_time - self.used[entrant.index]
        wait = min(bot.timeout, left)
        began = time.monotonic()
        try:
            if left <= 0:
                raise BotFault("timeout", "")
            data = bot.ask(build(state, seat, game=game), where, timeout=wait)
        except BotFault as err:
            message = str(err)
            if err.kind == "timeout" and wait < bot.timeout:
                message = (
                    f"{entrant.label}: used up its {self.game_time:g} s for game {game + 1}"
                    f" (the game time) before answering {where}"
                )
            self.fault(entrant, seat, err.kind, message)
            return None
        finally:
            self.used[entrant.index] += time.monotonic() - began
        if data is None and not turn:
            return None
        try:
            return action_from_seat(state, seat, data)
        except SeatActionError as err:
            line = _quote(json.dumps(data))
            self.fault(
                entrant, seat, "refused", f"{entrant.label}: answered {where} with {line}: {err}"
            )
        return None

    def stalls(self, entrant: _Entrant, state: State, seat: int, idle: int) -> bool:
        """Whether a program's answer that changes nothing, after ``idle`` such answers in
        a row, is one too many: then it is the fault ``stall`` (and its fallback acts)."""
        if entrant.external is None or idle < STALL_LIMIT:
            return False
        self.fault(
            entrant,
            seat,
            "stall",
            f"{entrant.label}: answered decide (game {self.game}, round {state.round},"
            f" seat {seat}) {idle + 1} times in a row with an action that changes nothing",
        )
        return True

    def act(self, entrant: _Entrant, state: State, seat: int) -> Action:
        if entrant.external is not None:
            action = self.ask(entrant, state, seat, turn=True)
            if action is not None:
                return action
        assert entrant.local is not None
        return entrant.local.act(state, seat)

    def interject(self, entrant: _Entrant, state: State, seat: int) -> Action | None:
        if entrant.external is not None:
            if not may_interject(state, seat):
                return None
            action = self.ask(entrant, state, seat, turn=False)
            if action is not None or entrant.external is not None:
                return action
        assert entrant.local is not None
        return entrant.local.interject(state, seat)

    def tell(self, entrant: _Entrant, message: dict[str, Any]) -> None:
        if entrant.external is not None:
            entrant.external.send(message)


def run_match(
    bot_specs: Sequence[str | BotSpec],
    rules: Rules,
    *,
    games: int = 1,
    rounds: int | None = None,
    seed: int | None = None,
    timeout: float = 5.0,
    startup_timeout: float = 10.0,
    on_fault: OnFault = "fallback",
    max_actions: int = 50_000,
    max_rounds: int = 500,
    game_time: float | None = None,
    stderr: Literal["capped", "null"] | IO[bytes] = "capped",
    on_game: Callable[[GameRecord], None] | None = None,
    keep_games: bool = True,
) -> MatchResult:
    """Play ``games`` games between the bots (one seat each, 2 to 10), each game to the
    end of the match or for ``rounds`` rounds, and return every game with its
    transcript. ``seed`` (default: drawn from :mod:`secrets`) fixes every deal and the
    built-in bots' choices; ``timeout`` bounds every answer of a program, in seconds,
    but its first (``hello``), which ``startup_timeout`` bounds; ``game_time`` (default:
    :data:`GAME_TIME_TIMEOUTS` times ``timeout``) bounds the seconds each program takes
    over all its answers in one game (a chess clock: a bot that runs out has the fault
    ``timeout``, so a game lasts at most about ``game_time`` per program);
    ``on_fault`` says what a fault does (see the module's text); a game stops,
    unfinished, after ``max_actions`` actions or ``max_rounds`` rounds. Each program's
    standard error goes where ``stderr`` says (:class:`~unorules.agents.botio.ExternalBot`;
    a file gets at most :data:`FILE_STDERR_CAP` bytes a program). ``on_game`` is called
    with each game as it ends; with ``keep_games=False`` the result keeps only each
    game's :class:`GameSummary` (``games`` is empty), so that a long match that writes
    its games out as they end holds none in memory. When the match is over, every
    program is stopped with every process it started.

    ``ValueError`` for a bad argument; ``OSError`` if a program cannot be started (the
    ones already started are stopped).

    >>> import unorules as uno
    >>> result = run_match(["random"] * 3, uno.get_profile("danish"), rounds=2, seed=5)
    >>> game = result.games[0]
    >>> len(game.round_winners), game.transcript.players
    (2, ('random', 'random (2)', 'random (3)'))
    >>> run_match(["random"], uno.MATTEL)
    Traceback (most recent call last):
    ...
    ValueError: a match needs 2 to 10 bots, one a seat, not 1
    """
    specs = tuple(s if isinstance(s, BotSpec) else BotSpec.parse(s) for s in bot_specs)
    if not 2 <= len(specs) <= 10:
        raise ValueError(f"a match needs 2 to 10 bots, one a seat, not {len(specs)}")
    if games < 1:
        raise ValueError(f"games: at least 1, not {games}")
    if rounds is not None and rounds < 1:
        raise ValueError(f"rounds: at least 1, not {rounds}")
    for name, wait in (("timeout", timeout), ("startup_timeout", startup_timeout)):
        problem = _wait_problem(wait)
        if problem is not None:
            raise ValueError(f"{name}: {problem}")
    if max_actions < 1:
        raise ValueError(f"max_actions: at least 1, not {max_actions}")
    if max_rounds < 1:
        raise ValueError(f"max_rounds: at least 1, not {max_rounds}")
    if game_time is None:
        game_time = GAME_TIME_TIMEOUTS * timeout
    elif not game_time > 0:  # nan too
        raise ValueError(f"game_time: a number of seconds above 0, not {game_time}")
    if on_fault not in ("fallback", "forfeit"):
        raise ValueError(f"on_fault is 'fallback' or 'forfeit', not {on_fault!r}")
    match_seed = secrets.randbits(63) if seed is None else seed
    entrants: list[_Entrant] = []
    faults: list[Fault] = []
    host = _Host(entrants, on_fault=on_fault, faults=faults, game_time=game_time)
    records: list[GameRecord] = []
    summaries: list[GameSummary] = []
    try:
        for i, spec in enumerate(specs):
            seed_i = _derived_seed(match_seed, "bot", i)
            entrants.append(_Entrant(i, spec, seed_i, timeout, stderr))
        for entrant in entrants:
            if entrant.external is not None:
                try:
                    given = entrant.external.hello(timeout=startup_timeout)
                except BotFault as err:
                    host.fault(entrant, None, err.kind, str(err))
                    continue
                entrant.name = given or entrant.name
        names = _unique([e.name for e in entrants])
        for g in range(games):
            host.game = g
            host.used = [0.0] * len(entrants)
            record = _play_game(
                host,
                names,
                rules,
                g,
                rounds=rounds,
                match_seed=match_seed,
                max_actions=max_actions,
                max_rounds=max_rounds,
            )
            summaries.append(GameSummary.of(record))
            if keep_games:
                records.append(record)
            for entrant in entrants:  # what each program runs now, to stop it all at the end
                if entrant.external is not None:
                    entrant.external.track_processes()
            if on_game is not None:
                on_game(record)
            if record.stopped == "fault":
                break
    except _Forfeit:
        names = _unique([e.name for e in entrants])
    finally:
        for entrant in entrants:
            if entrant.external is not None:
                entrant.external.close()
    return MatchResult(
        specs, tuple(names), tuple(records), tuple(faults), match_seed, tuple(summaries)
    )


def _unique(names: list[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        candidate, n = name, 1
        while candidate in out:
            n += 1
            candidate = f"{name} ({n})"
        out.append(candidate)
    return out


def _play_game(
    host: _Host,
    names: list[str],
    rules: Rules,
    g: int,
    *,
    rounds: int | None,
    match_seed: int,
    max_actions: int,
    max_rounds: int,
) -> GameRecord:
    entrants = host.entrants
    n = len(entrants)
    seats = tuple((seat - g) % n for seat in range(n))  # bot i sits at seat (i + g) % n
    start = new_game([names[b] for b in seats], rules, _derived_seed(match_seed, "game", g))
    for seat, b in enumerate(seats):
        host.tell(entrants[b], game_message(start, seat, game=g))
    return _play_from(
        host, seats, start, g, rounds=rounds, max_actions=max_actions, max_rounds=max_rounds
    )


def _play_from(
    host: _Host,
    seats: tuple[int, ...],
    start: State,
    g: int,
    *,
    rounds: int | None,
    max_actions: int,
    max_rounds: int = 500,
) -> GameRecord:
    """Play game ``g`` from ``start``, bot ``seats[i]`` at seat ``i``. Which seats are
    asked, and in which order, depends only on what every seat may see
    (:func:`unorules.agents.botio.may_interject`): how long the host waits for one bot's answer
    must tell the others nothing."""
    entrants = host.entrants
    n = len(seats)
    state = start
    actions: list[Action] = []
    winners: list[int | None] = []
    stopped: Stopped | None = None
    quiet: set[int] = set()
    idle = 0  # answers in a row of the player to act that changed nothing
    try:
        while True:
            phase = state.phase
            if phase is Phase.GAME_OVER:
                break
            if phase is Phase.ROUND_OVER:
                if rounds is not None and state.round + 1 >= rounds:
                    break
                if state.round + 1 >= max_rounds:
                    stopped = "max_rounds"
                    break
                action: Action = NextRound()
            elif len(actions) >= max_actions:
                stopped = "max_actions"
                break
            else:
                current = state.current_player
                assert current is not None
                chosen: Action | None = None
                out = (*state.eliminated, *state.knocked_out)  # seats not in play
                for seat in range(n):
                    if seat != current and seat not in out and seat not in quiet:
                        chosen = host.interject(entrants[seats[seat]], state, seat)
                        if chosen is not None:
                            break
                if chosen is None:
                    actor = entrants[seats[current]]
                    chosen = host.act(actor, state, current)
                    if (
                        actor.external is not None
                        and idle >= STALL_LIMIT
                        and apply(state, chosen) == state
                        and host.stalls(actor, state, current, idle)
                    ):
                        chosen = host.act(actor, state, current)
                action = chosen
            before = state
            state = apply(state, action)
            actions.append(action)
            if state is before or state == before:
                idle += not isinstance(action, NextRound) and action.player == before.current_player
                # An interjection that changed nothing (a needless UNO call): that seat is
                # not asked again until something happens, or it could be asked forever.
                if not isinstance(action, NextRound) and action.player != before.current_player:
                    quiet.add(action.player)
            else:
                quiet.clear()
                idle = 0
            if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and before.phase not in (
                Phase.ROUND_OVER,
                Phase.GAME_OVER,
            ):
                winners.append(state.round_winner)
    except _Forfeit:
        stopped = "fault"
    for seat, b in enumerate(seats):
        host.tell(entrants[b], result_message(state, seat, game=g))
    return GameRecord(
        transcript.record(start, actions), seats, state, tuple(winners), len(actions), stopped
    )
