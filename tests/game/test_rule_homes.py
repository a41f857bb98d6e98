"""Rules the engine keeps in one function each, asked by every route: whether a player may
draw on a normal turn (``may_draw``, R4.4, R4.5, A7), whether a Seven-O play must name
the seat it swaps with (``needs_target``, A18); and what each rank does turned up first,
one table with an entry for every rank (``FIRST_CARD``, R3.5, A2, C5).

Each test names the rule it checks and asserts exact outcomes on both routes: the fast
route (``unorules.apply`` and ``unorules.legal_actions`` in a calm state) and the general
route (``apply_general`` and ``legal_general``), which must agree because they ask the
same function.
"""

from __future__ import annotations

import attrs
import pytest

import unorules as uno
from unorules._engine import draw_two, draws, flip, reverse, skip, wilds
from unorules._engine.gate import fast_route
from unorules._engine.general import apply_general
from unorules._engine.listing import legal_general
from unorules._engine.moves import may_draw
from unorules._engine.numbers import needs_target
from unorules._engine.setup import (
    _FIRST_EFFECTS,
    FIRST_CARD,
    FirstEffect,
    _buries_first,
    _every_rank,
    _returns_first,
    no_first_effect,
)
from unorules.cards import ALL_CARDS, NO_MERCY_CARDS, Rank
from unorules.rules import FastPath

CLASSIC_RANKS = tuple(dict.fromkeys(c.rank for c in ALL_CARDS))
NO_MERCY_RANKS = tuple(dict.fromkeys(c.rank for c in NO_MERCY_CARDS))
"""(UNO Flip!'s own ranks have their tests in tests/rules/test_flip.py.)"""
PROFILES = ("mattel", "mattel-108", "swedish", "danish")


def _refusal(state: uno.State, action: uno.Action) -> tuple[str, str]:
    """The code and message of the refusal of ``action``, the same on both routes."""
    with pytest.raises(uno.IllegalAction) as fast:
        uno.apply(state, action)
    with pytest.raises(uno.IllegalAction) as general:
        apply_general(state, action)
    assert (fast.value.code, str(fast.value)) == (general.value.code, str(general.value))
    return fast.value.code.value, str(fast.value)


# -- may_draw -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "with_a_card"),
    [("mattel", True), ("mattel-108", True), ("swedish", False), ("danish", False)],
)
def test_a7_may_draw_holding_a_card_to_lay_only_with_voluntary_draws(
    profile: str, with_a_card: bool
) -> None:
    """A7: the modern and older sheets let a player holding a playable card draw instead
    (R4.5); the Swedish and Danish sheets do not. With nothing to lay, every profile
    lets the player draw (R4.4)."""
    rules = uno.get_profile(profile)
    assert may_draw(rules, layable=True) is with_a_card
    assert may_draw(rules, layable=False) is True


def test_a7_the_fast_route_asks_may_draw_under_every_rules_that_may_refuse_a_draw() -> None:
    """A7: the fast route skips ``may_draw`` only where ``Match.limits_draws`` is off,
    that is with every option declared ``LIMITS_DRAWS`` at its default; there
    ``may_draw`` allows every draw, whatever the profile."""
    limiting = [
        f.name for f in attrs.fields(uno.Rules) if f.metadata["fast"] is FastPath.LIMITS_DRAWS
    ]
    assert limiting == ["voluntary_draw"]
    for profile in PROFILES:
        for value in (False, True):
            rules = uno.get_profile(profile).but(voluntary_draw=value)
            if not fast_route(rules).limits_draws:
                assert value is True
                assert may_draw(rules, layable=True) and may_draw(rules, layable=False)


def test_a7_swedish_draw_holding_a_card_to_lay_is_refused_and_unlisted_on_both_routes() -> None:
    """A7 (E24): under the Swedish sheet, P1 holding R3 on R5 may not draw: neither
    listing offers the draw and both routes refuse it with the same message."""
    s = uno.State.from_position("G1/R3,B8/G2/G3 R5 red 1+ play *", rules=uno.get_profile("swedish"))
    assert s._calm
    assert uno.legal_actions(s, 1) == legal_general(s, 1)
    assert uno.Draw(1) not in uno.legal_actions(s, 1)
    assert uno.legal_actions(s) == legal_general(s, None)
    assert _refusal(s, uno.Draw(1)) == (
        "wrong_phase",
        "player 1 can play (R3) and these rules allow drawing only when unable to (A7)",
    )


