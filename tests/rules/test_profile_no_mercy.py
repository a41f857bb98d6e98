"""The ``mattel-no-mercy`` profile: UNO Show 'Em No Mercy (OFFICIAL-GAMES.md §1). Each
test names the paragraph (§1.x item n) or the decision (NM-Ax) it holds, and asserts the
exact outcome: hands, piles, the current player, the stack."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import cards, hand, rejects, run

import unorules as uno
from unorules.rules import NO_MERCY_DECK, RulesError

NM = uno.get_profile("mattel-no-mercy")
C = uno.Card.parse


def game(
    *hands: str, turned: str = "R5", top: str = "", dealer: int | None = None, **options: object
) -> uno.State:
    """A No Mercy round dealt from these hands (all of one size, which becomes the
    ``hand_size``), ``turned`` as the cards turned up, and a draw pile whose order is
    fixed: ``top`` first, then the rest of the deck in card order. P0 plays first unless
    ``dealer`` says otherwise."""
    dealt = [cards(h) for h in hands]
    rules = NM.but(hand_size=len(dealt[0]), **options)
    used = Counter(c for h in dealt for c in h) + Counter(cards(turned)) + Counter(cards(top))
    rest = Counter(rules.deck()) - used
    assert not Counter(cards(top)) - Counter(rules.deck()) + used - Counter(rules.deck())
    pile = [*cards(top), *sorted(rest.elements(), key=lambda c: c.index)]
    deal = uno.Deal(len(hands) - 1 if dealer is None else dealer, dealt, cards(turned), pile)
    return uno.new_game(len(hands), rules, deal=deal)


def pile_top(state: uno.State, k: int) -> str:
    return " ".join(map(str, state.draw_pile[:k]))


def discards(state: uno.State) -> str:
    return " ".join(map(str, state.discard_pile))


# -- §1.2 the deck, the cards and their notation ----------------------------------------------


def test_nm_1_2_deck_is_the_168_cards_of_d_fw() -> None:
    """§1.2 (NM-A1): D-FW, 36 cards per color and 24 wilds, 168 in all; no plain Wild and
    no Wild Draw Four."""
    deck = Counter(NM.deck())
    assert len(NM.deck()) == NM.deck_size == 168
    assert deck[C("R0")] == deck[C("R9")] == 2
    assert (deck[C("B+2")], deck[C("B+4")], deck[C("BS")], deck[C("BSE")]) == (3, 2, 3, 2)
    assert (deck[C("BR")], deck[C("BDA")]) == (3, 3)
    assert (deck[C("WR+4")], deck[C("W+6")], deck[C("W+10")], deck[C("WCR")]) == (8, 4, 4, 8)
    assert deck[C("W")] == deck[C("W+4")] == deck[C("WS")] == deck[C("WC")] == 0
    assert NM.deck_counts is NO_MERCY_DECK


def test_nm_1_2_a_physical_count_corrects_the_deck_without_code() -> None:
    """§1.2, NM-A1: the deck is data; the [NM-EC] box list (two Draw Two per color) is a
    deck of 164."""
    counts = dict(NO_MERCY_DECK.to_json(), draw_two=2)
    box = NM.but(deck_counts=counts)
    assert box.deck_size == len(box.deck()) == 164
    restored = uno.rules.rules_from_options(uno.MATTEL, uno.rules.rules_to_options(box))
    assert restored == box


@pytest.mark.parametrize(
    ("short", "long", "json"),
    [
        ("R+4", "red draw four", "draw_four"),
        ("YSE", "yellow skip everyone", "skip_everyone"),
        ("GDA", "green discard all", "discard_all"),
        ("WR+4", "wild reverse draw four", "wild_reverse_draw_four"),
        ("W+6", "wild draw six", "wild_draw_six"),
        ("W+10", "wild draw ten", "wild_draw_ten"),
        ("WCR", "wild color roulette", "wild_color_roulette"),
    ],
)
def test_nm_notation_short_and_long_forms(short: str, long: str, json: str) -> None:
    """The No Mercy card notation: short and long forms, case-insensitive, and the rank's
    JSON name."""
    card = C(short)
    assert C(long) is card is C(short.lower())
    assert str(card) == short
    assert card.rank.value == json
    assert card.index >= 56  # the classic cards keep their indices


def test_nm_1_10_card_points() -> None:
    """§1.10: numbers face value, colored action cards 20, wild action cards 50."""
    assert [NM.card_points(C(c)) for c in ("R7", "R+4", "RSE", "RDA", "WR+4", "WCR")] == [
        7,
        20,
        20,
        20,
        50,
        50,
    ]


def test_nm_profile_is_registered_and_listed() -> None:
    """The profile ``mattel-no-mercy``: 2-6 players (§1.3 item 1, NM-A21)."""
    assert "mattel-no-mercy" in uno.PROFILES
    assert uno.new_game(6, "mattel-no-mercy", seed=1).players == 6
    with pytest.raises(ValueError, match="2 to 6 players, not 7"):
        uno.new_game(7, "mattel-no-mercy", seed=1)


# -- §1.3 the first card ------------------------------------------------------------------------


def test_nm_1_3_item_2_action_cards_turned_first_are_buried_until_a_number() -> None:
    """§1.3 item 2, NM-A18: every action card (wilds too) turned up first stays in the
    discard pile under the next one, until a number card is on top; it has no effect."""
    s = game("R1 G2", "B3 Y4", turned="W+6 RS GDA Y7")
    assert discards(s) == "W+6 RS GDA Y7"
    assert (s.top_card, s.color, s.current_player, s.direction) == (C("Y7"), uno.Color.YELLOW, 0, 1)
    assert [hand(s, 0), hand(s, 1)] == ["R1 G2", "Y4 B3"]


def test_nm_1_3_item_2_a_first_zero_or_seven_does_nothing() -> None:
    """§1.3 item 2: a first 0 passes nothing, a first 7 swaps nothing."""
    for first in ("B0", "B7"):
        s = game("R1 G2", "B3 Y4", "G5 G6", turned=first)
        assert [hand(s, seat) for seat in range(3)] == ["R1 G2", "Y4 B3", "G5 G6"]
        assert s.current_player == 0


def test_nm_1_3_a_seeded_deal_buries_too() -> None:
    """§1.3: a shuffled deal turns cards until a number; all stay in the discard pile."""
    s = uno.new_game(4, "mattel-no-mercy", seed=3)
    assert s.top_card.number is not None
    assert s.discard_pile == s.turned
    assert all(c.is_action for c in s.turned[:-1])
    assert s.draw_pile_size == 168 - 28 - len(s.turned)


# -- §1.4 the turn ------------------------------------------------------------------------------


def test_nm_1_4_draw_until_playable_then_the_card_must_be_played() -> None:
    """§1.4, NM-A13: with no playable card, draw one at a time until one can be played;
    it must be played: no Pass."""
    s = game("B1 B2", "G1 G2", turned="R5", top="G3 Y4 R9 B8")
    s = run(s, uno.Draw(0))
    assert hand(s, 0) == "R9 Y4 G3 B1 B2"
    assert (s.phase, s.drawn_card) == (uno.Phase.DRAWN, C("R9"))
    rejects(s, uno.Pass(0), "wrong_phase")
    assert [a for a in uno.legal_actions(s, 0) if not isinstance(a, uno.CallUno)] == [
        uno.Play(0, "R9")
    ]
    s = run(s, uno.Play(0, "R9"))
    assert (s.current_player, s.top_card) == (1, C("R9"))


def test_nm_a12_a_player_holding_a_playable_card_must_play() -> None:
    """§1.4, NM-A12: no drawing while holding a playable card."""
    s = game("R1 B2", "G1 G2")
    rejects(s, uno.Draw(0), "wrong_phase")
    assert uno.Draw(0) not in uno.legal_actions(s, 0)


def test_nm_a12_voluntary_draw_option() -> None:
    """NM-A12 (b): ``voluntary_draw=True`` lets a player with a playable card draw
    until playable instead."""
    s = game("R1 B2", "G1 G2", top="B4 Y9 R8", voluntary_draw=True)
    s = run(s, uno.Draw(0))
    assert (hand(s, 0), s.drawn_card) == ("R1 R8 Y9 B2 B4", C("R8"))


def test_nm_no_wild_draw_four_challenge() -> None:
    """§1.4: no challenge: a stack's target may answer or draw, nothing else."""
    s = run(game("R+2 R1", "G1 G2 ", "B1 B2"), uno.Play(0, "R+2"))
    assert s.phase is uno.Phase.PENALTY
    assert not any(isinstance(a, uno.Challenge) for a in uno.legal_actions(s))
    rejects(s, uno.Challenge(1), "wrong_phase")


