"""The general route: every action, phase and option, with every check.

:func:`apply_general` is what :func:`unorules.apply` does for any action the fast route
(:mod:`unorules._engine.fast`) does not admit; the tests compare the two routes on every
step of many seeded games. :func:`apply_noted` takes the general route with a log, in which
the rooms note what chance produced and what the action did: :func:`unorules.step`
reports an action from it (:class:`Chance` and :class:`unorules.engine.Events`).

>>> import unorules as uno
>>> from unorules._engine.piles import Named
>>> s = uno.new_game(2, seed=3)
>>> p = s.current_player
>>> log = Named(None)
>>> after = apply_noted(s, uno.Draw(p), log)
>>> log.log == s.draw_pile[:1], log.draws == ((p, s.draw_pile[:1]),)
(True, True)
>>> after == uno.apply(s, uno.Draw(p))
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from unorules._echo import shown_int
from unorules._engine import challenge, moves, play, setup, stall
from unorules._engine.piles import MoreChance, Named
from unorules._engine.turns import after_knockouts
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
from unorules.deal import Deal
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import Rules
from unorules.state import Phase, State

__all__ = ["Chance", "NextChance", "apply_general", "apply_noted", "next_chance", "opening_chance"]

_GAME_OVER: Final = Phase.GAME_OVER
_ROUND_OVER: Final = Phase.ROUND_OVER


class Chance(NamedTuple):
    """What chance produced during one action (:attr:`unorules.engine.Step.chance`): what
    a transcript records, and checks it was told.

    >>> import unorules as uno
    >>> s = uno.State.from_position("R1,R2/B1,B2 R5 red 0+ play *")
    >>> chance = uno.step(s, uno.Draw(0)).chance
    >>> chance.drawn == s.draw_pile[:1], chance.order_known, chance.rebuilt, chance.shuffled
    (True, False, False, False)
    """

    drawn: tuple[Card, ...]
    """The cards the action drew from the pile, in order (by anyone): those its ``drawn=``
    names, or those taken from the top of the pile. For a :class:`~unorules.NextRound`,
    those a first Draw Two drew (the deal itself is the new round's, as
    :func:`~unorules.new_game` deals)."""
    order_known: bool
    """Whether the draw pile's order was known before the action drew (an explicit deal's
    pile, not yet rebuilt; for a :class:`~unorules.NextRound`, the new deal's)."""
    rebuilt: bool
    """Whether the draw pile ran out and was rebuilt from the discards meanwhile."""
    shuffled: bool
    """Whether a Wild Shuffle Hands dealt the hands with the match's generator."""


def _play(s: State, a: Play, named: Named | None) -> State:
    laid, rest = play.check(s, a)
    return play.lay(s, a, laid, rest, named)


_HANDLERS: Final[dict[type, Callable[[State, Action, Named | None], State]]] = {
    Play: _play,  # type: ignore[dict-item]
    Draw: moves.draw,  # type: ignore[dict-item]
    Pass: moves.pass_,  # type: ignore[dict-item]
    CallUno: moves.call,  # type: ignore[dict-item]
    CatchUno: moves.catch,  # type: ignore[dict-item]
    Challenge: challenge.challenge,  # type: ignore[dict-item]
    ChooseColor: moves.choose_color,  # type: ignore[dict-item]
    NextRound: setup.next_round,  # type: ignore[dict-item]
}


def _check_seat(s: State, seat: int) -> None:
    m = s._match
    if not 0 <= seat < len(m.names):
        raise IllegalAction(
            ErrorCode.NOT_YOUR_TURN,
            f"there is no seat {shown_int(seat)} at this table (seats 0 to {len(m.names) - 1})",
        )
    if m.out[seat]:
        raise IllegalAction(
            ErrorCode.NOT_YOUR_TURN, f"player {seat} has been eliminated from the match"
        )
    if m.knocked[seat]:
        raise IllegalAction(
            ErrorCode.NOT_YOUR_TURN,
            f"player {seat} was knocked out of this round by the Mercy rule (NM1.8): no"
            " action until the next round",
        )
    if s.phase is _ROUND_OVER:
        raise IllegalAction(
            ErrorCode.WRONG_PHASE, "the round is over: only NextRound() is possible"
        )


def _route(state: State, action: Action) -> Callable[[State, Action, Named | None], State]:
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise TypeError(f"not an action: {action!r}")
    if state.phase is _GAME_OVER:
        raise IllegalAction(ErrorCode.WRONG_PHASE, f"the match is over: {action} is not possible")
    if type(action) is not NextRound:
        _check_seat(state, action.player)  # type: ignore[union-attr]
    return handler


