"""Transcripts: recorded games in format ``unorules/1``, read and written as JSON (one game
per file) or JSON Lines (one game per line), validated move by move, replayed, and recorded
from games played through the API.

A game played by the bots of :mod:`unorules.bots`, recorded, written and validated:

>>> import unorules as uno
>>> from unorules import bots, transcript
>>> start = uno.new_game(3, "mattel", seed=11)
>>> played = bots.play(start, bots.random_bots(3, seed=11), rounds=1)
>>> actions = [action for action, _ in played]
>>> text = transcript.dumps(transcript.record(start, actions))
>>> report = transcript.validate(text)
>>> report.valid, report.rounds, report.actions == len(actions)
(True, 1, True)

The same game with one move changed no longer validates, and the report says where and why:

>>> data = json.loads(text)
>>> data["rounds"][0]["actions"][0] = {"player": 2, "draw": True}
>>> print(transcript.validate(data))
invalid at round 0 action 0 (not_your_turn): player 2 may not act now:
it is player 0's turn

The documentation page "Transcripts" describes the format; its JSON Schema ships with the
package (:func:`schema`).
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs

from unorules import rng
from unorules.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    NextRound,
    Pass,
    Play,
)
from unorules.cards import Card, Color, Rank
from unorules.deal import Deal
from unorules.engine import apply, new_game
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import (
    PROFILES,
    Rules,
    RulesError,
    _option_value,
    get_profile,
    profile_name,
    rules_from_options,
    rules_to_options,
)
from unorules.state import State

__all__ = [
    "FORMAT",
    "Problem",
    "Report",
    "Round",
    "Source",
    "Summary",
    "Transcript",
    "TranscriptError",
    "dumps",
    "dumps_lines",
    "loads",
    "read",
    "record",
    "replay",
    "schema",
    "validate",
    "write",
]

FORMAT: Final = "unorules/1"
"""The value of a transcript's ``"format"`` key.

>>> FORMAT
'unorules/1'
"""

_MAX_SEED: Final = 1 << 64
_VERBS: Final = ("play", "draw", "pass", "call_uno", "catch", "challenge", "choose_color")
_OPTIONS: Final = ("color", "uno", "target", "also", "hands", "drawn")
_OPTIONS_OF: Final[dict[str, frozenset[str]]] = {
    "play": frozenset(_OPTIONS),
    "draw": frozenset({"drawn"}),
    "catch": frozenset({"drawn"}),
    "challenge": frozenset({"drawn"}),
    "pass": frozenset(),
    "call_uno": frozenset({"drawn"}),
    "choose_color": frozenset(),
}
_TOP_KEYS: Final = ("format", "rules", "players", "seed", "rounds", "result")
_ROUND_KEYS: Final = ("dealer", "hands", "turned", "draw_pile", "actions")
_COLOR_NAMES: Final = tuple(c.value for c in Color)
_IDENT: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


# == errors and reports ========================================================================


@attrs.frozen
class Problem:
    """Why a transcript is not valid: where (round and action index, both from 0, and the
    JSON path), a stable :class:`~unorules.ErrorCode`, and a message naming the rule.

    >>> p = Problem(ErrorCode.BAD_COLOR, "W is a wild: name a color", "$.rounds[0].actions[3]",
    ...             round=0, index=3)
    >>> p.to_dict()["code"], str(p)
    ('bad_color', 'at round 0 action 3 (bad_color): W is a wild: name a color')
    """

    code: ErrorCode
    message: str
    path: str = "$"
    round: int | None = None
    """The round (from 0) the problem is in, None when it is not in a round."""
    index: int | None = None
    """The action (from 0, within its round), None when the problem is not an action."""

    @property
    def where(self) -> str:
        """Where the problem is, as a person reads it: ``round 0 action 5`` for an action,
        ``round 1`` for a round entry, else the JSON path.

        >>> Problem(ErrorCode.MALFORMED, "expected a list", "$.rounds").where
        '$.rounds'
        """
        if self.code in (ErrorCode.MALFORMED, ErrorCode.UNKNOWN_RULES) or self.round is None:
            return self.path
        if self.index is None:
            return f"round {self.round}"
        return f"round {self.round} action {self.index}"

    def to_dict(self) -> dict[str, Any]:
        """The problem as plain JSON values: ``round``, ``index``, ``code``, ``message``,
        ``path``.

        >>> Problem(ErrorCode.MALFORMED, "not JSON").to_dict()
        {'round': None, 'index': None, 'code': 'malformed', 'message': 'not JSON', 'path': '$'}
        """
        return {
            "round": self.round,
            "index": self.index,
            "code": self.code.value,
            "message": self.message,
            "path": self.path,
        }

    def __str__(self) -> str:
        return f"at {self.where} ({self.code.value}): {self.message}"


class TranscriptError(ValueError):
    """A transcript that cannot be read or replayed, with its :class:`Problem`.

    :func:`loads`, :func:`replay` and :meth:`Transcript.from_dict` raise it;
    :func:`validate` turns it into a :class:`Report` instead.

    >>> try:
    ...     loads('{"format": "unorules/2"}')
    ... except TranscriptError as err:
    ...     print(err.code.value, err.path)
    malformed $.format
    """

    problem: Problem
    """What is wrong, and where."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem

    @property
    def code(self) -> ErrorCode:
        """The problem's code.

        >>> TranscriptError(Problem(ErrorCode.MALFORMED, "not JSON")).code.value
        'malformed'
        """
        return self.problem.code

    @property
    def path(self) -> str:
        """The JSON path of the problem.

        >>> TranscriptError(Problem(ErrorCode.MALFORMED, "no", "$.rounds")).path
        '$.rounds'
        """
        return self.problem.path

    def __reduce__(self) -> tuple[type[TranscriptError], tuple[Problem]]:
        return (type(self), (self.problem,))


def _fail(
    code: ErrorCode,
    path: str,
    message: str,
    round: int | None = None,
    index: int | None = None,
) -> NoReturn:
    raise TranscriptError(Problem(code, message, path, round, index))


def _malformed(
    path: str, message: str, round: int | None = None, index: int | None = None
) -> NoReturn:
    _fail(ErrorCode.MALFORMED, path, message, round, index)


