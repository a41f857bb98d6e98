"""unorules.agents.arena, the loop the agent environments share: rewards under elimination,
the match bound, refused tokens, calls the arena does not offer, the drawn history."""

from __future__ import annotations

import pytest

import unorules as uno
from unorules.agents import encoding as enc
from unorules.agents.arena import Arena, render_text

ELIMINATION = uno.SWEDISH.but(scoring=uno.Scoring.ELIMINATION)
R1 = enc.play_token(uno.Card.parse("R1"))


def test_a_seat_eliminated_by_the_round_gets_the_losers_reward() -> None:
    # RULES.md E74: P0 goes out; P1 takes 15 points to 505 and is eliminated.
    arena = Arena(3, ELIMINATION, match=True)
    position = "R1/G7,G8/Y9,Y8,Y7,Y6 R5 red 0+ play * scores=480,490,100"
    arena.start(uno.State.from_position(position, rules=ELIMINATION))
    arena.step(R1)
    assert arena.state.eliminated == (1,) and arena.state.scores == (480, 505, 130)
    assert arena.rewards == (1.0, -0.5, -0.5)


def test_an_eliminated_seat_loses_its_own_points_under_the_points_reward() -> None:
    arena = Arena(3, ELIMINATION, match=True, reward="points")
    position = "R1/G7,G8/Y9,Y8,Y7,Y6 R5 red 0+ play * scores=480,490,100"
    arena.start(uno.State.from_position(position, rules=ELIMINATION))
    arena.step(R1)
    assert arena.rewards == pytest.approx((0.45, -0.15, -0.30))  # G7+G8 = 15, Y9..Y6 = 30


def test_a_seat_eliminated_in_an_earlier_round_gets_nothing() -> None:
    arena = Arena(3, ELIMINATION, match=True)
    position = "R1/-/Y9,Y8 R5 red 0+ play * scores=480,510,100 out=1"
    arena.start(uno.State.from_position(position, rules=ELIMINATION))
    arena.step(R1)
    assert arena.rewards == (1.0, 0.0, -1.0)  # two sides were in the round


def test_a_match_is_cut_off_after_max_rounds() -> None:
    # Always drawing ends every round stuck (C15), which scores nothing: without the
    # bound the match would never end.
    arena = Arena(2, "mattel", match=True, max_rounds=3)
    arena.reset(seed=0)
    while not arena.done:
        tokens = arena.tokens()
        arena.step(
            enc.DRAW if enc.DRAW in tokens else enc.PASS if enc.PASS in tokens else tokens[0]
        )
    assert (arena.truncated, arena.rounds_played, arena.state.round) == (True, 3, 2)
    assert arena.state.phase is uno.Phase.ROUND_OVER and arena.state.scores == (0, 0)
    assert arena.rewards == (-1.0, -1.0)  # the last round's: stuck, a loss for both
    with pytest.raises(ValueError, match="max_rounds is a positive whole number, not 0"):
        Arena(2, match=True, max_rounds=0)


def test_a_refused_token_keeps_the_rewards_just_paid() -> None:
    arena = Arena(2, "mattel", match=True)
    arena.start(uno.State.from_position("R1/G7,G8 R5 red 0+ play *"))
    arena.step(R1)
    paid = arena.rewards
    assert paid == (1.0, -1.0) and arena.state.round == 1
    with pytest.raises(ValueError, match="leads to no legal action"):
        arena.step(enc.CHALLENGE)
    assert arena.rewards == paid


