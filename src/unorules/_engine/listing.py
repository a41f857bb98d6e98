"""Listing the legal actions (:func:`unorules.legal_actions`): the general listing for
every phase and option, and each seat's interned actions, so that listing them builds no
new objects.

The order is documented on :func:`unorules.legal_actions`: the current player's actions
first (plays in card order, a wild once per color, each play that leaves one card without
and with ``uno=True``; then draw, pass or challenge), then Jump-Ins, catches and UNO calls
by seat.

>>> SEATS[0].two[Card.parse("R5")]
(Play(0, 'R5'), Play(0, 'R5', uno=True))
"""

from __future__ import annotations

import itertools
from typing import Final

from unorules._echo import check_seat
from unorules._engine.discard_all import left_after
from unorules._engine.legality import can_lay, may_end_on, playable, same_kind, stackable
from unorules._engine.moves import may_draw
from unorules._engine.numbers import needs_target
from unorules._engine.piles import INDEX
from unorules._engine.roulette import names_color
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
from unorules.cards import EVERY_CARD, LIGHT_COLORS, Card, Color, Rank, Side
from unorules.rules import MultiPlay
from unorules.state import Fields, Match, Phase, State, side_of

__all__ = ["SEATS", "calls_of", "check_player", "legal_general", "own_actions", "single"]

_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
_GAME_OVER: Final = Phase.GAME_OVER
_LIGHT: Final = Side.LIGHT
_ONE_CARD: Final = MultiPlay.NONE
_ROULETTE: Final = Phase.ROULETTE
_ROUND_OVER: Final = Phase.ROUND_OVER

_COLORS: Final = LIGHT_COLORS
_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_CHALLENGE: Final = Phase.CHALLENGE
_DISCARD_ALL: Final = Rank.DISCARD_ALL
_PENALTY: Final = Phase.PENALTY


_action_cache: dict[tuple[object, ...], tuple[Action, ...]] = {}
"""Every action listing builds, interned. Bounded by its keys, which name seats (at most
10), cards (56 kinds), colors and flags: at most 10 * 56 * 2 * 11 plays (seat, card,
UNO, target or none) and 171 other actions (:func:`single`: a draw, pass, call and
challenge per seat, four colors per seat, 90 catches, the next round)."""


def _plays(
    seat: int, card: Card, uno: bool, target: int | None = None, colored: bool | None = None
) -> tuple[Action, ...]:
    """The Play actions for one card: a color each for a wild (unless ``colored`` is
    False: a Wild Color Roulette whose victim names the color), with and without UNO."""
    named = card.is_wild if colored is None else colored
    key = (seat, card, uno, target, named)
    found = _action_cache.get(key)
    if found is None:
        # A wild names a color of the side it shows (UNO Flip!: FL2.4); a UNO Flip! card
        # is named light face up, whatever the side (FL2.2).
        colors: tuple[Color | None, ...] = (
            (_COLORS if card.up is None else card.up.colors) if named else (None,)
        )
        laid = card.facing(_LIGHT)
        found = tuple(
            Play(seat, laid, color, uno=call, target=target)
            for color in colors
            for call in ((False, True) if uno else (False,))
        )
        _action_cache[key] = found
    return found


