"""unorules.agents.pettingzoo: PettingZoo's own API and seed tests over the matrix of tables,
and the environment's rewards, windows, masks and observations."""

from __future__ import annotations

import contextlib
import random
import warnings
from collections.abc import Iterator
from typing import Any

import attrs
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import unorules as uno
from unorules.agents import encoding as enc
from unorules.agents import observation as obs
from unorules.agents.arena import Arena
from unorules.agents.pettingzoo import env, raw_env

HOUSE: list[dict[str, Any]] = [
    {},
    {"jump_in": True, "seven_o": True},
    {"stacking": uno.Stacking.MIXED, "multi_play": uno.MultiPlay.SAME_VALUE},
    {"false_uno_penalty": 2, "draw_until_playable": True, "skip_bounce": True},
]
PROFILES = ("mattel", "mattel-108", "swedish", "danish")
MATRIX = [
    pytest.param(
        players,
        profile,
        HOUSE[(i + j) % len(HOUSE)],
        id=f"{players}p-{profile}-h{(i + j) % len(HOUSE)}",
    )
    for i, players in enumerate((2, 3, 4, 10))
    for j, profile in enumerate(PROFILES)
]


def _rules(profile: str, **house: Any) -> uno.Rules:
    return attrs.evolve(uno.get_profile(profile), **house)


@pytest.mark.parametrize(("players", "profile", "house"), MATRIX)
def test_api_and_seed_tests_pass(
    players: int, profile: str, house: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    rules = _rules(profile, **house)
    forced = players % 2 == 1 or profile == "danish"  # both ways of taking forced moves
    with _dict_obs_warnings_allowed():
        api_test(env(players, rules, skip_forced=forced), num_cycles=200)
        seed_test(lambda: env(players, rules, skip_forced=forced), num_cycles=60)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("players", "rules", "options"),
    [
        pytest.param(4, _rules("mattel", teams=2), {}, id="teams-4"),
        pytest.param(10, _rules("danish", teams=5, jump_in=True), {}, id="teams-10"),
        pytest.param(2, _rules("mattel", target=60), {"match": True}, id="match-2"),
        pytest.param(
            4,
            _rules("swedish", target=60, teams=2),
            {"match": True, "reward": "points"},
            id="match-teams-points-4",
        ),
        pytest.param(
            3,
            _rules("mattel", target=40, scoring=uno.Scoring.ELIMINATION),
            {"match": True},
            id="match-elimination-3",
        ),
    ],
)
def test_api_and_seed_tests_pass_with_teams_and_matches(
    players: int, rules: uno.Rules, options: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    with _dict_obs_warnings_allowed():
        api_test(env(players, rules, **options), num_cycles=300)
        seed_test(lambda: env(players, rules, **options), num_cycles=60)
    assert "Passed API test" in capsys.readouterr().out


@contextlib.contextmanager
def _dict_obs_warnings_allowed() -> Iterator[None]:
    """api_test warns about the dict observations of any env it does not know by name
    (its classic games are listed): those two warnings are allowed, every other fails."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        yield


def _play(e: Any, policy: Any, seed: int) -> dict[str, float]:
    """Play one episode; return each agent's total reward."""
    e.reset(seed=seed)
    total: dict[str, float] = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(100_000):
        observation, reward, termination, truncation, _ = e.last()
        total[agent] += reward
        e.step(None if termination or truncation else policy(observation["action_mask"]))
    return total


def _random(seed: int) -> Any:
    rng = random.Random(seed)

    def policy(mask: np.ndarray[Any, Any]) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[rng.randrange(len(legal))])

    return policy


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_winner_gets_one_and_the_others_share_minus_one(players: int) -> None:
    e = env(players, "mattel")
    for seed in range(3):
        total = _play(e, _random(seed), seed)
        state = e.unwrapped.arena.state
        winner = state.round_winner
        assert winner is not None
        assert total[f"player_{winner}"] == 1.0
        for seat in range(players):
            if seat != winner:
                assert total[f"player_{seat}"] == pytest.approx(-1 / (players - 1))


