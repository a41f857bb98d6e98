"""unorules.agents.openspiel: OpenSpiel's random_sim_test with serialization, and the chance
nodes (the deal and every draw) with their probabilities."""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import pyspiel
import pytest

import unorules as uno
import unorules.agents.openspiel as uos
from unorules.agents import encoding as enc
from unorules.agents.arena import Arena


@pytest.mark.parametrize(
    ("players", "sims", "rules"), [(2, 2, "mattel"), (4, 1, "swedish"), (10, 1, "danish")]
)
def test_random_sim_test_passes_with_serialization(players: int, sims: int, rules: str) -> None:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": players, "rules": rules, "max_moves": 400})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _dealt(players: int, seed: int) -> pyspiel.State:
    game = pyspiel.load_game(uos.GAME_NAME, {"players": players})
    return _play_to_decision(game.new_initial_state(), seed)


def _play_to_decision(state: uos.UnoState, seed: int) -> uos.UnoState:
    """``state`` after its chance nodes, each outcome drawn at its odds."""
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, odds)[0])
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
    assert len(tensor) == uos.observation_size(2) == 455  # compact, in [0, 1]
    assert sum(tensor[:56]) * 4 == 7 and min(tensor) >= 0 and max(tensor) <= 1
    text = state.observation_string(seat)
    hand = " ".join(map(str, state.arena.state.hands[seat]))
    assert text.startswith(f"p{seat} hand {hand} | top ")
    assert " ".join(map(str, state.arena.state.hands[1 - seat])) not in text


def _at(position: str, rules: str) -> pyspiel.State:
    """An OpenSpiel state in the middle of a round, from a position (dealer P1)."""
    game = pyspiel.load_game(uos.GAME_NAME, {"players": 2, "rules": rules})
    state = game.new_initial_state()
    state.dealer = 1
    state.arena = Arena(2, rules, max_actions=10**9)
    state.arena.start(uno.State.from_position(position, rules=uno.get_profile(rules)))
    return state


def _drawn_by_chance(state: pyspiel.State) -> Counter[uno.Card]:
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    return Counter({uno.ALL_CARDS[i]: p for i, p in outcomes.items()})


def test_a_draw_two_laid_on_an_empty_pile_may_draw_the_card_it_covered() -> None:
    """The pile is rebuilt after the Draw Two is laid (R12.1, C13), so the old top card is
    in it: the chance node offers it, with the odds the library's rebuild gives."""
    state = _at("R+2,G1,G2/B1,R5 *,R5 red 0+ play -", "mattel")
    for token in enc.encode(uno.Play(0, "R+2"), 2):
        state.apply_action(token)
    odds = _drawn_by_chance(state)
    r5 = uno.Card.parse("R5")
    assert odds[r5] == pytest.approx(1 / 107)  # the R5 it covered (P1 holds the other)
    assert sum(odds.values()) == pytest.approx(1.0) and len(state.arena.state.hands[1]) == 2
    state.apply_action(r5.index)
    state.apply_action(uno.Card.parse("G0").index)
    assert not state.is_chance_node()
    assert [str(c) for c in state.arena.state.hands[1]] == ["R5", "R5", "G0", "B1"]


def test_a_danish_take_back_draws_from_the_pile_the_library_rebuilds() -> None:
    """The Danish sheet (A6): a Wild Draw Four taken back puts the card under it on top
    again, and the offender draws two from a pile rebuilt without that top card (C13);
    declining the challenge instead ends the take-back, so the card under the Wild Draw
    Four is in the rebuilt pile. The chance nodes offer what the library rebuilds."""
    g7 = uno.Card.parse("G7")
    position = "R1,B2/B1,G7 *,G7,W+4 blue 1+ challenge - pending=4 challenge=0,{},green"
    state = _at(position.format("guilty"), "danish")
    state.apply_action(enc.CHALLENGE)  # P1 challenges: P0 takes the W+4 back, draws two
    for _ in range(2):
        odds = _drawn_by_chance(state)
        assert g7 not in odds  # on top again (P1 holds the other G7)
        state.apply_action(max(odds, key=lambda c: c.index).index)
    assert not state.is_chance_node()
    assert state.arena.state.top_card == g7 and len(state.arena.state.hands[0]) == 5
    state = _at(position.format("honest"), "danish")
    state.apply_action(enc.DRAW)  # P1 takes the four cards
    assert _drawn_by_chance(state)[g7] == pytest.approx(1 / 103)  # all but the W+4 on top
    for _ in range(4):
        state.apply_action(max(_drawn_by_chance(state), key=lambda c: c.index).index)
    assert not state.is_chance_node()
    assert len(state.arena.state.hands[1]) == 6


