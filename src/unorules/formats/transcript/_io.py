"""Transcripts as JSON: writing (:func:`dumps`, :func:`dumps_lines`, :func:`write`),
reading (:func:`loads`, :func:`read`, :class:`Source`), the parser with the JSON path of
every problem, and the shipped JSON Schema (:func:`schema`).

Part of :mod:`unorules.formats.transcript`, which re-exports every public name; import them from
there.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs

from unorules._echo import ECHO_LIMIT, shown, shown_json, writable
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
from unorules.cards import Card, Color
from unorules.deal import Deal
from unorules.effects import EFFECTS
from unorules.errors import ErrorCode
from unorules.formats.transcript._model import (
    FORMAT,
    Problem,
    Report,
    Round,
    Transcript,
    TranscriptError,
    _fail,
    _malformed,
    _override,
)
from unorules.rules import (
    BUILT_IN_ORDER,
    Rules,
    RulesError,
    get_profile,
    option_value,
    rules_from_options,
    rules_to_options,
)

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


# == to JSON ===================================================================================


def _cards_json(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _rules_json(rules: Rules) -> str | dict[str, Any]:
    """The rules as a transcript names them: a built-in profile, with the options that
    differ from it. Never a registered name: a registered profile may be replaced, and
    the transcript must mean the same thing forever (issue 11)."""
    built_in = [(name, get_profile(name)) for name in BUILT_IN_ORDER]
    for name, profile in built_in:
        if profile == rules:
            return name
    base, profile = min(built_in, key=lambda item: len(rules_to_options(rules, item[1])))
    return {"profile": base, "options": rules_to_options(rules, profile)}


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


def _key_path(path: str, key: object) -> str:
    """The JSON path of ``key`` in the object at ``path``. A parsed JSON object handed in
    from Python may have a key that is not a string (JSON has none): it is named as
    ``repr`` writes it, capped like any echo."""
    if not isinstance(key, str):
        return f"{path}[{shown(key)}]"
    if len(key) <= ECHO_LIMIT and _IDENT.match(key):
        return f"{path}.{key}"
    return f"{path}[{shown_json(key)}]"


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # rare: find the key that appears twice, to name it
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {shown(key)} appears twice in one object")
            seen.add(key)
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
            self.fail(path, f"{what} is a whole number from 0, not {shown_json(value)}")
        return value

    def true(self, value: object, path: str) -> None:
        if value is not True:
            self.fail(path, f"expected true, not {shown_json(value)}")

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
                f" not {shown_json(value)}",
            )
        return Color(value)

    def keys(self, data: dict[str, Any], path: str, allowed: Sequence[str], what: str) -> None:
        for key in data:
            if key not in allowed:
                self.fail(
                    _key_path(path, key),
                    f"unknown key {shown(key)} in {what} (allowed: {', '.join(allowed)})",
                )


def _parse(data: object, override: Rules | None) -> Transcript:
    w = _Where()
    top = w.obj(data, "$", "a transcript")
    w.keys(top, "$", _TOP_KEYS, "a transcript")
    if "format" not in top:
        w.fail("$", f'missing "format": a transcript starts with "format": "{FORMAT}"')
    if top["format"] != FORMAT:
        w.fail("$.format", f'expected "{FORMAT}", not {shown_json(top["format"])}')
    for key in ("rules", "players", "rounds"):
        if key not in top:
            w.fail("$", f"missing {key!r}")
    rules = _parse_rules(top["rules"], override)
    players = top["players"]
    names: tuple[str, ...]
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 10:
            w.fail("$.players", f"UNO is played by 2 to 10 players, not {shown_json(players)}")
        names = tuple(f"P{i}" for i in range(players))
    elif isinstance(players, list):
        if not all(isinstance(n, str) for n in players):
            bad = next(i for i, n in enumerate(players) if not isinstance(n, str))
            w.fail(f"$.players[{bad}]", "a player's name is a string")
        if not all(writable(n) for n in players):
            bad = next(i for i, n in enumerate(players) if not writable(n))
            w.fail(
                f"$.players[{bad}]", "a player's name is text UTF-8 can write (no lone surrogate)"
            )
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
        w.fail("$.seed", f"a seed is a whole number from 0 to 2**64 - 1, not {shown_json(seed)}")
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
                f"unknown key {shown(key)} in rules (allowed: profile, options)",
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
        # Each option alone first, so that the path names the one at fault. An unknown
        # name is unknown_rules (SPEC §5); a known name with a value the option cannot
        # take (a wrong type, "hand_size": 99) is malformed.
        path = _key_path("$.rules.options", name)
        if not isinstance(name, str):  # not JSON: only a dict built in Python has one
            _malformed(path, f"an option name is a string, not {shown(name)}")
        if name not in fields:
            try:
                rules_from_options(base, {name: option})  # raises, with a "did you mean"
            except RulesError as err:
                _fail(unknown, path, str(err))
        try:
            option_value(name, option)
            if name == "customizable_effect" and option not in EFFECTS:
                rules_from_options(base, {name: option})  # raises: names the known effects
        except RulesError as err:
            if name == "customizable_effect" and isinstance(option, str):
                _fail(unknown, path, str(err))  # an effect name, like a profile name
            _malformed(path, str(err))
    try:
        return rules_from_options(base, options)
    except RulesError as err:
        culprit = next((n for n in options if not _accepted(base, n, options[n])), None)
        _malformed(
            "$.rules.options" if culprit is None else _key_path("$.rules.options", culprit),
            str(err),
        )


def _accepted(base: Rules, name: str, value: object) -> bool:
    """Whether ``base`` takes the option ``name`` = ``value`` on its own."""
    try:
        rules_from_options(base, {name: value})
    except RulesError:
        return False
    return True


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
    actions: list[Action] = []
    add = actions.append
    cache = _ACTIONS
    cached = cache.get
    for j, entry in enumerate(raw):
        # Actions are values: one JSON action object always reads as the same action, so
        # the common ones (no card lists) are parsed once and shared.
        key: tuple[object, ...] | None = None
        if type(entry) is dict:
            # the types too: 1 and True (or 0 and False) are equal keys
            key = (*entry.items(), *map(type, entry.values()))
            try:
                found = cached(key)
            except TypeError:  # a list inside: not cached
                key = found = None
            if found is not None:
                add(found)
                continue
        w.index = j
        action = _parse_action(w, entry, f"{path}.actions[{j}]")
        if key is not None:
            if len(cache) >= _ACTIONS_MAX:
                cache.clear()
            cache[key] = action
        add(action)
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
                f"unknown key {shown(key)} in an action (allowed: player, one of"
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
            w.fail(f"{path}.uno", f"uno is true or false, not {shown_json(uno)}")
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
    unorules.formats.transcript.TranscriptError: at $.rounds[0].actions[0].pass (malformed): ...
    """
    return _parse(_decode(text), _override(rules))


