"""RULES.md §4.1 for the ``mattel`` profile: the dealer, the deal and the first discard.

Scenarios E01-E12, E16, E17 (the ``[MOD]`` ones). Seats are clockwise, "left of the dealer"
is the next seat (§0.2). Each test builds the deal explicitly with :class:`unorules.Deal`, so
the first card turned up is the one the scenario names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest
from conftest import cards, hand, rejects, run

import unorules as uno

# Seven cards a seat, no two alike within a hand and none of the turned cards used below.
HANDS_4 = (
    "R1 R2 R3 Y1 Y2 Y3 B1",
    "R6 R7 R8 Y6 Y7 Y8 B2",
    "G1 G2 G3 G4 G6 G7 G8",
    "G9 B3 B4 B6 B7 B8 B9",
)
HANDS_2 = HANDS_4[:2]


def start(
    turned: str,
    *,
    hands: Sequence[str] = HANDS_4,
    dealer: int = 0,
    rules: uno.Rules | str = "mattel",
) -> uno.State:
    """A new game from an explicit deal: ``turned`` lists the cards turned up, in order."""
    deal = uno.Deal(dealer=dealer, hands=[h.split() for h in hands], turned=turned.split())
    return uno.new_game(len(hands), rules, seed=7, deal=deal)


def sizes(state: uno.State) -> list[int]:
    return [len(h) for h in state.hands]


def seeded(rules: uno.Rules | str, wanted: Callable[[uno.State], bool]) -> uno.State:
    """The first seeded 4-player game (seeds 0, 1, ...) that ``wanted`` accepts."""
    for seed in range(5000):
        state = uno.new_game(4, rules, seed=seed)
        if wanted(state):
            return state
    raise AssertionError("no seed gives the wanted deal")


def number_first(state: uno.State) -> bool:
    return len(state.turned) == 1 and state.turned[0].number is not None


# -- E01, E02: cutting for the dealer --


def test_e01_highest_number_deals_symbols_count_zero() -> None:
    """E01: P0=R-Skip, P1=G3, P2=WD4, P3=Y2 -> P1 deals (symbols count 0); P2 plays first
    (R3.1, R3.4)."""
    assert uno.cut_for_dealer(["RS", "G3", "W+4", "Y2"]) == (1,)
    state = start("R5", dealer=1)
    assert state.dealer == 1
    assert state.current_player == 2
    assert state.phase is uno.Phase.PLAY
    assert state.direction == 1


def test_e01_a_symbol_card_never_beats_a_zero() -> None:
    """E01 (R3.1): a symbol counts as zero, so it ties with a 0 and loses to any 1."""
    assert uno.cut_for_dealer(["G0", "B+2", "WS"]) == (0, 1, 2)
    assert uno.cut_for_dealer(["W", "R1", "YR"]) == (1,)


def test_e02_tied_highest_cards_redraw_alone() -> None:
    """E02: P0=R5, P1=B5, P2=Y1 -> P0 and P1 redraw; P2 does not (A16). The redraw decides
    between P0 and P1 only, and the game starts with the winner of the redraw as dealer."""
    tied = uno.cut_for_dealer(["R5", "B5", "Y1"])
    assert tied == (0, 1)
    redraw = uno.cut_for_dealer(["G2", "Y9"])  # P0 and P1 draw again, in seat order
    assert redraw == (1,)
    dealer = tied[redraw[0]]
    assert dealer == 1
    state = start("R5", hands=HANDS_4[:3], dealer=dealer)
    assert state.dealer == 1
    assert state.current_player == 2


# -- E03, E04: the deck and the deal --


def test_e03_full_deck_deal_leaves_83_in_the_draw_pile() -> None:
    """E03: 4 players, full 112-card deck, after dealing and turning the first discard ->
    every hand 7, discard pile 1, draw pile 83 (R1.1, R3.2)."""
    deck = Counter(uno.MATTEL.deck())
    assert sum(deck.values()) == 112
    assert deck[uno.Card.parse("R0")] == 1
    assert deck[uno.Card.parse("R9")] == 2
    assert deck[uno.Card.parse("BS")] == 2
    assert deck[uno.Card.parse("W")] == 4
    assert deck[uno.Card.parse("W+4")] == 4
    assert deck[uno.Card.parse("WS")] == 1
    assert deck[uno.Card.parse("WC")] == 3
    state = seeded("mattel", number_first)  # a number card: nobody draws
    assert sizes(state) == [7, 7, 7, 7]
    assert len(state.discard_pile) == 1
    assert state.draw_pile_size == 83
    explicit = start("R5")
    assert sizes(explicit) == [7, 7, 7, 7]
    assert len(explicit.discard_pile) == 1
    assert explicit.draw_pile_size == 83


def test_e04_one_wild_customizable_makes_a_110_card_deck() -> None:
    """E04: ``wild_customizable_count=1`` -> deck 110; after setup with 4 players the draw
    pile is 81 (R1.4, A10)."""
    rules = attrs.evolve(uno.MATTEL, customizable_cards=1)
    deck = Counter(rules.deck())
    assert rules.deck_size == 110
    assert sum(deck.values()) == 110
    assert deck[uno.Card.parse("WC")] == 1
    state = seeded(rules, number_first)
    assert sizes(state) == [7, 7, 7, 7]
    assert state.draw_pile_size == 81
    explicit = start("R5", rules=rules)
    assert explicit.draw_pile_size == 81
    assert Counter(explicit.draw_pile)[uno.Card.parse("WC")] == 1


def test_e04_a_deal_with_a_second_wild_customizable_is_rejected() -> None:
    """E04 (R1.4): the unused Wild Customizable cards are out of the deck, so dealing two
    of them with ``customizable_cards=1`` is a bad deal that names the card."""
    rules = attrs.evolve(uno.MATTEL, customizable_cards=1)
    hands = [h.split() for h in HANDS_4]
    hands[0][0] = "WC"
    hands[1][0] = "WC"
    deal = uno.Deal(dealer=0, hands=hands, turned=["R5"])
    with pytest.raises(uno.IllegalAction) as info:
        uno.new_game(4, rules, seed=7, deal=deal)
    assert info.value.code is uno.ErrorCode.BAD_DEAL
    assert "WC" in str(info.value)


@pytest.mark.parametrize(
    ("rules", "turned", "excess"),
    [
        (uno.SWEDISH, ["WS", "WC", "R5"], "1 WS too many, 1 WC too many"),
        (uno.MATTEL, ["W+4"] * 6 + ["R5"], "2 W+4 too many"),
    ],
)
def test_a_deal_whose_turned_back_cards_are_not_in_the_deck_is_rejected(
    rules: uno.Rules, turned: list[str], excess: str
) -> None:
    """R3.5: a card turned up and sent back goes back into the draw pile, so it must be a
    card of the deck beyond the hands (a 108-card deck has no WS or WC; there are four
    W+4). Before, such a deal was accepted and gave a state ``from_json`` refuses."""
    deal = uno.Deal(0, [["R1", "G2"], ["B3", "Y4"]], turned=turned)
    with pytest.raises(uno.IllegalAction) as info:
        uno.new_game(2, rules.but(hand_size=2), deal=deal)
    assert info.value.code is uno.ErrorCode.BAD_DEAL
    assert str(info.value) == f"more cards dealt and turned up than the deck holds: {excess}"


# -- E05-E12: the first discard --


def test_e05_number_first_discard_has_no_effect() -> None:
    """E05: first discard R5 -> current player P1, colour red, clockwise, nobody draws
    (R3.4, R3.5)."""
    state = start("R5")
    assert state.current_player == 1
    assert state.color is uno.Color.RED
    assert state.direction == 1
    assert state.phase is uno.Phase.PLAY
    assert sizes(state) == [7, 7, 7, 7]
    assert state.draw_pile_size == 83
    assert str(state.top_card) == "R5"


def test_e06_first_draw_two_makes_left_of_dealer_draw_and_lose_the_turn() -> None:
    """E06: first discard Y-D2 -> P1 +2 (9 cards) and does not play; current player P2;
    colour yellow (R3.5, A2)."""
    state = start("Y+2")
    assert sizes(state) == [7, 9, 7, 7]
    assert all(c in state.hands[1] for c in cards(HANDS_4[1]))
    assert state.current_player == 2
    assert state.color is uno.Color.YELLOW
    assert state.phase is uno.Phase.PLAY
    assert state.draw_pile_size == 81
    rejects(state, uno.Play(1, "Y6"), "not_your_turn")


def test_e07_first_reverse_dealer_starts_counter_clockwise() -> None:
    """E07: first discard B-Rev -> counter-clockwise; current player P0 (dealer); after
    P0's turn the next player is P3 (R3.5)."""
    state = start("BR")
    assert state.direction == -1
    assert state.current_player == 0
    assert state.color is uno.Color.BLUE
    assert sizes(state) == [7, 7, 7, 7]
    after = run(state, uno.Play(0, "B1"))
    assert after.current_player == 3
    assert after.direction == -1
    assert hand(after, 0) == "R1 R2 R3 Y1 Y2 Y3"