def test_a_wild_shuffle_hands_redeal_is_dealt_by_chance_nodes() -> None:
    """R8.2: the pooled hands are shuffled and dealt from the player's left. The deal is
    chance, one pooled card per node, so no player can work it out from the game's
    public ``seed`` parameter; card ``i`` goes to the ``i``-th seat in dealing order."""
    state = _at("R1,WS/B1,B2 *,R5 red 0+ play -", "mattel")
    for token in enc.encode(uno.Play(0, "WS", "red", uno=True), 2):
        state.apply_action(token)
    r1, b1, b2 = (uno.Card.parse(c) for c in ("R1", "B1", "B2"))
    assert _drawn_by_chance(state) == {b1: pytest.approx(1 / 3), b2: 1 / 3, r1: 1 / 3}
    state.apply_action(r1.index)  # to P1 (dealing starts left of P0)
    assert _drawn_by_chance(state) == {b1: 0.5, b2: 0.5}
    state.apply_action(b1.index)  # to P0
    assert _drawn_by_chance(state) == {b2: 1.0}
    state.apply_action(b2.index)  # to P1
    assert not state.is_chance_node()
    hands = state.arena.state.hands
    assert [str(c) for c in hands[0]] == ["B1"] and [str(c) for c in hands[1]] == ["R1", "B2"]


def test_the_cards_a_first_draw_two_draws_are_chance_nodes() -> None:
    """R3.5 (``mattel``): a Draw Two turned up first makes the player left of the dealer
    draw two and lose the turn. Those two cards are chance nodes over the rest of the
    deck, as any draw: before, the generator seeded by the public ``seed`` drew them."""
    hands = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "G1", "G2", "G3", "G4", "G5", "G6", "G7"]
    outcomes = []
    for seed in (0, 1):
        game = pyspiel.load_game(uos.GAME_NAME, {"players": 2, "rules": "mattel", "seed": seed})
        state = game.new_initial_state()
        state.apply_action(1)  # P1 deals: P0 gets the 1st, 3rd, ... card
        for card in [*hands, "Y+2"]:
            state.apply_action(uno.Card.parse(card).index)
        odds = _drawn_by_chance(state)
        assert odds[uno.Card.parse("W+4")] == pytest.approx(4 / 97)
        for card in ("B9", "W+4"):
            state.apply_action(uno.Card.parse(card).index)
        assert not state.is_chance_node()
        arena = state.arena.state
        outcomes.append(([str(c) for c in arena.hands[0]], arena.current_player))
    assert (
        outcomes[0] == outcomes[1] == (["R1", "R3", "R5", "R7", "G2", "G4", "G6", "B9", "W+4"], 1)
    )


def test_a_card_effect_that_catches_exception_still_lets_chance_be_asked() -> None:
    """The probe that asks what a card drawn may be (``next_chance``) passes through a
    registered effect's ``except Exception``: the effect draws three for the next player."""
    from unorules._engine.general import next_chance

    def careful(ctx: uno.EffectContext) -> None:
        with contextlib.suppress(Exception):  # what a careless effect does
            ctx.draw(ctx.next_player, 3)

    uno.register_effect("test-careful-draw", careful, replace=True)
    rules = uno.MATTEL.but(customizable_effect="test-careful-draw", hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["WC", "R1"], ["G2", "G3"]], turned=["R5"])
    s = uno.new_game(2, rules, deal=deal)
    need = next_chance(s, uno.Play(0, "WC", "blue"))
    assert need is not None and len(need.cards) == s.draw_pile_size
    drawn = tuple(map(uno.Card.parse, ["B1", "B2", "B3"]))
    assert next_chance(s, uno.Play(0, "WC", "blue", drawn=drawn)) is None
    assert len(uno.apply(s, uno.Play(0, "WC", "blue")).hands[1]) == 5


