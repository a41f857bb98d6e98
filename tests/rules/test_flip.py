"""UNO Flip! (``mattel-flip``): every rule of the rules reference's UNO Flip! page, each
test naming its rule (FL2.x is OFFICIAL-GAMES.md §2.x; FL-Ax its decision Ax) and
asserting the exact outcome."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import rejects, run

import unorules as uno
from unorules.cards import Card, Side
from unorules.flipdeck import OGREFACE, check_composition, composition, flip_deck, pairing_cards

FLIP = uno.MATTEL_FLIP
C = Card.parse


def pos(text: str, rules: uno.Rules = FLIP) -> uno.State:
    return uno.State.from_position(text, rules)


def faces(state: uno.State, seat: int) -> list[str]:
    return [str(c.face) for c in state.hands[seat]]


# -- FL2.2 the deck, the pairing, the notation ------------------------------------------------


def test_fl2_2_the_deck_is_112_double_sided_cards_of_the_sheets_composition() -> None:
    """§2.2: 112 cards; each side 72 numbers 1-9 (no zeros), 32 colored actions, 8 wilds."""
    deck = FLIP.deck()
    assert len(deck) == 112 and FLIP.deck_size == 112
    for side in Side:
        got = Counter(c.facing(side).face for c in deck)
        assert got == composition(side)
        assert sum(k for c, k in got.items() if c.number is not None) == 72
        assert sum(k for c, k in got.items() if c.is_wild) == 8
        assert not any(c.number == 0 for c in got)
    assert not any(c.is_wild and c.other.is_wild for c in deck)  # type: ignore[union-attr]
    assert str(deck[0]) == "R1|P3"


def test_fl_a1_the_pairing_is_checked_when_it_is_loaded() -> None:
    """FL-A1: a pairing whose faces are not the deck's is refused, naming the difference."""
    cards = list(pairing_cards(OGREFACE))
    assert str(cards[0]) == "W+2|O4"
    cards[0] = C("W+2|O5")  # one O4 fewer, one O5 more on the dark side
    with pytest.raises(ValueError, match=r"dark faces are not the deck's \(FL2.2\): -1 O4, \+1 O5"):
        check_composition(cards, "bad")


def test_fl_a1_a_random_pairing_is_drawn_once_per_match_from_its_seed() -> None:
    """FL-A1: ``flip_pairing="random"`` pairs the faces from the match's seed: the same
    seed, the same deck, in every round of the match; another seed, another deck."""
    rules = FLIP.but(flip_pairing="random")
    deck = flip_deck("random", seed=7)
    assert deck == rules.deck(7) != rules.deck(8) != FLIP.deck()
    for side in Side:
        assert Counter(c.facing(side).face for c in deck) == composition(side)
    s = uno.new_game(3, rules, seed=7)
    held = Counter(c.facing(Side.LIGHT) for c in (*s.draw_pile, *s.discard_pile))
    held.update(c.facing(Side.LIGHT) for h in s.hands for c in h)
    assert held == Counter(deck)


def test_fl2_2_notation_reads_and_writes_both_faces() -> None:
    """FL2.2 (SPEC §8): ``LIGHT|DARK``, light face first, whatever the side; the dark
    colors P, T, O, V; the new ranks; long forms; JSON color names."""
    card = C("b2|o8")
    assert str(card) == "B2|O8" and str(card.face) == "B2"
    dark = C("B2|O8", Side.DARK)
    assert str(dark) == "B2|O8" and str(dark.face) == "O8" and dark.other is card
    assert repr(dark) == "Card.parse('B2|O8', Side.DARK)"
    assert [str(C(t)) for t in ("red draw one", "pink draw five", "teal skip everyone")] == [
        "R+1",
        "P+5",
        "TSE",
    ]
    assert [str(C(t)) for t in ("blue flip", "wild draw two", "wild draw color", "V9")] == [
        "BF",
        "W+2",
        "W+C",
        "V9",
    ]
    assert [c.value for c in Side.DARK.colors] == ["pink", "teal", "orange", "purple"]
    with pytest.raises(ValueError, match="not a light face"):
        C("O8|B2")


