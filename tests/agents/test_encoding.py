"""The action codec (unorules.agents.encoding): every legal action of every profile and house
rule round-trips through its tokens, and the masks lead exactly to the legal set."""

from __future__ import annotations

import copy
import random

import attrs
import pytest

import unorules as uno
from unorules.agents import encoding as enc

# Every profile, and house rules that change what an action is made of (several cards,
# a Seven-O target, Jump-Ins, stacked penalties, teams, a false-UNO penalty).
HOUSE: dict[str, dict[str, object]] = {
    "plain": {},
    "seven_o_multi": {"seven_o": True, "multi_play": uno.MultiPlay.SAME_VALUE},
    "jump_in_identical": {"jump_in": True, "multi_play": uno.MultiPlay.IDENTICAL},
    "stacking": {"stacking": uno.Stacking.MIXED, "skip_bounce": True, "wild_draws_two": True},
    "teams_false_uno": {"teams": 2, "false_uno_penalty": 2, "draw_until_playable": True},
    "no_finish": {"no_finish_on_action": True, "jump_in": True, "seven_o": True},
}
CASES = [
    (profile, house, players)
    for profile in ("mattel", "mattel-108", "swedish", "danish")
    for house in HOUSE
    for players in (2, 3, 4, 7, 10)
    if not (HOUSE[house].get("teams") and (players % 2 or players < 4))
]


def _rules(profile: str, house: str) -> uno.Rules:
    return attrs.evolve(uno.get_profile(profile), **HOUSE[house])  # type: ignore[arg-type]


def _reachable(builder: enc.ActionBuilder) -> list[uno.Action]:
    """Every action the builder completes, following its masks depth first."""
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
    by_seat: dict[int, list[uno.Action]] = {}
    for action in uno.legal_actions(state):
        if isinstance(action, uno.NextRound):
            continue
        by_seat.setdefault(action.player, []).append(action)
        tokens = enc.encode(action, n)
        assert enc.decode(tokens, action.player, n) == action
        assert all(0 <= t < enc.N_TOKENS for t in tokens)
    for seat, actions in by_seat.items():
        reached = _reachable(enc.ActionBuilder(actions, n))
        assert sorted(map(repr, reached)) == sorted(map(repr, actions)), seat
        assert len(reached) == len(set(reached))
    return sum(map(len, by_seat.values()))


@pytest.mark.parametrize(("profile", "house", "players"), CASES)
def test_every_legal_action_round_trips(profile: str, house: str, players: int) -> None:
    rules = _rules(profile, house)
    rng = random.Random(f"{profile}/{house}/{players}")
    checked = 0
    for _game in range(2):
        state = uno.new_game(players, rules, seed=rng.randrange(10**9))
        for _ in range(150):
            if state.is_over:
                break
            checked += _check_state(state)
            legal = uno.legal_actions(state)
            # Favour turn actions so the games get somewhere, but take the others too.
            turn = [a for a in legal if getattr(a, "player", None) == state.current_player]
            pool = turn if turn and rng.random() < 0.8 else legal
            state = uno.apply(state, rng.choice(pool))
    assert checked > 0


def test_a_crowded_seven_o_state_has_hundreds_of_plays_and_all_round_trip() -> None:
    rules = attrs.evolve(uno.MATTEL, seven_o=True, multi_play=uno.MultiPlay.SAME_VALUE)
    state = uno.State.from_position(
        "R7,Y7,G7,B7,Y7,G7,B7,R1/B1,B2/B3,B4/B5,B6/B8,B9/G1,G2/G4,G5/G6,G8/Y1,Y2/Y3,Y4"
        " R5 red 0+ play *",
        rules=rules,
    )
    actions = uno.legal_actions(state, 0)
    assert len(actions) > 200
    assert _check_state(state) >= len(actions)


def test_masks_at_each_step_name_the_next_tokens() -> None:
    actions: list[uno.Action] = [uno.Play(1, "R2"), uno.Play(1, "R2", uno=True), uno.Draw(1)]
    assert enc.legal_tokens(actions, 2) == (enc.play_token(uno.Card.parse("R2")), enc.DRAW)
    assert enc.legal_tokens(actions, 2, [3]) == (enc.UNO, enc.STOP)
    b = enc.ActionBuilder(actions, 2)
    assert b.push(3) is None and b.prefix == (3,)
    assert b.push(enc.STOP) == uno.Play(1, "R2")
    with pytest.raises(ValueError, match="complete"):
        b.push(enc.STOP)


