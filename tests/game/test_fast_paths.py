"""The engine's fast paths are taken in plain play, and agree with the general rules.

``apply`` and ``legal_actions`` handle the common moves (a plain play or draw, taking a
Wild Draw Four, listing a normal turn) on a short path and leave everything else to the
general code. ``tests/game/test_properties.py`` compares the two on every step of random games
under every profile and house rule; this file checks that the comparison is not vacuous
(the fast paths really run) and pins the cases at their edges.
"""

from __future__ import annotations

import random

import attrs
import pytest
from test_properties import (
    assert_calm_is_derived,
    assert_fast_path_agrees,
    assert_legal_fast_path_agrees,
)

import unorules as uno
from unorules._engine import fast
from unorules._engine.listing import legal_general


def _bench_policy_game(
    players: int, seed: int, rules: uno.Rules = uno.MATTEL
) -> list[tuple[uno.State, uno.Action]]:
    """One round (under mattel) with a random player who always calls UNO."""
    rng = random.Random(seed)
    state = uno.new_game(players, rules, seed=seed)
    steps: list[tuple[uno.State, uno.Action]] = []
    while not state.is_over:
        player = state.current_player
        assert player is not None
        legal = [a for a in uno.legal_actions(state, player) if not isinstance(a, uno.CallUno)]
        calls = [a for a in legal if getattr(a, "uno", False)]
        action = rng.choice(calls or legal)
        steps.append((state, action))
        state = uno.apply(state, action)
    return steps


def test_fast_paths_are_taken_in_plain_play_and_agree() -> None:
    taken = total = 0
    for seed in range(40):
        for state, action in _bench_policy_game(2 + seed % 3, seed):
            assert_calm_is_derived(state)
            assert_legal_fast_path_agrees(state)
            assert_fast_path_agrees(state, action)
            total += 1
            if isinstance(action, uno.Play):
                taken += fast.fast_play(state, action) is not None
            elif isinstance(action, uno.Draw):
                taken += fast.fast_draw(state, action) is not None
    assert taken > total * 0.7, f"fast paths took only {taken} of {total} actions"


STEP_BUDGET = 20_000
"""Steps checked per set of rules: above what 30 seeds give under any of them but
``draw_until_playable`` (18,442 at most)."""


@pytest.mark.parametrize(
    "rules",
    [
        uno.get_profile("swedish"),  # a plain Wild only without the color in force (§2.4)
        uno.MATTEL.but(wild_restriction=uno.WildRestriction.NO_OTHER_PLAYABLE),  # A17
        uno.MATTEL.but(stacking=uno.Stacking.SAME_TYPE),  # A18
        uno.MATTEL.but(stacking=uno.Stacking.MIXED, skip_bounce=True),  # A18, C16
        uno.MATTEL.but(round_turn_limit=25),  # C2, C15
        uno.MATTEL.but(seven_o=True),  # A18
        uno.MATTEL.but(jump_in=True),  # A18
        uno.MATTEL.but(draw_until_playable=True),  # A18
        uno.MATTEL.but(no_finish_on_action=True),  # A18
        uno.MATTEL.but(multi_play=uno.MultiPlay.SAME_VALUE),  # A18
    ],
    ids=[
        "swedish",
        "no_other_playable",
        "stacking",
        "mixed_stacking",
        "turn_limit",
        "seven_o",
        "jump_in",
        "draw_until_playable",
        "no_finish_on_action",
        "multi_play",
    ],
)
def test_house_rules_take_the_fast_paths(
    rules: uno.Rules,
) -> None:
    """Every option is honoured by the fast paths (its declaration says so): the plain
    moves of games under it are resolved there, with the general route's result, and the
    listing of a calm state is the general listing. Wild plays under a restriction, the wilds a
    restriction keeps out of the listing, and a Wild Draw Four facing one under stacking
    must all have come up. The games of 30 seeds are played, or as many as reach
    ``STEP_BUDGET`` steps (only under ``draw_until_playable``, whose random rounds run to
    thousands of actions: ten times the steps of the next longest)."""
    taken = total = wilds = held_back = stacked_on = 0
    for seed in range(30):
        if total >= STEP_BUDGET:
            break
        for state, action in _bench_policy_game(2 + seed % 3, seed, rules):
            assert_calm_is_derived(state)
            assert_legal_fast_path_agrees(state)
            assert_fast_path_agrees(state, action)
            total += 1
            if isinstance(action, uno.Play):
                done = fast.fast_play(state, action)
                taken += done is not None
                wilds += done is not None and action.card.rank is uno.Rank.WILD
            elif isinstance(action, uno.Draw):
                taken += fast.fast_draw(state, action) is not None
            p = state.current_player
            if state.phase is uno.Phase.PLAY and p is not None and rules.wild_restriction:
                held = {c for c in state.hands[p] if c.rank is uno.Rank.WILD}
                listed = {a.card for a in uno.legal_actions(state, p) if isinstance(a, uno.Play)}
                held_back += bool(held - listed)
            if state.phase is uno.Phase.CHALLENGE and any(
                isinstance(a, uno.Play) for a in uno.legal_actions(state, state.current_player)
            ):
                stacked_on += 1
    assert taken > total * 0.6, f"fast paths took only {taken} of {total} actions"
    if rules.wild_restriction is not uno.WildRestriction.NONE:
        assert wilds and held_back, (wilds, held_back)
    if rules.stacking is not uno.Stacking.NONE:
        assert stacked_on


