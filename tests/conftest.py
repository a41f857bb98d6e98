"""Shared test helpers: build exact positions, apply scripted action sequences."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import unorules as uno
from unorules.rules import rules_to_options


def cards(text: str) -> tuple[uno.Card, ...]:
    """``cards("R1 G+2 W")`` -> a tuple of cards."""
    return tuple(uno.Card.parse(t) for t in text.split())


def position(
    hands: Sequence[str | Iterable[str]],
    top: str,
    *,
    rules: uno.Rules | str = "mattel",
    color: str | None = None,
    current: int = 0,
    direction: int = 1,
    dealer: int | None = None,
    phase: str = "play",
    draw_pile: str | None = None,
    below: str = "",
    totals: Sequence[int] | None = None,
    eliminated: Sequence[int] = (),
    fixed_order: bool = False,
    seed: int = 0,
    spare: int | None = None,
    **state_fields: Any,
) -> uno.State:
    """A state in the middle of a round, exactly as described.

    ``hands``: one string per seat (``"R1 G2 W"``). ``top``: the top card; ``below``:
    the discard pile under it, bottom first. ``draw_pile``: top first; by default the rest
    of the deck in card order (so drawing without ``drawn`` takes R0, R1, R1, ... minus
    what is in play); when given, the rest of the deck lies under ``below`` at the bottom
    of the discard pile, or with ``spare`` in that seat's hand (for a test that empties
    both piles), so that the state holds exactly the deck. ``fixed_order``: whether
    ``drawn=`` must follow the pile's order. Any other keyword overrides that field of
    :meth:`unorules.State.to_dict`.
    """
    r = uno.get_profile(rules) if isinstance(rules, str) else rules
    hand_cards = [cards(h) if isinstance(h, str) else tuple(map(uno.Card.parse, h)) for h in hands]
    discard = [*cards(below), uno.Card.parse(top)]
    n = len(hand_cards)
    if draw_pile is None:
        left = list(r.deck())
        for c in [*(c for h in hand_cards for c in h), *discard]:
            if c in left:
                left.remove(c)
        pile = left
    else:
        pile = list(cards(draw_pile))
        # A state holds the whole deck: the cards the test does not place lie at the
        # bottom of the discard pile, under ``below`` (in card order), or in ``spare``'s hand.
        rest = list(r.deck())
        for c in [*(c for h in hand_cards for c in h), *discard, *pile]:
            if c in rest:
                rest.remove(c)
        if spare is None:
            discard = [*rest, *discard]
        else:
            hand_cards[spare] = (*hand_cards[spare], *rest)
    top_card = discard[-1]
    if color is None and not top_card.is_wild:
        color = top_card.color.value if top_card.color else None
    sides = [s % r.teams for s in range(n)] if r.teams else list(range(n))
    data: dict[str, Any] = {
        "format": "unorules-state/1",
        "rules": rules_to_options(r),
        "names": [f"P{i}" for i in range(n)],
        "seed": seed,
        "round": 0,
        "dealer": _dealer_before(current, n, eliminated) if dealer is None else dealer,
        "sides": sides,
        "totals": list(totals) if totals is not None else [0] * len(set(sides)),
        "eliminated": list(eliminated),
        "turned": [top] if not top_card.is_wild else [],
        "round_winner": None,
        "round_points": None,
        "winner": None,
        "hands": [[str(c) for c in h] for h in hand_cards],
        "draw_pile": [str(c) for c in pile],
        "draw_pile_order_fixed": fixed_order,
        "discard_pile": [str(c) for c in discard],
        "color": color,
        "direction": direction,
        "current_player": current,
        "phase": phase,
        "rng_counter": 1,
        "pending_draw": 0,
        "challenge": None,
        "drawn_card": None,
        "uno_open": [],
        "uno_overdue": [],
        "lost_turns": [],
        "answer_lock": -1,
        "idle_turns": 0,
    }
    data.update(state_fields)
    return uno.State.from_dict(data)


def _dealer_before(current: int, n: int, eliminated: Sequence[int]) -> int:
    """The seat before ``current`` still in the match: the default dealer."""
    seat = (current - 1) % n
    while seat in eliminated:
        seat = (seat - 1) % n
    return seat


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
