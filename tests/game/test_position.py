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
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import PROFILE_NAMES, house_rules

import unorules as uno
from unorules.formats import transcript

ROOT = Path(__file__).resolve().parents[2]


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


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    # Seat 0 laid a Reverse, seat 2 a Wild naming yellow, and seat 1 drew Y9, which it may
    # lay now (the drawn phase names the card drawn).
    s = uno.State.from_position("R2,W,RS/G1,G2,Y9/B4,B5 R5,RR,W yellow 1- drawn * drawn=Y9")
    assert s.hands == (
        (uno.Card.parse("R2"), uno.Card.parse("RS"), uno.Card.parse("W")),
        (uno.Card.parse("Y9"), uno.Card.parse("G1"), uno.Card.parse("G2")),
        (uno.Card.parse("B4"), uno.Card.parse("B5")),
    )
    assert s.discard_pile == (uno.Card.parse("R5"), uno.Card.parse("RR"), uno.Card.parse("W"))
    assert s.top_card == uno.Card.parse("W")
    assert s.color is uno.Color.YELLOW
    assert (s.current_player, s.direction, s.phase) == (1, -1, uno.Phase.DRAWN)
    assert s.phase == "drawn"
    assert s.drawn_card == uno.Card.parse("Y9")
    rest = Counter(uno.MATTEL.deck()) - Counter(c for h in s.hands for c in h)
    rest -= Counter(s.discard_pile)
    assert s.draw_pile == tuple(sorted(rest.elements(), key=lambda c: c.index))
    assert not s.to_dict()["draw_pile_order_fixed"]
    # Defaults: dealer the last seat, round 0, no scores, the bottom discard turned first.
    assert (s.dealer, s.round, s.scores, s.turned) == (2, 0, (0, 0, 0), (uno.Card.parse("R5"),))
    assert s.names == ("P0", "P1", "P2")
    assert (s.seed, s.to_dict()["rng_counter"]) == (0, 0)
    assert s.position() == "R2,RS,W/Y9,G1,G2/B4,B5 R5,RR,W yellow 1- drawn * drawn=Y9"
    # "-" is an empty hand: the hand of the seat that went out, once the round is over.
    over = uno.State.from_position(
        "R2,W,RS/G1,G2/- R5,R7,R9 red -- round_over * round_winner=2 round_points=0,0,75"
        " scores=0,0,75"
    )
    assert over.hands == (
        (uno.Card.parse("R2"), uno.Card.parse("RS"), uno.Card.parse("W")),
        (uno.Card.parse("G1"), uno.Card.parse("G2")),
        (),
    )
    assert over.position() == (
        "R2,RS,W/G1,G2/- R5,R7,R9 red -- round_over * scores=0,0,75 round_winner=2"
        " round_points=0,0,75"
    )


def test_nobody_to_act_and_no_color() -> None:
    # Nobody acts once the round is over; no color is in force while a Wild turned up
    # first waits for the first player to name one (the two never come together).
    over = uno.State.from_position(
        "-/G2 R5,R1 red -+ round_over * scores=2,0 round_winner=0 round_points=2,0"
    )
    assert (over.color, over.current_player, over.direction) == (uno.Color.RED, None, 1)
    assert (
        over.position()
        == "-/G2 R5,R1 red -+ round_over * scores=2,0 round_winner=0 round_points=2,0"
    )
    wild = uno.State.from_position("R1/G2 W - 0+ choose_color *")
    assert (wild.color, wild.current_player, wild.direction) == (None, 0, 1)
    assert wild.position() == "R1/G2 W - 0+ choose_color *"


KEYS = (
    "pending",
    "challenge",
    "drawn",
    "uno",
    "overdue",
    "lost",
    "lock",
    "idle",
    "order",
    "round",
    "dealer",
    "scores",
    "out",
    "turned",
    "round_winner",
    "round_points",
    "winner",
    "names",
    "seed",
    "rng",
)
"""The optional fields in the order the module's table gives and ``position`` writes."""

SWEDISH_ELIMINATION = uno.SWEDISH.but(scoring=uno.Scoring.ELIMINATION)
"""The Swedish sheet (overdue UNO calls, lost turns, the answer lock) with elimination."""


def _idle_position() -> str:
    """Seat 1, holding R1 on a blue 9, found nothing to draw: the piles are spent (every
    card but the top one is in a hand, written out), and seat 0 is to play."""
    held = Counter(SWEDISH_ELIMINATION.deck()) - Counter(map(uno.Card.parse, ["R1", "B9"]))
    return ",".join(map(str, sorted(held.elements(), key=lambda c: c.index))) + (
        "/R1 B9 blue 0+ play - idle=1"
    )


