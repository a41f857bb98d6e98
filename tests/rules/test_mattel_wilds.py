"""RULES.md §4.4 and §4.5 for the ``mattel`` profile: Wild, Wild Draw Four and its challenge,
Wild Shuffle Hands and Wild Customizable.

Scenarios E39-E45, E51-E59. Four players, P0 to move and clockwise unless a test says
otherwise; draw piles are given explicitly so every drawn card is known.
"""

from __future__ import annotations

from collections import Counter

import attrs
from conftest import cards, hand, rejects, run

import unorules as uno


def legal(state: uno.State, action: uno.Action) -> bool:
    listed = action in uno.legal_actions(state)
    assert listed == uno.is_legal(state, action), action
    return listed


# -- §4.4 Wild, Wild Draw Four, challenge --


def test_e39_wild_may_be_played_holding_a_matching_card_and_name_the_same_color() -> None:
    """E39: top R5; P holds R2 and W -> W is legal and P may name red (R6.1)."""
    state = uno.State.from_position("R2,W/G1/G2/G3 R5 red 0+ play *")
    assert legal(state, uno.Play(0, "W", "red"))
    after = run(state, uno.Play(0, "W", "red"))
    assert after.color is uno.Color.RED
    assert str(after.top_card) == "W"
    assert hand(after, 0) == "R2"
    assert after.current_player == 1