@pytest.mark.parametrize("profile", ["swedish", "mattel"])
def test_r4_4_draw_with_nothing_to_lay_is_listed_and_taken_on_both_routes(profile: str) -> None:
    """R4.4: P1 with nothing to lay on R5 (Y3, B8) draws, under every profile: both
    listings offer the draw, and both routes give the same state (G7 drawn, kept: it
    does not match, so the turn passes to P2)."""
    s = uno.State.from_position(
        "G1/Y3,B8/G2/G3 *,R5 red 1+ play G7,R1 dealer=0", rules=uno.get_profile(profile)
    )
    assert s._calm
    assert uno.legal_actions(s, 1) == legal_general(s, 1) == (uno.Draw(1), uno.CallUno(1))
    fast = uno.apply(s, uno.Draw(1))
    assert fast == apply_general(s, uno.Draw(1))
    assert [str(c) for c in fast.hands[1]] == ["Y3", "G7", "B8"]
    assert fast.current_player == 2


def test_r4_5_mattel_draw_holding_a_card_to_lay_is_listed_and_taken_on_both_routes() -> None:
    """R4.5: under the modern sheet P1 holding R3 on R5 may draw instead of laying it;
    both listings offer the draw after its plays, and both routes give the same state."""
    s = uno.State.from_position("G1/R3,B8/G2/G3 *,R5 red 1+ play G7,R1 dealer=0")
    assert uno.legal_actions(s, 1) == legal_general(s, 1)
    assert uno.legal_actions(s, 1) == (
        uno.Play(1, "R3"),
        uno.Play(1, "R3", uno=True),
        uno.Draw(1),
        uno.CallUno(1),
    )
    fast = uno.apply(s, uno.Draw(1))
    assert fast == apply_general(s, uno.Draw(1))
    assert [str(c) for c in fast.hands[1]] == ["R3", "G7", "B8"]
    assert fast.current_player == 2


# -- needs_target -------------------------------------------------------------------------

SEVEN_O = uno.MATTEL.but(seven_o=True)


@pytest.mark.parametrize(
    ("card", "left", "expected"),
    [("R7", 1, True), ("R7", 5, True), ("R7", 0, False), ("R0", 3, False), ("W", 3, False)],
)
def test_a18_seven_o_a_seven_that_does_not_go_out_needs_a_target(
    card: str, left: int, expected: bool
) -> None:
    """A18 (Seven-O): a 7 that leaves cards swaps hands with a chosen seat, so it names
    one; a 7 that goes out swaps nothing; no other card names a target; without Seven-O
    nothing does."""
    assert needs_target(SEVEN_O, uno.Card.parse(card), left) is expected
    assert needs_target(uno.MATTEL, uno.Card.parse(card), left) is False


def test_a18_the_fast_route_asks_needs_target_under_every_rules_that_give_targets() -> None:
    """A18: the fast route asks ``needs_target`` only where ``Match.compound`` is on (an
    option declared ``SHAPES_PLAYS`` is set); everywhere else no card needs a target."""
    for profile in PROFILES:
        for seven_o in (False, True):
            rules = uno.get_profile(profile).but(seven_o=seven_o)
            if not fast_route(rules).compound:
                assert not seven_o
                assert not any(
                    needs_target(rules, c, left) for c in ALL_CARDS for left in (0, 1, 6)
                )


def test_a18_seven_o_both_listings_name_each_other_seat_for_a_seven() -> None:
    """A18 (E82): with Seven-O, P0 holding R7 on R3 at a table of three lists R7 once
    for each other seat, on both listings; a 7 laid as the last card is listed without
    a target (E84)."""
    s = uno.State.from_position("R7,G1/B2,B3/Y4,Y5 R3 red 0+ play *", rules=SEVEN_O)
    assert s._calm
    assert uno.legal_actions(s, 0) == legal_general(s, 0)
    plays = [a for a in uno.legal_actions(s, 0) if isinstance(a, uno.Play)]
    assert plays == [
        uno.Play(0, "R7", target=1),
        uno.Play(0, "R7", uno=True, target=1),
        uno.Play(0, "R7", target=2),
        uno.Play(0, "R7", uno=True, target=2),
    ]
    last = uno.State.from_position("R7/B2,B3/Y4,Y5 R3 red 0+ play *", rules=SEVEN_O)
    assert uno.legal_actions(last, 0) == legal_general(last, 0)
    assert [a for a in uno.legal_actions(last, 0) if isinstance(a, uno.Play)] == [uno.Play(0, "R7")]


