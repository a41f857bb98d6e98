"""A state's counters at their bound (2**63 - 1): a state written there loads, and the
engine never takes a counter past it. The action that would is refused (``wrong_phase``,
the state unchanged), so every state :func:`unorules.apply` returns loads again: the
round number, the generator's draws and the sides' totals."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import unorules as uno

LAST = 2**63 - 1


def reload(state: uno.State) -> uno.State:
    return uno.State.from_json(state.to_json())


def load(d: dict[str, Any]) -> uno.State:
    return uno.State.from_json(json.dumps(d))


def round_over() -> dict[str, Any]:
    """A two-player state whose first round has just ended (seed 3, random moves)."""
    s = uno.new_game(2, seed=3)
    pick = random.Random(0)
    while s.phase is not uno.Phase.ROUND_OVER:
        s = uno.apply(s, pick.choice(uno.legal_actions(s)))
    return s.to_dict()


def refused(state: uno.State, action: uno.Action) -> str:
    before = state.to_json()
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(state, action)
    assert info.value.code is uno.ErrorCode.WRONG_PHASE
    assert not uno.is_legal(state, action)
    assert state.to_json() == before
    return str(info.value)


def test_next_round_below_the_last_round_number_reaches_it_and_the_state_loads() -> None:
    d = round_over()
    d["round"] = LAST - 1
    after = uno.apply(load(d), uno.NextRound())
    assert after.round == LAST
    assert reload(after) == after


def test_next_round_after_the_last_round_number_is_refused() -> None:
    d = round_over()
    d["round"] = LAST
    state = load(d)
    assert refused(state, uno.NextRound()) == (
        "cannot deal another round: the round number would pass 2**63 - 1, the most a state counts"
    )


def test_next_round_with_the_generator_one_draw_from_its_bound_deals_and_loads() -> None:
    d = round_over()
    d["rng_counter"] = LAST - 1  # the deal's shuffle is the last draw a state can count
    after = uno.apply(load(d), uno.NextRound())
    assert after.to_dict()["rng_counter"] == LAST
    assert reload(after) == after


def test_next_round_with_the_generator_at_its_bound_is_refused() -> None:
    d = round_over()
    d["rng_counter"] = LAST
    assert refused(load(d), uno.NextRound()) == (
        "cannot shuffle the cards: the generator's draws would pass 2**63 - 1, the most a"
        " state counts"
    )


def empty_draw_pile(counter: int) -> uno.State:
    """Player 0 to move with the draw pile spent: a draw turns the discard pile over,
    which takes a draw of the generator."""
    d = uno.new_game(2, seed=1).to_dict()
    assert d["current_player"] == 0 and d["phase"] == "play"
    d["discard_pile"] = d["draw_pile"] + d["discard_pile"]
    d["draw_pile"] = []
    d["rng_counter"] = counter
    return load(d)


def test_a_draw_that_rebuilds_the_pile_one_draw_from_the_bound_loads_again() -> None:
    after = uno.apply(empty_draw_pile(LAST - 1), uno.Draw(0))
    assert after.to_dict()["rng_counter"] == LAST
    assert after.draw_pile_size == 96 and len(after.discard_pile) == 1  # 97 turned over
    assert reload(after) == after


def test_a_draw_that_rebuilds_the_pile_at_the_bound_is_refused() -> None:
    state = empty_draw_pile(LAST)
    assert refused(state, uno.Draw(0)) == (
        "cannot shuffle the cards: the generator's draws would pass 2**63 - 1, the most a"
        " state counts"
    )
    # What needs no draw of the generator is still played.
    assert uno.Draw(0) in uno.legal_actions(state)
    assert uno.apply(state, uno.CallUno(0)).phase is uno.Phase.PLAY


def before_winning() -> tuple[dict[str, Any], uno.Action, int]:
    """The state before the play that ends a round, that play, and the points it scores."""
    s = uno.new_game(2, seed=3)
    pick = random.Random(0)
    while True:
        action = pick.choice(uno.legal_actions(s))
        after = uno.apply(s, action)
        if after.phase is not uno.Phase.PLAY and after.round_winner is not None:
            points = after.to_dict()["round_points"]
            return s.to_dict(), action, max(points)
        s = after


def test_a_round_that_brings_a_total_to_the_bound_is_scored_and_loads() -> None:
    d, action, points = before_winning()
    winner = action.player  # type: ignore[union-attr]
    d["totals"][winner] = LAST - points
    after = uno.apply(load(d), action)
    assert after.to_dict()["totals"][winner] == LAST
    assert after.phase is uno.Phase.GAME_OVER
    assert reload(after) == after


def test_a_round_that_takes_a_total_past_the_bound_is_refused() -> None:
    d, action, points = before_winning()
    d["totals"][action.player] = LAST - points + 1  # type: ignore[union-attr]
    assert refused(load(d), action) == (
        "cannot score the round this action ends: the total of a side would pass"
        " 2**63 - 1, the most a state counts"
    )


def holding_shuffle_hands(counter: int) -> uno.State:
    """Player 0 to move, holding a Wild Shuffle Hands (which deals with the generator)."""
    d = uno.new_game(2, seed=1).to_dict()
    at = d["draw_pile"].index("WS")
    d["draw_pile"][at], d["hands"][0][0] = d["hands"][0][0], "WS"
    d["rng_counter"] = counter
    return load(d)


def test_a_wild_shuffle_hands_one_draw_from_the_bound_deals_and_loads() -> None:
    after = uno.apply(holding_shuffle_hands(LAST - 1), uno.Play(0, "WS", "red"))
    assert after.to_dict()["rng_counter"] == LAST
    assert reload(after) == after


def test_a_wild_shuffle_hands_at_the_bound_is_refused() -> None:
    assert refused(holding_shuffle_hands(LAST), uno.Play(0, "WS", "red")) == (
        "cannot shuffle the cards: the generator's draws would pass 2**63 - 1, the most a"
        " state counts"
    )


def test_a_first_card_turned_back_at_the_bound_is_refused() -> None:
    d = round_over()
    # Seed 39's shuffle at draw 2**63 - 2 turns up a Wild Draw Four first (2 players, 7
    # cards each), which goes back into the pile at a random place: one draw too many.
    d["seed"] = 39
    d["rng_counter"] = LAST - 1
    assert refused(load(d), uno.NextRound()) == (
        "cannot turn up another first card: the generator's draws would pass 2**63 - 1, the"
        " most a state counts"
    )


def test_a_first_card_turned_back_as_the_last_draw_deals_and_loads() -> None:
    d = round_over()
    d["seed"] = 22  # at draw 2**63 - 3: a Wild Draw Four first, turned back once
    d["rng_counter"] = LAST - 2
    after = uno.apply(load(d), uno.NextRound())
    assert after.to_dict()["turned"] == ["W+4", "B5"]
    assert after.to_dict()["rng_counter"] == LAST
    assert reload(after) == after