def test_e08_first_skip_skips_left_of_dealer() -> None:
    """E08: first discard G-Skip -> current player P2; P1 keeps 7 cards (R3.5)."""
    state = start("GS")
    assert state.current_player == 2
    assert state.direction == 1
    assert state.color is uno.Color.GREEN
    assert sizes(state) == [7, 7, 7, 7]
    assert hand(state, 1) == HANDS_4[1]


def test_e09_first_wild_left_of_dealer_names_the_color_then_plays() -> None:
    """E09: first discard W -> P1 must name a colour before any other action; after naming
    Blue, P1 takes a normal turn against colour Blue (R3.5)."""
    state = start("W")
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.current_player == 1
    assert state.color is None
    rejects(state, uno.Play(1, "B2"), "wrong_phase")
    rejects(state, uno.Draw(1), "wrong_phase")
    rejects(state, uno.ChooseColor(0, "red"), "not_your_turn")
    named = run(state, uno.ChooseColor(1, "blue"))
    assert named.phase is uno.Phase.PLAY
    assert named.color is uno.Color.BLUE
    assert named.current_player == 1
    assert sizes(named) == [7, 7, 7, 7]
    rejects(named, uno.Play(1, "R6"), "card_does_not_match")
    played = run(named, uno.Play(1, "B2"))
    assert played.current_player == 2
    assert str(played.top_card) == "B2"
    assert hand(played, 1) == "R6 R7 R8 Y6 Y7 Y8"