def apply_general(state: State, action: Action) -> State:
    """``apply`` without the fast route: every rule, option and check."""
    handler = _route(state, action)
    drawn: tuple[Card, ...] | None = getattr(action, "drawn", None)
    after = handler(state, action, None if drawn is None else Named(drawn))
    if state._match.rules.mercy:
        after = after_knockouts(after)
    return stall.counted(state, action, after) if state._match.counts else after


def apply_noted(state: State, action: Action, log: Named) -> State:
    """``apply`` on the general route, the rooms noting in ``log`` (made with the
    action's ``drawn``) what chance produced and what the action did."""
    handler = _route(state, action)
    after = handler(state, action, log)
    if state._match.rules.mercy:
        after = after_knockouts(after)
    return stall.counted(state, action, after) if state._match.counts else after


class NextChance(NamedTuple):
    """Chance that an action needs and does not name (:func:`next_chance`).

    >>> import unorules as uno
    >>> s = uno.State.from_position("R1,R2/B1,B2 R5 red 0+ play *")
    >>> need = uno.engine.next_chance(s, uno.Draw(0))
    >>> need.cards == s.draw_pile, need.seats
    (True, ())
    """

    cards: tuple[Card, ...]
    """A draw: what the next card drawn may be (the draw pile at that point, rebuilt as
    the rules rebuild it when it runs out; only its next card when its order is known).
    A Wild Shuffle Hands' redeal: the pooled cards to deal."""
    seats: tuple[int, ...]
    """A redeal: the seats in dealing order, pooled card ``i`` going to seat
    ``seats[i % len(seats)]`` (``hands=`` gives the result). A draw: empty."""


def next_chance(state: State, action: Action) -> NextChance | None:
    """The first chance ``action`` needs beyond what it names: a card drawn beyond those
    its ``drawn=`` names (none when it is None), or a Wild Shuffle Hands' redeal without
    ``hands=``; None when it needs nothing more. A host that deals chance itself (the
    OpenSpiel game's chance nodes) asks the library this way instead of re-deriving the
    piles.

    Raises :class:`~unorules.IllegalAction` when the action is refused for another reason.

    >>> import unorules as uno
    >>> deal = uno.Deal(dealer=1, hands=[["R1", "WS"], ["B1", "B2"]], turned=["R5"])
    >>> s = uno.new_game(2, uno.MATTEL.but(hand_size=2), deal=deal)
    >>> need = next_chance(s, uno.Draw(0))  # any card of the pile
    >>> len(need.cards), s.draw_pile_size, need.seats
    (107, 107, ())
    >>> next_chance(s, uno.Draw(0, drawn=["Y7"])) is None  # one card: no more
    True
    >>> next_chance(s, uno.Play(0, "WS", "red"))  # the pool, dealt from the left
    NextChance(cards=(Card.parse('B1'), Card.parse('B2'), Card.parse('R1')), seats=(1, 0))
    """
    handler = _route(state, action)
    drawn: tuple[Card, ...] = getattr(action, "drawn", None) or ()
    need = _probe(lambda named: handler(state, action, named), drawn)
    return None if isinstance(need, State) else need


def opening_chance(
    players: int, rules: Rules, seed: int, deal: Deal, drawn: tuple[Card, ...]
) -> NextChance | State:
    """:func:`next_chance` for a round's start from ``deal``: what the next card a first
    Draw Two draws may be, given the cards ``drawn`` names so far (R3.5); or, when it
    needs nothing more, the state the round starts in.

    >>> import unorules as uno
    >>> deal = uno.Deal(dealer=1, hands=[["R1", "G2"], ["B1", "B2"]], turned=["R+2"])
    >>> rules = uno.MATTEL.but(hand_size=2)
    >>> need = opening_chance(2, rules, 7, deal, ())  # P0 draws two: any card of the pile
    >>> len(need.cards), need.seats
    (107, ())
    >>> s = opening_chance(2, rules, 7, deal, tuple(map(uno.Card.parse, ["Y1", "Y2"])))
    >>> [str(c) for c in s.hands[0]], s.current_player
    (['R1', 'Y1', 'Y2', 'G2'], 1)
    """
    return _probe(
        lambda named: setup.new_game_named(players, rules, seed, deal=deal, named=named), drawn
    )


def _probe(run: Callable[[Named], State], drawn: tuple[Card, ...]) -> NextChance | State:
    """``run`` with a probing :class:`~unorules._engine.piles.Named` naming ``drawn``: the
    chance it needs next, or the state it reaches when it needs none."""
    try:
        return run(Named(drawn, probe=True))
    except MoreChance as more:
        return NextChance(more.cards, more.seats)
