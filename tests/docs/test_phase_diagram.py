"""The phase diagram of the docs (docs/concepts.rst) is the engine's.

The diagram and its table are drawn from ``TRANSITIONS`` in docs/_ext/unorules_docs.py.
Seeded games under profiles and house rules that reach every phase must move between
phases only as the table says, and every row of the table must happen in them.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import unorules as uno

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext" / "unorules_docs.py"

Move = tuple[str, str, str]  # (phase before, action, phase after)


@pytest.fixture(scope="module")
def ext() -> ModuleType:
    spec = importlib.util.spec_from_file_location("unorules_docs", EXT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def table(ext: ModuleType) -> set[Move]:
    return {
        (start, action, end)
        for start, end, actions, _ in ext.TRANSITIONS
        for action in actions.split(", ")
    }


# Rules under which every phase and every move between them comes up in a few games,
# and the number of players (None: 2 to 4 by turns).
VARIANTS: dict[str, tuple[uno.Rules, int | None]] = {
    "danish stacking": (
        attrs.evolve(uno.DANISH, hand_size=2, target=30, stacking=uno.Stacking.SAME_TYPE),
        None,
    ),
    "mixed stacking, bounce": (
        attrs.evolve(
            uno.MATTEL, hand_size=2, target=30, stacking=uno.Stacking.MIXED, skip_bounce=True
        ),
        None,
    ),
    # going out on a stack without winning the match
    "mixed stacking, long match": (
        attrs.evolve(uno.MATTEL, hand_size=2, stacking=uno.Stacking.MIXED, skip_bounce=True),
        2,
    ),
    "swedish jump-in": (attrs.evolve(uno.SWEDISH, hand_size=3, target=30, jump_in=True), None),
    "mattel": (attrs.evolve(uno.MATTEL, hand_size=4, target=60), None),
    # No Mercy: the Roulette's phase, knockouts that end a round (NM1.5, NM1.8)
    "no mercy": (attrs.evolve(uno.MATTEL_NO_MERCY, hand_size=4, target=3000), None),
    # a round where nobody can lay a card and nothing is left to draw (C15)
    "draw until playable": (
        attrs.evolve(uno.MATTEL_108, hand_size=2, draw_until_playable=True),
        2,
    ),
}


def moves(rules: uno.Rules, players: int, seed: int) -> Iterator[Move]:
    """The phase changes of one seeded game; the moves are picked by a fixed formula, so
    the game is the same on every run."""
    state = uno.new_game(players, rules, seed=seed)
    for step in range(1500):
        actions = uno.legal_actions(state)
        if not actions:
            return
        action = actions[(seed * 7919 + step * 104729) % len(actions)]
        after = uno.apply(state, action)
        yield state.phase.value, type(action).__name__, after.phase.value
        state = after


def observed(wanted: set[Move]) -> set[Move]:
    """Every move of the phase-changing kind seen in the games, playing until each of
    ``wanted`` has been seen (or a budget runs out)."""
    seen: set[Move] = set()
    for seed in range(120):
        for rules, players in VARIANTS.values():
            for move in moves(rules, players or 2 + seed % 3, seed):
                if move[1] not in ("CallUno", "CatchUno"):
                    seen.add(move)
        if wanted <= seen:
            break
    return seen


def test_the_games_move_between_phases_only_as_the_table_says(ext: ModuleType) -> None:
    rows = table(ext)
    seen = observed(rows)
    assert seen - rows == set(), "moves the diagram does not show"
    assert rows - seen == set(), "rows of the table that never happened"


def test_saying_uno_and_catching_never_change_the_phase() -> None:
    for name, (rules, _) in VARIANTS.items():
        for before, action, after in moves(rules, 3, 1):
            if action in ("CallUno", "CatchUno"):
                assert before == after, (name, before, action, after)


def test_every_phase_is_drawn_and_every_move_has_an_arrow(ext: ModuleType) -> None:
    assert set(ext.PHASE_PLACES) == {phase.value for phase in uno.Phase}
    pairs = {(start, end) for start, end, _, _ in ext.TRANSITIONS}
    assert set(ext._ROUTES) == pairs
    svg = ext.phases_svg()
    assert svg.count('marker-end="url(#arrow)"') == len(pairs)
    for phase in uno.Phase:
        assert f">{phase.value}</text>" in svg
    assert not re.search(r"<script|href=|https?://(?!www\.w3\.org/2000/svg)", svg)
