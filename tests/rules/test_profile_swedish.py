"""The ``swedish`` profile (the community sheet "UNO-regler", seed 001): the §4 scenarios of
RULES.md tagged ``[SE]`` and clarifications C6, C9 and C10."""

from __future__ import annotations

import attrs
import pytest
from conftest import hand, rejects, run

import unorules as uno

SE = uno.SWEDISH

HANDS = (
    "G1 G2 G3 G4 G6 G7 B9",
    "Y3 G+2 B1 B2 B3 B4 B6",
    "G1 G2 G3 G4 G6 G7 G8",
    "B1 B2 B3 B4 B6 B7 B8",
)


def deal(*turned: str, hands: tuple[str, ...] = HANDS) -> uno.State:
    """A 4-player ``swedish`` round dealt by P0 with ``turned`` as the cards turned up."""
    return uno.new_game(4, SE, seed=5, deal=uno.Deal(0, [h.split() for h in hands], list(turned)))


def plays(state: uno.State, seat: int) -> list[uno.Action]:
    return [a for a in uno.legal_actions(state, seat) if isinstance(a, uno.Play)]


# -- first discard (A2, C5) -----------------------------------------------------------------------


def test_e14_swedish_first_draw_two_has_no_effect() -> None:
    """E14: "First discard Y-D2 → no effect; P1 has 7 cards and must follow yellow (or play a
    Draw 2)." (A2, C5: swedish = no_effects)"""
    s = deal("Y+2")
    assert s.current_player == 1
    assert s.direction == 1
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert s.color is uno.Color.YELLOW
    assert plays(s, 1) == [uno.Play(1, "Y3"), uno.Play(1, "G+2")]
    rejects(s, uno.Play(1, "B1"), "card_does_not_match")
    rejects(s, uno.Draw(1), "wrong_phase")


def test_e14_swedish_first_skip_and_reverse_have_no_effect() -> None:
    """A2/C5: under no_effects "action cards have no effect": a first Skip does not skip P1,
    a first Reverse does not turn the direction."""
    s = deal("YS")
    assert (s.current_player, s.direction) == (1, 1)
    s = deal("YR")
    assert (s.current_player, s.direction) == (1, 1)


def test_e15_swedish_first_wild_goes_back_and_a_new_card_is_turned() -> None:
    """E15: "First discard W → returned to the draw pile and a new card turned" (C5: "W and
    WD4 ... go back at a random position and another card is turned, repeating as
    needed")."""
    s = deal("W", "W+4", "R5")
    assert str(s.top_card) == "R5"
    assert s.discard_pile == (uno.Card.parse("R5"),)
    assert s.draw_pile.count(uno.Card.parse("W")) == 4
    assert s.draw_pile.count(uno.Card.parse("W+4")) == 4
    assert s.phase is uno.Phase.PLAY
    assert s.current_player == 1
    assert s.color is uno.Color.RED
    assert s.draw_pile_size == 79


def test_e15_swedish_a_wild_cannot_stay_as_first_card() -> None:
    """E15: a deal whose first card in play is a Wild is not a swedish deal (it goes back)."""
    with pytest.raises(uno.IllegalAction) as info:
        deal("W")
    assert info.value.code is uno.ErrorCode.BAD_DEAL


# -- drawing and action cards -------------------------------------------------------------------


def test_e24_swedish_draw_while_holding_a_playable_card_is_rejected() -> None:
    """E24: "P1 holds a playable card and requests a draw → rejected." (A7: SE voluntary_draw
    false)"""
    s = uno.State.from_position("G1/R3,B8/G2/G3 R5 red 1+ play * dealer=0", rules=SE)
    rejects(s, uno.Draw(1), "wrong_phase")
    assert uno.Draw(1) not in uno.legal_actions(s)
    s = uno.State.from_position("G1/Y3,B8/G2/G3 *,R5 red 1+ play G7,R1 dealer=0", rules=SE)
    s = run(s, uno.Draw(1))
    assert hand(s, 1) == "Y3 G7 B8"
    assert s.current_player == 2


