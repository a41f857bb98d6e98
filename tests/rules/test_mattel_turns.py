"""RULES.md §4.2 and §4.3 for the ``mattel`` profile: matching, drawing, one card per turn,
action cards and two-player behaviour.

Scenarios E18-E23, E25-E31, E33, E34. Positions are written in the position notation: four
players, P0 to move and clockwise unless a test says otherwise.
"""

from __future__ import annotations

from conftest import hand, rejects, run

import unorules as uno


def legal(state: uno.State, action: uno.Action) -> bool:
    """Legal by both views of the engine: listed by legal_actions and accepted by apply."""
    listed = action in uno.legal_actions(state)
    assert listed == uno.is_legal(state, action), action
    return listed


# -- §4.2 matching, drawing, one card per turn --


def test_e18_matching_on_a_red_seven() -> None:
    """E18: top R7 (colour red) -> legal: B7, R2, R-Skip, W, WSH, WC; illegal: G-Skip, B3
    (R4.1)."""
    state = uno.State.from_position("R2,RS,GS,B3,B7,W,WS,WC/G1/G2/G3 R7 red 0+ play *")
    for action in (
        uno.Play(0, "B7"),
        uno.Play(0, "R2"),
        uno.Play(0, "RS"),
        uno.Play(0, "W", "green"),
        uno.Play(0, "WS", "blue"),
        uno.Play(0, "WC", "yellow"),
    ):
        assert legal(state, action)
    rejects(state, uno.Play(0, "GS"), "card_does_not_match")
    rejects(state, uno.Play(0, "B3"), "card_does_not_match")


def test_e18_wild_draw_four_on_red_is_guilty_only_with_a_red_card() -> None:
    """E18 (R7.2, C1): the WD4 may always be laid; it is legal (innocent when challenged)
    only if the hand without it holds no red card."""
    with_red = uno.State.from_position("R2,B3,W+4/G1,G2/G3/G4 R7 red 0+ play *")
    assert legal(with_red, uno.Play(0, "W+4", "blue"))
    guilty = run(with_red, uno.Play(0, "W+4", "blue"), uno.Challenge(1))
    assert hand(guilty, 0) == "R0 R1 R1 R2 R2 B3"  # caught with R2: +4
    assert hand(guilty, 1) == "G1 G2"
    no_red = uno.State.from_position("G5,B3,W+4/G1,G2/G3/G4 R7 red 0+ play *")
    assert legal(no_red, uno.Play(0, "W+4", "blue"))
    innocent = run(no_red, uno.Play(0, "W+4", "blue"), uno.Challenge(1))
    assert hand(innocent, 0) == "G5 B3"
    assert len(innocent.hands[1]) == 2 + 6


def test_e19_skip_on_skip_changes_color_and_skips() -> None:
    """E19: top R-Skip -> B-Skip is legal; colour becomes blue; the next player is skipped
    (R5.1)."""
    state = uno.State.from_position("G1,BS/B2/B3/B4 RS red 0+ play *")
    after = run(state, uno.Play(0, "BS"))
    assert after.color is uno.Color.BLUE
    assert str(after.top_card) == "BS"
    assert after.current_player == 2
    assert hand(after, 1) == "B2"
    assert hand(after, 0) == "G1"


def test_e20_on_a_wild_the_named_color_is_matched() -> None:
    """E20: top W with named colour green -> G4 legal, Y4 illegal, W legal (R4.2)."""
    state = uno.State.from_position("R1,Y4,G4,W/B1/B2/B3 W green 0+ play *")
    assert legal(state, uno.Play(0, "G4"))
    assert legal(state, uno.Play(0, "W", "red"))
    rejects(state, uno.Play(0, "Y4"), "card_does_not_match")
    rejects(state, uno.Play(0, "R1"), "card_does_not_match")


def test_e21_drawn_playable_card_may_be_played() -> None:
    """E21: P1 has no playable card, draws G9 on top G3 -> P1 may play G9 (turn ends)
    (R4.4, R4.6)."""
    state = uno.State.from_position("R1/R2,Y4/B5/B6 G3 green 1+ play * dealer=0")
    drawn = run(state, uno.Draw(1, drawn=["G9"]))
    assert drawn.phase is uno.Phase.DRAWN
    assert drawn.current_player == 1
    assert drawn.drawn_card == uno.Card.parse("G9")
    assert hand(drawn, 1) == "R2 Y4 G9"
    played = run(drawn, uno.Play(1, "G9"))
    assert str(played.top_card) == "G9"
    assert hand(played, 1) == "R2 Y4"
    assert played.current_player == 2
    assert played.phase is uno.Phase.PLAY


