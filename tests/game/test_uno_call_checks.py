"""Issue 11, item 4: ``apply`` accepted ``Play(p, c, uno=True)`` from a hand that keeps
two or more cards, which ``legal_actions`` never lists (SPEC §1: it lists every action
``apply`` accepts).

The decision (C8): ``uno=True`` is the call made with the play that leaves one card
(R10.1), so ``apply`` accepts it exactly when the cards laid leave one card in the hand,
or none as the player goes out (issue 28: moot there, so not listed apart), and refuses it
otherwise (``wrong_phase``, pointing to ``CallUno``), on both routes. A
call at any other time is :class:`~unorules.CallUno`, which is always listed; under
``false_uno_penalty`` that is how a false call is made. Whether the call was needed is
judged once the play has resolved (C7): a Seven-O swap, a rotation or a redeal may leave
the player another number of cards.
"""

from __future__ import annotations

import random

import attrs
import pytest
from conftest import hand, rejects, run

import unorules as uno
from unorules._engine.fast import fast_play
from unorules._engine.general import apply_general
from unorules.formats import transcript
from unorules.rules import MultiPlay

MATTEL = uno.MATTEL


def _refusal(laid: str, seat: int, left: str) -> str:
    return (
        f"uno=True says UNO with the play that leaves one card (R10.1, C8): laying {laid}"
        f" leaves player {seat} {left}; say UNO at another time with CallUno({seat})"
    )


def _general_error(state: uno.State, action: uno.Action) -> tuple[str, str]:
    with pytest.raises(uno.IllegalAction) as info:
        apply_general(state, action)
    return info.value.code.value, str(info.value)


def test_a_call_with_a_play_that_keeps_two_cards_is_refused_on_both_routes() -> None:
    s = uno.State.from_position("R3,G5,G6/Y1,Y2/G9/B9 *,R7 red 0+ play B1,B2,B3")
    assert s._calm  # the fast route would take this play
    early = uno.Play(0, "R3", uno=True)
    err = rejects(s, early, "wrong_phase")
    assert str(err) == _refusal("R3", 0, "2 cards")
    assert fast_play(s, early) is None  # handed to the general route, which refuses it
    assert _general_error(s, early) == ("wrong_phase", _refusal("R3", 0, "2 cards"))
    # The play without the call, and the call on its own, are both legal (C8: it does nothing).
    after = run(s, uno.Play(0, "R3"), uno.CallUno(0))
    assert hand(after, 0) == "G5 G6" and after.current_player == 1


def test_going_out_with_uno_said_is_legal() -> None:
    """Issue 28: a play that goes out may carry ``uno=True`` (it used to be refused as
    ``wrong_phase``): the call is moot once the hand is empty, so the play goes out exactly
    as it does without the flag, on both routes. ``legal_actions`` lists each outcome once,
    so it lists the play without the flag (as it lists a draw without ``drawn``)."""
    s = uno.State.from_position("R3/Y1,Y2/G9/B9 R7 red 0+ play *")
    said = uno.Play(0, "R3", uno=True)
    assert uno.is_legal(s, said)
    out = uno.apply(s, said)
    assert out.phase is uno.Phase.ROUND_OVER and out.round_winner == 0
    assert out == uno.apply(s, uno.Play(0, "R3")) == apply_general(s, said)
    assert uno.Play(0, "R3") in uno.legal_actions(s, 0)
    assert said not in uno.legal_actions(s, 0)


def test_going_out_with_uno_said_is_scored_like_going_out() -> None:
    """Issue 28, the peer's case: two players, the last card laid with the call; the
    transcript is valid, the round is over and scored (R13.1: Ann scores Bo's 3 + 7)."""
    doc = {
        "format": "unorules/1",
        "rules": {"profile": "mattel", "options": {"hand_size": 2}},
        "players": ["Ann", "Bo"],
        "rounds": [
            {
                "dealer": 1,
                "hands": [["R2", "R5"], ["B3", "G7"]],
                "turned": ["R7"],
                "actions": [
                    {"player": 0, "play": "R2", "uno": True},
                    {"player": 1, "draw": True, "drawn": ["Y9"]},
                    {"player": 0, "play": "R5", "uno": True},
                ],
            }
        ],
        "result": {"scores": [19, 0]},
    }
    report = transcript.validate(doc)
    assert report.valid, report.error
    assert report.final is not None and report.final.phase == "round_over"
    assert report.final.hand_sizes == (0, 3)
    assert report.scores == (19, 0)