def test_a_call_that_changes_nothing_is_taken_when_not_only_offered_actions_are() -> None:
    arena = Arena(2, "mattel", max_actions=3)
    arena.start(uno.State.from_position("R1/B1,B2 R5 red 0+ play *"))
    before = arena.state
    with pytest.raises(ValueError, match="P0 says UNO is not offered to seat 0 now"):
        arena.take(uno.CallUno(0))
    with pytest.raises(ValueError, match="P1 says UNO is not offered to seat 0 now"):
        arena.take(uno.CallUno(1), offered_only=False)  # another seat's: never
    assert arena.actions_this_round == 0
    arena.take(uno.CallUno(0), offered_only=False)
    arena.take(uno.CallUno(0), offered_only=False)
    assert arena.state == before and (arena.actor, arena.actions_this_round) == (0, 2)
    arena.take(uno.CallUno(0), offered_only=False)  # the third action: cut off
    assert arena.done and arena.truncated and arena.rewards == (-1.0, -1.0)


def test_a_call_that_changes_nothing_closes_the_callers_interjection_slot() -> None:
    # P0 laid its last-but-one card without UNO: a window, P2 (may catch) then P0 (may
    # still call).
    arena = Arena(3, "mattel")
    arena.start(uno.State.from_position("R2/B1,B2/G1,G2 R1 red 1+ play * uno=0"))
    assert (arena.interjecting, arena.actor, arena.offered) == (True, 2, (uno.CatchUno(2, 0),))
    arena.take(uno.CallUno(2), offered_only=False)  # P2 holds two cards: no change
    assert (arena.interjecting, arena.actor, arena.offered) == (True, 0, (uno.CallUno(0),))
    assert arena.actions_this_round == 1


def test_the_cards_a_first_draw_two_draws_count_as_drawn() -> None:
    arena = Arena(3, "mattel")
    arena.reset(seed=22)  # turns up a Draw Two: P0, after the dealer, draws two
    assert arena.state.turned[-1].rank is uno.Rank.DRAW_TWO
    assert [len(hand) for hand in arena.state.hands] == [9, 7, 7]
    assert arena.drawn == [2, 0, 0]
    rules = uno.MATTEL.but(hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["R1", "G5"], ["B2", "R9"]], turned=["Y+2"])
    dealt = uno.new_game(2, rules, deal=deal)
    arena = Arena(2, rules)
    arena.start(dealt)  # a state just dealt
    assert arena.drawn == [2, 0]
    arena = Arena(2, "mattel")
    arena.start(uno.State.from_position("R1,R2,R3/G7,G8 Y+2 yellow 0+ play *"))
    assert arena.drawn == [0, 0]  # not just dealt: an empty history


def test_a_state_just_dealt_with_a_seat_eliminated_counts_the_first_draw_two() -> None:
    rules = uno.MATTEL.but(scoring=uno.Scoring.ELIMINATION)
    position = (
        "R0,R1,R2,R3,R4,R5,R6,R7,R8/-/G0,G1,G2,G3,G4,G5,G6 Y+2 yellow 0+ play *"
        " dealer=2 out=1 scores=0,510,0 round=1"
    )
    arena = Arena(3, rules, match=True)
    arena.start(uno.State.from_position(position, rules=rules))  # P0, after the dealer, drew 2
    assert arena.drawn == [2, 0, 0]


def test_a_next_round_counts_its_first_draw_two() -> None:
    arena = Arena(2, "mattel", match=True)
    found = 0
    for seed in range(60):
        arena.reset(seed=seed)
        while not arena.done and arena.state.round == 0:
            arena.step(arena.tokens()[0])
        if arena.done or arena.state.turned[-1].rank is not uno.Rank.DRAW_TWO:
            continue
        extra = [len(hand) - 7 for hand in arena.state.hands]
        assert sorted(extra) == [0, 2] and arena.drawn == extra
        found += 1
    assert found > 0


