"""Number cards, and Seven-O's swaps and rotations (house rule, A18).

A number card does nothing but pass the turn on. Under Seven-O a 7 that does not go out
swaps the player's hand with the target's, and a 0 passes every hand one seat on in the
direction of play (once for each 0 laid together). Whether a play must name that target
is :func:`needs_target`, which the checks of both routes and both listings ask.

>>> import unorules as uno
>>> rules = uno.MATTEL.but(seven_o=True, hand_size=2)
>>> deal = uno.Deal(dealer=2, hands=[["R7", "G1"], ["B2", "B3"], ["Y4", "Y5"]], turned=["R3"])
>>> s = uno.apply(uno.new_game(3, rules, deal=deal), uno.Play(0, "R7", target=2, uno=True))
>>> [" ".join(map(str, h)) for h in s.hands]
['Y4 Y5', 'B2 B3', 'G1']
"""

from __future__ import annotations

from typing import Final

from unorules._engine import knowledge
from unorules._engine.piles import Named
from unorules._engine.turns import step
from unorules.actions import Play
from unorules.cards import Card, Rank
from unorules.rules import Rules
from unorules.state import Draft, State

__all__ = ["needs_target", "number", "rotate", "swap"]

_SEVEN: Final = Rank.SEVEN
_ZERO: Final = Rank.ZERO


def needs_target(rules: Rules, card: Card, left: int) -> bool:
    """Whether a play whose first card is ``card``, leaving ``left`` cards in hand, must
    name the seat it swaps hands with: under Seven-O a 7 that does not go out (A18).

    The one home of that rule: the general route's check
    (:func:`unorules._engine.play.check`), the fast route's (``fast._declined``, under
    rules that shape plays, ``Match.compound``) and the listing of single and multi-card
    plays (:mod:`unorules._engine.listing`) ask it; the effect (:func:`number`) swaps
    with the target the checked play names.

    >>> import unorules as uno
    >>> seven_o = uno.MATTEL.but(seven_o=True)
    >>> r7 = Card.parse("R7")
    >>> needs_target(seven_o, r7, left=2), needs_target(seven_o, r7, left=0)
    (True, False)
    >>> needs_target(uno.MATTEL, r7, left=2), needs_target(seven_o, Card.parse("R0"), left=2)
    (False, False)
    """
    return rules.seven_o and card.rank is _SEVEN and left > 0


def number(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """A number card: the next player moves; under Seven-O a 7 swaps and a 0 rotates."""
    p = a.player
    target = a.target
    if target is not None:  # a 7 that needs_target: the play was checked to name one
        to = swap(d, p, target)
        if named is not None:
            named.moved = tuple(to)
    elif rest and d._match.rules.seven_o and a.card.rank is _ZERO:
        to = rotate(d)
        for _ in range(count - 1):
            once = rotate(d)
            to = [once[seat] for seat in to]
        if named is not None:
            named.moved = tuple(to)
    return step(d, p, 1)


def swap(d: Draft, p: int, target: int) -> list[int]:
    """Seven-O 7: ``p`` and ``target`` exchange hands (A18). Returns where each seat's
    hand went (``to[s]`` holds the hand ``s`` held)."""
    before = d.hands
    hands = list(before)
    hands[p], hands[target] = hands[target], hands[p]
    d.hands = tuple(hands)
    to = list(range(len(hands)))
    to[p], to[target] = target, p
    knowledge.moved(d, before, to)  # each knows the hand it gave away
    return to


def rotate(d: Draft) -> list[int]:
    """Seven-O 0: every hand passes one seat in the direction of play (A18). Returns
    where each seat's hand went (``to[s]`` holds the hand ``s`` held)."""
    hands = d.hands
    new = list(hands)
    to = list(range(len(hands)))
    for seat in d._match.active:
        to[seat] = step(d, seat, 1)
        new[to[seat]] = hands[seat]
    d.hands = tuple(new)
    knowledge.moved(d, hands, to)  # each knows the hand it passed on
    return to