def test_teams_share_the_reward_of_their_side() -> None:
    e = env(4, _rules("mattel", teams=2))
    for seed in range(10):  # the first round of these seeds that someone wins
        total = _play(e, _random(seed), seed)
        winner = e.unwrapped.arena.state.round_winner
        if winner is not None:
            break
    assert winner is not None
    for seat in range(4):
        expected = 1.0 if seat % 2 == winner % 2 else -1.0
        assert total[f"player_{seat}"] == expected


def test_points_reward_is_the_hands_left_scaled() -> None:
    e = env(3, "mattel", reward="points", points_scale=0.01)
    total = _play(e, _random(4), 4)
    state = e.unwrapped.arena.state
    winner = state.round_winner
    assert winner is not None
    left = [uno.hand_points(h, state.rules) for h in state.hands]
    assert left[winner] == 0
    assert total[f"player_{winner}"] == pytest.approx(0.01 * sum(left))
    for seat in range(3):
        if seat != winner:
            assert total[f"player_{seat}"] == pytest.approx(-0.01 * left[seat])


def _always_draw(mask: np.ndarray[Any, Any]) -> int:
    for token in (enc.DRAW, enc.PASS, enc.NOOP):
        if mask[token]:
            return token
    return int(np.flatnonzero(mask)[0])


def test_a_policy_that_always_draws_gets_no_free_draw() -> None:
    # Everyone draws whenever allowed: rounds stick (C15) or run to max_actions, and
    # such a round is a loss for every seat, never a reward of 0.
    e = env(2, "mattel", max_actions=400)
    outcomes = []
    for seed in range(4):
        total = _play(e, _always_draw, seed)
        arena = e.unwrapped.arena
        if arena.state.round_winner is None:
            assert total == {"player_0": -1.0, "player_1": -1.0}
            outcomes.append("truncated" if arena.truncated else "stuck")
        else:
            assert sorted(total.values()) == [-1.0, 1.0]
            outcomes.append("won")
    assert "won" not in outcomes or len(set(outcomes)) > 1
    assert any(o != "won" for o in outcomes)


def test_truncation_sets_truncations_not_terminations() -> None:
    e = raw_env(2, "mattel", max_actions=3)
    e.reset(seed=0)
    while not any(e.truncations.values()):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.rewards == {"player_0": -1.0, "player_1": -1.0}


def test_an_illegal_token_loses_or_raises() -> None:
    e = raw_env(2, "mattel")
    e.reset(seed=0)
    agent = e.agent_selection
    e.step(enc.NOOP)  # never legal on a turn
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0 and sum(e.rewards.values()) == -1.0
    assert e.infos[agent] == {"illegal_token": 0}
    strict = raw_env(2, "mattel", illegal="raise")
    strict.reset(seed=0)
    before = strict.unwrapped.arena.state
    with pytest.raises(ValueError, match=r"token 0 \(no-op\) leads to no legal action"):
        strict.step(enc.NOOP)
    assert strict.unwrapped.arena.state is before


@pytest.mark.parametrize("action", [1.5, "x", True])
def test_an_action_that_is_no_token_is_a_type_error_and_changes_nothing(action: object) -> None:
    """A float, a string or a bool is not a token (before: ``int()`` took 1.5 as 1, and
    "x" raised int()'s own error): a TypeError naming it, nothing changed."""
    e = raw_env(2, "mattel")
    e.reset(seed=0)
    before = e.unwrapped.arena.state
    with pytest.raises(TypeError, match="an action is a token, a whole number from 0 to 148"):
        e.step(action)  # type: ignore[arg-type]
    assert e.unwrapped.arena.state is before and not any(e.terminations.values())


def test_bad_options_are_refused() -> None:
    with pytest.raises(
        ValueError, match="render_mode is None, 'ansi', 'human' or 'rgb_array', not 'rgb'"
    ):
        raw_env(2, render_mode="rgb")
    with pytest.raises(ValueError, match="players is 2 to 10, not 11"):
        raw_env(11)
    with pytest.raises(ValueError, match="reward is 'win' or 'points', not 'score'"):
        raw_env(2, reward="score")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="illegal is 'lose' or 'raise'"):
        raw_env(2, illegal="ignore")  # type: ignore[arg-type]


