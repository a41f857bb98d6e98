"""unorules.agents.gymnasium: Gymnasium's check_env, the registered id, bots, illegal tokens."""

from __future__ import annotations

import attrs
import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import unorules as uno
import unorules.agents.gymnasium as ugym
from unorules.agents import encoding as enc
from unorules.agents import observation as obs
from unorules.agents.arena import render_text


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
    env = gymnasium.make("unorules/Uno-v1", players=4, rules="mattel")
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
    assert isinstance(text, str) and text.startswith("round 1 | ")
    assert ugym.UnoEnv(players=2).render() is None
    with pytest.raises(ValueError, match="render_mode is None, 'ansi', 'human' or 'rgb_array'"):
        ugym.UnoEnv(players=2, render_mode="rgb")


class _CallsOnce:
    """A bot that says UNO once whenever it comes to hold one card (C8: always allowed,
    even when it changes nothing), then plays its first legal action."""

    def __init__(self) -> None:
        self.called = False

    def act(self, state: uno.State, seat: int) -> uno.Action:
        if len(state.hands[seat]) == 1 and not self.called:
            self.called = True
            return uno.CallUno(seat)
        return uno.legal_actions(state, seat)[0]

    def interject(self, state: uno.State, seat: int) -> uno.Action | None:
        return None


def _at(env: ugym.UnoEnv, position: str) -> None:
    env.reset(seed=0)
    env.arena.start(uno.State.from_position(position, rules=env.arena.rules))


def test_a_bots_call_that_changes_nothing_is_taken_and_the_step_completes() -> None:
    env = ugym.UnoEnv(players=2, bots=[_CallsOnce(), _CallsOnce()], illegal="raise")
    _at(env, "R1,R2/R9 R5 red 0+ play *")  # P1 (the bot) holds one card, its call made
    env.step(enc.play_token(uno.Card.parse("R1")))  # UNO or not: one more token
    _, reward, terminated, truncated, _ = env.step(enc.UNO)
    # The bot said UNO (nothing changed), then laid R9 and won.
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert env.arena.state.round_winner == 1 and env.arena.actions_this_round == 3


def test_a_bot_that_breaks_the_rules_ends_the_episode_and_shows_nothing() -> None:
    class Cheat:
        def act(self, state: uno.State, seat: int) -> uno.Action:
            return uno.Play(seat, "W+4", "red")  # a card it does not hold

        def interject(self, state: uno.State, seat: int) -> uno.Action | None:
            return None

    env = ugym.UnoEnv(players=2, bots=[Cheat(), Cheat()])
    _at(env, "R1,R2,G5/R9,G3 R5 red 0+ play *")
    with pytest.raises(
        RuntimeError,
        match=r"the bot at seat 1 sent Play\(1, .W\+4., .red.\), which the rules refuse",
    ):
        env.step(enc.play_token(uno.Card.parse("R1")))
    assert not env.action_masks().any()  # never the bot's tokens
    with pytest.raises(ValueError, match="the episode is over"):
        env.step(enc.DRAW)


def test_the_learner_eliminated_gets_the_losers_reward_and_its_episode_ends() -> None:
    rules = uno.MATTEL.but(target=60, scoring=uno.Scoring.ELIMINATION)
    env = ugym.UnoEnv(players=3, rules=rules, match=True)
    _, info = env.reset(seed=0)
    while True:
        out_before = env.arena.state.eliminated
        _, reward, terminated, truncated, info = env.step(
            int(np.flatnonzero(info["action_mask"])[0])
        )
        if terminated or truncated:
            break
    # Seat 1 went out earlier; the last round had two sides and the learner lost it.
    assert (out_before, env.arena.state.eliminated) == ((1,), (0, 1))
    assert (reward, terminated, truncated) == (-1.0, True, False)


def test_reset_always_returns_a_decision_of_the_learner() -> None:
    # One card each: seed 1's first deal ends before the learner decides; it is dealt again.
    env = ugym.UnoEnv(players=2, rules=uno.MATTEL.but(hand_size=1))
    _, info = env.reset(seed=1)
    assert env.arena.state.phase is uno.Phase.PLAY and env.arena.actor == 0
    assert info["action_mask"].sum() > 0


