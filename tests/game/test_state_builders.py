"""The builders of a state: :func:`unorules.state.build_state`, the typed builder that the
position notation, sampling and ``State.from_dict`` build through, and
:func:`unorules.sampling.consistent_state`, the one builder of a state consistent with a
view (a random arrangement for :func:`unorules.sample_state`, a fixed one for the trust
boundary)."""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import unorules as uno
from unorules import host
from unorules.sampling import consistent_state
from unorules.state import build_state

C = uno.Card.parse

MIXES: tuple[uno.Rules, ...] = (
    uno.MATTEL,
    uno.DANISH.but(seven_o=True),
    uno.SWEDISH.but(stacking=uno.Stacking.MIXED, skip_bounce=True),
    uno.MATTEL_108.but(jump_in=True, round_turn_limit=60, next_may_answer_symbol=False),
    uno.MATTEL.but(teams=2, target=80, multi_play=uno.MultiPlay.SAME_VALUE),
    uno.MATTEL.but(scoring=uno.Scoring.ELIMINATION, target=60, draw_until_playable=True),
)


def _played(rules: uno.Rules, players: int, seed: int, limit: int) -> Iterator[uno.State]:
    """The states of a seeded game of random legal actions, anyone's now and then (so that
    catches, calls and Jump-Ins happen too)."""
    pick = random.Random(seed)
    state = uno.new_game(players, rules, seed=seed)
    yield state
    for _ in range(limit):
        legal = uno.legal_actions(state)
        if not legal:
            return
        plays = [a for a in legal if isinstance(a, uno.Play)]
        if plays and pick.random() < 0.7:
            legal = tuple(plays)
        state = uno.apply(state, pick.choice(legal))
        yield state


def _states(every: int) -> Iterator[uno.State]:
    """Every ``every``-th state of a game under each rule mix."""
    for i, rules in enumerate(MIXES):
        players = 4 if rules.teams else 3
        for k, state in enumerate(_played(rules, players, seed=40 + i, limit=400)):
            if k % every == 0:
                yield state


def _fields(s: uno.State) -> dict[str, Any]:
    """``s`` as the keywords of :func:`build_state`."""
    d = s.to_dict()
    ch = d["challenge"]
    return {
        "rules": s.rules,
        "names": s.names,
        "hands": s.hands,
        "discard_pile": s.discard_pile,
        "draw_pile": s.draw_pile,
        "color": s.color,
        "current_player": s.current_player,
        "dealer": s.dealer,
        "phase": s.phase,
        "direction": s.direction,
        "seed": s.seed,
        "round": s.round,
        "totals": d["totals"],
        "eliminated": s.eliminated,
        "turned": s.turned,
        "round_winner": s.round_winner,
        "round_points": d["round_points"],
        "winner": s.winner,
        "draw_pile_order_fixed": d["draw_pile_order_fixed"],
        "rng_counter": d["rng_counter"],
        "pending_draw": s.pending_draw,
        "challenge": None
        if ch is None
        else (ch["offender"], ch["guilty"], uno.Color(ch["previous_color"])),
        "drawn_card": s.drawn_card,
        "uno_open": d["uno_open"],
        "uno_overdue": d["uno_overdue"],
        "lost_turns": d["lost_turns"],
        "answer_lock": None if d["answer_lock"] < 0 else d["answer_lock"],
        "idle_turns": d["idle_turns"],
        "turn_actions": s.turn_actions,
        "known": [(k["seat"], k["of"], [C(c) for c in k["cards"]]) for k in d.get("known", ())],
    }


def _small() -> dict[str, Any]:
    """The keywords of a small two-player state: R1 G2 / B9, R5 on the pile, red."""
    pile = list(uno.MATTEL.deck())
    for card in ("R1", "G2", "B9", "R5"):
        pile.remove(C(card))
    return {
        "rules": uno.MATTEL,
        "names": ["Ann", "Bo"],
        "hands": [[C("R1"), C("G2")], [C("B9")]],
        "discard_pile": [C("R5")],
        "draw_pile": pile,
        "color": uno.Color.RED,
        "current_player": 0,
        "dealer": 1,
    }


