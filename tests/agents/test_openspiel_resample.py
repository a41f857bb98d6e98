"""UnoState.resample_from_infostate: a state the player cannot tell from the real one (its
observation, who decides, its legal actions), the hidden cards dealt again, the real
state untouched; and an IS-MCTS bot playing on it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import numpy as np
import pyspiel
import pytest

import unorules as uno
import unorules.agents.openspiel as uos
from unorules.agents import encoding as enc
from unorules.agents.arena import Arena

C = uno.Card.parse


def _sampler(seed: int) -> Callable[[], float]:
    return random.Random(seed).random


def _snapshot(state: pyspiel.State) -> tuple[object, ...]:
    """What a state is, as far as play goes (the arena's lazy caches left out)."""
    arena = state.arena
    players = state.num_players()
    return (
        str(state),
        state.history(),
        None if arena is None else arena.state,
        None if arena is None else (arena.actor, arena.interjecting, tuple(arena.prefix)),
        None if arena is None else ([list(row) for row in arena.played], list(arena.drawn)),
        state.pending,
        list(state.drawn),
        list(state.redealt),
        list(state.dealt),
        [state.observation_string(p) for p in range(players)],
        state.chance_outcomes() if state.is_chance_node() else state.legal_actions(),
    )


def _agrees(state: pyspiel.State, player: int, guess: pyspiel.State) -> None:
    """``guess`` looks like ``state`` to ``player`` (observation, who decides, options)."""
    assert isinstance(guess, uos.UnoState)
    assert guess.observation_string(player) == state.observation_string(player)
    assert np.array_equal(
        np.asarray(guess.observation_tensor(player)), np.asarray(state.observation_tensor(player))
    )
    assert guess.current_player() == state.current_player()
    assert guess.is_chance_node() == state.is_chance_node()
    assert guess.is_terminal() == state.is_terminal()
    if state.current_player() == player:
        assert guess.legal_actions() == state.legal_actions()
    if state.is_chance_node():
        assert sum(p for _, p in guess.chance_outcomes()) == pytest.approx(1.0)


def _play_out(state: pyspiel.State, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == state.num_players()


def _walk(rules: str, players: int, seed: int, max_moves: int) -> Iterator[pyspiel.State]:
    """Every state of a random game (chance by its odds), from the initial state on."""
    game = pyspiel.load_game(
        uos.GAME_NAME, {"players": players, "rules": rules, "max_moves": max_moves}
    )
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("rules", "seed"), [("mattel", 1), ("danish", 2), ("swedish", 3)])
def test_a_resample_agrees_with_every_player_s_observation(rules: str, seed: int) -> None:
    """Through a whole random game (the deal, draws, windows, challenges), every third
    state resampled for every player agrees with that player's observation and leaves
    the real state as it was; some of the resamples are played on to the end."""
    seen: Counter[str] = Counter()
    for i, state in enumerate(_walk(rules, 3, seed, max_moves=250)):
        if i % 3:
            continue
        before = _snapshot(state)
        for p in range(3):
            guess = state.resample_from_infostate(p, _sampler(100 * i + p))
            _agrees(state, p, guess)
            if i % 60 == 0:
                _play_out(guess, seed=i + p)
            arena = state.arena
            if arena is None:
                seen["dealing"] += 1
            elif state.is_chance_node():
                seen["pending"] += 1
            elif arena.interjecting:
                seen["window"] += 1
            if arena is not None and any(uno.observe(arena.state, p).known):
                seen["known"] += 1
        assert _snapshot(state) == before
    assert seen["dealing"] and seen["pending"]


def test_the_same_sampler_values_give_the_same_state() -> None:
    state = next(s for i, s in enumerate(_walk("mattel", 3, 4, 300)) if i > 40 and s.arena)
    calls: list[float] = []

    def counted(seed: int) -> Callable[[], float]:
        rng = random.Random(seed)

        def sample() -> float:
            calls.append(rng.random())
            return calls[-1]

        return sample

    a = state.resample_from_infostate(0, counted(7))
    assert len(calls) == 2  # exactly two draws: 32 bits each of the seed
    b = state.resample_from_infostate(0, counted(7))
    c = state.resample_from_infostate(0, counted(8))
    assert a.arena.state == b.arena.state and str(a) == str(b)
    assert a.arena.state.to_json() == b.arena.state.to_json()
    assert a.arena.state != c.arena.state
    values = iter([0.5, 0.25])
    d = state.resample_from_infostate(0, lambda: next(values))
    e = state.resample_from_infostate(0, iter([0.5, 0.25]).__next__)
    assert d.arena.state == e.arena.state


def test_a_resample_never_shows_the_real_hidden_cards() -> None:
    """Over many resamples for P0, the other hands and the draw pile are dealt again (never
    the real ones), P0's hand stays, and nothing of the real deal is kept."""
    state = next(s for i, s in enumerate(_walk("mattel", 3, 5, 300)) if i > 30 and s.arena)
    real = state.arena.state
    before = _snapshot(state)
    others: Counter[str] = Counter()
    for k in range(60):
        guess = state.resample_from_infostate(0, _sampler(k))
        s = guess.arena.state
        assert s.hands[0] == real.hands[0]
        assert [len(h) for h in s.hands] == [len(h) for h in real.hands]
        assert s.hands[1] != real.hands[1] and s.hands[2] != real.hands[2]
        assert s.draw_pile != real.draw_pile and s.seed != real.seed
        assert guess.dealt == [] and guess.history() == []
        others.update(s.hands[1])
    assert _snapshot(state) == before
    assert len(others) > 30  # the other hands take many kinds of cards, not a few
    text = pyspiel.serialize_game_and_state(guess.get_game(), guess)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(guess) and str(guess.clone()) == str(guess)


def test_a_hand_shown_by_a_challenge_stays_known_in_every_resample() -> None:
    """Mattel R7.3: a bluff challenged shows the offender's hand to the challenger. P1 then
    knows R1 and G5 in P0's hand: every resample for P1 puts them there, and the known
    cards are in P1's observation tensor."""
    state = _at("W+4,R1,G5/G2,G3 *,R7 red 0+ play -", "mattel", hand_size=3)
    _act(state, uno.Play(0, "W+4", "blue"))
    state.apply_action(enc.CHALLENGE)  # P1 challenges: P0 bluffed, shows R1 G5, draws four
    for card in ("B1", "B2", "B3", "B4"):
        state.apply_action(C(card).index)
    assert not state.is_chance_node()
    assert uno.observe(state.arena.state, 1).known[0] == (C("R1"), C("G5"))
    for k in range(20):
        guess = state.resample_from_infostate(1, _sampler(k))
        _agrees(state, 1, guess)
        held = Counter(guess.arena.state.hands[0])
        assert held[C("R1")] >= 1 and held[C("G5")] >= 1 and sum(held.values()) == 6
        _agrees(state, 0, state.resample_from_infostate(0, _sampler(k)))
    _play_out(state.resample_from_infostate(1, _sampler(99)), seed=1)


def test_a_danish_take_back_shows_the_hand_and_resamples_keep_it() -> None:
    """Danish (A6): a bluff taken back shows the hand; P1 knows P0's B2 afterwards."""
    position = "R1,B2/B1,G7 *,G7,W+4 blue 1+ challenge - pending=4 challenge=0,guilty,green"
    state = _at(position, "danish")
    state.apply_action(enc.CHALLENGE)
    for _ in range(2):
        state.apply_action(max(i for i, _ in state.chance_outcomes()))
    assert not state.is_chance_node()
    known = uno.observe(state.arena.state, 1).known[0]
    assert known
    for k in range(20):
        guess = state.resample_from_infostate(1, _sampler(k))
        _agrees(state, 1, guess)
        assert not Counter(known) - Counter(guess.arena.state.hands[0])


def test_a_resample_in_the_middle_of_a_draw_deals_the_rest_again() -> None:
    """P1 takes four (an honest Wild Draw Four), two of them drawn so far: a resample for
    either player is at the same chance node, two cards in, and plays on to the end."""
    state = _at("W+4,G5/G2,G3,G4 *,R7 red 0+ play -", "mattel", hand_size=2)
    _act(state, uno.Play(0, "W+4", "blue", uno=True))
    state.apply_action(enc.DRAW)  # P1 does not challenge: draws four
    state.apply_action(C("R1").index)
    state.apply_action(C("R2").index)
    assert state.is_chance_node() and state.drawn == [C("R1"), C("R2")]
    before = _snapshot(state)
    drawn: Counter[uno.Card] = Counter()
    for p in (0, 1):
        for k in range(15):
            guess = state.resample_from_infostate(p, _sampler(k))
            _agrees(state, p, guess)
            assert guess.pending == state.pending and len(guess.drawn) == 2
            drawn.update(guess.drawn)
            for _ in range(2):
                guess.apply_action(guess.chance_outcomes()[0][0])
            assert not guess.is_chance_node()
            assert len(guess.arena.state.hands[1]) == 7
            if k < 2:
                _play_out(guess, seed=k)
    assert _snapshot(state) == before
    assert len(drawn) > 5  # the two cards are dealt again, not the real R1 R2


def test_a_resample_during_the_deal_keeps_the_player_s_own_cards() -> None:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 3})
    state = game.new_initial_state()
    state.apply_action(2)  # P2 deals: P0 gets the 1st, 4th, ... card
    for card in ("R1", "G2", "B3", "Y4", "R5"):
        state.apply_action(C(card).index)
    for k in range(10):
        guess = state.resample_from_infostate(0, _sampler(k))
        _agrees(state, 0, guess)
        assert guess.dealer == 2 and guess.dealt[0] == C("R1") and guess.dealt[3] == C("Y4")
        assert len(guess.dealt) == 5
        if k < 2:
            _play_out(guess, seed=k)
    fresh = game.new_initial_state().resample_from_infostate(1, _sampler(0))
    assert fresh.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]


