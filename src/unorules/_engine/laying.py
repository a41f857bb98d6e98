"""What a card's effect is given: the play being resolved, as plain arguments.

:mod:`unorules._engine.play` checks a play, lays its cards on the draft, and calls the
effect of the first card's rank (the card rooms: ``numbers``, ``skip``, ``reverse``,
``draw_two``, ``wilds``) as ``effect(d, s, a, count, rest, pending, named)``:

- ``d``: the draft, with the cards already laid and their color set;
- ``s``: the state before the play (its phase, its color in force);
- ``a``: the :class:`~unorules.Play` (its player, its first card, its target);
- ``count``: how many cards were laid together (A18);
- ``rest``: the player's hand after laying (empty: the player went out);
- ``pending``: the penalty this play answers (stacking, Skip bounce), else 0;
- ``named``: the cards ``drawn=`` names, for the draws the effect causes.

An effect returns the seat whose normal turn begins next, or None when it set the turn
itself (a penalty or a challenge now waits, or the round ends). Plain arguments, not an
object: a play is the engine's commonest move, and building an object for it cost more
than the effect of a number card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from unorules._engine.piles import Named
from unorules.actions import Play
from unorules.cards import Card
from unorules.state import Draft, State

__all__ = ["CardEffect"]

CardEffect: TypeAlias = Callable[
    [Draft, State, Play, int, tuple[Card, ...], int, "Named | None"], "int | None"
]
"""A card family's effect (the arguments above); returns the next seat, or None."""
