"""The trust boundary of a hosted game: apply what a seat sends, and nothing more.

A game server holds the one true :class:`~unorules.State` and receives actions from
players it does not trust. :func:`unorules.apply` is the host's own tool: it also takes
the *chance fields* by which a host or a transcript states what the shuffle produced
(``drawn=`` on every action that draws, ``hands=`` on a Wild Shuffle Hands) and
:class:`~unorules.NextRound`, and its error messages may name any card of the state. A
server must not hand it a player's action as it came.

:func:`apply_from_seat` is the call for that: it applies ``action`` for the seat that
sent it only if it is one of :func:`legal_actions(state, seat) <unorules.legal_actions>`,
and refuses everything else with :class:`~unorules.IllegalAction`:

* a chance field, or :class:`~unorules.NextRound` (code ``host_only``);
* an action naming another seat than the sender (code ``not_your_turn``);
* anything else that is not legal now (the engine's code: ``card_not_in_hand``,
  ``wrong_phase``, ...).

Its messages never name a hidden card: they are worked out on a copy of the state in
which every card the sender cannot see (the other hands, the draw pile) is replaced by a
fixed arrangement of the same cards, so a message is the same whichever cards the pile and
the other hands hold. The sender's own cards, the public piles and the cards the sender
named may appear.

>>> import unorules as uno
>>> state = uno.new_game(3, seed=4)
>>> seat = state.current_player
>>> uno.apply_from_seat(state, seat, uno.Draw(seat, drawn=["W"]))
Traceback (most recent call last):
...
unorules.errors.IllegalAction: only the host decides the cards drawn: send Draw(...) without drawn=
>>> after = uno.apply_from_seat(state, seat, uno.legal_actions(state, seat)[0])
>>> after == uno.apply(state, uno.legal_actions(state, seat)[0])
True
"""

from __future__ import annotations

from typing import Final

from unorules._echo import check_seat, shown_int
from unorules.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    NextRound,
    Pass,
    Play,
)
from unorules.cards import Card
from unorules.engine import apply, is_legal, legal_actions
from unorules.errors import ErrorCode, IllegalAction
from unorules.sampling import consistent_state
from unorules.state import State
from unorules.view import observe

__all__ = ["apply_from_seat", "is_legal_from_seat"]

_ACTIONS: Final = (Play, Draw, Pass, CallUno, CatchUno, Challenge, ChooseColor, NextRound)


def _check_call(state: State, seat: int, action: object) -> None:
    """The host's own mistakes: not a state, not a seat, not an action (not a seat's)."""
    if not isinstance(state, State):
        raise TypeError(f"needs a State (from unorules.new_game), not {state!r}")
    check_seat(seat, state.players)
    if type(action) not in _ACTIONS:
        raise TypeError(f"not an action: {action!r}")


def _refusal(seat: int, action: Action) -> IllegalAction | None:
    """Why ``action`` may never come from a seat, whatever the state; else None."""
    if isinstance(action, NextRound):
        return IllegalAction(
            ErrorCode.HOST_ONLY, "only the host deals the next round: NextRound is not a move"
        )
    if isinstance(action, Play) and action.hands is not None:
        return IllegalAction(
            ErrorCode.HOST_ONLY,
            "hands= fixes the new hands of a Wild Shuffle Hands, which only the host decides:"
            " send the play without it",
        )
    if getattr(action, "drawn", None) is not None:
        return IllegalAction(
            ErrorCode.HOST_ONLY,
            "only the host decides the cards drawn:"
            f" send {type(action).__name__}(...) without drawn=",
        )
    if action.player != seat:
        return IllegalAction(
            ErrorCode.NOT_YOUR_TURN,
            f"seat {seat} may only act for itself, not for player {shown_int(action.player)}",
        )
    return None


def _canonical(state: State, seat: int, action: Action) -> Action:
    """``action`` as :func:`legal_actions` lists it, once per outcome: the middle cards of
    a multi-card play in card order (the engine takes them in any order, with the same
    outcome), and a play that goes out without ``uno=True`` (the engine accepts the call
    said with it, moot there; not a Wild Shuffle Hands laid last that redeals instead,
    which the engine refuses with the call)."""
    if not isinstance(action, Play):
        return action
    if len(action.also) > 2:
        *middle, last = action.also
        also = (*sorted(middle, key=_index), last)
        if also != action.also:
            action = Play(action.player, action.card, action.color, uno=action.uno,
                          target=action.target, also=also)  # fmt: skip
    if action.uno and len(state.hands[seat]) == 1 + len(action.also) and is_legal(state, action):
        action = Play(action.player, action.card, action.color, target=action.target,
                      also=action.also)  # fmt: skip
    return action


def _index(card: Card) -> int:
    return card.index


