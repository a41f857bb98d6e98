"""UNO Flip! random play (``mattel-flip``): seeded rounds at 2, 4 and 10 players, checked
as ``benchmarks/_flip_checks.py`` checks them: the 112 cards conserved, every card showing
the side in play, ``legal_actions`` equal to what ``apply`` accepts, the JSON form and
the position notation read back exactly."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROUNDS = 200
EVERY = 150
"""Rounds per table size, and every how many steps the full checks run (a round of random
play takes about 900 steps; the checks cost as much as a few hundred steps each)."""


def _checks() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "_flip_checks.py"
    spec = importlib.util.spec_from_file_location("_flip_checks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [2, 4, 10])
def test_flip_random_play_keeps_every_invariant(players: int) -> None:
    steps, checked, problems = _checks().play_rounds(players, ROUNDS, seed=players, every=EVERY)
    assert problems == []
    assert steps > ROUNDS * 100 and checked > ROUNDS
