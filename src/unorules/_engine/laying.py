"""What a play laid: the facts a card's effect reads while the play resolves.

:mod:`unorules._engine.play` checks a play, lays its cards on the draft, and hands a
:class:`Laying` to the effect of the first card's rank (the card rooms: ``numbers``,
``skip``, ``reverse``, ``draw_two``, ``wilds``). An effect returns the seat whose normal
turn begins next, or None when it set the turn itself (a penalty or a challenge now
waits, or the round ends).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from unorules._engine.draft import Draft
from unorules._engine.piles import Named
from unorules.actions import Play
from unorules.cards import Card
from unorules.state import State

__all__ = ["CardEffect", "Laying"]


class Laying:
    """One play being resolved."""

    __slots__ = ("action", "count", "named", "out", "pending", "player", "rest", "state")

    def __init__(  # noqa: PLR0917 (positional: built on every play)
        self,
        state: State,
        action: Play,
        rest: tuple[Card, ...],
        count: int,
        pending: int,
        named: Named | None,
    ) -> None:
        self.state = state
        """The state before the play."""
        self.action = action
        self.player = action.player
        self.count = count
        """How many cards were laid together (A18)."""
        self.rest = rest
        """The player's hand after laying."""
        self.out = not rest
        """The player laid their last card (an effect may undo it: Wild Shuffle Hands)."""
        self.pending = pending
        """The penalty this play answers (stacking, Skip bounce), else 0."""
        self.named = named
        """The cards ``drawn=`` names, for the draws the effect causes."""


CardEffect: TypeAlias = Callable[[Draft, Laying], "int | None"]
"""A card family's effect: the draft after laying, the play; returns the next seat."""