def listed_action(state: State, seat: int, action: Action) -> Action | None:
    """The listed action equal to ``action`` (after :func:`_canonical`), or None. The
    caller has checked that ``action`` acts for ``seat``."""
    legal = legal_actions(state, seat)
    try:
        # tuple.index compares identity first, in C: an action taken from the seat's view
        # (the listed object itself) is found without a Python-level comparison.
        return legal[legal.index(_canonical(state, seat, action))]
    except ValueError:
        return None


def is_legal_from_seat(state: State, seat: int, action: Action) -> bool:
    """Whether :func:`apply_from_seat` accepts ``action`` from ``seat`` now: whether it is
    one of :func:`legal_actions(state, seat) <unorules.legal_actions>` (and so has no
    chance field and names ``seat`` as its player).

    Raises ``ValueError`` for a seat that is not at the table and ``TypeError`` for a
    value that is not a state or an action: those are the host's mistakes, not the
    player's.

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=3)
    >>> seat = state.current_player
    >>> uno.is_legal_from_seat(state, seat, uno.CallUno(seat))
    True
    >>> uno.is_legal_from_seat(state, seat, uno.CallUno(1 - seat))
    False
    """
    _check_call(state, seat, action)
    return _refusal(seat, action) is None and listed_action(state, seat, action) is not None


def apply_from_seat(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` sent ``action``, if it is one of
    :func:`legal_actions(state, seat) <unorules.legal_actions>`.

    Use it wherever an action comes from a player (a network client, a bot's process, a
    person at a terminal); keep :func:`unorules.apply` for the host's own moves
    (:class:`~unorules.NextRound`, an explicit deal, the cards of its own shuffling).

    Raises :class:`~unorules.IllegalAction` otherwise, and ``state`` is unchanged: code
    ``host_only`` for a chance field (``drawn=``, ``hands=``) or a
    :class:`~unorules.NextRound`, ``not_your_turn`` for an action that names another
    seat, else the code :func:`unorules.apply` gives. The message names no card the seat
    cannot see. ``ValueError`` for a seat that is not at the table and ``TypeError`` for
    a value that is not a state or an action (the host's mistakes).

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> s = uno.new_game(2, rules, deal=deal)
    >>> uno.apply_from_seat(s, 0, uno.Play(0, "R2")).top_card
    Card.parse('R2')
    >>> uno.apply_from_seat(s, 0, uno.Play(1, "R9"))
    Traceback (most recent call last):
    ...
    unorules.errors.IllegalAction: seat 0 may only act for itself, not for player 1
    >>> try:
    ...     uno.apply_from_seat(s, 0, uno.Play(0, "B1"))
    ... except uno.IllegalAction as err:
    ...     print(err.code.value, "-", err)
    card_not_in_hand - player 0 does not hold B1
    """
    _check_call(state, seat, action)
    refused = _refusal(seat, action)
    if refused is not None:
        raise refused
    listed = listed_action(state, seat, action)
    if listed is not None:
        try:
            return apply(state, listed)
        except IllegalAction:  # listed but refused: an engine bug, still told blind
            pass
    raise _diagnosis(state, seat, action)


_BLIND: dict[tuple[int, int], tuple[State, State]] = {}
_BLIND_MAX: Final = 64


def _diagnosis(state: State, seat: int, action: Action) -> IllegalAction:
    """Why ``action`` from ``seat`` is refused, told from what ``seat`` can see alone.

    The blindfolded copy is remembered for the last few (state, seat) pairs, so a client
    that sends refusal after refusal while the state stands costs one copy, not one each.
    Each entry keeps its state alive, so an ``id`` is never reused while its entry exists.
    """
    key = (id(state), seat)
    found = _BLIND.get(key)
    if found is None or found[0] is not state:
        if len(_BLIND) >= _BLIND_MAX:
            _BLIND.clear()
        found = _BLIND[key] = (state, _blindfolded(state, seat))
    blind = found[1]
    try:
        apply(blind, action)
    except IllegalAction as err:
        return IllegalAction(err.code, str(err))
    return IllegalAction(
        ErrorCode.WRONG_PHASE,
        f"{action} is not among the actions seat {seat} may take now (see unorules.legal_actions)",
    )


def _blindfolded(state: State, seat: int) -> State:
    """``state`` as ``seat`` could know it: the state of ``seat``'s view in which the cards
    it cannot see (the other hands and the draw pile) are dealt in a fixed arrangement of
    the same cards (but those it knows in other hands, :attr:`~unorules.View.known`, stay
    where they are), the card another player just drew the first unseen card in card order
    that they could lay, the generator's seed 0, and whether a pending Wild Draw Four was a
    bluff judged on the arranged hand unless the view shows it
    (:func:`unorules.sampling.consistent_state`). A pure function of ``seat``'s view."""
    return consistent_state(observe(state, seat), seed=None)