def test_rounds_that_end_before_the_learners_first_step_are_paid_with_it() -> None:
    env = ugym.UnoEnv(players=2, rules=uno.MATTEL.but(hand_size=1, target=100), match=True)
    env.reset(seed=1)
    assert (env.arena.state.round, env.arena.state.scores) == (1, (0, 23))  # P1 won round 0
    _, reward, terminated, _, _ = env.step(enc.DRAW)
    assert (env.arena.state.round, env.arena.state.scores) == (2, (0, 47))  # and round 1
    assert (reward, terminated) == (-2.0, False)


def test_an_illegal_first_token_still_pays_the_rounds_ended_at_reset() -> None:
    env = ugym.UnoEnv(players=2, rules=uno.MATTEL.but(hand_size=1, target=100), match=True)
    env.reset(seed=1)  # P1 won round 0 before the learner decided
    _, reward, terminated, _, info = env.step(enc.NOOP)
    assert (reward, terminated, info["illegal_token"]) == (-2.0, True, enc.NOOP)


def test_an_unending_match_is_truncated_after_max_rounds() -> None:
    class Drawer:
        def act(self, state: uno.State, seat: int) -> uno.Action:
            return next(
                a for a in uno.legal_actions(state, seat) if isinstance(a, uno.Draw | uno.Pass)
            )

        def interject(self, state: uno.State, seat: int) -> uno.Action | None:
            return None

    env = ugym.UnoEnv(players=2, bots=[Drawer(), Drawer()], match=True, max_rounds=2)
    _, info = env.reset(seed=0)
    done = False
    while not done:
        mask = np.flatnonzero(info["action_mask"])
        token = enc.DRAW if enc.DRAW in mask else enc.PASS if enc.PASS in mask else int(mask[0])
        _, _, terminated, truncated, info = env.step(token)
        done = terminated or truncated
    assert (terminated, truncated, env.arena.rounds_played) == (False, True, 2)


def test_render_shows_the_learners_view_unless_render_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = ugym.UnoEnv(players=2, render_mode="ansi", seat=1)
    env.reset(seed=1)
    text = env.render()
    hands = env.arena.state.hands
    assert isinstance(text, str) and text.splitlines()[1:] == [
        f"P0 ({len(hands[0])})",
        f"P1 ({len(hands[1])}): " + " ".join(map(str, hands[1])),
    ]
    full = ugym.UnoEnv(players=2, render_mode="ansi", seat=1, render_all=True)
    full.reset(seed=1)
    assert full.render() == render_text(full.arena.state)
    human = ugym.UnoEnv(players=2, render_mode="human", seat=1)
    human.reset(seed=1)
    assert capsys.readouterr().out.strip() == text  # "human" renders on reset


def test_the_action_masks_of_a_made_env_are_on_its_unwrapped_env() -> None:
    env = gymnasium.make(ugym.ENV_ID, players=2)
    _, info = env.reset(seed=7)
    with pytest.raises(AttributeError):
        env.action_masks()  # type: ignore[attr-defined]  # OrderEnforcing has none
    assert (env.unwrapped.action_masks() == info["action_mask"].astype(bool)).all()  # type: ignore[attr-defined]


def test_check_env_passes_when_every_seat_is_asked(capsys: pytest.CaptureFixture[str]) -> None:
    made = gymnasium.make(ugym.ENV_ID, players=3, rules=uno.MATTEL.but(jump_in=True), ask_all=True)
    check_env(made.unwrapped)
    env = made.unwrapped
    assert isinstance(env, ugym.UnoEnv) and env.arena.ask_all
    _, info = env.reset(seed=2)
    assert env.arena.actor == 0 and info["action_mask"].sum() > 0


def test_render_all_is_true_or_false() -> None:
    with pytest.raises(TypeError, match=r"^render_all is True or False, not 'no'$"):
        ugym.UnoEnv(players=3, render_all="no")  # type: ignore[arg-type]