# -- §1.5 the cards -----------------------------------------------------------------------------


def test_nm_1_5_skip_skips_the_next_player() -> None:
    """§1.5 Skip: next(p) loses the turn."""
    s = run(game("RS R1", "G1 G2", "B1 B2"), uno.Play(0, "RS"))
    assert s.current_player == 2


def test_nm_1_5_reverse_with_two_players_is_a_skip() -> None:
    """§1.5 Reverse: with two players it skips the other player."""
    s = run(game("RR R1", "G1 G2"), uno.Play(0, "RR"))
    assert (s.current_player, s.direction) == (0, -1)


def test_nm_1_5_reverse_with_three_players_turns_play() -> None:
    s = run(game("RR R1", "G1 G2", "B1 B2"), uno.Play(0, "RR"))
    assert (s.current_player, s.direction) == (2, -1)


def test_nm_1_5_skip_everyone_gives_its_player_a_whole_new_turn() -> None:
    """§1.5 Skip Everyone: every other player is skipped; p takes a new turn at once, a
    play if able, else draw until playable; the direction stays."""
    s = run(game("R1 B1 RSE", "G1 G2 G3", "B2 B3 B4"), uno.Play(0, "RSE"))
    assert (s.current_player, s.direction, s.phase) == (0, 1, uno.Phase.PLAY)
    assert uno.Play(0, "R1") in uno.legal_actions(s, 0)
    rejects(s, uno.Draw(0), "wrong_phase")  # R1 is playable: p must play (NM-A12)