def test_a_jump_in_is_offered_out_of_turn_with_a_no_op() -> None:
    rules = _rules("mattel", jump_in=True)
    state = uno.State.from_position("R1,G2,B3/Y5,R9,B7/R5,G7,G8 R5 red 1+ play *", rules=rules)
    arena = Arena(3, rules)
    arena.start(state)
    # P2 holds the top card R5: the window opens for P2 before P1 plays.
    assert arena.actor == 2 and arena.interjecting
    r5 = enc.play_token(uno.Card.parse("R5"))
    assert enc.NOOP in arena.tokens() and r5 in arena.tokens()
    arena.step(enc.NOOP)  # P2 declines: P1's turn
    assert arena.actor == 1 and not arena.interjecting
    assert enc.NOOP not in arena.tokens()
    arena.start(state)
    assert arena.step(r5) == uno.Play(2, "R5")  # P2 jumps in
    assert arena.state.top_card == uno.Card.parse("R5") and arena.state.current_player == 0


def test_a_forgotten_uno_opens_a_catch_window_for_the_others() -> None:
    state = uno.State.from_position("R1,G2/Y5,R9,B7/G7,G8,B1 R5 red 0+ play *")
    arena = Arena(3, "mattel")
    arena.start(state)
    assert arena.step(enc.play_token(uno.Card.parse("R1"))) is None  # with UNO or not?
    assert arena.step(enc.STOP) == uno.Play(0, "R1")
    # P0 holds one card without calling: P2 and then P1... the window runs clockwise
    # from the seat after the current player (P1), so P2 is offered first.
    assert arena.state.current_player == 1
    assert arena.actor == 2 and arena.interjecting
    assert enc.catch_token(1) in arena.tokens()  # P0 is one seat on from P2
    assert arena.step(enc.catch_token(1)) == uno.CatchUno(2, 0)
    assert len(arena.state.hands[0]) == 3
    assert arena.actor == 1 and not arena.interjecting


def test_only_useful_uno_calls_are_offered() -> None:
    state = uno.State.from_position("R1,G2/Y5,R9,B7 R5 red 0+ play *")
    arena = Arena(2, "mattel")
    arena.start(state)
    assert enc.CALL not in arena.tokens()  # two cards: a call changes nothing
    arena.step(enc.play_token(uno.Card.parse("R1")))
    arena.step(enc.STOP)
    # P0 holds one card and owes the call: its window comes first (clockwise from the
    # seat after the current player P1), with the call and a no-op.
    assert arena.actor == 0 and arena.interjecting
    assert arena.tokens() == (enc.NOOP, enc.CALL)
    arena.step(enc.NOOP)
    # P1's turn: it may catch P0 (one seat on).
    assert arena.actor == 1 and not arena.interjecting
    assert enc.catch_token(1) in arena.tokens()
    arena.start(state)
    arena.step(enc.play_token(uno.Card.parse("R1")))
    arena.step(enc.STOP)
    assert arena.step(enc.CALL) == uno.CallUno(0)
    assert arena.actor == 1 and enc.catch_token(1) not in arena.tokens()
    assert enc.CALL not in arena.tokens()


def test_interjections_can_be_turned_off() -> None:
    rules = _rules("mattel", jump_in=True)
    state = uno.State.from_position("R1,G2,B3/Y5,R9,B7/R5,G7,G8 R5 red 1+ play *", rules=rules)
    arena = Arena(3, rules, interjections=False)
    arena.start(state)
    assert arena.actor == 1 and not arena.interjecting


def test_multi_token_actions_keep_the_same_agent_and_show_their_prefix() -> None:
    e = raw_env(2, "mattel")
    e.reset(seed=0)
    state = uno.State.from_position("R1,G2/Y5,R9,B7 R5 red 0+ play *")
    e.arena.start(state)
    e.agent_selection = "player_0"
    e.step(enc.play_token(uno.Card.parse("R1")))
    assert e.agent_selection == "player_0"
    seen = e.observe("player_0")
    assert np.flatnonzero(seen["action_mask"]).tolist() == [enc.UNO, enc.STOP]
    prefix = seen["observation"][obs.SEGMENTS["prefix"]]
    assert np.flatnonzero(prefix).tolist() == [enc.play_token(uno.Card.parse("R1"))]
    other = e.observe("player_1")
    assert np.flatnonzero(other["action_mask"]).tolist() == [enc.NOOP]
    assert not other["observation"][obs.SEGMENTS["prefix"]].any()


