"""The ``danish`` profile (the sheet "UNO Spilleregler", seed 004): the §4 scenarios of
RULES.md tagged ``[DK]`` and the Danish two-player example of C10."""

from __future__ import annotations

import attrs
import pytest
from conftest import cards, hand, rejects, run

import unorules as uno

DK = uno.DANISH

HANDS = (
    "G1 G2 G3 G4 G6 G7 B9",
    "YS G3 B1 B2 B3 B4 B6",
    "G1 G2 G4 G6 G7 G8 G9",
    "B1 B2 B3 B4 B6 B7 B8",
)


def deal(*turned: str) -> uno.State:
    """A 4-player ``danish`` round dealt by P0 with ``turned`` as the cards turned up."""
    return uno.new_game(4, DK, seed=5, deal=uno.Deal(0, [h.split() for h in HANDS], list(turned)))


def plays(state: uno.State, seat: int) -> list[uno.Action]:
    return [a for a in uno.legal_actions(state, seat) if isinstance(a, uno.Play)]


# -- first discard (A2, C5) -----------------------------------------------------------------------


def test_e13_danish_first_skip_has_no_effect() -> None:
    """E13: "First discard G-Skip → no effect; current player P1, who may play any green card
    or any Skip." (A2: "Runden starter normalt")"""
    s = deal("GS")
    assert s.current_player == 1
    assert s.direction == 1
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert s.color is uno.Color.GREEN
    assert plays(s, 1) == [uno.Play(1, "YS"), uno.Play(1, "G3")]
    rejects(s, uno.Play(1, "B1"), "card_does_not_match")


@pytest.mark.parametrize("first", ["GR", "G+2"])
def test_e13_danish_first_reverse_and_draw_two_have_no_effect(first: str) -> None:
    """A2/C5: danish = no_effects: "action cards have no effect"."""
    s = deal(first)
    assert (s.current_player, s.direction) == (1, 1)
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]


def test_e15_danish_first_wild_goes_back_and_a_new_card_is_turned() -> None:
    """E15: "First discard W → returned to the draw pile and a new card turned" (C5)."""
    s = deal("W", "R5")
    assert str(s.top_card) == "R5"
    assert s.discard_pile == (uno.Card.parse("R5"),)
    assert s.draw_pile.count(uno.Card.parse("W")) == 4
    assert s.phase is uno.Phase.PLAY
    assert s.current_player == 1
    assert s.draw_pile_size == 79
    with pytest.raises(uno.IllegalAction) as info:
        deal("W")
    assert info.value.code is uno.ErrorCode.BAD_DEAL


# -- drawing and two players ----------------------------------------------------------------


def test_e24_danish_draw_while_holding_a_playable_card_is_rejected() -> None:
    """E24: "P1 holds a playable card and requests a draw → rejected." (A7: "træk ... hvis du
    ikke kan lægge")"""
    s = uno.State.from_position("G1/R3,B8/G2/G3 R5 red 1+ play * dealer=0", rules=DK)
    rejects(s, uno.Draw(1), "wrong_phase")
    s = uno.State.from_position("G1/Y3,B8/G2/G3 *,R5 red 1+ play R9,B1 dealer=0", rules=DK)
    s = run(s, uno.Draw(1))
    assert s.phase is uno.Phase.DRAWN
    assert s.drawn_card == uno.Card.parse("R9")
    rejects(s, uno.Play(1, "Y3"), "wrong_phase")
    s = run(s, uno.Play(1, "R9"))
    assert s.current_player == 2


def test_e29_danish_two_player_reverse_acts_as_skip() -> None:
    """E29: "2 players, P0 plays R-Rev → P0 moves again." (A3: DK follows [S003])"""
    s = uno.State.from_position("RR,G5,B7/R2,Y3 R4 red 0+ play *", rules=DK)
    s = run(s, uno.Play(0, "RR"))
    assert s.current_player == 0
    assert s.direction == -1
    assert hand(s, 1) == "R2 Y3"


# -- the Wild Draw Four: any legal card blocks (A4), take-back (A6) -------------------------------


