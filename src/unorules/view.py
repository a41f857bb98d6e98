"""What one player may see: :func:`observe` hides the other hands and the draw pile.

A server sends each player only their :class:`View`; a bot decides from it alone. A view
holds everything its player legitimately knows: the public table, their own cards, and
the cards they have seen in other hands (:attr:`View.known`), so that
:func:`unorules.sample_state` can deal a full state that agrees with it.

>>> import unorules as uno
>>> state = uno.new_game(3, seed=5)
>>> view = uno.observe(state, 1)
>>> view.player, len(view.hand), view.hand_sizes
(1, 7, (7, 7, 7))
"""

from __future__ import annotations

import enum
import json
from typing import Any, Final

import attrs

from unorules._echo import check_seat, shown
from unorules._engine.knowledge import known_of
from unorules._json import COLOR_NAMES, Reader, decode, type_name
from unorules.actions import Action, NextRound, action_from_dict, action_to_dict
from unorules.cards import Card, Color, Side
from unorules.engine import legal_actions
from unorules.rules import MATTEL, Rules, RulesError, rules_from_options, rules_to_options
from unorules.state import Phase, State

__all__ = ["View", "observe"]


@attrs.frozen
class View:
    """One player's view of a state: everything public, and that player's own cards.

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> v = uno.observe(uno.new_game(2, rules, deal=deal), 0)
    >>> [str(c) for c in v.hand], str(v.top_card), v.hand_sizes, v.legal_actions[0]
    (['R2', 'G5'], 'R7', (2, 2), Play(0, 'R2'))
    """

    player: int
    """The seat this view belongs to."""
    hand: tuple[Card, ...]
    """That player's cards."""
    hand_sizes: tuple[int, ...]
    """How many cards every seat holds."""
    names: tuple[str, ...]
    top_card: Card
    color: Color | None
    direction: int
    current_player: int | None
    phase: Phase
    draw_pile_size: int
    discard_pile: tuple[Card, ...]
    """Bottom first; the cards laid are public."""
    scores: tuple[int, ...]
    dealer: int
    round: int
    winner: int | None
    pending_draw: int
    drawn_card: Card | None
    """The card this player just drew, in the drawn phase (others do not see it)."""
    uno_exposed: tuple[int, ...]
    """Seats that can be caught for not saying UNO."""
    legal_actions: tuple[Action, ...]
    """The actions this player may take now."""
    known: tuple[tuple[Card, ...], ...]
    """What this player knows of each seat's hand, by seat (empty for its own): cards
    that hand holds for certain (it may hold more). A player learns another's cards when
    a Wild Draw Four they challenge is shown to them (Mattel's procedure, R7.3; the other
    profiles show no hand), when a Wild Draw Four is taken back into its player's hand in
    sight of all (the Danish sheet, A6), and under Seven-O from the hand they gave away
    or passed on (A18). A known card is forgotten when its holder lays a copy of it; a
    Wild Shuffle Hands and a new round forget everything.

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=3)
    >>> deal = uno.Deal(dealer=1, hands=[["W+4", "R1", "G5"], ["G2", "G3", "B1"]],
    ...                 turned=["R7"])
    >>> s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "W+4", "blue"))
    >>> uno.observe(s, 1).known
    ((), ())
    >>> s = uno.apply(s, uno.Challenge(1))  # a bluff: P0 shows R1 G5, then draws four
    >>> [str(c) for c in uno.observe(s, 1).known[0]], uno.observe(s, 0).known
    (['R1', 'G5'], ((), ()))
    """
    rules: Rules
    """The rules of the game (public: every player knows them)."""
    eliminated: tuple[int, ...]
    """Seats eliminated from the match (elimination scoring)."""
    challenge_offender: int | None
    """In the challenge phase: the seat that laid the Wild Draw Four; else None."""
    challenge_color: Color | None
    """In the challenge phase: the color in force before the Wild Draw Four; else None."""
    challenge_bluff: bool | None
    """In the challenge phase, for the seat that laid the Wild Draw Four only: whether it
    was a bluff (R7.2); None for everyone else and in other phases."""
    uno_open: tuple[int, ...]
    """Seats that hold one card and may still say UNO safely (the open window, C2)."""
    uno_overdue: tuple[int, ...]
    """Seats whose call is overdue and who can still be caught (C9)."""
    lost_turns: tuple[int, ...]
    """Seats that will lose their next turn, in order."""
    answer_lock: int | None
    """The seat that may not answer the Reverse on top with a Reverse (C6), or None."""
    idle_turns: int
    """Turns in a row in which nobody could lay a card (a stuck round ends, C15)."""
    turn_actions: int
    """The turn actions made in this round so far, counted under the house rule
    ``round_turn_limit`` (every seat can count them); always 0 without it
    (:attr:`State.turn_actions <unorules.State.turn_actions>`)."""
    round_winner: int | None
    """The seat that went out in the round just ended, else None."""
    round_points: tuple[int, ...] | None
    """Points each seat (or its team) scored in the round just ended, else None."""
    knocked_out: tuple[int, ...] = ()
    """Seats knocked out of this round by the Mercy rule (No Mercy, NM1.8): public, as
    everyone sees a player leave the round."""
    set_aside_size: int = 0
    """How many cards the knocked-out hands set aside hold (No Mercy, NM1.8 item 2). The
    cards themselves are hidden: the sheet sets the hand aside as it was held, unseen,
    and they go back into the draw pile at the next rebuild; only their count is public
    (like the draw pile's). ``sample_state`` deals unseen cards to them."""
    # UNO Flip! (FL-A13): what the table shows of the faces not in play.
    side: Side = Side.LIGHT
    """The side in play (UNO Flip!; light in every classic game)."""
    other_faces: tuple[tuple[Card, ...], ...] = ()
    """UNO Flip! (FL-A13): the faces not in play of every other seat's hand, which the
    table sees, by seat, in card order (empty for this player's own hand); empty in a
    classic game.

    >>> import unorules as uno
    >>> rules = uno.MATTEL_FLIP.but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2|OR", "G5|T4"], ["B2|O8", "B3|V8"]],
    ...                 turned=["R7|O1"])
    >>> v = uno.observe(uno.new_game(2, rules, deal=deal), 0)
    >>> [[str(c) for c in h] for h in v.other_faces], str(v.draw_pile_other_face)[:1]
    ([[], ['O8', 'V8']], 'O')
    """
    draw_pile_other_face: Card | None = None
    """UNO Flip! (FL-A13): the face not in play of the draw pile's top card, which lies
    face up; None in a classic game or when the pile is empty."""

    def _repr_svg_(self) -> str:
        """The table as this player sees it, for notebooks (see
        :func:`unorules.pictures.svg.table`).

        >>> import unorules as uno
        >>> "(you)" in uno.observe(uno.new_game(2, seed=1), 0)._repr_svg_()
        True
        """
        from unorules.pictures import svg  # noqa: PLC0415 (svg imports this module)

        return svg.table(self)

    def to_dict(self) -> dict[str, Any]:
        """This view as a JSON object (plain values): see
        :func:`unorules.formats.jsonio.view_to_dict`.

        >>> import unorules as uno
        >>> uno.observe(uno.new_game(2, seed=1), 0).to_dict()["hand_sizes"]
        [7, 7]
        """
        return view_to_dict(self)

    def to_json(self) -> str:
        """This view as one line of JSON.

        >>> import unorules as uno
        >>> uno.observe(uno.new_game(2, seed=1), 0).to_json()[:22]
        '{"player": 0, "hand": '
        """
        return view_to_json(self)

    @classmethod
    def from_dict(cls, data: object) -> View:
        """The view a JSON object describes: see :func:`unorules.formats.jsonio.view_from_dict`.

        >>> import unorules as uno
        >>> view = uno.observe(uno.new_game(2, seed=1), 0)
        >>> uno.View.from_dict(view.to_dict()) == view
        True
        """
        return view_from_dict(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> View:
        """The view a line of JSON describes: see :func:`unorules.formats.jsonio.view_from_json`.

        >>> import unorules as uno
        >>> view = uno.observe(uno.new_game(2, seed=1), 1)
        >>> uno.View.from_json(view.to_json()) == view
        True
        """
        return view_from_json(text)


def observe(state: State, player: int) -> View:
    """What ``player`` may see of ``state``.

    >>> import unorules as uno
    >>> uno.observe(uno.new_game(2, seed=1), 5)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 5 at this table (seats 0 to 1)
    >>> uno.observe("a state", 0)
    Traceback (most recent call last):
    ...
    TypeError: observe needs a State (from unorules.new_game), not 'a state'
    """
    if type(state) is not State:
        raise TypeError(f"observe needs a State (from unorules.new_game), not {shown(state)}")
    check_seat(player, state.players)
    mine = state.current_player == player
    ch = state._ledger.challenge
    calls = state._ledger.calls
    lock = state._ledger.answer_lock
    return View(
        player=player,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        names=state.names,
        top_card=state.top_card,
        color=state.color,
        direction=state.direction,
        current_player=state.current_player,
        phase=state.phase,
        draw_pile_size=state.draw_pile_size,
        discard_pile=state.discard_pile,
        scores=state.scores,
        dealer=state.dealer,
        round=state.round,
        winner=state.winner,
        pending_draw=state.pending_draw,
        drawn_card=state.drawn_card if mine else None,
        uno_exposed=state.uno_exposed,
        legal_actions=legal_actions(state, player),
        known=_NOTHING[state.players]
        if not state._ledger.known
        else known_of(state._ledger.known, player, state.players),
        rules=state._match.rules,
        eliminated=state.eliminated,
        challenge_offender=None if ch is None else ch.offender,
        challenge_color=None if ch is None else ch.previous_color,
        challenge_bluff=None if ch is None or ch.offender != player else ch.guilty,
        uno_open=calls.open,
        uno_overdue=calls.overdue,
        lost_turns=state._ledger.lost_turns,
        answer_lock=None if lock < 0 else lock,
        idle_turns=state._ledger.idle_turns,
        turn_actions=state._ledger.turn_actions,
        round_winner=state.round_winner,
        round_points=state.round_points,
        **(_flip_faces(state, player) if state._match.rules.flip else {}),
        knocked_out=state.knocked_out,
        set_aside_size=len(state._ledger.set_aside),
    )


def _flip_faces(state: State, player: int) -> dict[str, Any]:
    """The fields of a UNO Flip! view: the side, and the faces not in play the table sees
    (FL-A13): other hands' and the draw pile's top card's."""
    pile = state.draw_pile

    def other(card: Card) -> Card:
        turned = card.other
        assert turned is not None
        return turned.face

    return {
        "side": state.side,
        "other_faces": tuple(
            () if seat == player else tuple(sorted(map(other, hand), key=_index))
            for seat, hand in enumerate(state.hands)
        ),
        "draw_pile_other_face": other(pile[0]) if pile else None,
    }


def _index(card: Card) -> int:
    return card.index


_NOTHING = tuple(((),) * n for n in range(11))
"""What a player knows of other hands when nothing is known, by table size."""


# == JSON ======================================================================================
# A view as JSON: one key per field, read back strictly. :mod:`unorules.formats.jsonio`
# re-exports the public functions.

_PHASE_NAMES = tuple(p.value for p in Phase)


def _value(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    if isinstance(value, Action):
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

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "R9"]], turned=["R7"])
    >>> d = view_to_dict(uno.observe(uno.new_game(2, rules, deal=deal), 0))
    >>> sorted(d["hand"]), d["hand_sizes"], d["top_card"], d["color"], d["phase"]
    (['R2', 'W'], [2, 2], 'R7', 'red', 'play')
    >>> {"player": 0, "play": "W", "color": "blue", "uno": True} in d["legal_actions"]
    True
    """
    out = {f.name: _value(getattr(view, f.name)) for f in attrs.fields(View)}
    if not view.rules.mercy:  # the No Mercy fields only under the Mercy rule
        del out["knocked_out"], out["set_aside_size"]
    if not view.rules.flip:  # the UNO Flip! fields are written for a Flip game only
        for name in _FLIP_FIELDS:
            del out[name]
    return out


_FLIP_FIELDS: Final = ("side", "other_faces", "draw_pile_other_face")


def view_to_json(view: View) -> str:
    """``view`` as one line of JSON.

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "R9"]], turned=["R7"])
    >>> line = view_to_json(uno.observe(uno.new_game(2, rules, deal=deal), 1))
    >>> line[:22], '"hand_sizes": [2, 2]' in line
    ('{"player": 1, "hand": ', True)
    """
    return json.dumps(view_to_dict(view))


class _ViewReader(Reader):
    """The reader of a view: it echoes a wrong value as JSON cut at 40 characters."""

    __slots__ = ()

    def show(self, value: object) -> str:
        return json.dumps(value)[:40]


_READ = _ViewReader()


_MERCY_KEYS: Final = ("knocked_out", "set_aside_size")
"""The keys written only under the Mercy rule (No Mercy)."""


def view_from_dict(data: object, *, path: str = "$") -> View:
    """The view a JSON object describes (as :func:`view_to_dict` writes it);
    :class:`~unorules.errors.JSONError` naming the JSON path if it is not one, or is not
    consistent (seats in range, one hand size and score per seat, the player's hand as
    large as its size).

    >>> import unorules as uno
    >>> view = uno.observe(uno.new_game(3, seed=4), 2)
    >>> view_from_dict(view_to_dict(view)) == view
    True
    >>> view_from_dict({**view_to_dict(view), "direction": 2})
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $.direction: the direction is 1 or -1, not 2
    """
    r = _READ
    fields = [f.name for f in attrs.fields(View)]
    raw = r.obj(data, path, "a view")
    r.keys(raw, path, fields, "a view", listed=False)
    for key in fields:
        if key not in raw and key not in _MERCY_KEYS and key not in _FLIP_FIELDS:
            r.fail(path, f"missing {key!r}")

    def at(key: str) -> str:
        return f"{path}.{key}"

    sizes_raw = r.list(raw["hand_sizes"], at("hand_sizes"))
    if not 2 <= len(sizes_raw) <= 10:
        r.fail(at("hand_sizes"), f"one size a seat, 2 to 10 seats, not {len(sizes_raw)}")
    seats = len(sizes_raw)
    hand_sizes = tuple(r.number(v, f"{at('hand_sizes')}[{i}]") for i, v in enumerate(sizes_raw))

    def seat(key: str) -> int:
        return r.number(raw[key], at(key), 0, seats - 1)

    def opt_seat(key: str) -> int | None:
        return None if raw[key] is None else seat(key)

    def per_seat(key: str) -> list[Any]:
        values = r.list(raw[key], at(key))
        if len(values) != seats:
            r.fail(at(key), f"one entry a seat ({seats}), not {len(values)}")
        return values

    def cards(value: object, path: str) -> tuple[Card, ...]:
        return r.cards(value, path, "a list")

    def color(value: object, path: str) -> Color:
        return Color(r.choice(value, path, COLOR_NAMES, "a color is"))

    player = seat("player")
    hand = cards(raw["hand"], at("hand"))
    if len(hand) != hand_sizes[player]:
        r.fail(
            at("hand"),
            f"{len(hand)} cards, but hand_sizes[{player}] says {hand_sizes[player]}",
        )
    names = per_seat("names")
    for i, name in enumerate(names):
        if not isinstance(name, str):
            r.fail(f"{at('names')}[{i}]", f"a name is a string, not {type_name(name)}")
    scores = tuple(
        r.number(v, f"{at('scores')}[{i}]", -(1 << 62)) for i, v in enumerate(per_seat("scores"))
    )
    direction = raw["direction"]
    if direction not in (1, -1) or isinstance(direction, bool):
        r.fail(at("direction"), f"the direction is 1 or -1, not {r.show(direction)}")
    exposed = r.list(raw["uno_exposed"], at("uno_exposed"))
    legal = r.list(raw["legal_actions"], at("legal_actions"))
    actions = tuple(
        action_from_dict(a, path=f"{at('legal_actions')}[{i}]") for i, a in enumerate(legal)
    )
    for i, a in enumerate(actions):
        if isinstance(a, NextRound) or a.player != player:
            r.fail(f"{at('legal_actions')}[{i}]", f"not an action of seat {player}")
    known_raw = per_seat("known")
    known = tuple(cards(v, f"{at('known')}[{i}]") for i, v in enumerate(known_raw))
    for i, held in enumerate(known):
        if i == player and held:
            r.fail(f"{at('known')}[{i}]", "a player's own hand is in hand, not in known")
        if len(held) > hand_sizes[i]:
            r.fail(
                f"{at('known')}[{i}]",
                f"{len(held)} cards known, but hand_sizes[{i}] says {hand_sizes[i]}",
            )
    options = raw["rules"]
    if not isinstance(options, dict):
        r.fail(at("rules"), f"the rules are an object of options, not {type_name(options)}")
    try:
        rules = rules_from_options(MATTEL, options)
    except (RulesError, TypeError, ValueError) as err:
        r.fail(at("rules"), str(err)[:200])

    def seat_list(key: str) -> tuple[int, ...]:
        values = r.list(raw[key], at(key))
        if len(values) > 4 * seats * seats + 10:
            r.fail(at(key), f"{len(values)} seats listed for {seats} players")
        return tuple(r.number(v, f"{at(key)}[{i}]", 0, seats - 1) for i, v in enumerate(values))

    bluff = raw["challenge_bluff"]
    if bluff is not None and not isinstance(bluff, bool):
        r.fail(at("challenge_bluff"), f"expected true, false or null, not {type_name(bluff)}")
    points = raw["round_points"]
    lock = raw["answer_lock"]
    flip: dict[str, Any] = {}
    for key in _FLIP_FIELDS:
        if (key in raw) != rules.flip:
            r.fail(at(key), f"{key} is written for a UNO Flip! view exactly (flip_pairing)")
    if rules.flip:
        side = Side(r.choice(raw["side"], at("side"), ("light", "dark"), "a side is"))
        faces = per_seat("other_faces")
        flip = {
            "side": side,
            "other_faces": tuple(
                cards(v, f"{at('other_faces')}[{i}]") for i, v in enumerate(faces)
            ),
            "draw_pile_other_face": r.optional(
                r.card, raw["draw_pile_other_face"], at("draw_pile_other_face")
            ),
        }
        hand = tuple(c.facing(side) for c in hand)
        known = tuple(tuple(c.facing(side) for c in held) for held in known)
    turned = flip.get("side", Side.LIGHT)
    drawn_raw = r.optional(r.card, raw["drawn_card"], at("drawn_card"))
    return View(
        player=player,
        hand=hand,
        hand_sizes=hand_sizes,
        names=tuple(names),
        top_card=r.card(raw["top_card"], at("top_card")).facing(turned),
        color=r.optional(color, raw["color"], at("color")),
        direction=direction,
        current_player=opt_seat("current_player"),
        phase=Phase(r.choice(raw["phase"], at("phase"), _PHASE_NAMES, "a phase is")),
        draw_pile_size=r.number(raw["draw_pile_size"], at("draw_pile_size")),
        discard_pile=tuple(
            c.facing(turned) for c in cards(raw["discard_pile"], at("discard_pile"))
        ),
        scores=scores,
        dealer=seat("dealer"),
        round=r.number(raw["round"], at("round")),
        winner=opt_seat("winner"),
        pending_draw=r.number(raw["pending_draw"], at("pending_draw")),
        drawn_card=None if drawn_raw is None else drawn_raw.facing(turned),
        uno_exposed=tuple(
            r.number(v, f"{at('uno_exposed')}[{i}]", 0, seats - 1) for i, v in enumerate(exposed)
        ),
        legal_actions=actions,
        known=known,
        rules=rules,
        eliminated=seat_list("eliminated"),
        challenge_offender=opt_seat("challenge_offender"),
        challenge_color=r.optional(color, raw["challenge_color"], at("challenge_color")),
        challenge_bluff=bluff,
        uno_open=seat_list("uno_open"),
        uno_overdue=seat_list("uno_overdue"),
        lost_turns=seat_list("lost_turns"),
        answer_lock=None if lock is None else seat("answer_lock"),
        idle_turns=r.number(raw["idle_turns"], at("idle_turns")),
        turn_actions=r.number(
            raw["turn_actions"], at("turn_actions"), 0, rules.round_turn_limit
        ),  # counted only under round_turn_limit, and never past it
        knocked_out=seat_list("knocked_out") if "knocked_out" in raw else (),
        set_aside_size=r.number(raw["set_aside_size"], at("set_aside_size"))
        if "set_aside_size" in raw
        else 0,
        round_winner=opt_seat("round_winner"),
        round_points=None
        if points is None
        else tuple(
            r.number(v, f"{at('round_points')}[{i}]")
            for i, v in enumerate(per_seat("round_points"))
        ),
        **flip,
    )


def view_from_json(text: str | bytes) -> View:
    """The view a line of JSON describes; :class:`~unorules.errors.JSONError` naming the
    JSON path if it is not one.

    >>> import unorules as uno
    >>> view = uno.observe(uno.new_game(2, seed=1), 0)
    >>> view_from_json(view_to_json(view)) == view
    True
    >>> view_from_json("[]")
    Traceback (most recent call last):
    ...
    unorules.errors.JSONError: at $: a view is a JSON object, not a list
    """
    return view_from_dict(decode(text))