def test_observations_hide_what_the_player_may_not_know() -> None:
    a = uno.State.from_position("R1,G2,B3/Y5,R9,B7/G7,G8,B1 *,R5 red 0+ play R2,R3,R4")
    b = uno.State.from_position("R1,G2,B3/Y1,Y2,Y3/B8,B9,G1 *,R5 red 0+ play R4,R3,R2")
    for arena_state in (a, b):
        assert arena_state.hands[0] == a.hands[0]
    ea, eb = Arena(3), Arena(3)
    ea.start(a)
    eb.start(b)
    assert (obs.encode_arena(ea, 0) == obs.encode_arena(eb, 0)).all()
    assert not (obs.encode_arena(ea, 1) == obs.encode_arena(eb, 1)).all()


def test_the_fast_encoding_equals_the_encoding_of_the_view() -> None:
    rules = _rules("mattel", teams=2)
    arena = Arena(4, rules)
    arena.reset(seed=11)
    rng = random.Random(3)
    for _ in range(60):
        if arena.done:
            break
        for seat in range(4):
            acting = arena.actor == seat
            slow = obs.encode(
                uno.observe(arena.state, seat),
                played=arena.played,
                drawn=arena.drawn,
                prefix=arena.builder.prefix if acting else (),
                interjecting=arena.interjecting and acting,
                rules=rules,
            )
            assert (obs.encode_arena(arena, seat) == slow).all()
        tokens = arena.tokens()
        arena.step(tokens[rng.randrange(len(tokens))])


def test_observation_segments_read_the_table() -> None:
    state = uno.State.from_position("R1,R1,W/Y5,R9/G7,G8,B1,B2 R5 red 1- play *")
    arena = Arena(3)
    arena.start(state)
    vec = obs.encode_arena(arena, 1)
    seg = obs.SEGMENTS
    hand = vec[seg["hand"]]
    assert hand[uno.Card.parse("Y5").index] == 1 and hand.sum() == 2
    assert vec[seg["hand_sizes"]].tolist()[:4] == [2, 4, 3, 0]  # P1, P2, P0, no seat
    assert vec[seg["seats"]].tolist()[:4] == [1, 1, 1, 0]
    assert vec[seg["top"]].argmax() == uno.Card.parse("R5").index
    assert vec[seg["color"]].tolist() == [1, 0, 0, 0]
    assert vec[seg["direction"]].tolist() == [0]
    assert vec[seg["to_act"]].tolist()[:3] == [1, 0, 0]
    assert vec[seg["phase"]].tolist() == [1, 0, 0, 0, 0, 0, 0]


def test_history_counts_cards_played_and_drawn_per_seat() -> None:
    state = uno.State.from_position("R1,G2/Y5,B9,B7 R5 red 1+ play *")
    arena = Arena(2)
    arena.start(state)
    arena.step(enc.DRAW)  # P1 cannot play on R5: draws
    drawn = arena.drawn[1]
    assert drawn == 1
    while arena.actor == 1 and not arena.done:
        arena.step(enc.PASS if enc.PASS in arena.tokens() else arena.tokens()[0])
    arena.step(enc.play_token(uno.Card.parse("R1")))
    if not arena.done and arena.builder.prefix:
        arena.step(enc.STOP)
    assert arena.played[0][uno.Card.parse("R1").index] == 1
    vec = obs.encode_arena(arena, 1)
    assert vec[obs.SEGMENTS["drawn_count"]].tolist()[:2] == [1, 0]
    played = vec[obs.SEGMENTS["played"]].reshape(10, 56)
    assert played[1][uno.Card.parse("R1").index] == 1  # P0 is one seat on from P1