def test_a_wild_draw_four_taken_back_off_another_is_not_drawn() -> None:
    """The history reads the engine's record of a take-back (danish), also when the Wild
    Draw Four taken back was laid on another one, so that the top card is a Wild Draw Four
    before and after (comparing the top cards, the arena once took the card back for a
    card drawn, and kept it as laid)."""
    wd4 = uno.Card.parse("W+4")
    arena = Arena(2, "danish")
    arena.start(uno.State.from_position("W+4,B3,R2/G1,G2 R5,W+4 blue 0+ play *", "danish"))
    arena.take(uno.Play(0, "W+4", "red"))  # a bluff: P0 holds a blue card
    assert arena.played[0][wd4.index] == 1
    arena.take(uno.Challenge(1))
    assert arena.state.top_card is wd4 and wd4 in arena.state.hands[0]
    assert arena.played[0][wd4.index] == 0 and arena.drawn == [2, 0]


def test_a_false_call_with_a_seven_o_swap_counts_its_penalty() -> None:
    """A 7 laid with UNO that swaps for a bigger hand costs the false call's penalty (C16):
    the history counts those two cards (reading hand sizes, the arena once skipped every
    play that moved hands)."""
    rules = uno.MATTEL.but(seven_o=True, false_uno_penalty=2)
    arena = Arena(2, rules)
    arena.start(uno.State.from_position("R7,G5/B1,B2,B3 R5 red 0+ play *", rules))
    arena.take(uno.Play(0, "R7", target=1, uno=True))
    assert [len(hand) for hand in arena.state.hands] == [5, 1]
    assert arena.drawn == [2, 0]


def test_render_text_of_a_seat_hides_the_other_hands() -> None:
    state = uno.State.from_position("R1,R2/G7,G8,B1 R5 red 0+ play *")
    assert render_text(state, seat=1).splitlines()[1:] == ["P0 (2)", "P1 (3): G7 G8 B1"]
    assert render_text(state).splitlines()[1:] == ["P0 (2): R1 R2", "P1 (3): G7 G8 B1"]


@pytest.mark.parametrize(("seat", "error", "words"), [
    (True, TypeError, "seat is None or an int, not True"),
    (1.0, TypeError, "seat is None or an int, not 1.0"),
    ("0", TypeError, "seat is None or an int, not '0'"),
    (-1, ValueError, "there is no seat -1 at this table (seats 0 to 2)"),
    (3, ValueError, "there is no seat 3 at this table (seats 0 to 2)"),
])  # fmt: skip
def test_render_text_refuses_a_seat_that_is_not_one(
    seat: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as raised:
        render_text(uno.new_game(3, seed=1), seat)  # type: ignore[arg-type]
    assert str(raised.value) == words


@pytest.mark.parametrize("option", ["match", "interjections", "skip_forced", "ask_all"])
def test_the_arenas_flags_are_true_or_false(option: str) -> None:
    with pytest.raises(TypeError, match=f"^{option} is True or False, not 'no'$"):
        Arena(3, "mattel", **{option: "no"})  # type: ignore[arg-type]


def test_skip_forced_takes_a_lone_one_token_action_but_not_a_lone_action_of_two_tokens() -> None:
    rules = uno.MATTEL.but(seven_o=True, voluntary_draw=False)
    start = uno.State.from_position("R7,B2,B3/R1,G2,G3 R5 red 1+ play *", rules=rules)
    plain = Arena(2, rules, skip_forced=False)
    plain.start(start)
    assert (plain.actor, plain.actions_this_round) == (1, 0)
    arena = Arena(2, rules, skip_forced=True)
    arena.start(start)
    # Seat 1's one action, R1, is one token: the arena lays it for seat 1.
    assert arena.actions_this_round == 1 and str(arena.state.top_card) == "R1"
    # Seat 0's one action, the 7 and whom it swaps with, is two tokens: seat 0 takes them.
    assert arena.actor == 0 and arena.offered == (uno.Play(0, "R7", target=1),)
    assert [enc.describe(t) for t in arena.tokens()] == ["play R7"]
    assert arena.step(arena.tokens()[0]) is None
    assert [enc.describe(t) for t in arena.tokens()] == ["target +1"]
    assert arena.step(arena.tokens()[0]) == uno.Play(0, "R7", target=1)