def test_a_wild_shuffle_hands_laid_last_under_redeal_does_not_go_out_so_refuses_the_call() -> None:
    """A9 (iv): under ``redeal`` a Wild Shuffle Hands laid as the last card deals the hands
    again instead of going out, so the play leaves no card without going out and the call
    with it is still refused (say UNO with ``CallUno`` once the redeal has resolved)."""
    s = uno.State.from_position("WS/Y1,Y2 R5 red 0+ play *")
    err = rejects(s, uno.Play(0, "WS", "blue", uno=True), "wrong_phase")
    assert str(err) == _refusal("WS", 0, "no card")
    going = uno.State.from_position(
        "WS/Y1,Y2 R5 red 0+ play *",
        rules=MATTEL.but(shuffle_hands_last_card=uno.rules.ShuffleHandsLastCard.GO_OUT),
    )
    assert uno.apply(going, uno.Play(0, "WS", "blue", uno=True)).phase is uno.Phase.ROUND_OVER


def test_a_call_with_the_play_that_leaves_one_card_protects_on_both_routes() -> None:
    s = uno.State.from_position("R3,G5/Y1,Y2/G9/B9 *,R7 red 0+ play B1,B2,B3")
    call = uno.Play(0, "R3", uno=True)
    assert call in uno.legal_actions(s, 0)
    fast = fast_play(s, call)
    assert fast is not None and fast == apply_general(s, call) == uno.apply(s, call)
    assert fast.uno_exposed == () and hand(fast, 0) == "G5"


def test_the_card_just_drawn_is_called_by_the_hand_it_leaves() -> None:
    """R4.5: the card just drawn may be laid; the hand it leaves decides the call."""
    three = uno.State.from_position("R3,G5,B2/Y1,Y2/G9/B9 B7 blue 0+ drawn * drawn=B2")
    assert three.phase is uno.Phase.DRAWN
    err = rejects(three, uno.Play(0, "B2", uno=True), "wrong_phase")
    assert str(err) == _refusal("B2", 0, "2 cards")
    assert _general_error(three, uno.Play(0, "B2", uno=True))[1] == str(err)
    two = uno.State.from_position("G5,B2/Y1,Y2/G9/B9 B7 blue 0+ drawn * drawn=B2")
    call = uno.Play(0, "B2", uno=True)
    assert call in uno.legal_actions(two, 0)
    assert uno.apply(two, call).uno_exposed == ()


def test_a_multi_card_play_is_called_by_the_hand_it_leaves() -> None:
    rules = attrs.evolve(MATTEL, multi_play=MultiPlay.SAME_VALUE)
    s = uno.State.from_position("R5,G5,B1/Y1,Y2 R7 red 0+ play *", rules=rules)
    call = uno.Play(0, "R5", uno=True, also=["G5"])
    assert call in uno.legal_actions(s, 0)
    assert hand(uno.apply(s, call), 0) == "B1" and uno.apply(s, call).uno_exposed == ()
    four = uno.State.from_position("R5,G5,B1,B2/Y1,Y2 R7 red 0+ play *", rules=rules)
    err = rejects(four, uno.Play(0, "R5", uno=True, also=["G5"]), "wrong_phase")
    assert str(err) == _refusal("R5 G5", 0, "2 cards")


SEVEN_O = attrs.evolve(MATTEL, seven_o=True)


def test_a_seven_o_swap_into_one_card_is_called_with_call_uno() -> None:
    """C7, C8: a 7 laid from three cards leaves two, so ``uno=True`` is refused; the swap
    gives the player a one-card hand, so it owes a call once the play has resolved, and
    says it with CallUno."""
    s = uno.State.from_position("R7,G5,G6/Y1/B8,B9 R3 red 0+ play *", rules=SEVEN_O)
    err = rejects(s, uno.Play(0, "R7", uno=True, target=1), "wrong_phase")
    assert str(err) == _refusal("R7", 0, "2 cards")
    swapped = uno.apply(s, uno.Play(0, "R7", target=1))
    assert hand(swapped, 0) == "Y1" and swapped.uno_exposed == (0,)
    assert uno.CallUno(0) in uno.legal_actions(swapped, 0)
    assert uno.apply(swapped, uno.CallUno(0)).uno_exposed == ()


def test_a_seven_o_swap_out_of_one_card_makes_the_call_false() -> None:
    """C7, C16: a 7 laid as the next-to-last card may carry the call (it is listed); the
    swap then leaves the player two cards, so the call protects nothing, and under
    ``false_uno_penalty`` it is false and costs the penalty."""
    position = "R7,G5/Y1,Y2/B8,B9 *,R3 red 0+ play G1,G2"
    call = uno.Play(0, "R7", uno=True, target=1)
    s = uno.State.from_position(position, rules=SEVEN_O)
    assert call in uno.legal_actions(s, 0)
    assert hand(uno.apply(s, call), 0) == "Y1 Y2"
    costly = uno.State.from_position(position, rules=SEVEN_O.but(false_uno_penalty=2))
    assert call in uno.legal_actions(costly, 0)
    assert hand(uno.apply(costly, call), 0) == "Y1 Y2 G1 G2"
    assert hand(uno.apply(costly, uno.Play(0, "R7", target=1)), 0) == "Y1 Y2"


