"""What a seat legitimately knows of another seat's hand: cards shown to it, or hands it
gave away (R7.3, A6, A18).

A state keeps this knowledge (``State._ledger.known``) so that :func:`unorules.observe` stays a
pure function of the state: the tuple is empty in every state where nobody knows a card
of another hand, which is almost every state, and the engine then never looks at it but
to test that it is empty. Each entry is ``(seat, owner, cards)``: ``seat`` knows that the
hand of ``owner`` holds ``cards`` (a multiset in card order; the hand may hold more).
Entries are sorted by ``(seat, owner)``; none is empty and none is about the seat's own
hand. Knowledge arises in three ways:

- a Wild Draw Four is challenged under Mattel's procedure (``wd4_bluff="challenge"``,
  R7.3): the offender shows its hand to the challenger, privately (:func:`reveal`);
- a Wild Draw Four is taken back under the Danish sheet's procedure (A6): every seat
  sees it go back into the offender's hand (:func:`shown`);
- Seven-O moves hands (A18): a seat knows the hand it gave away, and what others knew
  of a hand moves with it (:func:`moved`).

A known card leaves the knowledge when its owner lays it (:func:`laid`; laying a copy of
a card is laying the card, since copies cannot be told apart); a Wild Shuffle Hands and a
new round start from nothing (:func:`forget`). Drawing adds unknown cards, which changes
nothing known.

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=3)
>>> deal = uno.Deal(dealer=1, hands=[["W+4", "R1", "G5"], ["G2", "G3", "B1"]], turned=["R7"])
>>> s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "W+4", "blue"))
>>> after = uno.apply(s, uno.Challenge(1))  # P0 shows R1 G5 to P1, then draws four
>>> after._ledger.known
((1, 0, (Card.parse('R1'), Card.parse('G5'))),)
>>> uno.observe(after, 1).known[0] == after._ledger.known[0][2]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Final

from unorules.cards import Card
from unorules.state import Draft, ledger

__all__ = ["Known", "eliminated", "forget", "known_of", "laid", "moved", "reveal", "shown"]

Known = tuple[tuple[int, int, tuple[Card, ...]], ...]
"""The knowledge of a state: ``(seat, owner, cards)`` entries (see the module)."""

_INDEX: Final = attrgetter("index")


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_INDEX))


def _without(cards: tuple[Card, ...], gone: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` less one copy of each of ``gone`` that it holds (``cards`` itself when it
    holds none of them)."""
    if len(gone) == 1:
        card = gone[0]
        if card not in cards:
            return cards
        i = cards.index(card)
        return cards[:i] + cards[i + 1 :]
    rest = list(cards)
    for card in gone:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def _store(d: Draft, table: dict[tuple[int, int], tuple[Card, ...]]) -> None:
    ledger(d).known = tuple(
        (seat, owner, cards) for (seat, owner), cards in sorted(table.items()) if cards
    )


def _table(d: Draft) -> dict[tuple[int, int], tuple[Card, ...]]:
    return {(seat, owner): cards for seat, owner, cards in d._ledger.known}


def reveal(d: Draft, seat: int, owner: int) -> None:
    """``owner`` shows its whole hand to ``seat`` (a challenged Wild Draw Four, R7.3)."""
    table = _table(d)
    table[seat, owner] = d.hands[owner]
    _store(d, table)


def shown(d: Draft, owner: int, cards: Sequence[Card]) -> None:
    """Every other seat in play sees ``cards`` go into ``owner``'s hand (a Wild Draw Four
    taken back, A6)."""
    table = _table(d)
    for seat in d._match.active:
        if seat != owner:
            table[seat, owner] = _sorted((*table.get((seat, owner), ()), *cards))
    _store(d, table)


def laid(d: Draft, owner: int, cards: Sequence[Card]) -> None:
    """``owner`` laid ``cards``: one known copy of each leaves what others know of its hand.

    The engine calls this only when something is known (``d._ledger.known`` is not empty); a
    play that lays no known card is one short scan and builds nothing."""
    known = d._ledger.known
    for entry in known:  # the usual case: no known card of this hand was laid
        if entry[1] == owner and _without(entry[2], cards) is not entry[2]:
            break
    else:
        return
    out = []
    for entry in known:
        if entry[1] != owner:
            out.append(entry)
            continue
        rest = _without(entry[2], cards)
        if rest:
            out.append(entry if rest is entry[2] else (entry[0], owner, rest))
    ledger(d).known = tuple(out)


def moved(d: Draft, before: tuple[tuple[Card, ...], ...], to: Sequence[int]) -> None:
    """Hands moved (Seven-O, A18): the hand ``before[s]`` of seat ``s`` is now held by
    seat ``to[s]``. What a seat knew of a hand moves with it (and is dropped when the
    hand comes to that seat); the giver knows the whole hand it gave away."""
    table: dict[tuple[int, int], tuple[Card, ...]] = {}
    for seat, owner, cards in d._ledger.known:
        holder = to[owner]
        if holder != seat:
            table[seat, holder] = cards
    for giver, holder in enumerate(to):
        if holder != giver:
            table[giver, holder] = before[giver]
    _store(d, table)


def eliminated(d: Draft, out: Sequence[bool]) -> None:
    """Seats eliminated at the end of a round (elimination scoring) leave the knowledge:
    an eliminated seat neither knows nor holds cards any more."""
    ledger(d).known = tuple(e for e in d._ledger.known if not out[e[0]] and not out[e[1]])


def forget(d: Draft) -> None:
    """Nobody knows anything of another hand any more (the hands were pooled and dealt
    again by a Wild Shuffle Hands, R8.2, or a new round was dealt)."""
    ledger(d).known = ()


def known_of(known: Known, seat: int, players: int) -> tuple[tuple[Card, ...], ...]:
    """What ``seat`` knows of every seat's hand, by seat (empty for its own hand).

    >>> known_of(((1, 0, (Card.parse("R1"),)),), 1, 3)
    ((Card.parse('R1'),), (), ())
    >>> known_of(((1, 0, (Card.parse("R1"),)),), 0, 2)
    ((), ())
    """
    out: list[tuple[Card, ...]] = [()] * players
    for viewer, owner, cards in known:
        if viewer == seat:
            out[owner] = cards
    return tuple(out)
