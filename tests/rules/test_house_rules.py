"""House-rule options (RULES.md §2.7, A18, C16): the §4 scenarios tagged ``[HR:...]``."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from conftest import cards, hand, rejects, run

import unorules as uno

MATTEL = uno.MATTEL
STACK = attrs.evolve(MATTEL, stacking=uno.Stacking.SAME_TYPE)
MIXED = attrs.evolve(MATTEL, stacking=uno.Stacking.MIXED)


def plays(state: uno.State, seat: int) -> list[uno.Action]:
    return [a for a in uno.legal_actions(state, seat) if isinstance(a, uno.Play)]


# -- stacking (E36-E38, A18, C16) ---------------------------------------------------------------


def test_e36_stack_same_type_victim_stacks_and_next_draws_total_and_is_skipped() -> None:
    """E36: "P0 plays Y-D2, P1 plays G-D2 → P2 must stack or draw 4; P2 draws 4 and is
    skipped; next P3." (A18: "the victim may draw the accumulated total instead and is
    skipped")"""
    s = uno.State.from_position(
        "Y5,Y+2/G+2,B1/R1,R2,R+2/G1,G2 *,Y3 yellow 0+ play B5,B6,B7,B8,B9", rules=STACK
    )
    s = run(s, uno.Play(0, "Y+2"))
    assert s.phase is uno.Phase.PENALTY
    assert (s.current_player, s.pending_draw) == (1, 2)
    assert hand(s, 1) == "G+2 B1"
    s = run(s, uno.Play(1, "G+2"))
    assert (s.current_player, s.pending_draw) == (2, 4)
    assert plays(s, 2) == [uno.Play(2, "R+2")]
    rejects(s, uno.Play(2, "R1"), "wrong_phase")
    s = run(s, uno.Draw(2))
    assert hand(s, 2) == "R1 R2 R+2 B5 B6 B7 B8"
    assert s.current_player == 3
    assert s.phase is uno.Phase.PLAY
    assert s.pending_draw == 0
    assert s.color is uno.Color.GREEN


def test_e37_stack_same_type_no_draw_two_on_wild_draw_four_but_four_on_four() -> None:
    """E37: "P0 plays WD4 naming red; P1 tries R-D2 → rejected; P1 plays WD4 naming blue →
    P2 faces 8." """
    s = uno.State.from_position("Y5,W+4/R+2,W+4/G1,G2/B1,B2 Y3 yellow 0+ play *", rules=STACK)
    s = run(s, uno.Play(0, "W+4", "red"))
    rejects(s, uno.Play(1, "R+2"), "wrong_phase")
    s = run(s, uno.Play(1, "W+4", "blue"))
    assert s.phase is uno.Phase.CHALLENGE
    assert (s.current_player, s.pending_draw) == (2, 8)
    assert s.color is uno.Color.BLUE
    s = run(s, uno.Draw(2))
    assert len(s.hands[2]) == 10
    assert s.current_player == 3


def test_e38_stack_mixed_wild_draw_four_on_draw_two_adds_up() -> None:
    """E38: "P0 plays Y-D2, P1 plays WD4 → P2 faces 6." (§2.7 stack_mixed)"""
    s = uno.State.from_position("Y5,Y+2/B1,W+4/G1,G2/B1,B2 Y3 yellow 0+ play *", rules=MIXED)
    s = run(s, uno.Play(0, "Y+2"), uno.Play(1, "W+4", "green"))
    assert (s.current_player, s.pending_draw) == (2, 6)
    s = run(s, uno.Draw(2))
    assert len(s.hands[2]) == 8
    assert s.current_player == 3


def test_c16_stack_mixed_never_draw_two_on_wild_draw_four() -> None:
    """C16: "stack_mixed: +4 on +2 only, never +2 on +4." """
    s = uno.State.from_position("Y5,W+4/R+2,B1/G1,G2/B1,B2 Y3 yellow 0+ play *", rules=MIXED)
    s = run(s, uno.Play(0, "W+4", "red"))
    rejects(s, uno.Play(1, "R+2"), "wrong_phase")
    assert plays(s, 1) == []


