"""unorules.agents.openspiel (issue 27, "OpenSpiel complete"): every player's information
state (string and tensor, with perfect recall) and observation, the game type (zero-sum
where the returns are), the resample's information state, and OpenSpiel's own
algorithms that need information states (IS-MCTS keyed on them, outcome-sampling MCCFR)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pyspiel
import pytest

import unorules as uno
import unorules.agents.openspiel as uos
from unorules.agents import _openspiel_resample as resampling
from unorules.agents import encoding as enc
from unorules.agents.arena import Arena
from unorules.sampling import consistent_state

C = uno.Card.parse


def _walk(params: dict[str, object], seed: int) -> Iterator[uos.UnoState]:
    """Every state of a random game (chance by its odds), from the initial state on."""
    state = pyspiel.load_game(uos.GAME_NAME, params).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


def _record(text: str) -> str:
    """The record part of an information-state string (what was seen before now)."""
    return text.split("| ", 1)[0]


def test_the_game_type_says_it_provides_information_states_and_observations() -> None:
    """Issue 27: the game had no information state (string or tensor), so CFR-family
    algorithms and NFSP could not run on it."""
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 3})
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert game.information_state_tensor_shape() == [uos.information_state_size(3)]
    assert game.observation_tensor_shape() == [uos.observation_size(3)]
    assert uos.information_state_size(3) == uos.observation_size(3) + uos.HISTORY * (3 + 149)


@pytest.mark.parametrize(("players", "rules"), [(2, "mattel"), (3, "danish")])
def test_every_player_has_an_information_state_and_an_observation_in_0_1(
    players: int, rules: str
) -> None:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": players, "rules": rules})
    info_size, obs_size = uos.information_state_size(players), uos.observation_size(players)
    for i, state in enumerate(_walk({"players": players, "rules": rules}, seed=players)):
        if i % 7 or state.is_chance_node():
            continue
        for p in range(players):
            info = np.asarray(state.information_state_tensor(p))
            obs = np.asarray(state.observation_tensor(p))
            assert info.shape == (info_size,) and obs.shape == (obs_size,)
            assert info.min() >= 0 and info.max() <= 1 and obs.min() >= 0 and obs.max() <= 1
            assert np.array_equal(info[:obs_size], obs)  # the view now, then the history
            text = state.information_state_string(p)
            assert text.endswith("| " + state.observation_string(p))
            assert text.startswith(f"p{p} seen: ")
    assert game.get_type().provides_information_state_tensor


@pytest.mark.parametrize(("players", "rules", "seed"), [(2, "mattel", 1), (3, "swedish", 2)])
def test_the_information_state_has_perfect_recall(players: int, rules: str, seed: int) -> None:
    """Perfect recall, both ways. A player never forgets: its record at a later moment
    extends its record at every earlier one, and it can tell each of its decisions from
    every earlier one. Two histories it cannot tell apart give the same string and
    tensor: a resample for that player (the hidden cards dealt again) has them."""
    records: list[list[str]] = [[] for _ in range(players)]
    decisions: list[set[str]] = [set() for _ in range(players)]
    params = {"players": players, "rules": rules, "max_moves": 300}
    for i, state in enumerate(_walk(params, seed)):
        texts = [state.information_state_string(p) for p in range(players)]
        for p in range(players):
            record = _record(texts[p])
            assert all(record.startswith(old) for old in records[p][-3:])
            records[p].append(record)
        actor = state.current_player()
        if actor >= 0:
            assert texts[actor] not in decisions[actor]  # a new decision, told apart
            decisions[actor].add(texts[actor])
        if i % 5 or state.is_terminal():
            continue
        for p in range(players):
            guess = state.resample_from_infostate(p, random.Random(10 * i + p).random)
            assert guess.information_state_string(p) == texts[p]
            assert np.array_equal(
                np.asarray(guess.information_state_tensor(p)),
                np.asarray(state.information_state_tensor(p)),
            )
            if guess.arena is not None and state.arena is not None:
                for q in range(players):  # a hand the player cannot see told apart
                    if q != p and guess.arena.state.hands[q] != state.arena.state.hands[q]:
                        assert guess.information_state_string(q) != texts[q]
    assert all(len(d) > 5 for d in decisions)


def test_a_hand_shown_by_a_challenge_is_remembered_after_it_is_played() -> None:
    """Perfect recall: a bluff challenged shows the offender's hand to the challenger
    (Mattel R7.3); the challenger's information state keeps what it saw after the
    cards are laid and its observation no longer shows them; the offender's does not
    say what the challenger saw."""
    rules = uno.MATTEL.but(hand_size=3)
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2, "hand_size": 3})
    state = game.new_initial_state()
    state.dealer = 1
    state.arena = Arena(2, rules, max_actions=10**9)
    state.arena.start(uno.State.from_position("W+4,R1,G5/G2,G3 *,R7 red 0+ play -", rules=rules))
    for token in enc.encode(uno.Play(0, "W+4", "blue"), 2):
        state.apply_action(token)
    state.apply_action(enc.CHALLENGE)  # P0 bluffed: shows R1 G5 to P1, draws four
    for card in ("B1", "B2", "B3", "B4"):
        state.apply_action(C(card).index)
    assert "knows P0:R1,G5" in state.information_state_string(1)
    assert "knows P0:R1,G5" in state.observation_string(1)
    assert "got B1 B2 B3 B4" in state.information_state_string(0)
    assert "B1" not in state.information_state_string(1)
    # P1 draws; P0 lays R1 (it knows the color is blue: it lays B1 first), then ...
    for token in enc.encode(uno.Draw(1), 2):
        state.apply_action(token)
    state.apply_action(C("Y9").index)
    while state.current_player() == 1:
        state.apply_action(enc.PASS if enc.PASS in state.legal_actions() else enc.NOOP)
    for token in enc.encode(uno.Play(0, "B1"), 2):
        state.apply_action(token)
    assert "knows P0:R1,G5" in state.information_state_string(1)


def test_a_redeal_records_each_player_s_whole_new_hand() -> None:
    """Perfect recall through a Wild Shuffle Hands (R8.2): the cards a player got are not
    enough when cards also went (a redeal can give back a card it had), so the record
    holds the whole new hand."""
    rules = uno.MATTEL
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2})
    state = game.new_initial_state()
    state.dealer = 1
    state.arena = Arena(2, rules, max_actions=10**9)
    state.arena.start(uno.State.from_position("R1,WS/B1,B2 *,R5 red 0+ play -", rules=rules))
    for token in enc.encode(uno.Play(0, "WS", "red", uno=True), 2):
        state.apply_action(token)
    for card in ("R1", "B1", "B2"):  # to P1, P0, P1
        state.apply_action(C(card).index)
    assert not state.is_chance_node()
    assert "; hand B1; " in state.information_state_string(0)
    assert "; hand R1 B2; " in state.information_state_string(1)


def test_the_game_is_zero_sum_where_a_round_without_a_winner_is_a_draw() -> None:
    """Issue 27: the game declared itself general-sum even where it is zero-sum. A round
    won gives the winner's side +1 and the others -1 shared (sum 0); a round without a
    winner (cut off at ``max_moves``, or stuck) is a loss for every side by default
    (general-sum), or with ``no_winner="draw"`` 0 for everyone: zero-sum."""
    default = pyspiel.load_game(uos.GAME_NAME, {"players": 2})
    assert default.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    for players in (2, 3):
        game = pyspiel.load_game(uos.GAME_NAME, {"players": players, "no_winner": "draw"})
        assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game.utility_sum() == 0.0
        for seed in range(3):
            *_, end = _walk({"players": players, "no_winner": "draw"}, seed)
            assert sum(end.returns()) == pytest.approx(0.0) and max(end.returns()) == 1.0
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    *_, cut = _walk({"players": 2, "no_winner": "draw", "max_moves": 5}, 0)
    assert cut.arena is not None and cut.arena.truncated
    assert cut.returns() == [0.0, 0.0]
    *_, cut = _walk({"players": 2, "max_moves": 5}, 0)
    assert cut.returns() == [-1.0, -1.0]


def test_a_smaller_hand_size_is_a_game_parameter() -> None:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2, "hand_size": 2})
    state = next(s for s in _walk({"players": 2, "hand_size": 2}, 0) if s.arena is not None)
    assert state.arena is not None
    assert min(len(h) for h in state.arena.state.hands) >= 2
    assert len(state.dealt) == 4
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    with pytest.raises(ValueError, match=r"hand_size is 0 .* not -1"):
        pyspiel.load_game(uos.GAME_NAME, {"players": 2, "hand_size": -1})


def test_a_resample_deals_through_the_library_s_consistent_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 27: the resampler deals every try through the library's ``consistent_state``
    (the one builder of a state a player cannot tell from the real one), for the player
    deciding as for any other."""
    calls: list[int] = []

    def counted(view: uno.View, **kwargs: object) -> uno.State:
        calls.append(view.player)
        return consistent_state(view, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(resampling, "consistent_state", counted)
    state = next(s for s in _walk({"players": 2}, 3) if s.arena is not None)
    actor = state.current_player()
    for p in (actor, 1 - actor):
        state.resample_from_infostate(p, random.Random(p).random)
    assert sorted(calls) == sorted([actor, 1 - actor])


def test_ismcts_keyed_on_information_states_plays_a_round_to_the_end() -> None:
    """OpenSpiel's IS-MCTS on the information-state string (its default key), which
    asserts that every resample has the real state's key and, without
    ``allow_inconsistent_action_sets``, that a key always offers the same actions."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2, "max_moves": 60})
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        uct_c=2.0,
        max_simulations=5,
        random_state=np.random.RandomState(1),
    )
    state = game.new_initial_state()
    rng = random.Random(3)
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.current_player() == 0:
            searched += len(state.legal_actions()) > 1
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched > 0


def test_outcome_sampling_mccfr_runs_on_information_states() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game(
        uos.GAME_NAME, {"players": 2, "hand_size": 2, "max_moves": 20, "no_winner": "draw"}
    )
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    policy = solver.average_policy()
    state = next(s for s in _walk(dict(game.get_parameters()), 1) if s.current_player() >= 0)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)


def test_the_algorithms_runner_runs() -> None:
    """``benchmarks/openspiel_algorithms.py --quick``: evaluate_bots, IS-MCTS and MCCFR,
    each a line of figures."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "openspiel_algorithms.py"
    done = subprocess.run(
        [sys.executable, str(script), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(",")[0] for line in lines] == [
        "evaluate_bots",
        "IS-MCTS (3 simulations",
        "outcome-sampling MCCFR",
    ]
    assert "information states visited" in lines[2]
