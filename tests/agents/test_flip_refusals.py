"""The consumers that encode the 56 classic cards refuse UNO Flip! with a clear message
instead of encoding it wrongly, as they refuse No Mercy: the observation vector of
``unorules/Uno-v1``, the action tokens, the OpenSpiel game."""

from __future__ import annotations

import pytest

import unorules as uno
from unorules.agents import encoding, observation

FLIP = uno.MATTEL_FLIP
WHY = "encodes the 56 classic cards; these rules' deck holds UNO Flip!'s double-sided cards"


def test_fl_the_v1_observation_vector_refuses_a_flip_view() -> None:
    view = uno.observe(uno.new_game(2, FLIP, seed=1), 0)
    with pytest.raises(ValueError, match=f"the observation vector {WHY}"):
        observation.encode(view)
    with pytest.raises(ValueError, match=f"the observation vector {WHY}"):
        observation.ObservationEncoder(2, FLIP)
    assert observation.SIZE == 1576  # the classic vector keeps its size


def test_fl_the_action_tokens_refuse_flip_and_no_mercy_cards() -> None:
    for code in ("R+1|P5", "RSE", "W+6"):
        with pytest.raises(ValueError, match="the tokens encode the 56 classic cards"):
            encoding.play_token(uno.Card.parse(code), None)
    with pytest.raises(ValueError, match="the tokens encode the 56 classic cards"):
        encoding.also_token(uno.Card.parse("B2|O8"))
    assert encoding.play_token(uno.Card.parse("B+2")) == 52  # the classic tokens stay


def test_fl_the_openspiel_game_refuses_flip() -> None:
    pytest.importorskip("pyspiel")
    from unorules.agents import openspiel

    with pytest.raises(ValueError, match=f"the OpenSpiel game {WHY}"):
        openspiel.UnoGame({"players": 2, "rules": "mattel-flip"})
