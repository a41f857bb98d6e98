"""The stdio bot protocol ``unorules-bot/1``: a bot in any language, one JSON line per
decision (:doc:`/bots` describes it for bot authors).

The host (``unorules match``, or a program of yours) starts the bot as a process and
writes JSON lines to its standard input; the bot answers on its standard output. This
module holds the host's side: the messages it sends (built only from
:func:`~unorules.observe`, so they never show a hidden card), the check of what a bot
answers (:func:`action_from_seat`), and :class:`ExternalBot`, which runs one bot process
with a timeout on every answer. :func:`serve` is the bot's side, for bots written in
Python.

>>> import unorules as uno
>>> state = uno.new_game(2, seed=1)
>>> seat = state.current_player
>>> message = decide_message(state, seat, game=0)
>>> message["type"], message["protocol"], message["seat"] == seat
('decide', 'unorules-bot/1', True)
>>> action = message["view"]["legal_actions"][0]
>>> action_from_seat(state, seat, action) == uno.legal_actions(state, seat)[0]
True
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any, Final, Literal

import attrs

from unorules._echo import capped, check_seat, shown
from unorules._json import decode, rules_json
from unorules.actions import Action, CallUno, CatchUno, NextRound, Play
from unorules.agents import _procs
from unorules.engine import apply, legal_actions
from unorules.formats.jsonio import JSONError, action_from_dict, action_to_dict
from unorules.host import listed_action
from unorules.state import Phase, State
from unorules.view import View, observe

__all__ = [
    "CHANCE_FIELDS",
    "MAX_LINE",
    "PROTOCOL",
    "STDERR_CAP",
    "BotFault",
    "ExternalBot",
    "SeatActionError",
    "action_from_seat",
    "decide_message",
    "game_message",
    "hello_message",
    "interject_message",
    "may_interject",
    "result_message",
    "serve",
]

PROTOCOL: Final = "unorules-bot/1"
"""The protocol's name and version, in every message the host sends and in the bot's
``hello``.

>>> PROTOCOL
'unorules-bot/1'
"""

MAX_LINE: Final = 1 << 16
"""The longest line (in bytes, with its newline) a bot may answer: 64 KiB.

>>> MAX_LINE
65536
"""

STDERR_CAP: Final = 1 << 16
"""The most bytes of a bot's standard error that the host passes on (``stderr="capped"``
of :class:`ExternalBot`): 64 KiB; the rest is read and dropped.

>>> STDERR_CAP
65536
"""

CHANCE_FIELDS: Final = ("drawn", "hands")
"""The action keys only a host may give (what the shuffle produced): a seat never may.