def test_e10_first_wild_draw_four_goes_back_and_another_card_is_turned() -> None:
    """E10 per C4: explicit deal ``turned = [WD4, R5]`` -> the WD4 is in the draw pile, top
    R5, nobody draws, current player P1, draw pile 83 (R3.5, A2)."""
    state = start("W+4 R5")
    assert str(state.top_card) == "R5"
    assert [str(c) for c in state.discard_pile] == ["R5"]
    assert uno.Card.parse("W+4") in state.draw_pile
    assert Counter(state.draw_pile)[uno.Card.parse("W+4")] == 4
    assert sizes(state) == [7, 7, 7, 7]
    assert state.current_player == 1
    assert state.color is uno.Color.RED
    assert state.draw_pile_size == 83


def test_e10_a_wild_draw_four_cannot_stay_as_the_first_card() -> None:
    """E10 (R3.5): a deal that leaves a WD4 as the first card in play is a bad deal."""
    deal = uno.Deal(dealer=0, hands=[h.split() for h in HANDS_4], turned=["W+4"])
    with pytest.raises(uno.IllegalAction) as info:
        uno.new_game(4, "mattel", seed=7, deal=deal)
    assert info.value.code is uno.ErrorCode.BAD_DEAL
    assert "W+4" in str(info.value)


def test_e10_repeats_while_the_new_card_is_a_wild_draw_four() -> None:
    """E10: "Repeat if the new card is a WD4": two WD4s go back, the third card stays."""
    state = start("W+4 W+4 G5")
    assert str(state.top_card) == "G5"
    assert Counter(state.draw_pile)[uno.Card.parse("W+4")] == 4
    assert state.current_player == 1
    assert state.draw_pile_size == 83


def test_e10_seeded_deal_returns_the_wild_draw_four_and_handles_the_new_card() -> None:
    """E10 per C4 with a seeded deal: top is not a WD4, the WD4 is in the draw pile, and the
    new top card is handled as a first discard (R3.5 table)."""
    wd4 = uno.Card.parse("W+4")
    games = [uno.new_game(4, "mattel", seed=seed) for seed in range(1500)]
    returned = [state for state in games if state.turned[0] is wd4]
    assert len(returned) >= 10
    assert {state.top_card.rank for state in returned} & {uno.Rank.SKIP, uno.Rank.DRAW_TWO}
    for state in returned:
        check_wild_draw_four_returned(state)


