"""Observation version 2 (issue 26: "the token codec and observation, a new environment
version where the vector changes"): one layout for every profile, No Mercy and UNO Flip!
included, every entry in [0, 1] in a ``Box(0, 1)``; ``unorules/Uno-v2`` and
``unorules_uno_v2`` pass Gymnasium's and PettingZoo's checkers under both new profiles;
the vector carries the side in play and the other faces the table sees (FL-A13) and
leaks nothing else; versions 1 and 0 stay byte for byte."""

from __future__ import annotations

import copy
import hashlib
import random
import re
import warnings
from pathlib import Path

import attrs
import gymnasium
import numpy as np
import numpy.typing as npt
import pytest
from conftest import cards
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import unorules as uno
import unorules.agents.gymnasium as ugym
from unorules.agents import encoding as enc
from unorules.agents import observation as obs
from unorules.agents import observation_v2 as obs2
from unorules.agents.arena import Arena
from unorules.agents.pettingzoo import env, raw_env

ROOT = Path(__file__).resolve().parents[2]
NM = uno.get_profile("mattel-no-mercy")
FLIP = uno.MATTEL_FLIP
C = uno.Card.parse
SEG = obs2.SEGMENTS_V2
NEW = ["mattel-no-mercy", "mattel-flip"]


def _slow(arena: Arena, seat: int) -> npt.NDArray[np.float32]:
    """The vector of ``seat`` built from its view (:func:`unorules.observe`)."""
    acting = arena.actor == seat
    return obs2.encode(
        uno.observe(arena.state, seat),
        played=arena.played,
        drawn=arena.drawn,
        prefix=arena.builder.prefix if acting else (),
        interjecting=arena.interjecting and acting,
    )


