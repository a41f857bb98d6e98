"""unorules.pictures.svg: card, hand and table pictures (well-formed, labelled, deterministic)."""

from __future__ import annotations

import math
import os
import re
import xml.dom.minidom
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules.pictures import svg

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "svg.txt"
NS = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    """The picture as XML: it must be a well-formed SVG document."""
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def game(hands: list[str], turned: str = "R5", **options: Any) -> uno.State:
    """A round from explicit hands, the last seat dealing (seat 0 plays first)."""
    rules = attrs.evolve(uno.MATTEL, hand_size=len(hands[0].split()), **options)
    deal = uno.Deal(len(hands) - 1, [h.split() for h in hands], turned.split())
    return uno.new_game(len(hands), rules, deal=deal)


# == one card =====================================================================================


@pytest.mark.parametrize("card", uno.ALL_CARDS, ids=str)
def test_every_card_is_a_well_formed_labelled_picture(card: uno.Card) -> None:
    picture = svg.card(card)
    root = parse(picture)
    rank = card.rank.value.replace("_", " ")
    name = rank if card.color is None else f"{card.color.value} {rank}"
    assert root.get("aria-label") == name
    assert root.find(f"{NS}title") is not None
    assert root.find(f"{NS}title").text == name  # type: ignore[union-attr]
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("60", "90", "0 0 60 90")
    assert svg.card(str(card)) == picture  # notation and card draw the same
    assert isinstance(picture, svg.Svg)


def test_a_color_card_is_filled_with_its_color_and_shows_its_number_three_times() -> None:
    root = parse(svg.card("G7"))
    fills = {e.get("fill") for e in root.iter()}
    assert svg.COLORS[uno.Color.GREEN] in fills
    assert svg.COLORS[uno.Color.RED] not in fills
    assert texts(root) == ["7", "7", "7"]  # the middle and both corners


def test_six_and_nine_are_underlined_and_other_numbers_are_not() -> None:
    def lines(code: str) -> int:
        return len(re.findall(r'<path d="M[-0-9. ]+H', svg.card(code)))

    assert lines("B6") == lines("Y9") == 6  # middle and two corners, each outlined
    assert lines("B8") == lines("Y0") == 0


def test_the_signs_of_the_action_cards() -> None:
    skip = svg.card("RS")
    assert skip.count("<circle") == 6  # middle and two corners, each outlined
    assert texts(parse(skip)) == []
    assert texts(parse(svg.card("B+2"))) == ["+2", "+2"]
    assert texts(parse(svg.card("W+4"))) == ["+4", "+4"]
    reverse = svg.card("YR")
    assert reverse.count('rotate(180)" d="') == 3  # two arrows, one turned, three times


def test_without_corners_only_the_middle_is_drawn_larger() -> None:
    assert texts(parse(svg.card("G7", corners=False))) == ["7"]
    assert "scale(1.3)" in svg.card("G7", corners=False)
    # Draw Two and Wild Draw Four say +2 and +4 in the middle instead of small cards.
    assert texts(parse(svg.card("B+2", corners=False))) == ["+2"]
    plus4 = svg.card("W+4", corners=False)
    assert texts(parse(plus4)) == ["+4"]
    assert all(f'fill="{svg.COLORS[c]}"' in plus4 for c in uno.Side.LIGHT.colors)
    assert svg.card("RS", corners=False).count("<circle") == 2


def test_the_wild_oval_has_the_four_colors() -> None:
    picture = svg.card("W")
    for color in uno.Side.LIGHT.colors:  # the classic four (UNO Flip!'s dark side aside)
        assert f'fill="{svg.COLORS[color]}"' in picture
    assert 'fill="#1b1b1b"' in picture  # a black card
    for code in ("WS", "WC"):
        assert all(f'fill="{svg.COLORS[c]}"' in svg.card(code) for c in uno.Side.LIGHT.colors)


def test_the_card_back() -> None:
    root = parse(svg.back(size=30))
    assert root.get("aria-label") == "card back"
    assert texts(root) == ["UNO"]
    assert (root.get("width"), root.get("height")) == ("30", "45")


def test_size_sets_the_pixels_or_leaves_them_to_the_page() -> None:
    assert 'width="40" height="60" viewBox="0 0 60 90"' in svg.card("R1", size=40)
    unsized = parse(svg.card("R1", size=None))
    assert unsized.get("width") is None and unsized.get("height") is None
    assert 'width="25.5" height="38.25"' in svg.card("R1", size=25.5)


@pytest.mark.parametrize("size", [0, -5, True, "60", float("nan")])
def test_a_bad_size_is_refused(size: object) -> None:
    with pytest.raises(ValueError, match="size is a width in pixels greater than 0"):
        svg.card("R1", size=size)  # type: ignore[arg-type]


def test_a_bad_card_is_refused() -> None:
    with pytest.raises(ValueError, match="not a card: 'R10'"):
        svg.card("R10")
    with pytest.raises(TypeError, match="a card is a Card or a string"):
        svg.card(7)  # type: ignore[arg-type]