def check_wild_draw_four_returned(state: uno.State) -> None:
    wd4 = uno.Card.parse("W+4")
    top = state.top_card
    assert top is not wd4
    assert state.turned[-1] is top
    assert wd4 not in state.discard_pile
    assert wd4 in state.draw_pile
    held = sum(Counter(h)[wd4] for h in state.hands)
    assert Counter(state.draw_pile)[wd4] == 4 - held
    dealer = state.dealer
    left, second = (dealer + 1) % 4, (dealer + 2) % 4
    draws = 2 if top.rank is uno.Rank.DRAW_TWO else 0
    assert sizes(state) == [9 if s == left and draws else 7 for s in range(4)]
    assert state.draw_pile_size == 83 - draws
    if top.is_wild:
        assert (state.phase, state.current_player) == (uno.Phase.CHOOSE_COLOR, left)
    elif top.rank is uno.Rank.REVERSE:
        assert (state.current_player, state.direction) == (dealer, -1)
    elif top.rank in (uno.Rank.SKIP, uno.Rank.DRAW_TWO):
        assert (state.current_player, state.direction) == (second, 1)
    else:
        assert (state.current_player, state.direction) == (left, 1)


def test_e11_first_shuffle_hands_only_asks_for_a_color() -> None:
    """E11: first discard WSH -> P1 names the colour; no hands change (all 7) (R8.6)."""
    state = start("WS")
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.current_player == 1
    named = run(state, uno.ChooseColor(1, "green"))
    assert named.color is uno.Color.GREEN
    assert named.phase is uno.Phase.PLAY
    assert named.current_player == 1
    assert [hand(named, s) for s in range(4)] == list(HANDS_4)
    assert named.draw_pile_size == 83


def _next_player_draws_two(ctx: uno.EffectContext) -> None:
    ctx.draw(ctx.next_player, 2)


uno.register_effect("test-mattel-setup-e12-next-draws-2", _next_player_draws_two)


def test_e12_first_wild_customizable_rule_is_not_applied() -> None:
    """E12: first discard WC (rule "next player draws 2") -> P1 names the colour; the rule
    is not executed; P1 still has 7 cards (R9.4)."""
    rules = attrs.evolve(uno.MATTEL, customizable_effect="test-mattel-setup-e12-next-draws-2")
    state = start("WC", rules=rules)
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.current_player == 1
    named = run(state, uno.ChooseColor(1, "yellow"))
    assert named.color is uno.Color.YELLOW
    assert named.current_player == 1
    assert named.phase is uno.Phase.PLAY
    assert sizes(named) == [7, 7, 7, 7]
    assert named.draw_pile_size == 83
    # The same rule does apply when the card is played (A10): P2 draws 2 after P1's WC.
    hands = list(HANDS_4)
    hands[1] = "WC R7 R8 Y6 Y7 Y8 B2"
    played = run(start("R5", hands=hands, rules=rules), uno.Play(1, "WC", "red"))
    assert sizes(played) == [7, 6, 9, 7]


# -- E16, E17: two players --


def test_e16_two_players_first_reverse_dealer_starts() -> None:
    """E16: 2 players, dealer P0, first discard B-Rev -> P0 plays first; direction
    counter-clockwise (R3.5)."""
    state = start("BR", hands=HANDS_2)
    assert state.current_player == 0
    assert state.direction == -1
    assert sizes(state) == [7, 7]
    assert state.draw_pile_size == 112 - 14 - 1


def test_e17_two_players_first_skip_dealer_starts() -> None:
    """E17: 2 players, dealer P0, first discard G-Skip -> P1 skipped; P0 plays first (R3.5)."""
    state = start("GS", hands=HANDS_2)
    assert state.current_player == 0
    assert state.direction == 1
    assert sizes(state) == [7, 7]


def test_e17_two_players_first_draw_two_costs_the_opponent_two_and_the_turn() -> None:
    """E17: same result for a first Y-D2, with P1 +2: P0 plays first (R3.5)."""
    state = start("Y+2", hands=HANDS_2)
    assert state.current_player == 0
    assert sizes(state) == [7, 9]
    assert state.color is uno.Color.YELLOW
    assert state.draw_pile_size == 112 - 14 - 1 - 2


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_e05_to_e09_first_discard_effects_follow_the_dealer(dealer: int) -> None:
    """E05-E09 for every dealer seat: the effects are counted from the dealer (R3.4, R3.5)."""
    left, second = (dealer + 1) % 4, (dealer + 2) % 4
    number = start("R5", dealer=dealer)
    assert (number.current_player, number.direction) == (left, 1)
    draw_two = start("Y+2", dealer=dealer)
    assert (draw_two.current_player, len(draw_two.hands[left])) == (second, 9)
    reverse = start("BR", dealer=dealer)
    assert (reverse.current_player, reverse.direction) == (dealer, -1)
    skip = start("GS", dealer=dealer)
    assert (skip.current_player, sizes(skip)) == (second, [7, 7, 7, 7])
    wild = start("W", dealer=dealer)
    assert (wild.current_player, wild.phase) == (left, uno.Phase.CHOOSE_COLOR)