# -- the environments ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("rules", [*NEW, "mattel"])
def test_v2_check_env_passes_for_every_profile(
    rules: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    made = gymnasium.make(ugym.ENV_ID_V2, players=players, rules=rules)
    check_env(made.unwrapped)
    inner = made.unwrapped
    assert isinstance(inner, ugym.UnoEnv) and inner.version == 2
    assert inner.action_space == gymnasium.spaces.Discrete(enc.N_TOKENS_ALL)
    assert inner.observation_space.shape == (obs2.SIZE_V2,)


@pytest.mark.parametrize("rules", NEW)
def test_v2_passes_pettingzoos_api_and_seed_tests(
    rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with warnings.catch_warnings():  # as tests/agents/test_pettingzoo.py: a Dict space
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        api_test(env(3, rules, version=2), num_cycles=200)
        seed_test(lambda: env(3, rules, version=2), num_cycles=60)
    assert "Passed API test" in capsys.readouterr().out


def test_v2_is_registered_and_named_and_v1_is_out_of_date() -> None:
    assert ugym.ENV_ID_V2 == "unorules/Uno-v2"
    assert gymnasium.spec(ugym.ENV_ID_V2).kwargs == {"version": 2}
    e = raw_env(2, "mattel-flip", version=2)
    assert e.metadata["name"] == "unorules_uno_v2"
    assert e.action_space("player_0") == gymnasium.spaces.Discrete(357)
    assert e.observation_spaces["player_0"]["action_mask"].shape == (357,)
    assert raw_env(2).metadata["name"] == "unorules_uno_v1"  # the default stays
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        gymnasium.make(ugym.ENV_ID, players=2)
    assert any("Uno-v1 is out of date" in str(w.message) for w in caught)


@pytest.mark.parametrize("rules", NEW)
def test_v1_refuses_the_new_profiles_and_names_version_2(rules: str) -> None:
    with pytest.raises(ValueError, match=r"56 classic cards.*which observation version 2"):
        raw_env(2, rules)
    with pytest.raises(ValueError, match=r"version=2: unorules/Uno-v2, unorules_uno_v2"):
        ugym.UnoEnv(players=2, rules=rules)


def test_v1_and_v0_vectors_are_byte_for_byte_those_of_before_version_2() -> None:
    """The digest of the v1 and v0 vectors of every seat at every step of nine random
    episodes, computed with the code before version 2 was added (main at 17e2235)."""
    h = hashlib.sha256()
    tables = [
        (2, uno.MATTEL),
        (4, attrs.evolve(uno.DANISH, jump_in=True, seven_o=True)),
        (3, attrs.evolve(uno.SWEDISH, stacking=uno.Stacking.MIXED)),
    ]
    for players, rules in tables:
        arena = Arena(players, rules, max_actions=300)
        v1 = obs.ObservationEncoder(players, rules, normalized=True)
        v0 = obs.ObservationEncoder(players, rules)
        rng = random.Random(players)
        for episode in range(3):
            arena.reset(seed=episode)
            while not arena.done:
                for seat in range(players):
                    h.update(v1.encode_arena(arena, seat).tobytes())
                    h.update(v0.encode_arena(arena, seat).tobytes())
                tokens = arena.tokens()
                arena.step(tokens[rng.randrange(len(tokens))])
    assert h.hexdigest() == "7ea6d9de85578f1df17803d3eccf5cfac7a5c8397d6cb52fb9bbdf9e7635350d"


# -- the vector ---------------------------------------------------------------------------


def _random_run(
    players: int, rules: str | uno.Rules, episodes: int, seed: int
) -> list[npt.NDArray[np.float32]]:
    """Every seat's v2 vector at every step of random episodes, each checked equal to the
    vector built from the seat's view."""
    arena = Arena(players, rules, max_actions=400)
    rng = random.Random(seed)
    seen = []
    for episode in range(episodes):
        arena.reset(seed=seed + episode)
        while not arena.done:
            for seat in range(players):
                fast = obs2.encode_arena(arena, seat)
                assert (fast == _slow(arena, seat)).all(), (seat, arena.state)
                seen.append(fast)
            tokens = arena.tokens()
            arena.step(tokens[rng.randrange(len(tokens))])
    return seen


@pytest.mark.parametrize(
    ("players", "rules"),
    [(2, "mattel-no-mercy"), (5, "mattel-no-mercy"), (2, "mattel-flip"), (6, "mattel-flip")],
)
def test_every_v2_vector_of_random_games_is_in_zero_to_one_and_equals_the_views(
    players: int, rules: str
) -> None:
    seen = _random_run(players, rules, episodes=4, seed=players)
    assert len(seen) > 300
    stacked = np.stack(seen)
    assert stacked.dtype == np.float32 and stacked.shape[1] == obs2.SIZE_V2
    assert stacked.min() == 0.0 and stacked.max() == 1.0
    for name in ("top", "color", "phase", "to_act", "seats", "direction"):
        assert stacked[:, SEG[name]].max() == 1.0, name  # tight where one-hot
    if rules == "mattel-flip":
        for name in ("side", "draw_pile_back", "hand_back", "backs"):
            assert stacked[:, SEG[name]].max() > 0, name
        assert not stacked[:, SEG["knocked_out"]].any()
    else:
        assert not stacked[:, SEG["hand_back"]].any() and not stacked[:, SEG["side"]].any()


def test_a_classic_game_fills_only_the_classic_entries() -> None:
    seen = np.stack(_random_run(3, "mattel", episodes=2, seed=1))
    for name in ("hand", "top", "played"):
        planes = seen[:, SEG[name]].reshape(len(seen), -1, 134)
        assert not planes[:, :, 56:].any(), name  # No Mercy's and Flip's faces stay 0
    for name in ("hand_back", "draw_pile_back", "backs", "side", "knocked_out", "set_aside"):
        assert not seen[:, SEG[name]].any(), name
    assert not seen[:, SEG["color"]][:, 4:].any()  # no dark color


def test_flip_the_side_and_the_other_faces_the_table_sees() -> None:
    """FL-A13: every seat sees the other face of every hand and of the draw pile's top
    card; the observer's own other faces are in hand_back, the others' in backs."""
    rules = FLIP.but(hand_size=2)
    deal = uno.Deal(1, [cards("G5|T4 YS|TF"), cards("G1|OF Y4|VF")], cards("G2|TSE"))
    state = uno.new_game(2, rules, deal=deal)
    arena = Arena(2, rules)
    arena.start(state)
    vec = obs2.encode_arena(arena, 0)
    assert (vec == _slow(arena, 0)).all()
    k = 1 / obs2.COPIES_CAP_V2

    def faces(name: str, slot: int = 0) -> dict[str, float]:
        plane = vec[SEG[name]][134 * slot : 134 * slot + 134]
        return {str(uno.cards.EVERY_CARD[i]): float(plane[i]) for i in np.flatnonzero(plane)}

    assert faces("hand") == {"G5": k, "YS": k}
    assert faces("hand_back") == {"T4": k, "TF": k}
    assert faces("backs", 1) == {"OF": k, "VF": k}  # seat 1's other faces
    assert faces("backs", 0) == {}
    top_other = state.draw_pile[0].other
    assert top_other is not None
    assert faces("draw_pile_back") == {str(top_other.face): 1.0}
    assert faces("top") == {"G2": 1.0} and vec[SEG["side"]][0] == 0.0


def test_flip_after_a_flip_the_dark_side_is_observed() -> None:
    arena = Arena(3, FLIP)
    rng = random.Random(5)
    arena.reset(seed=5)
    while arena.state.side is uno.Side.LIGHT and not arena.done:
        tokens = arena.tokens()
        arena.step(tokens[rng.randrange(len(tokens))])
    assert arena.state.side is uno.Side.DARK
    for seat in range(3):
        vec = obs2.encode_arena(arena, seat)
        assert vec[SEG["side"]][0] == 1.0
        assert (vec == _slow(arena, seat)).all()
        top = arena.state.top_card.face
        assert vec[SEG["top"]].argmax() == top.index and top.index >= 72  # a dark face
        hand = arena.state.hands[seat]
        backs = vec[SEG["hand_back"]] * obs2.COPIES_CAP_V2
        assert sorted(np.flatnonzero(backs)) == sorted({c.other.face.index for c in hand})  # type: ignore[union-attr]


def test_no_mercy_the_roulette_phase_and_the_pending_stack() -> None:
    rules = NM.but(hand_size=2)
    deal = uno.Deal(1, [cards("WCR R1"), cards("B1 B2")], cards("R5"))
    s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "WCR", uno=True))
    arena = Arena(2, rules)
    arena.start(s)
    vec = obs2.encode_arena(arena, 1)
    assert (vec == _slow(arena, 1)).all()
    assert vec[SEG["phase"]].tolist().index(1.0) == list(uno.Phase).index(uno.Phase.ROULETTE)
    assert vec[SEG["to_act"]][0] == 1.0  # the victim decides
    assert vec[SEG["top"]].argmax() == C("WCR").index
    deal = uno.Deal(1, [cards("W+10 R1"), cards("B1 B2")], cards("R5"))
    s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "W+10", "red", uno=True))
    arena.start(s)
    vec = obs2.encode_arena(arena, 1)
    assert vec[SEG["pending"]][0] == pytest.approx(10 / obs2.COUNT_CAP_V2)
    assert vec[SEG["phase"]].tolist().index(1.0) == list(uno.Phase).index(uno.Phase.PENALTY)