def test_e32_swedish_two_player_reverse_passes_to_opponent() -> None:
    """E32: "2 players, P0 plays R-Rev → P1 moves next." (A3, C6: "with two players: the
    opponent")"""
    s = uno.State.from_position("RR,G5,B7/R2,Y3 R4 red 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "RR"))
    assert s.current_player == 1
    assert s.direction == -1
    assert s.phase is uno.Phase.PLAY


def test_e35_swedish_skip_then_next_active_player_may_skip_by_symbol() -> None:
    """E35: "P0 plays G-Skip → P1 may not respond with a Skip; P2 may play B-Skip → P3
    skipped; next P0." (A13)"""
    s = uno.State.from_position("R5,G1,GS/Y2,YS/B2,BS/G8,B3 G4 green 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "GS"))
    assert s.current_player == 2
    rejects(s, uno.Play(1, "YS"), "not_your_turn")
    s = run(s, uno.Play(2, "BS"))
    assert s.current_player == 0
    assert s.color is uno.Color.BLUE
    assert hand(s, 1) == "Y2 YS"
    assert hand(s, 3) == "G8 B3"


def test_c6_swedish_reverse_is_a_plain_direction_change() -> None:
    """C6: "Swedish Reverse: a plain direction change; the next seat in the new direction
    plays." """
    s = uno.State.from_position("RR,G5/R2,Y3/B1,B2/G3,G4 R4 red 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "RR"))
    assert s.direction == -1
    assert s.current_player == 3


def test_c6_swedish_player_right_after_reverse_may_not_answer_with_reverse_by_symbol() -> None:
    """C6: "The player who moves right after a Reverse may not answer it with a Reverse by
    symbol (a same-color card is always fine)" [S001 l.39]."""
    s = uno.State.from_position("RR,G5/R2,Y3/B1,B2/R6,RR,GR R4 red 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "RR"))
    assert s.current_player == 3
    rejects(s, uno.Play(3, "GR"), "card_does_not_match")
    assert plays(s, 3) == [uno.Play(3, "R6"), uno.Play(3, "RR")]
    after = run(s, uno.Play(3, "RR"))
    assert after.direction == 1
    assert after.current_player == 0
    after = run(s, uno.Play(3, "R6"))
    assert after.current_player == 2


def test_c6_swedish_reverse_lock_lets_later_players_answer_by_symbol() -> None:
    """C6 (A13: "the next player who actually has a turn may play" the same symbol): the
    player right after the Reverse, holding only an other-colour Reverse, cannot play and
    draws; the following player may then lay a Reverse of another colour."""
    s = uno.State.from_position("RR,G5/R2,Y3/B2,BR/G4,GR *,R4 red 0+ play Y9,Y8", rules=SE)
    s = run(s, uno.Play(0, "RR"))
    assert plays(s, 3) == []
    s = run(s, uno.Draw(3))
    assert hand(s, 3) == "Y9 G4 GR"
    assert s.current_player == 2
    s = run(s, uno.Play(2, "BR"))
    assert s.direction == 1
    assert s.current_player == 3
    assert s.color is uno.Color.BLUE


def test_c6_swedish_reverse_lock_ends_with_the_answering_players_move() -> None:
    """C6: only "the player who moves right after a Reverse" is limited. Two players: P1,
    right after, cannot answer with G-Rev and draws; P0 draws too; on P1's next turn the
    Reverse is still on top and P1 may now lay G-Rev."""
    s = uno.State.from_position("RR,G5,B7/Y3,GR *,R4 red 0+ play Y9,B1,Y8", rules=SE)
    s = run(s, uno.Play(0, "RR"))
    assert s.current_player == 1
    s = run(s, uno.Draw(1))
    assert s.current_player == 0
    s = run(s, uno.Draw(0))
    assert hand(s, 0) == "G5 B1 B7"
    assert s.current_player == 1
    assert str(s.top_card) == "RR"
    assert uno.Play(1, "GR") in plays(s, 1)
    s = run(s, uno.Play(1, "GR"))
    assert s.current_player == 0
    assert s.color is uno.Color.GREEN


# -- wilds and the Wild Draw Four accusation -----------------------------------------------------


def test_e49_swedish_wild_rejected_while_holding_current_color() -> None:
    """E49: "Colour red: P holds {R3, W} → W rejected; P holds {B7, W} on R7 → W legal."
    (§2.4, A17: any colour may then be named)"""
    s = uno.State.from_position("R3,W/G1/G2/G3 R7 red 0+ play *", rules=SE)
    rejects(s, uno.Play(0, "W", "green"), "wild_restricted")
    assert plays(s, 0) == [uno.Play(0, "R3", uno=False), uno.Play(0, "R3", uno=True)]
    s = uno.State.from_position("B7,W/G1/G2/G3 R7 red 0+ play *", rules=SE)
    assert uno.Play(0, "W", "red") in uno.legal_actions(s)
    s = run(s, uno.Play(0, "W", "red", uno=True))
    assert s.color is uno.Color.RED
    assert s.current_player == 1


def test_e49_swedish_wild_restriction_follows_the_named_color_of_a_wild_top() -> None:
    """§2.4: the Wild only "if the player has no card of the colour being played"; on a wild
    top card that is the named colour."""
    s = uno.State.from_position("R1,Y3,W/G1/G2/G3 W yellow 0+ play *", rules=SE)
    rejects(s, uno.Play(0, "W", "red"), "wild_restricted")
    s = uno.State.from_position("R1,G3,W/G1/G2/G3 W yellow 0+ play *", rules=SE)
    assert run(s, uno.Play(0, "W", "green")).color is uno.Color.GREEN


@pytest.mark.parametrize("held", ["GS B7 W", "GS B7"])
def test_e40_swedish_wild_draw_four_with_other_colors_is_innocent(held: str) -> None:
    """E40 [SE]: "Top R7 (red): hand {B7, G-Skip, W, WD4} → WD4 legal" (A4: colour only).
    C10: a wrong accusation costs nothing; the victim draws 4 and is skipped."""
    hand0 = held.replace(" ", ",")
    s = uno.State.from_position(f"{hand0},W+4/Y1,Y2/G9/B9 R7 red 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert hand(s, 0) == held
    assert len(s.hands[1]) == 2 + 4
    assert s.current_player == 2
    assert s.color is uno.Color.GREEN


def test_e40_swedish_wild_draw_four_held_with_current_color_is_guilty() -> None:
    """E40 [SE]: "hand {R-Skip, WD4} → WD4 illegal"; "top W named yellow, hand {Y1, WD4} →
    illegal" (accepted as a bluff, C1; found out by an accusation, C10)."""
    s = uno.State.from_position("RS,W+4/Y1,Y2/G9/B9 R7 red 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "W+4", "blue"), uno.Challenge(1))
    assert len(s.hands[0]) == 1 + 4
    s = uno.State.from_position("Y1,W+4/B2,B3/G9/B9 W yellow 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "W+4", "red", uno=True), uno.Challenge(1))
    assert len(s.hands[0]) == 1 + 4


def test_e50_swedish_right_accusation_offender_draws_four_extra_victim_still_draws() -> None:
    """E50: "P0 plays WD4 while holding a red card (colour red); P1 accuses before drawing →
    P0 +4; P1 still +4 and skipped; named colour stands." (A6, C10)"""
    s = uno.State.from_position(
        "R2,G5,W+4/Y1,Y2/G8,G9/B8,B9 *,R7 red 0+ play B1,B2,B3,B4,Y5,Y6,Y7,Y8", rules=SE
    )
    s = run(s, uno.Play(0, "W+4", "blue"))
    assert s.phase is uno.Phase.CHALLENGE
    s = run(s, uno.Challenge(1))
    assert hand(s, 0) == "R2 G5 B1 B2 B3 B4"
    assert hand(s, 1) == "Y1 Y2 Y5 Y6 Y7 Y8"
    assert s.current_player == 2
    assert s.color is uno.Color.BLUE
    assert str(s.top_card) == "W+4"


def test_c10_swedish_wrong_accusation_costs_nothing() -> None:
    """C10: "wrong: no cost, the victim draws 4 and is skipped." """
    s = uno.State.from_position("G5,B6,W+4/Y1,Y2/G8,G9/B8,B9 R7 red 0+ play *", rules=SE)
    accused = run(s, uno.Play(0, "W+4", "blue"), uno.Challenge(1))
    accepted = run(s, uno.Play(0, "W+4", "blue"), uno.Draw(1))
    assert accused.hands == accepted.hands
    assert len(accused.hands[1]) == 6
    assert hand(accused, 0) == "G5 B6"
    assert accused.current_player == accepted.current_player == 2
    assert accused.color is uno.Color.BLUE


def test_c10_swedish_only_the_victim_accuses_and_only_before_drawing() -> None:
    """C10: "the next player may accuse before drawing"."""
    s = uno.State.from_position("R2,G5,W+4/Y1,Y2/G8,G9/B8,B9 R7 red 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "W+4", "blue"))
    rejects(s, uno.Challenge(2), "not_your_turn")
    s = run(s, uno.Draw(1))
    rejects(s, uno.Challenge(1), "wrong_phase")
    assert hand(s, 0) == "R2 G5"


# -- the UNO call (C9) ---------------------------------------------------------------------------


def test_e65_swedish_forgotten_uno_costs_two_cards_and_the_next_turn() -> None:
    """E65: "P0 forgets UNO; P1 completes its move; P2 points it out before P0's next turn →
    P0 +2 and P0's next turn is skipped (order P3 → P1)." (A8, C9)"""
    s = uno.State.from_position(
        "R3,G5/R4,Y1,Y5/R6,Y2,Y5/R8,Y3,Y6 *,R7 red 0+ play B1,B2,B3,B4", rules=SE
    )
    s = run(s, uno.Play(0, "R3"))
    rejects(s, uno.CatchUno(2, 0), "nothing_to_catch")
    s = run(s, uno.Play(1, "R4"))
    assert s.uno_exposed == (0,)
    s = run(s, uno.CatchUno(2, 0))
    assert hand(s, 0) == "G5 B1 B2"
    assert s.current_player == 2
    s = run(s, uno.Play(2, "R6"), uno.Play(3, "R8"))
    assert s.current_player == 1
    assert hand(s, 0) == "G5 B1 B2"


def test_c9_swedish_offender_may_call_until_another_player_acts() -> None:
    """C9: "The offender may call safely until the first turn action by another player"."""
    s = uno.State.from_position("R3,G5/R4,Y1,Y5/R6,Y2,Y5/R8,Y3,Y6 R7 red 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "R3"), uno.CallUno(0), uno.Play(1, "R4"))
    assert s.uno_exposed == ()
    rejects(s, uno.CatchUno(2, 0), "nothing_to_catch")


def test_c9_swedish_late_call_no_longer_protects() -> None:
    """C9: "after that the call is overdue and a late call no longer protects"."""
    s = uno.State.from_position("R3,G5/R4,Y1,Y5/R6,Y2,Y5/R8,Y3,Y6 R7 red 0+ play *", rules=SE)
    s = run(s, uno.Play(0, "R3"), uno.Play(1, "R4"), uno.CallUno(0))
    assert s.uno_exposed == (0,)
    s = run(s, uno.CatchUno(3, 0, drawn=["B1", "B2"]))
    assert hand(s, 0) == "G5 B1 B2"


def test_c9_swedish_catch_window_closes_at_offenders_own_turn_action() -> None:
    """C9: "A catch is accepted from that point until the offender's own first turn
    action"."""
    s = uno.State.from_position(
        "R3,G5/R4,Y1,Y5/R6,Y2,Y5/R8,Y3,Y6 *,R7 red 0+ play B1,B2,B3,B4", rules=SE
    )
    s = run(s, uno.Play(0, "R3"), uno.Play(1, "R4"), uno.Play(2, "R6"), uno.Play(3, "R8"))
    assert s.current_player == 0
    assert s.uno_exposed == (0,)
    s = run(s, uno.Draw(0))
    assert hand(s, 0) == "G5 B1"
    assert s.uno_exposed == ()
    rejects(s, uno.CatchUno(1, 0), "nothing_to_catch")


def test_c9_swedish_call_becomes_overdue_when_offenders_turn_begins() -> None:
    """C9: "If no other player acts before the offender's turn, the call becomes overdue when
    that turn begins." Two players, P0's next-to-last card is a Skip: P0 moves again; the
    catch is accepted at once and costs P0 the turn it was about to take."""
    s = uno.State.from_position("RS,G5/R4,Y1 *,R7 red 0+ play B1,B2,B3", rules=SE)
    s = run(s, uno.Play(0, "RS"))
    assert s.current_player == 0
    assert s.uno_exposed == (0,)
    s = run(s, uno.CallUno(0))
    assert s.uno_exposed == (0,)
    s = run(s, uno.CatchUno(1, 0))
    assert hand(s, 0) == "G5 B1 B2"
    assert s.current_player == 1


def test_c9_swedish_two_player_example_catcher_plays_again() -> None:
    """C9: "Example: two players, P1 lays its next-to-last card without calling, P0 plays, P0
    catches: P1 draws 2, P0 plays again." """
    s = uno.State.from_position("R4,Y1,Y2/R3,G5 *,R7 red 1+ play B1,B2,B3 dealer=0", rules=SE)
    s = run(s, uno.Play(1, "R3"))
    rejects(s, uno.CatchUno(0, 1), "nothing_to_catch")
    s = run(s, uno.Play(0, "R4"))
    assert s.current_player == 1
    s = run(s, uno.CatchUno(0, 1))
    assert hand(s, 1) == "G5 B1 B2"
    assert s.current_player == 0
    assert s.phase is uno.Phase.PLAY


def test_c9_swedish_lost_turn_comes_on_top_of_a_draw_two() -> None:
    """C9: "Penalty: 2 cards and the offender's next turn is lost, in addition to any Skip or
    Draw effect." P0's next-to-last card is a Draw Two: P1 draws and is skipped; P2 plays; P3
    catches P0; after P3 the turn passes over P0 to P1."""
    s = uno.State.from_position(
        "R+2,G5/Y1,Y2/R6,Y4/R8,Y3 *,R7 red 0+ play B1,B2,B3,B4,B5,B6", rules=SE
    )
    s = run(s, uno.Play(0, "R+2"))
    assert hand(s, 1) == "Y1 Y2 B1 B2"
    assert s.current_player == 2
    rejects(s, uno.CatchUno(2, 0), "nothing_to_catch")  # P1's penalty draw is no move
    s = run(s, uno.Play(2, "R6"), uno.CatchUno(3, 0))
    assert hand(s, 0) == "G5 B3 B4"
    s = run(s, uno.Play(3, "R8"))
    assert s.current_player == 1


# -- going out and scoring --------------------------------------------------------------------


ELIMINATION = attrs.evolve(SE, scoring=uno.Scoring.ELIMINATION)


def test_e74_swedish_elimination_removes_player_and_two_player_rules_follow() -> None:
    """E74: "Elimination, limit 500, totals P0=480, P1=490, P2=100; P0 goes out; P1 holds 15,
    P2 holds 30 → P1 eliminated (505), P2=130; play continues with P0 and P2 (two-player
    rules)." (A14)"""
    s = uno.State.from_position(
        "R5/B6,B9/G9,GS,B1 R3 red 0+ play * scores=480,490,100", rules=ELIMINATION
    )
    s = run(s, uno.Play(0, "R5"))
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.scores == (480, 505, 130)
    assert s.eliminated == (1,)
    assert s.winner is None
    hands = [
        ["R1", "R2", "R3", "R4", "R6", "Y7", "YS"],
        [],
        ["Y1", "Y2", "Y3", "Y4", "Y6", "YR", "B8"],
    ]
    s = run(s, uno.NextRound(uno.Deal(0, hands, ["Y5"])))
    assert s.dealer == 0
    assert s.current_player == 2
    rejects(s, uno.Play(1, "Y5"), "not_your_turn")
    s = run(s, uno.Play(2, "Y1"))
    assert s.current_player == 0
    s = run(s, uno.Play(0, "YS"))
    assert s.current_player == 0
    s = run(s, uno.Play(0, "Y7"), uno.Play(2, "YR"))
    assert s.direction == -1
    assert s.current_player == 0


def test_e75_swedish_elimination_last_player_left_wins() -> None:
    """E75: "Elimination with P0=480, P2=470; P2 goes out, P0 holds 25 → P0 eliminated, P2
    wins." (A14)"""
    s = uno.State.from_position(
        "B5,BS/-/R5 R3 red 2+ play * dealer=0 scores=480,505,470 out=1", rules=ELIMINATION
    )
    s = run(s, uno.Play(2, "R5"))
    assert s.phase is uno.Phase.GAME_OVER
    assert s.scores == (505, 505, 470)
    assert s.eliminated == (0, 1)
    assert s.winner == 2


def test_e81_swedish_pairs_score_opponents_only_and_first_pair_to_500_wins() -> None:
    """E81: "Same position with pairs → the pair scores 55; the first pair to reach 500
    wins." (A15: "Enbart motspelarens kort räknas")"""
    rules = attrs.evolve(SE, teams=2)
    s = uno.State.from_position(
        "Y1,Y4,Y5,Y6,Y7,Y8,Y9/B1,B9,BS/R5/G5,GR R3 red 2+ play * dealer=1", rules=rules
    )
    after = run(s, uno.Play(2, "R5"))
    assert after.scores == (55, 0, 55, 0)
    assert after.phase is uno.Phase.ROUND_OVER
    s = uno.State.from_position(
        "Y1,Y4,Y5,Y6,Y7,Y8,Y9/B1,B9,BS/R5/G5,GR R3 red 2+ play * dealer=1 scores=450,490",
        rules=rules,
    )
    after = run(s, uno.Play(2, "R5"))
    assert after.scores == (505, 490, 505, 490)
    assert after.phase is uno.Phase.GAME_OVER
    assert after.winner == 0


def test_c9_swedish_lost_turn_is_not_used_up_by_a_skip() -> None:
    """C9: the lost turn comes "in addition to any Skip or Draw effect": a Skip laid on the
    caught offender skips that turn, and the offender still loses its next one."""
    s = uno.State.from_position(
        "R3,G5/R1,R4,Y1/R2,R6,Y2/R8,RS,Y3 *,R7 red 0+ play B1,B2,B3,B4", rules=SE
    )
    s = run(s, uno.Play(0, "R3"), uno.Play(1, "R4"), uno.CatchUno(2, 0))
    assert hand(s, 0) == "G5 B1 B2"
    s = run(s, uno.Play(2, "R6"), uno.Play(3, "RS"))
    assert s.current_player == 1
    s = run(s, uno.Play(1, "R1"), uno.Play(2, "R2"), uno.Play(3, "R8"))
    assert s.current_player == 1
    assert hand(s, 0) == "G5 B1 B2"
