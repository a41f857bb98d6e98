"""The Mercy rule (UNO Show 'Em No Mercy, NM1.8): a player whose hand
reaches the rules' ``mercy`` count (25) is knocked out of the round at once.

The check runs after every card that enters a hand (NM-A14): :mod:`unorules._engine.piles`
asks :func:`reached` after each card drawn, and stops drawing when it is true, so a
knockout ends whatever draw was running (a stack taken, a draw until playable, a Roulette
reveal, a penalty: NM-A16). :func:`knock_out` sets the hand aside (it joins the next
rebuild of the draw pile, NM-A15), marks the seat knocked out for the rest of the round
(it takes no turn, is no 7's target and is left out of a 0's pass), and drops what it
owed or knew. The turn then passes to the next seat in play after it: the rooms that
drew say where (they count seats with :func:`unorules._engine.turns.step`, which skips
knocked-out seats). The last player standing wins (NM1.8 item 6):
:func:`unorules._engine.turns.last_standing`.

>>> import unorules as uno
>>> from unorules.state import draft
>>> d = draft(uno.new_game(3, "mattel-no-mercy", seed=1))
>>> knock_out(d, 1)
>>> d._match.knocked, len(d._ledger.set_aside), d.hands[1]
((False, True, False), 7, ())
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from unorules.state import Draft, ledger

__all__ = ["knock_out", "reached"]

_INDEX: Final = attrgetter("index")


def reached(d: Draft, seat: int) -> bool:
    """Whether ``seat``'s hand has reached the Mercy count (never without the rule).

    >>> import unorules as uno
    >>> from unorules.state import draft
    >>> reached(draft(uno.new_game(2, "mattel-no-mercy", seed=1)), 0)
    False
    """
    mercy = d._match.rules.mercy
    return mercy > 0 and len(d.hands[seat]) >= mercy


def knock_out(d: Draft, seat: int) -> None:
    """Knock ``seat`` out of the round (NM1.8 items 2 and 5): its hand is set aside, it
    owes no UNO call, loses no turn it had to lose, knows and is known of nothing."""
    hand = d.hands[seat]
    w = ledger(d)
    w.set_aside = tuple(sorted((*w.set_aside, *hand), key=_INDEX))
    hands = list(d.hands)
    hands[seat] = ()
    d.hands = tuple(hands)
    m = d._match
    knocked = list(m.knocked)
    knocked[seat] = True
    d._match = m.but(knocked=tuple(knocked))
    calls = w.calls
    if seat in calls.open or seat in calls.overdue:
        w.calls = type(calls)(
            tuple(s for s in calls.open if s != seat),
            tuple(s for s in calls.overdue if s != seat),
        )
    if seat in w.lost_turns:
        w.lost_turns = tuple(s for s in w.lost_turns if s != seat)
    if w.answer_lock == seat:
        w.answer_lock = -1
    if w.known:
        w.known = tuple(e for e in w.known if e[0] != seat and e[1] != seat)