# -- naming a card, bad moves -------------------------------------------------------------------


def test_fl2_2_a_card_may_be_named_by_its_face_in_play_when_only_one_card_shows_it() -> None:
    """FL2.2: ``Play(0, "B2")`` names the one card of the hand showing B2."""
    s = pos("B2|O8,G7|O6/Y9|T5,Y1|W B3|V8 blue 0+ play *")
    t = run(s, uno.Play(0, "B2"))
    assert str(t.top_card) == "B2|O8" and faces(t, 0) == ["G7"]
    assert run(s, uno.Play(0, "B2|O8")) == t


def test_fl2_2_a_face_held_twice_is_an_error_listing_the_cards_it_could_mean() -> None:
    """FL2.2: two cards show B2: the play is refused (ambiguous_card) and lists both."""
    s = pos("B2|O8,B2|P6,G7|O6/Y9|T5,Y1|W B3|V8 blue 0+ play *")
    err = rejects(s, uno.Play(0, "B2"), "ambiguous_card")
    assert str(err) == "player 0 holds 2 different cards showing B2: name one of B2|P6, B2|O8"


def test_fl2_6_a_card_named_by_its_face_not_in_play_is_refused() -> None:
    """FL2.6: on the light side, naming the dark face O8 of B2|O8 is refused, saying how
    to name it."""
    s = pos("B2|O8,G7|O6/Y9|T5,Y1|W B3|V8 blue 0+ play *")
    err = rejects(s, uno.Play(0, "O8"), "card_not_in_hand")
    assert str(err) == (
        "O8 is the dark face of B2|O8, and the light side is in play (FL2.6): name it B2|O8 or B2"
    )


def test_fl2_4_a_wild_names_a_color_of_the_side_in_play() -> None:
    """FL2.4: a color of the other side is refused (bad_color), on both sides; a classic
    game refuses the dark colors the same way."""
    s = pos("W|P5,G7|O6/Y9|T5,Y1|W B3|V8 blue 0+ play *")
    err = rejects(s, uno.Play(0, "W|P5", "pink"), "bad_color")
    assert "name red, yellow, green, blue" in str(err)
    dark = pos("B6|TSE,Y1|W/B9|O5,B7|O3 B8|T4 teal 0+ play * side=dark")
    assert "name pink, teal, orange, purple" in str(
        rejects(dark, uno.Play(0, "W", "red"), "bad_color")
    )
    classic = uno.State.from_position("W,R1/G2,G3 R5 red 0+ play *")
    rejects(classic, uno.Play(0, "W", "purple"), "bad_color")
    listed = uno.legal_actions(dark, 0)
    colors = [a.color for a in listed if isinstance(a, uno.Play) and a.card is C("Y1|W")]
    assert colors == [c for c in Side.DARK.colors for _ in (False, True)]  # and with UNO


def test_fl2_4_matching_is_against_the_side_in_play() -> None:
    """FL2.4: on the dark side T4 is matched by teal or a 4 (by the dark face); the light
    face of a card never matches."""
    s = pos("G4|T9,BR|O4,Y3|V1,BS|T1/Y9|T5,Y1|W B8|T4 teal 0+ play * side=dark")
    plays = {str(a.card) for a in uno.legal_actions(s, 0) if isinstance(a, uno.Play)}
    assert plays == {"G4|T9", "BR|O4", "BS|T1"}  # T9, O4, T1; not V1 (its light face is Y3)
    rejects(s, uno.Play(0, "Y3|V1"), "card_does_not_match")


# -- FL2.5 the action cards -------------------------------------------------------------------


def test_fl2_5_draw_one_makes_the_next_player_draw_one_and_miss_the_turn() -> None:
    s = pos("R+1|P3,G1|O5/B2|O8,B3|V8/Y4|P+5,Y5|V9 R7|O1 red 0+ play R8|T7,*")
    t = run(s, uno.Play(0, "R+1"))
    assert faces(t, 1) == ["R8", "B2", "B3"] and t.current_player == 2