def test_e21_drawn_playable_card_may_be_kept() -> None:
    """E21: ... or keep it (hand +1, turn passes to P2) (R4.6)."""
    state = uno.State.from_position("R1/R2,Y4/B5/B6 G3 green 1+ play * dealer=0")
    kept = run(state, uno.Draw(1, drawn=["G9"]), uno.Pass(1))
    assert hand(kept, 1) == "R2 Y4 G9"
    assert str(kept.top_card) == "G3"
    assert kept.current_player == 2
    assert kept.phase is uno.Phase.PLAY


def test_e22_voluntary_draw_of_an_unplayable_card_ends_the_turn() -> None:
    """E22: P1 holds playable R3 on R5 but chooses to draw; draws B8 -> B8 kept; R3 may not
    be played; next P2 (R4.5)."""
    state = uno.State.from_position("G1/R3,Y4/G5/G6 R5 red 1+ play * dealer=0")
    assert legal(state, uno.Draw(1))
    after = run(state, uno.Draw(1, drawn=["B8"]))
    assert hand(after, 1) == "R3 Y4 B8"
    assert after.current_player == 2
    assert after.phase is uno.Phase.PLAY
    assert str(after.top_card) == "R5"
    rejects(after, uno.Play(1, "R3"), "not_your_turn")


def test_e23_after_a_voluntary_draw_only_the_drawn_card_may_be_played() -> None:
    """E23: P1 voluntarily draws R4 (playable) while holding R9 -> P1 may play R4 or nothing;
    playing R9 is rejected (R4.5)."""
    state = uno.State.from_position("G1/R9,G2,G3/B5/B6 R5 red 1+ play * dealer=0")
    drawn = run(state, uno.Draw(1, drawn=["R4"]))
    assert drawn.phase is uno.Phase.DRAWN
    assert uno.legal_actions(drawn, 1) == (uno.Play(1, "R4"), uno.Pass(1), uno.CallUno(1))
    rejects(drawn, uno.Play(1, "R9"), "wrong_phase")
    played = run(drawn, uno.Play(1, "R4"))
    assert hand(played, 1) == "R9 G2 G3"
    assert played.current_player == 2
    passed = run(drawn, uno.Pass(1))
    assert hand(passed, 1) == "R4 R9 G2 G3"
    assert passed.current_player == 2


def test_e25a_drawn_wild_draw_four_played_while_holding_red_is_a_bluff() -> None:
    """E25(a): colour red, P1 holds R2 but chooses to draw and draws a WD4 -> playing the
    drawn WD4 is a bluff (challengeable; a challenge finds R2 -> P1 +4) (R4.5, R4.7, A4)."""
    state = uno.State.from_position("G1/R2,B5/G5/G6 *,R7 red 1+ play W+4,B1,B2,B3,B4 dealer=0")
    drawn = run(state, uno.Draw(1))
    assert drawn.phase is uno.Phase.DRAWN
    assert drawn.drawn_card == uno.Card.parse("W+4")
    laid = run(drawn, uno.Play(1, "W+4", "green"))
    assert laid.phase is uno.Phase.CHALLENGE
    assert laid.current_player == 2
    assert laid.pending_draw == 4
    judged = run(laid, uno.Challenge(2))
    assert hand(judged, 1) == "R2 B1 B2 B3 B4 B5"
    assert hand(judged, 2) == "G5"
    assert judged.current_player == 2
    assert judged.color is uno.Color.GREEN


def test_e25b_drawn_wild_draw_four_without_red_is_legal() -> None:
    """E25(b): P1 holds only B5, G6, draws a WD4 -> playing it is legal: a challenge costs
    the challenger 6 (R4.4, R4.7)."""
    state = uno.State.from_position(
        "G1/G6,B5/G5/G7 *,R7 red 1+ play W+4,B1,B2,B3,B4,B6,B7 dealer=0"
    )
    drawn = run(state, uno.Draw(1))
    assert drawn.phase is uno.Phase.DRAWN
    judged = run(drawn, uno.Play(1, "W+4", "green"), uno.Challenge(2))
    assert hand(judged, 1) == "G6 B5"
    assert hand(judged, 2) == "G5 B1 B2 B3 B4 B6 B7"
    assert judged.current_player == 3
    assert judged.color is uno.Color.GREEN


def test_e26_only_one_card_per_turn() -> None:
    """E26: P1 tries to play B7 and G7 in one turn on R7 -> the second card is rejected
    (R4.3)."""
    state = uno.State.from_position("G1/Y1,G7,B7/G5/G6 R7 red 1+ play * dealer=0")
    rejects(state, uno.Play(1, "B7", also=["G7"]), "card_does_not_match")
    after = run(state, uno.Play(1, "B7"))
    assert after.current_player == 2
    rejects(after, uno.Play(1, "G7"), "not_your_turn")
    assert hand(after, 1) == "Y1 G7"


# -- §4.3 action cards and two players --