def test_no_mercy_a_knockout_and_the_hand_set_aside_are_observed() -> None:
    """NM1.8: a seat knocked out is public, and so is the size of the hand set aside."""
    arena = Arena(4, NM)
    rng = random.Random(2)
    for episode in range(40):
        arena.reset(seed=episode)
        while not arena.done and not arena.state.knocked_out:
            tokens = arena.tokens()
            arena.step(tokens[rng.randrange(len(tokens))])
        if arena.state.knocked_out and not arena.done:
            break
    s = arena.state
    assert s.knocked_out and not arena.done
    out = s.knocked_out[0]
    seat = (out + 1) % 4
    vec = obs2.encode_arena(arena, seat)
    assert (vec == _slow(arena, seat)).all()
    assert vec[SEG["knocked_out"]][(out - seat) % 4] == 1.0
    assert vec[SEG["set_aside"]][0] == pytest.approx(len(s._ledger.set_aside) / 168)
    assert vec[SEG["set_aside"]][0] > 0


def test_no_mercy_a_discard_alls_cards_are_in_the_history() -> None:
    rules = NM.but(hand_size=5)
    deal = uno.Deal(1, [cards("RDA R1 R2 B3 B4"), cards("B1 B2 G1 G2 G3")], cards("R5"))
    arena = Arena(2, rules)
    arena.start(uno.new_game(2, rules, deal=deal))
    assert arena.step(enc.play_token(C("RDA"))) == uno.Play(0, "RDA")
    row = arena.played[0]
    assert len(row) == 134
    assert [str(uno.cards.EVERY_CARD[i]) for i, v in enumerate(row) if v] == ["R1", "R2", "RDA"]
    vec = obs2.encode_arena(arena, 1)
    laid = vec[SEG["played"]][134 : 2 * 134] * obs2.COPIES_CAP_V2  # seat 0 seen from seat 1
    assert np.flatnonzero(laid).tolist() == [C("R1").index, C("R2").index, C("RDA").index]