def test_render_ansi_and_human(capsys: pytest.CaptureFixture[str]) -> None:
    e = env(2, "mattel", render_mode="ansi")
    e.reset(seed=5)
    text = e.render()
    assert text.startswith("round 1 | play | P") and "P1 (7): " in text
    h = env(2, "mattel", render_mode="human")
    h.reset(seed=5)
    assert capsys.readouterr().out.strip() == text  # "human" renders on reset too
    assert h.render() is None
    assert capsys.readouterr().out.strip() == text


@pytest.mark.parametrize("profile", ["mattel-108", "swedish", "danish"])
def test_the_history_accounts_for_every_card_in_every_hand(profile: str) -> None:
    # Without hand exchanges, a hand is what was dealt, plus what the seat drew, less
    # what it laid: the history (public) adds up to the hand sizes (public) throughout.
    rules = uno.get_profile(profile)
    checked = 0
    for seed in range(12):
        arena = Arena(3, rules, skip_forced=False, max_actions=200)
        arena.reset(seed=seed)
        dealt = [rules.hand_size] * 3  # a first Draw Two's cards count as drawn
        rng = random.Random(seed)
        while not arena.done:
            tokens = arena.tokens()
            arena.step(tokens[rng.randrange(len(tokens))])
            expected = [dealt[k] + arena.drawn[k] - int(sum(arena.played[k])) for k in range(3)]
            assert expected == [len(h) for h in arena.state.hands]
            checked += 1
    assert checked > 500


def test_a_wild_draw_four_taken_back_leaves_the_history() -> None:
    # Danish (C10): a bluff challenged goes back to the offender, who draws 2.
    state = uno.State.from_position("R1,R2,W+4/G5,G6,G7 R5 red 0+ play *", rules="danish")
    arena = Arena(2, "danish", skip_forced=False)
    arena.start(state)
    wd4 = uno.Card.parse("W+4")
    arena.step(enc.play_token(wd4, uno.Color.GREEN))
    assert arena.played[0][wd4.index] == 1
    assert arena.step(enc.CHALLENGE) == uno.Challenge(1)
    assert wd4 in arena.state.hands[0]
    assert arena.played[0][wd4.index] == 0
    assert arena.drawn == [2, 0]


def test_an_agent_eliminated_by_the_round_gets_the_losers_reward() -> None:
    # RULES.md E74: P0 goes out; P1 reaches 505 and is eliminated.
    rules = uno.SWEDISH.but(scoring=uno.Scoring.ELIMINATION)
    e = raw_env(3, rules, match=True, skip_forced=False)
    e.reset(seed=0)
    position = "R1/G7,G8/Y9,Y8,Y7,Y6 R5 red 0+ play * scores=480,490,100"
    e.arena.start(uno.State.from_position(position, rules=rules))
    e.agent_selection = "player_0"
    e.step(enc.play_token(uno.Card.parse("R1")))
    assert e.rewards == {"player_0": 1.0, "player_1": -0.5, "player_2": -0.5}
    assert e.terminations["player_1"] and e.agent_selection == "player_1"
    assert e.last()[1] == -0.5  # it sees its reward before it leaves


def _pending_reward_table() -> Any:
    """A match table right after a round's end, its agent's reward not yet seen."""
    e = env(2, "mattel", match=True, illegal="raise")
    e.reset(seed=0)
    e.unwrapped.arena.start(uno.State.from_position("R1/G7,G8,B1 R5 red 1+ play *"))
    e.unwrapped.agent_selection = "player_1"  # it could not play on R5: it drew R0
    e.step(enc.PASS)
    e.step(enc.play_token(uno.Card.parse("R1")))  # P0 goes out
    assert e.unwrapped.arena.state.round == 1
    return e


@pytest.mark.parametrize("action", ["x", enc.CHALLENGE])
def test_a_refused_step_keeps_the_rewards_not_yet_seen(action: object) -> None:
    e = _pending_reward_table()
    agent = e.agent_selection
    seen = e.last()[1]
    rewards = dict(e.rewards)
    assert rewards == {"player_0": 1.0, "player_1": -1.0} and seen == rewards[agent]
    with pytest.raises(TypeError if isinstance(action, str) else ValueError):
        e.step(action)
    assert (e.last()[1], e.rewards) == (seen, rewards)


