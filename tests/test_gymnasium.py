"""unorules.gymnasium: Gymnasium's check_env, the registered id, bots, illegal tokens."""

from __future__ import annotations

import attrs
import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import unorules as uno
import unorules.gymnasium as ugym
from unorules import encoding as enc
from unorules import observation as obs


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, "mattel"),
        (4, "swedish"),
        (3, attrs.evolve(uno.DANISH, jump_in=True, seven_o=True)),
        (10, attrs.evolve(uno.MATTEL_108, teams=2, stacking=uno.Stacking.MIXED)),
    ],
)
def test_check_env_passes(
    players: int, rules: str | uno.Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    env = gymnasium.make(ugym.ENV_ID, players=players, rules=rules)
    check_env(env.unwrapped)  # raises on any failure, warns (an error here) on any doubt
    env.close()


def test_make_with_the_registered_id_builds_the_table_asked_for() -> None:
    env = gymnasium.make("unorules/Uno-v0", players=4, rules="mattel")
    observation, info = env.reset(seed=3)
    inner = env.unwrapped
    assert isinstance(inner, ugym.UnoEnv)
    assert observation.shape == (obs.SIZE,) and observation.dtype == np.float32
    assert inner.arena.players == 4
    assert inner.arena.rules == uno.MATTEL
    assert inner.action_space == gymnasium.spaces.Discrete(enc.N_TOKENS)
    mask = info["action_mask"]
    assert (mask.astype(bool) == inner.action_masks()).all()
    assert inner.arena.actor == 0  # the learner's seat decides after every reset


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_episode_is_one_round_ending_with_the_learners_reward(seed: int) -> None:
    env = ugym.UnoEnv(players=3, rules="mattel")
    _, info = env.reset(seed=seed)
    total = 0.0
    steps = 0
    while True:
        legal = np.flatnonzero(info["action_mask"])
        _, reward, terminated, truncated, info = env.step(int(legal[0]))
        total += float(reward)
        steps += 1
        if terminated or truncated:
            break
        assert env.arena.actor == 0
    state = env.arena.state
    assert state.phase is uno.Phase.ROUND_OVER
    assert total == (1.0 if state.round_winner == 0 else -0.5)
    assert not info["action_mask"].any()
    with pytest.raises(ValueError, match="the episode is over"):
        env.step(0)


def test_the_same_seed_gives_the_same_episode() -> None:
    runs = []
    for _ in range(2):
        env = ugym.UnoEnv(players=4)
        observation, info = env.reset(seed=7)
        seen = [observation]
        for _ in range(30):
            observation, _, terminated, truncated, info = env.step(
                int(np.flatnonzero(info["action_mask"])[-1])
            )
            seen.append(observation)
            if terminated or truncated:
                break
        runs.append(np.stack(seen))
    assert (runs[0] == runs[1]).all()


def test_an_unmasked_illegal_token_loses_the_round_or_raises() -> None:
    env = ugym.UnoEnv(players=2)
    _, info = env.reset(seed=0)
    assert not info["action_mask"][enc.NOOP]
    _, reward, terminated, truncated, info = env.step(enc.NOOP)
    assert (reward, terminated, truncated, info["illegal_token"]) == (-1.0, True, False, 0)
    strict = ugym.UnoEnv(players=2, illegal="raise")
    strict.reset(seed=0)
    before = strict.arena.state
    with pytest.raises(ValueError, match="leads to no legal action"):
        strict.step(enc.NOOP)
    assert strict.arena.state is before


@pytest.mark.parametrize("action", [1.5, "3", True, None])
def test_an_action_that_is_no_token_is_a_type_error_and_changes_nothing(action: object) -> None:
    """A float, a string or a bool is not a token: before, ``int()`` made 1.5 and "3"
    into tokens silently. Numpy integers are tokens."""
    env = ugym.UnoEnv(players=2)
    env.reset(seed=0)
    before = env.arena.state
    with pytest.raises(TypeError, match="an action is a token, a whole number from 0 to 148"):
        env.step(action)  # type: ignore[arg-type]
    assert env.arena.state is before
    env.step(np.int64(enc.DRAW))
    assert env.arena.state is not before


def test_given_bots_play_the_other_seats() -> None:
    class Drawer:
        def act(self, state: uno.State, seat: int) -> uno.Action:
            legal = uno.legal_actions(state, seat)
            for kind in (uno.Draw, uno.Pass, uno.Challenge):
                for a in legal:
                    if isinstance(a, kind):
                        return a
            return legal[0]

        def interject(self, state: uno.State, seat: int) -> uno.Action | None:
            return None

    env = ugym.UnoEnv(players=2, bots=[Drawer(), Drawer()], seat=1, max_actions=2000)
    _, info = env.reset(seed=4)
    assert env.arena.actor == 1
    done = False
    while not done:
        token = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(token)
        done = terminated or truncated
    # The bot at seat 0 only ever drew, passed or took penalties; the learner won.
    assert sum(env.arena.played[0]) == 0 and env.arena.drawn[0] > 0
    assert env.arena.state.round_winner == 1
    with pytest.raises(ValueError, match="1 bots for 2 seats"):
        ugym.UnoEnv(players=2, bots=[Drawer()])
    with pytest.raises(ValueError, match="seat 2 is not a seat of a 2-player table"):
        ugym.UnoEnv(players=2, seat=2)


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    env = ugym.UnoEnv(players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and text.startswith("round 0 | ")
    assert ugym.UnoEnv(players=2).render() is None
    with pytest.raises(ValueError, match="render_mode is None, 'ansi' or 'human'"):
        ugym.UnoEnv(players=2, render_mode="rgb_array")