def test_c12_draw_two_without_stacking_victim_cannot_pass_it_on() -> None:
    """C12/C3: stacking off: the victim draws inside the play and is skipped."""
    s = uno.State.from_position("Y5,Y+2/G+2,B1/R1/G1 Y3 yellow 0+ play *", rules=MATTEL)
    s = run(s, uno.Play(0, "Y+2"))
    assert s.current_player == 2
    assert len(s.hands[1]) == 4


def test_a18_stacked_wild_draw_four_guilty_its_player_draws_the_whole_total() -> None:
    """A18: "only the most recent WD4 can be challenged, by the player who would draw: guilty
    → its player draws the whole total". The challenger then plays (A5)."""
    s = uno.State.from_position("Y5,W+4/R2,W+4/G1,G2/B1,B2 Y3 yellow 0+ play *", rules=STACK)
    s = run(s, uno.Play(0, "W+4", "red"), uno.Play(1, "W+4", "blue"))
    assert s.pending_draw == 8
    rejects(s, uno.Challenge(3), "not_your_turn")
    s = run(s, uno.Challenge(2))
    assert len(s.hands[1]) == 1 + 8
    assert hand(s, 2) == "G1 G2"
    assert hand(s, 0) == "Y5"
    assert s.current_player == 2
    assert s.phase is uno.Phase.PLAY
    assert s.color is uno.Color.BLUE


def test_a18_stacked_wild_draw_four_innocent_challenger_draws_total_plus_two() -> None:
    """A18: "innocent → challenger draws total + 2" (and loses the turn, R7.3)."""
    s = uno.State.from_position("R5,W+4/Y2,W+4/G1,G2/B1,B2 Y3 yellow 0+ play *", rules=STACK)
    s = run(s, uno.Play(0, "W+4", "red"), uno.Play(1, "W+4", "blue"), uno.Challenge(2))
    assert len(s.hands[2]) == 2 + 10
    assert hand(s, 1) == "Y2"
    assert s.current_player == 3


def test_a18_stack_mixed_wild_draw_four_on_draw_two_guilty_draws_the_total() -> None:
    """A18 with a mixed stack: the Wild Draw Four laid on a Draw Two is challenged; guilty →
    its player draws the whole total (6)."""
    s = uno.State.from_position("Y5,Y+2/Y1,W+4/G1,G2/B1,B2 Y3 yellow 0+ play *", rules=MIXED)
    s = run(s, uno.Play(0, "Y+2"), uno.Play(1, "W+4", "green"), uno.Challenge(2))
    assert len(s.hands[1]) == 1 + 6
    assert s.current_player == 2


# -- Skip bounce, Wild draws two (C16) -----------------------------------------------------------


def test_c16_skip_bounce_passes_the_draw_two_to_the_next_player() -> None:
    """C16: "skip_bounce: the victim lays a same-color Skip instead of drawing; the next
    player in the current direction draws 2 and is skipped." """
    rules = attrs.evolve(MATTEL, skip_bounce=True)
    s = uno.State.from_position(
        "Y5,Y+2/YS,GS,B1/R1,R2/G1,G2 *,Y3 yellow 0+ play B5,B6,B7", rules=rules
    )
    s = run(s, uno.Play(0, "Y+2"))
    assert s.phase is uno.Phase.PENALTY
    assert plays(s, 1) == [uno.Play(1, "YS")]
    rejects(s, uno.Play(1, "GS"), "wrong_phase")
    s = run(s, uno.Play(1, "YS"))
    assert hand(s, 2) == "R1 R2 B5 B6"
    assert hand(s, 1) == "GS B1"
    assert s.current_player == 3
    assert s.phase is uno.Phase.PLAY
    assert s.color is uno.Color.YELLOW