FULL = (
    # Round 2; seat 4 is out. Seat 3 laid R6 without calling UNO, seat 2 laid R8 and seat 3
    # was caught (so it loses its next turn), seat 1 laid R9 and seat 2 was caught, and
    # seat 0 laid a Wild Draw Four holding R1: seat 1's call is overdue, seat 0's is open,
    # and seat 3 may challenge.
    "R1/Y4/R2,R2,B3/R0,R1,G7/- R5,RR,R6,R8,R9,W+4 blue 3- challenge * pending=4"
    " challenge=0,guilty,red uno=0 overdue=1 lost=3,2 order=fixed round=2 dealer=1"
    " scores=10,20,30,40,520 out=4 turned=W+4,R5"
    " names=Ann%20Lee,Bo%2C1,%C3%87ai%2F%3D,Dee,Eve seed=99 rng=7",
    # Seat 0 laid a Reverse; seat 2, who may not answer it with another Reverse, drew R7.
    "R1,R3/G2,G3/R7,B4,B5 R5,RR red 2- drawn * drawn=R7 lock=2",
    _idle_position(),
    # Seat 1 went out; seat 0's 59 points took it past 500: seat 1, the last seat left, wins.
    "R9,W+4/-/- R5,R1 red -+ game_over * round=3 dealer=0 scores=529,210,505 out=0,2"
    " round_winner=1 round_points=59,0,0 winner=1",
)
"""Positions that between them give every optional field. No one state holds them all: a
challenge, a drawn card, idle turns and a winner belong to different phases."""


def test_every_optional_field_reaches_the_state_and_is_written_back_in_order() -> None:
    challenge, drawn, idle, over = (
        uno.State.from_position(text, rules=SWEDISH_ELIMINATION) for text in FULL
    )
    d = challenge.to_dict()
    assert d["pending_draw"] == 4
    assert d["challenge"] == {"offender": 0, "guilty": True, "previous_color": "red"}
    assert (d["uno_open"], d["uno_overdue"], d["lost_turns"]) == ([0], [1], [3, 2])
    assert d["draw_pile_order_fixed"] is True
    assert (d["round"], d["dealer"], d["totals"], d["eliminated"]) == (
        2,
        1,
        [10, 20, 30, 40, 520],
        [4],
    )
    assert d["turned"] == ["W+4", "R5"]
    assert d["names"] == ["Ann Lee", "Bo,1", "Çai/=", "Dee", "Eve"]
    assert (d["seed"], d["rng_counter"]) == (99, 7)
    d = drawn.to_dict()
    assert (d["drawn_card"], d["answer_lock"]) == ("R7", 2)
    d = idle.to_dict()
    assert (d["idle_turns"], d["draw_pile"], d["discard_pile"]) == (1, [], ["B9"])
    d = over.to_dict()
    assert (d["round_winner"], d["round_points"], d["winner"]) == (1, [59, 0, 0], 1)
    assert (d["totals"], d["eliminated"]) == ([529, 210, 505], [0, 2])
    written: set[str] = set()
    for text, state in zip(FULL, (challenge, drawn, idle, over), strict=True):
        assert state.position() == text
        keys = [field.partition("=")[0] for field in text.split(" ")[6:]]
        assert keys == sorted(keys, key=KEYS.index)
        written.update(keys)
    assert written == set(KEYS)


def test_the_positions_with_every_field_are_reached_by_play() -> None:
    """Each position of FULL is what the engine makes of a plain position a few moves
    earlier: the fields that come together in them do come together in a game."""

    def after(text: str, *actions: uno.Action) -> str:
        state = uno.State.from_position(text, rules=SWEDISH_ELIMINATION)
        for action in actions:
            state = uno.apply(state, action)
        return state.position()

    challenge = after(
        "R1,W+4/R9,Y4/R8,B3/R6,G7/- R5,RR red 3- play * lock=3 order=fixed round=2 dealer=1"
        " scores=10,20,30,40,520 out=4 turned=W+4,R5"
        " names=Ann%20Lee,Bo%2C1,%C3%87ai%2F%3D,Dee,Eve seed=99 rng=7",
        uno.Play(3, "R6"),
        uno.Play(2, "R8"),
        uno.CatchUno(0, 3),
        uno.Play(1, "R9"),
        uno.CatchUno(0, 2),
        uno.Play(0, "W+4", "blue"),
    )
    drawn = after("R1,R3,RR/G2,G3/B4,B5 R5 red 0+ play R7,*", uno.Play(0, "RR"), uno.Draw(2))
    idle = after(_idle_position().replace(" 0+ play - idle=1", " 1+ play -"), uno.Draw(1))
    over = after(
        "R9,W+4/R1/- R5 red 1+ play * round=3 dealer=0 scores=470,210,505 out=2",
        uno.Play(1, "R1"),
    )
    assert (challenge, drawn, idle, over) == FULL


