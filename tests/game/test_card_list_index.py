"""A bad card inside a list of cards of an action or a Deal is named by its index
(``drawn[0]``, ``hands[1][2]``), with the type of error the single card gets: TypeError
for a value that is not a string, ValueError for a string that is not a card."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import unorules as uno

NOT_A_STRING = "a card is written as a string such as 'R7', not "
NOT_A_CARD = "not a card: 'Q' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')"
HANDS = [["R1"], ["G2"]]

CASES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("Draw drawn", lambda: uno.Draw(0, drawn=[5]), TypeError, "drawn[0]: " + NOT_A_STRING + "5"),  # type: ignore[list-item]
    ("Draw drawn", lambda: uno.Draw(0, drawn=["R1", "Q"]), ValueError, "drawn[1]: " + NOT_A_CARD),
    (
        "CatchUno drawn",
        lambda: uno.CatchUno(0, 1, drawn=["R1", "R2", None]),  # type: ignore[list-item]
        TypeError,
        "drawn[2]: " + NOT_A_STRING + "None",
    ),
    (
        "Challenge drawn",
        lambda: uno.Challenge(1, drawn=["Q"]),
        ValueError,
        "drawn[0]: " + NOT_A_CARD,
    ),
    (
        "Play drawn",
        lambda: uno.Play(0, "R+2", drawn=["B1", 2.0]),  # type: ignore[list-item]
        TypeError,
        "drawn[1]: " + NOT_A_STRING + "2.0",
    ),
    (
        "Play also",
        lambda: uno.Play(0, "R7", also=["R7", "Q"]),
        ValueError,
        "also[1]: " + NOT_A_CARD,
    ),
    (
        "Play hands",
        lambda: uno.Play(0, "WS", "red", hands=[["R1"], ["R2", "R3", None]]),  # type: ignore[list-item]
        TypeError,
        "hands[1][2]: " + NOT_A_STRING + "None",
    ),
    (
        "Deal hands",
        lambda: uno.Deal(0, [["R1"], ["G2", "Q"]], ["G5"]),
        ValueError,
        "hands[1][1]: " + NOT_A_CARD,
    ),
    (
        "Deal turned",
        lambda: uno.Deal(0, HANDS, ["W+4", 7]),  # type: ignore[list-item]
        TypeError,
        "turned[1]: " + NOT_A_STRING + "7",
    ),
    (
        "Deal draw_pile",
        lambda: uno.Deal(0, HANDS, ["G5"], ["R3", "B4", "Q"]),
        ValueError,
        "draw_pile[2]: " + NOT_A_CARD,
    ),
    (
        "a generator",
        lambda: uno.Draw(0, drawn=(c for c in ("R1", "Q"))),
        ValueError,
        "drawn[1]: " + NOT_A_CARD,
    ),
]


@pytest.mark.parametrize(("what", "build", "kind", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_card_in_a_list_names_its_index(
    what: str, build: Callable[[], object], kind: type[Exception], message: str
) -> None:
    with pytest.raises(kind) as info:
        build()
    assert type(info.value) is kind
    assert str(info.value) == message


def test_a_long_bad_card_in_a_list_is_named_short() -> None:
    with pytest.raises(ValueError) as info:
        uno.Draw(0, drawn=["R1", "x" * 10**6])
    assert str(info.value).startswith("drawn[1]: not a card: 'xxx")
    assert len(str(info.value)) < 160


def test_good_lists_of_cards_still_read() -> None:
    assert uno.Draw(0, drawn=["r1", uno.Card.parse("G2")]).drawn == (
        uno.Card.parse("R1"),
        uno.Card.parse("G2"),
    )
    assert uno.Deal(0, [["R1"], []], ["G5"], []).hands == ((uno.Card.parse("R1"),), ())


def test_a_bad_card_of_a_play_names_its_field() -> None:
    with pytest.raises(TypeError) as not_text:
        uno.Play(0, 5)  # type: ignore[arg-type]
    assert str(not_text.value) == "card: " + NOT_A_STRING + "5"
    with pytest.raises(ValueError) as not_card:
        uno.Play(0, "Q")
    assert str(not_card.value) == "card: " + NOT_A_CARD
