"""The ``mattel-108`` profile (the older official 108-card sheet): the §4 scenarios of
RULES.md tagged ``[OLD]``."""

from __future__ import annotations

import attrs
import pytest
from conftest import hand, rejects, run

import unorules as uno

OLD = uno.MATTEL_108

# Four 7-card hands that leave every card a scenario turns up in the deck.
HANDS = (
    "G1 G2 G3 G4 G6 G7 B9",
    "B1 B2 B3 B4 B6 B7 B8",
    "G1 G2 G3 G4 G6 G7 G8",
    "B1 B2 B3 B4 B6 B7 B8",
)


def deal(*turned: str, hands: tuple[str, ...] = HANDS) -> uno.State:
    """A 4-player ``mattel-108`` round dealt by P0 with ``turned`` as the cards turned up."""
    return uno.new_game(4, OLD, seed=5, deal=uno.Deal(0, [h.split() for h in hands], list(turned)))


# -- first discard (R3.5, A2, C4, C5) ------------------------------------------------------------


def test_e05_old_first_discard_number_card_lets_left_of_dealer_start() -> None:
    """E05: "First discard R5 → current player P1, current colour red, direction clockwise,
    nobody draws." """
    s = deal("R5")
    assert s.current_player == 1
    assert s.phase is uno.Phase.PLAY
    assert s.color is uno.Color.RED
    assert s.direction == 1
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert s.draw_pile_size == 108 - 28 - 1


def test_e06_old_first_discard_draw_two_makes_left_of_dealer_draw_and_lose_turn() -> None:
    """E06: "First discard Y-D2 → P1 +2 (9 cards) and does not play; current player P2;
    colour yellow." """
    s = deal("Y+2")
    assert [len(h) for h in s.hands] == [7, 9, 7, 7]
    assert s.current_player == 2
    assert s.color is uno.Color.YELLOW
    assert s.draw_pile_size == 108 - 28 - 1 - 2
    rejects(s, uno.Draw(1), "not_your_turn")


def test_e07_old_first_discard_reverse_lets_dealer_start_counter_clockwise() -> None:
    """E07: "First discard B-Rev → direction counter-clockwise; current player P0 (dealer);
    after P0's turn the next player is P3." """
    s = deal("BR")
    assert s.direction == -1
    assert s.current_player == 0
    s = run(s, uno.Play(0, "B9"))
    assert s.current_player == 3
    assert hand(s, 0) == "G1 G2 G3 G4 G6 G7"


def test_e08_old_first_discard_skip_skips_left_of_dealer() -> None:
    """E08: "First discard G-Skip → current player P2; P1 keeps 7 cards." """
    s = deal("GS")
    assert s.current_player == 2
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert s.color is uno.Color.GREEN


def test_e09_old_first_discard_wild_left_of_dealer_names_color_then_plays() -> None:
    """E09: "First discard W → P1 must name a colour before any other action; after naming
    Blue, P1 takes a normal turn against colour Blue." """
    s = deal("W")
    assert s.current_player == 1
    assert s.phase is uno.Phase.CHOOSE_COLOR
    assert s.color is None
    rejects(s, uno.Play(1, "B1"), "wrong_phase")
    rejects(s, uno.Draw(1), "wrong_phase")
    rejects(s, uno.ChooseColor(2, "red"), "not_your_turn")
    s = run(s, uno.ChooseColor(1, "blue"))
    assert s.phase is uno.Phase.PLAY
    assert s.current_player == 1
    assert s.color is uno.Color.BLUE
    rejects(s, uno.Play(1, "G1"), "card_not_in_hand")
    s = run(s, uno.Play(1, "B4"))
    assert s.current_player == 2
    assert str(s.top_card) == "B4"


def test_e10_old_first_wild_draw_four_goes_back_and_next_card_is_turned() -> None:
    """E10 (C4): "with an explicit deal turned = [WD4, R5]: the WD4 is in the draw pile, top
    R5, nobody draws, current player P1, draw pile ... 79 (mattel-108)." """
    s = deal("W+4", "R5")
    assert str(s.top_card) == "R5"
    assert s.discard_pile == (uno.Card.parse("R5"),)
    assert uno.Card.parse("W+4") in s.draw_pile
    assert s.draw_pile.count(uno.Card.parse("W+4")) == 4
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert s.current_player == 1
    assert s.draw_pile_size == 79


