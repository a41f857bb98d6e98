"""Turn flow: the next seat, skips, lost turns, the answer lock after a Reverse, the end
of a round.

A card's effect says how many seats the turn moves on (:func:`step`); :func:`begin_turn`
then gives that seat its normal turn, which is where every obligation tied to "the next
turn" ends or begins: a lost turn is passed on (A8, C9), the answer lock after a Reverse
ends for everyone but the player it binds (C6), and a Swedish UNO call becomes overdue
(C9).

>>> import unorules as uno
>>> from unorules.state import draft
>>> d = draft(uno.new_game(4, seed=1))
>>> d.direction = 1
>>> step(d, 3, 1), step(d, 3, 2)
(0, 1)
"""

from __future__ import annotations

from typing import Final, NoReturn

from unorules._engine import knowledge
from unorules._engine.calls import NO_CALLS
from unorules._engine.piles import Named
from unorules.cards import Card
from unorules.errors import ErrorCode, IllegalAction
from unorules.scoring import score_round
from unorules.state import Draft, Fields, Match, Phase, State, draft, freeze, ledger

__all__ = [
    "after_knockouts",
    "begin_turn",
    "close",
    "end_round",
    "last_standing",
    "lock_answer",
    "may_not_answer",
    "not_your_turn",
    "seats_from",
    "settle_all",
    "step",
    "two_players",
]

_GAME_OVER: Final = Phase.GAME_OVER
_ROUND_OVER: Final = Phase.ROUND_OVER

_PLAY = Phase.PLAY


def seats_from(m: Match, seat: int) -> list[int]:
    """The seats still in the match clockwise, starting left of ``seat``."""
    n = len(m.names)
    order = [(seat + i) % n for i in range(1, n + 1)]
    return order if m.full else [s for s in order if not m.gone[s]]


def step(d: Fields, seat: int, steps: int) -> int:
    """The seat ``steps`` places on from ``seat`` in the current direction, counting only
    seats still in play (a skip is one step more): not eliminated from the match, not
    knocked out of the round (No Mercy, NM1.8 item 5)."""
    m = d._match
    if m.full:
        return (seat + d.direction * steps) % m.seats
    n = m.seats
    out = m.gone
    for _ in range(steps):
        seat = (seat + d.direction) % n
        while out[seat]:
            seat = (seat + d.direction) % n
    return seat


def not_your_turn(s: Fields, seat: int) -> NoReturn:
    """Refuse an action by ``seat`` out of turn (code ``not_your_turn``)."""
    raise IllegalAction(
        ErrorCode.NOT_YOUR_TURN,
        f"player {seat} may not act now: it is player {s.current_player}'s turn",
    )


def two_players(d: Fields) -> bool:
    """Whether two seats are still in play (a Reverse then acts as the profile says)."""
    return len(d._match.active) == 2


def begin_turn(d: Draft, seat: int) -> None:
    """Give ``seat`` a normal turn. A seat that lost its next turn passes it on (A8, C9);
    the answer lock ends unless it binds this seat (C6); a Swedish UNO call owed by this
    seat becomes overdue (C9)."""
    if not d._ledger.calm:  # a lost turn, an answer lock or an UNO call owed: what ends?
        lost = d._ledger.lost_turns
        while lost and seat in lost:
            lost = ledger(d).lost_turns = tuple(s for s in lost if s != seat)
            seat = step(d, seat, 1)
        lock = d._ledger.answer_lock
        if lock >= 0 and lock != seat:
            ledger(d).answer_lock = -1
        uno_calls = d._ledger.calls
        if uno_calls.owed:
            ledger(d).calls = uno_calls.turn_begins(seat, d._match.rules)
    d.current_player = seat
    d.phase = _PLAY
    d._drawn_card = None


# -- the answer lock (C6) -------------------------------------------------------------------


def lock_answer(d: Draft, seat: int) -> None:
    """``seat``, who moves right after a Reverse, may not answer it by symbol (C6)."""
    ledger(d).answer_lock = seat


def may_not_answer(s: Fields, seat: int, card: Card) -> bool:
    """Whether the answer lock forbids ``seat`` to lay ``card``: the same symbol as the
    Reverse on top in another color (C6)."""
    top = s._discard[0]
    return s._ledger.answer_lock == seat and card.rank is top.rank and card.color is not s.color


# -- the end of a round ---------------------------------------------------------------------


def settle_all(d: Draft) -> None:
    """Nothing pending: no penalty or challenge, no drawn card, no UNO call owed, no lost
    turn or answer lock (a round that starts or ends)."""
    d._drawn_card = None
    led = d._ledger
    if not led.calm or led.pending_draw or led.challenge is not None:
        w = ledger(d)
        w.pending_draw = 0
        w.challenge = None
        w.calls = NO_CALLS
        w.lost_turns = ()
        w.answer_lock = -1


def end_round(d: Draft, winner: int | None) -> State:
    """The round ends: ``winner`` went out (None: a stuck round, C15); score it (R11,
    R13) and freeze the draft."""
    m = score_round(d._match, d.hands, winner)
    d._match = m
    if d._ledger.known and not m.full:
        knowledge.eliminated(d, m.out)
    d.current_player = None
    d.phase = _GAME_OVER if m.winner is not None else _ROUND_OVER
    settle_all(d)
    return freeze(d)


def last_standing(d: Draft) -> int | None:
    """The one seat left in play when every other was knocked out of the round, else
    None: that player wins the round (No Mercy, NM1.8 item 6, NM1.10).

    >>> import unorules as uno
    >>> from unorules.state import draft
    >>> last_standing(draft(uno.new_game(2, "mattel-no-mercy", seed=1))) is None
    True
    """
    m = d._match
    if m.full or True not in m.knocked:
        return None
    active = m.active
    return active[0] if len(active) == 1 else None


def after_knockouts(s: State) -> State:
    """``s``, or, when a knockout has left one player in play, the round won by that
    player (NM1.8 item 6). Asked after every action under the Mercy rule."""
    if s.is_over or not s._match.rules.mercy:
        return s
    d = draft(s)
    standing = last_standing(d)
    if standing is not None:
        return end_round(d, standing)
    current = s.current_player
    if current is not None and s._match.knocked[current]:
        # The player whose turn it was is out (a draw until playable that reached the
        # count): the turn passes to the next seat in play (NM1.8 item 4, NM-A16).
        begin_turn(d, step(d, current, 1))
        return freeze(d)
    return s


# -- the end of an action -------------------------------------------------------------------


def close(
    d: Draft,
    named: Named | None,
    before: tuple[tuple[Card, ...], ...],
    nxt: int | None = None,
    caller: int = -1,
) -> State:
    """Close an action: every card ``drawn=`` named was drawn, UNO calls owed are settled
    (C7; ``caller`` said UNO with the play), the next turn begins (when ``nxt`` is given:
    else the action set the turn itself), and the draft is frozen."""
    if named is not None:
        named.finish()
    if d.hands is not before:
        uno_calls = d._ledger.calls
        settled = uno_calls.settle(before, d.hands, caller)
        if settled is not uno_calls:
            ledger(d).calls = settled
    if nxt is not None:
        begin_turn(d, nxt)
    return freeze(d)
