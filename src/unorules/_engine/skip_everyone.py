"""UNO Flip!'s Skip Everyone (dark side): every other player is skipped and play returns
to the player who laid it, who takes another full turn (FL2.5). With two
players there is nothing else to decide (FL-A6). Never turned up first: a round starts on
the light side (FL2.3 item 4).

>>> import unorules as uno
>>> s = uno.State.from_position(
...     "B6|TSE,Y1|W/B9|O5,B7|O3 B8|T4 teal 0+ play * side=dark", "mattel-flip"
... )
>>> t = uno.apply(s, uno.Play(0, "TSE"))
>>> t.current_player, str(t.top_card.face)
(0, 'TSE')
"""

from __future__ import annotations

from unorules._engine.piles import Named
from unorules.actions import Play
from unorules.cards import Card
from unorules.state import Draft, State

__all__ = ["skip_everyone"]


def skip_everyone(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """Everyone else is skipped: the same player takes another turn (FL2.5)."""
    return a.player