>>> CHANCE_FIELDS
('drawn', 'hands')
"""

_NAME_MAX: Final = 40
_ACTION_ECHO: Final = 120  # the most characters of an action a refusal writes out


# == the seat-action check =====================================================================


class SeatActionError(ValueError):
    """What a seat sent is not an action it may take now. ``code`` is one of
    ``"malformed"`` (not an action object), ``"chance_field"`` (it names drawn cards or
    shuffled hands: only the host says what chance produced), ``"not_your_seat"`` (it
    acts for another seat) and ``"illegal"`` (not in ``legal_actions(state, seat)``). The
    message never names a card the seat cannot see.

    >>> err = SeatActionError("illegal", "not a legal action")
    >>> err.code, str(err), isinstance(err, ValueError)
    ('illegal', 'not a legal action', True)
    """

    code: Literal["malformed", "chance_field", "not_your_seat", "illegal"]
    """Why it was refused."""

    def __init__(
        self, code: Literal["malformed", "chance_field", "not_your_seat", "illegal"], message: str
    ) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[type[SeatActionError], tuple[str, str]]:
        return (type(self), (self.code, str(self)))


def action_from_seat(state: State, seat: int, data: object) -> Action:
    """The action that ``seat`` asks for with ``data`` (a decoded JSON action object, or a
    line of JSON text), once checked as a host must check what a player sends: it is an
    action object, it carries no chance field (``drawn``, ``hands``), it acts for ``seat``,
    and it is one of ``legal_actions(state, seat)``. Otherwise :class:`SeatActionError`,
    whose message names no card that ``seat`` cannot see (it echoes only what the seat
    sent). ``ValueError`` if ``seat`` is not at the table (the host's mistake).

    This is the one place where ``unorules match`` checks a bot's answer.

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=1)
    >>> seat = state.current_player
    >>> action_from_seat(state, seat, {"player": seat, "draw": True})
    Draw(...)
    >>> action_from_seat(state, seat, {"player": seat, "draw": True, "drawn": ["W"]})
    Traceback (most recent call last):
    ...
    unorules.agents.botio.SeatActionError: at $.drawn: a player may not name the cards drawn: ...
    >>> action_from_seat(state, seat, {"player": 1 - seat, "draw": True})
    Traceback (most recent call last):
    ...
    unorules.agents.botio.SeatActionError: at $.player: seat ... may act only for itself, ...
    >>> action_from_seat(state, seat, {"player": seat, "pass": True})
    Traceback (most recent call last):
    ...
    unorules.agents.botio.SeatActionError: P... keeps the card: not one of the ... legal ...
    >>> action_from_seat(state, seat, '{"player": 0, "draw": true')
    Traceback (most recent call last):
    ...
    unorules.agents.botio.SeatActionError: at $: not JSON: Expecting ',' delimiter: ...
    """
    check_seat(seat, state.players)
    if isinstance(data, str | bytes):
        try:
            data = decode(data)
        except JSONError as err:
            raise SeatActionError("malformed", str(err)) from None
    if isinstance(data, dict):
        for key in CHANCE_FIELDS:
            if key in data:
                what = "cards drawn" if key == "drawn" else "hands a Wild Shuffle Hands deals"
                raise SeatActionError(
                    "chance_field",
                    f"at $.{key}: a player may not name the {what}: the host"
                    f" {'draws them' if key == 'drawn' else 'deals them'}",
                )
        if "next_round" in data:
            raise SeatActionError("illegal", "at $.next_round: only the host deals a round")
    try:
        action = action_from_dict(data)
    except JSONError as err:
        raise SeatActionError("malformed", str(err)) from None
    assert not isinstance(action, NextRound)  # refused above
    if action.player != seat:
        raise SeatActionError(
            "not_your_seat",
            f"at $.player: seat {seat} may act only for itself,"
            f" not for seat {shown(action.player)}",
        )
    # The check of :func:`unorules.apply_from_seat`: the middle cards of a multi-card
    # play in any order, as the engine takes them; the listed action comes back.
    listed = listed_action(state, seat, action)
    if listed is None:
        legal = legal_actions(state, seat)
        raise SeatActionError(  # capped: a seat number of 4000 digits comes back short
            "illegal",
            f"{capped(str(action), _ACTION_ECHO)}: not one of the {len(legal)} legal actions"
            f" of seat {seat} now",
        )
    return listed


def may_interject(state: State, seat: int) -> bool:
    """Whether the host asks ``seat``, not the player to act, to interject now: it may
    catch a player who did not say UNO, it may jump in (under ``jump_in``), or it holds
    one card and saying UNO now still protects it. The answer depends only on what every
    seat may see, never on a hidden card, so that which seats are asked, and when (and
    so how long the host waits for their answers), tells nobody anything: under
    ``jump_in`` every other seat still in the round is asked whenever the top card may be
    jumped on (the round's play phase, a top card that is not wild), whether or not it
    holds a copy (one that does not answers ``null``). A call of UNO that changes
    nothing is always legal, and is not worth a question (a player already overdue, for
    example, can only be caught).

    >>> import unorules as uno
    >>> state = uno.new_game(3, seed=1)
    >>> may_interject(state, (state.current_player + 1) % 3)
    False
    >>> jump = uno.new_game(3, uno.MATTEL.but(jump_in=True), seed=1)
    >>> [may_interject(jump, seat) for seat in range(3) if seat != jump.current_player]
    [True, True]
    """
    if seat != state.current_player and _may_jump_in(state, seat):
        return True
    if any(isinstance(a, CatchUno | Play) for a in legal_actions(state, seat)):
        return True
    return len(state.hands[seat]) == 1 and apply(state, CallUno(seat)) != state


def _may_jump_in(state: State, seat: int) -> bool:
    """Whether ``seat`` could jump in now on public grounds, whatever its hand: the
    conditions of a Jump-In but the copy of the top card."""
    return (
        state.rules.jump_in
        and state.phase is Phase.PLAY
        and not state.top_card.is_wild
        and seat not in state.eliminated
        and seat not in state.knocked_out
    )


# == the messages ==============================================================================


def hello_message() -> dict[str, Any]:
    """The first line the host writes; the bot answers with its own ``hello``:
    ``{"type": "hello", "protocol": "unorules-bot/1", "name": "..."}``.

    >>> hello_message()
    {'type': 'hello', 'protocol': 'unorules-bot/1'}
    """
    return {"type": "hello", "protocol": PROTOCOL}


def game_message(start: State, seat: int, *, game: int) -> dict[str, Any]:
    """A game starts: which seat the bot plays, the players' names and the rules (as a
    transcript names them). No answer.

    >>> import unorules as uno
    >>> m = game_message(uno.new_game(["Ann", "Bo"], "swedish", seed=1), 1, game=0)
    >>> m["seat"], m["names"], m["rules"]
    (1, ['Ann', 'Bo'], 'swedish')
    """
    return {
        "type": "game",
        "protocol": PROTOCOL,
        "game": game,
        "seat": seat,
        "players": start.players,
        "names": list(start.names),
        "rules": rules_json(start.rules),
    }


def decide_message(state: State, seat: int, *, game: int) -> dict[str, Any]:
    """It is ``seat``'s turn: the view of ``seat`` (:meth:`View.to_dict
    <unorules.View.to_dict>`), whose ``legal_actions`` are the answers the host accepts.
    The bot answers one action object.

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=1)
    >>> m = decide_message(state, state.current_player, game=3)
    >>> sorted(m), m["game"]
    (['game', 'protocol', 'seat', 'type', 'view'], 3)
    """
    return _view_message("decide", observe(state, seat), game)


def interject_message(state: State, seat: int, *, game: int) -> dict[str, Any]:
    """``seat`` may act out of turn now (see :func:`may_interject`): its view, as in
    :func:`decide_message`. The bot answers an action object or ``null`` (nothing).

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=1)
    >>> interject_message(state, 0, game=0)["type"]
    'interject'
    """
    return _view_message("interject", observe(state, seat), game)


def _view_message(kind: str, view: View, game: int) -> dict[str, Any]:
    return {
        "type": kind,
        "protocol": PROTOCOL,
        "game": game,
        "seat": view.player,
        "view": view.to_dict(),
    }


def result_message(final: State, seat: int, *, game: int) -> dict[str, Any]:
    """A game is over (or stopped): the scores, the match winner (or ``null``) and the
    rounds played. No answer.

    >>> import unorules as uno
    >>> m = result_message(uno.new_game(2, seed=1), 0, game=0)
    >>> m["scores"], m["winner"], m["rounds"]
    ([0, 0], None, 0)
    """
    rounds = final.round + (1 if final.is_over else 0)
    return {
        "type": "result",
        "protocol": PROTOCOL,
        "game": game,
        "seat": seat,
        "scores": list(final.scores),
        "winner": final.winner,
        "rounds": rounds,
    }


_BYE: Final = {"type": "bye", "protocol": PROTOCOL}


# == the bot process ===========================================================================


FaultKind = Literal["timeout", "crash", "garbage", "refused", "handshake"]


class BotFault(Exception):
    """A bot broke the protocol: it did not answer in time (``timeout``), it exited or
    closed its output (``crash``), it wrote a line that is not JSON or too long
    (``garbage``), its action was refused by :func:`action_from_seat` (``refused``), or its
    ``hello`` was wrong (``handshake``). The message names the bot and quotes (at most 120
    characters of) its line.

    >>> str(BotFault("timeout", "bot 1 (node bot.js): no answer within 2 s"))
    'bot 1 (node bot.js): no answer within 2 s'
    """

    kind: FaultKind
    """What went wrong."""

    def __init__(self, kind: FaultKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _quote(line: bytes | str) -> str:
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    text = text.rstrip("\r\n")
    return repr(text) if len(text) <= 120 else repr(text[:120]) + f" (and {len(text) - 120} more)"


_EOF: Final = b""
_CHUNK: Final = 1 << 16
_ERR_LINE: Final = 4096  # the longest piece of a bot's stderr line shown as one line
_POLL_MS: Final = 50  # how often a thread moving a bot's bytes looks whether to stop


def _ready(fd: int, *, write: bool) -> bool:
    """Whether ``fd`` can be read (or written) now, waiting at most ``_POLL_MS``: a
    hang-up or an error counts as ready (the read or write then says what it is)."""
    if not hasattr(select, "poll"):  # pragma: no cover - Windows: a blocking read
        return True
    poller = select.poll()
    poller.register(fd, select.POLLOUT if write else select.POLLIN)
    return bool(poller.poll(_POLL_MS))


def _emit(sink: IO[bytes] | None, data: bytes) -> None:
    """Write a bot's standard error on the host's (``sink`` None) or into ``sink``."""
    with contextlib.suppress(OSError, ValueError):
        if sink is None:
            sys.stderr.flush()
            os.write(2, data)
        else:
            sink.write(data)
            sink.flush()


def _wait_problem(seconds: float) -> str | None:
    """What is wrong with ``seconds`` as a timeout, or None: a wait that a thread can make
    is above 0 and at most :data:`threading.TIMEOUT_MAX` (``inf`` and 1e10 s overflow the
    platform's clock; ``nan`` is no number). The one rule for every timeout of the
    library: :class:`ExternalBot`, :func:`unorules.agents.match.run_match`, ``unorules match``.

    >>> _wait_problem(5.0) is None
    True
    >>> _wait_problem(float("inf"))
    'a number of seconds above 0 and at most ..., not inf'
    """
    if 0 < seconds <= threading.TIMEOUT_MAX:
        return None
    return f"a number of seconds above 0 and at most {threading.TIMEOUT_MAX:g}, not {seconds}"


def _check_timeout(name: str, seconds: float) -> float:
    """``seconds`` if ``_wait_problem`` finds nothing wrong, else ``ValueError``
    naming ``name``."""
    problem = _wait_problem(seconds)
    if problem is not None:
        raise ValueError(f"{name}: {problem}")
    return seconds


class ExternalBot:
    """One bot program, started with ``command`` (a list of arguments, no shell), speaking
    ``unorules-bot/1`` on its standard input and output. ``label`` names it in every
    fault. Every answer must come within ``timeout`` seconds, else :class:`BotFault`; a
    ``timeout`` that is not above 0 and at most :data:`threading.TIMEOUT_MAX` (``inf``,
    ``nan``, ``1e10``) is a ``ValueError``, and no program is started.

    Its standard error is read by the host, never handed over: ``stderr="capped"`` (the
    default) echoes it on the host's standard error, each line after the bot's label, up
    to ``stderr_cap`` bytes written (64 KiB, labels included), then says once that the
    rest is not shown;
    ``"null"`` discards it; a binary file object receives it as ``"capped"`` would (the
    cap applies). A bot that floods it can neither fill the host's output nor block.

    Three threads move the bytes (with a poll, so that each stops when the bot is
    stopped), so that neither a bot that never reads nor one that never writes can block
    the host. When the bot is stopped (:meth:`close`, :meth:`kill`), so is every process
    it started, wherever it went (``unorules.agents._procs``: its process group, what
    descends from it, what carries its tag; on Linux the host adopts the orphans as a
    child subreaper); the threads are joined and the pipes closed, even when a process
    the bot started held them.

    >>> import sys
    >>> code = "import sys; sys.stdin.readline(); print('not json', flush=True)"
    >>> bot = ExternalBot([sys.executable, "-c", code], label="bot 0", timeout=5)
    >>> bot.hello()
    Traceback (most recent call last):
    ...
    unorules.agents.botio.BotFault: bot 0: answered hello with a line that is not JSON: 'not json'
    >>> bot.close()
    >>> ExternalBot([sys.executable, "-c", code], label="bot 0", timeout=float("inf"))
    Traceback (most recent call last):
    ...
    ValueError: timeout: a number of seconds above 0 and at most ..., not inf
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        label: str,
        timeout: float,
        stderr: Literal["capped", "null"] | IO[bytes] = "capped",
        stderr_cap: int = STDERR_CAP,
    ) -> None:
        self.label = label
        self.timeout = _check_timeout("timeout", timeout)
        if not isinstance(stderr, str):
            sink: IO[bytes] | None = stderr
        elif stderr in ("capped", "null"):
            sink = None
        else:
            raise ValueError(f"stderr is 'capped', 'null' or a binary file, not {stderr!r}")
        if stderr_cap < 0:
            raise ValueError(f"stderr_cap: at least 0, not {stderr_cap}")
        self.name: str | None = None
        """The name the bot gave in its ``hello``."""
        token = _procs.new_token()
        _procs.become_subreaper()
        # Its own session and process group (POSIX), so that stopping it stops what it
        # started too, and a Ctrl-C at the terminal reaches the host, which then stops
        # its bots; the tag finds what leaves the group.
        self._process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL if stderr == "null" else subprocess.PIPE,
            bufsize=0,
            start_new_session=hasattr(os, "killpg"),
            env={**os.environ, _procs.ENV_TAG: token},
        )
        self._family = _procs.Family(self._process.pid, token)
        # Bounded: a bot that floods its output waits for the host instead of filling
        # the host's memory (and is caught at the next question).
        self._lines: queue.Queue[bytes] = queue.Queue(maxsize=8)
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._closed = False
        self._ended = False  # the end of its output has been read
        self._stopping = threading.Event()
        self._err_sink = sink
        self._err_cap = stderr_cap
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._writer = threading.Thread(target=self._write, daemon=True)
        self._threads = [self._reader, self._writer]
        if self._process.stderr is not None:
            self._threads.append(threading.Thread(target=self._drain_stderr, daemon=True))
        for thread in self._threads:
            thread.start()

    def _chunks(self, pipe: IO[bytes] | None) -> Iterator[bytes]:
        """What the bot writes into ``pipe``, a chunk at a time, until its end or until
        the bot is stopped."""
        assert pipe is not None
        fd = pipe.fileno()
        os.set_blocking(fd, False)
        while not self._stopping.is_set():
            if not _ready(fd, write=False):
                continue
            try:
                chunk = os.read(fd, _CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                return
            if not chunk:
                return
            yield chunk

    def _read(self) -> None:
        pending = b""
        for chunk in self._chunks(self._process.stdout):
            pending += chunk
            while True:
                end = pending.find(b"\n")
                if end < 0 and len(pending) <= MAX_LINE:
                    break
                if end < 0 or end >= MAX_LINE:  # too long: the last line read
                    self._put(pending[: MAX_LINE + 1])
                    return
                self._put(pending[: end + 1])
                pending = pending[end + 1 :]
        if pending:
            self._put(pending)
        self._put(_EOF)

    def _put(self, line: bytes) -> None:
        while not self._stopping.is_set():
            try:
                self._lines.put(line, timeout=0.05)
                return
            except queue.Full:
                continue

    def _write(self) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        fd = stdin.fileno()
        os.set_blocking(fd, False)
        while not self._stopping.is_set():
            try:
                data = self._outbox.get(timeout=0.05)
            except queue.Empty:
                continue
            if data is None:
                with contextlib.suppress(OSError):
                    stdin.close()  # the end of its input: a bot reading to the end exits
                return
            view = memoryview(data)
            while view and not self._stopping.is_set():
                if not _ready(fd, write=True):
                    continue
                try:
                    view = view[os.write(fd, view) :]
                except BlockingIOError:
                    continue
                except OSError:
                    return  # the bot is gone: the reader sees the end of its output

    def _drain_stderr(self) -> None:
        """Read the bot's standard error to its end, and pass it on line by line, each
        after the bot's label, until ``stderr_cap`` bytes (labels included) are written;
        then say once that the rest is not shown."""
        sink = self._err_sink
        left = self._err_cap
        pending = b""
        prefix = f"{self.label}: ".encode()
        full = False
        for chunk in self._chunks(self._process.stderr):
            if full:
                continue  # drained, not shown
            *lines, pending = (pending + chunk).split(b"\n")
            while len(pending) > _ERR_LINE:  # a line without end is shown in pieces
                lines.append(pending[:_ERR_LINE])
                pending = pending[_ERR_LINE:]
            out = []
            for line in lines:
                piece = prefix + line + b"\n"
                if len(piece) > left:
                    full = True
                    break
                out.append(piece)
                left -= len(piece)
            if full:
                out.append(
                    prefix
                    + f"wrote more to standard error than the host shows ({self._err_cap}"
                    f" bytes): the rest is not shown\n".encode()
                )
            if out:
                _emit(sink, b"".join(out))
        if pending and not full and len(prefix) + len(pending) < left:
            _emit(sink, prefix + pending + b"\n")

    def send(self, message: dict[str, Any]) -> None:
        """Write one message line (no answer expected).

        >>> import sys
        >>> bot = ExternalBot([sys.executable, "-c", "import sys; sys.stdin.read()"],
        ...                   label="bot 0", timeout=5)
        >>> bot.send({"type": "bye"}); bot.close()
        """
        if not self._closed:
            self._outbox.put(json.dumps(message).encode() + b"\n")

    def ask(self, message: dict[str, Any], what: str, *, timeout: float | None = None) -> object:
        """Write one message and return the decoded JSON of the one line answered;
        :class:`BotFault` if the bot does not answer in time, has exited, or writes a
        line that is not JSON or longer than :data:`MAX_LINE`. ``what`` says what the
        question was, for the fault's message. A line that nobody asked for (written
        before this question) is a fault too, and so is an answer that is a JSON string
        (``refused``: no question is answered with a string, and a string handed to
        :func:`action_from_seat` would be read as a line of JSON a second time). ``timeout``
        (default: the bot's own) as in :class:`ExternalBot`.

        >>> import sys
        >>> echo = "import sys\\nfor line in sys.stdin: print(line, end='', flush=True)"
        >>> bot = ExternalBot([sys.executable, "-c", echo], label="bot 0", timeout=5)
        >>> bot.ask({"type": "ping"}, "ping")
        {'type': 'ping'}
        >>> bot.close()
        >>> draw = "import json, sys; sys.stdin.readline(); print(json.dumps('draw'), flush=True)"
        >>> bot = ExternalBot([sys.executable, "-c", draw], label="bot 1", timeout=5)
        >>> bot.ask({"type": "ping"}, "decide")
        Traceback (most recent call last):
        ...
        unorules.agents.botio.BotFault: bot 1: answered decide with '"draw"': at $: ...
        >>> bot.close()
        """
        data = self._answer(message, what, timeout)
        if isinstance(data, str):
            try:
                action_from_dict(data)
            except JSONError as err:
                refusal = str(err)
            else:  # pragma: no cover - a string is never an action object
                refusal = "not an action object"
            raise BotFault(
                "refused",
                f"{self.label}: answered {what} with {_quote(json.dumps(data))}: {refusal}",
            )
        return data

    def _answer(self, message: dict[str, Any], what: str, timeout: float | None) -> object:
        """The decoded JSON of the one line answered to ``message`` (any JSON value)."""
        wait = self.timeout if timeout is None else _check_timeout("timeout", timeout)
        if not self._ended and not self._lines.empty():
            stray = self._lines.get()
            if stray:
                raise BotFault(
                    "garbage", f"{self.label}: wrote a line nobody asked for: {_quote(stray)}"
                )
            self._ended = True  # the end of its output, queued before this question
        if self._ended:  # the bot is gone: told now, not after a timeout's wait
            raise self._crash(what)
        self.send(message)
        try:
            line = self._lines.get(timeout=wait)
        except queue.Empty:
            raise BotFault(
                "timeout", f"{self.label}: no answer to {what} within {wait:g} s"
            ) from None
        if not line:
            self._ended = True
            raise self._crash(what)
        if len(line) > MAX_LINE:
            raise BotFault(
                "garbage", f"{self.label}: answered {what} with a line over {MAX_LINE} bytes"
            )
        try:
            return decode(line)
        except JSONError:
            raise BotFault(
                "garbage",
                f"{self.label}: answered {what} with a line that is not JSON: {_quote(line)}",
            ) from None

    def _crash(self, what: str) -> BotFault:
        code = self._exit_code()
        status = "still running" if code is None else f"exit status {code}"
        return BotFault(
            "crash", f"{self.label}: closed its output instead of answering {what} ({status})"
        )

    def hello(self, *, timeout: float | None = None) -> str | None:
        """The handshake: send ``hello``, check the bot's ``hello`` (the same protocol, and
        an optional ``name`` of at most 40 characters), and return that name. ``timeout``
        (default: the bot's own) allows for a program that is slow to start.

        >>> import sys
        >>> reply = '{"type": "hello", "protocol": "unorules-bot/1", "name": "echo"}'
        >>> code = f"import sys; sys.stdin.readline(); print({reply!r}, flush=True)"
        >>> bot = ExternalBot([sys.executable, "-c", code], label="bot 0", timeout=5)
        >>> bot.hello()
        'echo'
        >>> bot.close()
        """
        data = self._answer(hello_message(), "hello", timeout)
        bad = f"{self.label}: its hello must be"
        want = f'{{"type": "hello", "protocol": "{PROTOCOL}", "name": "..."}}'
        if not isinstance(data, dict) or data.get("type") != "hello":
            raise BotFault("handshake", f"{bad} {want}, not {_quote(json.dumps(data))}")
        for key in data:
            if key not in ("type", "protocol", "name"):
                raise BotFault("handshake", f"{bad} {want}: unknown key {_quote(key)}")
        if data.get("protocol") != PROTOCOL:
            raise BotFault(
                "handshake",
                f"{self.label}: speaks {_quote(json.dumps(data.get('protocol')))},"
                f" the host speaks {PROTOCOL!r}",
            )
        name = data.get("name")
        if name is not None and (
            not isinstance(name, str) or not 0 < len(name) <= _NAME_MAX or not name.isprintable()
        ):
            raise BotFault(
                "handshake", f"{bad} {want}: a name is 1 to {_NAME_MAX} printable characters"
            )
        self.name = name
        return name

    def _exit_code(self) -> int | None:
        return self._exited(1.0)

    def _exited(self, timeout: float) -> int | None:
        """The bot's exit status once its process has ended (within ``timeout`` seconds),
        or None if it still runs. The process is left unreaped (POSIX): a process that has
        exited but is not reaped keeps its id, so the id of its process group cannot go to
        another process before :meth:`_stop_process` has stopped the group."""
        process = self._process
        if process.returncode is not None or not hasattr(os, "waitid"):
            try:  # pragma: no cover - Windows (or already reaped)
                return process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:  # pragma: no cover
                return None
        deadline = time.monotonic() + timeout
        delay = 0.001
        while True:
            try:
                info = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:  # pragma: no cover - reaped elsewhere
                return process.returncode
            if info is not None:
                return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(delay, left))
            delay = min(delay * 2, 0.05)

    def close(self, *, grace: float = 2.0) -> None:
        """Say ``bye``, close the bot's input, and give it ``grace`` seconds to exit
        before it is killed; then its process group is killed (POSIX), so that nothing
        the bot started outlives the match. Idempotent.

        >>> import sys
        >>> bot = ExternalBot([sys.executable, "-c", "pass"], label="bot 0", timeout=5)
        >>> bot.close(); bot.close()
        """
        if self._closed:
            return
        self.send(_BYE)
        self._closed = True
        self._outbox.put(None)
        self._exited(grace)
        self._stop_process()  # whether or not it exited: what it started goes too
        self._finish()

    def kill(self) -> None:
        """Stop the bot at once (after a fault).

        >>> import sys
        >>> bot = ExternalBot([sys.executable, "-c", "import time; time.sleep(60)"],
        ...                   label="bot 0", timeout=5)
        >>> bot.kill()
        """
        if not self._closed:
            self._closed = True
            self._outbox.put(None)
        self._stop_process()
        self._finish()

    def track_processes(self) -> int:
        """Note every process the bot runs now (itself, and what it started), so that
        one that leaves its process group and session later is stopped with it all the
        same; how many there are (0 once it is stopped, or where there is no ``/proc``).
        ``unorules match`` calls it after every game.

        >>> import sys
        >>> bot = ExternalBot([sys.executable, "-c", "import sys; sys.stdin.read()"],
        ...                   label="bot 0", timeout=5)
        >>> bot.track_processes() in (0, 1)
        True
        >>> bot.close()
        """
        if self._closed:
            return 0
        return self._family.track(group=self._process.returncode is None)

    def _stop_process(self) -> None:
        # Its whole family, even when the bot itself has exited: a program it started (a
        # helper, an engine) is stopped with it, even one that left its process group.
        # Once the bot is reaped its group's id may no longer be its own: then only what
        # was tracked or carries its tag.
        if hasattr(os, "killpg"):
            self._family.stop(group=self._process.returncode is None)
        elif self._process.returncode is None:  # pragma: no cover - Windows
            self._process.kill()

    def _finish(self) -> None:
        """Reap the process, let the threads end, and close the pipes."""
        self._process.wait()
        self._writer.join(timeout=1)
        for thread in self._threads[2:]:  # what the bot wrote to stderr before its end
            thread.join(timeout=1)
        self._stopping.set()  # every thread sees it within _POLL_MS
        for thread in self._threads:
            thread.join(timeout=2)  # a thread never blocks on the bot: only on the host
        for pipe in (self._process.stdin, self._process.stdout, self._process.stderr):
            if pipe is not None and not pipe.closed:
                with contextlib.suppress(OSError):
                    pipe.close()


# == the bot's side, in Python =================================================================


def serve(
    decide: Callable[[View], Action],
    interject: Callable[[View], Action | None] | None = None,
    *,
    name: str = "python-bot",
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> None:
    """Run a bot written in Python: read the host's messages, answer ``hello``, answer
    each ``decide`` with ``decide(view)`` and each ``interject`` with ``interject(view)``
    (``None`` means nothing; without ``interject`` the bot never interjects), and return
    at ``bye`` or at the end of the input. Message types and view keys it does not know
    are ignored.

    >>> import io, json, unorules as uno
    >>> state = uno.new_game(2, seed=1)
    >>> seat = state.current_player
    >>> lines = [hello_message(), decide_message(state, seat, game=0), {"type": "bye"}]
    >>> out = io.StringIO()
    >>> serve(lambda view: view.legal_actions[0], name="first",
    ...       stdin=io.StringIO("".join(json.dumps(m) + "\\n" for m in lines)), stdout=out)
    >>> hello, answer = out.getvalue().splitlines()
    >>> action = uno.formats.jsonio.action_from_json(answer)
    >>> json.loads(hello)["name"], action in uno.legal_actions(state)
    ('first', True)
    """
    source = sys.stdin if stdin is None else stdin
    sink = sys.stdout if stdout is None else stdout

    def say(value: object) -> None:
        sink.write(json.dumps(value) + "\n")
        sink.flush()

    known = {f.name for f in attrs.fields(View)}

    def view_of(message: dict[str, Any]) -> View:
        # Keys a later host adds to the view are left out (the protocol lets it add some).
        return View.from_dict({k: v for k, v in message["view"].items() if k in known})

    for line in source:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            say({"type": "hello", "protocol": PROTOCOL, "name": name})
        elif kind == "decide":
            say(action_to_dict(decide(view_of(message))))
        elif kind == "interject":
            chosen = None if interject is None else interject(view_of(message))
            say(None if chosen is None else action_to_dict(chosen))
        elif kind == "bye":
            return
