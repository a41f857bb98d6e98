"""What one player may see: :func:`observe` hides the other hands and the draw pile.

A server sends each player only their :class:`View`; a bot decides from it alone. A view
holds everything its player legitimately knows: the public table, their own cards, and
the cards they have seen in other hands (:attr:`View.known`), so that
:func:`unorules.sample_state` can deal a full state that agrees with it.

>>> import unorules as uno
>>> state = uno.new_game(3, seed=5)
>>> view = uno.observe(state, 1)
>>> view.player, len(view.hand), view.hand_sizes
(1, 7, (7, 7, 7))
"""

from __future__ import annotations

from typing import Any

import attrs

from unorules._echo import check_seat, shown
from unorules._engine.knowledge import known_of
from unorules.actions import Action
from unorules.cards import Card, Color
from unorules.engine import legal_actions
from unorules.rules import Rules
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
    known: tuple[tuple[Card, ...], ...]
    """What this player knows of each seat's hand, by seat (empty for its own): cards
    that hand holds for certain (it may hold more). A player learns another's cards when
    a Wild Draw Four they challenge is shown to them (Mattel's procedure, R7.3; the other
    profiles show no hand), when a Wild Draw Four is taken back into its player's hand in
    sight of all (the Danish sheet, A6), and under Seven-O from the hand they gave away
    or passed on (A18). A known card is forgotten when its holder lays a copy of it; a
    Wild Shuffle Hands and a new round forget everything.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=3)
    >>> deal = uno.Deal(dealer=1, hands=[["W+4", "R1", "G5"], ["G2", "G3", "B1"]],
    ...                 turned=["R7"])
    >>> s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "W+4", "blue"))
    >>> uno.observe(s, 1).known
    ((), ())
    >>> s = uno.apply(s, uno.Challenge(1))  # a bluff: P0 shows R1 G5, then draws four
    >>> [str(c) for c in uno.observe(s, 1).known[0]], uno.observe(s, 0).known
    (['R1', 'G5'], ((), ()))
    """
    rules: Rules
    """The rules of the game (public: every player knows them)."""
    eliminated: tuple[int, ...]
    """Seats eliminated from the match (elimination scoring)."""
    challenge_offender: int | None
    """In the challenge phase: the seat that laid the Wild Draw Four; else None."""
    challenge_color: Color | None
    """In the challenge phase: the color in force before the Wild Draw Four; else None."""
    challenge_bluff: bool | None
    """In the challenge phase, for the seat that laid the Wild Draw Four only: whether it
    was a bluff (R7.2); None for everyone else and in other phases."""
    uno_open: tuple[int, ...]
    """Seats that hold one card and may still say UNO safely (the open window, C2)."""
    uno_overdue: tuple[int, ...]
    """Seats whose call is overdue and who can still be caught (C9)."""
    lost_turns: tuple[int, ...]
    """Seats that will lose their next turn, in order."""
    answer_lock: int | None
    """The seat that may not answer the Reverse on top with a Reverse (C6), or None."""
    idle_turns: int
    """Turns in a row in which nobody could lay a card (a stuck round ends, C15)."""
    turn_actions: int
    """The turn actions made in this round so far, counted under the house rule
    ``round_turn_limit`` (every seat can count them); always 0 without it
    (:attr:`State.turn_actions <unorules.State.turn_actions>`)."""
    round_winner: int | None
    """The seat that went out in the round just ended, else None."""
    round_points: tuple[int, ...] | None
    """Points each seat (or its team) scored in the round just ended, else None."""

    def _repr_svg_(self) -> str:
        """The table as this player sees it, for notebooks (see
        :func:`unorules.pictures.svg.table`).

        >>> import unorules as uno
        >>> "(you)" in uno.observe(uno.new_game(2, seed=1), 0)._repr_svg_()
        True
        """
        from unorules.pictures import svg  # noqa: PLC0415 (svg imports this module)

        return svg.table(self)

    def to_dict(self) -> dict[str, Any]:
        """This view as a JSON object (plain values): see
        :func:`unorules.formats.jsonio.view_to_dict`.

        >>> import unorules as uno
        >>> uno.observe(uno.new_game(2, seed=1), 0).to_dict()["hand_sizes"]
        [7, 7]
        """
        from unorules.formats.jsonio import view_to_dict  # noqa: PLC0415 (jsonio imports this)

        return view_to_dict(self)

    def to_json(self) -> str:
        """This view as one line of JSON.

        >>> import unorules as uno
        >>> uno.observe(uno.new_game(2, seed=1), 0).to_json()[:22]
        '{"player": 0, "hand": '
        """
        from unorules.formats.jsonio import view_to_json  # noqa: PLC0415

        return view_to_json(self)

    @classmethod
    def from_dict(cls, data: object) -> View:
        """The view a JSON object describes: see :func:`unorules.formats.jsonio.view_from_dict`.

        >>> import unorules as uno
        >>> view = uno.observe(uno.new_game(2, seed=1), 0)
        >>> uno.View.from_dict(view.to_dict()) == view
        True
        """
        from unorules.formats.jsonio import view_from_dict  # noqa: PLC0415

        return view_from_dict(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> View:
        """The view a line of JSON describes: see :func:`unorules.formats.jsonio.view_from_json`.

        >>> import unorules as uno
        >>> view = uno.observe(uno.new_game(2, seed=1), 1)
        >>> uno.View.from_json(view.to_json()) == view
        True
        """
        from unorules.formats.jsonio import view_from_json  # noqa: PLC0415

        return view_from_json(text)


def observe(state: State, player: int) -> View:
    """What ``player`` may see of ``state``.

    >>> import unorules as uno
    >>> uno.observe(uno.new_game(2, seed=1), 5)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 5 at this table (seats 0 to 1)
    >>> uno.observe("a state", 0)
    Traceback (most recent call last):
    ...
    TypeError: observe needs a State (from unorules.new_game), not 'a state'
    """
    if type(state) is not State:
        raise TypeError(f"observe needs a State (from unorules.new_game), not {shown(state)}")
    check_seat(player, state.players)
    mine = state.current_player == player
    ch = state._ledger.challenge
    calls = state._ledger.calls
    lock = state._ledger.answer_lock
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
        known=_NOTHING[state.players]
        if not state._ledger.known
        else known_of(state._ledger.known, player, state.players),
        rules=state._match.rules,
        eliminated=state.eliminated,
        challenge_offender=None if ch is None else ch.offender,
        challenge_color=None if ch is None else ch.previous_color,
        challenge_bluff=None if ch is None or ch.offender != player else ch.guilty,
        uno_open=calls.open,
        uno_overdue=calls.overdue,
        lost_turns=state._ledger.lost_turns,
        answer_lock=None if lock < 0 else lock,
        idle_turns=state._ledger.idle_turns,
        turn_actions=state._ledger.turn_actions,
        round_winner=state.round_winner,
        round_points=state.round_points,
    )


_NOTHING = tuple(((),) * n for n in range(11))
"""What a player knows of other hands when nothing is known, by table size."""