def test_nm_1_5_discard_all_buries_every_card_of_its_color() -> None:
    """§1.5 Discard All items 1-5, NM-A20: every card of its color goes under it; wilds
    stay; nothing of theirs fires (a buried +2 starts no stack, a buried 7 swaps
    nothing); its color stays in force; the next player moves."""
    s = run(game("R7 R+2 B5 RDA W+6", "G1 G2 G3 G4 G5", "B1 B2 B3 B4 B6"), uno.Play(0, "RDA"))
    assert hand(s, 0) == "B5 W+6"
    assert discards(s) == "R5 R7 R+2 RDA"
    assert (s.top_card, s.color, s.phase, s.current_player) == (
        C("RDA"),
        uno.Color.RED,
        uno.Phase.PLAY,
        1,
    )
    assert s.pending_draw == 0
    assert [len(h) for h in s.hands] == [2, 5, 5]


def test_nm_1_5_discard_all_that_empties_the_hand_wins() -> None:
    """§1.5 Discard All item 4, R-last: a hand emptied by the Discard All wins at once."""
    s = run(game("R7 R+2 RDA", "G1 G2 G3", "B1 B2 B3"), uno.Play(0, "RDA"))
    assert (s.phase, s.round_winner) == (uno.Phase.ROUND_OVER, 0)
    assert s.round_points == (12, 0, 0)


def test_nm_1_9_discard_all_to_one_card_owes_uno() -> None:
    """§1.5 Discard All item 5, §1.9: left with one card, p must call UNO: with the play
    (listed as such), else it can be caught."""
    s = game("R7 R+2 B5 RDA", "G1 G2 G3 G4", "B1 B2 B3 B4")
    assert uno.Play(0, "RDA", uno=True) in uno.legal_actions(s, 0)
    t = run(s, uno.Play(0, "RDA"))
    assert t.uno_exposed == (0,)
    assert run(s, uno.Play(0, "RDA", uno=True)).uno_exposed == ()


def test_nm_1_5_wild_draw_six_opens_a_stack_against_the_next_player() -> None:
    """§1.5 Wild Draw 6, §1.6 item 2: p names a color; a stack of 6 faces next(p)."""
    s = run(game("W+6 R1", "G1 G2", "B1 B2"), uno.Play(0, "W+6", "blue"))
    assert (s.phase, s.current_player, s.pending_draw, s.color) == (
        uno.Phase.PENALTY,
        1,
        6,
        uno.Color.BLUE,
    )