def _refused(path: str, **changes: Any) -> str:
    with pytest.raises(ValueError) as info:
        build_state(**{**_small(), **changes})
    message = str(info.value)
    assert message.startswith(f"not a unorules state: at {path}: "), message
    return message


# == build_state ===============================================================================


def test_build_state_makes_every_reachable_state_again() -> None:
    phases = set()
    for s in _states(every=3):
        built = build_state(**_fields(s))
        assert built == s
        assert built.to_json() == s.to_json()
        phases.add(s.phase)
    assert phases >= {uno.Phase.PLAY, uno.Phase.DRAWN, uno.Phase.CHALLENGE, uno.Phase.ROUND_OVER}


def test_build_state_is_what_the_position_notation_builds() -> None:
    s = build_state(**_small())
    assert s == uno.State.from_position("R1,G2/B9 R5 red 0+ play * names=Ann,Bo turned=-")
    shuffled = build_state(**{**_small(), "hands": [[C("G2"), C("R1")], [C("B9")]]})
    assert shuffled == s  # a hand is kept in card order


def test_build_state_refuses_wrong_card_counts() -> None:
    message = _refused("$.hands[0][2]", hands=[[C("R1")] * 3, [C("B9")]])
    assert message.endswith("a third R1: the deck holds 2")
    message = _refused("$", draw_pile=_small()["draw_pile"][1:])
    assert "are not the deck: missing" in message
    _refused("$.hands", hands=[[C("R1"), C("G2")], [C("B9")], []])  # 3 hands, 2 names


def test_build_state_refuses_fields_that_disagree_with_the_phase() -> None:
    assert "drawn card" in _refused("$.drawn_card", drawn_card=C("R1"))
    _refused("$.challenge", challenge=(1, True, uno.Color.BLUE))
    _refused("$.uno_open[0]", uno_open=[0])  # seat 0 holds two cards
    _refused("$.color", color=uno.Color.BLUE)  # the top card is red
    _refused("$.current_player", current_player=2)
    _refused("$.turn_actions", turn_actions=3)  # counted only under round_turn_limit
    _refused("$.known[0].cards[0]", known=[(1, 0, [C("B9")])])
    _refused("$.winner", winner=0)  # a winner only in phase game_over


def test_build_state_refuses_values_of_the_wrong_type() -> None:
    with pytest.raises(TypeError, match=re.escape("hands[0] holds cards")):
        build_state(**{**_small(), "hands": [["R1", "G2"], [C("B9")]]})
    with pytest.raises(TypeError, match=re.escape("color is a unorules.Color")):
        build_state(**{**_small(), "color": "red"})
    with pytest.raises(TypeError, match=re.escape("phase is a unorules.Phase")):
        build_state(**{**_small(), "phase": "play"})
    with pytest.raises(TypeError, match="names is a sequence"):
        build_state(**{**_small(), "names": "AB"})
    with pytest.raises(TypeError, match=re.escape("rules is a unorules.Rules")):
        build_state(**{**_small(), "rules": "mattel"})
    with pytest.raises(TypeError, match="challenge is"):
        build_state(**{**_small(), "challenge": (1, True)})
    with pytest.raises(TypeError, match="a known entry is"):
        build_state(**{**_small(), "known": [(1, 0)]})
    with pytest.raises(TypeError, match="turn_actions is an int"):
        build_state(**{**_small(), "turn_actions": False})


