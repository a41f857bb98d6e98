"""Scoring methods and team play (RULES.md R13, A14, A15, C17; E73-E75, E80, E81)."""

from __future__ import annotations

import attrs
import pytest
from conftest import hand, rejects, run

import unorules as uno

MATTEL = uno.MATTEL
LOWEST = attrs.evolve(MATTEL, scoring=uno.Scoring.CUMULATIVE_LOWEST)
ELIMINATION = attrs.evolve(MATTEL, scoring=uno.Scoring.ELIMINATION)


# -- winner takes all (R13.1, R13.2) ------------------------------------------------------------


def test_winner_takes_all_round_winner_scores_every_opponents_hand() -> None:
    """R13.1: "The first player to get rid of their cards receives points for all cards left
    in the opponents' hands"; R13.2: below 500 the match goes on."""
    s = uno.State.from_position("R5/B9,BS/G1,W/Y0 R3 red 0+ play * scores=100,200,300,0")
    s = run(s, uno.Play(0, "R5"))
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.round_points == (9 + 20 + 50 + 1 + 0, 0, 0, 0)
    assert s.scores == (180, 200, 300, 0)
    assert s.winner is None
    assert uno.legal_actions(s) == (uno.NextRound(),)


@pytest.mark.parametrize(("target", "over"), [(100, False), (80, True), (79, True)])
def test_winner_takes_all_target_is_configurable_and_reaching_it_wins(
    target: int, over: bool
) -> None:
    """R13.2 ("reach" = total ≥ target after a round's scoring); Appendix B `target`."""
    rules = attrs.evolve(MATTEL, target=target)
    s = uno.State.from_position("R5/B9,BS/G1,W/Y0 R3 red 0+ play *", rules=rules)
    s = run(s, uno.Play(0, "R5"))
    assert s.scores == (80, 0, 0, 0)
    assert s.phase is (uno.Phase.GAME_OVER if over else uno.Phase.ROUND_OVER)
    assert s.winner == (0 if over else None)


# -- cumulative lowest (R13.3, A14, C17) --------------------------------------------------------


def test_cumulative_lowest_each_player_adds_own_hand_winner_adds_nothing() -> None:
    """R13.3: "Keep a running total of the points each player is left holding"; A14: "each
    player adds the value of their own hand (winner adds 0)"."""
    s = uno.State.from_position(
        "R5/B9,BS/G1,W/Y0 R3 red 0+ play * scores=10,20,30,40", rules=LOWEST
    )
    s = run(s, uno.Play(0, "R5"))
    assert s.round_points == (0, 29, 51, 0)
    assert s.scores == (10, 49, 81, 40)
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.winner is None


def test_cumulative_lowest_when_a_total_reaches_target_lowest_wins() -> None:
    """R13.3: "when one player reaches 500 points, the player with the lowest total wins" —
    not necessarily the round winner."""
    s = uno.State.from_position("R5/B9,BS/Y0 R3 red 0+ play * scores=300,480,100", rules=LOWEST)
    s = run(s, uno.Play(0, "R5"))
    assert s.scores == (300, 509, 100)
    assert s.phase is uno.Phase.GAME_OVER
    assert s.winner == 2
    assert s.round_winner == 0


def test_c17_cumulative_tie_for_lowest_plays_another_round() -> None:
    """C17: "where a scoring method ends a match in a tie (e.g. equal lowest totals), another
    round is played until one player alone is in front; winner is always one seat"."""
    rules = attrs.evolve(LOWEST, hand_size=1)
    s = uno.State.from_position(
        "R5/B9,BS/W,W R3 red 0+ play * dealer=0 scores=400,495,300", rules=rules
    )
    s = run(s, uno.Play(0, "R5"))
    assert s.scores == (400, 524, 400)
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.winner is None
    s = run(s, uno.NextRound(uno.Deal(1, [["Y5"], ["G9"], ["R5"]], ["R3"])))
    assert s.current_player == 2
    s = run(s, uno.Play(2, "R5"))
    assert s.scores == (405, 533, 400)
    assert s.phase is uno.Phase.GAME_OVER
    assert s.winner == 2


