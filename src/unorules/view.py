"""What one player may see: :func:`observe` hides the other hands and the draw pile.

A server sends each player only their :class:`View`; a bot decides from it alone.

>>> import unorules as uno
>>> state = uno.new_game(3, seed=5)
>>> view = uno.observe(state, 1)
>>> view.player, len(view.hand), view.hand_sizes
(1, 7, (7, 7, 7))
"""

from __future__ import annotations

from typing import Any

import attrs

from unorules.actions import Action
from unorules.cards import Card, Color
from unorules.engine import legal_actions
from unorules.state import Phase, State

__all__ = ["View", "observe"]


@attrs.frozen
class View:
    """One player's view of a state: everything public, and that player's own cards.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> v = uno.observe(uno.new_game(2, rules, deal=deal), 0)
    >>> [str(c) for c in v.hand], str(v.top_card), v.hand_sizes, v.legal_actions[0]
    (['R2', 'G5'], 'R7', (2, 2), Play(0, 'R2'))
    """

    player: int
    """The seat this view belongs to."""
    hand: tuple[Card, ...]
    """That player's cards."""
    hand_sizes: tuple[int, ...]
    """How many cards every seat holds."""
    names: tuple[str, ...]
    top_card: Card
    color: Color | None
    direction: int
    current_player: int | None
    phase: Phase
    draw_pile_size: int
    discard_pile: tuple[Card, ...]
    """Bottom first; the cards laid are public."""
    scores: tuple[int, ...]
    dealer: int
    round: int
    winner: int | None
    pending_draw: int
    drawn_card: Card | None
    """The card this player just drew, in the drawn phase (others do not see it)."""
    uno_exposed: tuple[int, ...]
    """Seats that can be caught for not saying UNO."""
    legal_actions: tuple[Action, ...]
    """The actions this player may take now."""

    def _repr_svg_(self) -> str:
        """The table as this player sees it, for notebooks (see :func:`unorules.svg.table`).

        >>> import unorules as uno
        >>> "(you)" in uno.observe(uno.new_game(2, seed=1), 0)._repr_svg_()
        True
        """
        from unorules import svg  # noqa: PLC0415 (svg imports this module)

        return svg.table(self)

    def to_dict(self) -> dict[str, Any]:
        """This view as a JSON object (plain values): see :func:`unorules.jsonio.view_to_dict`.

        >>> import unorules as uno
        >>> uno.observe(uno.new_game(2, seed=1), 0).to_dict()["hand_sizes"]
        [7, 7]
        """
        from unorules.jsonio import view_to_dict  # noqa: PLC0415 (jsonio imports this)

        return view_to_dict(self)

    def to_json(self) -> str:
        """This view as one line of JSON.

        >>> import unorules as uno
        >>> uno.observe(uno.new_game(2, seed=1), 0).to_json()[:22]
        '{"player": 0, "hand": '
        """
        from unorules.jsonio import view_to_json  # noqa: PLC0415

        return view_to_json(self)

    @classmethod
    def from_dict(cls, data: object) -> View:
        """The view a JSON object describes: see :func:`unorules.jsonio.view_from_dict`.

        >>> import unorules as uno
        >>> view = uno.observe(uno.new_game(2, seed=1), 0)
        >>> uno.View.from_dict(view.to_dict()) == view
        True
        """
        from unorules.jsonio import view_from_dict  # noqa: PLC0415

        return view_from_dict(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> View:
        """The view a line of JSON describes: see :func:`unorules.jsonio.view_from_json`.

        >>> import unorules as uno
        >>> view = uno.observe(uno.new_game(2, seed=1), 1)
        >>> uno.View.from_json(view.to_json()) == view
        True
        """
        from unorules.jsonio import view_from_json  # noqa: PLC0415

        return view_from_json(text)


def observe(state: State, player: int) -> View:
    """What ``player`` may see of ``state``.

    >>> import unorules as uno
    >>> uno.observe(uno.new_game(2, seed=1), 5)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 5 at this table (seats 0 to 1)
    """
    if not isinstance(player, int) or not 0 <= player < state.players:
        raise ValueError(
            f"there is no seat {player} at this table (seats 0 to {state.players - 1})"
        )
    mine = state.current_player == player
    return View(
        player=player,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        names=state.names,
        top_card=state.top_card,
        color=state.color,
        direction=state.direction,
        current_player=state.current_player,
        phase=state.phase,
        draw_pile_size=state.draw_pile_size,
        discard_pile=state.discard_pile,
        scores=state.scores,
        dealer=state.dealer,
        round=state.round,
        winner=state.winner,
        pending_draw=state.pending_draw,
        drawn_card=state.drawn_card if mine else None,
        uno_exposed=state.uno_exposed,
        legal_actions=legal_actions(state, player),
    )