def test_build_state_s_keywords_are_the_keys_of_the_json_form() -> None:
    """The keywords are named as the keys of ``State.to_dict`` (its errors name them by
    their JSON path), but the two that follow from the others."""
    s = uno.State.from_position(
        "R1,G2/B9 R5 red 0+ play * known=1:0:R1", rules=uno.MATTEL.but(round_turn_limit=50)
    )
    keys = set(s.to_dict())
    # "side" is written for a UNO Flip! game only (OFFICIAL-GAMES §2.6).
    assert "side" not in keys
    assert "side" in uno.new_game(2, "mattel-flip", seed=1).to_dict()
    # knocked_out and set_aside are written under the Mercy rule only (No Mercy)
    keys |= set(uno.new_game(2, "mattel-no-mercy", seed=1).to_dict())
    assert set(inspect.signature(build_state).parameters) == (keys | {"side"}) - {
        "format",
        "sides",
    }


# == consistent_state ==========================================================================


def test_both_arrangements_look_the_same_to_their_player() -> None:
    """Over games under every rule mix, each seat's view is the view of the state dealt
    from it at random (``sample_state``) and in the fixed arrangement; the fixed one is a
    function of the view alone, and the host's blindfolded copy is that state."""
    count = 0
    for i, s in enumerate(_states(every=7)):
        for p in range(s.players):
            view = uno.observe(s, p)
            guess = uno.sample_state(view, seed=i)
            assert uno.observe(guess, p) == view
            fixed = consistent_state(view, seed=None)
            assert uno.observe(fixed, p) == view
            assert consistent_state(uno.observe(guess, p), seed=None) == fixed
            assert fixed.seed == 0
            count += 1
        seat = i % s.players
        assert host._blindfolded(s, seat) == consistent_state(uno.observe(s, seat), seed=None)
    assert count > 300


def test_the_fixed_drawn_card_is_the_first_that_may_be_laid() -> None:
    """P2 is locked out of answering the blue Reverse with a Reverse (C6) and has drawn
    B7: in P1's fixed arrangement its drawn card is the first unseen card it could lay,
    B0, not the Reverses that come before it in card order."""
    rules = uno.MATTEL.but(next_may_answer_symbol=False)
    s = uno.State.from_position("BR,B1/Y1,Y2/G1,G2 B5 blue 0+ play B7,*", rules=rules)
    s = uno.apply(uno.apply(s, uno.Play(0, "BR")), uno.Draw(2))
    assert (s.phase, s.drawn_card) == (uno.Phase.DRAWN, C("B7"))
    view = uno.observe(s, 1)
    fixed = consistent_state(view, seed=None)
    assert fixed.drawn_card == C("B0")
    assert uno.Play(2, "B0") in uno.legal_actions(fixed)
    assert uno.observe(fixed, 1) == view


def test_held_cards_and_a_drawn_card_are_dealt_where_they_are_said_to_be() -> None:
    s = uno.State.from_position("R1,G2/B2,B3 R5 red 0+ play R9,*")
    s = uno.apply(s, uno.Draw(0))  # P0 draws R9 and may lay it
    view = uno.observe(s, 1)
    for seed in (None, 3):
        built = consistent_state(view, seed=seed, held=[[C("R9")], []], drawn_card=C("R9"))
        assert built.drawn_card == C("R9") and C("R9") in built.hands[0]
        assert uno.observe(built, 1) == view  # held cards are not known cards
    with pytest.raises(ValueError, match="drawn_card R9 is not among the cards player 0"):
        consistent_state(view, seed=1, drawn_card=C("R9"))
    with pytest.raises(ValueError, match="in their drawn phase"):
        consistent_state(uno.observe(s, 0), seed=1, drawn_card=C("R9"))
    with pytest.raises(ValueError, match="held names cards of other seats"):
        consistent_state(view, seed=1, held=[[], [C("R9")]])
    with pytest.raises(ValueError, match=re.escape("held lists cards by seat: 2 seats, not 1")):
        consistent_state(view, seed=1, held=[[C("R9")]])
    with pytest.raises(ValueError, match="a seed is an integer"):
        consistent_state(view, seed=-1)
    with pytest.raises(TypeError, match="needs a View"):
        consistent_state(s, seed=None)  # type: ignore[arg-type]
