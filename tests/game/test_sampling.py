"""sample_state's ``offender_drew``: in a challenge phase after a catch, the Wild Draw
Four is judged on the hand it was laid from, not on the cards drawn since.

And its promise both ways: every view of a real game comes back from the state it samples
(``observe(sample_state(v, seed=s), v.player) == v``), and a view that contradicts itself
(legal actions its rules do not give, fields by seat that do not agree) is a ValueError
naming the field, never a state whose view differs (issue 29, item 10)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_position import random_play, tables

import unorules as uno


def test_offender_drew_judges_the_hand_without_the_cards_drawn() -> None:
    rules = uno.MATTEL.but(hand_size=2)
    s = uno.State.from_position("W+4,G5/G2,G3 *,R7 red 0+ play - known=1:0:G5", rules=rules)
    s = uno.apply(uno.apply(s, uno.Play(0, "W+4", "blue")), uno.CatchUno(1, 0))
    view = uno.observe(s, 1)
    for k in range(40):
        guess = uno.sample_state(view, seed=k, offender_drew=2)
        assert uno.observe(guess, 0).challenge_bluff is False
        assert uno.observe(guess, 1) == view
    # Nothing known: the bluff is judged on one of the three cards, so it is as likely as
    # one unseen card being red (24 of 108), not as one of three (about 0.53).
    s = uno.State.from_position("W+4,G5/G2,G3 *,R7 red 0+ play -", rules=rules)
    s = uno.apply(uno.apply(s, uno.Play(0, "W+4", "blue")), uno.CatchUno(1, 0))
    view = uno.observe(s, 1)
    runs, guilty = 300, 0
    for k in range(runs):
        guess = uno.sample_state(view, seed=k, offender_drew=2)
        bluff = uno.observe(guess, 0).challenge_bluff
        reds = sum(c.color is uno.Color.RED for c in guess.hands[0])
        assert bluff is (True if reds == 3 else False if reds == 0 else bluff)
        guilty += bool(bluff)
    p = 24 / 108
    assert abs(guilty - runs * p) < 4 * (runs * p * (1 - p)) ** 0.5


def test_offender_drew_is_refused_where_it_means_nothing() -> None:
    view = uno.observe(uno.new_game(2, seed=1), 0)
    with pytest.raises(ValueError, match="offender_drew counts the cards"):
        uno.sample_state(view, seed=1, offender_drew=1)
    with pytest.raises(ValueError, match="offender_drew is a count of cards"):
        uno.sample_state(view, seed=1, offender_drew=-1)
    rules = uno.MATTEL.but(hand_size=2)
    s = uno.State.from_position("W+4,G5/G2,G3 *,R7 red 0+ play -", rules=rules)
    s = uno.apply(uno.apply(s, uno.Play(0, "W+4", "blue")), uno.CatchUno(1, 0))
    with pytest.raises(ValueError, match="offender_drew is 4, but player 0 hides only 3"):
        uno.sample_state(uno.observe(s, 1), seed=1, offender_drew=4)
    with pytest.raises(ValueError, match="offender_drew counts the cards"):
        uno.sample_state(uno.observe(s, 0), seed=1, offender_drew=2)  # the offender's own


# == a view that contradicts itself ==========================================================


def _mid_game_view() -> uno.View:
    """Player 0's view on its turn in a 4-player game, with a card it may lay."""
    state = uno.State.from_position("R2,G5,B9/B1,Y9/G7,Y1/R9,B3 *,R7 red 0+ play -")
    view = uno.observe(state, 0)
    assert uno.Play(0, "R2") in view.legal_actions and uno.Draw(0) in view.legal_actions
    return view


def test_a_view_with_its_legal_actions_emptied_is_refused_naming_legal_actions() -> None:
    view = attrs.evolve(_mid_game_view(), legal_actions=())
    with pytest.raises(ValueError, match=r"^not a view of a real game: its legal_actions is \(\)"):
        uno.sample_state(view, seed=1)


def test_a_view_with_a_rule_flipped_is_refused_naming_what_the_rule_changes() -> None:
    # Without voluntary_draw, a player holding a card it may lay may not draw: the view
    # lists Draw(0), so its rules are not the game's.
    view = _mid_game_view()
    flipped = attrs.evolve(view, rules=view.rules.but(voluntary_draw=False))
    with pytest.raises(ValueError, match=r"its legal_actions is .*Draw\(0\).* make it"):
        uno.sample_state(flipped, seed=1)


def test_a_view_whose_top_card_is_not_its_discard_piles_is_refused() -> None:
    view = attrs.evolve(_mid_game_view(), top_card=uno.Card.parse("G7"))
    with pytest.raises(
        ValueError, match=r"its top_card is Card.parse\('G7'\), but .* Card.parse\('R7'\)$"
    ):
        uno.sample_state(view, seed=1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"names": ("a", "b", "c")}, "names has 3 entries, but hand_sizes has 4"),
        ({"known": ((), ())}, "known has 2 entries, but hand_sizes has 4"),
        ({"scores": (0,) * 5}, "scores has 5 entries, but hand_sizes has 4"),
        ({"round_points": (0, 0)}, "round_points has 2 entries, but hand_sizes has 4"),
        ({"current_player": 4}, "current_player is 4, not one of its 4 seats"),
        ({"player": -1}, "player is -1, not one of its 4 seats"),
    ],
)
def test_a_view_whose_fields_by_seat_disagree_is_a_value_error(
    change: dict[str, Any], message: str
) -> None:
    view = attrs.evolve(_mid_game_view(), **change)
    with pytest.raises(ValueError, match=f"^not a view of a real game: {message}"):
        uno.sample_state(view, seed=1)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), steps=st.integers(0, 200), seed=st.integers(0, 2**64 - 1))
def test_every_view_of_a_real_game_round_trips_through_sample_state(
    table: tuple[uno.Rules, int, int], steps: int, seed: int
) -> None:
    """Under every profile and random house rules, at every state of a random game (each
    seat's view in turn): the sampled state's view is the view sampled."""
    rules, players, game_seed = table
    states = random_play(uno.new_game(players, rules, seed=game_seed), random.Random(seed), steps)
    for i, state in enumerate(states):
        view = uno.observe(state, (seed + i) % players)
        assert uno.observe(uno.sample_state(view, seed=(seed + i) % 2**64), view.player) == view