@pytest.mark.parametrize("held", ["B7", "Y2 W", "R1 G4", "RS"])
def test_e46_danish_wild_draw_four_held_with_any_playable_card_is_guilty(held: str) -> None:
    """E46: "Top R7: hand {B7, WD4} → WD4 illegal (B7 playable); hand {W, Y2, WD4} → illegal
    (W playable)" (A4: "any other card legal right now — same colour, same number, same
    symbol, or any Wild"). Accepted as a bluff (C1), found out by a challenge (A6)."""
    hand0 = held.replace(" ", ",")
    s = uno.State.from_position(f"{hand0},W+4/Y1,Y5/G9/B9 R7 red 0+ play *", rules=DK)
    assert uno.Play(0, "W+4", "green") in uno.legal_actions(s)
    s = run(s, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert len(s.hands[0]) == len(held.split()) + 1 + 2
    assert uno.Card.parse("W+4") in s.hands[0]
    assert str(s.top_card) == "R7"
    assert s.current_player == 1


def test_e46_danish_another_wild_draw_four_does_not_block() -> None:
    """E46: "hand {Y2, G4, WD4, WD4} → legal (another WD4 does not block)." A challenge then
    costs the challenger 4 cards and the turn (E48)."""
    s = uno.State.from_position("Y2,G4,W+4,W+4/Y1,Y5/G9/B9 R7 red 0+ play *", rules=DK)
    s = run(s, uno.Play(0, "W+4", "blue"), uno.Challenge(1))
    assert hand(s, 0) == "Y2 G4 W+4"
    assert len(s.hands[1]) == 2 + 4
    assert s.current_player == 2


def test_e47_danish_guilty_wild_draw_four_is_taken_back_with_two_cards() -> None:
    """E47: "P0 holds {B7, G2, WD4} on R7, plays WD4 naming green; P1 challenges → WD4 back in
    P0's hand, P0 +2 (P0 now 5 cards), top R7 and colour red restored, P1 draws nothing and
    takes the turn." (A6)"""
    s = uno.State.from_position(
        "G2,B7,W+4/R5,Y1/G8,G9/B8,B9,* R3,R7 red 0+ play Y6,Y7,Y8", rules=DK
    )
    s = run(s, uno.Play(0, "W+4", "green"))
    assert s.phase is uno.Phase.CHALLENGE
    assert s.color is uno.Color.GREEN
    s = run(s, uno.Challenge(1))
    assert hand(s, 0) == "Y6 Y7 G2 B7 W+4"
    assert hand(s, 1) == "R5 Y1"
    assert str(s.top_card) == "R7"
    assert s.discard_pile == (uno.Card.parse("R3"), uno.Card.parse("R7"))
    assert s.color is uno.Color.RED
    assert s.current_player == 1
    assert s.phase is uno.Phase.PLAY
    s = run(s, uno.Play(1, "R5"))
    assert s.current_player == 2


def test_e47_danish_take_back_restores_the_named_color_of_a_wild_below() -> None:
    """A6: "the previous top card and colour are restored" — on a Wild the colour named for
    it."""
    s = uno.State.from_position("Y2,W+4/R5,Y1/G9/B9 W yellow 0+ play *", rules=DK)
    s = run(s, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert str(s.top_card) == "W"
    assert s.color is uno.Color.YELLOW
    assert hand(s, 0).split()[-1] == "W+4"
    assert len(s.hands[0]) == 2 + 2


def test_e48_danish_failed_challenge_costs_four_and_the_turn_nothing_more() -> None:
    """E48: "P0's WD4 was legal; P1 challenges → P1 +4 and skipped, no extra cards; named
    colour stands." (A6: "DK defines no cost for a failed challenge")"""
    s = uno.State.from_position(
        "Y2,G4,W+4/Y1,Y5/G8,G9/B8,B9 *,R7 red 0+ play B1,B2,B3,B4,B5,B6", rules=DK
    )
    s = run(s, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert hand(s, 0) == "Y2 G4"
    assert hand(s, 1) == "Y1 Y5 B1 B2 B3 B4"
    assert s.current_player == 2
    assert s.color is uno.Color.GREEN
    assert str(s.top_card) == "W+4"


def test_c10_danish_two_player_guilty_card_back_and_challenger_plays() -> None:
    """C10: "Two players, danish guilty: the card goes back to P0, P0 +2, P1 plays"."""
    s = uno.State.from_position("B7,W+4/R5,Y1 *,R7 red 0+ play G1,G2,G3", rules=DK)
    s = run(s, uno.Play(0, "W+4", "green", uno=True), uno.Challenge(1))
    assert hand(s, 0) == "G1 G2 B7 W+4"
    assert hand(s, 1) == "R5 Y1"
    assert s.current_player == 1
    assert s.color is uno.Color.RED


def test_c10_danish_two_player_innocent_challenger_draws_four_and_opponent_plays() -> None:
    """C10: "innocent: P1 +4 and skipped, P0 plays." """
    s = uno.State.from_position("G4,W+4/R5,Y1 *,R7 red 0+ play G1,G2,G3,G5,G6", rules=DK)
    s = run(s, uno.Play(0, "W+4", "green", uno=True), uno.Challenge(1))
    assert hand(s, 0) == "G4"
    assert hand(s, 1) == "R5 Y1 G1 G2 G3 G5"
    assert s.current_player == 0


def test_a4_danish_wild_draw_four_as_last_card_needs_no_challenge() -> None:
    """A4/A5/C3: "a WD4 that is the player's last card is always legal"; "then the next player
    simply draws 4"."""
    s = uno.State.from_position("W+4/R5,Y1/G9/B9 *,R7 red 0+ play G1,G2,G3,G5,G6", rules=DK)
    s = run(s, uno.Play(0, "W+4", "blue"))
    assert s.phase is uno.Phase.ROUND_OVER
    assert hand(s, 1) == "R5 Y1 G1 G2 G3 G5"
    assert s.scores == (5 + 1 + 1 + 2 + 3 + 5 + 9 + 9, 0, 0, 0)


def test_c13_danish_declined_challenge_rebuilds_the_pile_with_the_card_under_the_wd4() -> None:
    """C13: the draw pile is rebuilt "from every discard except the top card". Once the
    victim takes the penalty nothing can be taken back any more, so the card under the
    Wild Draw Four goes into the rebuilt pile too (as under ``mattel-108``)."""
    position = "W+4,Y1,Y2/G1,G2/B5,B2/Y5,Y6 *,R3 red 0+ play B1,B3"
    for rules, discard, pile in ((DK, "W+4", 95), (uno.get_profile("mattel-108"), "W+4", 95)):
        s = uno.State.from_position(position, rules=rules)
        s = run(s, uno.Play(0, "W+4", "green"), uno.Draw(1))
        assert s.discard_pile == cards(discard)
        assert s.draw_pile_size == pile
        assert len(s.hands[1]) == 6 and s.current_player == 2


def test_a5_danish_take_back_honours_challenger_plays_after_success() -> None:
    """A5 (i) as an option: with ``challenger_plays_after_success=False`` the turn goes on
    from the challenger after a Wild Draw Four is taken back, as after a Mattel bluff."""
    position = "B7,W+4,G5/R5,Y1/G8,G9 *,R7 red 0+ play G1,G2,G3"
    for plays_on, current in ((True, 1), (False, 2)):
        rules = DK.but(challenger_plays_after_success=plays_on)
        s = uno.State.from_position(position, rules=rules)
        s = run(s, uno.Play(0, "W+4", "green"), uno.Challenge(1))
        assert hand(s, 0) == "G1 G2 G5 B7 W+4"
        assert s.current_player == current


def test_a6_danish_take_back_after_the_pile_was_rebuilt_restores_the_card_below() -> None:
    """A6/C13: while a Danish Wild Draw Four can still be taken back, rebuilding the draw
    pile keeps the card under it, so a successful challenge can restore it as the top card
    (here a false UNO call by another player empties the draw pile during the challenge)."""
    rules = attrs.evolve(DK, false_uno_penalty=2)
    s = uno.State.from_position(
        "G2,B7,W+4/Y1,Y2/G8,G9/B8,B9,* R1,R2,R3,R7 red 0+ play Y5", rules=rules
    )
    s = run(s, uno.Play(0, "W+4", "green"))  # a bluff here: B7 could be laid on R7 (A4)
    assert s.phase is uno.Phase.CHALLENGE
    s = run(s, uno.CallUno(2))  # a false call: seat 2 draws 2, the pile is rebuilt
    assert len(s.hands[2]) == 4
    assert s.discard_pile[-2:] == cards("R7 W+4")
    s = run(s, uno.Challenge(1))
    assert s.top_card == uno.Card.parse("R7") and s.color is uno.Color.RED
    # The Wild Draw Four is back in seat 0's hand, with 2 penalty cards from the rebuilt pile.
    held = list(s.hands[0])
    for card in cards("G2 B7 W+4"):
        held.remove(card)
    assert len(held) == 2 and set(held) <= set(cards("R1 R2 R3"))
    assert s.current_player == 1