# -- elimination (A14, E74, E75) ----------------------------------------------------------------


def test_elimination_reaching_limit_eliminates_and_match_goes_on() -> None:
    """A14: "after each round each player adds their own hand; any total ≥ limit is
    eliminated and leaves the seating order; the game ends when one player remains"."""
    s = uno.State.from_position(
        "R5/B9,BS/Y0,Y1/G2 R3 red 0+ play * scores=0,480,0,0", rules=ELIMINATION
    )
    s = run(s, uno.Play(0, "R5"))
    assert s.scores == (0, 509, 1, 2)
    assert s.eliminated == (1,)
    assert s.phase is uno.Phase.ROUND_OVER
    assert s.winner is None


def test_elimination_last_player_left_wins_and_the_others_are_out() -> None:
    """E75: "P0 eliminated, P2 wins" — with several reaching the limit in one round."""
    s = uno.State.from_position(
        "R5/B9,BS/W/G2 R3 red 0+ play * scores=0,480,460,10", rules=ELIMINATION
    )
    s = run(s, uno.Play(0, "R5"))
    assert s.scores == (0, 509, 510, 12)
    assert s.eliminated == (1, 2)
    assert s.winner is None
    s = uno.State.from_position(
        "R5/B9,BS/W/G9,G9 R3 red 0+ play * scores=0,480,460,490", rules=ELIMINATION
    )
    s = run(s, uno.Play(0, "R5"))
    assert s.phase is uno.Phase.GAME_OVER
    assert s.winner == 0
    assert s.eliminated == (1, 2, 3)


def test_elimination_every_remaining_would_be_eliminated_lowest_wins() -> None:
    """A14: "if every remaining player would be eliminated in the same round, the lowest total
    among them wins". (The round winner adds 0, so this needs a position whose winner
    already stands at the limit.)"""
    s = uno.State.from_position(
        "R5/B9,BS/G8,G9 R3 red 0+ play * scores=500,480,495", rules=ELIMINATION
    )
    s = run(s, uno.Play(0, "R5"))
    assert s.scores == (500, 509, 512)
    assert s.phase is uno.Phase.GAME_OVER
    assert s.winner == 0


def test_elimination_seat_leaves_the_seating_order() -> None:
    """A14: an eliminated player "leaves the seating order": turns, Skips and the deal pass
    over the seat."""
    s = uno.State.from_position("R5,R6,RS/-/Y1,Y2/G1,G2 R3 red 0+ play * out=1", rules=ELIMINATION)
    rejects(s, uno.Draw(1), "not_your_turn")
    assert run(s, uno.Play(0, "R5")).current_player == 2
    assert run(s, uno.Play(0, "RS")).current_player == 3
    back = uno.State.from_position(
        "R5,R6/-/Y1,Y2/G1,G2 G3 green 2- play * dealer=0 out=1", rules=ELIMINATION
    )
    assert run(back, uno.Draw(2)).current_player == 0


def test_e74_elimination_two_remaining_play_two_player_rules() -> None:
    """E74: "play continues with P0 and P2 (two-player rules)": with two left, a Reverse or a
    Skip gives the player another turn, a Draw Two lets the player move again (R5.5)."""
    s = uno.State.from_position(
        "R5,R6,RS,RR,R+2/-/Y1,Y2 *,R3 red 0+ play B1,B2,B3 out=1", rules=ELIMINATION
    )
    assert run(s, uno.Play(0, "RR")).current_player == 0
    assert run(s, uno.Play(0, "RS")).current_player == 0
    after = run(s, uno.Play(0, "R+2"))
    assert after.current_player == 0
    assert hand(after, 2) == "Y1 Y2 B1 B2"
    assert run(s, uno.Play(0, "R5")).current_player == 2


