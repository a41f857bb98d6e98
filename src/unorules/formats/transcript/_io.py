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
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs

from unorules._echo import shown, shown_json, writable
from unorules._json import (
    DEAL_KEYS,
    Reader,
    deal_to_dict,
    decode,
    key_path,
    read_deal,
    type_name,
)
from unorules.actions import Action, action_to_dict, read_action
from unorules.deal import Deal
from unorules.effects import EFFECTS
from unorules.errors import ErrorCode, JSONError
from unorules.formats.transcript._model import (
    FORMAT,
    MAX_META_COMMENTS,
    MAX_META_TAGS,
    MAX_META_TEXT,
    Meta,
    Problem,
    Report,
    Round,
    Transcript,
    TranscriptError,
    _fail,
    _malformed,
    _override,
)
from unorules.rules import Rules, RulesError, get_profile, option_value, rules_from_options

_MAX_SEED: Final = 1 << 64
_TOP_KEYS: Final = ("format", "rules", "players", "seed", "meta", "rounds", "result")
_ROUND_KEYS: Final = (*DEAL_KEYS, "actions")


# == to JSON ===================================================================================


def _round_json(r: Round) -> dict[str, Any]:
    out: dict[str, Any] = {} if r.deal is None else deal_to_dict(r.deal)
    out["actions"] = [action_to_dict(a) for a in r.actions]
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


def _decode(text: str | bytes) -> object:
    """:func:`unorules._json.decode`, its problem a transcript's (code ``malformed``)."""
    try:
        return decode(text)
    except JSONError as err:
        _malformed(err.path, err.message)


class _Where(Reader):
    """The strict reader, its problems a transcript's: code ``malformed``, and the round
    and action being parsed, for the error's position."""

    __slots__ = ("index", "round")

    def __init__(self) -> None:
        self.round: int | None = None
        self.index: int | None = None

    def fail(self, path: str, message: str) -> NoReturn:
        _malformed(path, message, self.round, self.index)


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
        w.fail("$.players", f"players is a count or a list of names, not {type_name(players)}")
    seed = top.get("seed")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _MAX_SEED
    ):
        w.fail("$.seed", f"a seed is a whole number from 0 to 2**64 - 1, not {shown_json(seed)}")
    if "seed" in top and seed is None:
        w.fail("$.seed", "a seed is a whole number from 0 to 2**64 - 1, not null")
    meta = None if "meta" not in top else parse_meta(w, top["meta"])
    raw_rounds = top["rounds"]
    if not isinstance(raw_rounds, list):
        w.fail("$.rounds", f"rounds is a list of rounds, not {type_name(raw_rounds)}")
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
            w.fail("$.result.scores", f"scores is a list of numbers, not {type_name(scores)}")
        for i, v in enumerate(scores):
            if not isinstance(v, int) or isinstance(v, bool):
                w.fail(f"$.result.scores[{i}]", f"a score is a whole number, not {type_name(v)}")
        result = tuple(scores)
    return Transcript(rules, names, rounds, seed=seed, result=result, meta=meta)


_COMMENT_KEY: Final = re.compile(r"(0|[1-9][0-9]{0,8})(?::(0|[1-9][0-9]{0,8}))?")


def _meta_text(w: Reader, value: object, path: str, what: str) -> str:
    if not isinstance(value, str):
        w.fail(path, f"{what} is a string, not {type_name(value)}")
    if len(value) > MAX_META_TEXT:
        w.fail(path, f"{what} is at most {MAX_META_TEXT:,} characters, not {len(value):,}")
    if not writable(value):
        w.fail(path, f"{what} is text UTF-8 can write (no lone surrogate)")
    return value