def seeds_turning_first(profile: str, rank: str, count: int) -> list[int]:
    """The first ``count`` seeds whose 4-player deal turns up ``rank`` first."""
    found = []
    for seed in range(10_000):
        if str(uno.new_game(4, profile, seed=seed).turned[0]) == rank:
            found.append(seed)
            if len(found) == count:
                break
    return found


def expected_start(top: uno.Card, dealer: int) -> tuple[int, int, uno.Phase]:
    """Current player, direction and phase after ``top`` as a first discard (R3.5 table)."""
    if top.rank is uno.Rank.SKIP or top.rank is uno.Rank.DRAW_TWO:
        return (dealer + 2) % 4, 1, uno.Phase.PLAY
    if top.rank is uno.Rank.REVERSE:
        return dealer, -1, uno.Phase.PLAY
    if top.is_wild:
        return (dealer + 1) % 4, 1, uno.Phase.CHOOSE_COLOR
    return (dealer + 1) % 4, 1, uno.Phase.PLAY


@pytest.mark.parametrize("seed", seeds_turning_first("mattel-108", "W+4", 4))
def test_e10_old_seeded_first_wild_draw_four_is_returned_and_new_top_handled_as_first(
    seed: int,
) -> None:
    """E10 (C4): "With a seeded deal assert only: top is not a WD4, the WD4 is in the draw
    pile, the new top card is handled as a first discard." """
    s = uno.new_game(4, "mattel-108", seed=seed)
    wd4 = uno.Card.parse("W+4")
    assert s.turned[0] is wd4
    assert s.top_card is not wd4
    assert s.top_card is s.turned[-1]
    assert wd4 in s.draw_pile
    drew = 2 if s.top_card.rank is uno.Rank.DRAW_TWO else 0
    assert s.draw_pile_size == 79 - drew
    assert sorted(len(h) for h in s.hands) == sorted([7, 7, 7, 7 + drew])
    assert (s.current_player, s.direction, s.phase) == expected_start(s.top_card, s.dealer)


# -- two players, Wild Draw Four, challenge ---------------------------------------------------


def test_e29_old_two_player_reverse_acts_as_skip() -> None:
    """E29: "2 players, P0 plays R-Rev → P0 moves again." (R5.5, A3)"""
    s = uno.State.from_position("RR,G5,B7/R2,Y3 R4 red 0+ play *", rules=OLD)
    s = run(s, uno.Play(0, "RR"))
    assert s.current_player == 0
    assert s.direction == -1
    assert hand(s, 0) == "G5 B7"
    assert hand(s, 1) == "R2 Y3"


