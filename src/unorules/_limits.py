"""The bound of a state's counters, shared by the state check and the engine.

A state counts its rounds (``round``), its generator's draws (``rng_counter``) and the
sides' points (``totals``). :meth:`State.from_json <unorules.State.from_json>` accepts
each from 0 to ``COUNTER_END - 1``, and the engine never goes past that: the action that
would take a counter to ``COUNTER_END`` is refused (:func:`refuse_past`), so every state
:func:`unorules.apply` returns loads again. No real match comes near the bound (2**63
rounds, draws or points); only a state written by hand can start next to it.

>>> COUNTER_END == 2**63
True
>>> refuse_past(COUNTER_END - 1, "round", "deal another round") is None
True
>>> refuse_past(COUNTER_END, "round", "deal another round")
Traceback (most recent call last):
...
unorules.errors.IllegalAction: cannot deal another round: the round would pass 2**63 - 1, ...
"""

from __future__ import annotations

from typing import Final

from unorules.errors import ErrorCode, IllegalAction

__all__ = ["COUNTER_END", "refuse_past"]

COUNTER_END: Final = 1 << 63
"""Every counter of a state is below this: far above any real game, and small enough for
the generator's 8-byte counter."""


def refuse_past(value: int, what: str, doing: str) -> None:
    """Refuse (``IllegalAction``, code ``wrong_phase``) the action ``doing`` when it would
    leave the counter ``what`` at ``value`` and ``value`` is not below
    :data:`COUNTER_END`."""
    if value >= COUNTER_END:
        raise IllegalAction(
            ErrorCode.WRONG_PHASE,
            f"cannot {doing}: the {what} would pass 2**63 - 1, the most a state counts",
        )