def test_fl2_5_draw_five_makes_the_next_player_draw_five_and_miss_the_turn() -> None:
    s = pos("R2|V+5,G1|O5/B2|O8,B3|V8/Y4|P+5,Y5|V9 R7|V5 purple 0+ play * side=dark")
    t = run(s, uno.Play(0, "V+5"))
    assert len(t.hands[1]) == 7 and t.current_player == 2


def test_fl2_5_skip_everyone_gives_the_same_player_another_turn() -> None:
    s = pos("B6|TSE,Y1|W/B9|O5,B7|O3/G1|O5,G2|T+5 B8|T4 teal 0+ play * side=dark")
    t = run(s, uno.Play(0, "TSE"))
    assert t.current_player == 0 and t.color is uno.Color.TEAL


def test_fl_a6_a_reverse_with_two_players_acts_as_a_skip() -> None:
    s = pos("GR|O1,Y1|W/B9|O5,B7|O3 G3|PF green 0+ play *")
    t = run(s, uno.Play(0, "GR"))
    assert t.current_player == 0 and t.direction == -1


def test_fl2_5_fl_a10_a_wild_draw_two_challenged_guilty_costs_its_player_two() -> None:
    """FL2.5, FL-A7, FL-A8, FL-A10: laid while holding the color in force (red), it is
    accepted; the challenge finds it: its player draws 2, the challenger plays on."""
    s = pos("W+2|O4,R1|P3,G1|O5/B2|O8,B3|V8 R7|O1 red 0+ play Y2|T1,Y2|T8,*")
    t = run(s, uno.Play(0, "W+2", "blue"))
    assert t.phase is uno.Phase.CHALLENGE and t.pending_draw == 2
    u = run(t, uno.Challenge(1))
    assert faces(u, 0) == ["R1", "Y2", "Y2", "G1"] and u.current_player == 1
    assert u.color is uno.Color.BLUE


def test_fl2_5_fl_a10_a_wild_draw_two_challenged_innocent_costs_the_challenger_four() -> None:
    s = pos("W+2|O4,G1|O5/B2|O8,B3|V8/Y9|T5 R7|O1 red 0+ play Y2|T1,Y2|T8,Y3|V1,Y3|P+5,*")
    t = run(s, uno.Play(0, "W+2", "blue"), uno.Challenge(1))
    assert len(t.hands[1]) == 6 and t.current_player == 2
    plain = run(s, uno.Play(0, "W+2", "blue"), uno.Draw(1))
    assert len(plain.hands[1]) == 4 and plain.current_player == 2


def test_fl2_5_fl_a9_wild_draw_color_draws_until_the_color_and_wilds_never_count() -> None:
    """FL2.5, FL-A9: the victim draws one card at a time until a card of the named color
    (kept); a wild face on the way does not stop it; the turn is lost."""
    s = pos(
        "G6|W+C,B2|O8/B3|V8,Y9|T5/G1|O5 R7|V5 purple 0+ play RS|W,Y6|W+C,R2|OR,B9|O5,* side=dark"
    )
    t = run(s, uno.Play(0, "W+C", "orange"), uno.Draw(1))
    assert faces(t, 1) == ["W", "T5", "OR", "V8", "W+C"]  # stopped at R2|OR; B9|O5 stays
    assert str(t.draw_pile[0]) == "B9|O5"
    assert t.current_player == 2 and t.color is uno.Color.ORANGE