@pytest.mark.parametrize("held", ["GS B7 W", "GS B7", "Y7 G3 W"])
def test_e40_old_wild_draw_four_with_other_colors_and_wilds_is_innocent(held: str) -> None:
    """E40: "Top R7 (red): hand {B7, G-Skip, W, WD4} → WD4 legal" (R7.2: matching number,
    symbol or a Wild do not block). A challenge finds no red card: P1 draws 6."""
    hand0 = held.replace(" ", ",")
    s = uno.State.from_position(f"{hand0},W+4/Y1,Y2/G9/B9 R7 red 0+ play *", rules=OLD)
    assert uno.Play(0, "W+4", "green") in uno.legal_actions(s)
    s = run(s, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert hand(s, 0) == held
    assert len(s.hands[1]) == 2 + 6
    assert s.current_player == 2
    assert s.color is uno.Color.GREEN
    assert str(s.top_card) == "W+4"


def test_e40_old_wild_draw_four_held_with_current_color_is_guilty() -> None:
    """E40: "hand {R-Skip, WD4} → WD4 illegal" (C1: accepted as a bluff; a challenge finds
    the red card: the player draws 4, the challenger nothing and plays, A5)."""
    s = uno.State.from_position("RS,W+4/Y1,Y2/G9/B9 R7 red 0+ play *", rules=OLD)
    assert uno.Play(0, "W+4", "blue") in uno.legal_actions(s)
    s = run(s, uno.Play(0, "W+4", "blue"), uno.Challenge(1, drawn=["G1", "G2", "G3", "G4"]))
    assert hand(s, 0) == "RS G1 G2 G3 G4"
    assert hand(s, 1) == "Y1 Y2"
    assert s.current_player == 1
    assert s.phase is uno.Phase.PLAY
    assert s.color is uno.Color.BLUE
    assert str(s.top_card) == "W+4"


def test_e40_old_wild_draw_four_on_named_color_is_guilty_with_that_color() -> None:
    """E40: "top W named yellow, hand {Y1, WD4} → illegal" (the current colour of a wild top
    card is the colour named for it, A4)."""
    s = uno.State.from_position("Y1,W+4/B2,B3/G9/B9 W yellow 0+ play *", rules=OLD)
    s = run(s, uno.Play(0, "W+4", "red", uno=True), uno.Challenge(1))
    assert len(s.hands[0]) == 1 + 4
    assert hand(s, 1) == "B2 B3"
    assert s.current_player == 1
    assert s.color is uno.Color.RED


def test_e44_old_only_the_next_player_may_challenge_and_only_before_drawing() -> None:
    """E44: "P2 (not the next player) tries to challenge P0's WD4 → rejected. Once P1 has
    drawn, P1 can no longer challenge." (R7.3 [OLD]: "The challenge can only be made by the
    person required to draw the four cards")"""
    s = uno.State.from_position("RS,W+4/Y1,Y2/G8,G9/B8,B9 R7 red 0+ play *", rules=OLD)
    s = run(s, uno.Play(0, "W+4", "blue"))
    assert s.phase is uno.Phase.CHALLENGE
    assert s.current_player == 1
    rejects(s, uno.Challenge(2), "not_your_turn")
    rejects(s, uno.Challenge(0), "not_your_turn")
    s = run(s, uno.Draw(1))
    assert len(s.hands[1]) == 6
    assert s.current_player == 2
    rejects(s, uno.Challenge(1), "wrong_phase")


# -- UNO, going out, scoring, partners ---------------------------------------------------------


def test_e62_old_a_late_own_call_before_any_catch_protects() -> None:
    """E62: "P0 calls UNO after the card has landed but before anyone catches → no
    penalty." (R10.3: "You are safe if you say UNO yourself before anyone catches you")"""
    s = uno.State.from_position("R3,G5/Y1,Y2/G8,G9/B8,B9 R7 red 0+ play *", rules=OLD)
    s = run(s, uno.Play(0, "R3"))
    assert s.uno_exposed == (0,)
    s = run(s, uno.CallUno(0))
    assert s.uno_exposed == ()
    rejects(s, uno.CatchUno(2, 0), "nothing_to_catch")
    assert hand(s, 0) == "G5"
    assert s.current_player == 1


def test_e69_old_going_out_on_draw_two_still_makes_next_player_draw_and_counts() -> None:
    """E69: "P0 goes out with Y-D2 → P1 +2; round ends; the 2 drawn cards count in P1's hand
    value." (R11.3)"""
    s = uno.State.from_position("Y+2/G5/B1/R2 *,Y7 yellow 0+ play B9,RS,G1,G2", rules=OLD)
    s = run(s, uno.Play(0, "Y+2"))
    assert hand(s, 1) == "RS G5 B9"
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.round_winner == 0
    assert s.round_points == (5 + 9 + 20 + 1 + 2, 0, 0, 0)
    assert s.scores == (37, 0, 0, 0)


def test_e73_old_cumulative_scoring_lowest_total_wins_when_one_reaches_500() -> None:
    """E73: "Alternative scoring, totals P0=470, P1=300, P2=120; P2 goes out; P0 holds 35,
    P1 holds 10 → P0=505, P1=310, P2=120 → game ends, P2 wins (lowest)." (R13.3)"""
    rules = attrs.evolve(OLD, scoring=uno.Scoring.CUMULATIVE_LOWEST)
    s = uno.State.from_position(
        "R9,Y8,G9,B9/G6,B4/R5 R3 red 2+ play * dealer=1 scores=470,300,120", rules=rules
    )
    s = run(s, uno.Play(2, "R5"))
    assert s.scores == (505, 310, 120)
    assert s.phase is uno.Phase.GAME_OVER
    assert s.winner == 2
    assert s.round_winner == 2


def test_e80_old_partners_score_both_opponents_and_ignore_the_partner() -> None:
    """E80: "Partners P0&P2 vs P1&P3; P2 goes out; P1 holds 30, P3 holds 25, P0 holds 40 →
    team P0/P2 scores 55; P0's 40 is ignored." (A15)"""
    rules = attrs.evolve(OLD, teams=2)
    s = uno.State.from_position(
        "Y1,Y4,Y5,Y6,Y7,Y8,Y9/B1,B9,BS/R5/G5,GR R3 red 2+ play * dealer=1", rules=rules
    )
    assert s.teams == (0, 1, 0, 1)
    s = run(s, uno.Play(2, "R5"))
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.round_winner == 2
    assert s.scores == (55, 0, 55, 0)
    assert s.round_points == (55, 0, 55, 0)
    assert s.winner is None