def test_a_resample_in_another_player_s_jump_in_window_keeps_that_window() -> None:
    """Jump-In (house rule): P1 may jump in with its R5 (a window, P1 decides). The seat
    that decides is public, so every resample for P0 gives P1 a card to jump in with;
    for P1 itself, its own hand decides."""
    state = _at("R1,G2,B3/R5,G7,B8 *,R5 red 0+ play -", "mattel", jump_in=True)
    arena = state.arena
    assert arena.actor == 1 and arena.interjecting
    for k in range(20):
        guess = state.resample_from_infostate(0, _sampler(k))
        _agrees(state, 0, guess)
        assert guess.arena.actor == 1 and guess.arena.interjecting
        assert C("R5") in guess.arena.state.hands[1]
        _agrees(state, 1, state.resample_from_infostate(1, _sampler(k)))


def test_a_challenge_after_a_catch_is_judged_on_the_hand_the_card_was_laid_from() -> None:
    """P0 lays a Wild Draw Four with only G5 left (no red: honest), forgets UNO, and P1
    catches it before deciding: P0 draws R1 R2. P1 knows the G5 (shown earlier), so in
    every world P1 can think of, the card was no bluff; judged on the hand after the
    catch, the red cards drawn would make it one."""
    state = _at("W+4,G5/G2,G3 *,R7 red 0+ play - known=1:0:G5", "mattel", hand_size=2)
    _act(state, uno.Play(0, "W+4", "blue"))
    assert state.arena.actor == 0 and state.arena.interjecting  # its window to call UNO
    state.apply_action(enc.NOOP)  # P0 lets it pass
    _act(state, uno.CatchUno(1, 0))
    state.apply_action(C("R1").index)
    state.apply_action(C("R2").index)
    real = state.arena.state
    assert real.phase is uno.Phase.CHALLENGE and len(real.hands[0]) == 3
    assert state.challenge_size == 1
    assert uno.observe(real, 0).challenge_bluff is False
    for k in range(30):
        guess = state.resample_from_infostate(1, _sampler(k))
        _agrees(state, 1, guess)
        assert uno.observe(guess.arena.state, 0).challenge_bluff is False
    guilty = {
        uno.observe(uno.sample_state(uno.observe(real, 1), seed=k), 0).challenge_bluff
        for k in range(30)
    }
    assert guilty == {True, False}  # what the hand after the catch would say


