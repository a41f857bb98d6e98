"""The one strict reader of JSON values: every problem is a
:class:`~unorules.errors.JSONError` naming the JSON path where it is (``$.hands[0][7]``).

:func:`decode` reads JSON text strictly: UTF-8, no duplicate key, no ``NaN``, and no
nesting deeper than :data:`MAX_DEPTH` (an error, never a crash). A :class:`Reader` reads one
value at a path: a card, a color, a seat, a whole number, a list, an object and its keys.
Every JSON form of the game goes through them: actions (:mod:`unorules.actions`), views
(:mod:`unorules.view`), a state's dictionary (:mod:`unorules._state_check`), transcripts
and the bot protocol. A format that words a problem its own way (the transcript's error
carries the round and action, a state's the prefix ``not a unorules state``) subclasses
:class:`Reader` and changes :meth:`Reader.fail`, and the echo of a wrong value
(:meth:`Reader.show`).

>>> decode('{"player": 0, "play": "R7"}')
{'player': 0, 'play': 'R7'}
>>> READ.card(decode('{"play": "R10"}')["play"], "$.play")
Traceback (most recent call last):
...
unorules.errors.JSONError: at $.play: not a card: 'R10' (examples: R7, G+2, BS, ...)

Internal: the public entry points are the ``to_dict``/``from_dict`` (and JSON) methods of
the values and :mod:`unorules.formats.jsonio`.
"""

from __future__ import annotations

import json
import re
from array import array
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any, Final, NoReturn, TypeVar

from unorules._echo import ECHO_LIMIT, shown, shown_int, shown_json
from unorules._limits import COUNTER_END
from unorules.cards import ALL_CARDS, Card, Color
from unorules.deal import Deal, _too_long
from unorules.errors import JSONError
from unorules.rules import BUILT_IN_ORDER, Rules, get_profile, rules_to_options

__all__ = [
    "CARD_BY_NAME",
    "COLOR_NAMES",
    "DEAL_KEYS",
    "MAX_DEPTH",
    "READ",
    "Reader",
    "deal_to_dict",
    "decode",
    "deeper_than",
    "key_path",
    "read_deal",
    "rules_json",
    "type_name",
]

COLOR_NAMES: Final = tuple(c.value for c in Color)
"""The colors as JSON names them, in the order messages list them (the classic four,
then UNO Flip!'s dark side).

>>> COLOR_NAMES
('red', 'yellow', 'green', 'blue', 'pink', 'teal', 'orange', 'purple')
"""

CARD_BY_NAME: Final = {str(c): c for c in ALL_CARDS}
"""Cards by their canonical notation, the quick way to read the common spelling (other
spellings go through :meth:`Card.parse`).

>>> CARD_BY_NAME["W+4"].is_wild, "r7" in CARD_BY_NAME
(True, False)
"""
_WRITABLE_BITS: Final = 2126
"""An integer of at most this many bits is below 10**640, which Python always writes
(its digit limit is at least 640): only a longer one is checked against the limit, which
costs a power of ten."""
_IDENT: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_T = TypeVar("_T")


# == decoding ==================================================================================


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


MAX_DEPTH: Final = 100
"""The most levels of lists and objects a JSON value may nest (the game's deepest, a card
in a hand in a round of a transcript, takes 5). :func:`decode` refuses a deeper value,
wherever it is called from: Python's parser gives up at a depth that depends on how deep
the stack already is, and code that walks a value level by level must not meet one
thousands of levels deep.

>>> MAX_DEPTH
100
"""

_TOO_DEEP: Final = (
    f"not JSON this library reads: nested too deeply (more than {MAX_DEPTH} levels of lists"
    " and objects)"
)


_ESCAPE: Final = re.compile(rb"\\.", re.DOTALL)
_NOT_STRUCTURE: Final = bytes(range(256)).translate(None, b'[]{}"')
_STEPS: Final = bytes.maketrans(b"[]{}", b"\x01\xff\x01\xff")  # +1 and -1, as signed bytes