def test_a_chance_outcome_that_cannot_come_is_refused_and_changes_nothing() -> None:
    for seed in range(100):  # a draw from a pile that lacks some kind of card
        state = _dealt(2, seed=seed)
        while enc.DRAW not in state.legal_actions():
            state.apply_action(enc.NOOP)
        state.apply_action(enc.DRAW)
        outcomes = dict(state.chance_outcomes())
        if len(outcomes) < 56:
            break
    impossible = next(i for i in range(56) if i not in outcomes)
    before = (state.history(), state.drawn, state.arena.state, state.moves)
    for bad in (impossible, 200):
        with pytest.raises(ValueError, match="is not a chance outcome here"):
            state.apply_action(bad)
    assert (state.history(), state.drawn, state.arena.state, state.moves) == before
    card = min(outcomes)
    state.apply_action(card)  # a card that may come is still dealt
    assert not state.is_chance_node()
    hands = state.arena.state.hands
    assert uno.cards.ALL_CARDS[card] in hands[0] + hands[1]


def test_the_deal_refuses_a_card_the_deck_has_no_more_of() -> None:
    state = pyspiel.load_game("python_unorules", {"players": 2}).new_initial_state()
    with pytest.raises(ValueError, match="seats possible now are \\[0, 1\\]"):
        state.apply_action(7)  # no seat 7 at a table of two
    state.apply_action(0)
    wild = uno.Card.parse("W").index
    for _ in range(4):
        state.apply_action(wild)
    with pytest.raises(ValueError, match="52 is not a chance outcome"):
        state.apply_action(wild)  # the deck has four
    assert state.dealt.count(uno.Card.parse("W")) == 4


def test_a_refused_move_is_not_counted_against_max_moves() -> None:
    game = pyspiel.load_game("python_unorules", {"players": 2, "max_moves": 4})
    state = _play_to_decision(game.new_initial_state(), seed=0)
    illegal = next(t for t in range(enc.N_TOKENS) if t not in state.legal_actions())
    for _ in range(3):
        with pytest.raises(ValueError):
            state.apply_action(illegal)
    assert state.moves == 0
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert replay.arena is not None and state.arena is not None
    assert replay.moves == state.moves and replay.arena.state == state.arena.state
    for _ in range(4):  # max_moves counts the four accepted moves, not the refusals
        state.apply_action(state.legal_actions()[0])
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
    assert state.moves == 4 and state.is_terminal()


def test_public_information_alone_is_refused_and_the_information_state_is_provided() -> None:
    """Issue 27: the game provides each player's information state (perfect recall) as
    well as its observation; an observer of public information only is still refused
    (it would be answered with the player's private cards)."""
    game = pyspiel.load_game("python_unorules", {"players": 2})
    state = _play_to_decision(game.new_initial_state(), seed=0)
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="only each player's own information"):
        game.make_py_observer(public_only)
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 0) == state.information_state_string(0)
    own = pyspiel.IIGObservationType(
        perfect_recall=False,
        public_info=True,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
    )
    observer = game.make_py_observer(own)
    assert observer.string_from(state, 0) == state.observation_string(0)


@pytest.mark.parametrize(("params", "words"), [
    ({"max_moves": 0}, "max_moves is at least 1, not 0"),
    ({"max_moves": -5}, "max_moves is at least 1, not -5"),
    ({"seed": -1}, "seed is from 0 to"),
    ({"no_winner": "tie"}, "no_winner is 'loss' or 'draw', not 'tie'"),
])  # fmt: skip
def test_bad_game_parameters_are_refused(params: dict[str, int], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        pyspiel.load_game("python_unorules", params)


def test_a_node_that_is_not_chance_has_no_chance_outcomes() -> None:
    state = _play_to_decision(pyspiel.load_game("python_unorules").new_initial_state(), 0)
    with pytest.raises(ValueError, match=r"^this is not a chance node \(player \d moves\)"):
        state.chance_outcomes()