def test_resample_refuses_a_bad_seat_or_sampler() -> None:
    state = pyspiel.load_game(uos.GAME_NAME).new_initial_state()
    with pytest.raises(ValueError, match="player_id is a seat from 0 to 1, not 2"):
        state.resample_from_infostate(2, _sampler(0))
    for bad in (-1, True, 1.0, "0", None):
        with pytest.raises(ValueError, match="player_id is a seat from 0 to 1"):
            state.resample_from_infostate(bad, _sampler(0))
    assert state.resample_from_infostate(np.int64(1), _sampler(0)).is_chance_node()
    with pytest.raises(ValueError, match=r"a float in \[0, 1\), not 1.0"):
        state.resample_from_infostate(0, lambda: 1.0)
    with pytest.raises(ValueError, match=r"a float in \[0, 1\), not 'x'"):
        state.resample_from_infostate(0, lambda: "x")


def test_an_ismcts_bot_plays_a_game_to_the_end() -> None:
    """OpenSpiel's IS-MCTS (the Python ``ISMCTSBot``, which calls the state's
    ``resample_from_infostate`` at every simulation and asserts that the sample has the
    real state's key) plays P0 against a random P1 to the end of a short round."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2, "max_moves": 50})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=6,
        random_state=np.random.RandomState(1),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    rng = random.Random(2)
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            searched += len(state.legal_actions()) > 1
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched > 0 and len(state.returns()) == 2


def _act(state: pyspiel.State, action: uno.Action) -> None:
    """Take ``action`` by its tokens (and the stop that ends it, if it could go on)."""
    for token in enc.encode(action, state.num_players()):
        state.apply_action(token)
    if not state.is_chance_node() and state.arena.prefix:
        state.apply_action(enc.STOP)


def _at(position: str, profile: str, **changes: object) -> pyspiel.State:
    """An OpenSpiel state in the middle of a round, from a position (dealer P1), under
    ``profile`` with ``changes`` (house rules, a smaller hand)."""
    rules = uno.get_profile(profile)
    if changes:
        rules = rules.but(**changes)
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2, "rules": profile})
    state = game.new_initial_state()
    state.dealer = 1
    state.arena = Arena(2, rules, max_actions=10**9)
    state.arena.start(uno.State.from_position(position, rules=rules))
    return state