def test_nm_1_6_item_4_taking_the_stack_draws_the_total_and_loses_the_turn() -> None:
    """§1.6 item 4: the target draws the total, loses the turn, and does not also draw
    until playable; item 7: the top card is still the last Draw card."""
    s = run(
        game("W+10 R1", "G1 G2", "B1 B2", top="Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G9 G8"),
        uno.Play(0, "W+10", "green"),
        uno.Draw(1),
    )
    assert hand(s, 1) == "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G1 G2 G9"
    assert (s.current_player, s.phase, s.pending_draw) == (2, uno.Phase.PLAY, 0)
    assert (s.top_card, s.color, pile_top(s, 1)) == (C("W+10"), uno.Color.GREEN, "G8")


def test_nm_a2_an_answer_is_compared_with_the_last_card_not_the_total() -> None:
    """§1.6 item 3, NM-A2: +4 then +6 (total 10): a +6 answers, though 6 < 10."""
    s = run(
        game("R+4 R1", "W+6 G2", "W+6 B2", "B3 B4"),
        uno.Play(0, "R+4"),
        uno.Play(1, "W+6", "yellow"),
    )
    assert (s.current_player, s.pending_draw) == (2, 10)
    s = run(s, uno.Play(2, "W+6", "blue"))
    assert (s.current_player, s.pending_draw, s.phase) == (3, 16, uno.Phase.PENALTY)


def test_nm_a3_a_stacked_card_need_not_match_color_or_symbol() -> None:
    """§1.6 item 3, NM-A3: a green +4 on a yellow +2."""
    s = game("Y+2 R1", "G+4 G2", "B1 B2", turned="Y5")
    s = run(s, uno.Play(0, "Y+2"), uno.Play(1, "G+4"))
    assert (s.current_player, s.pending_draw, s.color) == (2, 6, uno.Color.GREEN)


def test_nm_a3_stack_requires_match_option() -> None:
    """NM-A3: ``stack_requires_match=True``: the answer must match color or symbol."""
    s = game("Y+2 R1", "G+4 Y+4", "B1 B2", turned="Y5", stack_requires_match=True)
    s = run(s, uno.Play(0, "Y+2"))
    err = rejects(s, uno.Play(1, "G+4"), "card_does_not_match")
    assert "stack_requires_match" in str(err)
    assert run(s, uno.Play(1, "Y+4")).pending_draw == 6


def test_nm_1_6_item_3_an_answer_too_small_is_refused() -> None:
    """§1.6 item 3: +10 can only be answered by +10; a +4 on a +6 is too small."""
    s = run(game("W+6 R1 R2", "R+4 WR+4 G2", "B1 B2 B3"), uno.Play(0, "W+6", "red"))
    err = rejects(s, uno.Play(1, "R+4"), "card_does_not_match")
    assert "too small" in str(err) and "value 6" in str(err)
    rejects(s, uno.Play(1, "WR+4", "red"), "card_does_not_match")
    assert [a for a in uno.legal_actions(s, 1) if not isinstance(a, uno.CallUno)] == [uno.Draw(1)]


def test_nm_1_6_item_5_only_draw_cards_answer_a_stack() -> None:
    """§1.6 item 5, NM-A6, NM-A11: no Skip, Reverse, Skip Everyone, Discard All, number or
    Roulette on a pending stack."""
    s = game("R+2 R1 R2 R3 R4 R6", "RS RR RSE RDA R3 WCR", "B1 B2 B3 B4 B6 B8")
    s = run(s, uno.Play(0, "R+2"))
    for card in ("RS", "RR", "RSE", "RDA", "R3"):
        rejects(s, uno.Play(1, card), "wrong_phase")
    rejects(s, uno.Play(1, "WCR"), "wrong_phase")


