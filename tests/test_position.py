"""The position notation (``State.position`` / ``State.from_position``), ``str(state)``,
``repr(state)``, and the second release's small API changes that go with them
(``Rules.but``, ``ErrorCode`` and ``Phase`` as string enums).

The central property: for every state a game can reach, under every profile and random
house rules, with 2 to 10 players, teams, elimination and whole matches,
``State.from_position(s.position(), rules=s.rules) == s`` and the text is stable.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import PROFILE_NAMES, house_rules

import unorules as uno
from unorules import transcript

ROOT = Path(__file__).resolve().parent.parent


def assert_round_trip(state: uno.State) -> str:
    text = state.position()
    assert "\n" not in text and "  " not in text
    back = uno.State.from_position(text, rules=state.rules)
    assert back == state, text
    assert back.position() == text
    return text


def random_play(
    state: uno.State, rng: random.Random, steps: int, *, eager: bool = False
) -> list[uno.State]:
    """Random legal actions by any seat (jump-ins, catches, calls included), dealing the
    next round when one ends; every state on the way. ``eager``: mostly the current
    player lays a card when it can, so that rounds end sooner."""
    seen = [state]
    for _ in range(steps):
        if state.phase is uno.Phase.GAME_OVER:
            break
        legal = uno.legal_actions(state)
        plays = [a for a in legal if isinstance(a, uno.Play) and a.player == state.current_player]
        pick = plays if eager and plays and rng.random() < 0.9 else legal
        state = uno.apply(state, rng.choice(pick))
        seen.append(state)
    return seen


@st.composite
def tables(draw: st.DrawFn) -> tuple[uno.Rules, int, int]:
    base = uno.get_profile(draw(st.sampled_from(PROFILE_NAMES)))
    rules = draw(house_rules(base)) if draw(st.booleans()) else base
    players = draw(st.integers(2, 10))
    if players >= 4 and players % 2 == 0 and draw(st.booleans()):
        rules = attrs.evolve(rules, teams=2)
    # A low target, so that matches cross rounds (and elimination removes seats).
    rules = attrs.evolve(rules, target=draw(st.sampled_from([40, 120, 500])))
    return rules, players, draw(st.integers(0, 2**64 - 1))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), steps=st.integers(20, 150))
def test_every_reachable_state_round_trips(table: tuple[uno.Rules, int, int], steps: int) -> None:
    rules, players, seed = table
    rng = random.Random(seed)
    for state in random_play(uno.new_game(players, rules, seed=seed), rng, steps):
        assert_round_trip(state)


@pytest.mark.parametrize(
    ("profile", "scoring"),
    [
        ("mattel", uno.Scoring.WINNER_TAKES_ALL),
        ("swedish", uno.Scoring.CUMULATIVE_LOWEST),
        ("mattel-108", uno.Scoring.ELIMINATION),
        ("danish", uno.Scoring.ELIMINATION),
    ],
)
def test_whole_matches_round_trip_at_every_state(profile: str, scoring: uno.Scoring) -> None:
    """Matches played to their end (several rounds; seats eliminated under elimination
    scoring; teams of two under winner-takes-all), every state round-tripping."""
    teams = 2 if scoring is uno.Scoring.WINNER_TAKES_ALL else 0
    rules = uno.get_profile(profile).but(scoring=scoring, target=150, teams=teams)
    state = uno.new_game(["Ann Lee", "Bo,1", "Çai/=%", "Dee"], rules, seed=len(profile))
    seen = random_play(state, random.Random(7), 20_000, eager=True)
    for each in seen:
        assert_round_trip(each)
    final = seen[-1]
    assert final.phase is uno.Phase.GAME_OVER
    assert final.round > 0
    assert "winner=" in final.position() and "round=" in final.position()
    if scoring is uno.Scoring.ELIMINATION:
        assert any("out=" in s.position() for s in seen)


def test_a_long_game_writes_the_draw_pile_out_and_the_generator_state() -> None:
    state = uno.new_game(3, "swedish", seed=5)
    fields = state.position().split(" ")
    assert fields[5].split(",") == [str(c) for c in state.draw_pile]
    # Seat 1 deals (the cut); the generator has been used for the cut and the deal.
    assert fields[6:] == ["dealer=1", "seed=5", "rng=2"]
    assert (state.dealer, state.seed, state.to_dict()["rng_counter"]) == (1, 5, 2)


# -- what the fields mean ----------------------------------------------------------------


def test_the_six_fields() -> None:
    s = uno.State.from_position("R2,W,RS/G1,G2/- R5,R7 yellow 1- drawn *")
    assert s.hands == (
        (uno.Card.parse("R2"), uno.Card.parse("RS"), uno.Card.parse("W")),
        (uno.Card.parse("G1"), uno.Card.parse("G2")),
        (),
    )
    assert s.discard_pile == (uno.Card.parse("R5"), uno.Card.parse("R7"))
    assert s.top_card == uno.Card.parse("R7")
    assert s.color is uno.Color.YELLOW
    assert (s.current_player, s.direction, s.phase) == (1, -1, uno.Phase.DRAWN)
    assert s.phase == "drawn"
    rest = Counter(uno.MATTEL.deck()) - Counter(c for h in s.hands for c in h)
    rest -= Counter(s.discard_pile)
    assert s.draw_pile == tuple(sorted(rest.elements(), key=lambda c: c.index))
    assert not s.to_dict()["draw_pile_order_fixed"]
    # Defaults: dealer the last seat, round 0, no scores, the bottom discard turned first.
    assert (s.dealer, s.round, s.scores, s.turned) == (2, 0, (0, 0, 0), (uno.Card.parse("R5"),))
    assert s.names == ("P0", "P1", "P2")
    assert (s.seed, s.to_dict()["rng_counter"]) == (0, 0)


def test_nobody_to_act_and_no_color() -> None:
    s = uno.State.from_position("R1/G2 W - -+ choose_color *")
    assert (s.color, s.current_player, s.direction) == (None, None, 1)
    assert s.position() == "R1/G2 W - -+ choose_color *"


FULL = (
    "R1/G2,G3/B4 R5,W+4 blue 1- challenge * pending=4 challenge=0,guilty,red drawn=G2"
    " uno=0 overdue=0 lost=2,2 lock=1 idle=1 order=fixed round=2 dealer=0 scores=10,20,30"
    " out=2 turned=W+4,R5 round_winner=1 round_points=0,5,0 winner=1"
    " names=Ann%20Lee,Bo%2C1,%C3%87ai%2F%3D seed=99 rng=7"
)


def test_every_optional_field_reaches_the_state_and_is_written_back_in_order() -> None:
    s = uno.State.from_position(FULL)
    d = s.to_dict()
    assert d["pending_draw"] == 4
    assert d["challenge"] == {"offender": 0, "guilty": True, "previous_color": "red"}
    assert d["drawn_card"] == "G2"
    assert (d["uno_open"], d["uno_overdue"], d["lost_turns"]) == ([0], [0], [2, 2])
    assert (d["answer_lock"], d["idle_turns"], d["draw_pile_order_fixed"]) == (1, 1, True)
    assert (d["round"], d["dealer"], d["totals"], d["eliminated"]) == (2, 0, [10, 20, 30], [2])
    assert d["turned"] == ["W+4", "R5"]
    assert (d["round_winner"], d["round_points"], d["winner"]) == (1, [0, 5, 0], 1)
    assert d["names"] == ["Ann Lee", "Bo,1", "Çai/="]
    assert (d["seed"], d["rng_counter"]) == (99, 7)
    assert s.position() == FULL


def test_the_optional_fields_may_come_in_any_order() -> None:
    s = uno.State.from_position("R1/G2 B9 blue 0+ play * seed=3 pending=2 dealer=0")
    assert s.position() == "R1/G2 B9 blue 0+ play * pending=2 dealer=0 seed=3"


def test_team_totals_and_a_team_winner() -> None:
    teams = uno.MATTEL.but(teams=2)
    s = uno.State.from_position("R1/G2/B3/Y4 B9 blue 0+ play * scores=30,40 winner=1", rules=teams)
    assert s.scores == (30, 40, 30, 40)
    assert s.winner == 1
    with pytest.raises(ValueError, match="position field 'scores': 4 totals for 2 teams"):
        uno.State.from_position("R1/G2/B3/Y4 B9 blue 0+ play * scores=1,2,3,4", rules=teams)


def test_the_rest_of_the_deck_in_each_place() -> None:
    deck = Counter(uno.MATTEL.deck())
    on_top = uno.State.from_position("G1/B9 G5 green 1+ play B2,R0,*")
    assert on_top.draw_pile[:3] == (
        uno.Card.parse("B2"),
        uno.Card.parse("R0"),
        uno.Card.parse("R1"),
    )
    below = uno.State.from_position("G1/B9 *,G5 green 1+ play B2,R0")
    assert below.draw_pile == (uno.Card.parse("B2"), uno.Card.parse("R0"))
    assert len(below.discard_pile) == 108 and below.top_card == uno.Card.parse("G5")
    held = uno.State.from_position("G1/B9,* G5 green 1+ play B2,R0")
    assert len(held.hands[1]) == 108 and held.draw_pile_size == 2
    for s in (on_top, below, held):
        census = Counter(s.draw_pile) + Counter(s.discard_pile)
        for hand in s.hands:
            census.update(hand)
        assert census == deck


def test_the_deck_depends_on_the_rules() -> None:
    s = uno.State.from_position("R1/G2 B9 blue 0+ play *", rules="mattel-108")
    assert s.draw_pile_size == 105
    assert s.rules == uno.MATTEL_108
    with pytest.raises(ValueError, match="108-card deck"):
        uno.State.from_position("R1/G2 B9 blue 0+ play WS,*", rules="mattel-108")


def test_a_long_run_in_card_order_is_written_as_the_rest() -> None:
    # A pile whose tail is the rest of the deck in card order is written with *.
    s = uno.State.from_position("G1/B9 G5 green 1+ play B2,R5,*")
    assert s.position() == "G1/B9 G5 green 1+ play B2,R5,*"
    # The rest starts R0, R1: "B2,R0,*" and "B2,*" are one pile, written the shorter way.
    s = uno.State.from_position("G1/B9 G5 green 1+ play B2,R0,*")
    assert s.position() == "G1/B9 G5 green 1+ play B2,*"
    s = uno.State.from_position("G1/B9 *,G5 green 1+ play B2,R0")
    assert s.position() == "G1/B9 *,G5 green 1+ play B2,R0"


# -- bad text ------------------------------------------------------------------------------

GOOD = "R1/G2 B9 blue 0+ play *"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("R1/G2 B9 blue 0+ play", "not a position: expected the fields"),
        ("R1/G2  B9 blue 0+ play *", "not a position"),
        ("R1 B9 blue 0+ play *", "position field 'hands': 1 hands"),
        ("X1/G2 B9 blue 0+ play *", "position field 'hands': not a card: 'X1'"),
        ("R1/G2 - blue 0+ play *", "position field 'discard': the discard pile has at least"),
        ("R1/G2 B9,Q blue 0+ play *", "position field 'discard': not a card: 'Q'"),
        ("R1/G2 B9 purple 0+ play *", "position field 'color': not a color: 'purple'"),
        ("R1/G2 B9 blue 0 play *", "position field 'turn': expected a seat and + or -"),
        ("R1/G2 B9 blue 2+ play *", "position field 'turn': seat 2 is not one of the 2 seats"),
        ("R1/G2 B9 blue x+ play *", "position field 'turn': not a seat number: 'x'"),
        ("R1/G2 B9 blue 0+ playing *", "position field 'phase': unknown phase 'playing'"),
        ("R1/G2 B9 blue 0+ play B1", "position field 'draw pile': hands, discard pile and"),
        ("R1/G2 B9 blue 0+ play *,B1", "position field 'draw pile': * (the rest of the deck)"),
        ("R1/G2,* B9 blue 0+ play *", "position field 'draw pile': * (the rest of the deck) may"),
        ("R1/G2 B9,* blue 0+ play B1", "position field 'discard': * (the rest of the deck) must"),
        ("R1,R0,R0/G2 B9 blue 0+ play *", "position field 'draw pile': no rest of the deck"),
        (GOOD + " pending", "not a position field: 'pending' (expected key=value)"),
        (GOOD + " stack=1", "unknown position field 'stack'"),
        (GOOD + " idle=1 idle=2", "position field 'idle': given twice"),
        (GOOD + " pending=x", "position field 'pending': not a whole number: 'x'"),
        (GOOD + " pending=-1", "position field 'pending': -1 is out of range"),
        (GOOD + " challenge=0,yes,red", "position field 'challenge': expected seat,guilty"),
        (GOOD + " challenge=5,guilty,red", "position field 'challenge': seat 5 is not one"),
        (GOOD + " challenge=0,guilty,pink", "position field 'challenge': not a color: 'pink'"),
        (GOOD + " drawn=Z", "position field 'drawn': not a card: 'Z'"),
        (GOOD + " uno=0,7", "position field 'uno': seat 7 is not one of the 2 seats"),
        (GOOD + " overdue=x", "position field 'overdue': not a seat number"),
        (GOOD + " lost=3", "position field 'lost': seat 3"),
        (GOOD + " lock=2", "position field 'lock': seat 2"),
        (GOOD + " idle=-2", "position field 'idle': -2 is out of range"),
        (GOOD + " order=sorted", "position field 'order': expected fixed or free"),
        (GOOD + " round=r", "position field 'round': not a whole number"),
        (GOOD + " dealer=9", "position field 'dealer': seat 9"),
        (GOOD + " scores=1,2,3", "position field 'scores': 3 totals for 2 seats"),
        (GOOD + " scores=1,x", "position field 'scores': not a whole number: 'x'"),
        (GOOD + " out=4", "position field 'out': seat 4"),
        (GOOD + " turned=R1,X", "position field 'turned': not a card: 'X'"),
        (GOOD + " round_winner=2", "position field 'round_winner': seat 2"),
        (GOOD + " round_points=1", "position field 'round_points': 1 totals for 2 seats"),
        (GOOD + " winner=5", "position field 'winner': seat 5"),
        (GOOD + " names=Ann", "position field 'names': 1 names for 2 seats"),
        (GOOD + " names=Ann,Ann", "position field 'names': two players have the same name"),
        (GOOD + " seed=-1", "position field 'seed': -1 is out of range"),
        (GOOD + f" seed={2**64}", "position field 'seed'"),
        (GOOD + " rng=1.5", "position field 'rng': not a whole number"),
    ],
)
def test_bad_text_is_a_value_error_naming_the_field(text: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        uno.State.from_position(text)
    assert message in str(info.value)


def test_space_around_the_line_is_ignored() -> None:
    assert uno.State.from_position(f"  {GOOD}\n") == uno.State.from_position(GOOD)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="a position is a text"):
        uno.State.from_position(b"R1/G2 B9 blue 0+ play *")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no-such-profile"):
        uno.State.from_position(GOOD, rules="no-such-profile")
    with pytest.raises(TypeError, match="rules is a Rules value or a profile name"):
        uno.State.from_position(GOOD, rules=3)  # type: ignore[arg-type]


# -- str and repr --------------------------------------------------------------------------


def test_str_draws_the_table() -> None:
    s = uno.State.from_position("R2,RS,W/G1/Y3,Y4 R5,R7 red 1- play * uno=1")
    assert str(s) == "\n".join(
        [
            "round 0 · P1 to play · counter-clockwise · dealer P2",
            "discard R5 R7 (2 cards) · color red · draw pile 104 cards",
            "  P0  3  R2 RS W",
            "> P1  1  G1  (UNO not called)",
            "  P2  2  Y3 Y4",
        ]
    )


@pytest.mark.parametrize(
    ("text", "head"),
    [
        ("R1/G2 B9 blue 1+ drawn * drawn=G2", "round 0 · P1 drew G2: play it or pass"),
        ("R1/G2 W - 0+ choose_color *", "round 0 · P0 to choose the color"),
        (
            "R1/G2 R5,W+4 blue 1+ challenge * pending=4 challenge=0,honest,red",
            "round 0 · P1 to challenge the Wild Draw Four or draw 4",
        ),
        ("R1/G2 R5,R+2 red 1+ penalty * pending=2", "round 0 · P1 to stack or draw 2"),
        (
            "-/G2 R5,R1 red -+ round_over * round_winner=0 round_points=2,0 scores=2,0",
            "round 0 · round over · P0 went out",
        ),
        (
            "-/G2 R5,R1 red -+ game_over * round_winner=0 winner=0 scores=502,0",
            "round 0 · game over · winner P0",
        ),
    ],
)
def test_str_says_what_the_game_waits_for(text: str, head: str) -> None:
    assert str(uno.State.from_position(text)).splitlines()[0].startswith(head)


def test_str_shows_scores_round_points_eliminated_seats_and_long_discard_piles() -> None:
    s = uno.State.from_position(
        "-/G2/- R1,R2,R3,R4,R5,R6,R7 red -+ round_over * round_winner=0 round_points=2,0,0"
        " scores=2,5,0 out=2 names=Ann,Bo,Cai"
    )
    lines = str(s).splitlines()
    assert lines[1].startswith("discard … R2 R3 R4 R5 R6 R7 (7 cards)")
    assert lines[2:] == [
        "  Ann  0",
        "  Bo   1  G2",
        "  Cai  0  (out)",
        "scores 2 5 0",
        "round points 2 0 0",
    ]


def test_repr_pastes_back_as_code_when_short() -> None:
    s = uno.State.from_position("R1/G2 B9 blue 0+ play *", rules="danish")
    assert repr(s) == "State.from_position('R1/G2 B9 blue 0+ play *', rules='danish')"
    assert eval(repr(s), {"State": uno.State}) == s
    mattel = uno.State.from_position("R1/G2 B9 blue 0+ play *")
    assert repr(mattel) == "State.from_position('R1/G2 B9 blue 0+ play *')"


def test_repr_is_a_summary_for_long_positions_and_unnamed_variants() -> None:
    game = uno.new_game(3, seed=1)
    assert repr(game) == "<State round 0 play P1 top YR yellow hands [7, 7, 7] pile 90>"
    variant = uno.State.from_position("R1/G2 B9 blue 0+ play *", rules=uno.MATTEL.but(target=9))
    assert repr(variant) == "<State round 0 play P0 top B9 blue hands [1, 1] pile 109>"


# -- Rules.but, string enums, dependencies ------------------------------------------------


def test_rules_but_makes_a_checked_variant() -> None:
    variant = uno.MATTEL.but(stacking=uno.Stacking.SAME_TYPE, target=250)
    assert variant == attrs.evolve(uno.MATTEL, stacking=uno.Stacking.SAME_TYPE, target=250)
    assert uno.MATTEL.target == 500 and uno.MATTEL.stacking is uno.Stacking.NONE
    with pytest.raises(
        uno.RulesError, match="unknown rule option 'stack'; did you mean 'stacking'"
    ):
        uno.MATTEL.but(stack=True)
    with pytest.raises(uno.RulesError, match="target='x'"):
        uno.MATTEL.but(target="x")
    with pytest.raises(uno.RulesError, match="two different draw rules"):
        uno.MATTEL.but(draw_until_playable=True, draw_up_to=3)


def test_error_codes_and_phases_compare_equal_to_their_strings() -> None:
    state = uno.new_game(2, seed=1)
    assert state.phase == "play" and state.phase is uno.Phase.PLAY
    assert f"{state.phase}" == "play" and str(uno.Phase.GAME_OVER) == "game_over"
    other = 1 - (state.current_player or 0)
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(state, uno.Draw(other))
    assert info.value.code == "not_your_turn"
    assert info.value.code is uno.ErrorCode.NOT_YOUR_TURN
    assert str(info.value.code) == "not_your_turn"
    assert json.dumps({"code": info.value.code, "phase": state.phase}) == (
        '{"code": "not_your_turn", "phase": "play"}'
    )
    assert uno.ErrorCode("bad_deal") is uno.ErrorCode.BAD_DEAL
    assert uno.Phase("drawn") is uno.Phase.DRAWN


def test_reports_and_state_json_still_hold_plain_strings() -> None:
    report = transcript.validate({"format": "unorules/1", "rules": "nope", "players": 2})
    assert report.error is not None
    data = report.to_dict()
    assert data["error"]["code"] == "malformed"
    assert type(data["error"]["code"]) is str
    assert type(uno.new_game(2, seed=1).to_dict()["phase"]) is str


def test_the_core_depends_on_attrs_only() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == ["attrs>=23.1"]
    for path in (ROOT / "src" / "unorules").rglob("*.py"):
        assert "typing_extensions" not in path.read_text(encoding="utf-8"), path


def test_a_state_whose_cards_are_not_the_deck_is_written_out_and_refused() -> None:
    """from_dict accepts any cards; such a state's pile is never written as "*" (which
    would stand for other cards), and reading its position back names the field."""
    data = uno.State.from_position("R1/G2 B9 blue 0+ play *").to_dict()
    data["draw_pile"] = data["draw_pile"][:20]
    short = uno.State.from_dict(data)
    fields = short.position().split(" ")
    assert fields[5].split(",") == data["draw_pile"]
    with pytest.raises(ValueError, match=r"position field 'draw pile': .* not the 112-card deck"):
        uno.State.from_position(short.position())