def test_c16_skip_bounce_follows_the_current_direction() -> None:
    """C16: "the next player in the current direction draws 2"."""
    rules = attrs.evolve(MATTEL, skip_bounce=True)
    s = uno.State.from_position("Y5,Y+2/G1,G2/R1,R2/YS,B1 Y3 yellow 0- play *", rules=rules)
    s = run(s, uno.Play(0, "Y+2"), uno.Play(3, "YS"))
    assert len(s.hands[2]) == 4
    assert s.current_player == 1


def test_c16_wild_draws_two_victim_draws_and_is_skipped() -> None:
    """C16: "wild_draws_two: the victim is also skipped." (§2.7: "plain Wild makes the next
    player draw 2")"""
    rules = attrs.evolve(MATTEL, wild_draws_two=True)
    s = uno.State.from_position("Y5,W/B1,B2/R1,R2/G1,G2 *,Y3 yellow 0+ play B5,B6,B7", rules=rules)
    s = run(s, uno.Play(0, "W", "red"))
    assert hand(s, 1) == "B1 B2 B5 B6"
    assert s.current_player == 2
    assert s.color is uno.Color.RED


# -- UNO (E68, C16) ----------------------------------------------------------------------------


def test_e68_uno_penalty_four_caught_player_draws_four() -> None:
    """E68: "[HR:uno_penalty=4] Caught → +4." (§2.7)"""
    rules = attrs.evolve(MATTEL, uno_penalty=4)
    s = uno.State.from_position(
        "R3,G5/Y1,Y2/G8,G9/B8,B9 *,R7 red 0+ play B1,B2,B3,B4,B5", rules=rules
    )
    s = run(s, uno.Play(0, "R3"), uno.CatchUno(2, 0))
    assert hand(s, 0) == "G5 B1 B2 B3 B4"
    assert s.current_player == 1


def test_c16_false_uno_penalty_applies_at_once() -> None:
    """C16: "false_uno_penalty applies at once, no catch needed." (§2.7: "calling UNO with
    more than one card costs 2")"""
    rules = attrs.evolve(MATTEL, false_uno_penalty=2)
    s = uno.State.from_position("R3,G5,G6/Y1,Y2/G9/B9 *,R7 red 0+ play B1,B2,B3", rules=rules)
    s = run(s, uno.CallUno(0))
    assert hand(s, 0) == "R3 G5 G6 B1 B2"
    assert s.current_player == 0
    assert s.phase is uno.Phase.PLAY


def test_c16_a_false_call_is_said_with_call_uno_not_with_a_play_that_keeps_two_cards() -> None:
    """C8, C16: ``uno=True`` is the call made with the play that leaves one card; on a play
    that keeps two it is refused (legal_actions never lists it, SPEC §1), and the false
    call, which costs 2 at once under false_uno_penalty, is CallUno."""
    rules = attrs.evolve(MATTEL, false_uno_penalty=2)
    s = uno.State.from_position("R3,G5,G6/Y1,Y2/G9/B9 *,R7 red 0+ play B1,B2,B3", rules=rules)
    err = rejects(s, uno.Play(0, "R3", uno=True), "wrong_phase")
    assert str(err) == (
        "uno=True says UNO with the play that leaves one card (R10.1, C8): laying R3 leaves"
        " player 0 2 cards; say UNO at another time with CallUno(0)"
    )
    s = run(s, uno.Play(0, "R3"), uno.CallUno(0))
    assert hand(s, 0) == "G5 G6 B1 B2"
    assert s.current_player == 1


def test_c16_false_uno_penalty_does_not_punish_a_true_call() -> None:
    """C8/C16: a call holding exactly one card is a true call."""
    rules = attrs.evolve(MATTEL, false_uno_penalty=2)
    s = uno.State.from_position("R3,G5/Y1,Y2/G9/B9 R7 red 0+ play *", rules=rules)
    s = run(s, uno.Play(0, "R3"), uno.CallUno(0))
    assert hand(s, 0) == "G5"
    assert s.uno_exposed == ()


# -- Seven-O (E82-E84) --------------------------------------------------------------------------

SEVEN_O = attrs.evolve(MATTEL, seven_o=True)