# -- nothing leaks ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [*NEW, "mattel"])
def test_twin_states_differing_only_in_hidden_cards_give_equal_v2_observations(
    rules: str,
) -> None:
    """A state sampled from a seat's view (``sample_state``: the same public table, the
    hidden cards dealt afresh, UNO Flip!'s public other faces kept) gives that seat the
    same vector, and another seat (who sees other cards) a different one."""
    rng = random.Random(7)
    arena = Arena(3, rules)
    checked = differ = 0
    for episode in range(4):
        arena.reset(seed=episode)
        for _ in range(80):
            if arena.done:
                break
            seat = arena.actor
            assert seat is not None
            if not arena.prefix:  # at a decision: a twin takes the same history there
                s = arena.state
                twin_state = uno.sample_state(uno.observe(s, seat), seed=rng.randrange(10**6))
                twin = copy.copy(arena)
                assert twin._resume(twin_state, seat, arena.interjecting)
                assert (obs2.encode_arena(arena, seat) == obs2.encode_arena(twin, seat)).all()
                other = (seat + 1) % 3
                if twin_state.hands[other] != s.hands[other]:
                    differ += not (
                        obs2.encode_arena(arena, other) == obs2.encode_arena(twin, other)
                    ).all()
                checked += 1
            tokens = arena.tokens()
            arena.step(tokens[rng.randrange(len(tokens))])
    assert checked > 100 and differ > 50


def test_the_v1_leak_test_holds_for_v2_too() -> None:
    """tests/agents/test_pettingzoo.py's twin positions: seat 0 cannot tell them apart."""
    a = uno.State.from_position("R1,G2,B3/Y5,R9,B7/G7,G8,B1 *,R5 red 0+ play R2,R3,R4")
    b = uno.State.from_position("R1,G2,B3/Y1,Y2,Y3/B8,B9,G1 *,R5 red 0+ play R4,R3,R2")
    ea, eb = Arena(3), Arena(3)
    ea.start(a)
    eb.start(b)
    assert (obs2.encode_arena(ea, 0) == obs2.encode_arena(eb, 0)).all()
    assert not (obs2.encode_arena(ea, 1) == obs2.encode_arena(eb, 1)).all()


# -- the documentation --------------------------------------------------------------------


def _table_rows(text: str) -> dict[str, tuple[int, int]]:
    rows = re.findall(r"^\s*``(\w+)``\s+(\d+)\s+(\d+)\s", text, flags=re.MULTILINE)
    return {name: (int(offset), int(length)) for name, offset, length in rows}


@pytest.mark.parametrize("where", ["module docstring", "docs/agents.rst"])
def test_the_v2_segment_table_documents_every_segment_where_it_is(where: str) -> None:
    text = obs2.__doc__ if where == "module docstring" else (ROOT / where).read_text()
    assert text is not None
    documented = _table_rows(text)
    actual = {name: (s.start, s.stop - s.start) for name, s in SEG.items()}
    assert documented == actual


def test_v2_scales_each_segment_as_documented() -> None:
    f = obs2.scale(NM)
    assert f[SEG["hand"]][0] == np.float32(1 / 8) and f[SEG["backs"]][0] == np.float32(1 / 8)
    assert f[SEG["hand_sizes"]][0] == np.float32(1 / 25)
    assert f[SEG["draw_pile"]][0] == np.float32(1 / 168)
    assert f[SEG["scores"]][0] == np.float32(1 / 1000)
    assert f[SEG["prefix"]][0] == np.float32(1 / 4)
    assert f[SEG["top"]][0] == 1.0