def test_the_optional_fields_may_come_in_any_order() -> None:
    stacking = uno.MATTEL.but(stacking=uno.Stacking.SAME_TYPE)
    s = uno.State.from_position(
        "R1/G2 B9,B+2 blue 0+ penalty * seed=3 pending=2 dealer=0", rules=stacking
    )
    assert s.position() == "R1/G2 B9,B+2 blue 0+ penalty * pending=2 dealer=0 seed=3"


def test_team_totals_and_a_team_winner() -> None:
    teams = uno.MATTEL.but(teams=2)
    # Seat 3 went out: its team scores its opponents' cards (R1 and B3) and passes 500.
    s = uno.State.from_position(
        "R1/G2/B3/- B9,B4 blue -+ game_over * round=4 scores=30,512 round_winner=3 round_points=0,4"
        " winner=1",
        rules=teams,
    )
    assert s.scores == (30, 512, 30, 512)
    assert s.round_points == (0, 4, 0, 4)
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
    s = uno.State.from_position("R2,RS,W/G1/Y3,Y4 R5,R7 red 0- play * uno=1")
    assert str(s) == "\n".join(
        [
            "round 1 · P0 to play · counter-clockwise · dealer P2",
            "discard R5 R7 (2 cards) · color red · draw pile 104 cards",
            "> P0  3  R2 RS W",
            "  P1  1  G1  (UNO not called)",
            "  P2  2  Y3 Y4",
        ]
    )


STACKING = uno.MATTEL.but(stacking=uno.Stacking.SAME_TYPE)
"""A penalty waits for an answer only when Draw Twos may be stacked."""


@pytest.mark.parametrize(
    ("text", "rules", "head"),
    [
        (
            "R1/G2,B2 B9 blue 1+ drawn * drawn=B2",
            uno.MATTEL,
            "round 1 · P1 drew B2: play it or pass",
        ),
        ("R1/G2 W - 0+ choose_color *", uno.MATTEL, "round 1 · P0 to choose the color"),
        (
            "G1/G2 R5,W+4 blue 1+ challenge * pending=4 challenge=0,honest,red",
            uno.MATTEL,
            "round 1 · P1 to challenge the Wild Draw Four or draw 4",
        ),
        ("R1/G2 R5,R+2 red 1+ penalty * pending=2", STACKING, "round 1 · P1 to stack or draw 2"),
        (
            "-/G2 R5,R1 red -+ round_over * round_winner=0 round_points=2,0 scores=2,0",
            uno.MATTEL,
            "round 1 · round over · P0 went out",
        ),
        (
            "-/G2 R5,R1 red -+ game_over * round=3 round_winner=0 round_points=2,0 winner=0"
            " scores=502,0",
            uno.MATTEL,
            "round 4 · game over · winner P0",
        ),
    ],
)
def test_str_says_what_the_game_waits_for(text: str, rules: uno.Rules, head: str) -> None:
    assert str(uno.State.from_position(text, rules=rules)).splitlines()[0].startswith(head)


def test_str_shows_scores_round_points_eliminated_seats_and_long_discard_piles() -> None:
    # Round 2 of an elimination match: Cai passed 500 in an earlier round; Ann went out.
    s = uno.State.from_position(
        "-/G2/- R1,R2,R3,R4,R5,R6,R7 red -+ round_over * round=2 dealer=0 round_winner=0"
        " round_points=0,2,0 scores=10,7,530 out=2 names=Ann,Bo,Cai",
        rules=uno.MATTEL.but(scoring=uno.Scoring.ELIMINATION),
    )
    lines = str(s).splitlines()
    assert lines[1].startswith("discard … R2 R3 R4 R5 R6 R7 (7 cards)")
    assert lines[2:] == [
        "  Ann  0",
        "  Bo   1  G2",
        "  Cai  0  (out)",
        "scores 10 7 530",
        "round points 0 2 0",
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


def test_a_state_whose_cards_are_not_the_deck_is_refused() -> None:
    """A state's cards are exactly the deck: from_dict refuses a state with cards missing,
    and from_position refuses the same cards written out (as position writes any pile
    that is not the rest of the deck: "*" would stand for other cards), naming the field."""
    data = uno.State.from_position("R1/G2 B9 blue 0+ play *").to_dict()
    data["draw_pile"] = data["draw_pile"][:20]
    with pytest.raises(ValueError, match=r"at \$: hands, draw pile and discard pile are not"):
        uno.State.from_dict(data)
    text = "R1/G2 B9 blue 0+ play " + ",".join(data["draw_pile"])
    with pytest.raises(ValueError, match=r"position field 'draw pile': .* not the 112-card deck"):
        uno.State.from_position(text)
