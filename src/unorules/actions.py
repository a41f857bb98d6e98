"""The actions of a game. Each is a frozen value naming the seat that acts.

Cards and colors may be given in notation; they are stored as :class:`~unorules.Card` and
:class:`~unorules.Color`. An action prints as code that builds it again:

>>> Play(1, "w", "red", uno=True)
Play(1, 'W', 'red', uno=True)
>>> Play(0, "R7") == Play(0, Card.parse("R7"))
True
>>> Draw(2, drawn=["B2"])
Draw(2, drawn=['B2'])
>>> Play(0, "R10")
Traceback (most recent call last):
...
ValueError: card: not a card: 'R10' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')

Every field is checked when the action is built, and the error names the field:

>>> Play(3, "R7", target=1.0)
Traceback (most recent call last):
...
TypeError: target is a seat, a whole number, not 1.0
>>> Play(0, "R7", uno="yes")
Traceback (most recent call last):
...
TypeError: uno is True or False, not 'yes'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Any, Final, Self, TypeAlias, TypeVar, cast

import attrs

from unorules._echo import shown, shown_int
from unorules._json import DEAL_KEYS, READ, Reader, deal_to_dict, decode, key_path, read_deal
from unorules.cards import Card, Color, Side
from unorules.deal import _SMALL, Deal, _cards_at, _too_long

__all__ = [
    "Action",
    "CallUno",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Draw",
    "NextRound",
    "Pass",
    "Play",
]


def _card(value: Card | str) -> Card:
    if isinstance(value, Card):
        # An action names a UNO Flip! card light face up, whatever side is in play: the
        # engine turns it to the side in play (FL2.2).
        return value.facing(Side.LIGHT)
    try:
        return Card.parse(value)
    except TypeError as err:
        raise TypeError(f"card: {err}") from None
    except ValueError as err:
        raise ValueError(f"card: {err}") from None


def _color(value: Color | str | None) -> Color | None:
    if value is None or isinstance(value, Color):
        return value
    if isinstance(value, str):
        return Color.parse(value)
    raise TypeError(f"a color is red, yellow, green or blue, not {shown(value)}")


def _card_list(value: object, field: str) -> tuple[Card, ...]:
    """A list of cards in order, the error naming ``field``."""
    if isinstance(value, str | Card):
        raise TypeError(f"{field} is a list of cards, not a single card {shown(value)}")
    if isinstance(value, Mapping | Set):
        # Cards are named in order (drawn) or counted with their copies (also, hands).
        raise TypeError(f"{field} is a list of cards in order, not {type(value).__name__}")
    if not isinstance(value, Iterable):
        raise TypeError(f"{field} is a list of cards, not {shown_int(value)}")
    return _cards_at(value, field)


def _cards(value: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    """``drawn``: None (nothing named) or the cards drawn, in order."""
    return None if value is None else _card_list(value, "drawn")


def _also(value: Iterable[Card | str]) -> tuple[Card, ...]:
    return () if value is None else _card_list(value, "also")


def _hands(
    value: Sequence[Sequence[Card | str]] | None,
) -> tuple[tuple[Card, ...], ...] | None:
    if value is None:
        return None
    if isinstance(value, str | Card | Mapping | Set) or not isinstance(value, Iterable):
        raise TypeError(f"hands is a list of hands (lists of cards), not {shown_int(value)}")
    out = []
    for seat, hand in enumerate(value):
        if hand is None:
            raise TypeError("hands is a list of hands (lists of cards), not of None")
        out.append(_card_list(hand, f"hands[{seat}]"))
    return tuple(out)


def _whole(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{field} is a seat, a whole number, not {shown(value)}")
    if not -_SMALL <= value <= _SMALL and _too_long(value):  # the check is cheap at a table
        raise TypeError(
            f"{field} is a seat, a whole number, not {shown_int(value)} (too long to write)"
        )
    return value


def _seat(value: int) -> int:
    return _whole(value, "player")


def _caught(value: int) -> int:
    return _whole(value, "target")


def _target(value: int | None) -> int | None:
    return None if value is None else _whole(value, "target")


def _flag(value: bool) -> bool:
    if type(value) is not bool:
        raise TypeError(f"uno is True or False, not {shown(value)}")
    return value


def _deal(value: Deal | None) -> Deal | None:
    if value is not None and not isinstance(value, Deal):
        raise TypeError(f"deal is a unorules.Deal or None, not {shown(value)}")
    return value


def _p(seat: int) -> str:
    """A seat as an action's text names it (``P2``); a seat too long to echo is named by its
    length, as every message names it (:func:`unorules._echo.shown_int`)."""
    return f"P{seat}" if -_SMALL <= seat <= _SMALL else "P" + shown_int(seat)


def _fmt_cards(cards: tuple[Card, ...]) -> str:
    return "[" + ", ".join(repr(str(c)) for c in cards) + "]"


def _extra(**kwargs: object) -> str:
    parts = []
    for key, value in kwargs.items():
        # None and False are the defaults, and so is () for also; for drawn and hands, ()
        # names zero cards or hands (an action other than None, which names nothing).
        if value is None or value is False or (key == "also" and value == ()):
            continue
        if value is True:
            parts.append(f"{key}=True")
        elif isinstance(value, Color):
            parts.append(f"{key}={value.value!r}")
        elif key == "hands" and isinstance(value, tuple):
            parts.append(f"{key}=[" + ", ".join(_fmt_cards(h) for h in value) + "]")
        elif isinstance(value, tuple):
            parts.append(f"{key}={_fmt_cards(value)}")
        else:
            parts.append(f"{key}={value!r}")
    return "".join(", " + p for p in parts)


_A = TypeVar("_A")


class _JSONForm:
    """JSON for every action class: the transcript's action object
    (:mod:`unorules.formats.jsonio`, which re-exports the functions written below).

    >>> Play(0, "R7").to_json(), Draw.from_json('{"player": 1, "draw": true}')
    ('{"player": 0, "play": "R7"}', Draw(1))
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """This action as a JSON object (plain values), as a transcript writes it.

        >>> Play(1, "W", "red").to_dict()
        {'player': 1, 'play': 'W', 'color': 'red'}
        """
        return action_to_dict(cast("Action", self))

    def to_json(self) -> str:
        """This action as one line of JSON.

        >>> CatchUno(2, 0).to_json()
        '{"player": 2, "catch": 0}'
        """
        return action_to_json(cast("Action", self))

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """The action of this class a JSON object describes; a
        :class:`~unorules.errors.JSONError` naming the JSON path if it is not one
        (:func:`unorules.formats.jsonio.action_from_dict` reads any action).

        >>> Pass.from_dict({"player": 0, "pass": True})
        Pass(0)
        >>> Pass.from_dict({"player": 0, "draw": True})
        Traceback (most recent call last):
        ...
        unorules.errors.JSONError: at $: expected a Pass action, not Draw
        """
        return _typed_action(cls, action_from_dict(data), "$")

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """The action of this class a line of JSON describes (see :meth:`from_dict`).

        >>> Challenge.from_json('{"player": 1, "challenge": true}')
        Challenge(1)
        """
        return _typed_action(cls, action_from_json(text), "$")


