"""UNO Flip!'s cards in pictures (OFFICIAL-GAMES.md §2.2): every face on each side draws,
the dark side in its palette (pink, teal, orange, purple) with a black border, the Flip
sign, ``Card._repr_svg_``, and the replay page defines every card it draws (No Mercy's
too)."""

from __future__ import annotations

import random
import re

import pytest

import unorules as uno
from unorules.cards import Card, Side
from unorules.formats import transcript
from unorules.pictures import render, svg

FLIP = uno.MATTEL_FLIP
DARK_BORDER = '<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="#1b1b1b"'
LIGHT_BORDER = '<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="#fff"'


def test_fl2_2_every_flip_card_draws_on_each_side_with_its_border() -> None:
    """FL2.2: each of the 112 cards, light side up and dark side up: a picture named by
    its face in play and its other face, a white border on the light side and a black one
    on the dark side."""
    for card in set(FLIP.deck()):
        for up in Side:
            c = card.facing(up)
            picture = svg.card(c)
            assert picture.startswith("<svg")
            assert (DARK_BORDER if up is Side.DARK else LIGHT_BORDER) in picture
            assert "(other side: " in picture


def test_fl2_2_the_dark_palette_and_the_new_signs() -> None:
    """FL2.2: pink, teal, orange and purple fills; +1, +5, +2 and +C in the corners; the
    Flip sign; a dark wild's oval in the dark colors."""
    assert svg.COLORS[uno.Color.PINK] in svg.card("P+5")
    assert svg.COLORS[uno.Color.TEAL] in svg.card("TSE")
    assert svg.COLORS[uno.Color.ORANGE] in svg.card("O7")
    assert svg.COLORS[uno.Color.PURPLE] in svg.card("VF")
    for code, corner in (("R+1", "+1"), ("P+5", "+5"), ("W+2", "+2"), ("W+C", "+C")):
        assert f">{corner}</text>" in svg.card(code)
    assert svg.card("RF") != svg.card("RR")  # the Flip has its own sign
    dark_wild = svg.card(Card.parse("B2|W", Side.DARK))
    assert all(svg.COLORS[c] in dark_wild for c in Side.DARK.colors)
    assert svg.COLORS[uno.Color.RED] not in dark_wild


def test_fl2_2_a_flip_card_shows_itself_in_a_notebook() -> None:
    picture = Card.parse("B2|O8", Side.DARK)._repr_svg_()
    assert 'aria-label="orange 8 (other side: blue 2)"' in picture
    assert DARK_BORDER in picture


def _page_of(profile: str, players: int, seed: int) -> str:
    rng = random.Random(seed)
    start = state = uno.new_game(players, profile, seed=seed)
    actions: list[uno.Action] = []
    while not state.is_over and len(actions) < 300:
        legal = uno.legal_actions(state)
        actions.append(legal[rng.randrange(len(legal))])
        state = uno.apply(state, actions[-1])
    return render.page(transcript.dumps(transcript.record(start, actions)))


@pytest.mark.parametrize("profile", ["mattel-flip", "mattel-no-mercy", "mattel"])
def test_the_replay_page_defines_every_card_it_draws(profile: str) -> None:
    """The replay page refers to each card by a symbol: every reference has its symbol,
    on both sides of UNO Flip!'s cards and for No Mercy's cards; a classic page keeps
    its 113 symbols."""
    page = _page_of(profile, 3, seed=2)
    defined = set(re.findall(r'<symbol id="([^"]+)"', page))
    used = set(re.findall(r'<use href="#([^"]+)"', page))
    assert used and used <= defined
    if profile == "mattel":
        assert len(defined) == 113
    if profile == "mattel-flip":
        assert any(ref.endswith("d") for ref in used)  # the dark side was drawn