def test_fl_a10_wild_draw_color_challenges() -> None:
    """FL-A10: guilty (it was laid holding purple): its player draws until the color;
    innocent: the challenger draws until the color, then 2 more."""
    guilty = pos("G6|W+C,B4|V1/B3|V8,Y9|T5/G1|O5 R7|V5 purple 0+ play R2|OR,B9|O5,* side=dark")
    t = run(guilty, uno.Play(0, "W+C", "orange"), uno.Challenge(1))
    assert faces(t, 0) == ["OR", "V1"] and t.current_player == 1
    innocent = pos(
        "G6|W+C,B4|T+5/B3|V8,Y9|T5/G1|O5 R7|V5 purple 0+ play R2|OR,B9|O5,Y2|T8,* side=dark"
    )
    u = run(innocent, uno.Play(0, "W+C", "orange"), uno.Challenge(1))
    assert sorted(faces(u, 1)) == sorted(["OR", "O5", "T8", "T5", "V8"])
    assert u.current_player == 2


# -- FL2.6 the Flip ---------------------------------------------------------------------------


def test_fl2_6_a_flip_turns_the_whole_table_over() -> None:
    """FL2.6 items 1-6, FL-A5: the discard pile turns over as one stack (the Flip at the
    bottom, the other face of the old bottom card on top), the draw pile reverses and
    turns, every hand turns; the color is the new top's; the next player plays."""
    s = pos("RF|P8,G1|O5/B2|O8,B3|V8/Y9|T5 R7|O1,R4|OF,R2|OR red 0+ play Y2|T1,Y2|T8,*")
    t = run(s, uno.Play(0, "RF"))
    assert t.side is Side.DARK
    assert [str(c) for c in t.discard_pile] == ["RF|P8", "R2|OR", "R4|OF", "R7|O1"]
    assert str(t.top_card.face) == "O1" and t.color is uno.Color.ORANGE
    assert t.draw_pile == tuple(c.other for c in reversed(s.draw_pile))
    assert [str(c.face) for c in t.draw_pile[-2:]] == ["T8", "T1"]
    assert faces(t, 0) == ["O5"] and faces(t, 1) == ["O8", "V8"] and faces(t, 2) == ["T5"]
    assert t.current_player == 1 and t.direction == 1


def test_fl_a4_an_action_face_a_flip_exposes_does_nothing() -> None:
    """FL-A4: the new top card is a Draw Five (from R2|V+5 at the bottom): nobody draws,
    the next player plays."""
    s = pos("RF|P8,G1|O5/B2|O8,B3|V8/Y9|T5 R2|V+5,R7|O1 red 0+ play *")
    t = run(s, uno.Play(0, "RF"))
    assert str(t.top_card.face) == "V+5" and t.current_player == 1
    assert [len(h) for h in t.hands] == [1, 2, 1]


def test_fl_a3_a_wild_a_flip_exposes_is_named_by_the_next_player() -> None:
    """FL-A3: the bottom card RS|W shows a Wild: the next player names a dark color, then
    plays."""
    s = pos("RF|P8,G1|O5/B2|O8,B3|V8/Y9|T5 RS|W,R7|O1 red 0+ play *")
    t = run(s, uno.Play(0, "RF"))
    assert t.phase is uno.Phase.CHOOSE_COLOR and t.current_player == 1 and t.color is None
    rejects(t, uno.ChooseColor(1, "red"), "bad_color")
    u = run(t, uno.ChooseColor(1, "teal"))
    assert u.phase is uno.Phase.PLAY and u.current_player == 1 and u.color is uno.Color.TEAL


def test_fl_a3_flipper_option_the_player_of_the_flip_names_it_and_the_next_plays() -> None:
    rules = FLIP.but(flip_exposed_wild_chooser=uno.FlipWildChooser.FLIPPER)
    s = pos("RF|P8,G1|O5/B2|O8,B3|V8/Y9|T5 RS|W,R7|O1 red 0+ play *", rules)
    t = run(s, uno.Play(0, "RF"))
    assert t.phase is uno.Phase.CHOOSE_COLOR and t.current_player == 0
    u = run(t, uno.ChooseColor(0, "pink"))
    assert u.current_player == 1 and u.color is uno.Color.PINK


