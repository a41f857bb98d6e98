"""Decisions the Swedish and Danish sheets share (both silent where RULES.md §3 fills the
gap the same way): one test each, run under both profiles."""

from __future__ import annotations

import pytest
from conftest import hand, run

import unorules as uno

SHEETS = [pytest.param(uno.SWEDISH, id="swedish"), pytest.param(uno.DANISH, id="danish")]


@pytest.mark.parametrize("rules", SHEETS)
def test_e15_seeded_first_wild_is_returned(rules: uno.Rules) -> None:
    """E15 with seeded deals: a first W or WD4 is never the first card in play; it is back
    in the draw pile, and the next card has no effect: the player left of the dealer
    starts, clockwise (C5)."""
    seen = 0
    for seed in range(10_000):
        s = uno.new_game(4, rules, seed=seed)
        if len(s.turned) == 1:
            continue
        seen += 1
        assert all(c.is_wild for c in s.turned[:-1])
        assert not s.top_card.is_wild
        assert all(c in s.draw_pile for c in s.turned[:-1])
        assert s.draw_pile_size == 79
        assert (s.current_player, s.direction) == ((s.dealer + 1) % 4, 1)
        assert s.phase is uno.Phase.PLAY
        if seen == 5:
            break
    assert seen == 5


@pytest.mark.parametrize("rules", SHEETS)
def test_e79_going_out_on_a_skip_ends_the_round(rules: uno.Rules) -> None:
    """E79: "P0 goes out with a Skip → round ends normally (allowed)" (A11: both sheets are
    silent, so going out on an action card is allowed)."""
    s = uno.State.from_position("GS/Y1,G5/B1/R2 G4 green 0+ play *", rules=rules)
    s = run(s, uno.Play(0, "GS"))
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.round_winner == 0
    assert s.scores == (6 + 1 + 2, 0, 0, 0)


@pytest.mark.parametrize("rules", SHEETS)
def test_e79_going_out_on_a_draw_two_still_makes_the_next_player_draw(rules: uno.Rules) -> None:
    """E79: "going out with a Draw 2 → P1 +2, counted." (A11, as R11.3)"""
    s = uno.State.from_position("G+2/G5/B1/R2 *,G4 green 0+ play Y9,YS,B7", rules=rules)
    s = run(s, uno.Play(0, "G+2"))
    assert hand(s, 1) == "Y9 YS G5"
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.scores == (5 + 9 + 20 + 1 + 2, 0, 0, 0)
