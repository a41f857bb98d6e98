"""UNO Flip! random play (``mattel-flip``): seeded rounds at 2, 4 and 10 players, checked
by ``benchmarks/random_play.py`` (the one random-play checker, for every profile): the 112
cards conserved, every card showing the side in play and the color in force of that side,
``legal_actions`` equal to what ``apply`` accepts, the JSON form and the position notation
read back exactly."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import unorules as uno

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import random_play

ROUNDS = 60
EVERY = 50
"""Rounds per table size, and every how many steps the listing and round-trip checks run
(the cards and the side are checked at every step)."""


@pytest.mark.parametrize("players", [2, 4, 10])
def test_flip_random_play_keeps_every_invariant(players: int) -> None:
    counts = random_play.run("mattel-flip", players, ROUNDS, seed=players, every=EVERY)
    assert counts.failures == []
    assert counts.stuck == 0
    assert counts.rounds == ROUNDS
    assert counts.round_trips > ROUNDS and counts.probes > ROUNDS
    assert counts.dark_states > 0  # Flips were laid: the dark side came into play


def test_flip_random_pairing_random_play_keeps_every_invariant() -> None:
    """The random face pairing (FL-A1's option): a deck drawn per match, conserved."""
    rules = uno.MATTEL_FLIP.but(flip_pairing="random")
    counts = random_play.run(rules, 3, 10, seed=5, every=EVERY)
    assert counts.failures == [] and counts.stuck == 0
