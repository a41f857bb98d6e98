"""Shared test helpers: apply scripted action sequences, read hands, check rejections.

Positions are written in the position notation (:meth:`unorules.State.from_position`)."""

from __future__ import annotations

import pytest

import unorules as uno


def cards(text: str) -> tuple[uno.Card, ...]:
    """``cards("R1 G+2 W")`` -> a tuple of cards."""
    return tuple(uno.Card.parse(t) for t in text.split())


def run(state: uno.State, *actions: uno.Action) -> uno.State:
    """Apply actions in order, checking each time that apply leaves its input unchanged."""
    for action in actions:
        before = state.to_json()
        new = uno.apply(state, action)
        assert state.to_json() == before
        state = new
    return state


def hand(state: uno.State, seat: int) -> str:
    """A seat's hand in notation, e.g. ``"R1 G2 W"``."""
    return " ".join(map(str, state.hands[seat]))


def rejects(state: uno.State, action: uno.Action, code: str) -> uno.IllegalAction:
    """Assert that ``action`` is rejected with ``code`` and leaves ``state`` unchanged."""
    before = state.to_json()
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(state, action)
    assert info.value.code.value == code, str(info.value)
    assert not uno.is_legal(state, action)
    assert action not in uno.legal_actions(state)
    assert state.to_json() == before
    return info.value