def test_card_repr_svg_is_its_picture() -> None:
    card = uno.Card.parse("Y+2")
    assert card._repr_svg_() == svg.card(card)
    assert svg.card(card)._repr_svg_() == str(svg.card(card))


# == a hand =======================================================================================


def test_a_hand_shows_the_cards_in_the_order_given() -> None:
    picture = svg.hand("W B3 R7")
    root = parse(picture)
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert titles == ["hand: wild, blue 3, red 7", "wild", "blue 3", "red 7"]
    assert root.get("viewBox") == "0 0 132 90"  # each card 36 units after the one before
    assert svg.hand([uno.Card.parse("W"), "B3", "R7"]) == picture
    assert picture._repr_svg_() == picture


def test_an_empty_hand() -> None:
    root = parse(svg.hand([]))
    assert root.get("aria-label") == "hand: no cards"


def test_a_bad_card_in_a_hand_is_named_by_its_place() -> None:
    with pytest.raises(ValueError, match=r"^card 3 of the hand: not a card: 'RX'"):
        svg.hand(["R1", "R2", "RX"])


# == a table ======================================================================================


def test_a_players_view_shows_their_hand_and_the_others_as_backs() -> None:
    state = game(["R1 G2 W", "Y4 B3 B5", "G5 G6 R9"], turned="R5")
    view = uno.observe(state, 1)
    picture = svg.table(view)
    root = parse(picture)
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert titles.count("card back") == 1 + 3 + 3  # the draw pile and the two other hands
    for name in ("yellow 4", "blue 3", "blue 5", "red 5"):  # the hand and the top card
        assert name in titles
    assert "wild" not in titles and "green 6" not in titles  # hidden cards stay hidden
    words = texts(root)
    assert "P1 (you)" in words
    assert "to act: P0 (seat 0)" in words
    assert "color: red" in words
    assert "direction: clockwise" in words
    assert f"{state.draw_pile_size} to draw" in words
    assert words.count("seat 1, 3 cards") == 1
    assert view._repr_svg_() == picture


def test_a_state_shows_every_hand_face_up() -> None:
    state = game(["R1 G2 W", "Y4 B3 B5"], turned="RR")
    titles = [t.text for t in parse(svg.table(state)).iter(f"{NS}title")]
    assert titles.count("card back") == 1
    assert {"red 1", "green 2", "wild", "yellow 4", "blue 3", "blue 5"} <= set(titles)


def test_direction_and_the_phase_are_written_out() -> None:
    s = game(["R1 G2", "Y4 B3", "G5 G6"], turned="RR")
    assert "direction: counter-clockwise" in texts(parse(svg.table(s)))
    s = game(["R1 G2", "Y4 B3", "G5 G6"], turned="W")
    words = texts(parse(svg.table(s)))
    assert "color: none named yet" in words
    assert "phase: the first color is to be named" in words
    s = uno.apply(game(["R2 B7 W+4", "G1 G2 G3", "Y1 Y2 Y3"]), uno.Play(0, "W+4", "blue"))
    assert "phase: Wild Draw Four: challenge or draw (+4 pending)" in texts(parse(svg.table(s)))


def test_a_won_round_and_an_exposed_uno_are_shown() -> None:
    s = game(["R1 R2", "G1 G2", "Y1 Y2"])
    forgot = uno.apply(s, uno.Play(0, "R1"))
    assert "to act, UNO not called!" not in texts(parse(svg.table(forgot)))
    assert "UNO not called!" in texts(parse(svg.table(forgot)))
    s = uno.apply(game(["R1", "G1"]), uno.Play(0, "R1"))
    assert "round won by P0" in texts(parse(svg.table(s)))


def test_an_eliminated_seat_is_marked() -> None:
    rules = attrs.evolve(uno.MATTEL, scoring=uno.Scoring.ELIMINATION)
    data = uno.new_game(3, rules, seed=1).to_dict()
    assert "out of the match" not in texts(parse(svg.table(uno.State.from_dict(data))))
    out = uno.State.from_position("R1,R2/G1,G2/- R3 red 0+ play * out=2", rules=rules)
    assert "out of the match" in texts(parse(svg.table(out)))


def test_long_hidden_hands_show_twenty_backs_and_a_count() -> None:
    data = uno.new_game(2, seed=3).to_dict()
    data["hands"][1] += data["draw_pile"][:18]  # 7 + 18 = 25 cards
    data["draw_pile"] = data["draw_pile"][18:]
    state = uno.State.from_dict(data)
    view = uno.observe(state, 0)
    picture = svg.table(view)
    titles = [t.text for t in parse(picture).iter(f"{NS}title")]
    assert titles.count("card back") == 1 + 20
    assert "+5" in texts(parse(picture))


def test_names_are_escaped() -> None:
    state = uno.new_game(["<b>&", 'x"y'], seed=1)
    picture = svg.table(state)
    root = parse(picture)  # still well-formed
    assert "<b>&" in texts(root)
    assert "&lt;b&gt;&amp;" in picture


