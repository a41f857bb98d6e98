"""A seat the caller gives that is far off the table (4,000 digits: long, but still
writable) comes back in a message named by its length, as every capped echo of the
library names it (``unorules._echo.shown_int``): the engine's messages, the host's, the
bot protocol's, the page renderer's, and the text of an action."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import unorules as uno
from unorules.agents import botio
from unorules.formats import transcript
from unorules.pictures import render

BIG = 10**4000
SHOWN = "<an integer of 4001 digits>"
NO_SEAT = f"there is no seat {SHOWN} at this table (seats 0 to 2)"


def start() -> uno.State:
    state = uno.new_game(3, seed=1)
    assert state.current_player == 1 and str(state.hands[1][0]) == "RR"
    return state


@pytest.mark.parametrize(
    "action",
    [
        uno.Play(BIG, "R7"),
        uno.Draw(BIG),
        uno.Pass(BIG),
        uno.CallUno(BIG),
        uno.CatchUno(BIG, 0),
        uno.Challenge(BIG),
        uno.ChooseColor(BIG, "red"),
    ],
    ids=lambda a: type(a).__name__,
)
def test_apply_names_a_far_seat_by_its_length(action: uno.Action) -> None:
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(start(), action)
    assert info.value.code is uno.ErrorCode.NOT_YOUR_TURN
    assert str(info.value) == NO_SEAT


def test_a_far_catch_target_is_named_by_its_length() -> None:
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(start(), uno.CatchUno(1, BIG))
    assert str(info.value) == NO_SEAT + " to catch"


def test_a_far_target_of_a_play_that_takes_none_is_named_by_its_length() -> None:
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(start(), uno.Play(1, "RR", target=BIG))
    assert str(info.value) == (
        f"target is only for a Seven-O 7 that swaps hands: P1 plays RR swapping with P{SHOWN}"
    )


def test_a_far_target_of_a_seven_o_seven_is_named_by_its_length() -> None:
    rules = uno.MATTEL.but(seven_o=True, hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["R7", "R1"], ["G2", "G3"]], turned=["R5"])
    state = uno.new_game(2, rules, deal=deal)
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(state, uno.Play(0, "R7", target=BIG))
    assert str(info.value) == (
        f"a 7 swaps hands (Seven-O): name another seat still in play as target, not {SHOWN}"
    )


def test_a_far_dealer_of_a_deal_is_named_by_its_length() -> None:
    deal = uno.Deal(dealer=BIG, hands=[[], [], []], turned=["R1"])
    with pytest.raises(uno.IllegalAction) as info:
        uno.new_game(3, seed=1, deal=deal)
    assert info.value.code is uno.ErrorCode.BAD_DEAL
    assert str(info.value) == f"the dealer must be a seat of this table (0 to 2), not {SHOWN}"


CALLS: list[tuple[str, Callable[[uno.State], object], str]] = [
    ("legal_actions", lambda s: uno.legal_actions(s, BIG), NO_SEAT),
    ("apply_from_seat", lambda s: uno.apply_from_seat(s, BIG, uno.Draw(1)), NO_SEAT),
    ("action_from_seat", lambda s: botio.action_from_seat(s, BIG, {}), NO_SEAT),
]


@pytest.mark.parametrize(("what", "call", "message"), CALLS, ids=[c[0] for c in CALLS])
def test_a_far_seat_asked_about_is_named_by_its_length(
    what: str, call: Callable[[uno.State], object], message: str
) -> None:
    with pytest.raises(ValueError) as info:
        call(start())
    assert str(info.value) == message


def test_a_seat_acting_for_a_far_player_names_it_by_its_length() -> None:
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply_from_seat(start(), 1, uno.Draw(BIG))
    assert str(info.value) == f"seat 1 may only act for itself, not for player {SHOWN}"


def test_a_page_for_a_far_seat_names_it_by_its_length() -> None:
    t = transcript.Transcript("mattel", 3, [transcript.Round()], seed=1)
    with pytest.raises(ValueError) as info:
        render.page(t, seat=BIG)
    assert str(info.value) == f"there is no seat {SHOWN} in this game (seats 0 to 2)"


def test_the_text_of_an_action_names_a_far_seat_by_its_length() -> None:
    assert str(uno.CatchUno(BIG, -BIG)) == f"P{SHOWN} catches P<a negative integer of 4001 digits>"
    assert str(uno.Draw(BIG)) == f"P{SHOWN} draws"
    assert str(uno.Play(2, "R7", target=3)) == "P2 plays R7 swapping with P3"


def test_long_duplicate_names_are_echoed_short() -> None:
    with pytest.raises(ValueError) as info:
        uno.new_game(["x" * 100_000] * 2)
    assert str(info.value) == "player names must differ: ['" + "x" * 28 + "..." + "x" * 27 + "…"
    with pytest.raises(ValueError) as info:
        uno.new_game(["a", "b", "a"])
    assert str(info.value) == "player names must differ: ['a', 'b', 'a']"