@attrs.frozen
class Summary:
    """Where a game stands: the ``final`` part of a :class:`Report`.

    >>> import unorules as uno
    >>> s = Summary.of(uno.new_game(2, seed=4))
    >>> s.phase, s.hand_sizes
    ('play', (7, 7))
    """

    phase: str
    """The :class:`~unorules.Phase` value, e.g. ``"play"``."""
    current_player: int | None
    color: str | None
    """The color in force by its JSON name, None while the first color is to be named."""
    top_card: str
    """The top card of the discard pile in notation."""
    direction: int
    hand_sizes: tuple[int, ...]

    @classmethod
    def of(cls, state: State) -> Summary:
        """The summary of ``state``.

        >>> import unorules as uno
        >>> Summary.of(uno.new_game(2, seed=4)).direction
        1
        """
        return cls(
            phase=state.phase.value,
            current_player=state.current_player,
            color=None if state.color is None else state.color.value,
            top_card=str(state.top_card),
            direction=state.direction,
            hand_sizes=tuple(len(h) for h in state.hands),
        )

    def to_dict(self) -> dict[str, Any]:
        """As plain JSON values.

        >>> import unorules as uno
        >>> sorted(Summary.of(uno.new_game(2, seed=4)).to_dict())
        ['color', 'current_player', 'direction', 'hand_sizes', 'phase', 'top_card']
        """
        return {
            "phase": self.phase,
            "current_player": self.current_player,
            "color": self.color,
            "top_card": self.top_card,
            "direction": self.direction,
            "hand_sizes": list(self.hand_sizes),
        }


@attrs.frozen
class Report:
    """The outcome of :func:`validate`: valid or not, the first problem, and where the game
    stands after the last valid action.

    >>> r = validate('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 3,'
    ...              ' "rounds": [{"actions": []}]}')
    >>> r.valid, r.error, r.scores, r.final.phase
    (True, None, (0, 0), 'play')
    >>> print(validate("[1, 2"))
    invalid at $ (malformed): not JSON: Expecting ',' delimiter: line 1 column 6 (char 5)
    """

    error: Problem | None
    """The first problem, or None when the transcript is valid."""
    scores: tuple[int, ...] | None = None
    """Match totals per seat after the last valid action (None when no round could start)."""
    final: Summary | None = None
    """Where the game stands after the last valid action (None when no round could start)."""
    rounds: int = 0
    """How many rounds were started."""
    actions: int = 0
    """How many actions were applied (all rounds)."""
    state: State | None = attrs.field(default=None, eq=False, repr=False)
    """The state after the last valid action, for a closer look."""

    @property
    def valid(self) -> bool:
        """True when the transcript has no problem.

        >>> validate(b"not json").valid
        False
        """
        return self.error is None

    def to_dict(self) -> dict[str, Any]:
        """The report as plain JSON values (what ``unorules validate --json`` prints, less
        ``file`` and ``line``).

        >>> sorted(validate("{}").to_dict())
        ['actions', 'error', 'final', 'rounds', 'scores', 'valid']
        """
        return {
            "valid": self.valid,
            "error": None if self.error is None else self.error.to_dict(),
            "scores": None if self.scores is None else list(self.scores),
            "final": None if self.final is None else self.final.to_dict(),
            "rounds": self.rounds,
            "actions": self.actions,
        }

    def __str__(self) -> str:
        if self.error is not None:
            return "invalid " + " ".join(str(self.error).split())
        scores = "-" if self.scores is None else " ".join(map(str, self.scores))
        rounds = "round" if self.rounds == 1 else "rounds"
        actions = "action" if self.actions == 1 else "actions"
        return f"valid ({self.rounds} {rounds}, {self.actions} {actions}; scores {scores})"


# == the transcript value ======================================================================


def _action_tuple(actions: Iterable[Action]) -> tuple[Action, ...]:
    out = tuple(actions)
    for action in out:
        if isinstance(action, NextRound) or not isinstance(
            action, Play | Draw | Pass | CallUno | CatchUno | Challenge | ChooseColor
        ):
            raise TypeError(f"a round's actions are player actions, not {action!r}")
    return out


@attrs.frozen
class Round:
    """One round of a transcript: its deal (None when the transcript's seed deals it) and
    the actions played, in order.

    >>> import unorules as uno
    >>> Round([uno.Play(1, "G7")]).actions
    (Play(1, 'G7'),)
    """

    actions: tuple[Action, ...] = attrs.field(default=(), converter=_action_tuple)
    deal: Deal | None = None


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        if not isinstance(players, bool):
            return tuple(f"P{i}" for i in range(players))
    elif not isinstance(players, str) and all(isinstance(n, str) for n in players):
        return tuple(players)
    raise TypeError(f"players is a number of seats or a list of names, not {players!r}")


def _rules(value: Rules | str) -> Rules:
    return get_profile(value) if isinstance(value, str) else value


def _rounds(value: Iterable[Round]) -> tuple[Round, ...]:
    return tuple(value)