def _two_card_deal(hand: list[str], turned: str = "R7") -> uno.State:
    rules = attrs.evolve(uno.MATTEL, hand_size=len(hand))
    other = ["B1", "B2", "B3", "B4", "B5", "B6", "B8"][: len(hand)]
    return uno.new_game(2, rules, deal=uno.Deal(dealer=1, hands=[hand, other], turned=[turned]))


def test_a_play_to_one_card_with_uno_called_stays_calm() -> None:
    state = _two_card_deal(["R2", "G5"])
    after = uno.apply(state, uno.Play(0, "R2", uno=True))
    assert fast.fast_play(state, uno.Play(0, "R2", uno=True)) is not None
    assert after.uno_exposed == () and after._calm
    assert_fast_path_agrees(state, uno.Play(0, "R2", uno=True))


def test_a_play_to_one_card_without_uno_opens_the_window_on_the_fast_route_too() -> None:
    """The fast route resolves with the same rule functions: the UNO window opens (C7)."""
    state = _two_card_deal(["R2", "G5"])
    after = fast.fast_play(state, uno.Play(0, "R2"))
    assert after is not None and after == uno.apply(state, uno.Play(0, "R2"))
    assert after.uno_exposed == (0,) and not after._calm
    assert_fast_path_agrees(state, uno.Play(0, "R2"))


def test_taking_a_wild_draw_four_unchallenged_is_a_fast_draw() -> None:
    state = _two_card_deal(["W+4", "G5", "G6"], turned="R7")
    state = uno.apply(state, uno.Play(0, "W+4", "blue"))
    assert state.phase is uno.Phase.CHALLENGE
    assert fast.fast_draw(state, uno.Draw(1)) is not None
    assert_fast_path_agrees(state, uno.Draw(1))
    after = uno.apply(state, uno.Draw(1))
    assert len(after.hands[1]) == 3 + 4
    assert (after.current_player, after.phase, after.color) == (0, uno.Phase.PLAY, uno.Color.BLUE)


def test_cards_compare_by_identity_in_c() -> None:
    """Card defines no rich comparison, so ``==``, ``in`` and ``tuple.index`` on cards
    stay in C (a Python ``__lt__`` alone would route them all through a slow slot)."""
    comparisons = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__"}
    assert not comparisons & set(vars(uno.Card))
    r7 = uno.Card.parse("R7")
    assert r7 == uno.Card.parse("red 7") and r7 != uno.Card.parse("B7")
    assert len({r7, uno.Card.parse("R7")}) == 1


def test_a_drawn_wild_that_a_penalty_card_restricts_is_not_listed() -> None:
    """A6/A17 with C16: after drawing a Wild it may lay, the player makes a false UNO
    call; the penalty card (a matching R2) now forbids the Wild under
    ``no_other_playable``. The state stays calm, and the fast listing must agree with the
    general one: only Pass and the call (found by review)."""
    rules = uno.MATTEL.but(
        hand_size=2, wild_restriction=uno.WildRestriction.NO_OTHER_PLAYABLE, false_uno_penalty=1
    )
    deal = uno.Deal(dealer=1, hands=[["G4", "B6"], ["B1", "B7"]], turned=["R7"])
    s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Draw(0, drawn=["W"]))
    s = uno.apply(s, uno.CallUno(0, drawn=["R2"]))  # a false call: it draws R2
    assert s.phase is uno.Phase.DRAWN and s._calm
    assert uno.legal_actions(s, 0) == (uno.Pass(0), uno.CallUno(0))
    assert uno.legal_actions(s) == legal_general(s, None)
    assert not uno.is_legal(s, uno.Play(0, "W", "red"))
