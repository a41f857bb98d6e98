"""Bad input: every mistake gets :class:`unorules.IllegalAction` (with its code) or a
``ValueError``/``TypeError``, a message that names the problem, and never a changed state.

``rejects(...)`` checks the code, that the state is unchanged and that the action is neither
legal nor listed; the tests here also check that the message names the key fact.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import rejects, run

import unorules as uno
from unorules import host
from unorules.agents import botio

HANDS_4 = [
    ["R1", "R2", "R3", "Y1", "Y2", "Y3", "B1"],
    ["R6", "R7", "R8", "Y6", "Y7", "Y8", "B2"],
    ["G1", "G2", "G3", "G4", "G6", "G7", "G8"],
    ["G9", "B3", "B4", "B6", "B7", "B8", "B9"],
]


def table() -> uno.State:
    """Four players, P0 to move on R5."""
    return uno.State.from_position("R1,R2,Y7,W/R3,G2/G3,G4/B4,B5 R5 red 0+ play *")


def round_over() -> uno.State:
    state = run(uno.State.from_position("R1/R3,G2/G3,G4/B4,B5 R5 red 0+ play *"), uno.Play(0, "R1"))
    assert state.phase is uno.Phase.ROUND_OVER
    return state


def game_over() -> uno.State:
    state = uno.State.from_position("R1/R3,G2/G3,G4/B4,B5 R5 red 0+ play * scores=490,0,0,0")
    over = run(state, uno.Play(0, "R1"))
    assert over.phase is uno.Phase.GAME_OVER
    return over


def message(state: uno.State, action: uno.Action, code: str) -> str:
    return str(rejects(state, action, code))


# -- cards and players --


def test_card_not_in_hand_is_named() -> None:
    text = message(table(), uno.Play(0, "G9"), "card_not_in_hand")
    assert "G9" in text
    assert "0" in text


def test_wild_not_in_hand_is_named() -> None:
    text = message(table(), uno.Play(0, "W+4", "red"), "card_not_in_hand")
    assert "W+4" in text


def test_not_your_turn_names_the_seat_whose_turn_it_is() -> None:
    text = message(table(), uno.Play(1, "R3"), "not_your_turn")
    assert "player 1" in text
    assert "player 0" in text
    rejects(table(), uno.Draw(2), "not_your_turn")
    rejects(table(), uno.Pass(3), "not_your_turn")


@pytest.mark.parametrize(
    "action",
    [uno.Play(7, "R1"), uno.Draw(7), uno.Pass(7), uno.CallUno(7), uno.CatchUno(7, 0)],
    ids=["play", "draw", "pass", "call", "catch"],
)
def test_a_seat_that_does_not_exist_is_named(action: uno.Action) -> None:
    text = message(table(), action, "not_your_turn")
    assert "seat 7" in text
    assert "0 to 3" in text


def test_a_negative_seat_is_named() -> None:
    text = message(table(), uno.Play(-1, "R1"), "not_your_turn")
    assert "seat -1" in text


def test_catching_a_seat_that_does_not_exist_is_named() -> None:
    text = message(table(), uno.CatchUno(0, 7), "nothing_to_catch")
    assert "seat 7" in text


def test_a_seat_must_be_a_whole_number() -> None:
    with pytest.raises(TypeError, match="'0'"):
        uno.Play("0", "R1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="True"):
        uno.Draw(True)


# -- colors --


def test_a_color_on_a_non_wild_is_rejected() -> None:
    text = message(table(), uno.Play(0, "R1", "red"), "bad_color")
    assert "R1" in text
    assert "not a wild" in text


def test_a_wild_without_a_color_is_rejected() -> None:
    text = message(table(), uno.Play(0, "W"), "bad_color")
    assert "W" in text
    assert "color" in text


def test_an_unknown_color_is_named() -> None:
    with pytest.raises(ValueError, match="'mauve'"):
        uno.Play(0, "W", "mauve")
    with pytest.raises(ValueError, match="'mauve'"):
        uno.ChooseColor(1, "mauve")
    with pytest.raises(TypeError, match="5"):
        uno.Play(0, "W", 5)  # type: ignore[arg-type]


# -- malformed cards --


@pytest.mark.parametrize("text", ["R10", "mauve 3", "", "WD4", "R-Skip"])
def test_a_malformed_card_string_is_named(text: str) -> None:
    with pytest.raises(ValueError) as info:
        uno.Play(0, text)
    assert repr(text) in str(info.value)
    assert not isinstance(info.value, uno.IllegalAction)


def test_a_card_must_be_a_string() -> None:
    with pytest.raises(TypeError) as info:
        uno.Play(0, 7)  # type: ignore[arg-type]
    assert "7" in str(info.value)
    with pytest.raises(TypeError, match="single card"):
        uno.Draw(0, drawn="R1")
    with pytest.raises(ValueError, match="'X9'"):
        uno.Draw(0, drawn=["X9"])


def test_a_non_action_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="not an action"):
        uno.apply(table(), "Play(0, 'R1')")  # type: ignore[arg-type]


# -- actions at the wrong moment --


def test_pass_when_nothing_was_drawn() -> None:
    text = message(table(), uno.Pass(0), "wrong_phase")
    assert "drawn" in text


def test_challenge_with_no_wild_draw_four_pending() -> None:
    text = message(table(), uno.Challenge(0), "wrong_phase")
    assert "Wild Draw Four" in text
    after_plain_wild = run(table(), uno.Play(0, "W", "blue"))
    rejects(after_plain_wild, uno.Challenge(1), "wrong_phase")


def test_catch_with_nothing_to_catch_names_the_target() -> None:
    text = message(table(), uno.CatchUno(1, 2), "nothing_to_catch")
    assert "player 2" in text
    text = message(table(), uno.CatchUno(1, 1), "nothing_to_catch")
    assert "player 1" in text


def test_choose_color_outside_choose_color() -> None:
    text = message(table(), uno.ChooseColor(0, "red"), "wrong_phase")
    assert "color" in text


def test_a_play_or_draw_before_naming_the_first_color() -> None:
    deal = uno.Deal(dealer=0, hands=HANDS_4, turned=["W"])
    state = uno.new_game(4, seed=3, deal=deal)
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert "color" in message(state, uno.Play(1, "R6"), "wrong_phase")
    assert "color" in message(state, uno.Draw(1), "wrong_phase")
    rejects(state, uno.ChooseColor(2, "red"), "not_your_turn")


def test_draw_naming_cards_it_does_not_draw() -> None:
    text = message(table(), uno.Draw(0, drawn=["R0", "R4"]), "draw_mismatch")
    assert "2" in text
    state = uno.State.from_position("R1/R3,G2/G3,G4/B4,B5 *,R5 red 0+ play B1,B2,B3")
    text = message(state, uno.Draw(0, drawn=["G9"]), "draw_mismatch")
    assert "G9" in text


def test_options_that_do_not_apply_to_the_card() -> None:
    assert "target" in message(table(), uno.Play(0, "R1", target=2), "wrong_phase")
    hands = [["R2"], [], [], []]
    assert "Shuffle Hands" in message(table(), uno.Play(0, "R1", hands=hands), "wrong_phase")
    assert "one card per turn" in message(
        table(), uno.Play(0, "R1", also=["R2"]), "card_does_not_match"
    )


# -- after the round, between rounds --


@pytest.mark.parametrize(
    "action",
    [
        uno.Play(1, "R3"),
        uno.Draw(1),
        uno.Pass(1),
        uno.CallUno(1),
        uno.CatchUno(2, 1),
        uno.Challenge(1),
        uno.ChooseColor(1, "red"),
    ],
    ids=["play", "draw", "pass", "call", "catch", "challenge", "choose"],
)
def test_after_the_round_only_next_round(action: uno.Action) -> None:
    state = round_over()
    assert uno.legal_actions(state) == (uno.NextRound(),)
    text = message(state, action, "wrong_phase")
    assert "NextRound" in text


def test_next_round_while_a_round_is_on() -> None:
    text = message(table(), uno.NextRound(), "wrong_phase")
    assert "still being played" in text


def test_nothing_after_the_match_is_over() -> None:
    state = game_over()
    assert uno.legal_actions(state) == ()
    assert "over" in message(state, uno.NextRound(), "wrong_phase")
    assert "over" in message(state, uno.Play(1, "R3"), "wrong_phase")


# -- new_game arguments --


@pytest.mark.parametrize("players", [1, 11, 0, -3])
def test_player_count_out_of_range(players: int) -> None:
    with pytest.raises(ValueError) as info:
        uno.new_game(players, seed=1)
    assert f"not {players}" in str(info.value)
    assert "2 to 10" in str(info.value)


def test_player_names_out_of_range_or_repeated() -> None:
    with pytest.raises(ValueError, match="not 1"):
        uno.new_game(["Ann"], seed=1)
    with pytest.raises(ValueError, match="not 11"):
        uno.new_game([f"P{i}" for i in range(11)], seed=1)
    with pytest.raises(ValueError, match="'Bo'"):
        uno.new_game(["Bo", "Bo"], seed=1)
    with pytest.raises(TypeError, match="'AB'"):
        uno.new_game("AB", seed=1)


@pytest.mark.parametrize(
    ("seed", "error"), [(-1, ValueError), (2**64, ValueError), (1.5, TypeError), ("7", TypeError)]
)
def test_bad_seed(seed: Any, error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        uno.new_game(4, seed=seed)
    assert repr(seed) in str(info.value)
    assert "2**64" in str(info.value)


@pytest.mark.parametrize("seat", [7, -1])
def test_legal_actions_for_a_seat_that_does_not_exist(seat: int) -> None:
    state = uno.new_game(4, seed=1)
    with pytest.raises(ValueError, match=f"no seat {seat} at this table"):
        uno.legal_actions(state, seat)


def test_seed_bounds_are_accepted() -> None:
    assert uno.new_game(2, seed=0).seed == 0
    assert uno.new_game(2, seed=2**64 - 1).seed == 2**64 - 1


@pytest.mark.parametrize("name", ["hoyle", "Mattel", "", "mattel108"])
def test_unknown_profile_lists_the_known_ones(name: str) -> None:
    with pytest.raises(ValueError) as info:
        uno.new_game(4, name, seed=1)
    text = str(info.value)
    assert repr(name) in text
    for known in ("danish", "mattel", "mattel-108", "swedish"):
        assert known in text
    with pytest.raises(ValueError, match=repr(name)):
        uno.get_profile(name)


def test_rules_of_the_wrong_type() -> None:
    with pytest.raises(TypeError, match="5"):
        uno.new_game(4, 5, seed=1)  # type: ignore[arg-type]


# -- explicit deals --


def bad_deal(deal: uno.Deal, players: int = 4) -> str:
    with pytest.raises(uno.IllegalAction) as info:
        uno.new_game(players, seed=1, deal=deal)
    assert info.value.code is uno.ErrorCode.BAD_DEAL
    return str(info.value)


def test_deal_with_a_short_hand() -> None:
    hands = [h[:] for h in HANDS_4]
    hands[2] = hands[2][:6]
    text = bad_deal(uno.Deal(dealer=0, hands=hands, turned=["R5"]))
    assert "seat 2" in text
    assert "6 cards" in text
    assert "7" in text


def test_deal_with_a_long_hand() -> None:
    hands = [h[:] for h in HANDS_4]
    hands[1] = [*hands[1], "G5"]
    text = bad_deal(uno.Deal(dealer=0, hands=hands, turned=["R5"]))
    assert "seat 1" in text
    assert "8 cards" in text


def test_deal_with_a_card_too_many_names_it() -> None:
    hands = [h[:] for h in HANDS_4]
    hands[0][0] = "R0"
    hands[1][0] = "R0"  # the deck has a single R0
    text = bad_deal(uno.Deal(dealer=0, hands=hands, turned=["R5"]))
    assert "R0 too many" in text
    assert "missing" not in text


def test_deal_with_a_card_missing_names_it() -> None:
    deck = list(uno.MATTEL.deck())
    for card in [*(c for h in HANDS_4 for c in h), "R5"]:
        deck.remove(uno.Card.parse(card))
    deck.remove(uno.Card.parse("WS"))
    text = bad_deal(uno.Deal(dealer=0, hands=HANDS_4, turned=["R5"], draw_pile=deck))
    assert "1 WS missing" in text
    text = bad_deal(uno.Deal(dealer=0, hands=HANDS_4, turned=["R5"], draw_pile=[*deck, "WS", "WC"]))
    assert "1 WC too many" in text


def test_deal_with_cards_the_profile_has_not() -> None:
    hands = [h[:] for h in HANDS_4]
    hands[3][0] = "WS"
    with pytest.raises(uno.IllegalAction) as info:
        uno.new_game(4, "mattel-108", seed=1, deal=uno.Deal(dealer=0, hands=hands, turned=["R5"]))
    assert info.value.code is uno.ErrorCode.BAD_DEAL
    assert "WS too many" in str(info.value)


def test_deal_with_the_wrong_number_of_hands() -> None:
    text = bad_deal(uno.Deal(dealer=0, hands=HANDS_4[:3], turned=["R5"]))
    assert "3 hands" in text
    assert "4 players" in text


def test_deal_with_a_dealer_that_is_not_a_seat() -> None:
    text = bad_deal(uno.Deal(dealer=9, hands=HANDS_4, turned=["R5"]))
    assert "9" in text
    assert "0 to 3" in text
    assert "-1" in bad_deal(uno.Deal(dealer=-1, hands=HANDS_4, turned=["R5"]))


def test_deal_turning_nothing_or_keeping_the_wrong_first_card() -> None:
    assert "no card was turned" in bad_deal(uno.Deal(dealer=0, hands=HANDS_4, turned=[]))
    text = bad_deal(uno.Deal(dealer=0, hands=HANDS_4, turned=["R5", "G5"]))
    assert "R5" in text
    assert "W+4" in bad_deal(uno.Deal(dealer=0, hands=HANDS_4, turned=["W+4"]))


def test_deal_of_the_wrong_type() -> None:
    with pytest.raises(TypeError, match="'x'"):
        uno.new_game(4, seed=1, deal="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'X9'"):
        uno.Deal(dealer=0, hands=[["X9"]], turned=["R5"])
    with pytest.raises(TypeError, match="single card"):
        uno.Deal(dealer=0, hands=HANDS_4, turned="R5")


def test_next_round_with_a_bad_deal_keeps_the_round_over() -> None:
    state = round_over()
    before = state.to_json()
    hands = [h[:] for h in HANDS_4]
    hands[0] = hands[0][:5]
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(state, uno.NextRound(uno.Deal(dealer=0, hands=hands, turned=["R5"])))
    assert info.value.code is uno.ErrorCode.BAD_DEAL
    assert "seat 0 was dealt 5 cards" in str(info.value)
    # The deal passes to the left (C18): after dealer P3 comes P0, not P2.
    wrong_dealer = uno.NextRound(uno.Deal(dealer=2, hands=HANDS_4, turned=["R5"]))
    text = message(state, wrong_dealer, "bad_deal")
    assert "seat 0, not 2" in text
    assert state.to_json() == before


@pytest.mark.parametrize("not_a_state", [None, "state", {"phase": "play"}])
def test_apply_and_legal_actions_need_a_state(not_a_state: Any) -> None:
    with pytest.raises(TypeError, match="needs a State"):
        uno.apply(not_a_state, uno.Draw(0))
    with pytest.raises(TypeError, match="needs a State"):
        uno.legal_actions(not_a_state)


@pytest.mark.parametrize(
    "call",
    [
        lambda s, seat: uno.legal_actions(s, seat),
        lambda s, seat: uno.observe(s, seat),
        lambda s, seat: host.apply_from_seat(s, seat, uno.Draw(0)),
        lambda s, seat: host.is_legal_from_seat(s, seat, uno.Draw(0)),
        lambda s, seat: botio.action_from_seat(s, seat, "{}"),
    ],
    ids=["legal_actions", "observe", "apply_from_seat", "is_legal_from_seat", "action_from_seat"],
)
def test_a_seat_that_is_no_int_is_named_as_such_not_as_a_missing_seat(call: Any) -> None:
    """A seat given as a bool, a float or a string that equals a seat of the table is
    refused as no int (the message said "there is no seat 1.0 at this table" of seat 1);
    an int past the table is refused as no seat."""
    s = uno.new_game(3, seed=5)
    for seat, shown in ((True, "True"), (1.0, "1.0"), ("1", "'1'")):
        with pytest.raises(ValueError) as info:
            call(s, seat)
        assert str(info.value) == f"a seat is an int from 0 to 2, not {shown}"
    with pytest.raises(ValueError) as err:
        call(s, 7)
    assert str(err.value) == "there is no seat 7 at this table (seats 0 to 2)"


def test_observe_takes_an_int_subclass_seat_as_the_others_do() -> None:
    """``observe`` checks a seat with the same function as ``legal_actions`` and the
    host: an int subclass is an int, and sees what the plain int sees."""

    class Seat(int):
        pass

    s = uno.new_game(3, seed=5)
    assert uno.observe(s, Seat(1)) == uno.observe(s, 1)