def _scores(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen
class Transcript:
    """A recorded game: the rules, the players, an optional seed, the rounds (each with its
    deal and actions) and an optional expected ``result`` (final scores).

    Build one with :func:`record`, :func:`loads` or directly:

    >>> import unorules as uno
    >>> t = Transcript("mattel", 2, [Round([uno.Play(0, "R1")])], seed=5)
    >>> t.players, t.rules == uno.MATTEL
    (('P0', 'P1'), True)
    >>> loads(dumps(t)) == t
    True
    """

    rules: Rules = attrs.field(converter=_rules)
    players: tuple[str, ...] = attrs.field(converter=_names)
    """The players' names by seat (a count in the JSON gives ``P0``, ``P1``, ...)."""
    rounds: tuple[Round, ...] = attrs.field(converter=_rounds)
    seed: int | None = None
    """The match's seed: rounds without a deal are dealt by it, and it fixes whatever the
    deals leave to chance."""
    result: tuple[int, ...] | None = attrs.field(default=None, converter=_scores)
    """The final scores the replayed game must reach, or None."""

    @classmethod
    def from_dict(cls, data: object, *, rules: Rules | str | None = None) -> Transcript:
        """A transcript from its parsed JSON; raises :class:`TranscriptError` (codes
        ``malformed``, ``unknown_rules``) with the JSON path of the first problem.
        ``rules`` replaces the transcript's own rules.

        >>> Transcript.from_dict(
        ...     {"format": "unorules/1", "rules": "uno-deluxe", "players": 2, "rounds": []}
        ... )
        Traceback (most recent call last):
        ...
        unorules.transcript.TranscriptError: at $.rules (unknown_rules): unknown rules ...
        """
        return _parse(data, _override(rules))

    def to_dict(self) -> dict[str, Any]:
        """The transcript as plain JSON values (see :func:`dumps`).

        >>> import unorules as uno
        >>> Transcript("swedish", ["Ann", "Bo"], [Round()], seed=1).to_dict()
        {'format': 'unorules/1', 'rules': 'swedish', 'players': ['Ann', 'Bo'], 'seed': 1,
         'rounds': [{'actions': []}]}
        """
        out: dict[str, Any] = {"format": FORMAT, "rules": _rules_json(self.rules)}
        default = tuple(f"P{i}" for i in range(len(self.players)))
        out["players"] = len(self.players) if self.players == default else list(self.players)
        if self.seed is not None:
            out["seed"] = self.seed
        out["rounds"] = [_round_json(r) for r in self.rounds]
        if self.result is not None:
            out["result"] = {"scores": list(self.result)}
        return out

    @property
    def action_count(self) -> int:
        """How many actions the transcript holds, all rounds together.

        >>> import unorules as uno
        >>> t = Transcript("mattel", 2, [Round([uno.Draw(0)]), Round([uno.Draw(1)])], seed=1)
        >>> t.action_count
        2
        """
        return sum(len(r.actions) for r in self.rounds)


def _override(rules: Rules | str | None) -> Rules | None:
    if rules is None or isinstance(rules, Rules):
        return rules
    return get_profile(rules)


# == to JSON ===================================================================================


def _cards_json(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _rules_json(rules: Rules) -> str | dict[str, Any]:
    name = profile_name(rules)
    if name is not None:
        return name
    base = min(PROFILES, key=lambda n: len(rules_to_options(rules, PROFILES[n])))
    return {"profile": base, "options": rules_to_options(rules, PROFILES[base])}


def _round_json(r: Round) -> dict[str, Any]:
    out: dict[str, Any] = {}
    deal = r.deal
    if deal is not None:
        out["dealer"] = deal.dealer
        out["hands"] = [_cards_json(h) for h in deal.hands]
        out["turned"] = _cards_json(deal.turned)
        if deal.draw_pile is not None:
            out["draw_pile"] = _cards_json(deal.draw_pile)
    out["actions"] = [_action_json(a) for a in r.actions]
    return out


def _action_json(a: Action) -> dict[str, Any]:
    if isinstance(a, NextRound):
        raise TypeError("NextRound is a round boundary, not an action of a round")
    out: dict[str, Any] = {"player": a.player}
    if isinstance(a, Play):
        out["play"] = str(a.card)
        if a.color is not None:
            out["color"] = a.color.value
        if a.uno:
            out["uno"] = True
        if a.target is not None:
            out["target"] = a.target
        if a.also:
            out["also"] = _cards_json(a.also)
        if a.hands is not None:
            out["hands"] = [_cards_json(h) for h in a.hands]
    elif isinstance(a, Draw):
        out["draw"] = True
    elif isinstance(a, Pass):
        out["pass"] = True
    elif isinstance(a, CallUno):
        out["call_uno"] = True
    elif isinstance(a, CatchUno):
        out["catch"] = a.target
    elif isinstance(a, Challenge):
        out["challenge"] = True
    else:
        out["choose_color"] = a.color.value
    drawn = getattr(a, "drawn", None)
    if drawn is not None:
        out["drawn"] = _cards_json(drawn)
    return out


def _holds_records(value: object) -> bool:
    """Whether ``value`` holds a list of objects (rounds, actions): one a line, always."""
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return any(
        (isinstance(item, dict) and isinstance(value, list)) or _holds_records(item)
        for item in items
    )


def _layout(value: object, indent: int, lead: int = 0, width: int = 100) -> str:
    """JSON that reads well: a value on one line when it fits (``lead`` columns are taken
    before it on its first line), else one item a line; lists of cards are wrapped."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value:
        return flat
    if indent + lead + len(flat) <= width and not _holds_records(value):
        return flat
    inner = indent + 2
    pad = " " * inner
    close = " " * indent
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            head = json.dumps(key, ensure_ascii=False) + ": "
            items.append(pad + head + _layout(item, inner, len(head), width))
        return "{\n" + ",\n".join(items) + "\n" + close + "}"
    if any(isinstance(item, dict | list) for item in value):
        items = [pad + _layout(item, inner, 0, width) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + close + "]"
    lines: list[str] = []
    line = ""
    for item in (json.dumps(v, ensure_ascii=False) for v in value):
        if line and inner + len(line) + 1 + len(item) + 1 > width:
            lines.append(line + ",")
            line = ""
        line = f"{line}, {item}" if line else item
    lines.append(line)
    return "[\n" + "\n".join(pad + ln for ln in lines) + "\n" + close + "]"


def dumps(transcript: Transcript, *, compact: bool = False) -> str:
    """The transcript as JSON text: laid out for reading (an action a line, ending with a
    newline), or on one line with ``compact=True`` (as in a JSON Lines file).

    >>> import unorules as uno
    >>> t = Transcript("mattel", 2, [Round([uno.Play(0, "W", "red", uno=True)])], seed=9)
    >>> print(dumps(t, compact=True))
    {"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 9, "rounds": [{"actions":
    [{"player": 0, "play": "W", "color": "red", "uno": true}]}]}
    >>> print(dumps(t))
    {
      "format": "unorules/1",
      "rules": "mattel",
      "players": 2,
      "seed": 9,
      "rounds": [
        {
          "actions": [
            {"player": 0, "play": "W", "color": "red", "uno": true}
          ]
        }
      ]
    }
    """
    data = transcript.to_dict()
    if compact:
        return json.dumps(data, ensure_ascii=False)
    return _layout(data, 0) + "\n"


def dumps_lines(transcripts: Iterable[Transcript]) -> str:
    """Several transcripts as JSON Lines: one game per line.

    >>> t = Transcript("mattel", 2, [Round()], seed=1)
    >>> dumps_lines([t, t]).count("\\n")
    2
    """
    return "".join(dumps(t, compact=True) + "\n" for t in transcripts)


def write(path: str | os.PathLike[str], transcripts: Transcript | Iterable[Transcript]) -> None:
    """Write one transcript as JSON, or several as JSON Lines (a path ending ``.jsonl``).

    >>> import tempfile, pathlib
    >>> t = Transcript("mattel", 2, [Round()], seed=1)
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     write(pathlib.Path(tmp, "games.jsonl"), [t, t])
    ...     [s.line for s in read(pathlib.Path(tmp, "games.jsonl"))]
    [1, 2]
    """
    target = Path(path)
    if isinstance(transcripts, Transcript):
        transcripts = [transcripts]
    games = list(transcripts)
    if _is_lines(target):
        text = dumps_lines(games)
    elif len(games) == 1:
        text = dumps(games[0])
    else:
        raise ValueError(f"{target}: several games need a .jsonl file (JSON Lines)")
    target.write_text(text, encoding="utf-8")


# == from JSON =================================================================================


def _key_path(path: str, key: str) -> str:
    return f"{path}.{key}" if _IDENT.match(key) else f"{path}[{json.dumps(key)}]"


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _decode(text: str | bytes) -> object:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            _malformed("$", f"not UTF-8 text: {err}")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        _malformed("$", f"not JSON: {err}")
    except RecursionError:
        _malformed("$", "not JSON this library reads: nested too deeply")
    except ValueError as err:
        _malformed("$", f"not JSON: {err}")


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


class _Where:
    """The round and action being parsed, for the error's position."""

    __slots__ = ("index", "round")

    def __init__(self) -> None:
        self.round: int | None = None
        self.index: int | None = None

    def fail(self, path: str, message: str) -> NoReturn:
        _malformed(path, message, self.round, self.index)

    def obj(self, value: object, path: str, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, f"{what} is a JSON object, not {_type_name(value)}")
        return value

    def seat(self, value: object, path: str, what: str = "a seat") -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            self.fail(path, f"{what} is a whole number from 0, not {json.dumps(value)[:40]}")
        return value

    def true(self, value: object, path: str) -> None:
        if value is not True:
            self.fail(path, f"expected true, not {json.dumps(value)[:40]}")

    def card(self, value: object, path: str) -> Card:
        if not isinstance(value, str):
            self.fail(path, f'a card is a string such as "R7" or "W+4", not {_type_name(value)}')
        try:
            return Card.parse(value)
        except ValueError as err:
            self.fail(path, str(err))

    def cards(self, value: object, path: str) -> tuple[Card, ...]:
        if not isinstance(value, list):
            self.fail(path, f"expected a list of cards, not {_type_name(value)}")
        return tuple(self.card(v, f"{path}[{i}]") for i, v in enumerate(value))

    def hands(self, value: object, path: str) -> tuple[tuple[Card, ...], ...]:
        if not isinstance(value, list):
            self.fail(path, f"expected a list of hands (lists of cards), not {_type_name(value)}")
        return tuple(self.cards(v, f"{path}[{i}]") for i, v in enumerate(value))

    def color(self, value: object, path: str) -> Color:
        if not isinstance(value, str) or value not in _COLOR_NAMES:
            self.fail(
                path,
                f"a color is one of {', '.join(map(json.dumps, _COLOR_NAMES))},"
                f" not {json.dumps(value)[:40]}",
            )
        return Color(value)

    def keys(self, data: dict[str, Any], path: str, allowed: Sequence[str], what: str) -> None:
        for key in data:
            if key not in allowed:
                self.fail(
                    _key_path(path, key),
                    f"unknown key {key!r} in {what} (allowed: {', '.join(allowed)})",
                )


