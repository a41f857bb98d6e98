"""Observation version 1 (issue 27, item 1): every entry in [0, 1], in a ``Box(0, 1)`` whose
bounds are the true bounds, documented per segment; the environments ``unorules/Uno-v1``
and ``unorules_uno_v1``; version 0 kept, deprecated."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path
from typing import Any

import attrs
import gymnasium
import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import unorules as uno
import unorules.agents.gymnasium as ugym
from unorules.agents import observation as obs
from unorules.agents.arena import Arena
from unorules.agents.pettingzoo import env, raw_env

ROOT = Path(__file__).resolve().parents[2]

TABLES: list[tuple[int, uno.Rules, dict[str, Any]]] = [
    (2, uno.MATTEL, {}),
    (3, attrs.evolve(uno.SWEDISH, stacking=uno.Stacking.MIXED), {}),
    (4, attrs.evolve(uno.DANISH, jump_in=True, seven_o=True), {}),
    (10, attrs.evolve(uno.MATTEL_108, teams=2), {}),
    (3, attrs.evolve(uno.MATTEL, target=60, scoring=uno.Scoring.ELIMINATION), {"match": True}),
    (2, attrs.evolve(uno.MATTEL, target=60), {"match": True}),
]

# Segments whose entries are one-hot or flags: 1 is reached in play (the bound is tight).
ONE_HOT = ("top", "color", "phase", "to_act", "seats", "team", "drawn_card", "direction")


def _random_observations(
    players: int, rules: uno.Rules, options: dict[str, Any], episodes: int, seed: int
) -> tuple[Any, list[npt.NDArray[np.float32]]]:
    """Every agent's v1 observation at every step of ``episodes`` random episodes."""
    rng = random.Random(seed)
    e = env(players, rules, max_actions=400, **options)
    seen = []
    for episode in range(episodes):
        e.reset(seed=seed + episode)
        for _agent in e.agent_iter(3000):
            observation, _, termination, truncation, _ = e.last()
            seen.append(observation["observation"])
            if termination or truncation:
                e.step(None)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                e.step(int(legal[rng.randrange(len(legal))]))
    return e, seen


@pytest.mark.parametrize(
    ("players", "rules", "options"),
    TABLES,
    ids=["2p-mattel", "3p-swedish-stack", "4p-danish-jump", "10p-teams", "elim", "match"],
)
def test_every_v1_observation_of_random_games_lies_in_a_box_of_zero_to_one(
    players: int, rules: uno.Rules, options: dict[str, Any]
) -> None:
    e, seen = _random_observations(players, rules, options, episodes=6, seed=players)
    space = e.observation_space("player_0")["observation"]
    assert (space.low == 0).all() and (space.high == 1).all()  # the true bounds
    assert len(seen) > 200
    for vec in seen:
        assert vec.dtype == np.float32 and vec.shape == (obs.SIZE,)
        assert space.contains(vec), vec[(vec < 0) | (vec > 1)]
    stacked = np.stack(seen)
    for name in ONE_HOT:  # tight where claimed: these reach 1
        if name == "team" and not rules.teams:
            continue
        assert stacked[:, obs.SEGMENTS[name]].max() == 1.0, name
    assert stacked.min() == 0.0


def test_the_v1_vector_of_the_gymnasium_env_is_in_its_box() -> None:
    made = gymnasium.make(ugym.ENV_ID, players=3, rules="mattel")
    space = made.observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    assert float(space.low.min()) == 0.0 and float(space.high.max()) == 1.0
    rng = random.Random(1)
    steps = 0
    for episode in range(8):
        observation, info = made.reset(seed=episode)
        done = False
        while not done:
            assert space.contains(observation)
            legal = np.flatnonzero(info["action_mask"])
            action = int(legal[rng.randrange(len(legal))])
            observation, _, terminated, truncated, info = made.step(action)
            done = terminated or truncated
            steps += 1
        assert space.contains(observation)
    assert steps > 50