def test_fl_a12_a_reshuffle_keeps_the_top_card_and_the_next_flip_exposes_its_other_face() -> None:
    """FL-A12: the draw pile runs out; the discard pile but its top card becomes the new
    draw pile (the side in play unchanged); the next Flip exposes the other face of the
    old top card, now the only card below."""
    s = pos("G1|O5,RF|P8/* R7|O1,R4|OF,R2|OR red 1+ play -")
    t = run(s, uno.Draw(1))
    if t.phase is uno.Phase.DRAWN:
        t = run(t, uno.Pass(1))
    assert [str(c) for c in t.discard_pile] == ["R2|OR"] and t.draw_pile_size == 1
    assert t.side is Side.LIGHT
    u = run(t, uno.Play(0, "RF"))
    assert str(u.top_card.face) == "OR" and u.color is uno.Color.ORANGE


# -- FL2.3 the first card, FL-A14 the cut ------------------------------------------------------


def _first(turned: list[str], rules: uno.Rules = FLIP) -> uno.State:
    deal = uno.Deal(
        dealer=2,
        hands=[["G1|O5"], ["B2|O8"], ["B3|V8"]],
        turned=turned,
    )
    return uno.new_game(3, rules.but(hand_size=1), deal=deal)


def test_fl2_3_a_draw_one_turned_first_makes_the_first_player_draw_and_miss_the_turn() -> None:
    s = _first(["R+1|P3"])
    assert [len(h) for h in s.hands] == [2, 1, 1] and s.current_player == 1


def test_fl2_3_a_wild_draw_two_turned_first_goes_back() -> None:
    s = _first(["W+2|O4", "R7|O1"])
    assert str(s.top_card) == "R7|O1" and C("W+2|O4") in s.draw_pile
    assert s.current_player == 0


def test_fl_a2_a_flip_turned_first_is_applied() -> None:
    """FL-A2 (a): the one-card pile shows its dark face, the round starts on the dark side
    with the player left of the dealer; an exposed wild is named by that player."""
    s = _first(["RF|P8"])
    assert s.side is Side.DARK and str(s.top_card.face) == "P8" and s.current_player == 0
    assert s.color is uno.Color.PINK and faces(s, 0) == ["O5"]
    w = _first(["GF|W+C"])
    assert w.side is Side.DARK and w.phase is uno.Phase.CHOOSE_COLOR and w.current_player == 0
    assert run(w, uno.ChooseColor(0, "teal")).current_player == 0
    ignored = _first(["RF|P8"], FLIP.but(flip_first_card=uno.FlipFirstCard.IGNORE))
    assert ignored.side is Side.LIGHT and ignored.color is uno.Color.RED
    assert ignored.current_player == 0


def test_fl_a2_redraw_a_flip_turned_first_goes_back() -> None:
    s = _first(["RF|P8", "R7|O1"], FLIP.but(flip_first_card=uno.FlipFirstCard.REDRAW))
    assert s.side is Side.LIGHT and str(s.top_card) == "R7|O1"


def test_fl_a14_the_cut_counts_light_faces_and_symbols_as_zero() -> None:
    assert uno.cut_for_dealer([C("RF|P8"), C("B2|O8"), C("W|P5"), C("Y1|W")]) == (1,)


# -- FL2.7 going out and scoring ----------------------------------------------------------------


def test_fl2_7_a_last_wild_draw_two_still_makes_the_next_player_draw_and_counts() -> None:
    s = pos("W+2|O4/B2|O8,B3|V8/Y9|T5 R7|O1 red 0+ play R1|P3,R5|P2,*")
    t = run(s, uno.Play(0, "W+2", "blue"))
    assert t.phase is uno.Phase.ROUND_OVER and faces(t, 1) == ["R1", "R5", "B2", "B3"]
    assert t.scores == (1 + 5 + 2 + 3 + 9, 0, 0)


