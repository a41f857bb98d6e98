"""Discard All (UNO Show 'Em No Mercy, NM1.5): the player lays it, and
every other card of its color in their hand goes into the discard pile, under it.

The extra cards are mandatory and all of them go (NM-A20); wilds have no color and stay.
They are not played: none of their effects fires (a buried Draw Two starts no stack, a
buried 7 swaps nothing, NM1.5 Discard All item 3), and the Discard All stays on top, its
color in force. A hand emptied this way wins at once (R-last, NM1.5); one left with a
single card owes an UNO call (NM1.9). :func:`left_after` says how many cards a play
leaves, which the checks of a play's UNO call and the listing ask.

>>> import unorules as uno
>>> nm = uno.get_profile("mattel-no-mercy").but(hand_size=4)
>>> deal = uno.Deal(dealer=1, hands=[["RDA", "R3", "R+2", "B5"], ["G1", "G2", "G3", "G4"]],
...                 turned=["R7"])
>>> s = uno.apply(uno.new_game(2, nm, deal=deal), uno.Play(0, "RDA", uno=True))
>>> [str(c) for c in s.hands[0]], [str(c) for c in s.discard_pile], s.current_player
(['B5'], ['R7', 'R3', 'R+2', 'RDA'], 1)
"""

from __future__ import annotations

from typing import Final

from unorules._engine import knowledge
from unorules._engine.piles import Named, with_hand
from unorules._engine.turns import step
from unorules.actions import Play
from unorules.cards import Card, Rank
from unorules.state import Discard, Draft, State

__all__ = ["discard_all", "left_after"]

_DISCARD_ALL: Final = Rank.DISCARD_ALL


def left_after(card: Card, rest: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand a play of ``card`` leaves, ``rest`` being the hand without it: for a
    Discard All, without every card of its color too; else ``rest``.

    >>> C = Card.parse
    >>> [str(c) for c in left_after(C("GDA"), (C("G1"), C("B2"), C("W+6"), C("G+4")))]
    ['B2', 'W+6']
    >>> left_after(C("G1"), (C("G2"),)) == (C("G2"),)
    True
    """
    if card.rank is not _DISCARD_ALL:
        return rest
    color = card.color
    return tuple(c for c in rest if c.color is not color)


def discard_all(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """Every card of the Discard All's color leaves the hand, under it (NM1.5)."""
    p = a.player
    card = a.card
    color = card.color
    buried = tuple(c for c in rest if c.color is color)
    if buried:
        d.hands = with_hand(d.hands, p, tuple(c for c in rest if c.color is not color))
        node: Discard | None = d._discard[1]  # below the Discard All
        for c in buried:
            node = (c, node)
        assert node is not None
        d._discard = (card, node)
        if d._ledger.known:
            knowledge.laid(d, p, buried)
        if named is not None:
            named.discarded = buried
    return step(d, p, 1)