def test_a_stuck_match_is_truncated_after_max_rounds() -> None:
    e = env(2, "mattel", match=True, max_rounds=3)
    e.reset(seed=0)
    for _ in e.agent_iter(10_000):
        observation, _, termination, truncation, _ = e.last()
        mask = np.flatnonzero(observation["action_mask"])
        draw = enc.DRAW if enc.DRAW in mask else enc.PASS if enc.PASS in mask else int(mask[0])
        e.step(None if termination or truncation else draw)
    assert not e.agents and e.unwrapped.arena.rounds_played == 3
    assert e.unwrapped.arena.truncated and e.unwrapped.arena.state.scores == (0, 0)


def test_reset_deals_again_when_nobody_would_decide() -> None:
    # One card each, no voluntary draw: seed 1's first deal ends with forced moves only.
    e = raw_env(2, uno.MATTEL.but(hand_size=1, voluntary_draw=False))
    e.reset(seed=1)
    assert not e.arena.done and e.agent_selection == f"player_{e.arena.actor}"


def test_rounds_that_end_at_reset_are_paid_at_once() -> None:
    e = raw_env(2, uno.MATTEL.but(hand_size=1, voluntary_draw=False, target=100), match=True)
    e.reset(seed=3)
    assert (e.arena.state.round, e.arena.state.scores) == (1, (0, 40))  # P1 won round 0
    assert e.rewards == {"player_0": -1.0, "player_1": 1.0}
    assert e.agent_selection == "player_0" and e.last()[1] == -1.0


def test_a_uno_call_owed_shows_in_the_observation() -> None:
    # Swedish window: a call still open is not yet exposed; the legal actions differ.
    tables = []
    for extra in (" uno=0", ""):
        state = uno.State.from_position("R1/B1,B2,B3 R5 red 0+ play *" + extra, rules="swedish")
        arena = Arena(2, "swedish")
        arena.start(state)
        tables.append((arena.offered, obs.encode_arena(arena, 0), obs.encode_arena(arena, 1)))
    (owed, vec, other), (done, vec2, other2) = tables
    assert uno.CallUno(0) in owed and uno.CallUno(0) not in done
    seg = obs.SEGMENTS
    assert vec[seg["uno_open"]].tolist()[:2] == [1, 0] and not vec2[seg["uno_open"]].any()
    assert other[seg["uno_open"]].tolist()[:2] == [0, 1]  # public: P0 is one seat on
    assert not vec[seg["exposed"]].any()
    assert (vec != vec2).sum() == 1 and (other != other2).sum() == 1


def test_an_overdue_call_and_the_reverse_lock_show_in_the_observation() -> None:
    state = uno.State.from_position(
        "R1,GR/B1,B2,B3/G5 RR red 0+ play * overdue=2 lock=0", rules="swedish"
    )
    arena = Arena(3, "swedish")
    arena.start(state)
    seg = obs.SEGMENTS
    mine = obs.encode_arena(arena, 0)
    assert mine[seg["uno_overdue"]].tolist()[:3] == [0, 0, 1]
    assert mine[seg["answer_lock"]].tolist()[:3] == [1, 0, 0]
    theirs = obs.encode_arena(arena, 1)
    assert theirs[seg["uno_overdue"]].tolist()[:3] == [0, 1, 0]
    assert theirs[seg["answer_lock"]].tolist()[:3] == [0, 0, 1]
    for seat in range(3):
        view = obs.encode(
            uno.observe(state, seat),
            played=arena.played,
            drawn=arena.drawn,
            interjecting=arena.interjecting and arena.actor == seat,
            rules=arena.rules,
        )
        assert (obs.encode_arena(arena, seat) == view).all()