@attrs.frozen(repr=False)
class Play(_JSONForm):
    """Lay a card (R4.1). A ``Play`` by a seat other than the current player is a Jump-In.

    Args:
        player: the seat that lays the card.
        card: the card, e.g. ``"R7"`` or a :class:`~unorules.Card`.
        color: the color named with a wild; required for a wild, forbidden otherwise.
        uno: say UNO in the same motion (R10.1). Accepted only on the play that
            leaves one card in the hand (the cards laid, before any effect), and refused
            on any other (``wrong_phase``), as :func:`~unorules.legal_actions` lists it
            (C8): a call at another time is :class:`CallUno`, which is always
            accepted (and is how a false call is made under ``false_uno_penalty``).
            Whether the call was needed is judged once the play has resolved
            (C7): if a Seven-O swap or rotation or a Wild Shuffle Hands then
            leaves the player another number of cards, the call protects nothing, and
            under ``false_uno_penalty`` it costs that penalty.
        target: with Seven-O, the seat a 7 swaps hands with.
        also: further cards laid in the same motion, where ``multi_play`` allows it.
        hands: optionally fixes the result of a Wild Shuffle Hands: the new hand of every
            seat (the engine checks they hold exactly the pooled cards, dealt as R8.2 says).
        drawn: the exact cards this play makes anyone draw, in order (see
            :class:`Draw`).

    >>> Play(0, "G+2")
    Play(0, 'G+2')
    >>> Play(3, "R7", target=1).target
    1

    The call with a play that keeps two cards is refused:

    >>> import unorules as uno
    >>> s = uno.State.from_position("R3,G5,G6/Y1,Y2 R7 red 0+ play *")
    >>> uno.apply(s, Play(0, "R3", uno=True))
    Traceback (most recent call last):
    ...
    unorules.errors.IllegalAction: uno=True says UNO with the play that leaves one card
    (R10.1, C8): laying R3 leaves player 0 2 cards; say UNO at another time with CallUno(0)
    """

    player: int = attrs.field(converter=_seat)
    card: Card = attrs.field(converter=_card)
    color: Color | None = attrs.field(default=None, converter=_color)
    uno: bool = attrs.field(default=False, kw_only=True, converter=_flag)
    target: int | None = attrs.field(default=None, kw_only=True, converter=_target)
    also: tuple[Card, ...] = attrs.field(default=(), kw_only=True, converter=_also)
    hands: tuple[tuple[Card, ...], ...] | None = attrs.field(
        default=None, kw_only=True, converter=_hands
    )
    drawn: tuple[Card, ...] | None = attrs.field(default=None, kw_only=True, converter=_cards)
    _plain: bool = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Derived: one card, naming a color exactly if it is a wild (a classic color: the fast
    path plays only classic games), with no target, hands or drawn (the shape of play the
    engine's fast path takes)."""

    def __attrs_post_init__(self) -> None:
        plain = (
            not self.also
            and self.target is None
            and self.hands is None
            and self.drawn is None
            and (self.color is None) is not self.card.is_wild
            and (self.color is None or self.color.side is Side.LIGHT)
        )
        object.__setattr__(self, "_plain", plain)

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        # Pickled as its fields and rebuilt by the constructor, so that what derives from
        # them is derived again: a pickle holds no private field of one version.
        return (_play_of, tuple(getattr(self, name) for name in _PLAY_FIELDS))

    def __setstate__(self, state: dict[str, object]) -> None:
        # A Play pickled by an earlier version (its fields as a dict, with the private
        # field of that version): the fields, then what derives from them.
        for name in _PLAY_FIELDS:
            if name in state:
                object.__setattr__(self, name, state[name])
        self.__attrs_post_init__()

    def __repr__(self) -> str:
        head = f"Play({self.player}, {str(self.card)!r}"
        if self.color is not None:
            head += f", {self.color.value!r}"
        return (
            head
            + _extra(
                uno=self.uno, target=self.target, also=self.also, hands=self.hands, drawn=self.drawn
            )
            + ")"
        )

    def __str__(self) -> str:
        text = f"{_p(self.player)} plays {self.card}"
        if self.also:
            text += " " + " ".join(map(str, self.also))
        if self.color is not None:
            text += f" ({self.color.value})"
        if self.target is not None:
            text += f" swapping with {_p(self.target)}"
        return text + (" UNO!" if self.uno else "")


_PLAY_FIELDS: tuple[str, ...] = tuple(f.name for f in attrs.fields(Play) if f.init)
"""The fields of :class:`Play` its constructor takes, in its order."""


def _play_of(*fields: Any) -> Play:
    """The play of these fields, in :data:`_PLAY_FIELDS`' order (unpickling)."""
    player, card, color, uno, target, also, hands, drawn = fields
    return Play(player, card, color, uno=uno, target=target, also=also, hands=hands, drawn=drawn)


@attrs.frozen(repr=False)
class Draw(_JSONForm):
    """Draw from the pile: the normal draw of a turn (R4.4, R4.5), or taking a pending
    penalty (a Wild Draw Four accepted, a stack).

    ``drawn``, on this and every action that makes anyone draw, names the exact cards, in
    order, that the action draws, by anyone: the engine then draws exactly those (each must
    be in the pile, code ``draw_mismatch`` otherwise). Without it cards come off the top of
    the pile.

    >>> Draw(1)
    Draw(1)
    >>> str(Draw(1, drawn=["G9"]))
    'P1 draws G9'
    """

    player: int = attrs.field(converter=_seat)
    drawn: tuple[Card, ...] | None = attrs.field(default=None, converter=_cards)

    def __repr__(self) -> str:
        return f"Draw({self.player}{_extra(drawn=self.drawn)})"

    def __str__(self) -> str:
        if self.drawn is None:
            return f"{_p(self.player)} draws"
        return f"{_p(self.player)} draws " + " ".join(map(str, self.drawn))


@attrs.frozen(repr=False)
class Pass(_JSONForm):
    """Keep the card just drawn instead of laying it (R4.6).

    >>> Pass(0)
    Pass(0)
    """

    player: int = attrs.field(converter=_seat)

    def __repr__(self) -> str:
        return f"Pass({self.player})"

    def __str__(self) -> str:
        return f"{_p(self.player)} keeps the card"


@attrs.frozen(repr=False)
class CallUno(_JSONForm):
    """Say UNO (R10). It protects a player who holds one card and owes the call; a call at
    any other time changes nothing (C8), unless ``false_uno_penalty`` is set: then the
    caller draws that penalty, and ``drawn`` may name those cards.

    >>> CallUno(2)
    CallUno(2)
    >>> CallUno(0, drawn=["G1", "B4"])
    CallUno(0, drawn=['G1', 'B4'])
    """

    player: int = attrs.field(converter=_seat)
    drawn: tuple[Card, ...] | None = attrs.field(default=None, kw_only=True, converter=_cards)

    def __repr__(self) -> str:
        return f"CallUno({self.player}{_extra(drawn=self.drawn)})"

    def __str__(self) -> str:
        return f"{_p(self.player)} says UNO"


@attrs.frozen(repr=False)
class CatchUno(_JSONForm):
    """Point out that ``target`` holds one card and has not said UNO (R10.2).

    >>> CatchUno(1, 0)
    CatchUno(1, 0)
    """

    player: int = attrs.field(converter=_seat)
    target: int = attrs.field(converter=_caught)
    drawn: tuple[Card, ...] | None = attrs.field(default=None, kw_only=True, converter=_cards)

    def __repr__(self) -> str:
        return f"CatchUno({self.player}, {self.target}{_extra(drawn=self.drawn)})"

    def __str__(self) -> str:
        return f"{_p(self.player)} catches {_p(self.target)}"


@attrs.frozen(repr=False)
class Challenge(_JSONForm):
    """Challenge the Wild Draw Four just laid on you (R7.3).

    >>> Challenge(1)
    Challenge(1)
    """

    player: int = attrs.field(converter=_seat)
    drawn: tuple[Card, ...] | None = attrs.field(default=None, kw_only=True, converter=_cards)

    def __repr__(self) -> str:
        return f"Challenge({self.player}{_extra(drawn=self.drawn)})"

    def __str__(self) -> str:
        return f"{_p(self.player)} challenges"


@attrs.frozen(repr=False)
class ChooseColor(_JSONForm):
    """Name the color when the first card turned up is a wild (R3.5), or, as the victim
    of a Wild Color Roulette, the color to dig for (No Mercy, NM-A9); ``drawn`` may then
    name the cards turned, in order.

    >>> ChooseColor(1, "blue")
    ChooseColor(1, 'blue')
    >>> ChooseColor(1, "blue", drawn=["R2", "B5"])
    ChooseColor(1, 'blue', drawn=['R2', 'B5'])
    """

    player: int = attrs.field(converter=_seat)
    color: Color = attrs.field(converter=_color)
    drawn: tuple[Card, ...] | None = attrs.field(default=None, kw_only=True, converter=_cards)

    @color.validator
    def _check_color(self, attribute: attrs.Attribute[Color], value: Color | None) -> None:
        if value is None:
            raise ValueError("ChooseColor needs a color: red, yellow, green or blue")

    def __repr__(self) -> str:
        return f"ChooseColor({self.player}, {self.color.value!r}{_extra(drawn=self.drawn)})"

    def __str__(self) -> str:
        return f"{_p(self.player)} names {self.color.value}"


@attrs.frozen(repr=False)
class NextRound(_JSONForm):
    """Deal the next round after a round has ended. The deal passes to the left; the
    state's generator deals, unless ``deal`` gives the deal explicitly (see
    :class:`~unorules.Deal`).

    >>> NextRound()
    NextRound()
    """

    deal: Deal | None = attrs.field(default=None, converter=_deal)

    def __repr__(self) -> str:
        return "NextRound()" if self.deal is None else f"NextRound(deal={self.deal!r})"

    def __str__(self) -> str:
        return "next round"


Action: TypeAlias = Play | Draw | Pass | CallUno | CatchUno | Challenge | ChooseColor | NextRound
"""Any action :func:`unorules.apply` takes: a union of the eight action classes, for type
hints.

>>> def who(action: Action) -> str:
...     return "nobody" if isinstance(action, NextRound) else f"P{action.player}"
>>> who(Play(2, "R7")), who(NextRound())
('P2', 'nobody')
"""


# == JSON ======================================================================================
# An action as JSON is the transcript's action object (:doc:`/transcripts`): ``player`` and
# one verb key, plus the optional keys of the verb. One reader and one writer, here, serve
# transcripts, the bot protocol and :mod:`unorules.formats.jsonio`, which re-exports the
# public functions.

_VERBS: Final = ("play", "draw", "pass", "call_uno", "catch", "challenge", "choose_color")
_OPTIONS: Final = ("color", "uno", "target", "also", "hands", "drawn")
_OPTIONS_OF: Final[dict[str, frozenset[str]]] = {
    "play": frozenset(_OPTIONS),
    "draw": frozenset({"drawn"}),
    "catch": frozenset({"drawn"}),
    "challenge": frozenset({"drawn"}),
    "pass": frozenset(),
    "call_uno": frozenset({"drawn"}),
    "choose_color": frozenset({"drawn"}),
}


def action_to_dict(action: Action) -> dict[str, Any]:
    """``action`` as a JSON object (plain Python values), as a transcript writes it.

    >>> action_to_dict(Draw(1, drawn=["G9"]))
    {'player': 1, 'draw': True, 'drawn': ['G9']}
    >>> action_to_dict(NextRound())
    {'next_round': True}
    """
    a = action
    out: dict[str, Any]
    if isinstance(a, Play):
        out = {"player": a.player, "play": str(a.card)}
        if a.color is not None:
            out["color"] = a.color.value
        if a.uno:
            out["uno"] = True
        if a.target is not None:
            out["target"] = a.target
        if a.also:
            out["also"] = [str(c) for c in a.also]
        if a.hands is not None:
            out["hands"] = [[str(c) for c in h] for h in a.hands]
    elif isinstance(a, Draw):
        out = {"player": a.player, "draw": True}
    elif isinstance(a, Pass):
        out = {"player": a.player, "pass": True}
    elif isinstance(a, CallUno):
        out = {"player": a.player, "call_uno": True}
    elif isinstance(a, CatchUno):
        out = {"player": a.player, "catch": a.target}
    elif isinstance(a, Challenge):
        out = {"player": a.player, "challenge": True}
    elif isinstance(a, ChooseColor):
        out = {"player": a.player, "choose_color": a.color.value}
    elif isinstance(a, NextRound):
        out = {"next_round": True}
        if a.deal is not None:
            out["deal"] = deal_to_dict(a.deal)
        return out
    else:
        raise TypeError(f"not an action: {action!r}")
    drawn = getattr(a, "drawn", None)
    if drawn is not None:
        out["drawn"] = [str(c) for c in drawn]
    return out


def action_to_json(action: Action) -> str:
    """``action`` as one line of JSON.

    >>> action_to_json(ChooseColor(1, "blue"))
    '{"player": 1, "choose_color": "blue"}'
    """
    return json.dumps(action_to_dict(action))


def read_action(r: Reader, value: object, path: str) -> Action:
    """The player's action (not :class:`NextRound`) the JSON object ``value`` at ``path``
    describes, read by ``r`` (a transcript's reader names the round and action too).

    >>> from unorules._json import READ
    >>> read_action(READ, {"player": 0, "catch": 1}, "$.actions[3]")
    CatchUno(0, 1)
    >>> read_action(READ, {"next_round": True}, "$.actions[3]")
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $.actions[3].next_round: unknown key 'next_round' in an action ...
    """
    data = r.obj(value, path, 'an action (e.g. {"player": 0, "play": "R7"})')
    verbs = [k for k in data if k in _VERBS]
    for key in data:
        if key != "player" and key not in _VERBS and key not in _OPTIONS:
            r.fail(
                key_path(path, key),
                f"unknown key {shown(key)} in an action (allowed: player, one of"
                f" {', '.join(_VERBS)}, and {', '.join(_OPTIONS)})",
            )
    if not verbs:
        r.fail(path, f"an action needs one of {', '.join(_VERBS)}")
    if len(verbs) > 1:
        r.fail(
            key_path(path, verbs[1]),
            f"two verbs in one action ({verbs[0]} and {verbs[1]}): an action has exactly one",
        )
    verb = verbs[0]
    for key in data:
        if key in _OPTIONS and key not in _OPTIONS_OF[verb]:
            goes = [v for v, opts in _OPTIONS_OF.items() if key in opts]
            r.fail(key_path(path, key), f"{key} goes only with {' or '.join(goes)}, not {verb}")
    if "player" not in data:
        r.fail(path, 'missing "player"')
    player = r.seat(data["player"], f"{path}.player", "player")
    drawn = r.cards(data["drawn"], f"{path}.drawn") if "drawn" in data else None
    arg = data[verb]
    vpath = f"{path}.{verb}"
    if verb == "play":
        card = r.card(arg, vpath)
        color = r.color(data["color"], f"{path}.color") if "color" in data else None
        uno = data.get("uno", False)
        if not isinstance(uno, bool):
            r.fail(f"{path}.uno", f"uno is true or false, not {r.show(uno)}")
        target = r.seat(data["target"], f"{path}.target", "target") if "target" in data else None
        also = r.cards(data["also"], f"{path}.also") if "also" in data else ()
        hands = r.hands(data["hands"], f"{path}.hands") if "hands" in data else None
        return Play(
            player, card, color, uno=uno, target=target, also=also, hands=hands, drawn=drawn
        )
    if verb == "draw":
        r.true(arg, vpath)
        return Draw(player, drawn)
    if verb == "pass":
        r.true(arg, vpath)
        return Pass(player)
    if verb == "call_uno":
        r.true(arg, vpath)
        return CallUno(player, drawn=drawn)
    if verb == "catch":
        return CatchUno(player, r.seat(arg, vpath, "the seat caught"), drawn=drawn)
    if verb == "challenge":
        r.true(arg, vpath)
        return Challenge(player, drawn=drawn)
    return ChooseColor(player, r.color(arg, vpath), drawn=drawn)


def _next_round(data: dict[str, Any], path: str) -> NextRound:
    READ.keys(data, path, ("next_round", "deal"), "a next_round action")
    READ.true(data["next_round"], f"{path}.next_round")
    if "deal" not in data:
        return NextRound()
    dpath = f"{path}.deal"
    raw = READ.obj(data["deal"], dpath, "a deal")
    READ.keys(raw, dpath, DEAL_KEYS, "a deal")
    return NextRound(read_deal(READ, raw, dpath, "a deal"))


def action_from_dict(data: object, *, path: str = "$") -> Action:
    """The action a JSON object (already decoded, e.g. by :func:`json.loads`) describes;
    :class:`~unorules.errors.JSONError` naming the JSON path (``path`` is the object's
    own) if it is not one.

    >>> action_from_dict({"player": 3, "play": "R7", "target": 1})
    Play(3, 'R7', target=1)
    >>> action_from_dict({"player": 0, "draw": "yes"})
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $.draw: expected true, not "yes"
    """
    if isinstance(data, dict) and "next_round" in data:
        return _next_round(data, path)
    return read_action(READ, data, path)


def action_from_json(text: str | bytes) -> Action:
    """The action a line of JSON describes (strict JSON: no duplicate keys, no NaN);
    :class:`~unorules.errors.JSONError` naming the JSON path if it is not one.

    >>> action_from_json('{"player": 1, "choose_color": "blue"}')
    ChooseColor(1, 'blue')
    >>> action_from_json('{"player": 1, "choose_color": "blue"')
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $: not JSON: Expecting ',' delimiter: line 1 column 37 ...
    """
    return action_from_dict(decode(text))


def _typed_action(cls: type[_A], action: Action, path: str) -> _A:
    if not isinstance(action, cls):
        READ.fail(path, f"expected a {cls.__name__} action, not {type(action).__name__}")
    return action