def test_fl2_7_hands_are_scored_by_the_side_in_play_at_the_end() -> None:
    """FL2.7: on the dark side Y6|W+C scores 60, B6|TSE 30, Y1|W (a dark Wild) 40; the
    same hand on the light side 6 + 6 + 1."""
    dark = pos("G5|T4/Y6|W+C,B6|TSE/Y1|W G4|T9 teal 0+ play * side=dark")
    assert run(dark, uno.Play(0, "T4")).scores == (60 + 30 + 40, 0, 0)
    light = pos("B1|VSE/Y6|W+C,B6|TSE/Y1|W B8|T4 blue 0+ play *")
    assert run(light, uno.Play(0, "B1|VSE")).scores == (6 + 6 + 1, 0, 0)


def test_fl_a11_a_last_flip_turns_the_table_before_scoring() -> None:
    """FL-A11: going out on a Flip scores the hands by the side it turns to (resolve);
    under ``ignore`` by the side of the Flip played."""
    text = "RF|P8/Y6|W+C/Y1|W R7|O1 red 0+ play *"
    assert run(pos(text), uno.Play(0, "RF")).scores == (60 + 40, 0, 0)
    ignore = FLIP.but(flip_last_card=uno.FlipLastCard.IGNORE)
    assert run(pos(text, ignore), uno.Play(0, "RF")).scores == (6 + 1, 0, 0)


def test_fl2_7_the_target_is_500_and_the_cumulative_low_mode_is_an_option() -> None:
    assert FLIP.target == 500 and FLIP.scoring is uno.Scoring.WINNER_TAKES_ALL
    low = FLIP.but(scoring=uno.Scoring.CUMULATIVE_LOWEST)
    t = run(pos("G5|T4/Y6|W+C,B6|TSE/Y1|W G4|T9 teal 0+ play * side=dark", low), uno.Play(0, "T4"))
    assert t.scores == (0, 90, 40)


# -- FL2.1 house rules ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "why"),
    [
        ("stacking", uno.Stacking.SAME_TYPE, "no stacking"),
        ("skip_bounce", True, "bounces a Draw Two"),
        ("seven_o", True, "has no 0"),
        ("jump_in", True, "may differ on the other face"),
        ("multi_play", uno.MultiPlay.IDENTICAL, "undefined number of times"),
        ("wd4_bluff", uno.WildDrawFourBluff.TAKE_BACK, "challenged as the sheet says"),
        ("customizable_cards", 1, "has no such cards"),
    ],
)
def test_fl2_1_house_rules_that_make_no_sense_with_flip_are_refused(
    option: str, value: object, why: str
) -> None:
    with pytest.raises(uno.RulesError, match=why):
        FLIP.but(**{option: value})


def test_fl2_1_house_rules_that_make_sense_combine_with_flip() -> None:
    rules = FLIP.but(draw_until_playable=True, no_finish_on_action=True, teams=2, target=200)
    s = uno.new_game(4, rules, seed=3)
    assert s.rules.flip and len(s.hands[0]) == 7
    with pytest.raises(uno.RulesError, match="is a UNO Flip! option: it needs a Flip deck"):
        uno.MATTEL.but(flip_last_card=uno.FlipLastCard.IGNORE)


# -- FL-A13 what everyone sees -----------------------------------------------------------------


def test_fl_a13_a_view_shows_the_other_faces_of_other_hands_and_of_the_top_draw_card() -> None:
    s = pos("RF|P8,G1|O5/B2|O8,B3|V8/Y9|T5 R7|O1 red 0+ play Y2|T1,*")
    v = uno.observe(s, 0)
    assert v.side is Side.LIGHT
    assert [[str(c) for c in h] for h in v.other_faces] == [[], ["O8", "V8"], ["T5"]]
    assert str(v.draw_pile_other_face) == "T1"
    t = run(s, uno.Play(0, "RF"))  # now the light faces are the other faces
    w = uno.observe(t, 1)
    assert w.side is Side.DARK and [[str(c) for c in h] for h in w.other_faces] == [
        ["G1"],
        [],
        ["Y9"],
    ]
    assert uno.View.from_json(w.to_json()) == w and uno.View.from_json(v.to_json()) == v