def test_e82_seven_o_seven_swaps_with_chosen_player_and_uno_obligation_follows() -> None:
    """E82: "P0 plays R7 on R2 and chooses P2 → hands swapped; if P0 now holds one card, P0
    has the UNO obligation." (A18, C7)"""
    s = uno.State.from_position("R7,G1,G2/Y1,Y2/B5/G8,G9 R2 red 0+ play *", rules=SEVEN_O)
    rejects(s, uno.Play(0, "R7"), "wrong_phase")
    rejects(s, uno.Play(0, "R7", target=0), "wrong_phase")
    s = run(s, uno.Play(0, "R7", target=2))
    assert hand(s, 0) == "B5"
    assert hand(s, 2) == "G1 G2"
    assert hand(s, 1) == "Y1 Y2"
    assert s.current_player == 1
    assert s.uno_exposed == (0,)
    caught = run(s, uno.CatchUno(3, 0))
    assert len(caught.hands[0]) == 3


def test_e82_seven_o_receiving_a_one_card_hand_owes_the_call() -> None:
    """C7: "Each player who then holds exactly one card and whose hand changed in this action
    owes a call"; a call made with the play protects only the caller's old hand size."""
    s = uno.State.from_position("R7,G1/Y1,Y2/B5,B6,B7/G8,G9 R2 red 0+ play *", rules=SEVEN_O)
    s = run(s, uno.Play(0, "R7", uno=True, target=2))
    assert hand(s, 2) == "G1"
    assert hand(s, 0) == "B5 B6 B7"
    assert s.uno_exposed == (2,)


def test_e83_seven_o_zero_passes_every_hand_in_the_direction_of_play() -> None:
    """E83: "Clockwise, P0 plays B0 → P1 gets P0's hand, P2 gets P1's, P3 gets P2's, P0 gets
    P3's. Counter-clockwise: P3 gets P0's, etc." """
    hands = "R1,R2,B0/Y1,Y2/G1,G2,G3,G4/B5"
    s = run(uno.State.from_position(f"{hands} B3 blue 0+ play *", rules=SEVEN_O), uno.Play(0, "B0"))
    assert [hand(s, i) for i in range(4)] == ["B5", "R1 R2", "Y1 Y2", "G1 G2 G3 G4"]
    assert s.current_player == 1
    s = run(uno.State.from_position(f"{hands} B3 blue 0- play *", rules=SEVEN_O), uno.Play(0, "B0"))
    assert [hand(s, i) for i in range(4)] == ["Y1 Y2", "G1 G2 G3 G4", "B5", "R1 R2"]
    assert s.current_player == 3


def test_e84_seven_o_seven_as_last_card_does_not_swap_and_goes_out() -> None:
    """E84: "P0 plays R7 as the last card → no swap; P0 goes out." (A18, [QR])"""
    s = uno.State.from_position("R7/Y1,Y2/B5/G8,G9 R2 red 0+ play *", rules=SEVEN_O)
    rejects(s, uno.Play(0, "R7", target=2), "wrong_phase")
    s = run(s, uno.Play(0, "R7"))
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.round_winner == 0
    assert hand(s, 2) == "B5"
    assert s.scores == (1 + 2 + 5 + 9 + 8, 0, 0, 0)


def test_e84_seven_o_zero_as_last_card_does_not_rotate() -> None:
    """A18: "no effect when played as the last card" (for the 0 too)."""
    s = uno.State.from_position("B0/Y1,Y2/B5/G8,G9 B3 blue 0+ play *", rules=SEVEN_O)
    s = run(s, uno.Play(0, "B0"))
    assert s.round_winner == 0
    assert [hand(s, i) for i in range(4)] == ["", "Y1 Y2", "B5", "G8 G9"]


# -- Jump-In (E85, E86, C16) --------------------------------------------------------------------

JUMP = attrs.evolve(MATTEL, jump_in=True)


