"""The action tokens of No Mercy and UNO Flip! (issue 26: "the token codec"): every legal
action of both profiles round-trips through its tokens and the masks lead exactly to the
legal set; a UNO Flip! card is named by its face in play, then its other face; the
classic tokens keep their numbers."""

from __future__ import annotations

import copy
import random

import pytest
from conftest import cards

import unorules as uno
from unorules.agents import encoding as enc
from unorules.agents.arena import Arena
from unorules.cards import LIGHT_COLORS

NM = uno.get_profile("mattel-no-mercy")
FLIP = uno.MATTEL_FLIP
C = uno.Card.parse


def _reachable(builder: enc.ActionBuilder) -> list[uno.Action]:
    out: list[uno.Action] = []
    for token in builder.tokens():
        b = copy.copy(builder)
        done = b.push(token)
        if done is None:
            out.extend(_reachable(b))
        else:
            out.append(done)
    return out


def _check_state(state: uno.State) -> int:
    n = state.players
    side = state.side
    by_seat: dict[int, list[uno.Action]] = {}
    for action in uno.legal_actions(state):
        if isinstance(action, uno.NextRound):
            continue
        by_seat.setdefault(action.player, []).append(action)
        tokens = enc.encode(action, n, side)
        assert enc.decode(tokens, action.player, n) == action, (action, tokens)
        assert all(0 <= t < enc.N_TOKENS_ALL for t in tokens)
    for seat, actions in by_seat.items():
        reached = _reachable(enc.ActionBuilder(actions, n, side=side))
        assert sorted(map(repr, reached)) == sorted(map(repr, actions)), seat
        assert len(reached) == len(set(reached))
    return sum(map(len, by_seat.values()))


@pytest.mark.parametrize("players", [2, 4, 6, 10])
@pytest.mark.parametrize("profile", ["mattel-no-mercy", "mattel-flip"])
def test_every_legal_action_of_no_mercy_and_flip_round_trips(profile: str, players: int) -> None:
    if profile == "mattel-no-mercy" and players > 6:
        players = 6  # No Mercy is for 2 to 6 players
    rng = random.Random(f"{profile}/{players}")
    checked = 0
    kinds: set[str] = set()
    for _game in range(3):
        state = uno.new_game(players, profile, seed=rng.randrange(10**9))
        for _ in range(400):
            if state.is_over:
                break
            checked += _check_state(state)
            legal = uno.legal_actions(state)
            kinds.update(type(a).__name__ + ":" + state.phase.value for a in legal)
            turn = [a for a in legal if getattr(a, "player", None) == state.current_player]
            pool = turn if turn and rng.random() < 0.9 else legal
            state = uno.apply(state, rng.choice(pool))
    assert checked > 500
    assert "Play:play" in kinds and "Draw:play" in kinds


def test_no_mercy_cards_have_tokens_of_their_own_after_the_classic_ones() -> None:
    # NM1.2's cards: each color's Draw Four, Skip Everyone, Discard All; the wilds.
    assert enc.encode(uno.Play(0, "R+4"), 2) == (149,)
    assert enc.encode(uno.Play(0, "BDA"), 2) == (160,)
    assert enc.encode(uno.Play(0, "WR+4", "green"), 2) == (223,)
    assert enc.encode(uno.Play(0, "W+10", "blue", uno=True), 2) == (232, enc.UNO)
    # The Wild Color Roulette names no color: its victim does (NM1.5), with a color token.
    assert enc.encode(uno.Play(0, "WCR"), 2) == (233,)
    assert enc.encode(uno.ChooseColor(1, "yellow"), 2) == (enc.color_token(uno.Color.YELLOW),)
    # A 7 swaps with a chosen player (NM1.7): the classic target tokens.
    assert enc.encode(uno.Play(3, "R7", target=1), 4) == (8, enc.target_token(2))
    assert enc.decode((8, enc.target_token(2)), 3, 4) == uno.Play(3, "R7", target=1)
    assert [enc.describe(t) for t in (149, 160, 223, 233)] == [
        "play R+4",
        "play BDA",
        "play WR+4 green",
        "play WCR",
    ]


