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


def test_random_play_reports_an_action_apply_accepts_that_is_not_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The checker applies only the probes that are not listed (a listed one was applied
    with the listing); it still reports an action ``apply`` accepts that the listing
    leaves out."""
    listing = uno.legal_actions

    def without_draws(s: uno.State, *args: int) -> tuple[uno.Action, ...]:
        return tuple(a for a in listing(s, *args) if type(a) is not uno.Draw)

    monkeypatch.setattr(uno, "legal_actions", without_draws)  # what random_play calls
    counts = random_play.run("mattel-flip", 2, 1, seed=1, seconds=0)
    assert any(f.endswith("Draw(0) is accepted but not listed") for f in counts.failures)
    assert counts.rounds == 1


def test_random_play_stops_at_its_cpu_budget() -> None:
    """``seconds``: the run ends with the first round that ends after the budget."""
    counts = random_play.run("mattel-no-mercy", 2, 10_000, seed=1, every=50, seconds=0)
    assert counts.rounds == 1 and counts.failures == [] and not counts.interrupted


def test_random_play_with_plays_first_keeps_every_invariant_in_short_rounds() -> None:
    """``--play-first``: a player that can play picks among its plays, so a Flip round
    lasts tens of actions, not the thousand of a policy that draws as readily as it plays;
    the checks are the same."""
    anything = random_play.run("mattel-flip", 2, 5, seed=3, every=EVERY)
    plays_first = random_play.run("mattel-flip", 2, 5, seed=3, every=EVERY, play_first=True)
    assert plays_first.failures == [] and plays_first.stuck == 0
    assert plays_first.rounds == 5 and plays_first.dark_states > 0
    assert plays_first.steps * 4 < anything.steps