def parse_meta(w: Reader, value: object) -> Meta:
    """Read the ``meta`` object of a transcript: tags with string values (``event``,
    ``site``, ``date``, or any other name) and ``comments``, an object of strings keyed
    ``"round:action"`` or ``"round"`` (indices from 0). Only the shape and the size are
    checked (``w.fail`` with the JSON path otherwise): what it says is never judged.

    >>> parse_meta(Reader(), {"event": "Finals", "comments": {"0:5": "bold"}}).comment(0, 5)
    'bold'
    >>> parse_meta(Reader(), {"comments": {"0:x": "?"}})
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $.meta.comments["0:x"]: a comment is keyed "round:action" ...
    """
    data = w.obj(value, "$.meta", "meta")
    if len(data) > MAX_META_TAGS:
        w.fail("$.meta", f"meta holds at most {MAX_META_TAGS} keys, not {len(data):,}")
    tags: list[tuple[str, str]] = []
    comments: list[tuple[tuple[int, int | None], str]] = []
    for key, item in data.items():
        path = key_path("$.meta", key)
        if not isinstance(key, str):  # not JSON: only a dict built in Python has one
            w.fail(path, f"a meta key is a string, not {shown(key)}")
        _meta_text(w, key, path, "a meta key")
        if key != "comments":
            tags.append((key, _meta_text(w, item, path, f"meta's {key!r}")))
            continue
        notes = w.obj(item, path, "comments")
        if len(notes) > MAX_META_COMMENTS:
            w.fail(path, f"at most {MAX_META_COMMENTS:,} comments, not {len(notes):,}")
        for where, text in notes.items():
            at = key_path(path, where)
            found = _COMMENT_KEY.fullmatch(where) if isinstance(where, str) else None
            if found is None:
                w.fail(
                    at,
                    'a comment is keyed "round:action" ("0:5" for $.rounds[0].actions[5])'
                    f' or "round" ("1"), indices from 0, not {shown(where)}',
                )
            r, i = found[1], found[2]
            comments.append(
                ((int(r), None if i is None else int(i)), _meta_text(w, text, at, "a comment"))
            )
    return Meta(tags, comments)


def check_meta(meta: Meta) -> None:
    """Check a :class:`Meta` built in Python as the JSON reader checks ``meta``: raises
    :class:`TranscriptError` (code ``malformed``) with the JSON path of the first problem.

    >>> check_meta(Meta({"event": "x" * 10_001}))
    Traceback (most recent call last):
    ...
    unorules.formats.transcript.TranscriptError: at $.meta.event (malformed): ...
    """
    parse_meta(_Where(), meta.to_dict())


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
            f" not {type_name(value)}",
        )
    for key in value:
        if key not in ("profile", "options"):
            _malformed(
                key_path("$.rules", key),
                f"unknown key {shown(key)} in rules (allowed: profile, options)",
            )
    if "profile" not in value:
        _malformed("$.rules", 'missing "profile"')
    profile = value["profile"]
    if not isinstance(profile, str):
        _malformed("$.rules.profile", f"a profile name is a string, not {type_name(profile)}")
    options = value.get("options", {})
    if not isinstance(options, dict):
        _malformed("$.rules.options", f"options is a JSON object, not {type_name(options)}")
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
        path = key_path("$.rules.options", name)
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
            "$.rules.options" if culprit is None else key_path("$.rules.options", culprit),
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
    if any(k in data for k in DEAL_KEYS):
        deal = read_deal(w, data, path, "a round's deal")
    elif not seeded:
        w.fail(
            path,
            "missing the deal: a round gives dealer, hands and turned"
            " unless the transcript has a seed",
        )
    raw = data["actions"]
    if not isinstance(raw, list):
        w.fail(f"{path}.actions", f"actions is a list, not {type_name(raw)}")
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
        action = read_action(w, entry, f"{path}.actions[{j}]")
        if key is not None:
            if len(cache) >= _ACTIONS_MAX:
                cache.clear()
            cache[key] = action
        add(action)
    w.index = None
    return Round(actions, deal)


_ACTIONS: dict[tuple[object, ...], Action] = {}
_ACTIONS_MAX: Final = 4096


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