def test_fl_a13_twin_states_that_differ_only_in_hidden_faces_give_equal_views() -> None:
    """FL-A13: B2|O8 and YF|O8 share their dark face; on the light side P0 sees only the
    dark face of P1's card, so a table where P1 holds one and a table where P1 holds the
    other look the same to P0 (and differ to P1)."""
    one = pos("RF|P8,G1|O5/B2|O8,B3|V8 R7|O1 red 0+ play *")
    two = pos("RF|P8,G1|O5/YF|O8,B3|V8 R7|O1 red 0+ play *")
    assert one != two
    assert uno.observe(one, 0) == uno.observe(two, 0)
    assert uno.observe(one, 1) != uno.observe(two, 1)


def test_fl_a13_sample_state_deals_hidden_cards_that_agree_with_the_other_faces() -> None:
    """FL-A13: each hidden card of another hand, and the draw pile's top card, is dealt an
    unseen card whose face not in play is the one the table sees; every card shows the
    side in play; the player cannot tell the sampled state from the real one."""
    real = pos("RF|P8,G1|O5/B2|O8,B3|V8 R7|O1 red 0+ play *")
    view = uno.observe(real, 0)
    for seed in range(20):
        guess = uno.sample_state(view, seed=seed)
        assert uno.observe(guess, 0) == view
        assert sorted(str(c.other.face) for c in guess.hands[1]) == ["O8", "V8"]  # type: ignore[union-attr]
        assert str(guess.draw_pile[0].other.face) == str(view.draw_pile_other_face)  # type: ignore[union-attr]
        assert all(c.up is Side.LIGHT for h in guess.hands for c in h)
    # O8 is behind B2 and YF: both may be dealt, as the view cannot tell them apart.
    behind_o8 = {
        str(c)
        for k in range(40)
        for c in uno.sample_state(view, seed=k).hands[1]
        if str(c.other.face) == "O8"  # type: ignore[union-attr]
    }
    assert behind_o8 == {"B2|O8", "YF|O8"}


@pytest.mark.parametrize("players", [2, 4, 10])
def test_fl_a13_sample_state_agrees_with_every_view_of_random_play(players: int) -> None:
    """FL-A13: ``observe(sample_state(v), p) == v`` for every seat's view of random play on
    both sides (the drawn phase of another player included: the card drawn may be laid)."""
    rng = random.Random(players)
    s = uno.new_game(players, FLIP, seed=players)
    checked = dark = 0
    for step in range(600):
        if s.is_over:
            s = uno.apply(s, uno.NextRound()) if s.phase is uno.Phase.ROUND_OVER else s
            if s.is_over:
                break
        for p in range(players):
            view = uno.observe(s, p)
            assert uno.observe(uno.sample_state(view, seed=step), p) == view
            checked += 1
        dark += s.side is Side.DARK
        legal = uno.legal_actions(s)
        s = uno.apply(s, legal[rng.randrange(len(legal))])
    assert checked > 600 and dark > 0


def test_fl_a13_sample_state_refuses_a_random_pairing() -> None:
    """FL-A1 with FL-A13: a random pairing is drawn from the real match's seed, which a
    view does not show: ``sample_state`` says so instead of dealing another deck."""
    view = uno.observe(uno.new_game(2, FLIP.but(flip_pairing="random"), seed=1), 0)
    with pytest.raises(NotImplementedError, match="flip_pairing='random'"):
        uno.sample_state(view, seed=1)


def test_fl_a13_the_monte_carlo_bot_plays_flip() -> None:
    """The Monte Carlo bot searches on sampled Flip states: it plays a whole round."""
    from unorules.agents import bots

    seats: list[bots.Bot] = [
        bots.MonteCarloBot(2, playouts=1, seed=0),
        bots.RandomBot(1),
        bots.RandomBot(2),
    ]
    start = uno.new_game(3, FLIP, seed=3)
    *_, (_, last) = bots.play(start, seats, rounds=1, max_actions=20_000)
    assert last.is_over
