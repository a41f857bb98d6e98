"""The consumers that encode the 56 classic cards refuse UNO Flip! with a clear message
instead of encoding it wrongly, as they refuse No Mercy: the observation vector of
``unorules/Uno-v1`` (version 2 encodes it) and the OpenSpiel game. The action tokens
now name UNO Flip!'s cards too."""

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


def test_fl_the_action_tokens_now_name_flip_and_no_mercy_cards() -> None:
    """Issue 26: the tokens cover both new games (tests/agents/test_encoding_new_profiles.py
    checks every legal action); a Flip card by its face in play, then its other face."""
    card = uno.Card.parse("R+1|P5")
    assert encoding.play_token(card) == encoding.play_token(uno.Card.parse("R+1"))
    assert encoding.play_token(card.other) == encoding.play_token(uno.Card.parse("P5"))  # type: ignore[arg-type]
    assert encoding.play_token(uno.Card.parse("RSE")) == 150
    assert encoding.play_token(uno.Card.parse("W+6"), uno.Color.RED) == 225
    with pytest.raises(ValueError, match="never a further card of a multi-card play"):
        encoding.also_token(uno.Card.parse("B2|O8"))
    assert encoding.play_token(uno.Card.parse("B+2")) == 52  # the classic tokens stay


def test_fl_the_openspiel_game_refuses_flip() -> None:
    pytest.importorskip("pyspiel")
    from unorules.agents import openspiel

    with pytest.raises(ValueError, match=f"the OpenSpiel game {WHY}"):
        openspiel.UnoGame({"players": 2, "rules": "mattel-flip"})