def test_a18_seven_o_multi_play_of_sevens_that_leaves_cards_names_a_target() -> None:
    """A18: with Seven-O and several cards at once, R7 and G7 laid together that leave a
    card still swap, so both listings list them once per other seat; laid as the last
    two cards they go out without a target."""
    rules = SEVEN_O.but(multi_play=uno.MultiPlay.SAME_VALUE)
    s = uno.State.from_position("R7,G7,B1/B2,B3/Y4,Y5 R3 red 0+ play *", rules=rules)
    assert uno.legal_actions(s, 0) == legal_general(s, 0)
    both = [a for a in uno.legal_actions(s, 0) if isinstance(a, uno.Play) and a.also]
    assert both == [
        uno.Play(0, "R7", also=["G7"], target=1),
        uno.Play(0, "R7", uno=True, also=["G7"], target=1),
        uno.Play(0, "R7", also=["G7"], target=2),
        uno.Play(0, "R7", uno=True, also=["G7"], target=2),
    ]
    out = uno.State.from_position("R7,G7/B2,B3/Y4,Y5 R3 red 0+ play *", rules=rules)
    assert [a for a in uno.legal_actions(out, 0) if isinstance(a, uno.Play) and a.also] == [
        uno.Play(0, "R7", also=["G7"])
    ]


def test_a18_seven_o_a_seven_without_a_target_is_refused_on_both_routes() -> None:
    """A18 (E82): P0's R7 that leaves a card must name another seat still in play: both
    routes refuse it without one, or naming P0 itself, with the same message; with a
    target both give the same state, the hands swapped."""
    s = uno.State.from_position("R7,G1/B2,B3/Y4,Y5 R3 red 0+ play *", rules=SEVEN_O)
    assert _refusal(s, uno.Play(0, "R7", uno=True)) == (
        "wrong_phase",
        "a 7 swaps hands (Seven-O): name another seat still in play as target, not None",
    )
    assert _refusal(s, uno.Play(0, "R7", uno=True, target=0)) == (
        "wrong_phase",
        "a 7 swaps hands (Seven-O): name another seat still in play as target, not 0",
    )
    play = uno.Play(0, "R7", uno=True, target=2)
    after = uno.apply(s, play)
    assert after == apply_general(s, play)
    assert [" ".join(map(str, h)) for h in after.hands] == ["Y4 Y5", "B2 B3", "G1"]


def test_a18_seven_o_a_last_seven_names_no_target_on_both_routes() -> None:
    """A18 (E84): a 7 laid as the last card swaps nothing: both routes refuse a target
    for it with the same message, and both let it go out without one."""
    s = uno.State.from_position("R7/B2,B3/Y4,Y5 R3 red 0+ play *", rules=SEVEN_O)
    assert _refusal(s, uno.Play(0, "R7", target=2)) == (
        "wrong_phase",
        "target is only for a Seven-O 7 that swaps hands: P0 plays R7 swapping with P2",
    )
    after = uno.apply(s, uno.Play(0, "R7"))
    assert after == apply_general(s, uno.Play(0, "R7"))
    assert after.phase is uno.Phase.ROUND_OVER
    assert after.round_winner == 0


# -- the first card ---------------------------------------------------------------------


def test_r3_5_every_rank_has_its_first_card_entry() -> None:
    """R3.5: every rank has an entry in the first-card table: the number cards an explicit
    "no first-card effect", each symbol and wild its room's ``first_card``."""
    for rank in Rank:
        assert rank in FIRST_CARD, rank
    expected = {
        **{rank: no_first_effect for rank in Rank if rank.number is not None},
        Rank.SKIP: skip.first_card,
        Rank.REVERSE: reverse.first_card,
        Rank.DRAW_TWO: draw_two.first_card,
        Rank.WILD: wilds.first_card,
        Rank.WILD_DRAW_FOUR: wilds.first_card,
        Rank.WILD_SHUFFLE_HANDS: wilds.first_card,
        Rank.WILD_CUSTOMIZABLE: wilds.first_card,
        # No Mercy's cards: never kept first (their deck buries every action card, NM-A18)
        **{rank: no_first_effect for rank in NO_MERCY_RANKS},
        Rank.DRAW_ONE: draws.first_card,
        Rank.FLIP: flip.first_card,
        Rank.WILD_DRAW_TWO: wilds.first_card,
        Rank.DRAW_FIVE: no_first_effect,
        Rank.WILD_DRAW_COLOR: no_first_effect,
    }
    assert dict(FIRST_CARD) == expected