def test_e85_jump_in_identical_card_out_of_turn_skips_passed_players() -> None:
    """E85: "P0 plays G5; before P1 acts, P2 plays its G5 → accepted; P1's turn is lost; next
    P3." (A18: "play continues from the jumper; players passed over lose their turn")"""
    s = uno.State.from_position("G5,G7/Y1,Y2/G5,B2/G8,G9 G4 green 0+ play *", rules=JUMP)
    s = run(s, uno.Play(0, "G5"))
    assert uno.Play(2, "G5", uno=True) in uno.legal_actions(s)
    s = run(s, uno.Play(2, "G5", uno=True))
    assert s.current_player == 3
    assert hand(s, 2) == "B2"
    assert hand(s, 1) == "Y1 Y2"
    assert s.discard_pile[-2:] == (uno.Card.parse("G5"), uno.Card.parse("G5"))


def test_e86_jump_in_needs_an_identical_card_and_never_a_wild() -> None:
    """E86: "P2 tries to jump in with B5 on G5 → rejected; with a W → rejected." """
    s = uno.State.from_position("G5,G7/Y1,Y2/B5,W/G8,G9 G4 green 0+ play *", rules=JUMP)
    s = run(s, uno.Play(0, "G5"))
    rejects(s, uno.Play(2, "B5"), "not_your_turn")
    rejects(s, uno.Play(2, "W", "green"), "not_your_turn")
    assert plays(s, 2) == []


def test_c16_jump_in_closes_an_open_uno_window() -> None:
    """C16: "A Jump-In is a play: it closes an open UNO window." """
    s = uno.State.from_position("G5,G7/Y1,Y2/G5,B2,B3/G8,G9 G4 green 0+ play *", rules=JUMP)
    s = run(s, uno.Play(0, "G5"))
    assert s.uno_exposed == (0,)
    s = run(s, uno.Play(2, "G5"))
    assert s.uno_exposed == ()
    rejects(s, uno.CatchUno(3, 0), "nothing_to_catch")


# -- drawing (E87, E88, C16) --------------------------------------------------------------------

UNTIL = attrs.evolve(MATTEL, draw_until_playable=True)
UP_TO_3 = attrs.evolve(MATTEL, draw_up_to=3)


def test_e87_draw_until_playable_stops_at_first_playable_card_which_must_be_laid() -> None:
    """E87: "Top R5; P1 draws Y1, B2, R9 → stops at R9 and must play it." (A18)"""
    s = uno.State.from_position("G1/Y3,B8/G2/G3 *,R5 red 1+ play Y1,B2,R9,G7 dealer=0", rules=UNTIL)
    s = run(s, uno.Draw(1))
    assert hand(s, 1) == "R9 Y1 Y3 B2 B8"
    assert s.phase is uno.Phase.DRAWN
    assert s.drawn_card == uno.Card.parse("R9")
    assert s.draw_pile_size == 1
    rejects(s, uno.Pass(1), "wrong_phase")
    assert plays(s, 1) == [uno.Play(1, "R9")]
    s = run(s, uno.Play(1, "R9"))
    assert s.current_player == 2


def test_e88_draw_up_to_three_keeps_all_and_passes_when_none_playable() -> None:
    """E88: "Top R5; P1 draws Y1, B2, G3 → none playable; keeps all three; turn passes."
    (A18)"""
    s = uno.State.from_position(
        "G1/Y3,B8/G2/G4 *,R5 red 1+ play Y1,B2,G3,R9 dealer=0", rules=UP_TO_3
    )
    s = run(s, uno.Draw(1))
    assert hand(s, 1) == "Y1 Y3 G3 B2 B8"
    assert s.current_player == 2
    assert s.phase is uno.Phase.PLAY
    assert s.draw_pile_size == 1


def test_e88_draw_up_to_three_stops_at_a_playable_card_which_is_optional() -> None:
    """A18: "Draw up to 3: stop at the first playable card (playing it optional)"."""
    s = uno.State.from_position("G1/Y3,B8/G2/G4 *,R5 red 1+ play Y1,R9,G3 dealer=0", rules=UP_TO_3)
    s = run(s, uno.Draw(1))
    assert hand(s, 1) == "R9 Y1 Y3 B8"
    assert s.phase is uno.Phase.DRAWN
    s = run(s, uno.Pass(1))
    assert s.current_player == 2


