"""UNO Flip!'s Draw One (light side) and Draw Five (dark side): the next player draws one
or five cards and misses the turn (FL2.5). Nothing stacks on them (FL2.1: no
stacking). With two players the same player plays again (FL-A6). Laid as the last card,
the next player still draws (FL2.7). Turned up first, a Draw One makes the player to the
dealer's left draw one and lose the turn ("the same rule applies", FL2.3 item 5).

>>> import unorules as uno
>>> rules = uno.MATTEL_FLIP.but(hand_size=2)
>>> deal = uno.Deal(dealer=2, hands=[["R+1|P3", "G1|O5"], ["B2|O8", "B3|V8"],
...     ["Y4|P+5", "Y5|V9"]], turned=["R7|O1"])
>>> s = uno.apply(uno.new_game(3, rules, deal=deal), uno.Play(0, "R+1", uno=True))
>>> len(s.hands[1]), s.current_player
(3, 2)
"""

from __future__ import annotations

from typing import Final

from unorules._engine import piles
from unorules._engine.piles import Named
from unorules._engine.turns import step
from unorules.actions import Play
from unorules.cards import Card, Rank
from unorules.state import Draft, State

__all__ = ["DRAWN", "draw_cards", "first_card"]

DRAWN: Final[dict[Rank, int]] = {Rank.DRAW_ONE: 1, Rank.DRAW_FIVE: 5}
"""How many cards each of these cards makes the next player draw (FL2.5)."""


def draw_cards(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """The next player draws one (Draw One) or five (Draw Five) and is skipped (FL2.5)."""
    p = a.player
    piles.draw(d, step(d, p, 1), DRAWN[d._discard[0].rank], named)
    return step(d, p, 2)


def first_card(d: Draft, dealer: int, named: Named | None) -> int:
    """A Draw One turned up first (FL2.3 item 5): the player to the dealer's left draws one
    and loses the turn; the next one starts."""
    victim = step(d, dealer, 1)
    piles.draw(d, victim, DRAWN[d._discard[0].rank], named)
    return step(d, victim, 1)