def test_elimination_next_round_deals_only_remaining_seats() -> None:
    """A14 and A16: the deal passes to the left over an eliminated seat, which gets no cards."""
    s = uno.State.from_position(
        "R5/B9,BS/Y0,Y1/G2 R3 red 0+ play * dealer=0 scores=0,480,0,0", rules=ELIMINATION
    )
    s = run(s, uno.Play(0, "R5"))
    assert s.eliminated == (1,)
    s = run(s, uno.NextRound())
    assert s.dealer == 2
    assert [len(h) for h in s.hands] == [7, 0, 7, 7]
    assert s.draw_pile_size == 112 - 21 - 1 - (2 if s.top_card.rank is uno.Rank.DRAW_TWO else 0)


# -- teams (A15, R14.1, E80, E81) ---------------------------------------------------------------

TEAMS = attrs.evolve(MATTEL, teams=2)


def test_teams_partners_own_cards_ignored_and_totals_shown_per_member() -> None:
    """A15: "the team scores the sum of both opponents' hands; the partner's own remaining
    cards are ignored"; `scores`: team members show the team total."""
    s = uno.State.from_position(
        "Y1,Y9,W/B1,B9,BS/R5/G5,GR R3 red 2+ play * dealer=1 scores=100,40", rules=TEAMS
    )
    assert s.teams == (0, 1, 0, 1)
    assert s.scores == (100, 40, 100, 40)
    s = run(s, uno.Play(2, "R5"))
    assert s.round_points == (55, 0, 55, 0)
    assert s.scores == (155, 40, 155, 40)
    assert s.winner is None


def test_teams_either_partner_going_out_wins_the_round_for_the_team() -> None:
    """R14.1: "When either partner goes out the hand is over"."""
    s = uno.State.from_position("Y1,Y9,W/B1,B9,BS/G5,GR/R5 R3 red 3+ play * dealer=2", rules=TEAMS)
    s = run(s, uno.Play(3, "R5"))
    assert s.round_winner == 3
    assert s.round_points == (0, 60 + 25, 0, 85)
    assert s.scores == (0, 85, 0, 85)


def test_teams_winner_is_the_team_number_and_target_is_configurable() -> None:
    """State.winner: "a seat, or a team number in team play"; first team to the target wins
    (R14.1, A15; target configurable)."""
    rules = attrs.evolve(TEAMS, target=85)
    s = uno.State.from_position("Y1,Y9,W/B1,B9,BS/G5,GR/R5 R3 red 3+ play * dealer=2", rules=rules)
    s = run(s, uno.Play(3, "R5"))
    assert s.phase is uno.Phase.GAME_OVER
    assert s.winner == 1


def test_teams_three_teams_of_two_sit_alternately() -> None:
    """A15: "larger teams sit alternately, and when any member goes out ... only the
    opponents' cards are counted" (seat s in team s % teams)."""
    rules = attrs.evolve(MATTEL, teams=3)
    s = uno.State.from_position("Y1/Y2/Y3/R5/Y4/Y9 R3 red 3+ play * dealer=2", rules=rules)
    assert s.teams == (0, 1, 2, 0, 1, 2)
    s = run(s, uno.Play(3, "R5"))
    assert s.scores == (2 + 3 + 4 + 9, 0, 0, 18, 0, 0)
    assert s.round_points == (18, 0, 0, 18, 0, 0)


def test_teams_need_at_least_two_players_per_team() -> None:
    """A15: teams are partners: a seat count that cannot form the teams is refused."""
    with pytest.raises(ValueError, match="teams"):
        uno.new_game(6, attrs.evolve(MATTEL, teams=4), seed=1)
    with pytest.raises(ValueError, match="teams"):
        uno.new_game(5, TEAMS, seed=1)
    assert uno.new_game(4, TEAMS, seed=1).teams == (0, 1, 0, 1)


def test_teams_with_cumulative_lowest_team_adds_its_members_hands() -> None:
    """A15 (SE: "either scoring method"): in the running-total method a team adds what its
    own members hold; the winning team adds nothing."""
    rules = attrs.evolve(TEAMS, scoring=uno.Scoring.CUMULATIVE_LOWEST)
    s = uno.State.from_position("Y1,Y9,W/B1,B9,BS/R5/G5,GR R3 red 2+ play * dealer=1", rules=rules)
    s = run(s, uno.Play(2, "R5"))
    assert s.scores == (0, 55, 0, 55)