def test_a_token_that_leads_nowhere_is_refused_and_changes_nothing() -> None:
    b = enc.ActionBuilder([uno.Draw(0), uno.CallUno(0)], 2)
    with pytest.raises(ValueError, match=r"token 132 \(pass\) leads to no legal action here"):
        b.push(enc.PASS)
    with pytest.raises(ValueError, match="token 999 \\(unknown\\)"):
        b.push(999)
    with pytest.raises(ValueError, match="leads to no legal action"):
        b.push(enc.STOP)  # nothing pushed yet: STOP is no action
    assert b.tokens() == (enc.DRAW, enc.CALL)
    assert b.push(enc.CALL) == uno.CallUno(0)


def test_seats_are_relative_to_the_actor() -> None:
    assert enc.encode(uno.CatchUno(3, 1), 4) == (enc.catch_token(2),)
    assert enc.encode(uno.CatchUno(0, 3), 4) == (enc.catch_token(3),)
    assert enc.decode([enc.catch_token(2)], 3, 4) == uno.CatchUno(3, 1)
    assert enc.encode(uno.Play(9, "G7", target=0), 10) == (
        enc.play_token(uno.Card.parse("G7")),
        enc.target_token(1),
    )


def test_multi_card_middle_cards_are_put_in_card_order() -> None:
    shuffled = uno.Play(0, "G5", also=["B5", "Y5", "R5"])
    ordered = uno.Play(0, "G5", also=["Y5", "B5", "R5"])
    assert enc.encode(shuffled, 2) == enc.encode(ordered, 2)
    assert enc.decode(enc.encode(shuffled, 2), 0, 2) == ordered


@pytest.mark.parametrize(
    ("tokens", "players", "message"),
    [
        ([], 2, "no tokens"),
        ([enc.STOP], 2, "no tokens"),
        ([enc.NOOP], 2, r"token 0 \(no-op\) cannot start an action"),
        ([enc.UNO], 2, r"token 0 \(UNO\) cannot start an action"),
        ([enc.DRAW, enc.PASS], 2, r"token 1 \(pass\) cannot follow draw"),
        ([1, enc.DRAW], 2, r"token 1 \(draw\) cannot follow play R0"),
        ([1, enc.UNO, enc.also_token(uno.Card.parse("R0"))], 2, r"token 2 \(also R0\)"),
        ([8, enc.target_token(3)], 3, "targets seat 3 places on at a 3-seat table"),
        ([enc.catch_token(2)], 2, "catches seat 2 places on at a 2-seat table"),
        ([357], 2, "token 0 is 357: tokens are whole numbers 0 to 356"),
        ([True], 2, "tokens are whole numbers"),
    ],
)
def test_decode_names_what_is_wrong(tokens: list[int], players: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        enc.decode(tokens, 0, players)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="players is 2 to 10, not 11"):
        enc.encode(uno.Draw(0), 11)
    with pytest.raises(ValueError, match="player 2 is not a seat of a 2-player table"):
        enc.decode([enc.DRAW], 2, 2)
    with pytest.raises(ValueError, match="catch target 0 is not another seat"):
        enc.encode(uno.CatchUno(0, 0), 2)
    with pytest.raises(ValueError, match="NextRound is the host's"):
        enc.encode(uno.NextRound(), 2)
    with pytest.raises(ValueError, match="hands"):
        enc.encode(uno.Play(0, "WS", "red", hands=[["R1"], ["R2"]]), 2)
    with pytest.raises(ValueError, match="a Seven-O target is a seat 1 to 9"):
        enc.target_token(10)
    with pytest.raises(ValueError, match="never a further card"):
        enc.also_token(uno.Card.parse("W"))
    with pytest.raises(ValueError, match="only a wild card names a color"):
        enc.play_token(uno.Card.parse("R1"), uno.Color.RED)
    with pytest.raises(ValueError, match=r"not a token: 357 \(0 to 356\)"):
        enc.describe(357)


def test_every_token_has_a_distinct_name() -> None:
    names = [enc.describe(t) for t in range(enc.N_TOKENS_ALL)]
    assert len(set(names)) == enc.N_TOKENS_ALL == 357
    assert enc.N_TOKENS == 149  # the classic games' tokens, the v0 and v1 action space
