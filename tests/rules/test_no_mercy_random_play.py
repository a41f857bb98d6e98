"""Random No Mercy play, checked at every step (the suite's small version of
``benchmarks/random_play.py``): the 168 cards are conserved with the set-aside hands, the
piles never run dry (OFFICIAL-GAMES.md §1.8 item 7), ``legal_actions`` is what ``apply``
accepts, and the JSON and position round trips are exact."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import random_play


@pytest.mark.parametrize(("players", "rounds"), [(2, 60), (4, 25), (6, 15)])
def test_nm_random_play_keeps_every_invariant(players: int, rounds: int) -> None:
    counts = random_play.run("mattel-no-mercy", players, rounds, seed=players)
    assert counts.failures == []
    assert counts.stuck == 0
    assert counts.rounds == rounds
    assert counts.min_drawable_margin is not None and counts.min_drawable_margin >= 0
    assert counts.knockouts > 0  # the Mercy rule came into play


def test_classic_random_play_keeps_every_invariant() -> None:
    counts = random_play.run("mattel", 3, 10, seed=3)
    assert counts.failures == [] and counts.stuck == 0