def test_e27_skip_passes_over_the_next_player() -> None:
    """E27: P0 plays R-Skip -> next turn P2 (R5.1)."""
    state = uno.State.from_position("RS,G1/R1/R2/R3 R5 red 0+ play *")
    after = run(state, uno.Play(0, "RS"))
    assert after.current_player == 2
    assert after.direction == 1
    assert hand(after, 1) == "R1"


def test_e28_three_players_reverse_turns_play_around() -> None:
    """E28: 3 players, P0 plays R-Rev -> direction counter-clockwise; next P2, then P1
    (R5.2)."""
    state = uno.State.from_position("RR,G1/R1,R4/R2,R6 R5 red 0+ play *")
    after = run(state, uno.Play(0, "RR"))
    assert after.direction == -1
    assert after.current_player == 2
    then = run(after, uno.Play(2, "R2"))
    assert then.current_player == 1
    assert then.direction == -1


def test_e29_two_player_reverse_acts_as_skip() -> None:
    """E29: 2 players, P0 plays R-Rev -> P0 moves again (R5.5, A3: "Reverse -> acts like a
    Skip: the player who played it plays again")."""
    state = uno.State.from_position("RR,G1/R1,R4 R5 red 0+ play *")
    after = run(state, uno.Play(0, "RR"))
    assert after.current_player == 0
    assert after.phase is uno.Phase.PLAY
    assert after.direction == -1  # the Reverse still reverses (R5.2)
    assert hand(after, 1) == "R1 R4"
    assert hand(after, 0) == "G1"


def test_e30_two_player_skip_gives_another_turn() -> None:
    """E30: 2 players, P0 plays R-Skip -> P0 moves again (R5.5)."""
    state = uno.State.from_position("RS,G1/R1,R4 R5 red 0+ play *")
    after = run(state, uno.Play(0, "RS"))
    assert after.current_player == 0
    assert after.direction == 1
    assert hand(after, 1) == "R1 R4"


def test_e31_two_player_draw_two_returns_the_turn() -> None:
    """E31: 2 players, P0 plays R-D2 -> P1 +2, P0 moves again (R5.5)."""
    state = uno.State.from_position("R+2,G1/B1,B4 *,R5 red 0+ play Y1,Y2,Y3,Y4")
    after = run(state, uno.Play(0, "R+2"))
    assert hand(after, 1) == "Y1 Y2 B1 B4"
    assert after.current_player == 0
    assert after.phase is uno.Phase.PLAY
    assert after.draw_pile_size == 2


def test_e31_two_player_wild_draw_four_returns_the_turn() -> None:
    """E31: same with WD4 (P1 +4): P1 accepts the four and P0 moves again (R5.5, C3)."""
    state = uno.State.from_position("G1,W+4/B1,B4 *,R5 red 0+ play Y1,Y2,Y3,Y4,Y5")
    laid = run(state, uno.Play(0, "W+4", "green"))
    assert laid.phase is uno.Phase.CHALLENGE
    assert laid.current_player == 1
    after = run(laid, uno.Draw(1))
    assert hand(after, 1) == "Y1 Y2 Y3 Y4 B1 B4"
    assert after.current_player == 0
    assert after.phase is uno.Phase.PLAY
    assert after.color is uno.Color.GREEN


def test_e33_draw_two_victim_draws_at_once_and_cannot_answer() -> None:
    """E33: P0 plays Y-D2 -> P1 +2 and is skipped; P1's attempt to play G-D2 instead of
    drawing is rejected; next P2 (R5.4, C3)."""
    state = uno.State.from_position(
        "R1,R2,Y+2/G+2,B1/B2,B3,B+2/G4,G5 *,Y5 yellow 0+ play R5,R6,R7,R8"
    )
    after = run(state, uno.Play(0, "Y+2"))
    assert hand(after, 1) == "R5 R6 G+2 B1"
    assert after.current_player == 2
    assert after.phase is uno.Phase.PLAY
    assert after.pending_draw == 0
    assert after.color is uno.Color.YELLOW
    rejects(after, uno.Play(1, "G+2"), "not_your_turn")


def test_e34_draw_two_on_draw_two_does_not_accumulate() -> None:
    """E34: continuing E33, P2 plays B-D2 on the Y-D2 -> P3 +2 (not +4); colour blue; next
    P0 (A13, C12)."""
    state = uno.State.from_position(
        "R1,R2,Y+2/G+2,B1/B2,B3,B+2/G4,G5 *,Y5 yellow 0+ play R5,R6,R7,R8"
    )
    after = run(state, uno.Play(0, "Y+2"), uno.Play(2, "B+2"))
    assert hand(after, 3) == "R7 R8 G4 G5"
    assert hand(after, 1) == "R5 R6 G+2 B1"
    assert after.color is uno.Color.BLUE
    assert after.current_player == 0
    assert after.draw_pile_size == 0