def test_nm_a5_wild_reverse_draw_four_answers_a_draw_two() -> None:
    """NM-A5, NM-A7 (a): a WR+4 answers a +2; with 3+ players it reverses, and the stack
    goes back to the player who stacked on you."""
    s = run(game("R+2 R1", "WR+4 G2", "B1 B2"), uno.Play(0, "R+2"), uno.Play(1, "WR+4", "green"))
    assert (s.direction, s.current_player, s.pending_draw) == (-1, 0, 6)


def test_nm_1_5_wild_reverse_draw_four_targets_the_next_player_in_the_new_direction() -> None:
    """§1.5 Wild Reverse Draw 4: the direction reverses, then next(p) in the new
    direction faces 4."""
    s = run(game("WR+4 R1", "G1 G2", "B1 B2"), uno.Play(0, "WR+4", "yellow"))
    assert (s.direction, s.current_player, s.pending_draw, s.color) == (-1, 2, 4, uno.Color.YELLOW)


def test_nm_a8_two_player_wild_reverse_draw_four_targets_its_own_player() -> None:
    """§1.5, NM-A8 (a): with two players it makes its own player draw 4 unless they send
    it back by stacking."""
    s = run(game("WR+4 W+6 R1", "G1 G2 G3", top="Y1 Y2 Y3 Y4"), uno.Play(0, "WR+4", "red"))
    assert (s.current_player, s.pending_draw, s.phase) == (0, 4, uno.Phase.PENALTY)
    back = run(s, uno.Play(0, "W+6", "red"))
    assert (back.current_player, back.pending_draw) == (1, 10)
    took = run(s, uno.Draw(0))
    assert (hand(took, 0), took.current_player) == ("R1 Y1 Y2 Y3 Y4 W+6", 1)


def test_nm_a8_option_two_player_wild_reverse_draw_four_hits_the_opponent() -> None:
    """NM-A8 (b): ``reverse_draw_hits_self=False``."""
    s = run(game("WR+4 R1", "G1 G2", reverse_draw_hits_self=False), uno.Play(0, "WR+4", "red"))
    assert (s.current_player, s.pending_draw) == (1, 4)


def test_nm_a9_roulette_the_victim_names_the_color_and_digs() -> None:
    """§1.5 Wild Color Roulette, NM-A9 (a), NM-A10: p names no color; the victim names
    it, as their action; cards are turned one at a time until that color (wilds never end
    it); the victim keeps them all and loses the turn; the named color is in force."""
    s = game("WCR R1", "G1 G2", "B1 B2", top="W+6 R3 Y3 WCR B9 G4")
    rejects(s, uno.Play(0, "WCR", "red"), "bad_color")
    s = run(s, uno.Play(0, "WCR"))
    assert (s.phase, s.current_player, s.color) == (uno.Phase.ROULETTE, 1, None)
    err = rejects(s, uno.ChooseColor(2, "blue"), "not_your_turn")
    assert "victim, player 1" in str(err)
    rejects(s, uno.Draw(1), "wrong_phase")
    assert uno.legal_actions(s, 1)[:4] == tuple(
        uno.ChooseColor(1, c) for c in uno.Side.LIGHT.colors
    )
    s = run(s, uno.ChooseColor(1, "blue"))
    assert hand(s, 1) == "R3 Y3 G1 G2 B9 W+6 WCR"
    assert (s.color, s.current_player, s.phase, s.top_card) == (
        uno.Color.BLUE,
        2,
        uno.Phase.PLAY,
        C("WCR"),
    )


def test_nm_a9_roulette_chooser_player_option() -> None:
    """NM-A9 (b): ``roulette_chooser=player``: the player names it with the play."""
    player = uno.RouletteChooser.PLAYER
    s = game("WCR R1", "G1 G2", "B1 B2", top="R3 Y3", roulette_chooser=player)
    rejects(s, uno.Play(0, "WCR"), "bad_color")
    s = run(s, uno.Play(0, "WCR", "yellow"))
    assert (hand(s, 1), s.color, s.current_player) == ("R3 Y3 G1 G2", uno.Color.YELLOW, 2)