def _parse(data: object, override: Rules | None) -> Transcript:
    w = _Where()
    top = w.obj(data, "$", "a transcript")
    w.keys(top, "$", _TOP_KEYS, "a transcript")
    if "format" not in top:
        w.fail("$", f'missing "format": a transcript starts with "format": "{FORMAT}"')
    if top["format"] != FORMAT:
        w.fail("$.format", f'expected "{FORMAT}", not {json.dumps(top["format"])[:60]}')
    for key in ("rules", "players", "rounds"):
        if key not in top:
            w.fail("$", f"missing {key!r}")
    rules = _parse_rules(top["rules"], override)
    players = top["players"]
    names: tuple[str, ...]
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 10:
            w.fail("$.players", f"UNO is played by 2 to 10 players, not {players}")
        names = tuple(f"P{i}" for i in range(players))
    elif isinstance(players, list):
        if not all(isinstance(n, str) for n in players):
            bad = next(i for i, n in enumerate(players) if not isinstance(n, str))
            w.fail(f"$.players[{bad}]", "a player's name is a string")
        if not 2 <= len(players) <= 10:
            w.fail("$.players", f"UNO is played by 2 to 10 players, not {len(players)}")
        if len(set(players)) != len(players):
            w.fail("$.players", "the players' names must differ")
        names = tuple(players)
    else:
        w.fail("$.players", f"players is a count or a list of names, not {_type_name(players)}")
    seed = top.get("seed")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _MAX_SEED
    ):
        w.fail(
            "$.seed", f"a seed is a whole number from 0 to 2**64 - 1, not {json.dumps(seed)[:40]}"
        )
    if "seed" in top and seed is None:
        w.fail("$.seed", "a seed is a whole number from 0 to 2**64 - 1, not null")
    raw_rounds = top["rounds"]
    if not isinstance(raw_rounds, list):
        w.fail("$.rounds", f"rounds is a list of rounds, not {_type_name(raw_rounds)}")
    if not raw_rounds:
        w.fail("$.rounds", "a transcript has at least one round")
    rounds = tuple(_parse_round(w, r, i, seeded=seed is not None) for i, r in enumerate(raw_rounds))
    w.round = w.index = None
    result: tuple[int, ...] | None = None
    if "result" in top:
        res = w.obj(top["result"], "$.result", "result")
        w.keys(res, "$.result", ("scores",), "result")
        if "scores" not in res:
            w.fail("$.result", 'missing "scores"')
        scores = res["scores"]
        if not isinstance(scores, list):
            w.fail("$.result.scores", f"scores is a list of numbers, not {_type_name(scores)}")
        for i, v in enumerate(scores):
            if not isinstance(v, int) or isinstance(v, bool):
                w.fail(f"$.result.scores[{i}]", f"a score is a whole number, not {_type_name(v)}")
        result = tuple(scores)
    return Transcript(rules, names, rounds, seed=seed, result=result)