def test_e40_wild_draw_four_legal_with_other_color_matches_and_wilds() -> None:
    """E40: top R7 (red), hand {B7, G-Skip, W, WD4} -> WD4 legal: a challenge costs the
    challenger 6 (R7.2, A4)."""
    state = uno.State.from_position("GS,B7,W,W+4/G1/G2/G3 *,R7 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    assert legal(state, uno.Play(0, "W+4", "green"))
    judged = run(state, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert hand(judged, 0) == "GS B7 W"
    assert hand(judged, 1) == "Y1 Y2 Y3 Y4 Y5 Y6 G1"


def test_e40_wild_draw_four_with_a_red_card_is_a_bluff() -> None:
    """E40 (C1): hand {R-Skip, WD4} on R7 -> the WD4 is accepted but illegal: a challenge
    makes its player draw 4 (R7.2, R7.3)."""
    state = uno.State.from_position("RS,W+4/G1/G2/G3 *,R7 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    assert legal(state, uno.Play(0, "W+4", "green"))
    judged = run(state, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert hand(judged, 0) == "RS Y1 Y2 Y3 Y4"
    assert hand(judged, 1) == "G1"


def test_e40_named_color_of_a_wild_top_blocks_the_wild_draw_four() -> None:
    """E40: top W named yellow, hand {Y1, WD4} -> illegal (guilty when challenged) (A4)."""
    state = uno.State.from_position("Y1,W+4/G1/G2/G3 *,W yellow 0+ play R1,R2,R3,R4")
    assert legal(state, uno.Play(0, "W+4", "blue"))
    judged = run(state, uno.Play(0, "W+4", "blue"), uno.Challenge(1))
    assert hand(judged, 0) == "R1 R2 R3 R4 Y1"
    assert hand(judged, 1) == "G1"
    assert judged.color is uno.Color.BLUE


def test_e41_failed_challenge_costs_six_and_the_turn() -> None:
    """E41: P0 plays WD4 legally (no red in hand), names green; P1 challenges -> P1 +6 and is
    skipped; next P2; colour green; WD4 stays on top (R7.3)."""
    state = uno.State.from_position("B3,W+4/G1/G2/G3 *,R7 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    laid = run(state, uno.Play(0, "W+4", "green"))
    assert laid.phase is uno.Phase.CHALLENGE
    assert laid.current_player == 1
    assert laid.pending_draw == 4
    judged = run(laid, uno.Challenge(1))
    assert hand(judged, 1) == "Y1 Y2 Y3 Y4 Y5 Y6 G1"
    assert hand(judged, 0) == "B3"
    assert judged.current_player == 2
    assert judged.phase is uno.Phase.PLAY
    assert judged.color is uno.Color.GREEN
    assert str(judged.top_card) == "W+4"
    assert judged.draw_pile_size == 2


def test_e42_successful_challenge_the_offender_draws_and_the_challenger_plays() -> None:
    """E42: P0 held R2 (colour red), plays WD4 naming blue; P1 challenges -> P0 +4; P1 +0;
    P1 takes the turn now with colour blue (R7.3, A5)."""
    state = uno.State.from_position("R2,W+4/G1,B5/G2/G3 *,R7 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    judged = run(state, uno.Play(0, "W+4", "blue"), uno.Challenge(1))
    assert hand(judged, 0) == "R2 Y1 Y2 Y3 Y4"
    assert hand(judged, 1) == "G1 B5"
    assert judged.current_player == 1
    assert judged.phase is uno.Phase.PLAY
    assert judged.color is uno.Color.BLUE
    assert str(judged.top_card) == "W+4"
    after = run(judged, uno.Play(1, "B5"))
    assert after.current_player == 2


def test_e43_no_challenge_draw_four_and_lose_the_turn() -> None:
    """E43: P1 does not challenge -> P1 +4, skipped; next P2 (R7.3)."""
    state = uno.State.from_position("B3,W+4/G1/G2/G3 *,R7 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    after = run(state, uno.Play(0, "W+4", "green"), uno.Draw(1))
    assert hand(after, 1) == "Y1 Y2 Y3 Y4 G1"
    assert after.current_player == 2
    assert after.phase is uno.Phase.PLAY
    assert after.color is uno.Color.GREEN
    assert after.pending_draw == 0


def test_e44_only_the_victim_may_challenge_and_only_before_drawing() -> None:
    """E44: P2 (not the next player) tries to challenge P0's WD4 -> rejected. Once P1 has
    drawn, P1 can no longer challenge (A5, R7.3)."""
    state = uno.State.from_position("R2,W+4/G1/G2/G3 *,R7 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    laid = run(state, uno.Play(0, "W+4", "green"))
    rejects(laid, uno.Challenge(2), "not_your_turn")
    rejects(laid, uno.Challenge(0), "not_your_turn")
    drawn = run(laid, uno.Draw(1))
    rejects(drawn, uno.Challenge(1), "wrong_phase")
    assert hand(drawn, 0) == "R2"


def test_e45_two_players_guilty_challenger_plays_next() -> None:
    """E45: 2 players: guilty -> P0 +4, then P1 plays (A5, R5.5)."""
    state = uno.State.from_position("R2,W+4/G1,G5 *,R7 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    judged = run(state, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert hand(judged, 0) == "R2 Y1 Y2 Y3 Y4"
    assert hand(judged, 1) == "G1 G5"
    assert judged.current_player == 1
    assert judged.color is uno.Color.GREEN


def test_e45_two_players_innocent_offender_plays_next() -> None:
    """E45: 2 players: innocent -> P1 +6, then P0 plays (A5, R5.5)."""
    state = uno.State.from_position("B2,W+4/G1,G5 *,R7 red 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    judged = run(state, uno.Play(0, "W+4", "green"), uno.Challenge(1))
    assert hand(judged, 0) == "B2"
    assert hand(judged, 1) == "Y1 Y2 Y3 Y4 Y5 Y6 G1 G5"
    assert judged.current_player == 0
    assert judged.phase is uno.Phase.PLAY


def test_e51_wild_may_name_the_current_color() -> None:
    """E51: top G5, P plays W naming green (the current colour) -> allowed (R6.1)."""
    state = uno.State.from_position("G1,W/R1/R2/R3 G5 green 0+ play *")
    after = run(state, uno.Play(0, "W", "green"))
    assert after.color is uno.Color.GREEN
    assert str(after.top_card) == "W"
    assert after.current_player == 1


# -- §4.5 Wild Shuffle Hands --


def pool_of(state: uno.State) -> Counter[uno.Card]:
    return Counter(c for h in state.hands for c in h)


def test_e52_shuffle_hands_deals_the_pool_evenly_from_the_left() -> None:
    """E52: clockwise; P1 plays WSH; hands after the play P0=5, P1=2, P2=1, P3=4 (pool 12)
    -> everyone ends with 3; P1 names the colour; next turn P2 (R8.2-R8.5, A9)."""
    state = uno.State.from_position(
        "R1,R2,R3,R4,R5/Y1,Y2,WS/G1/B1,B2,B3,B4 R9 red 1+ play * dealer=0"
    )
    pool = pool_of(state) - Counter(cards("WS"))
    after = run(state, uno.Play(1, "WS", "blue"))
    assert [len(h) for h in after.hands] == [3, 3, 3, 3]
    assert pool_of(after) == pool
    assert after.color is uno.Color.BLUE
    assert str(after.top_card) == "WS"
    assert after.current_player == 2
    assert after.direction == 1
    assert after.phase is uno.Phase.PLAY
    assert after.uno_exposed == ()


def test_e53_uneven_pool_first_seats_from_the_left_get_the_extra_cards() -> None:
    """E53: same but pool 10 -> P2=3, P3=3, P0=2, P1=2 (A9)."""
    state = uno.State.from_position("R1,R2,R3,R4/Y1,Y2,WS/G1/B1,B2,B3 R9 red 1+ play * dealer=0")
    after = run(state, uno.Play(1, "WS", "red"))
    assert [len(h) for h in after.hands] == [2, 2, 3, 3]
    assert pool_of(after) == pool_of(state) - Counter(cards("WS"))
    assert after.current_player == 2
    # A fixed result must follow the same deal order (R8.2): P2 and P3 get the extra cards.
    fixed = [["R1", "R2"], ["R3", "R4"], ["Y1", "Y2", "G1"], ["B1", "B2", "B3"]]
    given = run(state, uno.Play(1, "WS", "red", hands=fixed))
    assert [hand(given, s) for s in range(4)] == ["R1 R2", "R3 R4", "Y1 Y2 G1", "B1 B2 B3"]
    wrong = [["R1", "R2", "R3"], ["R4", "Y1", "Y2"], ["G1", "B1"], ["B2", "B3"]]
    rejects(state, uno.Play(1, "WS", "red", hands=wrong), "draw_mismatch")


def test_e54_counter_clockwise_dealing_still_starts_on_the_left() -> None:
    """E54: counter-clockwise; P1 plays WSH; pool 9 -> dealing still starts at P2: P2=3,
    P3=2, P0=2, P1=2; next turn P0 (A9, R8.4)."""
    state = uno.State.from_position("R1,R2,R3/Y1,Y2,WS/G1/B1,B2,B3 R9 red 1- play * dealer=0")
    after = run(state, uno.Play(1, "WS", "green"))
    assert [len(h) for h in after.hands] == [2, 2, 3, 2]
    assert pool_of(after) == pool_of(state) - Counter(cards("WS"))
    assert after.direction == -1
    assert after.current_player == 0
    assert after.color is uno.Color.GREEN


def test_e55_shuffle_hands_as_last_card_redeals_including_the_player() -> None:
    """E55: ``shuffle_hands.last_card=redeal``: P1 plays WSH as the last card; P0=3, P2=2,
    P3=1 (pool 6) -> P2=2, P3=2, P0=1, P1=1; round continues; P1 names colour; P0 and P1
    now have the UNO obligation; next turn P2 (A9, A8, C7)."""
    assert uno.MATTEL.shuffle_hands_last_card is uno.ShuffleHandsLastCard.REDEAL
    state = uno.State.from_position("R1,R2,R3/WS/G1,G2/B1 R9 red 1+ play * dealer=0")
    after = run(state, uno.Play(1, "WS", "yellow"))
    assert [len(h) for h in after.hands] == [1, 1, 2, 2]
    assert pool_of(after) == pool_of(state) - Counter(cards("WS"))
    assert after.phase is uno.Phase.PLAY
    assert after.round_winner is None
    assert after.color is uno.Color.YELLOW
    assert after.current_player == 2
    assert sorted(after.uno_exposed) == [0, 1]
    caught = run(after, uno.CatchUno(3, 0, drawn=["Y1", "Y2"]))
    assert len(caught.hands[0]) == 3
    assert caught.uno_exposed == (1,)
    called = run(after, uno.CallUno(1))
    assert called.uno_exposed == (0,)
    rejects(called, uno.CatchUno(2, 1), "nothing_to_catch")


def test_e56_shuffle_hands_as_last_card_goes_out_when_so_configured() -> None:
    """E56: ``shuffle_hands.last_card=go_out``: same position -> round ends, P1 wins and
    scores P0, P2, P3's hands (A9)."""
    rules = attrs.evolve(uno.MATTEL, shuffle_hands_last_card=uno.ShuffleHandsLastCard.GO_OUT)
    state = uno.State.from_position("R1,R2,R3/WS/G1,G2/B1 R9 red 1+ play * dealer=0", rules=rules)
    after = run(state, uno.Play(1, "WS", "yellow"))
    assert after.phase is uno.Phase.ROUND_OVER
    assert after.round_winner == 1
    assert [hand(after, s) for s in range(4)] == ["R1 R2 R3", "", "G1 G2", "B1"]
    assert after.round_points == (0, 1 + 2 + 3 + 1 + 2 + 1, 0, 0)
    assert after.scores == (0, 10, 0, 0)


def test_e57_two_players_shuffle_hands_deals_the_opponent_first() -> None:
    """E57: 2 players: P0 plays WSH keeping 3 cards, P1 has 4 (pool 7) -> P1=4, P0=3
    (dealing starts with P1); P0 names colour; next P1 (A9)."""
    state = uno.State.from_position("R1,R2,R3,WS/G1,G2,G3,G4 R9 red 0+ play *")
    after = run(state, uno.Play(0, "WS", "blue"))
    assert [len(h) for h in after.hands] == [3, 4]
    assert pool_of(after) == pool_of(state) - Counter(cards("WS"))
    assert after.color is uno.Color.BLUE
    assert after.current_player == 1


# -- §4.5 Wild Customizable --


def test_e58_wild_customizable_without_a_rule_is_a_wild() -> None:
    """E58: WC with no written rule: P0 plays it naming red -> behaves as a Wild; next P1
    (A10)."""
    assert uno.MATTEL.customizable_effect == "wild"
    state = uno.State.from_position("G1,WC/B1,B2/B3/B4 *,Y9 yellow 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8")
    after = run(state, uno.Play(0, "WC", "red"))
    assert after.color is uno.Color.RED
    assert str(after.top_card) == "WC"
    assert after.current_player == 1
    assert [hand(after, s) for s in range(4)] == ["G1", "B1 B2", "B3", "B4"]
    assert after.draw_pile_size == 8


def test_e58_wild_customizable_left_in_hand_scores_40() -> None:
    """E58: left in a hand at round end it scores 40 (A1, A10)."""
    state = uno.State.from_position("R3/R5,WC R1 red 0+ play *")
    after = run(state, uno.Play(0, "R3"))
    assert after.round_winner == 0
    assert after.round_points == (45, 0)
    assert after.scores == (45, 0)


seen_colors: list[uno.Color] = []


def _next_player_draws_one(ctx: uno.EffectContext) -> None:
    seen_colors.append(ctx.color)
    ctx.draw(ctx.next_player, 1)


uno.register_effect("test-mattel-wilds-e59-next-draws-1", _next_player_draws_one)


def test_e59_custom_rule_runs_after_the_color_and_does_not_skip() -> None:
    """E59: WC with rule "next player draws 1": P0 plays it naming red -> colour red is set
    first, then P1 +1, then the turn passes to P1 (the rule does not say skip) (A10)."""
    rules = attrs.evolve(uno.MATTEL, customizable_effect="test-mattel-wilds-e59-next-draws-1")
    state = uno.State.from_position(
        "G1,WC/B1,B2/B3/B4 *,Y9 yellow 0+ play Y1,Y2,Y3,Y4,Y5,Y6,Y7,Y8", rules=rules
    )
    seen_colors.clear()
    after = run(state, uno.Play(0, "WC", "red"))
    assert seen_colors == [uno.Color.RED]
    assert hand(after, 1) == "Y1 B1 B2"
    assert after.current_player == 1
    assert after.phase is uno.Phase.PLAY
    assert after.color is uno.Color.RED
    assert [hand(after, s) for s in (0, 2, 3)] == ["G1", "B3", "B4"]


def test_a9_shuffle_hands_last_card_with_a_small_pool_leaves_a_seat_empty_handed() -> None:
    """A9 (iv) with fewer pooled cards than seats (not covered by the sources): the redeal
    gives seats 1 and 2 one card each and seat 0 none; seat 0 laid no last card of its own
    (R11.1 ends a round when a player lays their last card), so the round goes on and seat
    0 draws at its next turn."""
    s = uno.State.from_position("WS/G1/Y1 *,R5 red 0+ play B2,B3,B4")
    s = run(s, uno.Play(0, "WS", "red"))
    assert [len(h) for h in s.hands] == [0, 1, 1]
    assert s.phase is uno.Phase.PLAY and s.round_winner is None
    assert s.current_player == 1
    assert sorted(s.uno_exposed) == [1, 2]  # dealt one card each: they owe a call (C7)
    s = run(s, uno.Draw(1), uno.Draw(2))
    assert s.current_player == 0
    assert uno.legal_actions(s, 0) == (uno.Draw(0), uno.CallUno(0))
    s = run(s, uno.Draw(0))
    assert len(s.hands[0]) == 1
