"""Reverse: the direction of play changes (R5.2); with two players it acts as the profile
says (``two_player_reverse``: as a Skip, R5.5, A3, or a plain change of direction that
hands the turn to the opponent, C6); and the answer lock after it (C6). No Mercy's Wild
Reverse Draw Four reverses too, then opens or raises a stack against the next player in
the new direction (:func:`wild_reverse_draw_four`, NM1.5, NM-A7, NM-A8).

Several Reverses laid together change the direction once each (A18). Under
``next_may_answer_symbol=False`` the player right after a Reverse may not answer it with
a Reverse of another color (the lock lives in :mod:`unorules._engine.turns`). Turned up
first, a Reverse makes the dealer start, play going the other way (R3.5,
:func:`first_card`).

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=2)
>>> deal = uno.Deal(dealer=1, hands=[["RR", "G1"], ["B2", "B3"]], turned=["R3"])
>>> uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "RR", uno=True)).current_player
0
"""

from __future__ import annotations

from typing import Final

from unorules._engine import draw_two, turns
from unorules._engine.piles import Named
from unorules._engine.turns import step
from unorules.actions import Play
from unorules.cards import Card
from unorules.rules import TwoPlayerReverse
from unorules.state import Draft, State

__all__ = ["first_card", "reverse", "wild_reverse_draw_four"]

_AS_SKIP: Final = TwoPlayerReverse.SKIP


def reverse(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """Change direction (once per Reverse laid); the next player in the new direction
    moves, or with two players the profile's rule applies."""
    p = a.player
    rules = d._match.rules
    if count % 2:
        d.direction = -d.direction
    if turns.two_players(d) and rules.two_player_reverse is _AS_SKIP:
        return step(d, p, 1 + count)  # it acts as a Skip (R5.5)
    nxt = step(d, p, 1)
    if not rules.next_may_answer_symbol:
        turns.lock_answer(d, nxt)
    return nxt


def wild_reverse_draw_four(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int | None:
    """Wild Reverse Draw Four (No Mercy, NM1.5): the direction reverses, then the next
    player in the new direction faces a stack of 4 more (answered on a stack, it goes back
    to the player who stacked on you, NM-A7). With two players in play it "skips the other
    player and makes YOU draw 4 cards": its own player faces the stack and may send it
    back (NM-A8; ``reverse_draw_hits_self=False`` targets the opponent).

    >>> import unorules as uno
    >>> nm = uno.get_profile("mattel-no-mercy").but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["WR+4", "R3"], ["G1", "G2"]], turned=["R7"])
    >>> s = uno.apply(uno.new_game(2, nm, deal=deal), uno.Play(0, "WR+4", "red", uno=True))
    >>> s.phase, s.current_player, s.pending_draw, s.direction
    (<Phase.PENALTY: 'penalty'>, 0, 4, -1)
    """
    p = a.player
    rules = d._match.rules
    d.direction = -d.direction
    hits_self = turns.two_players(d) and rules.reverse_draw_hits_self
    target = p if hits_self else step(d, p, 1)
    return draw_two.stack(d, p, target, pending + 4, rest, named)


def first_card(d: Draft, dealer: int, named: Named | None) -> int:
    """A Reverse turned up first (R3.5): the dealer starts, and play goes the other way
    (with two players too)."""
    d.direction = -d.direction
    return dealer