def _parse_rules(value: object, override: Rules | None) -> Rules:
    unknown = ErrorCode.UNKNOWN_RULES
    if isinstance(value, str):
        if override is not None:
            return override
        try:
            return get_profile(value)
        except ValueError as err:
            _fail(unknown, "$.rules", str(err))
    if not isinstance(value, dict):
        _malformed(
            "$.rules",
            'rules is a profile name or {"profile": ..., "options": {...}},'
            f" not {_type_name(value)}",
        )
    for key in value:
        if key not in ("profile", "options"):
            _malformed(
                _key_path("$.rules", key),
                f"unknown key {key!r} in rules (allowed: profile, options)",
            )
    if "profile" not in value:
        _malformed("$.rules", 'missing "profile"')
    profile = value["profile"]
    if not isinstance(profile, str):
        _malformed("$.rules.profile", f"a profile name is a string, not {_type_name(profile)}")
    options = value.get("options", {})
    if not isinstance(options, dict):
        _malformed("$.rules.options", f"options is a JSON object, not {_type_name(options)}")
    if override is not None:
        return override
    try:
        base = get_profile(profile)
    except ValueError as err:
        _fail(unknown, "$.rules.profile", str(err))
    fields = attrs.fields_dict(Rules)
    for name, option in options.items():
        # Each option alone first, so that the path names the one at fault.
        try:
            if name not in fields:
                rules_from_options(base, {name: option})  # raises, with a "did you mean"
            _option_value(name, option)
        except RulesError as err:
            _fail(unknown, _key_path("$.rules.options", name), str(err))
    try:
        return rules_from_options(base, options)
    except RulesError as err:
        _fail(unknown, "$.rules.options", str(err))


def _parse_round(w: _Where, value: object, i: int, *, seeded: bool) -> Round:
    path = f"$.rounds[{i}]"
    w.round, w.index = i, None
    data = w.obj(value, path, "a round")
    w.keys(data, path, _ROUND_KEYS, "a round")
    if "actions" not in data:
        w.fail(path, 'missing "actions" (a list, possibly empty)')
    deal: Deal | None = None
    dealt = [k for k in ("dealer", "hands", "turned", "draw_pile") if k in data]
    if dealt:
        for needed in ("dealer", "hands", "turned"):
            if needed not in data:
                w.fail(path, f"missing {needed!r}: a round's deal gives dealer, hands and turned")
        dealer = w.seat(data["dealer"], f"{path}.dealer", "the dealer")
        hands = w.hands(data["hands"], f"{path}.hands")
        turned = w.cards(data["turned"], f"{path}.turned")
        pile = w.cards(data["draw_pile"], f"{path}.draw_pile") if "draw_pile" in data else None
        deal = Deal(dealer, hands, turned, pile)
    elif not seeded:
        w.fail(
            path,
            "missing the deal: a round gives dealer, hands and turned"
            " unless the transcript has a seed",
        )
    raw = data["actions"]
    if not isinstance(raw, list):
        w.fail(f"{path}.actions", f"actions is a list, not {_type_name(raw)}")
    actions = []
    cache = _ACTIONS
    for j, entry in enumerate(raw):
        # Actions are values: one JSON action object always reads as the same action, so
        # the common ones (no card lists) are parsed once and shared.
        key: tuple[object, ...] | None = None
        if type(entry) is dict:
            key = tuple((k, type(v), v) for k, v in entry.items())
            try:
                found = cache.get(key)
            except TypeError:  # a list inside: not cached
                key = found = None
            if found is not None:
                actions.append(found)
                continue
        w.index = j
        action = _parse_action(w, entry, f"{path}.actions[{j}]")
        if key is not None:
            if len(cache) >= _ACTIONS_MAX:
                cache.clear()
            cache[key] = action
        actions.append(action)
    w.index = None
    return Round(actions, deal)


_ACTIONS: dict[tuple[object, ...], Action] = {}
_ACTIONS_MAX: Final = 4096


def _parse_action(w: _Where, value: object, path: str) -> Action:
    data = w.obj(value, path, 'an action (e.g. {"player": 0, "play": "R7"})')
    verbs = [k for k in data if k in _VERBS]
    for key in data:
        if key != "player" and key not in _VERBS and key not in _OPTIONS:
            w.fail(
                _key_path(path, key),
                f"unknown key {key!r} in an action (allowed: player, one of"
                f" {', '.join(_VERBS)}, and {', '.join(_OPTIONS)})",
            )
    if not verbs:
        w.fail(path, f"an action needs one of {', '.join(_VERBS)}")
    if len(verbs) > 1:
        w.fail(
            _key_path(path, verbs[1]),
            f"two verbs in one action ({verbs[0]} and {verbs[1]}): an action has exactly one",
        )
    verb = verbs[0]
    for key in data:
        if key in _OPTIONS and key not in _OPTIONS_OF[verb]:
            goes = [v for v, opts in _OPTIONS_OF.items() if key in opts]
            w.fail(_key_path(path, key), f"{key} goes only with {' or '.join(goes)}, not {verb}")
    if "player" not in data:
        w.fail(path, 'missing "player"')
    player = w.seat(data["player"], f"{path}.player", "player")
    drawn = w.cards(data["drawn"], f"{path}.drawn") if "drawn" in data else None
    arg = data[verb]
    vpath = f"{path}.{verb}"
    if verb == "play":
        card = w.card(arg, vpath)
        color = w.color(data["color"], f"{path}.color") if "color" in data else None
        uno = data.get("uno", False)
        if not isinstance(uno, bool):
            w.fail(f"{path}.uno", f"uno is true or false, not {json.dumps(uno)[:40]}")
        target = w.seat(data["target"], f"{path}.target", "target") if "target" in data else None
        also = w.cards(data["also"], f"{path}.also") if "also" in data else ()
        hands = w.hands(data["hands"], f"{path}.hands") if "hands" in data else None
        return Play(
            player, card, color, uno=uno, target=target, also=also, hands=hands, drawn=drawn
        )
    if verb == "draw":
        w.true(arg, vpath)
        return Draw(player, drawn)
    if verb == "pass":
        w.true(arg, vpath)
        return Pass(player)
    if verb == "call_uno":
        w.true(arg, vpath)
        return CallUno(player, drawn=drawn)
    if verb == "catch":
        return CatchUno(player, w.seat(arg, vpath, "the seat caught"), drawn=drawn)
    if verb == "challenge":
        w.true(arg, vpath)
        return Challenge(player, drawn=drawn)
    return ChooseColor(player, w.color(arg, vpath))


