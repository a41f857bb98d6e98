"""What a No Mercy player sees (OFFICIAL-GAMES.md §1.8): the knocked-out seats and the
count of the set-aside cards are public, the set-aside cards themselves are not (the hand
is set aside as it was held, unseen); ``sample_state`` deals unseen cards to them, and
``observe(sample_state(v), p) == v``."""

from __future__ import annotations

import random
from collections import Counter

import unorules as uno
from unorules.view import view_from_json, view_to_json


def _knocked_state() -> uno.State:
    """A 3-player No Mercy round in which some seat has been knocked out."""
    rng = random.Random(5)
    for seed in range(50):
        s = uno.new_game(3, "mattel-no-mercy", seed=seed)
        while not s.is_over:
            legal = uno.legal_actions(s)
            s = uno.apply(s, legal[rng.randrange(len(legal))])
            if s.knocked_out and not s.is_over:
                return s
    raise AssertionError("no knockout in 50 rounds")


def test_nm_1_8_the_view_shows_knockouts_and_the_set_aside_count_only() -> None:
    s = _knocked_state()
    for p in range(3):
        v = uno.observe(s, p)
        assert v.knocked_out == s.knocked_out
        assert v.set_aside_size == len(s.set_aside) >= 25
        assert view_from_json(view_to_json(v)) == v
        assert "set_aside_size" in view_to_json(v)


def test_nm_1_8_twin_states_that_differ_in_the_set_aside_cards_look_the_same() -> None:
    s = _knocked_state()
    d = s.to_dict()
    aside, pile = list(d["set_aside"]), list(d["draw_pile"])
    k = next(i for i, c in enumerate(pile) if c not in aside)
    aside[0], pile[k] = pile[k], aside[0]
    twin = uno.State.from_dict(dict(d, set_aside=aside, draw_pile=pile))
    assert twin != s
    for p in range(3):
        assert uno.observe(twin, p) == uno.observe(s, p)


def test_nm_sample_state_agrees_with_every_view_of_random_play() -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(6):
        s = uno.new_game(2 + seed % 4, "mattel-no-mercy", seed=seed)
        for step in range(150):
            if s.is_over:
                break
            for p in range(s.players):
                v = uno.observe(s, p)
                t = uno.sample_state(v, seed=step)
                assert uno.observe(t, p) == v
                assert Counter(t.set_aside) + Counter(t.draw_pile) + Counter(
                    c for q in range(t.players) if q != p for c in t.hands[q]
                ) == Counter(s.set_aside) + Counter(s.draw_pile) + Counter(
                    c for q in range(s.players) if q != p for c in s.hands[q]
                )
                checked += 1
            legal = uno.legal_actions(s)
            s = uno.apply(s, legal[rng.randrange(len(legal))])
    assert checked > 500


def test_classic_views_write_no_no_mercy_keys() -> None:
    v = uno.observe(uno.new_game(2, seed=1), 0)
    assert "knocked_out" not in view_to_json(v) and "set_aside_size" not in view_to_json(v)
    assert view_from_json(view_to_json(v)) == v