def test_the_v1_vector_is_the_raw_vector_scaled_and_clipped() -> None:
    rules = attrs.evolve(uno.MATTEL, teams=2)
    arena = Arena(4, rules)
    arena.reset(seed=11)
    fast = obs.ObservationEncoder(4, rules, normalized=True)
    rng = random.Random(3)
    for _ in range(80):
        if arena.done:
            break
        for seat in range(4):
            raw = obs.encode_arena(arena, seat)
            expected = np.minimum(raw * obs.scale(rules), 1)
            assert (fast.encode_arena(arena, seat) == expected).all()
            assert (obs.normalize(raw, rules) == expected).all()
            acting = arena.actor == seat
            slow = obs.encode(
                uno.observe(arena.state, seat),
                played=arena.played,
                drawn=arena.drawn,
                prefix=arena.builder.prefix if acting else (),
                interjecting=arena.interjecting and acting,
                rules=rules,
                normalized=True,
            )
            assert (slow == expected).all()
        tokens = arena.tokens()
        arena.step(tokens[rng.randrange(len(tokens))])


def test_v1_normalizes_each_segment_as_documented() -> None:
    state = uno.State.from_position("R1,R1,W/Y5,R9/G7,G8,B1,B2 R5 red 1- play *")
    arena = Arena(3)
    arena.start(state)
    vec = obs.ObservationEncoder(3, uno.MATTEL, normalized=True).encode_arena(arena, 1)
    seg = obs.SEGMENTS
    hand = vec[seg["hand"]]
    assert hand[uno.Card.parse("Y5").index] == np.float32(1 / 4)  # copies / COPIES_CAP
    sizes = vec[seg["hand_sizes"]][:4]
    assert sizes.tolist() == pytest.approx([x / 20 for x in (2, 4, 3, 0)])  # / COUNT_CAP
    assert vec[seg["draw_pile"]][0] == pytest.approx(state.draw_pile_size / 112)
    assert vec[seg["top"]].argmax() == uno.Card.parse("R5").index
    assert vec[seg["color"]].tolist() == [1, 0, 0, 0]


def test_v1_clips_counts_past_their_cap_at_one() -> None:
    big = ",".join(f"{c}{v}" for c in "RGB" for v in range(1, 10)) + ",RS,RR,GS"  # 30 cards
    state = uno.State.from_position(f"{big}/Y5,R9 R5 red 0+ play *")
    arena = Arena(2)
    arena.start(state)
    vec = obs.ObservationEncoder(2, uno.MATTEL, normalized=True).encode_arena(arena, 1)
    assert vec[obs.SEGMENTS["hand_sizes"]][:2].tolist() == pytest.approx([2 / 20, 1.0])
    assert len(state.hands[0]) == 30  # 30 / 20 reads 1
    raw = obs.encode(uno.observe(state, 0), rules=uno.MATTEL)
    raw[obs.SEGMENTS["scores"].start] = 700  # past the target: clipped
    assert obs.normalize(raw, uno.MATTEL)[obs.SEGMENTS["scores"].start] == 1.0


def _table_rows(text: str) -> dict[str, tuple[int, int]]:
    rows = re.findall(r"^``(\w+)``\s+(\d+)\s+(\d+)\s", text, flags=re.MULTILINE)
    return {name: (int(offset), int(length)) for name, offset, length in rows}


@pytest.mark.parametrize("where", ["module docstring", "docs/gymnasium.rst"])
def test_the_segment_table_documents_every_segment_where_it_is(where: str) -> None:
    text = obs.__doc__ if where == "module docstring" else (ROOT / where).read_text()
    assert text is not None
    documented = _table_rows(text)
    actual = {name: (s.start, s.stop - s.start) for name, s in obs.SEGMENTS.items()}
    assert documented == actual


def test_v1_is_registered_and_v0_stays_deprecated_with_raw_counts() -> None:
    assert ugym.ENV_ID == "unorules/Uno-v1" and ugym.ENV_ID_V0 == "unorules/Uno-v0"
    with pytest.warns(DeprecationWarning, match="out of date"):
        old = gymnasium.make(ugym.ENV_ID_V0, players=2)
    observation, _ = old.reset(seed=3)
    assert observation[obs.SEGMENTS["hand_sizes"]][0] == 7.0  # the raw count
    assert float(old.observation_space.high.max()) > 1  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match="unorules_uno_v0"):
        e = raw_env(2, version=0)
    assert e.metadata["name"] == "unorules_uno_v0"
    assert raw_env(2).metadata["name"] == "unorules_uno_v1"
    assert raw_env.metadata["name"] == "unorules_uno_v1"  # the class's is unchanged


