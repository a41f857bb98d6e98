"""The draft of a state: the only place a mutable draft becomes a :class:`~unorules.State`.

:func:`unorules.apply` copies the state it is given into a :class:`Draft`, lets the rules
change the draft, and freezes it. Freezing switches the draft's class to ``State`` (the
two share their slots), so a finished draft costs no second copy; after that nothing holds
the draft as a draft.

The state's :class:`~unorules.state.Ledger` (what is owed, counted and known) is not
copied with the draft: the draft shares it until a rule changes a field of it, through
:func:`ledger`, which makes the draft a writable copy first (one per action). Freezing
seals that copy: it derives the ledger's flags and switches its class to ``Ledger``.

>>> import unorules as uno
>>> s = uno.new_game(2, seed=1)
>>> d = draft(s)
>>> d.direction = -1
>>> ledger(d).idle_turns = 1
>>> t = freeze(d)
>>> type(t).__name__, t.direction, s.direction, t._ledger.idle_turns, s._ledger.idle_turns
('State', -1, 1, 1, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unorules._engine.calls import NO_CALLS, UnoCalls
from unorules.cards import Card
from unorules.state import Ledger, State, _LedgerSlots, _Slots

if TYPE_CHECKING:
    from unorules._engine.challenge import PendingChallenge

__all__ = ["Draft", "LedgerDraft", "draft", "freeze", "ledger", "new_ledger"]


class Draft(_Slots):
    """A state under construction: the same fields as :class:`~unorules.State`, writable."""

    __slots__ = ()


class LedgerDraft(_LedgerSlots):
    """A ledger under construction: the same fields as a ``Ledger``, writable."""

    __slots__ = ()


def draft(s: State) -> Draft:
    """A mutable copy of ``s``, sharing its ledger, but ``_calm``, which :func:`freeze`
    derives."""
    d = Draft()
    d._match = s._match
    d.hands = s.hands
    d._pile = s._pile
    d._pile_start = s._pile_start
    d._discard = s._discard
    d.color = s.color
    d.direction = s.direction
    d.current_player = s.current_player
    d.phase = s.phase
    d._drawn_card = s._drawn_card
    d._ledger = s._ledger
    return d


def ledger(d: Draft) -> LedgerDraft:
    """The draft's ledger, writable: the first call of an action copies the state's
    ledger (the state before keeps its own), later calls return the same copy. Its
    flags say nothing calm or quiet until :func:`freeze` derives them."""
    led = d._ledger
    if led.__class__ is LedgerDraft:
        return led
    w = LedgerDraft()
    w.pile_order_fixed = led.pile_order_fixed
    w.rng_counter = led.rng_counter
    w.pending_draw = led.pending_draw
    w.challenge = led.challenge
    w.calls = led.calls
    w.lost_turns = led.lost_turns
    w.answer_lock = led.answer_lock
    w.idle_turns = led.idle_turns
    w.turn_actions = led.turn_actions
    w.known = led.known
    w.calm = w.quiet = False
    d._ledger = w
    return w


def new_ledger(
    *,
    pile_order_fixed: bool,
    rng_counter: int,
    pending_draw: int = 0,
    challenge: PendingChallenge | None = None,
    calls: UnoCalls = NO_CALLS,
    lost_turns: tuple[int, ...] = (),
    answer_lock: int = -1,
    idle_turns: int = 0,
    turn_actions: int = 0,
    known: tuple[tuple[int, int, tuple[Card, ...]], ...] = (),
) -> Ledger:
    """A sealed ledger of these fields (a new round's, a state read from JSON, or an
    unpickled ledger)."""
    w = LedgerDraft()
    w.pile_order_fixed = pile_order_fixed
    w.rng_counter = rng_counter
    w.pending_draw = pending_draw
    w.challenge = challenge
    w.calls = calls
    w.lost_turns = lost_turns
    w.answer_lock = answer_lock
    w.idle_turns = idle_turns
    w.turn_actions = turn_actions
    w.known = known
    return _seal(w)


def _seal(w: LedgerDraft) -> Ledger:
    """The written ledger ``w`` as an immutable ledger, with its derived flags."""
    w.calm = calm = not w.calls.owed and not w.lost_turns and w.answer_lock < 0
    w.quiet = calm and not w.pending_draw and not w.idle_turns and not w.known
    w.__class__ = Ledger  # type: ignore[assignment]
    return w  # type: ignore[return-value]


def freeze(d: Draft) -> State:
    """The finished draft as an immutable state, with its derived ``_calm`` flag: the
    match admits the fast paths and the ledger is calm (no UNO call owed, no turn lost,
    no answer lock set). A ledger the action wrote is sealed first."""
    led = d._ledger
    if led.__class__ is LedgerDraft:
        led = d._ledger = _seal(led)
    d._calm = d._match.fast and led.calm
    d.__class__ = State  # type: ignore[assignment]
    return d  # type: ignore[return-value]