def loads(text: str | bytes, *, rules: Rules | str | None = None) -> Transcript:
    """Read one transcript from JSON text; raises :class:`TranscriptError` (codes
    ``malformed`` and ``unknown_rules``) naming the JSON path of the first problem.
    ``rules`` replaces the transcript's own rules.

    >>> t = loads('{"format": "unorules/1", "rules": "danish", "players": ["Ann", "Bo"],'
    ...           ' "seed": 1, "rounds": [{"actions": [{"player": 1, "draw": true}]}]}')
    >>> t.players, t.rounds[0].actions
    (('Ann', 'Bo'), (Draw(1),))
    >>> loads('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 1,'
    ...       ' "rounds": [{"actions": [{"player": 1, "draw": true, "pass": true}]}]}')
    Traceback (most recent call last):
    ...
    unorules.transcript.TranscriptError: at $.rounds[0].actions[0].pass (malformed): two verbs ...
    """
    return _parse(_decode(text), _override(rules))


def _is_lines(path: Path) -> bool:
    return path.suffix.lower() in (".jsonl", ".ndjson")


@attrs.frozen
class Source:
    """One game's text as found in a file by :func:`read`: the file, the line (in a JSON
    Lines file, from 1) and the raw bytes, not yet parsed.

    >>> s = Source("game.json", None, b'{"format": "unorules/1"}')
    >>> print(s.validate())
    invalid at $ (malformed): missing 'rules'
    """

    path: str
    line: int | None
    text: bytes = attrs.field(repr=False)

    def load(self, *, rules: Rules | str | None = None) -> Transcript:
        """The transcript (see :func:`loads`).

        >>> Source("x.json", None, b"nonsense").load()
        Traceback (most recent call last):
        ...
        unorules.transcript.TranscriptError: at $ (malformed): not JSON: Expecting value: ...
        """
        return loads(self.text, rules=rules)

    def validate(self, *, rules: Rules | str | None = None) -> Report:
        """The :class:`Report` of this game (see :func:`validate`).

        >>> Source("x.json", None, b"[]").validate().error.code.value
        'malformed'
        """
        return validate(self.text, rules=rules)

    @property
    def name(self) -> str:
        """``path``, or ``path:line`` for a game in a JSON Lines file.

        >>> Source("games.jsonl", 3, b"").name
        'games.jsonl:3'
        """
        return self.path if self.line is None else f"{self.path}:{self.line}"