def test_a_seven_o_rotation_is_called_by_the_hand_the_zero_leaves() -> None:
    """C7, C8: a 0 laid from three cards leaves two, so ``uno=True`` is refused; the
    rotation hands the player a one-card hand, so it owes the call once the play has
    resolved."""
    s = uno.State.from_position("R0,G5,G6/Y1,Y2/B8 R3 red 0+ play *", rules=SEVEN_O)
    err = rejects(s, uno.Play(0, "R0", uno=True), "wrong_phase")
    assert str(err) == _refusal("R0", 0, "2 cards")
    rotated = uno.apply(s, uno.Play(0, "R0"))
    assert [hand(rotated, seat) for seat in range(3)] == ["B8", "G5 G6", "Y1 Y2"]
    assert rotated.uno_exposed == (0,)


def test_a_wild_shuffle_hands_is_called_by_the_hand_it_leaves() -> None:
    """R8.2, C7, C8: laid from three cards the call is refused; laid as the next-to-last
    card it may carry the call, which covers the one card the redeal then gives."""
    three = uno.State.from_position("WS,G5,G6/Y1,Y2 R5 red 0+ play *")
    err = rejects(three, uno.Play(0, "WS", "blue", uno=True), "wrong_phase")
    assert str(err) == _refusal("WS", 0, "2 cards")
    two = uno.State.from_position("WS,G5/Y1,Y2 R5 red 0+ play *")
    call = uno.Play(0, "WS", "blue", uno=True)
    assert call in uno.legal_actions(two, 0)
    called = uno.apply(two, call)
    assert [len(h) for h in called.hands] == [1, 2] and called.uno_exposed == ()
    forgot = uno.apply(two, uno.Play(0, "WS", "blue"))
    assert [len(h) for h in forgot.hands] == [1, 2] and forgot.uno_exposed == (0,)


MIXTURES = {
    "mattel": MATTEL,
    "swedish": uno.SWEDISH,
    "danish": uno.DANISH,
    "seven_o": SEVEN_O.but(hand_size=4),
    "multi_jump": MATTEL.but(multi_play=MultiPlay.SAME_VALUE, jump_in=True, hand_size=4),
    "false_call": SEVEN_O.but(false_uno_penalty=2, hand_size=3),
    "small_hands": MATTEL.but(hand_size=3, draw_until_playable=True),
}


@pytest.mark.parametrize("name", sorted(MIXTURES))
def test_legal_actions_lists_every_call_with_a_play_that_apply_accepts(name: str) -> None:
    """SPEC §1 for the call with a play: at every step of seeded games, each listed play
    with its ``uno`` flag flipped is accepted by ``apply`` exactly when it is listed too,
    on the fast and the general route alike; except the play that goes out, listed once
    per outcome: with the call said (moot there) it is accepted unlisted, and its outcome
    is exactly the listed play's (issue 28)."""
    rules = MIXTURES[name]
    checked = refused = 0
    for seed in range(3):
        pick = random.Random(seed)
        s = uno.new_game(3, rules, seed=seed)
        for _ in range(150):
            if s.phase is uno.Phase.GAME_OVER:
                break
            legal = uno.legal_actions(s)
            for a in legal:
                if not isinstance(a, uno.Play):
                    continue
                flipped = attrs.evolve(a, uno=not a.uno)
                listed = flipped in legal
                try:
                    uno.apply(s, flipped)
                    accepted = True
                except uno.IllegalAction as err:
                    accepted = False
                    assert err.code.value == "wrong_phase"
                    assert _general_error(s, flipped) == (err.code.value, str(err))
                    refused += 1
                if accepted and not listed and flipped.uno:
                    # Going out with the call said: the same outcome as the listed play.
                    outcome = uno.apply(s, a)
                    assert outcome.phase is uno.Phase.ROUND_OVER or outcome.is_over
                    assert uno.apply(s, flipped) == outcome == apply_general(s, flipped)
                else:
                    assert accepted is listed, (s.position(), flipped)
                checked += 1
            s = uno.apply(s, pick.choice(legal))
    assert checked > 500 and 0 < refused < checked  # both ways were tried