def _card_plays(s: Fields, p: int, card: Card, hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """The single-card plays of ``card`` by ``p``: a play that
    :func:`~unorules._engine.numbers.needs_target` names each other seat as its swap
    target (Seven-O, A18); under ``no_finish_on_action`` an action card cannot be the
    last card (A18)."""
    rules = s._match.rules
    if len(hand) == 1 and not may_end_on(rules, card):
        return ()
    if needs_target(rules, card, len(hand) - 1):
        return tuple(
            a for t in s._match.active if t != p for a in _plays(p, card, len(hand) == 2, t)
        )
    if card.rank is _DISCARD_ALL:  # the play's UNO call counts the cards it discards too
        rest = list(hand)
        rest.remove(card)
        return _plays(p, card, len(left_after(card, tuple(rest))) == 1 and len(hand) > 1)
    if card.is_wild and not names_color(rules, card):
        return _plays(p, card, len(hand) == 2, None, False)
    return _plays(p, card, len(hand) == 2)


def single(kind: type[Action], *args: object) -> Action:
    key = (kind, *args)
    found = _action_cache.get(key)
    if found is None:
        found = (kind(*args),)  # type: ignore[arg-type]
        _action_cache[key] = found
    return found[0]


class Seat:
    """One seat's interned actions, so listing them builds no new objects."""

    __slots__ = (
        "call",
        "call_only",
        "challenge",
        "challenge_call",
        "challenge_only",
        "draw",
        "draw_call",
        "draw_only",
        "one",
        "pass_",
        "pass_call",
        "pass_only",
        "two",
    )

    def __init__(self, p: int) -> None:
        self.one = {c: _plays(p, c, False) for c in EVERY_CARD}
        """The plays of each card by a hand that keeps two or more cards."""
        self.two = {c: _plays(p, c, True) for c in EVERY_CARD}
        """The plays of each card from a hand of two (without and with UNO)."""
        self.draw = single(Draw, p)
        self.pass_ = single(Pass, p)
        self.call = single(CallUno, p)
        self.challenge = single(Challenge, p)
        # How the seat's own actions end, alone or with its UNO call after them:
        self.draw_only: tuple[Action, ...] = (self.draw,)
        self.draw_call = (self.draw, self.call)
        """On a normal turn."""
        self.pass_only: tuple[Action, ...] = (self.pass_,)
        self.pass_call = (self.pass_, self.call)
        """After drawing a playable card."""
        self.challenge_only = (self.challenge, self.draw)
        self.challenge_call = (self.challenge, self.draw, self.call)
        """Facing a Wild Draw Four."""
        self.call_only: tuple[Action, ...] = (self.call,)


SEATS: Final = tuple(Seat(p) for p in range(10))
_CALLS: dict[tuple[int, ...], tuple[Action, ...]] = {}
"""The UNO calls of the seats in play, by those seats: at most one entry per set of seats
of a table of 10 (1024)."""


def calls_of(active: tuple[int, ...]) -> tuple[Action, ...]:
    found = _CALLS.get(active)
    if found is None:
        found = _CALLS[active] = tuple(SEATS[p].call for p in active)
    return found


def check_player(m: Match, player: object) -> None:
    """Accept a seat of this table given as an ``int`` (or a subclass, not ``bool``);
    ``ValueError`` for anything else (:func:`unorules._echo.check_seat`)."""
    check_seat(player, len(m.names))


def legal_general(state: State, player: int | None) -> tuple[Action, ...]:
    """``legal_actions`` without the fast path: every phase and option."""
    phase = state.phase
    current = state.current_player
    if phase is _GAME_OVER:
        return ()
    if phase is _ROUND_OVER:
        return () if player is not None else (single(NextRound),)
    assert current is not None
    out: list[Action] = []
    if player is None or player == current:
        out.extend(own_actions(state, current))
    active = state._match.active
    seats = active if player is None else (player,) if player in active else ()
    rules = state._match.rules
    top = state._discard[0]
    if rules.jump_in and phase is _PLAY and not top.is_wild:
        for seat in seats:
            if seat != current and top in state.hands[seat]:
                hand = state.hands[seat]
                out.extend(_card_plays(state, seat, top, hand))
                if rules.multi_play is not _ONE_CARD:
                    out.extend(_multi(state, seat, top, hand))
    exposed = state.uno_exposed
    for seat in seats:
        for target in exposed:
            if target != seat:
                out.append(single(CatchUno, seat, target))
    for seat in seats:
        out.append(single(CallUno, seat))
    return tuple(out)


def own_actions(s: State, p: int) -> list[Action]:
    """The actions of ``p``, the player whose turn it is, in the documented order: its
    plays, then its draw, pass or challenge (or the colors to name)."""
    phase = s.phase
    rules = s._match.rules
    hand = s.hands[p]
    out: list[Action] = []
    if phase is _PLAY:
        cards = playable(s, p)
        for card in cards:
            out.extend(_card_plays(s, p, card, hand))
            if rules.multi_play is not _ONE_CARD and not card.is_wild:
                out.extend(_multi(s, p, card, hand))
        if may_draw(rules, bool(cards)):
            out.append(single(Draw, p))
    elif phase is _DRAWN:
        drawn = s._drawn_card
        assert drawn is not None
        # Judged now, not when drawn: a catch or a false call may have added cards since,
        # and a wild restriction looks at the whole hand (A4).
        layable = can_lay(s, p, drawn, hand)
        if layable:
            out.extend(_card_plays(s, p, drawn, hand))
        if not layable or not rules.draw_until_playable:
            out.append(single(Pass, p))
    elif phase is _CHALLENGE or phase is _PENALTY:
        for card in stackable(s, p):
            out.extend(_card_plays(s, p, card, hand))
        if phase is _CHALLENGE:
            out.append(single(Challenge, p))
        out.append(single(Draw, p))
    elif phase is _CHOOSE_COLOR or phase is _ROULETTE:
        out.extend(single(ChooseColor, p, color) for color in side_of(s).colors)
    return out


def _multi(s: Fields, p: int, first: Card, hand: tuple[Card, ...]) -> list[Action]:
    """Multi-card plays starting with ``first``: one per outcome (cards laid, last card)."""
    rules = s._match.rules
    if first.is_wild:
        return []
    rest = list(hand)
    rest.remove(first)
    extra = [c for c in rest if same_kind(rules, first, c)]
    if not extra:
        return []
    counts: dict[Card, int] = {}
    for c in extra:
        counts[c] = counts.get(c, 0) + 1
    kinds = sorted(counts, key=INDEX)
    out: list[Action] = []
    target_options: tuple[int | None, ...] = (None,)
    for amounts in itertools.product(*(range(counts[k] + 1) for k in kinds)):
        total = sum(amounts)
        if total == 0:
            continue
        chosen = [k for k, a in zip(kinds, amounts, strict=True) for _ in range(a)]
        left = len(hand) - 1 - total
        if left == 0 and not may_end_on(rules, first):
            continue
        if needs_target(rules, first, left):
            target_options = tuple(t for t in s._match.active if t != p)
        else:
            target_options = (None,)
        for last_kind in dict.fromkeys(chosen):
            middle = list(chosen)
            middle.remove(last_kind)
            also = (*middle, last_kind)
            for t in target_options:
                for call in (False, True) if left == 1 else (False,):
                    out.append(Play(p, first, uno=call, also=also, target=t))
    return out
