"""The shipped bots play No Mercy sensibly (OFFICIAL-GAMES.md §1): whole matches run, the
heuristic bot answers a stack when it can, names a color it holds with a wild, swaps with
the player in play holding the fewest cards, and digs for the color it has seen least
of."""

from __future__ import annotations

import pytest
from conftest import cards

import unorules as uno
from unorules.agents import bots

NM = uno.get_profile("mattel-no-mercy")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_nm_random_and_heuristic_bots_play_whole_matches(players: int) -> None:
    seats = [bots.RandomBot(s) if s % 2 else bots.HeuristicBot(s) for s in range(players)]
    start = uno.new_game(players, NM, seed=players)
    *_, (_, last) = bots.play(start, seats, max_actions=200_000)
    assert last.phase is uno.Phase.GAME_OVER


def test_nm_monte_carlo_bot_plays_a_round() -> None:
    seats: list[bots.Bot] = [
        bots.MonteCarloBot(2, playouts=1, seed=0),
        bots.RandomBot(1),
        bots.RandomBot(2),
    ]
    start = uno.new_game(3, NM, seed=3)
    *_, (_, last) = bots.play(start, seats, rounds=1, max_actions=20_000)
    assert last.is_over


def _deal(*hands: str, turned: str = "R5") -> uno.State:
    rules = NM.but(hand_size=len(hands[0].split()))
    return uno.new_game(
        len(hands),
        rules,
        seed=1,
        deal=uno.Deal(len(hands) - 1, [cards(h) for h in hands], cards(turned)),
    )


def test_nm_heuristic_bot_answers_a_stack_when_it_can() -> None:
    s = uno.apply(_deal("R+2 R1 R3", "G+4 G1 G2", "B1 B2 B3"), uno.Play(0, "R+2"))
    assert bots.HeuristicBot(0).act(s, 1) == uno.Play(1, "G+4")


def test_nm_heuristic_bot_names_a_color_it_holds() -> None:
    s = _deal("W+6 B1 B2 G3", "G1 G2 G4 G6", "Y1 Y2 Y3 Y4", turned="Y5")
    action = bots.HeuristicBot(0).act(s, 0)
    assert isinstance(action, uno.Play) and action.color is uno.Color.BLUE


def test_nm_heuristic_bot_swaps_with_the_fewest_cards() -> None:
    s = _deal("R7 B1 B2 B3", "G1 G2 G3 G4", "Y1 Y2 Y3 Y4")
    d = s.to_dict()  # P2 down to two cards
    d["hands"][2] = d["hands"][2][:2]
    d["draw_pile"] += ["Y3", "Y4"]
    s = uno.State.from_dict(d)
    action = bots.HeuristicBot(0).act(s, 0)
    assert action == uno.Play(0, "R7", target=2)


def test_nm_heuristic_bot_digs_for_the_color_it_has_seen_least_of() -> None:
    s = uno.apply(_deal("WCR R1", "R2 R3", "B1 B2"), uno.Play(0, "WCR", uno=True))
    action = bots.HeuristicBot(0).act(s, 1)
    assert isinstance(action, uno.ChooseColor) and action.color is not uno.Color.RED


def test_nm_the_v1_observation_vector_refuses_no_mercy_clearly() -> None:
    """The vector of ``unorules/Uno-v1`` encodes the 56 classic cards and phases; a No
    Mercy view is refused with a message, not encoded wrongly (its own version is to
    come), and the classic vector keeps its size."""
    from unorules.agents import observation

    view = uno.observe(uno.new_game(2, NM, seed=1), 0)
    with pytest.raises(ValueError, match="56 classic cards"):
        observation.encode(view)
    assert observation.SIZE == 1576