def read(path: str | os.PathLike[str]) -> list[Source]:
    """The games in a file: one for a ``.json`` file, one per non-blank line for a
    ``.jsonl`` (or ``.ndjson``) file. Raises :class:`OSError` when the file cannot be read;
    a game that is not valid JSON shows up when it is loaded or validated.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = pathlib.Path(tmp, "two.jsonl")
    ...     _ = p.write_bytes(b'{"format": "unorules/1"}\\n\\nnot json\\n')
    ...     [(s.line, s.validate().error.code.value) for s in read(p)]
    [(1, 'malformed'), (3, 'malformed')]
    """
    target = Path(path)
    data = target.read_bytes()
    name = os.fspath(path)
    if not _is_lines(target):
        return [Source(name, None, data)]
    games = [
        Source(name, number, line)
        for number, line in enumerate(data.split(b"\n"), start=1)
        if line.strip()
    ]
    if not games:
        return [Source(name, None, b"")]
    return games


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of format ``unorules/1``, as shipped with the
    package. The schema checks the shape; :func:`validate` checks the game.

    >>> schema()["$id"]
    'https://unorules.readthedocs.io/schemas/transcript-1.schema.json'
    """
    text = (
        resources.files("unorules")
        .joinpath("schemas/transcript-1.schema.json")
        .read_text(encoding="utf-8")
    )
    loaded: dict[str, Any] = json.loads(text)
    return loaded


# == replaying and validating ==================================================================


def _action_path(r: int, i: int) -> str:
    return f"$.rounds[{r}].actions[{i}]"


def _start(t: Transcript, r: int, state: State | None) -> State:
    """The state at the start of round ``r``."""
    path = f"$.rounds[{r}]"
    deal = t.rounds[r].deal
    n = len(t.players)
    if deal is not None and not 0 <= deal.dealer < n:
        _fail(
            ErrorCode.BAD_DEAL,
            path,
            f"there is no seat {deal.dealer} to deal (seats 0 to {n - 1})",
            r,
        )
    try:
        if state is None:
            seed = 0 if t.seed is None else t.seed
            try:
                return new_game(t.players, t.rules, seed, deal=deal)
            except IllegalAction:
                raise
            except ValueError as err:
                _malformed("$.players", str(err))
        return apply(state, NextRound(deal))
    except IllegalAction as err:
        _fail(err.code, path, str(err), r)


def _walk(t: Transcript) -> Iterator[tuple[int, int | None, State]]:
    """Every state of the game: each round's start (index None), then the state after each
    action. Raises :class:`TranscriptError` at the first problem."""
    state: State | None = None
    must_name = t.seed is None
    for r, rnd in enumerate(t.rounds):
        state = _start(t, r, state)
        yield r, None, state
        explicit = must_name and rnd.deal is not None
        if explicit and rnd.deal is not None and rnd.deal.draw_pile is None:
            dealt = sum(len(h) for h in rnd.deal.hands)
            if sum(len(h) for h in state.hands) != dealt:
                _fail(
                    ErrorCode.DRAW_MISMATCH,
                    f"$.rounds[{r}]",
                    f"the first card {state.top_card} makes a player draw at the start, which a"
                    " round without draw_pile cannot name: give the draw pile",
                    r,
                )
        for i, action in enumerate(rnd.actions):
            try:
                new = apply(state, action)
            except IllegalAction as err:
                _fail(err.code, _action_path(r, i), str(err), r, i)
            if explicit:
                _check_chance(state, new, action, r=r, i=i)
            state = new
            yield r, i, state
    if t.result is not None and state is not None and tuple(t.result) != state.scores:
        _fail(
            ErrorCode.RESULT_MISMATCH,
            "$.result.scores",
            f"result says scores {list(t.result)}, but the replayed game ends with"
            f" {list(state.scores)}",
        )


def _check_chance(before: State, after: State, action: Action, *, r: int, i: int) -> None:
    """In a round the transcript deals without a seed, every card left to chance must be
    named: cards drawn while the pile's order is unknown, and a Wild Shuffle Hands' deal."""
    if _shuffles_hands(action, after):
        _fail(
            ErrorCode.DRAW_MISMATCH,
            _action_path(r, i),
            "a Wild Shuffle Hands deals the pooled cards at random: without a seed, the"
            " transcript must give the new hands (hands)",
            r,
            i,
        )
    if getattr(action, "drawn", None) is not None or not _drew(before, after, action):
        return
    if before._strict and after._strict:
        return  # the draw pile's order is known: the cards came off its top
    if before._strict:
        why = (
            "the draw pile ran out and was rebuilt from the discard pile during this action,"
            " so its new order is unknown"
        )
    else:
        why = "the draw pile's order is unknown (no draw_pile, or the pile was rebuilt)"
    _fail(
        ErrorCode.DRAW_MISMATCH,
        _action_path(r, i),
        f"this action draws cards, but {why}: name them in order in drawn",
        r,
        i,
    )


def replay(transcript: Transcript) -> list[State]:
    """Every state of the game in order: the start of each round, then the state after each
    action. Raises :class:`TranscriptError` at the first problem.

    >>> import unorules as uno
    >>> t = Transcript("mattel", 2, [Round([uno.Draw(1)])], seed=3)
    >>> [s.current_player for s in replay(t)]
    [1, 0]
    """
    return [state for _, _, state in _walk(transcript)]


def validate(
    source: object,
    *,
    rules: Rules | str | None = None,
) -> Report:
    """Check a transcript move by move. Never raises on bad input: every problem is a
    :class:`Report` with a stable :class:`~unorules.ErrorCode`. ``source`` is a
    :class:`Transcript`, JSON text (str or bytes), the parsed JSON (any value), or a
    :class:`Source`; ``rules`` (a :class:`Rules` or a profile name, else ValueError)
    replaces the transcript's own rules.

    >>> r = validate('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 1,'
    ...              ' "rounds": [{"actions": [{"player": 0, "play": "W+4", "color": "red"}]}]}')
    >>> r.valid, r.error.code.value, r.error.path
    (False, 'card_not_in_hand', '$.rounds[0].actions[0]')
    >>> r.final.hand_sizes, r.actions
    ((7, 7), 0)
    """
    override = _override(rules)
    if isinstance(source, Source):
        source = source.text
    try:
        if isinstance(source, Transcript):
            transcript = source if override is None else attrs.evolve(source, rules=override)
        elif isinstance(source, str | bytes | bytearray):
            transcript = _parse(
                _decode(source if isinstance(source, str) else bytes(source)), override
            )
        elif isinstance(source, Mapping) and not isinstance(source, dict):
            transcript = _parse(dict(source), override)
        else:
            transcript = _parse(source, override)
    except TranscriptError as err:
        return Report(err.problem)
    state: State | None = None
    rounds = actions = 0
    error: Problem | None = None
    try:
        for _, index, reached in _walk(transcript):
            state = reached
            if index is None:
                rounds += 1
            else:
                actions += 1
    except TranscriptError as err:
        error = err.problem
    if state is None:
        return Report(error)
    return Report(error, state.scores, Summary.of(state), rounds, actions, state)


# == recording =================================================================================


def _deal_candidates(state: State, known_pile: bool) -> Iterator[Deal]:
    """Deals that start a round as ``state`` shows it. Several when a first Draw Two made a
    player draw, since which cards of that hand came from the pile is not in the state;
    with a known pile any choice gives the same state, so only one is offered then."""
    size = state.rules.hand_size
    pile = state.draw_pile
    seat = next((s for s, h in enumerate(state.hands) if len(h) > size), None)
    if seat is None:
        yield Deal(state.dealer, state.hands, state.turned, pile if known_pile else None)
        return
    hand = state.hands[seat]
    seen: set[tuple[Card, ...]] = set()
    for picked in itertools.combinations(range(len(hand)), len(hand) - size):
        drawn = tuple(hand[j] for j in picked)
        if drawn in seen:
            continue
        seen.add(drawn)
        kept = tuple(c for j, c in enumerate(hand) if j not in picked)
        hands = tuple(kept if s == seat else h for s, h in enumerate(state.hands))
        yield Deal(state.dealer, hands, state.turned, (*drawn, *pile) if known_pile else None)
        if known_pile:
            return


def _deal_of(state: State, rebuild: Callable[[Deal], State]) -> Deal:
    """The deal that ``rebuild`` turns into exactly ``state``."""
    for deal in _deal_candidates(state, state._strict):
        try:
            if rebuild(deal) == state:
                return deal
        except IllegalAction:
            continue
    raise ValueError(
        "record needs the states at the start of each round as new_game or NextRound made"
        f" them, not {state!r}"
    )


def _new_game_with(start: State) -> Callable[[Deal], State]:
    """``new_game`` for ``start``'s players, rules and seed, from a deal."""
    return lambda deal: new_game(start.names, start.rules, start.seed, deal=deal)


def _shuffles_hands(action: Action, after: State) -> bool:
    """Whether ``action`` shuffled and dealt the hands with the state's generator."""
    return (
        isinstance(action, Play)
        and action.card.rank is Rank.WILD_SHUFFLE_HANDS
        and action.hands is None
        and not after.is_over
    )