def test_nm_1_7_seven_swaps_with_a_chosen_player_mandatorily() -> None:
    """§1.7: a 7 swaps p's hand with a chosen active player; no 7 without a target."""
    s = game("R7 R1 R2", "G1 G2 G3", "B1 B2 B3")
    rejects(s, uno.Play(0, "R7"), "wrong_phase")
    s = run(s, uno.Play(0, "R7", target=2))
    assert [hand(s, seat) for seat in range(3)] == ["B1 B2 B3", "G1 G2 G3", "R1 R2"]
    assert s.current_player == 1


def test_nm_1_7_zero_passes_every_hand_in_the_direction() -> None:
    """§1.7: a 0 passes every hand one seat in the current direction."""
    s = run(game("R0 R1 R2", "G1 G2 G3", "B1 B2 B3", "Y1 Y2 Y3"), uno.Play(0, "R0"))
    assert [hand(s, seat) for seat in range(4)] == ["Y1 Y2 Y3", "R1 R2", "G1 G2 G3", "B1 B2 B3"]


def test_nm_r_last_a_final_card_wins_with_no_effect() -> None:
    """§1.5 R-last, NM-A17: a final Draw card makes nobody draw; a final 7 swaps nothing."""
    s = run(game("W+10", "G1", "B1"), uno.Play(0, "W+10", "red"))
    assert (s.phase, s.round_winner, [len(h) for h in s.hands]) == (
        uno.Phase.ROUND_OVER,
        0,
        [0, 1, 1],
    )
    assert s.round_points == (2, 0, 0)
    s = run(game("R7", "G1", "B1"), uno.Play(0, "R7"))
    assert [hand(s, seat) for seat in range(3)] == ["", "G1", "B1"]


def test_nm_a17_last_card_effect_option() -> None:
    """NM-A17: ``final_card_effect=True`` resolves it (the next player draws 10)."""
    s = run(game("W+10", "G1", "B1", final_card_effect=True), uno.Play(0, "W+10", "red"))
    assert [len(h) for h in s.hands] == [0, 11, 1]


# -- §1.8 the Mercy rule --------------------------------------------------------------------------


def padded(
    *hands: str, size: int = 10, turned: str = "R5", top: str = "", dealer: int | None = None
) -> uno.State:
    """:func:`game` with each hand padded to ``size`` cards with number cards (no 0 or 7)
    from the rest of the deck, in card order."""
    given = [list(cards(h)) for h in hands]
    free = Counter(NM.deck()) - Counter(c for h in given for c in h) - Counter(cards(turned))
    free -= Counter(cards(top))
    spare = [
        c for c in sorted(free.elements(), key=lambda c: c.index) if c.number not in (None, 0, 7)
    ]
    spare.reverse()
    for h in given:
        while len(h) < size:
            h.append(spare.pop())
    dealt = (" ".join(map(str, h)) for h in given)
    return game(*dealt, turned=turned, top=top, dealer=dealer)


def knockout(*hands: str, dealer: int | None = None) -> uno.State:
    """P0 lays a Wild Draw Ten on P1 (10 cards in hand), who takes it (20), and, when the
    turn comes back, a second one: P1 draws 5 more and is knocked out at 25. The other
    seats lay a blue card each in between."""
    s = padded("W+10 W+10", "", *hands, dealer=dealer)
    s = run(s, uno.Play(0, "W+10", "blue"), uno.Draw(1))
    assert len(s.hands[1]) == 20
    for seat in range(2, len(hands) + 2):
        blue = next(c for c in s.hands[seat] if c.color is uno.Color.BLUE and c.number)
        s = run(s, uno.Play(seat, blue))
    return run(s, uno.Play(0, "W+10", "blue"))


def test_nm_1_8_a_stack_that_reaches_25_knocks_out_and_stops() -> None:
    """§1.8 items 1, 2, 4, NM-A14, NM-A16: P1 holds 20 and takes a stack of 10: the 25th
    card knocks P1 out at once; the other 5 are not drawn; the hand is set aside; the
    stack is cleared and play passes to the next seat in play."""
    s = knockout("B1")
    assert (s.current_player, s.pending_draw) == (1, 10)
    pile = s.draw_pile
    s = run(s, uno.Draw(1))
    assert s.knocked_out == (1,)
    assert s.hands[1] == ()
    assert len(s.set_aside) == 25
    assert s.draw_pile == pile[5:]  # the other 5 are not drawn
    assert (s.current_player, s.phase, s.pending_draw) == (2, uno.Phase.PLAY, 0)
    err = rejects(s, uno.CallUno(1), "not_your_turn")
    assert "knocked out" in str(err)