def test_c16_draw_until_playable_applies_to_voluntary_draws() -> None:
    """C16: "draw_until_playable and draw_up_to_n apply to voluntary draws too." """
    s = uno.State.from_position("G1/R3,B8/G2/G3 *,R5 red 1+ play Y1,B2,R9,G7 dealer=0", rules=UNTIL)
    s = run(s, uno.Draw(1))
    assert hand(s, 1) == "R3 R9 Y1 B2 B8"
    assert s.drawn_card == uno.Card.parse("R9")
    rejects(s, uno.Play(1, "R3"), "wrong_phase")
    rejects(s, uno.Pass(1), "wrong_phase")


def test_c16_draw_up_to_applies_to_voluntary_draws() -> None:
    """C16: "draw_until_playable and draw_up_to_n apply to voluntary draws too." """
    s = uno.State.from_position(
        "G1/R3,B8/G2/G4 *,R5 red 1+ play Y1,B2,G3,R9 dealer=0", rules=UP_TO_3
    )
    s = run(s, uno.Draw(1))
    assert hand(s, 1) == "R3 Y1 G3 B2 B8"
    assert s.current_player == 2


@pytest.mark.parametrize(
    ("option", "pile", "variants", "hand_after"),
    [
        ({"draw_until_playable": True}, "GS,RS,G7,*", 1, "RS GS B3"),
        ({"draw_up_to": 3}, "RS,G7,G8,*", 2, "RS B3"),
    ],
)
def test_drawing_until_playable_judges_the_last_card_rule_with_the_cards_drawn(
    option: dict[str, Any], pile: str, variants: int, hand_after: str
) -> None:
    """A18 with the last-card rule: a player holding one card draws until a playable card
    (or up to 3). A Skip drawn after other cards is not the last card (the cards drawn
    before it are held too), so it is playable: drawing stops at it."""
    rules = MATTEL.but(no_finish_on_action=True, **option)
    s = uno.State.from_position(f"B3/Y1,Y2 R5 red 0+ play {pile}", rules=rules)
    s = run(s, uno.Draw(0))
    assert hand(s, 0) == hand_after
    assert s.phase is uno.Phase.DRAWN
    assert s.drawn_card == uno.Card.parse("RS")
    assert plays(s, 0) == [uno.Play(0, "RS"), uno.Play(0, "RS", uno=True)][:variants]


# -- no finish on action (E89) -------------------------------------------------------------------


def test_e89_no_finish_on_action_last_action_card_rejected_player_draws() -> None:
    """E89: "P0's only card is G-Skip on a green top → playing it rejected; P0 draws." (A18:
    "may not play it and follows the normal draw rule")"""
    rules = attrs.evolve(MATTEL, no_finish_on_action=True)
    s = uno.State.from_position("GS/Y1,Y2/B5/G8,G9 *,G4 green 0+ play B7,R1", rules=rules)
    rejects(s, uno.Play(0, "GS"), "card_does_not_match")
    assert uno.legal_actions(s, 0)[0] == uno.Draw(0)
    s = run(s, uno.Draw(0))
    assert hand(s, 0) == "GS B7"
    assert s.current_player == 1


def test_e89_no_finish_on_action_wild_as_last_card_rejected() -> None:
    """§2.7: "last card must be a number card" — a wild is not one."""
    rules = attrs.evolve(MATTEL, no_finish_on_action=True)
    s = uno.State.from_position("W/Y1,Y2/B5/G8,G9 G4 green 0+ play *", rules=rules)
    rejects(s, uno.Play(0, "W", "red"), "card_does_not_match")


# -- multi-play (E90-E92, C11) -------------------------------------------------------------------

SAME_VALUE = attrs.evolve(MATTEL, multi_play=uno.MultiPlay.SAME_VALUE)
IDENTICAL = attrs.evolve(MATTEL, multi_play=uno.MultiPlay.IDENTICAL)