def _rebuilt(before: State, after: State, action: Action) -> bool:
    """Whether the draw pile ran out during ``action`` and was rebuilt from the discards
    (the only other use of the generator inside an action is a Wild Shuffle Hands)."""
    return after._rng - before._rng > int(_shuffles_hands(action, after))


def _drew(before: State, after: State, action: Action) -> bool:
    """Whether ``action`` took cards from the draw pile."""
    return after.draw_pile_size != before.draw_pile_size or _rebuilt(before, after, action)


def _drawn_cards(before: State, after: State, action: Action) -> tuple[Card, ...]:
    """The cards ``action`` drew, in the order the original game drew them."""
    if not _rebuilt(before, after, action):
        return before.draw_pile[: before.draw_pile_size - after.draw_pile_size]
    # The pile ran out: it was rebuilt, as the engine does (R12.1, C13), from the discards
    # under the top card once the action's cards were laid (a Danish take-back removes the
    # Wild Draw Four first); the state's generator shuffled them with its last counter.
    laid: tuple[Card, ...] = ()
    if isinstance(action, Play):
        laid = (action.card, *action.also)
    for discard in (before.discard_pile + laid, before.discard_pile[:-1]):
        if not discard or discard[-1] is not after.top_card:
            continue
        rest = list(reversed(discard[:-1]))
        pile = rng.shuffled(rest, seed=before.seed, counter=after._rng - 1)
        taken = len(pile) - after.draw_pile_size
        if taken >= 0 and tuple(pile[taken:]) == after.draw_pile:
            return before.draw_pile + tuple(pile[:taken])
    raise ValueError(f"cannot tell which cards {action} drew: record this game with its seed")


def _start_drew(state: State) -> bool:
    """Whether the first card made a player draw at the start of the round."""
    size = state.rules.hand_size
    return any(len(h) > size for h in state.hands)


def _full_deal(state: State) -> Deal:
    """A round's deal written out with its draw pile, from the round's first state."""
    return next(_deal_candidates(state, known_pile=True))


def record(
    start: State,
    actions: Iterable[Action],
    *,
    seed: bool = True,
    draw_pile: bool = True,
    result: bool = True,
) -> Transcript:
    """The transcript of a game played through the API: ``start`` is the state
    :func:`~unorules.new_game` returned, ``actions`` everything applied to it, in order,
    with :class:`~unorules.NextRound` between rounds. Raises
    :class:`~unorules.IllegalAction` if an action is not legal.

    With ``seed=True`` (the default) the transcript keeps the match's seed and writes only
    the deals that did not come from it; it replays to states equal to the original ones.

    With ``seed=False`` the transcript stands alone: every deal is written out with its
    ``draw_pile`` (with ``draw_pile=False``, without it, and then every drawn card is
    named), every card drawn from a pile whose order the transcript cannot know (once the
    pile has been rebuilt) is named in ``drawn``, and every Wild Shuffle Hands gives its
    ``hands``. It replays to the same hands, discard pile and scores; the generator inside
    the states differs. ``ValueError`` if the game cannot be written so (a UNO call cannot
    name the cards of a ``false_uno_penalty``).

    ``result`` adds the final scores, which validation then checks.

    >>> import unorules as uno
    >>> from unorules import bots
    >>> start = uno.new_game(2, "swedish", seed=8)
    >>> actions = [a for a, _ in bots.play(start, bots.random_bots(2, seed=8), rounds=2)]
    >>> states = [start]
    >>> for action in actions:
    ...     states.append(uno.apply(states[-1], action))
    >>> t = record(start, actions)
    >>> t.seed, len(t.rounds), t.rounds[0].deal, replay(t) == states
    (8, 2, None, True)
    >>> alone = record(start, actions, seed=False)
    >>> alone.seed, alone.rounds[1].deal.dealer == states[-1].dealer
    (None, True)
    >>> [s.hands for s in replay(alone)] == [s.hands for s in states]
    True
    """
    if seed and not draw_pile:
        raise ValueError("draw_pile=False goes with seed=False (a seed fixes every draw)")
    if start.round != 0 or any(start.scores) or start.eliminated:
        raise ValueError("record needs the state at the start of the match (round 0)")
    names, rules, match_seed = start.names, start.rules, start.seed
    round_actions: list[list[Action]] = [[]]
    starts = [start]
    given: list[Deal | None] = [None]
    state = start
    unknown_order = False  # stand-alone: the replay no longer knows the pile's order
    for given_action in actions:
        action = given_action
        before = state
        state = apply(state, action)
        if isinstance(action, NextRound):
            round_actions.append([])
            starts.append(state)
            given.append(action.deal)
            unknown_order = False
            continue
        if not seed:
            if _drew(before, state, action) and getattr(action, "drawn", None) is None:
                unknown_order = unknown_order or _rebuilt(before, state, action)
                if (unknown_order or not draw_pile) and isinstance(
                    action, Play | Draw | CallUno | CatchUno | Challenge
                ):
                    action = attrs.evolve(action, drawn=_drawn_cards(before, state, action))
            if _shuffles_hands(given_action, state):
                assert isinstance(action, Play)
                action = attrs.evolve(action, hands=state.hands)
        round_actions[-1].append(action)
    deals: list[Deal | None] = []
    for i, first in enumerate(starts):
        if seed and i > 0:
            deals.append(given[i])
        elif seed:
            fresh = new_game(names, rules, match_seed) == first
            deals.append(None if fresh else _deal_of(first, _new_game_with(start)))
        elif draw_pile or _start_drew(first):
            # A round without draw_pile cannot name the cards a first Draw Two makes a
            # player draw at the start: such a round keeps its draw pile.
            deals.append(_full_deal(first))
        else:
            deals.append(attrs.evolve(_full_deal(first), draw_pile=None))
    rounds = [Round(a, d) for a, d in zip(round_actions, deals, strict=True)]
    transcript = Transcript(
        rules,
        names,
        rounds,
        seed=match_seed if seed else None,
        result=state.scores if result else None,
    )
    if not seed:
        try:
            replay(transcript)
        except TranscriptError as err:
            raise ValueError(
                f"this game cannot be written without its seed ({err.problem});"
                " record it with seed=True"
            ) from None
    return transcript
