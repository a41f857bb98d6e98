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

from unorules._engine.fast import fast_draw, fast_legal, fast_pass, fast_play
from unorules._engine.general import apply_general
from unorules._engine.listing import check_player, legal_general
from unorules._engine.setup import cut_for_dealer, new_game
from unorules.actions import Action, Draw, Pass, Play
from unorules.errors import IllegalAction
from unorules.state import State

__all__ = ["apply", "cut_for_dealer", "is_legal", "legal_actions", "new_game"]


def legal_actions(state: State, player: int | None = None) -> tuple[Action, ...]:
    """Every action :func:`apply` accepts now, in a stable order; or only ``player``'s.

    The order: the current player's actions first (plays in card order, a wild once per
    color, each play that leaves one card without and with ``uno=True``; then draw, pass or
    challenge), then Jump-Ins, catches and UNO calls by seat. Actions that draw are listed
    without ``drawn``; :func:`apply` also accepts them naming the cards drawn. A multi-card
    play is listed once per outcome (the middle cards in card order); :func:`apply` accepts
    the middle cards in any order. Saying UNO is allowed at any moment of a round (C8), so
    every seat has a :class:`~unorules.CallUno`.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "B7"]], turned=["R7"])
    >>> uno.legal_actions(uno.new_game(2, rules, deal=deal), 0)  # doctest: +NORMALIZE_WHITESPACE
    (Play(0, 'R2'), Play(0, 'R2', uno=True),
     Play(0, 'W', 'red'), Play(0, 'W', 'red', uno=True), Play(0, 'W', 'yellow'),
     Play(0, 'W', 'yellow', uno=True), Play(0, 'W', 'green'), Play(0, 'W', 'green', uno=True),
     Play(0, 'W', 'blue'), Play(0, 'W', 'blue', uno=True), Draw(0), CallUno(0))
    """
    try:
        calm = state._calm  # only a State has it: cheaper than a type check
    except AttributeError:
        raise TypeError(
            f"legal_actions needs a State (from unorules.new_game), not {state!r}"
        ) from None
    if player is not None and (player != state.current_player or type(player) is not int):
        check_player(state._match, player)
    elif calm:
        return fast_legal(state, player)
    return legal_general(state, player)


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
