"""RULES.md §4.6 and §4.7 for the ``mattel`` profile: the UNO call, going out, empty piles
and scoring.

Scenarios E60-E64, E66, E67, E69-E73, E76-E78. Four players, P0 to move and clockwise
unless a test says otherwise.
"""

from __future__ import annotations

from collections import Counter

import attrs
from conftest import cards, hand, rejects, run

import unorules as uno

# -- §4.6 UNO call --


def forgot_uno() -> uno.State:
    """P0 has just laid its next-to-last card (R1 on R5) without calling UNO."""
    state = uno.State.from_position(
        "R1,B9/R2,G2/G3,G4/G5,G6 *,R5 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8"
    )
    after = run(state, uno.Play(0, "R1"))
    assert hand(after, 0) == "B9"
    assert after.current_player == 1
    assert after.uno_exposed == (0,)
    return after


def test_e60_catch_before_the_next_player_acts_costs_two() -> None:
    """E60: P0 plays the next-to-last card without calling; P2 catches before P1 acts -> P0
    +2 (3 cards) (R10.2)."""
    after = run(forgot_uno(), uno.CatchUno(2, 0))
    assert hand(after, 0) == "Y1 Y2 B9"
    assert after.uno_exposed == ()
    assert after.current_player == 1
    assert after.phase is uno.Phase.PLAY
    assert [hand(after, s) for s in (1, 2, 3)] == ["R2 G2", "G3 G4", "G5 G6"]


def test_e61_catch_after_the_next_player_drew_is_rejected() -> None:
    """E61: same, but P1 has already drawn -> catch rejected, no penalty (R10.2, C2)."""
    drew = run(forgot_uno(), uno.Draw(1))
    assert drew.uno_exposed == ()
    error = rejects(drew, uno.CatchUno(2, 0), "nothing_to_catch")
    assert "player 0" in str(error)
    assert hand(drew, 0) == "B9"


def test_e61_catch_after_the_next_player_played_is_rejected() -> None:
    """E61: same, but P1 has already played -> catch rejected, no penalty (R10.2)."""
    played = run(forgot_uno(), uno.Play(1, "R2", uno=True))
    assert played.uno_exposed == ()
    rejects(played, uno.CatchUno(2, 0), "nothing_to_catch")
    rejects(played, uno.CatchUno(1, 0), "nothing_to_catch")
    assert hand(played, 0) == "B9"


def test_e62_late_call_before_any_catch_is_safe() -> None:
    """E62: P0 calls UNO after the card has landed but before anyone catches -> no penalty
    (R10.3)."""
    called = run(forgot_uno(), uno.CallUno(0))
    assert called.uno_exposed == ()
    assert called.current_player == 1
    rejects(called, uno.CatchUno(2, 0), "nothing_to_catch")
    assert hand(called, 0) == "B9"


def test_e62_call_with_the_play_is_safe() -> None:
    """E62/R10.1: calling with the play (``uno=True``) leaves nothing to catch."""
    state = uno.State.from_position(
        "R1,B9/R2,G2/G3,G4/G5,G6 *,R5 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8"
    )
    after = run(state, uno.Play(0, "R1", uno=True))
    assert after.uno_exposed == ()
    rejects(after, uno.CatchUno(2, 0), "nothing_to_catch")


def test_e63_penalty_draws_do_not_close_the_window() -> None:
    """E63: P0's next-to-last card is Y-D2, no call; P1 draws 2 automatically -> window still
    open; P3 catches before P2's first action -> P0 +2 (A8, C2)."""
    state = uno.State.from_position(
        "Y+2,B9/R2,G2/G3,G4/G5,G6 *,Y5 yellow 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8"
    )
    after = run(state, uno.Play(0, "Y+2"))
    assert hand(after, 1) == "R2 Y1 Y2 G2"
    assert after.current_player == 2
    assert after.uno_exposed == (0,)
    caught = run(after, uno.CatchUno(3, 0))
    assert hand(caught, 0) == "Y3 Y4 B9"
    assert caught.current_player == 2


