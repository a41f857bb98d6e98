"""The game: :func:`new_game`, :func:`legal_actions`, :func:`is_legal` and :func:`apply`,
the public face of the engine (its rooms are the private package ``unorules._engine``).

:func:`apply` is the only way a game moves, and it is pure: it returns a new
:class:`~unorules.State` and never changes the one it is given, even when it rejects the
action with :class:`~unorules.IllegalAction`. :func:`step` moves it the same way and also
says what the action did (:class:`Events`: who drew, hands moved, a card taken back, a
challenge's outcome, the round's end) and what chance produced (:class:`Chance`), as the
rooms noted it: a host reads that record instead of comparing states. A host that deals
chance itself asks :func:`next_chance` (and :func:`opening_chance` at a round's start)
what an action needs.

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=3)
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

from typing import Final, NamedTuple

from unorules._engine.fast import fast_draw, fast_pass, fast_play
from unorules._engine.fast import legal_actions as _legal_actions
from unorules._engine.general import (
    Chance,
    NextChance,
    apply_general,
    apply_noted,
    next_chance,
    opening_chance,
)
from unorules._engine.piles import Named
from unorules._engine.setup import cut_for_dealer, new_game
from unorules.actions import Action, Draw, NextRound, Pass, Play
from unorules.cards import Card
from unorules.errors import IllegalAction
from unorules.state import Phase, State

__all__ = [
    "Chance",
    "Drawn",
    "Events",
    "NextChance",
    "RoundEnd",
    "Step",
    "apply",
    "cut_for_dealer",
    "is_legal",
    "legal_actions",
    "new_game",
    "next_chance",
    "opening_chance",
    "step",
]

# Defined in the fast module (its admission and the calm listing are one function), and
# bound here before is_legal so that this module's API page keeps its reading order.
legal_actions = _legal_actions


def is_legal(state: State, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` now.

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
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

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
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
    # every error) takes the general route. A value that is not a State fails there at
    # no cost to the common case (pure, it reads state._calm first: AttributeError;
    # compiled, the native function refuses it at the door: TypeError), and is reported
    # below. The fast_* names here are the compiled functions themselves in the compiled
    # build (unorules._native dresses only public names), so no Python wrapper runs.
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
    except (AttributeError, TypeError):
        if type(state) is State:
            raise
    if type(state) is not State:
        raise TypeError(f"apply needs a State (from unorules.new_game), not {state!r}")
    return apply_general(state, action)


# -- what an action did ---------------------------------------------------------------------


class Drawn(NamedTuple):
    """One draw of an action (:attr:`Events.draws`): ``seat`` drew ``number`` cards.

    >>> import unorules as uno
    >>> s = uno.State.from_position("R1,R2/B1,B2 R5 red 0+ play *")
    >>> drawn = uno.step(s, uno.Draw(0)).events.draws[0]
    >>> drawn.seat, drawn.number, drawn.cards == s.draw_pile[:1]
    (0, 1, True)
    """

    seat: int
    """The seat that drew."""
    number: int
    """How many cards it drew (fewer than the rules say when both piles ran out, A12)."""
    cards: tuple[Card, ...] | None
    """The cards, in the order drawn; None where they are hidden
    (:meth:`Events.for_seat`: another seat's cards)."""


class RoundEnd(NamedTuple):
    """The round ended with the action (:attr:`Events.round_end`).

    >>> import unorules as uno
    >>> s = uno.State.from_position("R1/B1,B2 R5 red 0+ play *")
    >>> uno.step(s, uno.Play(0, "R1")).events.round_end
    RoundEnd(winner=0, points=(3, 0))
    """

    winner: int | None
    """The seat that went out; None when the round ended stuck, without a winner (C15)."""
    points: tuple[int, ...]
    """The points each side scored in it (:attr:`~unorules.State.round_points`)."""


class Events(NamedTuple):
    """What an action did, as the engine's rooms noted it (:attr:`Step.events`). Every
    field but :attr:`draws`' cards is public: each seat sees it happen.

    **Hidden information.** :attr:`Drawn.cards` names the cards every seat drew: the
    record is the host's, as the :class:`~unorules.State` is. What one seat may be shown
    is :meth:`for_seat` (the cards it drew itself, and the others' counts), as
    :func:`~unorules.observe` is of the state.

    >>> import unorules as uno
    >>> s = uno.State.from_position("R+2,R1,G5/B1,B2 R5 red 0+ play *")
    >>> after, events, chance = uno.step(s, uno.Play(0, "R+2"))
    >>> events.draws == (Drawn(1, 2, chance.drawn),), events.drew(1), events.round_end
    (True, 2, None)
    >>> events.for_seat(0).draws
    (Drawn(seat=1, number=2, cards=None),)
    >>> uno.step(after, uno.Play(0, "R1")).events  # doctest: +NORMALIZE_WHITESPACE
    Events(draws=(), moved=None, redealt=False, taken_back=None, challenge_won=None,
           round_end=None, discarded=(), knocked_out=())
    """

    draws: tuple[Drawn, ...] = ()
    """Who drew which cards, one entry per draw, in the order drawn: a penalty (Draw Two,
    Wild Draw Four, a catch, a false call, a challenge lost, a stack taken), a turn's
    draw, a first Draw Two's two cards (for :class:`~unorules.NextRound`)."""
    moved: tuple[int, ...] | None = None
    """Seven-O moved hands (A18): the hand seat ``s`` held is now held by seat
    ``moved[s]`` (a 7's swap, or a 0 passing every hand on); None when no hand moved so."""
    redealt: bool = False
    """A Wild Shuffle Hands pooled every hand and dealt the cards again (R8.2)."""
    taken_back: tuple[int, Card] | None = None
    """A Wild Draw Four taken back into the hand of the seat that laid it, after a
    successful challenge (the Danish sheet, A6): ``(seat, card)``."""
    challenge_won: bool | None = None
    """A Wild Draw Four challenged: True when the challenge succeeded (the card was a
    bluff, and it cost the player who laid it), False when it failed; None when the
    action was no challenge."""
    round_end: RoundEnd | None = None
    """The round ended with this action (a player went out, or the round ended stuck)."""
    discarded: tuple[Card, ...] = ()
    """The cards a Discard All put under itself from its player's hand, beyond the card
    laid (No Mercy, NM1.5): public, as they go face up into the discard pile."""
    knocked_out: tuple[int, ...] = ()
    """The seats the Mercy rule knocked out during the action, their hands set aside (No
    Mercy, NM1.8)."""

    def drew(self, seat: int) -> int:
        """How many cards ``seat`` drew in all.

        >>> Events((Drawn(1, 2, None), Drawn(0, 1, None), Drawn(1, 4, None))).drew(1)
        6
        """
        return sum(d.number for d in self.draws if d.seat == seat)

    def for_seat(self, seat: int) -> Events:
        """What ``seat`` may be shown: the same record with the cards other seats drew
        hidden (their :attr:`Drawn.cards` None; the counts stay, as hand sizes show them).

        >>> e = Events((Drawn(0, 1, (Card.parse("R1"),)), Drawn(1, 2, (Card.parse("B1"),) * 2)))
        >>> e.for_seat(0).draws
        (Drawn(seat=0, number=1, cards=(Card.parse('R1'),)), Drawn(seat=1, number=2, cards=None))
        """
        draws = self.draws
        if all(d.seat == seat or d.cards is None for d in draws):
            return self
        hidden = tuple(d if d.seat == seat else Drawn(d.seat, d.number, None) for d in draws)
        return self._replace(draws=hidden)


class Step(NamedTuple):
    """What :func:`step` returns: the state after the action, what the action did, and
    what chance produced. ``events`` and ``chance`` name hidden cards: they are the
    host's (:meth:`Events.for_seat` is what a seat may see).

    >>> import unorules as uno
    >>> s = uno.State.from_position("R1,R2/B1,B2 R5 red 0+ play *")
    >>> after, events, chance = uno.step(s, uno.Draw(0))
    >>> after == uno.apply(s, uno.Draw(0)), events.drew(0), chance.drawn == s.draw_pile[:1]
    (True, 1, True)
    """

    state: State
    """The state after the action (what :func:`apply` returns)."""
    events: Events
    """What the action did."""
    chance: Chance
    """What chance produced meanwhile: the cards drawn, a rebuilt pile, shuffled hands."""


_QUIET: Final = Events()
"""The record of an action that noted nothing and did not end the round: one object."""
_NO_DRAW: Final = (Chance((), False, False, False), Chance((), True, False, False))
"""What chance produced for an action that drew nothing, by ``order_known``."""
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
_new: Final = tuple.__new__
"""Builds a named tuple from its fields without its Python-level ``__new__``."""


def step(state: State, action: Action) -> Step:
    """:func:`apply`, and what the action did (:class:`Events`) and what chance produced
    (:class:`Chance`) meanwhile: the new state is the one :func:`apply` returns, and the
    errors are its errors. The engine takes the same route as :func:`apply`, and its rooms
    note what they do as they do it (a draw, a swap, a card taken back, a challenge
    resolved): nothing is read back from a comparison of states.

    The record names the cards every seat drew: it is for the host. A seat is shown
    ``events.for_seat(seat)``.

    >>> import unorules as uno
    >>> rules = uno.MATTEL.but(hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R+2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> s = uno.new_game(2, rules, deal=deal)
    >>> play = uno.Play(0, "R+2", uno=True, drawn=["Y1", "Y2"])  # the cards P1 draws
    >>> after, events, chance = uno.step(s, play)
    >>> after == uno.apply(s, play)
    True
    >>> events.draws
    (Drawn(seat=1, number=2, cards=(Card.parse('Y1'), Card.parse('Y2'))),)
    >>> chance.drawn == events.draws[0].cards, chance.order_known
    (True, False)
    """
    log = Named(None)
    kind = type(action)
    done: State | None = None
    # apply's fast route, keeping the log (see apply for the admission and the errors). It
    # admits only actions that name no card drawn, and notes nothing in an action it
    # declines.
    try:
        if kind is Play:
            done = fast_play(state, action, log)  # type: ignore[arg-type]
        elif kind is Draw:
            done = fast_draw(state, action, log)  # type: ignore[arg-type]
        elif kind is Pass:
            done = fast_pass(state, action)  # type: ignore[arg-type]
    except (AttributeError, TypeError):
        if type(state) is State:
            raise
    if done is not None:
        return _step(state, kind, done, None, log)
    if type(state) is not State:
        raise TypeError(f"step needs a State (from unorules.new_game), not {state!r}")
    drawn: tuple[Card, ...] | None = getattr(action, "drawn", None)
    if drawn is not None:
        log = Named(drawn)
    return _step(state, kind, apply_noted(state, action, log), drawn, log)


def _step(
    before: State, kind: type, after: State, drawn: tuple[Card, ...] | None, log: Named
) -> Step:
    """The step from ``before`` to ``after``: what the rooms noted in ``log``, the round's
    end, and what chance produced (the cards named or logged, and whether the pile's order
    was known before they were drawn: for a NextRound, the new deal's, a round's start
    never rebuilding the pile, its discard pile being the first card alone). The common
    records (nothing noted, nothing drawn) are shared objects."""
    known = (after if kind is NextRound else before)._ledger.pile_order_fixed
    draws = log.draws
    phase = after.phase
    over = phase is _ROUND_OVER or phase is _GAME_OVER  # only the action that ends it
    if not draws:
        if (
            not over
            and log.moved is None
            and log.challenge_won is None
            and not log.redealt
            and not log.discarded
            and not log.knocked
        ):
            return _new(Step, (after, _QUIET, _NO_DRAW[known]))  # the commonest step
        drew: tuple[Drawn, ...] = ()
    elif len(draws) == 1:
        seat, cards = draws[0]
        drew = (_new(Drawn, (seat, len(cards), cards)),)
    else:
        drew = tuple([_new(Drawn, (seat, len(cards), cards)) for seat, cards in draws])
    if draws or log.shuffled:
        cards = drawn if drawn is not None else log.log
        chance = _new(Chance, (cards, known, log.rebuilt, log.shuffled))
    else:
        chance = _NO_DRAW[known]
    end = _new(RoundEnd, (after.round_winner, after.round_points or ())) if over else None
    events = _new(
        Events,
        (
            drew,
            log.moved,
            log.redealt,
            log.taken_back,
            log.challenge_won,
            end,
            log.discarded,
            log.knocked,
        ),
    )
    return _new(Step, (after, events, chance))