def test_the_roulette_victims_color_choice_is_its_own_token() -> None:
    """NM1.5: the victim of a Wild Color Roulette names the color; the arena offers it the
    four color tokens, and the token applies its choice."""
    rules = NM.but(hand_size=2)
    deal = uno.Deal(1, [cards("WCR R1"), cards("B1 B2")], cards("R5"))
    state = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "WCR", uno=True))
    assert state.phase is uno.Phase.ROULETTE
    arena = Arena(2, rules)
    arena.start(state)
    assert arena.actor == 1
    assert arena.tokens() == tuple(enc.color_token(c) for c in LIGHT_COLORS)
    assert arena.step(enc.color_token(uno.Color.GREEN)) == uno.ChooseColor(1, "green")


def test_a_flip_card_is_named_by_its_face_in_play_then_its_other_face() -> None:
    light = enc.encode(uno.Play(0, "B2|O8"), 2, uno.Side.LIGHT)
    dark = enc.encode(uno.Play(0, "B2|O8"), 2, uno.Side.DARK)
    assert light == (enc.play_token(C("B2")), enc.back_token(C("O8")))
    assert light[0] == 42  # B2's classic token: the classic faces keep their numbers
    assert dark == (enc.play_token(C("O8")), enc.back_token(C("B2")))
    assert enc.decode(light, 0, 2) == enc.decode(dark, 0, 2) == uno.Play(0, "B2|O8")
    # A wild face names a color of its side: the light W red, the dark W pink.
    assert enc.encode(uno.Play(0, "W|P5", "red"), 2, uno.Side.LIGHT)[0] == 53
    assert enc.decode(enc.encode(uno.Play(0, "Y1|W", "pink"), 2, uno.Side.DARK), 0, 2) == (
        uno.Play(0, "Y1|W", "pink")
    )
    assert enc.encode(uno.ChooseColor(0, "purple"), 2) == (356,)


def test_two_cards_showing_the_same_face_are_told_apart_by_the_other_face() -> None:
    """FL2.2: two cards with the same face in play may differ on the other face; which
    one is laid is a choice, and the mask after the face offers both other faces."""
    rules = FLIP.but(hand_size=3)
    deal = uno.Deal(1, [cards("G5|T4 G5|O7 YS|TF"), cards("G1|OF G1|O5 Y4|VF")], cards("G2|TSE"))
    state = uno.new_game(2, rules, deal=deal)
    assert state.side is uno.Side.LIGHT
    b = enc.ActionBuilder(uno.legal_actions(state, 0), 2, side=state.side)
    assert b.push(enc.play_token(C("G5"))) is None
    assert b.tokens() == tuple(sorted((enc.back_token(C("T4")), enc.back_token(C("O7")))))
    assert b.push(enc.back_token(C("O7"))) == uno.Play(0, "G5|O7")


def test_a_flip_card_without_the_side_and_impossible_tokens_are_refused() -> None:
    with pytest.raises(ValueError, match=r"lays a UNO Flip! card, named by its face in play"):
        enc.encode(uno.Play(0, "B2|O8"), 2)
    with pytest.raises(ValueError, match="W\\+6 is not laid naming pink"):
        enc.play_token(C("W+6"), uno.Color.PINK)
    with pytest.raises(ValueError, match="WCR is laid naming no color: its victim names it"):
        enc.play_token(C("WCR"), uno.Color.RED)
    with pytest.raises(ValueError, match="R0 is no face of a UNO Flip! card"):
        enc.back_token(C("R0"))
    with pytest.raises(ValueError, match="never a further card of a multi-card play"):
        enc.also_token(C("RSE"))
    # A light face then a light back: no such card.
    with pytest.raises(ValueError, match=r"token 1 \(back R1\) cannot follow play B2"):
        enc.decode([enc.play_token(C("B2")), enc.back_token(C("R1"))], 0, 2)


def test_the_classic_actions_keep_their_tokens() -> None:
    assert enc.encode(uno.Play(0, "R0"), 2) == (1,)
    assert enc.encode(uno.Play(0, "W+4", "green"), 2) == (59,)
    assert enc.encode(uno.ChooseColor(0, "blue"), 2) == (137,)
    assert enc.encode(uno.Play(0, "R2", uno=True), 2) == (3, 130)