def test_nm_1_8_a_draw_until_playable_that_reaches_25_knocks_out_and_passes_the_turn() -> None:
    """§1.8 items 1 and 4, NM-A14: the 25th card of a draw until playable knocks its
    drawer out at once, though a later card would have been playable; the turn passes."""
    ten = "Y1 Y1 Y3 Y3 Y4 Y4 Y5 Y5 Y6 Y6"
    own = "R3 R3 R4 R4 R5 R6 R6 R8 R8 R9"
    s = padded("W+10 B2", own, "B1", top=ten + " G1 G1 G3 G3 G4 B9")
    s = run(s, uno.Play(0, "W+10", "blue"), uno.Draw(1), uno.Play(2, "B1"), uno.Play(0, "B2"))
    assert (s.current_player, len(s.hands[1])) == (1, 20)
    s = run(s, uno.Draw(1))
    assert s.knocked_out == (1,)
    assert (s.current_player, s.phase, s.draw_pile[0]) == (2, uno.Phase.PLAY, C("B9"))
    assert Counter(s.set_aside) == Counter(cards(own + " " + ten + " G1 G1 G3 G3 G4"))


def test_nm_1_8_item_5_knocked_out_seats_are_skipped_and_no_seven_target() -> None:
    """§1.8 item 5, §1.7: a knocked-out seat takes no turn, is no 7's target, and is left
    out of a 0's pass."""
    s = run(knockout("B1 B7", "B2 B0"), uno.Draw(1))
    assert (s.knocked_out, s.current_player) == ((1,), 2)
    err = rejects(s, uno.Play(2, "B7", target=1), "wrong_phase")
    assert "knocked out" in str(err)
    assert not any(a.target == 1 for a in uno.legal_actions(s, 2) if isinstance(a, uno.Play))
    before = s.hands
    t = run(s, uno.Play(2, "B7", target=0))
    assert t.hands[0] == tuple(c for c in before[2] if c is not C("B7"))
    assert t.hands[2] == before[0]
    assert (len(t.hands[0]), len(t.hands[2]), t.current_player) == (8, 8, 3)
    swapped = t.hands
    u = run(t, uno.Play(3, "B0"))
    # Clockwise, each hand moves one seat on, skipping P1: P0 -> P2, P2 -> P3, P3 -> P0.
    rest3 = list(swapped[3])
    rest3.remove(C("B0"))
    assert (u.hands[0], u.hands[1], u.hands[2], u.hands[3]) == (
        tuple(rest3),
        (),
        swapped[0],
        swapped[2],
    )


def test_nm_1_8_item_3_the_set_aside_cards_join_the_next_rebuild() -> None:
    """§1.8 item 3, NM-A15: an empty draw pile is rebuilt from the discard pile but its
    top card, plus every set-aside card."""
    from unorules._engine import piles
    from unorules.state import draft

    s = run(knockout("B1"), uno.Draw(1))
    d = draft(s)
    d._pile_start = len(d._pile)  # the draw pile has run out
    below = Counter(s.discard_pile[:-1])
    got = piles.draw(d, 2, 1, None)
    assert d._ledger.set_aside == ()
    assert Counter(d._pile) == below + Counter(s.set_aside)
    assert got == d._pile[:1]


def test_nm_1_8_item_6_the_last_player_standing_wins_250_per_knockout() -> None:
    """§1.8 item 6, §1.10: with two players, a knockout leaves one: that player wins the
    round and scores 250 for it; the set-aside cards score nothing."""
    s = run(knockout(dealer=1), uno.Draw(1))
    assert (s.phase, s.round_winner, s.knocked_out) == (uno.Phase.ROUND_OVER, 0, (1,))
    assert s.round_points == (250, 0)
    assert s.scores == (250, 0)


def test_nm_a22_knocked_out_players_are_dealt_in_again() -> None:
    """NM-A22: everyone is dealt in for the next round; nothing stays set aside."""
    s = run(knockout(dealer=1), uno.Draw(1))
    s = run(s, uno.NextRound())
    assert s.knocked_out == () and s.set_aside == ()
    assert [len(h) for h in s.hands] == [10, 10]