JSON_LINES: Final = (".jsonl", ".ndjson")
"""The file name endings of JSON Lines files (one game a line); any other file holds one
game.

>>> "games.JSONL".lower().endswith(JSON_LINES)
True
"""


def _is_lines(path: Path) -> bool:
    return path.suffix.lower() in JSON_LINES


@attrs.frozen
class Source:
    """One game's text as found in a file by :func:`read` or :func:`stream`: the file, the
    line (in a JSON Lines file, from 1) and the raw bytes, not yet parsed. ``problem`` is set
    instead of the text when the game could not be read whole (it is larger than
    :data:`MAX_GAME_BYTES`); loading or validating it then reports that problem.

    >>> s = Source("game.json", None, b'{"format": "unorules/1"}')
    >>> print(s.validate())
    invalid at $ (malformed): missing 'rules'
    """

    path: str
    line: int | None
    text: bytes = attrs.field(repr=False)
    problem: Problem | None = attrs.field(default=None, kw_only=True, repr=False)
    """Why the game could not be read (code ``malformed``), or None."""

    def load(self, *, rules: Rules | str | None = None) -> Transcript:
        """The transcript (see :func:`loads`).

        >>> Source("x.json", None, b"nonsense").load()
        Traceback (most recent call last):
        ...
        unorules.formats.transcript.TranscriptError: at $ (malformed): not JSON: ...
        """
        if self.problem is not None:
            raise TranscriptError(self.problem)
        return loads(self.text, rules=rules)

    def validate(self, *, rules: Rules | str | None = None) -> Report:
        """The :class:`Report` of this game (see :func:`validate`).

        >>> Source("x.json", None, b"[]").validate().error.code.value
        'malformed'
        """
        from unorules.formats.transcript._validate import validate  # noqa: PLC0415 (it imports this module)

        if self.problem is not None:
            return Report(self.problem)
        return validate(self.text, rules=rules)

    @property
    def name(self) -> str:
        """``path``, or ``path:line`` for a game in a JSON Lines file.

        >>> Source("games.jsonl", 3, b"").name
        'games.jsonl:3'
        """
        return self.path if self.line is None else f"{self.path}:{self.line}"


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of format ``unorules/1``, as shipped with the
    package. The schema checks the shape; :func:`validate` checks the game.

    >>> schema()["$id"]
    'https://unorules.readthedocs.io/schemas/transcript-1.schema.json'
    """
    text = (
        resources.files("unorules.formats")
        .joinpath("schemas/transcript-1.schema.json")
        .read_text(encoding="utf-8")
    )
    loaded: dict[str, Any] = json.loads(text)
    return loaded
