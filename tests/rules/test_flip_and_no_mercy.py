"""UNO Flip! and UNO Show 'Em No Mercy in one library: the card, option and color
decisions the two profiles share (OFFICIAL-GAMES.md §1 and §2), each test naming what it
holds and asserting the exact outcome."""

from __future__ import annotations

import pytest
from conftest import rejects

import unorules as uno
from unorules.cards import ALL_CARDS, EVERY_CARD, FLIP_FACES, NO_MERCY_CARDS, Card, Rank, Side
from unorules.rules import NO_MERCY_DECK, rules_to_options

FLIP = uno.MATTEL_FLIP
NM = uno.get_profile("mattel-no-mercy")
C = Card.parse


def test_nm1_2_fl2_2_one_skip_everyone_rank_serves_both_games() -> None:
    """NM1.2 and FL2.2: Skip Everyone is one rank; No Mercy's is on the classic colors
    (``RSE``), UNO Flip!'s on the dark ones (``PSE``), both read in long form too."""
    assert C("RSE").rank is C("PSE").rank is Rank.SKIP_EVERYONE
    assert C("red skip everyone") is C("RSE")
    assert C("pink skip everyone") is C("PSE")
    assert [r for r in Rank].count(Rank.SKIP_EVERYONE) == 1


def test_card_indices_do_not_collide() -> None:
    """Classic 0-55, No Mercy 56-71, UNO Flip!'s faces 72-133, its double-sided cards
    after them: every single-faced card at its place in EVERY_CARD."""
    assert [c.index for c in ALL_CARDS] == list(range(56))
    assert [c.index for c in NO_MERCY_CARDS] == list(range(56, 72))
    assert [c.index for c in FLIP_FACES] == list(range(72, 134))
    assert all(card.index == i for i, card in enumerate(EVERY_CARD))
    assert min(c.index for c in FLIP.deck()) >= len(EVERY_CARD)
    assert len({c.index for c in FLIP.deck()}) == len(set(FLIP.deck()))


def test_nm1_10_fl2_2_skip_everyone_scores_by_its_game() -> None:
    """NM1.10: No Mercy's Skip Everyone is a colored action card, 20; FL2.2: UNO Flip!'s
    dark Skip Everyone scores 30 (``CardPoints.skip_everyone``)."""
    assert NM.card_points(C("RSE")) == C("RSE").points == 20
    assert FLIP.card_points(C("PSE")) == C("PSE").points == 30
    dearer = uno.CardPoints(skip_everyone=35)
    assert (dearer.of(C("PSE")), dearer.of(C("RSE"))) == (35, 20)


def test_the_no_mercy_deck_holds_no_dark_card() -> None:
    """NM1.2: a deck given as counts per rank is dealt in the four classic colors."""
    assert len(NO_MERCY_DECK.cards()) == 168
    assert {c.color for c in NO_MERCY_DECK.cards()} - {None} == set(Side.LIGHT.colors)


def test_flip_options_leave_classic_and_no_mercy_json_unchanged() -> None:
    """UNO Flip!'s options and card points are written only where they differ from their
    defaults in a state's JSON, as No Mercy's are: the JSON of the other games is the same
    bytes as before they existed."""
    flip_names = {"flip_pairing", "flip_first_card", "flip_exposed_wild_chooser"}
    assert not flip_names & set(rules_to_options(uno.MATTEL, compact=True))
    assert not flip_names & set(rules_to_options(NM, compact=True))
    assert list(uno.CardPoints().to_json()) == [
        "action",
        "wild",
        "wild_draw_four",
        "shuffle_hands",
        "customizable",
    ]
    assert rules_to_options(FLIP, compact=True)["flip_pairing"] == "ogreface"
    assert rules_to_options(FLIP, compact=True)["points"] == {
        "action": 20,
        "wild": 40,
        "wild_draw_four": 50,
        "shuffle_hands": 40,
        "customizable": 40,
    }
    for profile in ("mattel", "mattel-no-mercy"):
        text = uno.new_game(3, profile, seed=4).to_json()
        assert "flip" not in text and '"side"' not in text
    assert '"flip_pairing":"ogreface"' in uno.new_game(3, FLIP, seed=4).to_json()


def test_fl2_4_a_dark_color_is_refused_by_a_no_mercy_roulette_victim() -> None:
    """NM-A9 with FL2.4's colors: the Roulette's victim may name only a color of the
    deck in play; a dark color is refused (bad_color) and the state is unchanged."""
    rules = NM.but(hand_size=2)
    deal = uno.Deal(2, [["WCR", "R1"], ["G1", "G2"], ["B1", "B2"]], ["R5"])
    s = uno.apply(uno.new_game(3, rules, deal=deal), uno.Play(0, "WCR"))
    assert s.phase is uno.Phase.ROULETTE and s.current_player == 1
    err = rejects(s, uno.ChooseColor(1, "pink"), "bad_color")
    assert str(err) == (
        "pink is a color of UNO Flip!'s dark side, not of this game: name red, yellow, green, blue"
    )


def test_fl2_4_a_dark_color_is_refused_for_a_classic_wild() -> None:
    """R4.2 with FL2.4's colors: a classic wild names red, yellow, green or blue."""
    rules = uno.MATTEL.but(hand_size=2)
    deal = uno.Deal(2, [["W", "R1"], ["G1", "G2"], ["B1", "B2"]], ["R5"])
    s = uno.new_game(3, rules, deal=deal)
    rejects(s, uno.Play(0, "W", "purple"), "bad_color")
    assert uno.Play(0, "W", "purple") not in uno.legal_actions(s)


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"mercy": 25}, r"mercy=25: the Mercy rule is UNO Show 'Em No Mercy's \(NM1\.7\)"),
        ({"deck_counts": NO_MERCY_DECK}, "the UNO Flip! deck is its face pairing's table"),
        ({"final_card_effect": False}, "settled by flip_last_card"),
    ],
)
def test_fl2_1_no_mercy_rules_are_refused_with_flip(options: dict[str, object], why: str) -> None:
    """FL2.1: No Mercy's own rules do not combine with UNO Flip!'s deck; each is refused
    with its reason."""
    with pytest.raises(uno.RulesError, match=why):
        FLIP.but(**options)


def test_fl2_1_a_flip_pairing_on_the_no_mercy_rules_is_refused() -> None:
    """FL2.1 and NM1.6: UNO Flip!'s deck with No Mercy's stacking and deck is refused."""
    with pytest.raises(uno.RulesError) as caught:
        NM.but(flip_pairing="ogreface")
    text = str(caught.value)
    assert "stacking=by_value" in text and "deck_counts must be None" in text


def test_both_new_profiles_take_the_general_route() -> None:
    """The fast paths know neither game: both profiles are declared to the gate."""
    from unorules._engine.gate import fast_path_admits

    assert (fast_path_admits(NM), fast_path_admits(FLIP), fast_path_admits(uno.MATTEL)) == (
        False,
        False,
        True,
    )