def deeper_than(text: str | bytes, depth: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` (text that parses) nests lists and objects more than
    ``depth`` levels deep, found from the text alone: the brackets outside strings, each
    a step in or out, and the deepest point reached. Every step runs in Python's bytes,
    regular expression and ``itertools`` code, so the check costs far less than reading
    the text (about 1% of validating a transcript; at worst, 16 MiB of nothing but
    brackets, a tenth of what parsing them takes).

    >>> deeper_than('[[1], {"a": [2]}]', 2), deeper_than('[[1], {"a": [2]}]', 3)
    (True, False)
    >>> deeper_than('["[[[", {"a": "]]"}]', 2)
    False
    """
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    if b"\\" in data:  # an escape is inside a string: \" is not its end
        data = _ESCAPE.sub(b"", data)
    structure = data.translate(None, _NOT_STRUCTURE)
    brackets = structure.replace(b'""', b"")  # strings without a bracket: gone
    if b'"' in brackets:  # a string holds a bracket: what lies between two quotes is one
        brackets = b"".join(structure.split(b'"')[::2])
    if len(brackets) <= 2 * depth:  # balanced: half of them open
        return False
    return max(accumulate(array("b", brackets.translate(_STEPS)))) > depth


def decode(text: str | bytes) -> object:
    """The JSON value of ``text`` (bytes are UTF-8, a byte order mark allowed), read
    strictly: a key twice in one object, ``NaN`` or ``Infinity``, text that is not JSON or
    nested more than :data:`MAX_DEPTH` levels deep is a
    :class:`~unorules.errors.JSONError` at ``$``.

    >>> decode(b'[1, "R7"]')
    [1, 'R7']
    >>> decode('{"player": 0, "player": 1}')
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $: not JSON: the key 'player' appears twice in one object
    >>> decode("[" * 100_000)
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $: not JSON this library reads: nested too deeply (more ...
    >>> decode("[" * 101 + "]" * 101)
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $: not JSON this library reads: nested too deeply (more ...
    """
    raw = text
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise JSONError("$", f"not UTF-8 text: {err}") from None
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise JSONError("$", f"not JSON: {err}") from None
    except RecursionError:
        raise JSONError("$", _TOO_DEEP) from None
    except ValueError as err:
        raise JSONError("$", f"not JSON: {err}") from None
    if deeper_than(raw):
        raise JSONError("$", _TOO_DEEP)
    return value


# == paths and names ===========================================================================


def type_name(value: object) -> str:
    """What kind of JSON value ``value`` is, as a message names it.

    >>> type_name(None), type_name(True), type_name(7.5), type_name("R7"), type_name({})
    ('null', 'true', 'a number', 'a string', 'an object')
    """
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


def key_path(path: str, key: object) -> str:
    """The JSON path of ``key`` in the object at ``path``. A parsed JSON object handed in
    from Python may have a key that is not a string (JSON has none): it is named as
    ``repr`` writes it, capped like any echo.

    >>> key_path("$", "hand"), key_path("$.rules", "mattel-108"), key_path("$", 5)
    ('$.hand', '$.rules["mattel-108"]', '$[5]')
    """
    if not isinstance(key, str):
        return f"{path}[{shown(key)}]"
    if len(key) <= ECHO_LIMIT and _IDENT.match(key):
        return f"{path}.{key}"
    return f"{path}[{shown_json(key)}]"


# == the reader ================================================================================


class Reader:
    """Strict reads of JSON values, each naming the path it reads; a problem is a
    :class:`~unorules.errors.JSONError` (see :meth:`fail`). Stateless: use :data:`READ`,
    or a subclass that words problems its own way.

    >>> READ.seat(2, "$.player", "player"), READ.color("red", "$.color")
    (2, <Color.RED: 'red'>)
    >>> READ.seat(-1, "$.player", "player")
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $.player: player is a whole number from 0, not -1
    """

    __slots__ = ()

    def fail(self, path: str, message: str) -> NoReturn:
        """Raise the problem ``message`` at ``path``.

        >>> READ.fail("$.hand[2]", "not a card")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.hand[2]: not a card
        """
        raise JSONError(path, message)

    def show(self, value: object) -> str:
        """A wrong value as a message echoes it: JSON, capped.

        >>> READ.show("x" * 100)[-3:]
        'xx…'
        """
        return shown_json(value)

    # -- structure ----------------------------------------------------------------------------

    def obj(self, value: object, path: str, what: str) -> dict[str, Any]:
        """``value``, a JSON object (``what`` it should be names it).

        >>> READ.obj([], "$", "a view")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $: a view is a JSON object, not a list
        """
        if not isinstance(value, dict):
            self.fail(path, f"{what} is a JSON object, not {type_name(value)}")
        return value

    def keys(
        self,
        data: dict[str, Any],
        path: str,
        allowed: Sequence[str],
        what: str,
        *,
        listed: bool = True,
    ) -> None:
        """Refuse a key of ``data`` that is not ``allowed`` (which the message lists unless
        ``listed`` is false).

        >>> READ.keys({"dealer": 0, "x": 1}, "$.deal", ("dealer", "hands"), "a deal")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.deal.x: unknown key 'x' in a deal (allowed: dealer, hands)
        """
        for key in data:
            if key not in allowed:
                tail = f" (allowed: {', '.join(allowed)})" if listed else ""
                self.fail(key_path(path, key), f"unknown key {shown(key)} in {what}{tail}")

    def list(self, value: object, path: str, what: str = "a list") -> list[Any]:
        """``value``, a JSON list (``what`` it should be names it).

        >>> READ.list("R1", "$.discard_pile")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.discard_pile: expected a list, not a string
        """
        if not isinstance(value, list):
            self.fail(path, f"expected {what}, not {type_name(value)}")
        return value

    def optional(self, read: Callable[[object, str], _T], value: object, path: str) -> _T | None:
        """None for null, else what ``read`` reads.

        >>> READ.optional(READ.card, None, "$.drawn_card"), READ.optional(READ.card, "W", "$")
        (None, Card.parse('W'))
        """
        return None if value is None else read(value, path)

    # -- values -------------------------------------------------------------------------------

    def true(self, value: object, path: str) -> None:
        """Refuse anything but ``true`` (the value of a verb that takes no argument).

        >>> READ.true(1, "$.draw")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.draw: expected true, not 1
        """
        if value is not True:
            self.fail(path, f"expected true, not {self.show(value)}")

    def whole(
        self, value: object, path: str, what: str, low: int = 0, high: int | None = None
    ) -> int:
        """``value``, a whole number from ``low``, below ``high`` (no bound for None);
        ``what`` names it. A bound as large as the state's counters is written as such.

        >>> READ.whole(7, "$.round", "round")
        7
        >>> READ.whole(True, "$.round", "round")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.round: round is a whole number from 0, not true
        >>> READ.whole(3, "$.idle_turns", "idle_turns", 0, 3)
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.idle_turns: idle_turns is a whole number from 0 to 2, not 3
        """
        if isinstance(value, int) and value.bit_length() > _WRITABLE_BITS and _too_long(value):
            # Only a value built in memory (JSON text cannot hold it): no action, deal or
            # message could write it.
            self.fail(path, f"{what} is a whole number, not {shown_int(value)} (too long)")
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or value < low
            or (high is not None and value >= high)
        ):
            if high is None:
                upper = ""
            elif high >= COUNTER_END:
                upper = f" below {high}"
            else:
                upper = f" to {high - 1}"
            self.fail(path, f"{what} is a whole number from {low}{upper}, not {self.show(value)}")
        return value

    def seat(
        self, value: object, path: str, what: str = "a seat", players: int | None = None
    ) -> int:
        """``value``, a seat: a whole number from 0 (below ``players`` when given).

        >>> READ.seat(1, "$.dealer", "the dealer")
        1
        >>> READ.seat(3, "$.dealer", players=3)
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.dealer: a seat is a whole number from 0 to 2, not 3
        """
        return self.whole(value, path, what, 0, players)

    def number(self, value: object, path: str, low: int = 0, high: int | None = None) -> int:
        """``value``, a whole number from ``low`` to ``high`` (inclusive; no bound for None),
        as a view's fields are read.

        >>> READ.number(2, "$.player", 0, 2)
        2
        >>> READ.number(1.5, "$.round")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.round: expected a whole number, not a number
        """
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(path, f"expected a whole number, not {type_name(value)}")
        if value < low or (high is not None and value > high):
            top = "" if high is None else f" to {high}"
            self.fail(path, f"expected a number from {low}{top}, not {value}")
        return value

    def choice(
        self, value: object, path: str, names: Sequence[str], what: str, *, quoted: bool = False
    ) -> str:
        """``value``, one of ``names`` (listed as JSON strings if ``quoted``); the message
        starts with ``what`` (``"a phase is"``).

        >>> READ.choice("lunch", "$.phase", ("play", "drawn"), "a phase is")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.phase: a phase is one of play, drawn, not "lunch"
        """
        if not isinstance(value, str) or value not in names:
            listed = ", ".join(map(json.dumps, names) if quoted else names)
            self.fail(path, f"{what} one of {listed}, not {self.show(value)}")
        return value

    def color(self, value: object, path: str) -> Color:
        """``value``, a color by its JSON name.

        >>> READ.color("Red", "$.color")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.color: a color is one of "red", "yellow", ..., not "Red"
        """
        return Color(self.choice(value, path, COLOR_NAMES, "a color is", quoted=True))

    def card(self, value: object, path: str) -> Card:
        """``value``, a card in notation (any spelling :meth:`Card.parse` reads).

        >>> READ.card("r7", "$.play")
        Card.parse('R7')
        >>> READ.card(7, "$.play")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.play: a card is a string such as "R7" or "W+4", not a number
        """
        if type(value) is str:
            found = CARD_BY_NAME.get(value)
            if found is not None:
                return found
        if not isinstance(value, str):
            self.fail(path, self.not_a_card(value, None))
        try:
            return Card.parse(value)
        except ValueError as err:
            self.fail(path, self.not_a_card(value, err))

    def not_a_card(self, value: object, error: ValueError | None) -> str:
        """What is wrong with ``value`` as a card: not a string (``error`` is None), or a
        string :meth:`Card.parse` refuses with ``error``.

        >>> READ.not_a_card(None, None)
        'a card is a string such as "R7" or "W+4", not null'
        """
        if error is None:
            return f'a card is a string such as "R7" or "W+4", not {type_name(value)}'
        return str(error)

    def cards(self, value: object, path: str, what: str = "a list of cards") -> tuple[Card, ...]:
        """``value``, a list of cards.

        >>> READ.cards(["R1", "W"], "$.drawn")
        (Card.parse('R1'), Card.parse('W'))
        >>> READ.cards("R1", "$.drawn")
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $.drawn: expected a list of cards, not a string
        """
        items = self.list(value, path, what)
        return tuple(self.card(v, f"{path}[{i}]") for i, v in enumerate(items))

    def hands(self, value: object, path: str) -> tuple[tuple[Card, ...], ...]:
        """``value``, a list of hands, each a list of cards.

        >>> READ.hands([["R1"], []], "$.hands")
        ((Card.parse('R1'),), ())
        """
        items = self.list(value, path, "a list of hands (lists of cards)")
        return tuple(self.cards(v, f"{path}[{i}]") for i, v in enumerate(items))


READ: Final = Reader()
"""The reader whose problems are :class:`~unorules.errors.JSONError`.

>>> READ.cards(["G5"], "$.hand")
(Card.parse('G5'),)
"""


# == shared forms ==============================================================================

DEAL_KEYS: Final = ("dealer", "hands", "turned", "draw_pile")
"""The keys of a deal, in the order they are written.

>>> DEAL_KEYS
('dealer', 'hands', 'turned', 'draw_pile')
"""


def deal_to_dict(deal: Deal) -> dict[str, Any]:
    """``deal`` as JSON values: ``dealer``, ``hands``, ``turned`` and ``draw_pile`` when
    the deal gives one.

    >>> deal_to_dict(Deal(dealer=1, hands=[["R1"], ["G2"]], turned=["B3"]))
    {'dealer': 1, 'hands': [['R1'], ['G2']], 'turned': ['B3']}
    """
    out: dict[str, Any] = {
        "dealer": deal.dealer,
        "hands": [[str(c) for c in h] for h in deal.hands],
        "turned": [str(c) for c in deal.turned],
    }
    if deal.draw_pile is not None:
        out["draw_pile"] = [str(c) for c in deal.draw_pile]
    return out


def read_deal(r: Reader, data: dict[str, Any], path: str, what: str) -> Deal:
    """The deal whose keys (:data:`DEAL_KEYS`) ``data``, the object at ``path``, holds;
    ``what`` names it in the message of a missing key.

    >>> deal = read_deal(READ, {"dealer": 0, "hands": [["R1"]], "turned": ["G2"]}, "$", "a deal")
    >>> deal_to_dict(deal)
    {'dealer': 0, 'hands': [['R1']], 'turned': ['G2']}
    >>> read_deal(READ, {"dealer": 0}, "$.deal", "a deal")
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $.deal: missing 'hands': a deal gives dealer, hands and turned
    """
    for needed in ("dealer", "hands", "turned"):
        if needed not in data:
            r.fail(path, f"missing {needed!r}: {what} gives dealer, hands and turned")
    dealer = r.seat(data["dealer"], f"{path}.dealer", "the dealer")
    hands = r.hands(data["hands"], f"{path}.hands")
    turned = r.cards(data["turned"], f"{path}.turned")
    pile = r.cards(data["draw_pile"], f"{path}.draw_pile") if "draw_pile" in data else None
    return Deal(dealer, hands, turned, pile)


def rules_json(rules: Rules) -> str | dict[str, Any]:
    """The rules as a transcript and the bot protocol name them: a built-in profile, with
    the options that differ from it. Never a registered name: a registered profile may be
    replaced, and the transcript must mean the same thing forever (issue 11).

    >>> from unorules.rules import SWEDISH
    >>> rules_json(SWEDISH), rules_json(SWEDISH.but(target=200))
    ('swedish', {'profile': 'swedish', 'options': {'target': 200}})
    """
    built_in = [(name, get_profile(name)) for name in BUILT_IN_ORDER]
    for name, profile in built_in:
        if profile == rules:
            return name
    base, profile = min(built_in, key=lambda item: len(rules_to_options(rules, item[1])))
    return {"profile": base, "options": rules_to_options(rules, profile)}
