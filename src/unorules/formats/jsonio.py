"""Actions and views as JSON: what a program in any language reads and writes.

An action is the transcript's action object (:doc:`/transcripts`): ``player`` and one verb
key, plus the optional keys of the verb. The transcript reader and writer and these
functions share one implementation, so an action means the same thing in a transcript,
in the bot protocol (:doc:`/bots`) and here. :class:`~unorules.NextRound`, which a
transcript writes as the start of a new round, is ``{"next_round": true}`` here (with
``"deal"`` when it gives the deal).

>>> import unorules as uno
>>> from unorules.formats import jsonio
>>> uno.Play(2, "W", "red", uno=True).to_json()
'{"player": 2, "play": "W", "color": "red", "uno": true}'
>>> jsonio.action_from_json('{"player": 0, "catch": 1}')
CatchUno(0, 1)

A view (:func:`~unorules.observe`) becomes a JSON object with one key per
:class:`~unorules.View` field:

>>> view = uno.observe(uno.new_game(2, seed=1), 0)
>>> data = view.to_dict()
>>> data["hand_sizes"], data["phase"], uno.View.from_dict(data) == view
([7, 7], 'play', True)

Reading is strict: an unknown or missing key, a wrong type or a value out of range is a
:class:`JSONError` naming the JSON path.

>>> jsonio.action_from_json('{"player": 0, "play": "R10"}')
Traceback (most recent call last):
...
unorules.errors.JSONError: at $.play: not a card: 'R10' (examples: R7, G+2, BS, ...)
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import attrs

from unorules._echo import shown
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
from unorules.errors import JSONError
from unorules.rules import MATTEL, Rules, RulesError, rules_from_options, rules_to_options
from unorules.state import Phase
from unorules.view import View

# The transcript's own action reader and writer: one implementation for both formats.
from unorules.formats.transcript import TranscriptError  # isort: skip
from unorules.formats.transcript._io import (  # isort: skip
    _action_json,
    _decode,
    _key_path,
    _parse_action,
    _type_name,
    _Where,
)

__all__ = [
    "JSONError",
    "action_from_dict",
    "action_from_json",
    "action_to_dict",
    "action_to_json",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
]

_ACTION_TYPES = (Play, Draw, Pass, CallUno, CatchUno, Challenge, ChooseColor, NextRound)
_DEAL_KEYS = ("dealer", "hands", "turned", "draw_pile")
_A = TypeVar("_A")


def _fail(path: str, message: str) -> NoReturn:
    raise JSONError(path, message)


def _decoded(text: str | bytes) -> object:
    try:
        return _decode(text)
    except TranscriptError as err:
        raise JSONError(err.path, err.problem.message) from None


# == actions ===================================================================================


def action_to_dict(action: Action) -> dict[str, Any]:
    """``action`` as a JSON object (plain Python values), as a transcript writes it.

    >>> action_to_dict(Draw(1, drawn=["G9"]))
    {'player': 1, 'draw': True, 'drawn': ['G9']}
    >>> action_to_dict(NextRound())
    {'next_round': True}
    """
    if isinstance(action, NextRound):
        out: dict[str, Any] = {"next_round": True}
        deal = action.deal
        if deal is not None:
            d: dict[str, Any] = {
                "dealer": deal.dealer,
                "hands": [[str(c) for c in h] for h in deal.hands],
                "turned": [str(c) for c in deal.turned],
            }
            if deal.draw_pile is not None:
                d["draw_pile"] = [str(c) for c in deal.draw_pile]
            out["deal"] = d
        return out
    if not isinstance(action, _ACTION_TYPES):
        raise TypeError(f"not an action: {action!r}")
    return _action_json(action)


def action_to_json(action: Action) -> str:
    """``action`` as one line of JSON.

    >>> action_to_json(ChooseColor(1, "blue"))
    '{"player": 1, "choose_color": "blue"}'
    """
    return json.dumps(action_to_dict(action))


def action_from_dict(data: object, *, path: str = "$") -> Action:
    """The action a JSON object (already decoded, e.g. by :func:`json.loads`) describes;
    :class:`JSONError` naming the JSON path (``path`` is the object's own) if it is not
    one.

    >>> action_from_dict({"player": 3, "play": "R7", "target": 1})
    Play(3, 'R7', target=1)
    >>> action_from_dict({"player": 0, "draw": "yes"})
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $.draw: expected true, not "yes"
    """
    if isinstance(data, dict) and "next_round" in data:
        return _next_round(data, path)
    try:
        return _parse_action(_Where(), data, path)
    except TranscriptError as err:
        raise JSONError(err.path, err.problem.message) from None


def action_from_json(text: str | bytes) -> Action:
    """The action a line of JSON describes (strict JSON: no duplicate keys, no NaN);
    :class:`JSONError` naming the JSON path if it is not one.

    >>> action_from_json('{"player": 1, "choose_color": "blue"}')
    ChooseColor(1, 'blue')
    >>> action_from_json('{"player": 1, "choose_color": "blue"')
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $: not JSON: Expecting ',' delimiter: line 1 column 37 ...
    """
    return action_from_dict(_decoded(text))


def _next_round(data: dict[str, Any], path: str) -> NextRound:
    w = _Where()
    try:
        w.keys(data, path, ("next_round", "deal"), "a next_round action")
        w.true(data["next_round"], f"{path}.next_round")
        if "deal" not in data:
            return NextRound()
        dpath = f"{path}.deal"
        raw = w.obj(data["deal"], dpath, "a deal")
        w.keys(raw, dpath, _DEAL_KEYS, "a deal")
        for needed in ("dealer", "hands", "turned"):
            if needed not in raw:
                w.fail(dpath, f"missing {needed!r}: a deal gives dealer, hands and turned")
        dealer = w.seat(raw["dealer"], f"{dpath}.dealer", "the dealer")
        hands = w.hands(raw["hands"], f"{dpath}.hands")
        turned = w.cards(raw["turned"], f"{dpath}.turned")
        pile = w.cards(raw["draw_pile"], f"{dpath}.draw_pile") if "draw_pile" in raw else None
    except TranscriptError as err:
        raise JSONError(err.path, err.problem.message) from None
    return NextRound(Deal(dealer, hands, turned, pile))


def _typed_action(cls: type[_A], action: Action, path: str) -> _A:
    if not isinstance(action, cls):
        _fail(path, f"expected a {cls.__name__} action, not {type(action).__name__}")
    return action


# == views =====================================================================================


def _value(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    if isinstance(value, _ACTION_TYPES):
        return action_to_dict(value)
    if isinstance(value, Rules):
        return rules_to_options(value, MATTEL)
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"no JSON form for {value!r}")  # pragma: no cover - a new View field type


def view_to_dict(view: View) -> dict[str, Any]:
    """``view`` as a JSON object (plain Python values): one key per :class:`~unorules.View`
    field, cards in notation, colors and the phase by their names, the legal actions as
    action objects, the rules as the options that differ from the ``mattel`` profile.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "R9"]], turned=["R7"])
    >>> d = view_to_dict(uno.observe(uno.new_game(2, rules, deal=deal), 0))
    >>> sorted(d["hand"]), d["hand_sizes"], d["top_card"], d["color"], d["phase"]
    (['R2', 'W'], [2, 2], 'R7', 'red', 'play')
    >>> {"player": 0, "play": "W", "color": "blue", "uno": True} in d["legal_actions"]
    True
    """
    return {f.name: _value(getattr(view, f.name)) for f in attrs.fields(View)}


def view_to_json(view: View) -> str:
    """``view`` as one line of JSON.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "R9"]], turned=["R7"])
    >>> line = view_to_json(uno.observe(uno.new_game(2, rules, deal=deal), 1))
    >>> line[:22], '"hand_sizes": [2, 2]' in line
    ('{"player": 1, "hand": ', True)
    """
    return json.dumps(view_to_dict(view))


class _Reader:
    """Strict readers of JSON values, each naming the path it reads."""

    @staticmethod
    def int(value: object, path: str, low: int = 0, high: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            _fail(path, f"expected a whole number, not {_type_name(value)}")
        if value < low or (high is not None and value > high):
            top = "" if high is None else f" to {high}"
            _fail(path, f"expected a number from {low}{top}, not {value}")
        return value

    @staticmethod
    def list(value: object, path: str) -> list[Any]:
        if not isinstance(value, list):
            _fail(path, f"expected a list, not {_type_name(value)}")
        return value

    @staticmethod
    def card(value: object, path: str) -> Card:
        if not isinstance(value, str):
            _fail(path, f'a card is a string such as "R7" or "W+4", not {_type_name(value)}')
        try:
            return Card.parse(value)
        except ValueError as err:
            _fail(path, str(err))

    @staticmethod
    def optional(read: Callable[[object, str], _A], value: object, path: str) -> _A | None:
        return None if value is None else read(value, path)


def _cards(value: object, path: str) -> tuple[Card, ...]:
    return tuple(_Reader.card(v, f"{path}[{i}]") for i, v in enumerate(_Reader.list(value, path)))


def _color(value: object, path: str) -> Color:
    names = [c.value for c in Color]
    if not isinstance(value, str) or value not in names:
        _fail(path, f"a color is one of {', '.join(names)}, not {json.dumps(value)[:40]}")
    return Color(value)


def _phase(value: object, path: str) -> Phase:
    names = [p.value for p in Phase]
    if not isinstance(value, str) or value not in names:
        _fail(path, f"a phase is one of {', '.join(names)}, not {json.dumps(value)[:40]}")
    return Phase(value)


def view_from_dict(data: object, *, path: str = "$") -> View:
    """The view a JSON object describes (as :func:`view_to_dict` writes it);
    :class:`JSONError` naming the JSON path if it is not one, or is not consistent (seats
    in range, one hand size and score per seat, the player's hand as large as its size).

    >>> import unorules as uno
    >>> view = uno.observe(uno.new_game(3, seed=4), 2)
    >>> view_from_dict(view_to_dict(view)) == view
    True
    >>> view_from_dict({**view_to_dict(view), "direction": 2})
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $.direction: the direction is 1 or -1, not 2
    """
    r = _Reader
    if not isinstance(data, dict):
        _fail(path, f"a view is a JSON object, not {_type_name(data)}")
    fields = [f.name for f in attrs.fields(View)]
    for key in data:
        if key not in fields:
            _fail(_key_path(path, key), f"unknown key {shown(key)} in a view")
    for key in fields:
        if key not in data:
            _fail(path, f"missing {key!r}")

    def at(key: str) -> str:
        return f"{path}.{key}"

    sizes_raw = r.list(data["hand_sizes"], at("hand_sizes"))
    if not 2 <= len(sizes_raw) <= 10:
        _fail(at("hand_sizes"), f"one size a seat, 2 to 10 seats, not {len(sizes_raw)}")
    seats = len(sizes_raw)
    hand_sizes = tuple(r.int(v, f"{at('hand_sizes')}[{i}]") for i, v in enumerate(sizes_raw))

    def seat(key: str) -> int:
        return r.int(data[key], at(key), 0, seats - 1)

    def opt_seat(key: str) -> int | None:
        return None if data[key] is None else seat(key)

    def per_seat(key: str) -> list[Any]:
        values = r.list(data[key], at(key))
        if len(values) != seats:
            _fail(at(key), f"one entry a seat ({seats}), not {len(values)}")
        return values

    player = seat("player")
    hand = _cards(data["hand"], at("hand"))
    if len(hand) != hand_sizes[player]:
        _fail(
            at("hand"),
            f"{len(hand)} cards, but hand_sizes[{player}] says {hand_sizes[player]}",
        )
    names = per_seat("names")
    for i, name in enumerate(names):
        if not isinstance(name, str):
            _fail(f"{at('names')}[{i}]", f"a name is a string, not {_type_name(name)}")
    scores = tuple(
        r.int(v, f"{at('scores')}[{i}]", -(1 << 62)) for i, v in enumerate(per_seat("scores"))
    )
    direction = data["direction"]
    if direction not in (1, -1) or isinstance(direction, bool):
        _fail(at("direction"), f"the direction is 1 or -1, not {json.dumps(direction)[:40]}")
    exposed = r.list(data["uno_exposed"], at("uno_exposed"))
    legal = r.list(data["legal_actions"], at("legal_actions"))
    actions = tuple(
        action_from_dict(a, path=f"{at('legal_actions')}[{i}]") for i, a in enumerate(legal)
    )
    for i, a in enumerate(actions):
        if isinstance(a, NextRound) or a.player != player:
            _fail(f"{at('legal_actions')}[{i}]", f"not an action of seat {player}")
    known_raw = per_seat("known")
    known = tuple(_cards(v, f"{at('known')}[{i}]") for i, v in enumerate(known_raw))
    for i, cards in enumerate(known):
        if i == player and cards:
            _fail(f"{at('known')}[{i}]", "a player's own hand is in hand, not in known")
        if len(cards) > hand_sizes[i]:
            _fail(
                f"{at('known')}[{i}]",
                f"{len(cards)} cards known, but hand_sizes[{i}] says {hand_sizes[i]}",
            )
    options = data["rules"]
    if not isinstance(options, dict):
        _fail(at("rules"), f"the rules are an object of options, not {_type_name(options)}")
    try:
        rules = rules_from_options(MATTEL, options)
    except (RulesError, TypeError, ValueError) as err:
        _fail(at("rules"), str(err)[:200])

    def seat_list(key: str) -> tuple[int, ...]:
        values = r.list(data[key], at(key))
        if len(values) > 4 * seats * seats + 10:
            _fail(at(key), f"{len(values)} seats listed for {seats} players")
        return tuple(r.int(v, f"{at(key)}[{i}]", 0, seats - 1) for i, v in enumerate(values))

    bluff = data["challenge_bluff"]
    if bluff is not None and not isinstance(bluff, bool):
        _fail(at("challenge_bluff"), f"expected true, false or null, not {_type_name(bluff)}")
    points = data["round_points"]
    lock = data["answer_lock"]
    return View(
        player=player,
        hand=hand,
        hand_sizes=hand_sizes,
        names=tuple(names),
        top_card=r.card(data["top_card"], at("top_card")),
        color=r.optional(_color, data["color"], at("color")),
        direction=direction,
        current_player=opt_seat("current_player"),
        phase=_phase(data["phase"], at("phase")),
        draw_pile_size=r.int(data["draw_pile_size"], at("draw_pile_size")),
        discard_pile=_cards(data["discard_pile"], at("discard_pile")),
        scores=scores,
        dealer=seat("dealer"),
        round=r.int(data["round"], at("round")),
        winner=opt_seat("winner"),
        pending_draw=r.int(data["pending_draw"], at("pending_draw")),
        drawn_card=r.optional(r.card, data["drawn_card"], at("drawn_card")),
        uno_exposed=tuple(
            r.int(v, f"{at('uno_exposed')}[{i}]", 0, seats - 1) for i, v in enumerate(exposed)
        ),
        legal_actions=actions,
        known=known,
        rules=rules,
        eliminated=seat_list("eliminated"),
        challenge_offender=opt_seat("challenge_offender"),
        challenge_color=r.optional(_color, data["challenge_color"], at("challenge_color")),
        challenge_bluff=bluff,
        uno_open=seat_list("uno_open"),
        uno_overdue=seat_list("uno_overdue"),
        lost_turns=seat_list("lost_turns"),
        answer_lock=None if lock is None else seat("answer_lock"),
        idle_turns=r.int(data["idle_turns"], at("idle_turns")),
        turn_actions=r.int(
            data["turn_actions"], at("turn_actions"), 0, rules.round_turn_limit
        ),  # counted only under round_turn_limit, and never past it
        round_winner=opt_seat("round_winner"),
        round_points=None
        if points is None
        else tuple(
            r.int(v, f"{at('round_points')}[{i}]") for i, v in enumerate(per_seat("round_points"))
        ),
    )


def view_from_json(text: str | bytes) -> View:
    """The view a line of JSON describes; :class:`JSONError` naming the JSON path if it is
    not one.

    >>> import unorules as uno
    >>> view = uno.observe(uno.new_game(2, seed=1), 0)
    >>> view_from_json(view_to_json(view)) == view
    True
    >>> view_from_json("[]")
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $: a view is a JSON object, not a list
    """
    return view_from_dict(_decoded(text))