def _after_a_g7(p2: str, **options: Any) -> list[str]:
    """Who is asked, in order, after P0 lays G7 (P2 holding ``p2``), up to P1's turn."""
    rules = _rules("mattel", jump_in=True)
    e = raw_env(3, rules, skip_forced=False, **options)
    e.reset(seed=0)
    e.arena.start(
        uno.State.from_position(f"G7,R1,R2/Y5,Y6,Y8/{p2} G4 green 0+ play *", rules=rules)
    )
    e.agent_selection = f"player_{e.arena.actor}"
    while e.arena.interjecting:  # with ask_all, a window before P0's first decision
        e.step(enc.NOOP)
    seen = [e.agent_selection]
    e.step(enc.play_token(uno.Card.parse("G7")))
    seen.append(e.agent_selection)
    while e.arena.interjecting:
        e.step(enc.NOOP)
        seen.append(e.agent_selection)
    return seen


def test_a_jump_in_window_shows_who_holds_the_card_unless_every_seat_is_asked() -> None:
    assert _after_a_g7("G7,B1,B2") == ["player_0", "player_2", "player_1"]
    assert _after_a_g7("Y3,B1,B2") == ["player_0", "player_1"]  # the leak, documented
    for p2 in ("G7,B1,B2", "Y3,B1,B2"):
        assert _after_a_g7(p2, ask_all=True) == [
            "player_0",
            "player_2",
            "player_0",
            "player_1",
        ]


def test_with_ask_all_a_seat_with_nothing_to_take_is_offered_only_the_no_op() -> None:
    rules = _rules("mattel", jump_in=True)
    e = raw_env(3, rules, ask_all=True)
    e.reset(seed=0)
    e.arena.start(
        uno.State.from_position("G7,R1,R2/Y5,Y6,Y8/Y3,B1,B2 G4 green 0+ play *", rules=rules)
    )
    e.agent_selection = f"player_{e.arena.actor}"
    assert [e.agent_selection, e.arena.interjecting] == ["player_1", True]
    assert np.flatnonzero(e.observe("player_1")["action_mask"]).tolist() == [enc.NOOP]
    e.step(enc.NOOP)
    e.step(enc.NOOP)
    e.step(enc.play_token(uno.Card.parse("G7")))
    assert e.agent_selection == "player_2" and e.arena.interjecting
    assert np.flatnonzero(e.observe("player_2")["action_mask"]).tolist() == [enc.NOOP]


def test_api_and_seed_tests_pass_when_every_seat_is_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = _rules("mattel", jump_in=True)
    with _dict_obs_warnings_allowed():
        api_test(env(3, rules, ask_all=True), num_cycles=200)
        seed_test(lambda: env(3, rules, ask_all=True), num_cycles=60)
    assert "Passed API test" in capsys.readouterr().out


def test_the_challenge_color_eliminations_and_lost_turns_are_observed() -> None:
    # Facing a Wild Draw Four laid on red, seat 1 out of the match, seat 2 losing its
    # next turn (the Swedish UNO penalty): all public, so in every seat's vector.
    rules = uno.SWEDISH.but(scoring=uno.Scoring.ELIMINATION, target=500)
    state = uno.State.from_position(
        "R1,G2/-/Y5,R9,B3 R5,W+4 blue 0+ challenge * challenge=2,guilty,red pending=4"
        " lost=2 out=1 scores=100,510,200",
        rules=rules,
    )
    arena = Arena(3, rules)
    arena.start(state)
    seg = obs.SEGMENTS
    for seat, eliminated, lost in ((0, [0, 1, 0], [0, 0, 1]), (2, [0, 0, 1], [1, 0, 0])):
        fast = obs.encode_arena(arena, seat)
        assert fast[seg["challenge_color"]].tolist() == [1, 0, 0, 0]  # red
        assert fast[seg["eliminated"]].tolist() == [*eliminated, *[0] * 7]
        assert fast[seg["lost_turns"]].tolist() == [*lost, *[0] * 7]
        view = obs.encode(
            uno.observe(state, seat),
            played=arena.played,
            drawn=arena.drawn,
            interjecting=arena.interjecting and arena.actor == seat,
            rules=rules,
        )
        assert (fast == view).all()
    after = uno.apply(state, uno.Draw(0))  # the challenge is declined: no color to ask
    arena.start(after)
    assert not obs.encode_arena(arena, 0)[seg["challenge_color"]].any()