def test_table_size_scales_the_whole_picture() -> None:
    state = uno.new_game(2, seed=1)
    root = parse(svg.table(state, size=280))
    assert root.get("width") == "280"
    natural = parse(svg.table(state))
    assert natural.get("width") == "560" and natural.get("viewBox", "").startswith("0 0 560 ")


def test_table_refuses_other_values() -> None:
    with pytest.raises(TypeError, match="table\\(\\) draws a View or a State, not str"):
        svg.table("R7")  # type: ignore[arg-type]


def test_symbols_define_every_card_once() -> None:
    root = parse(svg.symbols())
    ids = [s.get("id") for s in root.iter(f"{NS}symbol")]
    assert ids == [
        *(f"uno-c{c.index}" for c in uno.ALL_CARDS),
        *(f"uno-m{c.index}" for c in uno.ALL_CARDS),
        "uno-back",
    ]


# == stable text: a golden file ===================================================================


def golden_text() -> str:
    state = uno.new_game(["Ann", "Bo", "Cai"], seed=7)
    parts = [
        svg.card("R7"),
        svg.card("W+4", size=30),
        svg.back(),
        svg.hand("G6 YS BR R+2 W WS WC", size=None),
        svg.table(uno.observe(state, 2)),
        svg.table(state, size=600),
    ]
    return "\n\n".join(parts) + "\n"


def test_pictures_match_the_golden_file() -> None:
    """The pictures' text is stable. After a deliberate change of the drawing, rewrite the
    file with ``UNORULES_REGOLD=1 pytest tests/pictures/test_svg.py`` and look at the result."""
    text = golden_text()
    assert golden_text() == text  # deterministic within a run
    if os.environ.get("UNORULES_REGOLD") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == text


# == what a seat's view shows, and pictures that stay well-formed =================================


def test_a_seats_view_marks_an_eliminated_seat_and_the_round_winner() -> None:
    """Who is out of the match and who won the round are public: a seat's view shows them
    as the whole state does."""
    rules = attrs.evolve(uno.MATTEL, scoring=uno.Scoring.ELIMINATION)
    out = uno.State.from_position("R1,R2/G1,G2/- R3 red 0+ play * out=2", rules=rules)
    assert out.eliminated == (2,)
    for seat in (0, 1):
        assert "out of the match" in texts(parse(svg.table(uno.observe(out, seat))))
    won = uno.apply(game(["R1", "G1"]), uno.Play(0, "R1"))
    assert won.round_winner == 0 and won.winner is None
    for seat in (0, 1):
        assert "round won by P0" in texts(parse(svg.table(uno.observe(won, seat))))


def test_control_characters_in_names_are_escaped_and_the_picture_stays_well_formed() -> None:
    state = uno.new_game(["A\x01b", "Bo\x1b[31m"], seed=1)
    for picture in (svg.table(state), svg.table(uno.observe(state, 1))):
        xml.dom.minidom.parseString(picture)  # raised ExpatError before
        shown = texts(parse(picture))
        assert "A\\x01b" in shown and any(t.startswith("Bo\\x1b[31m") for t in shown)
        assert "\x01" not in picture and "\x1b" not in picture
    assert "to act: A\\x01b (seat 0)" in texts(parse(svg.table(state)))


def test_a_long_name_is_shortened_everywhere_in_the_picture() -> None:
    state = uno.new_game(["Bo", "x" * 100_000], seed=2)
    assert state.current_player == 1  # the picture's label names who is to act
    picture = svg.table(state)
    assert "x" * 25 not in picture and len(picture) < 40_000
    assert "x" * 17 + "\u2026" in texts(parse(picture))


@pytest.mark.parametrize("size", [math.inf, -math.inf])
def test_an_infinite_size_is_refused(size: float) -> None:
    message = r"size is a width in pixels greater than 0, and finite \(or None\), not -?inf"
    state = uno.new_game(2, seed=1)
    with pytest.raises(ValueError, match=message):
        svg.card("R7", size=size)
    with pytest.raises(ValueError, match=message):
        svg.back(size=size)
    with pytest.raises(ValueError, match=message):
        svg.hand("R7 G7", size=size)
    with pytest.raises(ValueError, match=message):
        svg.table(state, size=size)


def test_the_table_names_every_phase_no_mercy_s_roulette_too() -> None:
    """A table in No Mercy's roulette phase (NM1.5: the victim of a Wild Color Roulette
    names the color) is drawn with that phase named; it raised KeyError before, so
    ``unorules render`` of a No Mercy game with a Roulette ended in a traceback."""
    nm = uno.get_profile("mattel-no-mercy").but(hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["WCR", "R3"], ["G1", "G2"]], turned=["R7"])
    state = uno.apply(uno.new_game(2, nm, deal=deal, seed=5), uno.Play(0, "WCR", uno=True))
    assert state.phase is uno.Phase.ROULETTE
    picture = str(svg.table(uno.observe(state, 0)))
    assert "Wild Color Roulette: the victim names a color" in picture
    assert {phase for phase in uno.Phase} == set(svg._PHASES)