def test_e63_the_window_closes_at_the_first_turn_action_after_the_penalty() -> None:
    """E63 (C2): once P2 acts, the catch comes too late."""
    state = uno.State.from_position(
        "Y+2,B9/R2,G2/G3,G4/G5,G6 *,Y5 yellow 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8"
    )
    after = run(state, uno.Play(0, "Y+2"), uno.Draw(2))
    rejects(after, uno.CatchUno(3, 0), "nothing_to_catch")
    assert hand(after, 0) == "B9"


def test_e64_two_players_skip_catch_before_own_extra_turn() -> None:
    """E64: 2 players: P0's next-to-last card is R-Skip, no call -> P1 may catch until P0's
    next action; P1 catches -> P0 +2 and then P0 takes its (extra) turn (A8, R10.2)."""
    state = uno.State.from_position("RS,B9/G2,G3 *,R5 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    after = run(state, uno.Play(0, "RS"))
    assert after.current_player == 0
    assert after.uno_exposed == (0,)
    caught = run(after, uno.CatchUno(1, 0))
    assert hand(caught, 0) == "Y1 Y2 B9"
    assert caught.current_player == 0
    assert caught.phase is uno.Phase.PLAY
    assert hand(caught, 1) == "G2 G3"


def test_e64_two_players_own_next_action_closes_the_window() -> None:
    """E64: P1 may catch only until P0's next action (R10.2: the mover can be the
    offender itself)."""
    state = uno.State.from_position("RS,B9/G2,G3 *,R5 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    after = run(state, uno.Play(0, "RS"), uno.Draw(0))
    assert hand(after, 0) == "Y1 B9"
    rejects(after, uno.CatchUno(1, 0), "nothing_to_catch")


def test_e66_early_call_costs_nothing() -> None:
    """E66: P0 calls UNO holding 3 cards -> no penalty (R10.4, C8)."""
    state = uno.State.from_position(
        "R1,R2,B9/R3,G2/G3,G4/G5,G6 *,R5 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8"
    )
    after = run(state, uno.CallUno(0))
    assert after == state
    assert hand(after, 0) == "R1 R2 B9"
    assert after.draw_pile_size == 8


def test_e66_early_call_gives_no_protection_later() -> None:
    """E66 with C8: a call made holding two cards does nothing, so laying the next-to-last
    card afterwards without calling still exposes the player."""
    state = uno.State.from_position(
        "R1,B9/R3,G2/G3,G4/G5,G6 *,R5 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8"
    )
    early = run(state, uno.CallUno(0))
    assert early == state
    played = run(early, uno.Play(0, "R1"))
    assert played.uno_exposed == (0,)
    caught = run(played, uno.CatchUno(1, 0))
    assert hand(caught, 0) == "Y1 Y2 B9"


def test_e67_drawing_back_to_two_then_playing_needs_a_new_call() -> None:
    """E67: P0 with one card cannot play, draws (2 cards), plays one -> P0 must call UNO
    again (A8, C7)."""
    state = uno.State.from_position("G1/R2,G2/G3,G4/G5,G6 *,R5 red 0+ play R7,Y1,Y2,Y3")
    drawn = run(state, uno.Draw(0, drawn=["R7"]))
    assert hand(drawn, 0) == "R7 G1"
    assert drawn.phase is uno.Phase.DRAWN
    assert drawn.uno_exposed == ()
    played = run(drawn, uno.Play(0, "R7"))
    assert hand(played, 0) == "G1"
    assert played.uno_exposed == (0,)
    caught = run(played, uno.CatchUno(3, 0))
    assert hand(caught, 0) == "Y1 Y2 G1"
    safe = run(drawn, uno.Play(0, "R7", uno=True))
    assert safe.uno_exposed == ()


# -- §4.7 Going out and scoring --


def test_e69_going_out_on_draw_two_still_makes_the_next_player_draw() -> None:
    """E69: P0 goes out with Y-D2 -> P1 +2; round ends; the 2 drawn cards count in P1's hand
    value (R11.3)."""
    state = uno.State.from_position("Y+2/G1/G2/G3 *,Y5 yellow 0+ play R9,B9,Y1,Y2")
    after = run(state, uno.Play(0, "Y+2"))
    assert after.phase is uno.Phase.ROUND_OVER
    assert after.round_winner == 0
    assert hand(after, 1) == "R9 G1 B9"
    assert after.round_points == (9 + 1 + 9 + 2 + 3, 0, 0, 0)
    assert after.scores == (24, 0, 0, 0)
    assert after.current_player is None


def test_e70_going_out_on_wild_draw_four_no_challenge() -> None:
    """E70: P0 goes out with WD4 -> P1 +4, no challenge offered; the cards count (R11.3,
    A5, C3)."""
    state = uno.State.from_position("W+4/G1/G2/G3 *,Y5 yellow 0+ play R1,R2,R3,R4,R5")
    after = run(state, uno.Play(0, "W+4", "red"))
    assert after.phase is uno.Phase.ROUND_OVER
    assert after.round_winner == 0
    assert hand(after, 1) == "R1 R2 R3 R4 G1"
    assert after.pending_draw == 0
    assert uno.legal_actions(after) == (uno.NextRound(),)
    assert after.scores == (1 + 2 + 3 + 4 + 1 + 2 + 3, 0, 0, 0)


def test_e71_card_values_wild_shuffle_and_customizable_are_40() -> None:
    """E71: losers hold {R7, G-Skip}, {W}, {WSH, WC, B0} -> winner scores
    7+20+50+40+40+0 = 157 (R13.1, A1)."""
    state = uno.State.from_position("R1/R7,GS/W/B0,WS,WC R5 red 0+ play *")
    after = run(state, uno.Play(0, "R1"))
    assert after.round_points == (157, 0, 0, 0)
    assert after.scores == (157, 0, 0, 0)
    assert uno.hand_points(cards("WS WC B0"), uno.MATTEL) == 80


def test_e71_with_seed_003_values_the_same_hands_score_177() -> None:
    """E71: with [S003] values (all wilds 50) the same hands score 177 (A1)."""
    s003 = attrs.evolve(uno.MATTEL, points=uno.CardPoints(shuffle_hands=50, customizable=50))
    state = uno.State.from_position("R1/R7,GS/W/B0,WS,WC R5 red 0+ play *", rules=s003)
    after = run(state, uno.Play(0, "R1"))
    assert after.round_points == (177, 0, 0, 0)


def test_e72_crossing_500_wins_the_match() -> None:
    """E72: P2 has 480 and wins a round worth 25 -> 505, game over, P2 wins (R13.2)."""
    state = uno.State.from_position("R9,Y4,B9/G1/R1/G2 R5 red 2+ play * dealer=1 scores=0,0,480,0")
    after = run(state, uno.Play(2, "R1"))
    assert after.round_points == (0, 0, 25, 0)
    assert after.scores == (0, 0, 505, 0)
    assert after.phase is uno.Phase.GAME_OVER
    assert after.winner == 2
    assert after.is_over
    assert uno.legal_actions(after) == ()


def test_e72_exactly_500_also_wins() -> None:
    """E72: a round worth 20 -> exactly 500 also wins (R13.2: "reach" = total >= 500)."""
    state = uno.State.from_position("R9,B9/G2/R1/Y0 R5 red 2+ play * dealer=1 scores=0,0,480,0")
    after = run(state, uno.Play(2, "R1"))
    assert after.scores == (0, 0, 500, 0)
    assert after.phase is uno.Phase.GAME_OVER
    assert after.winner == 2


def test_e72_one_point_short_plays_on() -> None:
    """E72 boundary: 499 does not end the match; the next round may be dealt."""
    state = uno.State.from_position("R9,B8/G2/R1/Y0 R5 red 2+ play * dealer=1 scores=0,0,480,0")
    after = run(state, uno.Play(2, "R1"))
    assert after.scores == (0, 0, 499, 0)
    assert after.phase is uno.Phase.ROUND_OVER
    assert after.winner is None
    assert uno.legal_actions(after) == (uno.NextRound(),)


def test_e73_alternative_scoring_lowest_total_wins() -> None:
    """E73: alternative scoring, totals P0=470, P1=300, P2=120; P2 goes out; P0 holds 35, P1
    holds 10 -> P0=505, P1=310, P2=120 -> game ends, P2 wins (lowest) (R13.3)."""
    rules = attrs.evolve(uno.MATTEL, scoring=uno.Scoring.CUMULATIVE_LOWEST)
    state = uno.State.from_position(
        "R8,Y9,G9,B9/R1,B9/R2 R5 red 2+ play * dealer=1 scores=470,300,120", rules=rules
    )
    after = run(state, uno.Play(2, "R2"))
    assert after.round_points == (35, 10, 0)
    assert after.scores == (505, 310, 120)
    assert after.phase is uno.Phase.GAME_OVER
    assert after.winner == 2
    assert after.round_winner == 2


# -- §4.7 Empty draw pile --

BELOW_9 = "R1 R2 R3 Y1 Y2 Y3 G1 G2 G3"


def test_e76_empty_draw_pile_reshuffles_all_but_the_top_card() -> None:
    """E76: draw pile empty, discard 10 cards with top B4; P must draw -> B4 stays, 9 cards
    shuffled into a new draw pile, P draws 1 -> draw pile 8 (R12.1, C13)."""
    # Seat 3 holds the rest of the deck (*), so the pile is empty.
    state = uno.State.from_position("R7,Y7/G8/G9/B9,* R1,R2,R3,Y1,Y2,Y3,G1,G2,G3,B4 blue 0+ play -")
    assert state.draw_pile_size == 0
    assert len(state.discard_pile) == 10
    after = run(state, uno.Draw(0))
    assert [str(c) for c in after.discard_pile] == ["B4"]
    assert after.draw_pile_size == 8
    assert len(after.hands[0]) == 3
    drawn = Counter(after.hands[0]) - Counter(cards("R7 Y7"))
    assert Counter(after.draw_pile) + drawn == Counter(cards(BELOW_9))


def test_e77_a_draw_of_four_spans_the_reshuffle() -> None:
    """E77: draw pile 2, P must draw 4 -> draws 2, reshuffle (discard minus top), draws 2
    more (R12.1, A12, C13)."""
    state = uno.State.from_position(
        "B5,W+4/G8/G9/B9,* R1,R2,R3,Y1,Y2,Y3,G1,G2,G3,R4 red 0+ play B1,B2 order=fixed"
    )
    laid = run(state, uno.Play(0, "W+4", "blue"))
    after = run(laid, uno.Draw(1))
    one = Counter(after.hands[1]) - Counter(cards("G8 B1 B2"))
    assert sum(one.values()) == 2  # two more from the rebuilt pile
    assert uno.Card.parse("B1") in after.hands[1]
    assert uno.Card.parse("B2") in after.hands[1]
    assert len(after.hands[1]) == 5
    assert [str(c) for c in after.discard_pile] == ["W+4"]
    rebuilt = Counter(cards(BELOW_9 + " R4"))
    assert Counter(after.draw_pile) + one == rebuilt
    assert after.draw_pile_size == 10 - 2
    assert after.current_player == 2


def test_e78_nothing_left_to_draw_the_turn_passes() -> None:
    """E78: draw pile 0, discard = top card only; P must draw -> nothing drawn, turn passes
    (A12)."""
    state = uno.State.from_position("R7,Y7/G8/G9/B9,* B4 blue 0+ play -")  # P3 holds the rest
    after = run(state, uno.Draw(0))
    assert hand(after, 0) == "R7 Y7"
    assert after.current_player == 1
    assert after.phase is uno.Phase.PLAY
    assert after.draw_pile_size == 0
    assert [str(c) for c in after.discard_pile] == ["B4"]
