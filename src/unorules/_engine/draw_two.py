"""Draw Two: the next player draws two cards and loses the turn (R5.3); stacking
penalties (house rules ``stacking`` and ``skip_bounce``, A18, C16); and No Mercy's Draw
cards (its coloured Draw Four, Wild Draw Six and Ten), which stack by value (NM1.6).

Under ``stacking=by_value`` every Draw card opens or raises a stack against the next
player: ``pending_draw`` is the stack's total, the top card is its last Draw card (whose
value an answer must reach), and the current player is its target, who answers with a
Draw card or takes the stack (draws the total and loses the turn, NM1.6 item 4).

Where a Draw Two can be answered (stacking, or a Skip bounce), the penalty waits in the
penalty phase for its victim: stack another card on it (which adds to it), bounce it, or
draw it all. Draw Twos laid together add two each (A18). Going out on a Draw Two still
makes the next player draw (R11.3). Turned up first, a Draw Two makes the player to the
dealer's left draw two and lose the turn (R3.5, :func:`first_card`).

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=2)
>>> deal = uno.Deal(dealer=2, hands=[["R+2", "G1"], ["B2", "B3"], ["Y4", "Y5"]], turned=["R3"])
>>> s = uno.apply(uno.new_game(3, rules, deal=deal), uno.Play(0, "R+2", uno=True))
>>> len(s.hands[1]), s.current_player
(4, 2)
"""

from __future__ import annotations

from typing import Final

from unorules._engine import piles
from unorules._engine.piles import Named
from unorules._engine.turns import step
from unorules.actions import Play
from unorules.cards import EVERY_CARD, Card
from unorules.rules import Stacking
from unorules.state import Draft, Phase, State, ledger

__all__ = ["draw_two", "first_card", "stack"]

_NO_STACKING: Final = Stacking.NONE
_PENALTY: Final = Phase.PENALTY

_VALUE_OF: Final[dict[Card, int]] = {card: card.rank.draw_value for card in EVERY_CARD}
"""Each card's :attr:`~unorules.cards.Rank.draw_value`, by card: a lookup by identity,
in C, where the rank's property is a Python call."""


def draw_two(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int | None:
    """The next player draws two (per Draw Two, plus any penalty this one answers) and is
    skipped, or, where the penalty may be answered, it waits for them."""
    p = a.player
    rules = d._match.rules
    victim = step(d, p, 1)
    card = a.card
    try:
        value = _VALUE_OF[card]
    except KeyError:  # a UNO Flip! card: by the rank of its face in play
        value = card.rank.draw_value
    total = pending + value * count
    if not rest or (rules.stacking is _NO_STACKING and not rules.skip_bounce):
        piles.draw(d, victim, total, named)
        return step(d, victim, 1)
    ledger(d).pending_draw = total
    d.current_player = victim
    d.phase = _PENALTY
    return None


def stack(
    d: Draft, p: int, target: int, total: int, rest: tuple[Card, ...], named: Named | None
) -> int | None:
    """A stack of ``total`` now faces ``target`` (No Mercy, NM1.6 items 2 and 6); laid as
    the last card, under ``final_card_effect``, the target draws it at once."""
    if not rest:
        piles.draw(d, target, total, named)
        return step(d, target, 1)
    ledger(d).pending_draw = total
    d.current_player = target
    d.phase = _PENALTY
    return None


def first_card(d: Draft, dealer: int, named: Named | None) -> int:
    """A Draw Two turned up first (R3.5, A2): the player to the dealer's left draws two
    (named by ``named``, if given) and loses the turn; the next one starts. Nothing can
    be stacked on it."""
    victim = step(d, dealer, 1)
    piles.draw(d, victim, 2, named)
    return step(d, victim, 1)