def test_e90_multi_play_same_value_two_threes_last_sets_color() -> None:
    """E90: "Top R3; P plays G3 then B3 → legal, colour blue; with identical only a second G3
    would be allowed." (A18: "colour afterwards = last card placed")"""
    s = uno.State.from_position("Y9,G3,G3,B3/Y1,Y2/B5/G8,G9 R3 red 0+ play *", rules=SAME_VALUE)
    after = run(s, uno.Play(0, "G3", also=["B3"]))
    assert after.color is uno.Color.BLUE
    assert str(after.top_card) == "B3"
    assert hand(after, 0) == "Y9 G3"
    assert after.current_player == 1
    s = uno.State.from_position("Y9,G3,G3,B3/Y1,Y2/B5/G8,G9 R3 red 0+ play *", rules=IDENTICAL)
    rejects(s, uno.Play(0, "G3", also=["B3"]), "card_does_not_match")
    after = run(s, uno.Play(0, "G3", also=["G3"]))
    assert hand(after, 0) == "Y9 B3"
    assert after.color is uno.Color.GREEN


def test_e91_multi_play_same_value_two_skips_skip_two_players() -> None:
    """E91: "P0 plays R-Skip and Y-Skip on R2 → P1 and P2 skipped; next P3; colour yellow."
    (C11: needs same_value)"""
    s = uno.State.from_position("R1,RS,YS/Y1,Y2/B5/G8,G9 R2 red 0+ play *", rules=SAME_VALUE)
    s = run(s, uno.Play(0, "RS", also=["YS"]))
    assert s.current_player == 3
    assert s.color is uno.Color.YELLOW
    assert hand(s, 0) == "R1"


@pytest.mark.parametrize("mode", [uno.MultiPlay.IDENTICAL, uno.MultiPlay.SAME_VALUE])
def test_e92_multi_play_two_draw_twos_give_four_and_a_skip(mode: uno.MultiPlay) -> None:
    """E92: "P0 plays two Y-D2 on a yellow card → P1 +4 and skipped; next P2." (C11: holds in
    both modes)"""
    rules = attrs.evolve(MATTEL, multi_play=mode)
    s = uno.State.from_position(
        "Y1,Y+2,Y+2/B1,B2/B5/G8,G9 *,Y7 yellow 0+ play R1,R2,R3,R4,R5", rules=rules
    )
    s = run(s, uno.Play(0, "Y+2", also=["Y+2"]))
    assert hand(s, 1) == "R1 R2 R3 R4 B1 B2"
    assert s.current_player == 2
    assert hand(s, 0) == "Y1"


def test_c11_one_card_per_turn_without_multi_play() -> None:
    """R4.3 / E26: without multi_play a second card is rejected."""
    s = uno.State.from_position("Y1,Y+2,Y+2/B1,B2/B5/G8,G9 Y7 yellow 0+ play *", rules=MATTEL)
    rejects(s, uno.Play(0, "Y+2", also=["Y+2"]), "card_does_not_match")


def test_c16_a_false_uno_call_names_its_penalty_cards_with_drawn() -> None:
    """SPEC §1: every action that makes anyone draw may name the cards; a false UNO call
    (false_uno_penalty, C16) draws, so CallUno takes ``drawn`` too."""
    rules = attrs.evolve(MATTEL, false_uno_penalty=2)
    s = uno.State.from_position("R3,G5,G6/Y1,Y2/G9/B9 *,R7 red 0+ play B1,B2,B3", rules=rules)
    s = run(s, uno.CallUno(0, drawn=["B3", "B1"]))
    assert hand(s, 0) == "R3 G5 G6 B1 B3"
    assert s.draw_pile == cards("B2")


