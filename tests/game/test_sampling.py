"""sample_state's ``offender_drew``: in a challenge phase after a catch, the Wild Draw
Four is judged on the hand it was laid from, not on the cards drawn since."""

from __future__ import annotations

import pytest

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