def test_nm_1_8_the_state_json_keeps_knockouts_and_the_set_aside_pile() -> None:
    s = run(knockout("B1"), uno.Draw(1))
    data = s.to_dict()
    assert data["knocked_out"] == [1] and len(data["set_aside"]) == 25
    assert uno.State.from_json(s.to_json()) == s
    bad = dict(data, set_aside=data["set_aside"][1:])
    with pytest.raises(ValueError, match="missing"):
        uno.State.from_dict(bad)


# -- house rules that do not combine (refused with a reason) --------------------------------------


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"stacking": uno.Stacking.MIXED}, "stack by value"),
        ({"skip_bounce": True}, "only Draw cards answer a stack"),
        ({"jump_in": True}, "Jump-In"),
        ({"multi_play": uno.MultiPlay.SAME_VALUE}, "several cards at once"),
        ({"first_discard": uno.FirstDiscard.APPLY_EFFECTS}, "bury_until_number"),
        ({"teams": 2}, "team"),
        ({"scoring": uno.Scoring.ELIMINATION}, "winner_takes_all"),
    ],
)
def test_nm_house_rules_that_make_no_sense_are_refused_with_the_reason(
    change: dict[str, object], reason: str
) -> None:
    with pytest.raises(RulesError, match=reason):
        NM.but(**change)


def test_nm_house_rules_that_combine() -> None:
    """Seven-O is the profile's own rule; the UNO penalty, the false call and the stuck
    round limit combine."""
    rules = NM.but(false_uno_penalty=2, uno_penalty=4, round_turn_limit=500)
    assert uno.new_game(3, rules, seed=1).players == 3


def test_nm_by_value_stacking_is_refused_for_the_classic_deck() -> None:
    with pytest.raises(RulesError, match="without Wild Draw Four"):
        uno.MATTEL.but(stacking=uno.Stacking.BY_VALUE)


def test_nm_a19_a_colored_draw_four_on_a_wild_reverse_draw_four_matches_by_color_only() -> None:
    """NM-A19: outside a stack a Wild Reverse Draw Four is a wild: the next card matches
    the named color; a colored +4 is not the same symbol."""
    s = uno.State.from_position("R+4,Y+4,G1/B1,B2 R5,WR+4 red 0+ play *", rules=NM)
    assert uno.is_legal(s, uno.Play(0, "R+4"))
    rejects(s, uno.Play(0, "Y+4"), "card_does_not_match")


def test_nm_a4_stacking_is_optional() -> None:
    """§1.6 item 4, NM-A4: the target may take the stack though it holds an answer."""
    s = run(game("R+2 R1", "G+4 G2", "B1 B2", top="Y1 Y2"), uno.Play(0, "R+2"))
    assert uno.Play(1, "G+4") in uno.legal_actions(s, 1) and uno.Draw(1) in uno.legal_actions(s, 1)
    t = run(s, uno.Draw(1))
    assert (hand(t, 1), t.current_player) == ("Y1 Y2 G2 G+4", 2)


def test_nm_a10_a_roulette_dig_stops_at_the_25th_card() -> None:
    """NM-A10, §1.8 item 1: the cards turned join the hand one by one, so the Mercy rule
    ends the dig (the 25th card knocks the victim out, though green comes later)."""
    ten = "Y1 Y1 Y3 Y3 Y4 Y4 Y5 Y5 Y6 Y6"
    s = padded("W+10 WCR", "R3 R3 R4 R4 R5 R6 R6 R8 R8 R9", "B1", top=ten + " B3 B3 B4 B4 R2 G9")
    s = run(s, uno.Play(0, "W+10", "blue"), uno.Draw(1), uno.Play(2, "B1"), uno.Play(0, "WCR"))
    assert (s.phase, s.current_player) == (uno.Phase.ROULETTE, 1)
    s = run(s, uno.ChooseColor(1, "green"))
    assert s.knocked_out == (1,)
    assert (s.current_player, s.color, s.draw_pile[0]) == (2, uno.Color.GREEN, C("G9"))