def test_c16_a_false_uno_call_with_a_wrong_drawn_is_rejected() -> None:
    rules = attrs.evolve(MATTEL, false_uno_penalty=2)
    s = uno.State.from_position("R3,G5,G6/Y1,Y2/G9/B9 *,R7 red 0+ play B1,B2,B3", rules=rules)
    rejects(s, uno.CallUno(0, drawn=["B1"]), "draw_mismatch")
    rejects(s, uno.CallUno(0, drawn=["R9", "B1"]), "draw_mismatch")
    true_call = uno.State.from_position("R3/G9 R7 red 0+ play * uno=0", rules=rules)
    rejects(true_call, uno.CallUno(0, drawn=["B1"]), "draw_mismatch")


def test_a_drawn_wild_is_judged_when_laid_not_when_drawn() -> None:
    """§2.4/A4: a restricted Wild is judged on the hand at the moment it is laid. The W
    was drawn when it could be laid, but the hand now holds a red card (a catch or a false
    call adds cards during the drawn phase): the W may no longer be laid, and the player
    passes, even under draw_until_playable, which otherwise forces the drawn card (A18)."""
    rules = attrs.evolve(
        MATTEL, wild_restriction=uno.WildRestriction.NO_CURRENT_COLOR, draw_until_playable=True
    )
    fresh = uno.State.from_position("B1/G5,W/G9/B9 R7 red 1+ drawn * drawn=W dealer=0", rules=rules)
    assert uno.Play(1, "W", "red") in uno.legal_actions(fresh, 1)
    rejects(fresh, uno.Pass(1), "wrong_phase")  # draw_until_playable: the card must be laid
    later = uno.State.from_position(
        "B1/R2,G5,W/G9/B9 R7 red 1+ drawn * drawn=W dealer=0", rules=rules
    )
    rejects(later, uno.Play(1, "W", "red"), "wild_restricted")
    assert uno.legal_actions(later, 1)[0] == uno.Pass(1)
    assert run(later, uno.Pass(1)).current_player == 2


def test_multi_play_naming_more_copies_than_held_is_card_not_in_hand() -> None:
    """A multi-card play that names a card more often than the hand holds it is rejected
    with card_not_in_hand, naming the missing copy (never an unexpected exception)."""
    rules = attrs.evolve(MATTEL, multi_play=uno.MultiPlay.IDENTICAL)
    s = uno.State.from_position("R5,G1,G2/Y1,Y2 R7 red 0+ play *", rules=rules)
    err = rejects(s, uno.Play(0, "R5", also=["R5"]), "card_not_in_hand")
    assert str(err) == "player 0 does not hold R5 (laying R5 R5)"
    err = rejects(s, uno.Play(0, "B5"), "card_not_in_hand")
    assert str(err) == "player 0 does not hold B5"


@pytest.mark.parametrize(
    ("changes", "answer", "then"),
    [
        ({"skip_bounce": True}, "GS", (3, uno.Phase.PLAY, 0)),  # P2 drew 2, skipped
        ({"stacking": uno.Stacking.SAME_TYPE}, "Y+2", (2, uno.Phase.PENALTY, 4)),
    ],
)
def test_a18_multi_play_a_pending_penalty_is_answered_with_one_card(
    changes: dict[str, Any], answer: str, then: tuple[int, uno.Phase, int]
) -> None:
    """A18 lets several cards be laid together "in the same motion" of a turn; a victim
    answering a pending Draw Two (a stack, a Skip bounce, C16) lays one card, as
    legal_actions lists it: laying two was accepted by apply but never listed."""
    rules = attrs.evolve(MATTEL, multi_play=uno.MultiPlay.IDENTICAL, **changes)
    pair = f"{answer},{answer}"
    s = uno.State.from_position(f"Y5,G+2/{pair},B1/R1,R2/G1,G2 G3 green 0+ play *", rules=rules)
    s = run(s, uno.Play(0, "G+2"))
    assert s.phase is uno.Phase.PENALTY
    assert plays(s, 1) == [uno.Play(1, answer)]
    rejects(s, uno.Play(1, answer, also=[answer]), "wrong_phase")
    after = run(s, uno.Play(1, answer))
    assert (after.current_player, after.phase, after.pending_draw) == then
