"""The draft of a state: the only place a mutable draft becomes a :class:`~unorules.State`.

:func:`unorules.apply` copies the state it is given into a :class:`Draft`, lets the rules
change the draft, and freezes it. Freezing switches the draft's class to ``State`` (the
two share their slots), so a finished draft costs no second copy; after that nothing holds
the draft as a draft.

>>> import unorules as uno
>>> s = uno.new_game(2, seed=1)
>>> d = draft(s)
>>> d.direction = -1
>>> t = freeze(d)
>>> type(t).__name__, t.direction, s.direction
('State', -1, 1)
"""

from __future__ import annotations

from unorules.state import State, _Slots

__all__ = ["Draft", "draft", "freeze"]


class Draft(_Slots):
    """A state under construction: the same fields as :class:`~unorules.State`, writable."""

    __slots__ = ()


def draft(s: State) -> Draft:
    """A mutable copy of every field of ``s`` but ``_calm``, which :func:`freeze` derives."""
    d = Draft()
    d._match = s._match
    d.hands = s.hands
    d._pile = s._pile
    d._pile_start = s._pile_start
    d._pile_order_fixed = s._pile_order_fixed
    d._discard = s._discard
    d.color = s.color
    d.direction = s.direction
    d.current_player = s.current_player
    d.phase = s.phase
    d._rng_counter = s._rng_counter
    d._pending_draw = s._pending_draw
    d._challenge = s._challenge
    d._drawn_card = s._drawn_card
    d._calls = s._calls
    d._lost_turns = s._lost_turns
    d._answer_lock = s._answer_lock
    d._idle_turns = s._idle_turns
    d._turn_actions = s._turn_actions
    d._known = s._known
    return d


def freeze(d: Draft) -> State:
    """The finished draft as an immutable state, with its derived ``_calm`` flag: the
    match admits the fast paths and no UNO call is owed, no turn lost, no answer lock set.
    """
    d._calm = d._match.fast and not d._calls.owed and not d._lost_turns and d._answer_lock < 0
    d.__class__ = State  # type: ignore[assignment]
    return d  # type: ignore[return-value]
