"""The game: :func:`new_game`, :func:`legal_actions`, :func:`is_legal` and :func:`apply`,
the public face of the engine (its rooms are the private package ``unorules._engine``).

:func:`apply` is the only way a game moves, and it is pure: it returns a new
:class:`~unorules.State` and never changes the one it is given, even when it rejects the
action with :class:`~unorules.IllegalAction`.

>>> import attrs, unorules as uno
>>> rules = attrs.evolve(uno.MATTEL, hand_size=3)
>>> deal = uno.Deal(dealer=1, hands=[["R2", "RR", "G4"], ["B1", "B7", "Y3"]], turned=["R7"])
>>> s = uno.new_game(2, rules, deal=deal)
>>> s.current_player, uno.legal_actions(s, 0)
(0, (Play(0, 'R2'), Play(0, 'RR'), Draw(0), CallUno(0)))

With two players a Reverse acts as a Skip (R5.5), so player 0 moves again:

>>> s2 = uno.apply(s, uno.Play(0, "RR"))
>>> str(s2.top_card), s2.current_player, len(s2.hands[0])
('RR', 0, 2)
>>> len(s.hands[0])  # the state it was applied to is unchanged
3
"""

from __future__ import annotations

from unorules._engine.fast import fast_draw, fast_pass, fast_play
from unorules._engine.fast import legal_actions as _legal_actions
from unorules._engine.general import apply_general
from unorules._engine.setup import cut_for_dealer, new_game
from unorules.actions import Action, Draw, Pass, Play
from unorules.errors import IllegalAction
from unorules.state import State

__all__ = ["apply", "cut_for_dealer", "is_legal", "legal_actions", "new_game"]

# Defined in the fast module (its admission and the calm listing are one function), and
# bound here before is_legal so that this module's API page keeps its reading order.
legal_actions = _legal_actions


def is_legal(state: State, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` now.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> s = uno.new_game(2, rules, deal=deal)
    >>> uno.is_legal(s, uno.Play(0, "R2")), uno.is_legal(s, uno.Play(0, "G5"))
    (True, False)
    """
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


def apply(state: State, action: Action) -> State:
    """The state after ``action``. Pure: ``state`` itself never changes.

    Raises :class:`~unorules.IllegalAction` (with a stable code and a message naming the
    rule) when the action is not allowed now; ``TypeError`` when it is not an action.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> s = uno.new_game(2, rules, deal=deal)
    >>> uno.apply(s, uno.Play(1, "R9"))
    Traceback (most recent call last):
    ...
    unorules.errors.IllegalAction: player 1 may not act now: it is player 0's turn
    >>> uno.apply(s, uno.Play(0, "G5"))
    Traceback (most recent call last):
    ...
    unorules.errors.IllegalAction: G5 does not match R7 (color red): lay the same color, ...
    """
    kind = type(action)
    # The fast route admits only the current player's plain moves in a calm state and
    # resolves them with the general route's own functions; anything else (including
    # every error) takes the general route. It reads state._calm first, so a value that
    # is not a State fails there at no cost to the common case, and is reported below.
    try:
        done: State | None = None
        if kind is Play:
            done = fast_play(state, action)  # type: ignore[arg-type]
        elif kind is Draw:
            done = fast_draw(state, action)  # type: ignore[arg-type]
        elif kind is Pass:
            done = fast_pass(state, action)  # type: ignore[arg-type]
        if done is not None:
            return done
    except AttributeError:
        if type(state) is State:
            raise
    if type(state) is not State:
        raise TypeError(f"apply needs a State (from unorules.new_game), not {state!r}")
    return apply_general(state, action)