@pytest.mark.parametrize("version", [3, -1, "1", 1.0, True, None])
def test_a_version_other_than_zero_one_or_two_is_refused(version: object) -> None:
    with pytest.raises(ValueError, match=r"^version must be 1 .* or 0 .*, not "):
        raw_env(2, version=version)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^version must be 1 .* or 0 .*, not "):
        ugym.UnoEnv(players=2, version=version)  # type: ignore[arg-type]


def test_normalize_refuses_what_is_no_raw_vector() -> None:
    with pytest.raises(ValueError, match=r"^vec must be a raw observation vector of shape"):
        obs.normalize(np.zeros(3, dtype=np.float32), uno.MATTEL)


def test_v0_still_passes_api_seed_and_check_env(capsys: pytest.CaptureFixture[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        api_test(env(3, "mattel", version=0), num_cycles=100)
        seed_test(lambda: env(3, "mattel", version=0), num_cycles=40)
        check_env(gymnasium.make(ugym.ENV_ID_V0, players=2).unwrapped)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("history", "words"),
    [
        ({"prefix": [149]}, "prefix[0] is 149, not a token (an integer from 0 to 148)"),
        ({"prefix": [3, -1]}, "prefix[1] is -1, not a token (an integer from 0 to 148)"),
        ({"drawn": [1]}, "drawn has 1 entries, not 2 (one per seat)"),
        ({"drawn": [0, True]}, "drawn[1] is True, not a count (an integer from 0)"),
        ({"drawn": [0, -2]}, "drawn[1] is -2, not a count (an integer from 0)"),
        ({"played": [[0.0] * 56]}, "played has 1 rows, not 2 (one per seat)"),
        ({"played": [[0.0] * 56, [0.0] * 3]}, "played[1] has 3 entries, not 56 (one per kind)"),
        (
            {"played": [[0.0] * 56, [float("nan")] * 56]},
            "played[1][0] is nan, not a count (a number from 0)",
        ),
    ],
)
def test_encode_refuses_history_that_does_not_fit_the_table(
    history: dict[str, Any], words: str
) -> None:
    """Untrusted history is named, not an IndexError, nor a token of -1 written silently
    into another segment (the vector's last entries), nor a row that resizes the vector."""
    from unorules.agents import observation_v2 as obs2

    view = uno.observe(uno.new_game(2, seed=1), 0)
    with pytest.raises(ValueError) as refused:
        obs.encode(view, **history)
    assert str(refused.value) == words
    if "prefix" not in history:  # the same check in version 2 (its tokens go to 356)
        with pytest.raises(ValueError) as refused:
            obs2.encode(view, **history)
        assert str(refused.value) == words
    # numpy's numbers are not history (in the compiled build they never were): lists are
    with pytest.raises(ValueError, match=r"^drawn\[0\] is .+, not a count \(an integer from 0\)$"):
        obs.encode(view, drawn=np.array([1, 2]))  # type: ignore[arg-type]
    vec = obs.encode(view, played=[[0.0] * 56, [1] * 56], drawn=np.array([1, 2]).tolist())
    assert vec[obs.SEGMENTS["drawn_count"]][:2].tolist() == [1.0, 2.0]


def test_version_2_encode_takes_the_rows_the_arena_keeps_and_every_token() -> None:
    from unorules.agents import observation_v2 as obs2

    flip = uno.observe(uno.new_game(2, "mattel-flip", seed=1), 0)
    obs2.encode(flip, played=[[0.0] * 134] * 2, prefix=[356])
    with pytest.raises(ValueError, match=r"^played\[0\] has 56 entries, not 134 \(one per kind\)$"):
        obs2.encode(flip, played=[[0.0] * 56] * 2)
    with pytest.raises(
        ValueError, match=r"^prefix\[0\] is 357, not a token \(an integer from 0 to 356\)$"
    ):
        obs2.encode(flip, prefix=[357])