def test_r3_5_a_rank_missing_from_the_first_card_table_is_an_error() -> None:
    """R3.5: the table is checked as it is built (at import): a rank without an entry,
    such as a new card family nobody gave a first-card effect, is an error naming it."""
    without_skip: dict[Rank, FirstEffect] = {
        rank: effect for rank, effect in FIRST_CARD.items() if rank is not Rank.SKIP
    }
    with pytest.raises(LookupError) as info:
        _every_rank(without_skip)
    assert str(info.value) == (
        "no first-card entry (R3.5) for SKIP: give each rank its room's first_card effect"
        " in FIRST_CARD, or no_first_effect"
    )


_TURNED_FIRST = {
    # rank: (current player, phase, direction, hand sizes) after dealing one card each to
    # three seats, dealer 0, with a card of that rank turned up first (R3.5, E06-E16)
    **{rank: (1, "play", 1, [1, 1, 1]) for rank in Rank if rank.number is not None},
    Rank.SKIP: (2, "play", 1, [1, 1, 1]),
    Rank.REVERSE: (0, "play", -1, [1, 1, 1]),
    Rank.DRAW_TWO: (2, "play", 1, [1, 3, 1]),
    Rank.WILD: (1, "choose_color", 1, [1, 1, 1]),
    Rank.WILD_SHUFFLE_HANDS: (1, "choose_color", 1, [1, 1, 1]),
    Rank.WILD_CUSTOMIZABLE: (1, "choose_color", 1, [1, 1, 1]),
}


def _turned_first(profile: str, card: uno.Card) -> tuple[object, ...]:
    rules = uno.get_profile(profile).but(hand_size=1)
    deal = uno.Deal(dealer=0, hands=[["R1"], ["B1"], ["G1"]], turned=[card])
    s = uno.new_game(3, rules, deal=deal)
    return (s.current_player, s.phase.value, s.direction, [len(h) for h in s.hands])


@pytest.mark.parametrize("rank", [r for r in CLASSIC_RANKS if r is not Rank.WILD_DRAW_FOUR])
def test_r3_5_a2_each_rank_turned_up_first_under_apply_effects(rank: Rank) -> None:
    """R3.5, A2 (modern sheet, apply_effects): a number card does nothing; a Skip skips
    the dealer's left (E08); a Reverse makes the dealer start, play reversed (E16); a
    Draw Two makes the dealer's left draw two and lose the turn (E06); a wild asks the
    dealer's left for the color, and a Shuffle Hands or Customizable does nothing more.
    (A Wild Draw Four is never kept: it goes back, E10.)"""
    card = next(c for c in ALL_CARDS if c.rank is rank)
    assert _turned_first("mattel", card) == _TURNED_FIRST[rank]


@pytest.mark.parametrize("rank", [r for r in CLASSIC_RANKS if not r.is_wild])
def test_c5_each_colored_rank_turned_up_first_under_no_effects_does_nothing(rank: Rank) -> None:
    """C5, A2 (Swedish sheet, no_effects): a colored card turned up first has no effect,
    whatever its rank (E13, E14); the dealer's left starts, matching it."""
    card = next(c for c in ALL_CARDS if c.rank is rank)
    assert _turned_first("swedish", card) == (1, "play", 1, [1, 1, 1])


def test_c5_a_wild_is_kept_first_only_where_first_cards_have_effects() -> None:
    """C5, A2: a wild turned up first goes back into the pile under every first_discard
    that gives first cards no effect, so the table's wild entry (ask for the color) is
    reached only where effects apply; it goes back under reshuffle_wilds_only too."""
    for how in uno.FirstDiscard:
        rules = uno.MATTEL.but(first_discard=how)
        if how is uno.FirstDiscard.BURY_UNTIL_NUMBER:  # No Mercy: buried, never kept first
            assert all(_buries_first(rules, uno.Card(r, None)) for r in Rank if r.is_wild)
            assert (how in _FIRST_EFFECTS) is False
            continue
        kept = [
            r for r in CLASSIC_RANKS if r.is_wild and not _returns_first(rules, uno.Card(r, None))
        ]
        if how is uno.FirstDiscard.APPLY_EFFECTS:
            assert kept == [Rank.WILD, Rank.WILD_SHUFFLE_HANDS, Rank.WILD_CUSTOMIZABLE]
        else:
            assert kept == [], how
        assert (how in _FIRST_EFFECTS) is (
            how in (uno.FirstDiscard.APPLY_EFFECTS, uno.FirstDiscard.RESHUFFLE_WILDS_ONLY)
        )
