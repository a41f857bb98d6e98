"""unorules.openspiel: OpenSpiel's random_sim_test with serialization, and the chance
nodes (the deal and every draw) with their probabilities."""

from __future__ import annotations

import random
from collections import Counter

import pyspiel
import pytest

import unorules as uno
import unorules.openspiel as uos
from unorules import encoding as enc


@pytest.mark.parametrize(
    ("players", "sims", "rules"), [(2, 2, "mattel"), (4, 1, "swedish"), (10, 1, "danish")]
)
def test_random_sim_test_passes_with_serialization(players: int, sims: int, rules: str) -> None:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": players, "rules": rules, "max_moves": 400})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _dealt(players: int, seed: int) -> pyspiel.State:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": players})
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    return state


def test_the_deal_is_chance_with_the_decks_odds() -> None:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)  # P1 deals
    first = dict(state.chance_outcomes())
    deck = Counter(uno.build_deck())
    assert first == {card.index: deck[card] / 112 for card in deck}
    wild = uno.Card.parse("W").index
    state.apply_action(wild)
    assert dict(state.chance_outcomes())[wild] == pytest.approx(3 / 111)
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_a_draw_is_a_chance_node_over_the_pile() -> None:
    state = _dealt(2, seed=3)
    assert not state.is_chance_node()
    arena = state.arena
    seat = state.current_player()
    assert seat == arena.state.current_player
    while enc.DRAW not in state.legal_actions():  # decline windows until the turn
        state.apply_action(enc.NOOP)
    pile = Counter(arena.state.draw_pile)
    before = len(arena.state.hands[seat])
    state.apply_action(enc.DRAW)
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    size = sum(pile.values())
    assert outcomes == {card.index: count / size for card, count in pile.items()}
    card = min(pile, key=lambda c: c.index)
    state.apply_action(card.index)
    assert not state.is_chance_node()
    hand = state.arena.state.hands[seat]
    assert len(hand) == before + 1 and card in hand


def test_a_game_serializes_and_comes_back_equal() -> None:
    state = _dealt(3, seed=5)
    rng = random.Random(1)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state)
    assert back.history() == state.history()


def test_a_round_cut_off_at_max_moves_is_a_loss_for_everyone() -> None:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2, "max_moves": 5})
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(state.legal_actions()[-1])
    assert state.returns() == [-1.0, -1.0]
    assert state.arena.truncated


def test_observations() -> None:
    state = _dealt(2, seed=2)
    seat = state.current_player()
    tensor = state.observation_tensor(seat)
    assert len(tensor) == 1522 and sum(tensor[:56]) == 7
    text = state.observation_string(seat)
    hand = " ".join(map(str, state.arena.state.hands[seat]))
    assert text.startswith(f"p{seat} hand {hand} | top ")
    assert " ".join(map(str, state.arena.state.hands[1 - seat])) not in text
