"""The UNO call window as one value: who owes a call, the call, the catch, the false call.

A player who comes down to one card must say UNO (R10.1). Until they do, they *owe* the
call, and another player may catch them (R10.2) while the window is open:

- the official window (``UnoWindow.NEXT_TURN_ACTION``, C2): from the moment the card is
  laid until the next player's turn action; every owed call can be caught;
- the Swedish window (``UnoWindow.UNTIL_OFFENDER_TURN``, C9): the offender may still say
  it until another player has moved; then the call is *overdue*, and it can be caught
  until the offender's own turn begins.

Every rule of the window is a method of :class:`UnoCalls`, a value that is never changed:
each returns a new value (:data:`NO_CALLS` when nobody owes a call). The actions that
draw cards for it (a catch's penalty, a false call's) are :mod:`unorules._engine.moves`'
``catch`` and ``call``, which ask this value what is owed.

>>> from unorules.rules import Rules
>>> calls = NO_CALLS.settle((("R1", "R2"), ("G1",)), (("R1",), ("G1",)), caller=-1)
>>> calls, calls.exposed(Rules())
(UnoCalls(open=(0,), overdue=()), (0,))
>>> calls.called(0) is NO_CALLS
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from unorules.rules import Rules, UnoWindow

__all__ = ["NO_CALLS", "UnoCalls"]

_OFFICIAL: Final = UnoWindow.NEXT_TURN_ACTION
_SWEDISH: Final = UnoWindow.UNTIL_OFFENDER_TURN


class UnoCalls:
    """Who owes an UNO call.

    ``open``: seats that hold one card and have not said UNO, in the order they came to
    it; ``overdue``: under the Swedish window, seats whose chance to say it has passed.
    ``owed`` is True when either is not empty.
    """

    __slots__ = ("open", "overdue", "owed")

    open: tuple[int, ...]
    overdue: tuple[int, ...]
    owed: bool

    def __init__(self, open: tuple[int, ...], overdue: tuple[int, ...]) -> None:
        self.open = open
        self.overdue = overdue
        self.owed = bool(open or overdue)

    @staticmethod
    def of(open: tuple[int, ...], overdue: tuple[int, ...]) -> UnoCalls:
        """The value for these seats (:data:`NO_CALLS` when both are empty)."""
        return UnoCalls(open, overdue) if open or overdue else NO_CALLS

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        # Pickled by its constructor's arguments, not its slots: a compiled (native) class
        # keeps no ``__slots__``, and unpickling it by ``__new__`` would call ``__init__``
        # without them.
        return (_uno_calls, (self.open, self.overdue))

    # -- what the window shows --------------------------------------------------------------

    def exposed(self, rules: Rules) -> tuple[int, ...]:
        """The seats that can be caught now: every owed call under the official window
        (R10.2, C2); only the overdue ones under the Swedish window (C9)."""
        return self.open if rules.uno_window is _OFFICIAL else self.overdue

    def why_not_exposed(self, target: int, hand_size: int, rules: Rules) -> str:
        """Why ``target`` cannot be caught now (for the ``nothing_to_catch`` message)."""
        if hand_size != 1:
            return "has not one card"
        if target in self.open and rules.uno_window is _SWEDISH:
            return "may still say UNO until another player has moved (C9)"
        return "said UNO or can no longer be caught"

    # -- how it moves on --------------------------------------------------------------------

    def settle(
        self,
        before: Sequence[Sequence[object]],
        after: Sequence[Sequence[object]],
        caller: int,
    ) -> UnoCalls:
        """Who owes a call once an action has resolved (A8, C7): a seat whose hand changed
        owes nothing it owed before, and owes a call if it now holds one card, unless it
        is ``caller``, who said UNO with the play (-1: nobody)."""
        if not self.owed:  # the common case: only new calls can be owed
            owing: tuple[int, ...] = ()
            for seat, hand in enumerate(after):
                if len(hand) == 1 and hand is not before[seat] and seat != caller:
                    owing = (*owing, seat)
            return UnoCalls(owing, ()) if owing else self
        open_, overdue = self.open, self.overdue
        for seat, hand in enumerate(after):
            if hand is before[seat]:
                continue
            if open_ and seat in open_:
                open_ = tuple(s for s in open_ if s != seat)
            if overdue and seat in overdue:
                overdue = tuple(s for s in overdue if s != seat)
            if len(hand) == 1 and seat != caller:
                open_ = (*open_, seat)
        if open_ is self.open and overdue is self.overdue:
            return self
        return UnoCalls.of(open_, overdue)

    def turn_action(self, actor: int, rules: Rules) -> UnoCalls:
        """A play, or a draw that is not a penalty, by ``actor``: under the official
        window it closes every window (C2); under the Swedish one it makes the other
        players' calls overdue (C9)."""
        if not self.owed:
            return self
        if rules.uno_window is _OFFICIAL:
            return UnoCalls.of((), self.overdue)
        return UnoCalls.of((), tuple(s for s in (*self.overdue, *self.open) if s != actor))

    def turn_begins(self, seat: int, rules: Rules) -> UnoCalls:
        """``seat``'s normal turn begins: under the Swedish window its own owed call is
        now overdue (C9)."""
        if rules.uno_window is not _SWEDISH or seat not in self.open:
            return self
        return UnoCalls(tuple(s for s in self.open if s != seat), (*self.overdue, seat))

    def called(self, seat: int) -> UnoCalls:
        """``seat`` says UNO in time: it owes nothing (R10.1)."""
        if seat not in self.open:
            return self
        return UnoCalls.of(tuple(s for s in self.open if s != seat), self.overdue)

    def caught(self, target: int) -> UnoCalls:
        """``target`` was caught: it owes nothing more (it draws the penalty, R10.2)."""
        return UnoCalls.of(
            tuple(s for s in self.open if s != target),
            tuple(s for s in self.overdue if s != target),
        )

    # -- value semantics ----------------------------------------------------------------------

    def __bool__(self) -> bool:
        return self.owed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, UnoCalls):
            return NotImplemented
        return self.open == other.open and self.overdue == other.overdue

    def __hash__(self) -> int:
        return hash((self.open, self.overdue))

    def __repr__(self) -> str:
        return f"UnoCalls(open={self.open}, overdue={self.overdue})"


NO_CALLS: Final = UnoCalls((), ())
"""Nobody owes an UNO call."""


def _uno_calls(open: tuple[int, ...], overdue: tuple[int, ...]) -> UnoCalls:
    """The value for these seats (unpickling: :meth:`UnoCalls.of`)."""
    return UnoCalls.of(open, overdue)


def false_call_penalty(rules: Rules, cards_left: int) -> int:
    """Cards drawn for saying UNO without being left with one card (C16; 0: no penalty,
    an early or needless call changes nothing, R10.4, C8)."""
    return rules.false_uno_penalty if cards_left != 1 else 0
