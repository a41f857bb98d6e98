"""Input-robustness defects found in review (each reproduced on main before its fix):

1. ``Rules`` accepted any value for a boolean option and any ``CardPoints``;
2. integers of more than 4,300 digits were accepted, then failed in ``repr``/``apply``
   (or in the very message meant to refuse them);
3. action and ``Deal`` constructors said "'int' object is not iterable" without naming
   the field;
4. ``Draw(0, drawn=[])`` printed as ``Draw(0)``, a different action;
5. position errors from the state check named JSON paths, not position fields.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules.formats.jsonio import action_from_json
from unorules.rules import rules_from_options


def opt(name: str, value: object) -> dict[str, Any]:
    """Keyword arguments of any type: the tests hand in values of the wrong type on purpose."""
    return {name: value}


def loose(value: object) -> Any:
    """``value`` typed as anything, to hand a constructor a value of the wrong type."""
    return value


HUGE = 10**5000
HUGE_SHOWN = "<an integer of 5001 digits>"
BOOL_OPTIONS = [a.name for a in attrs.fields(uno.Rules) if isinstance(a.default, bool)]
INT_OPTIONS = [
    a.name
    for a in attrs.fields(uno.Rules)
    if isinstance(a.default, int) and not isinstance(a.default, bool)
]


# -- 1. boolean options and CardPoints are checked when the Rules value is made ---------------


def test_defect_rules_accepted_strings_and_none_for_boolean_options() -> None:
    with pytest.raises(uno.RulesError) as info:
        uno.Rules(seven_o="False", jump_in=None, voluntary_draw="no")  # type: ignore[arg-type]
    assert str(info.value) == (
        "voluntary_draw='no': expected True or False; seven_o='False': expected True or"
        " False; jump_in=None: expected True or False"
    )


def test_the_boolean_options_are_the_eleven_of_the_sheets_and_no_mercys_three() -> None:
    assert BOOL_OPTIONS == [
        "voluntary_draw",
        "play_drawn_card",
        "next_may_answer_symbol",
        "challenger_plays_after_success",
        "uno_penalty_loses_turn",
        "skip_bounce",
        "seven_o",
        "jump_in",
        "draw_until_playable",
        "no_finish_on_action",
        "wild_draws_two",
        "stack_requires_match",
        "reverse_draw_hits_self",
        "final_card_effect",
    ]


@pytest.mark.parametrize("name", BOOL_OPTIONS)
@pytest.mark.parametrize("value", ["False", None, 0, 1, 1.0])
def test_defect_every_boolean_option_refuses_a_non_bool(name: str, value: object) -> None:
    expected = f"{name}={value!r}: expected True or False"
    with pytest.raises(uno.RulesError, match=f"^{re.escape(expected)}$"):
        uno.Rules(**opt(name, value))
    with pytest.raises(uno.RulesError, match=f"^{re.escape(expected)}$"):
        uno.MATTEL.but(**opt(name, value))


@pytest.mark.parametrize("name", BOOL_OPTIONS)
def test_boolean_options_still_take_true_and_false(name: str) -> None:
    flipped = not getattr(uno.MATTEL, name)
    if name == "draw_until_playable":
        rules = uno.Rules(draw_until_playable=True)
    elif name == "play_drawn_card":
        rules = uno.Rules(play_drawn_card=False)
    elif name == "stack_requires_match":  # only with No Mercy's stacking by value
        rules = uno.MATTEL_NO_MERCY.but(stack_requires_match=True)
    else:
        rules = uno.Rules(**opt(name, flipped))
    assert getattr(rules, name) is flipped


@pytest.mark.parametrize("name", INT_OPTIONS)
def test_no_integer_option_takes_a_bool(name: str) -> None:
    # teams=False slipped through: it equals 0, the "no teams" value.
    with pytest.raises(uno.RulesError, match=f"^{name}=False: expected an integer$"):
        uno.Rules(**opt(name, False))


def test_defect_teams_took_false_and_zero_point_zero() -> None:
    with pytest.raises(uno.RulesError, match=r"^teams=0\.0: expected an integer$"):
        uno.Rules(teams=0.0)  # type: ignore[arg-type]
    assert uno.Rules(teams=0).teams == 0


def test_defect_customizable_effect_of_an_unhashable_type_is_a_rules_error() -> None:
    # Before: TypeError: unhashable type: 'list', from the registry look-up.
    with pytest.raises(uno.RulesError, match=r"^customizable_effect=\['x'\]: expected a string$"):
        uno.Rules(customizable_effect=["x"])  # type: ignore[arg-type]
    with pytest.raises(uno.RulesError, match=r"^customizable_effect=5: expected a string$"):
        uno.Rules(customizable_effect=5)  # type: ignore[arg-type]


def test_defect_card_points_of_a_string_were_accepted() -> None:
    with pytest.raises(uno.RulesError, match=r"^points\.action='5': expected an integer$"):
        uno.CardPoints(action="5")  # type: ignore[arg-type]


@pytest.mark.parametrize("field", [a.name for a in attrs.fields(uno.CardPoints)])
def test_every_card_points_field_is_checked(field: str) -> None:
    with pytest.raises(uno.RulesError, match=rf"^points\.{field}=True: expected an integer$"):
        uno.CardPoints(**opt(field, True))
    with pytest.raises(uno.RulesError, match=rf"^points\.{field}=None: expected an integer$"):
        uno.CardPoints(**opt(field, None))
    with pytest.raises(
        uno.RulesError, match=rf"^points\.{field}=-5: a card scores from 0 to 2\*\*32 points$"
    ):
        uno.CardPoints(**opt(field, -5))
    with pytest.raises(uno.RulesError, match=rf"^points\.{field}={re.escape(HUGE_SHOWN)}: "):
        uno.CardPoints(**opt(field, HUGE))
    assert getattr(uno.CardPoints(**opt(field, 0)), field) == 0
    assert getattr(uno.CardPoints(**opt(field, 1 << 32)), field) == 1 << 32


def test_defect_negative_card_points_made_states_that_fail_from_json() -> None:
    with pytest.raises(uno.RulesError, match=r"^points\.action=-5: "):
        uno.Rules(points=uno.CardPoints(action=-5))
    with pytest.raises(uno.RulesError, match=r"^points\.action=-5: "):
        attrs.evolve(uno.CardPoints(), action=-5)
    # The points a Rules value takes now always survive the state's JSON form.
    rules = uno.Rules(points=uno.CardPoints(action=0, wild=1 << 32))
    s = uno.new_game(2, rules, seed=3)
    assert uno.State.from_json(s.to_json()) == s


def test_card_points_from_json_above_the_bound_are_refused() -> None:
    with pytest.raises(uno.RulesError, match=r"^points\.wild=8589934592: "):
        rules_from_options(uno.MATTEL, {"points": {"wild": 1 << 33}})


# -- 2. integers too long to write are refused, naming the field ------------------------------


@pytest.mark.parametrize(
    "build",
    [
        lambda v: uno.Draw(v),
        lambda v: uno.Play(v, "R1"),
        lambda v: uno.Pass(v),
        lambda v: uno.CallUno(v),
        lambda v: uno.Challenge(v),
        lambda v: uno.ChooseColor(v, "red"),
        lambda v: uno.CatchUno(v, 0),
    ],
)
@pytest.mark.parametrize(
    "value", [HUGE, -HUGE, 10**4300, -(10**4300)], ids=["5001", "-5001", "4301", "-4301"]
)
def test_defect_actions_took_seats_too_long_to_write(build: Any, value: int) -> None:
    with pytest.raises(TypeError, match=r"^player is a seat, a whole number, not ") as info:
        build(value)
    assert str(info.value).endswith(" digits> (too long to write)")
    assert len(str(info.value)) < 120


@pytest.mark.parametrize(
    "build", [lambda v: uno.CatchUno(0, v), lambda v: uno.Play(0, "R7", target=v)]
)
def test_defect_targets_too_long_to_write(build: Any) -> None:
    with pytest.raises(TypeError) as info:
        build(HUGE)
    assert str(info.value) == (
        f"target is a seat, a whole number, not {HUGE_SHOWN} (too long to write)"
    )


@pytest.mark.parametrize(
    "seat", [10**6, 10**30, 10**4300 - 1, -1, -(10**30)], ids=["1e6", "1e30", "4300", "-1", "-1e30"]
)
def test_seats_python_can_write_are_still_the_engines_to_refuse(seat: int) -> None:
    # A transcript's player 10**30 is not_your_turn (tests/formats/test_transcript_codes.py).
    s = uno.new_game(2, seed=1)
    action = uno.Draw(seat)
    assert repr(action) == f"Draw({seat})"
    assert uno.is_legal(s, action) is False
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(s, action)
    assert info.value.code is uno.ErrorCode.NOT_YOUR_TURN
    assert uno.Deal(seat, [["R1"]], ["R2"]).dealer == seat


def test_the_seat_bound_follows_pythons_own_digit_limit() -> None:
    old = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(1000)
        with pytest.raises(TypeError, match=r"^player is a seat, a whole number, not <an integer"):
            uno.Draw(10**1000)
        assert uno.Draw(10**999).player == 10**999
        sys.set_int_max_str_digits(0)  # no limit: any seat can be written
        assert uno.Draw(HUGE).player == HUGE
    finally:
        sys.set_int_max_str_digits(old)


def test_defect_deal_took_a_dealer_too_long_to_write() -> None:
    with pytest.raises(TypeError) as info:
        uno.Deal(dealer=HUGE, hands=[["R1"], ["R2"]], turned=["R3"])
    assert str(info.value) == (
        f"dealer is a seat, a whole number, not {HUGE_SHOWN} (too long to write)"
    )


def test_defect_new_game_of_a_huge_player_count_failed_writing_its_error() -> None:
    with pytest.raises(ValueError, match=r"^UNO is played by 2 to 10 players, not ") as info:
        uno.new_game(HUGE)
    assert str(info.value) == f"UNO is played by 2 to 10 players, not {HUGE_SHOWN}"


@pytest.mark.parametrize("seed", [HUGE, -HUGE], ids=["huge", "-huge"])
def test_defect_new_game_of_a_huge_seed_failed_writing_its_error(seed: int) -> None:
    with pytest.raises(ValueError, match=r"^a seed is an integer from 0 to 2\*\*64 - 1, not <"):
        uno.new_game(2, seed=seed)
    assert uno.new_game(2, seed=(1 << 64) - 1).seed == (1 << 64) - 1


@pytest.mark.parametrize("name", ["target", "uno_penalty", "false_uno_penalty", "draw_up_to"])
def test_defect_rules_took_unbounded_integers_too_long_to_write(name: str) -> None:
    with pytest.raises(uno.RulesError) as info:
        uno.Rules(**opt(name, HUGE))
    assert str(info.value) == f"{name}={HUGE_SHOWN}: at most 2**32"
    with pytest.raises(uno.RulesError, match=f"^{name}=4294967297: at most 2\\*\\*32$"):
        uno.Rules(**opt(name, (1 << 32) + 1))
    assert getattr(uno.Rules(**opt(name, 1 << 32)), name) == 1 << 32


def test_huge_negative_integers_are_refused_without_writing_them() -> None:
    with pytest.raises(uno.RulesError) as info:
        uno.Rules(target=-HUGE)
    assert str(info.value) == (
        "target=<a negative integer of 5001 digits>: the match target must be at least 1 point"
    )


POSITION = "R1/G2 B9 blue 0+ play *"


def test_defect_position_number_too_long_to_read() -> None:
    with pytest.raises(ValueError) as info:
        uno.State.from_position(POSITION + " pending=" + "1" * 5000)
    assert str(info.value).startswith(
        "position field 'pending': too long a number (5000 characters, at most 20 digits): '111"
    )
    assert len(str(info.value)) < 160


@pytest.mark.parametrize("key", ["seed", "rng", "round", "idle", "dealer", "lock", "scores"])
def test_every_number_field_of_a_position_refuses_over_long_numbers(key: str) -> None:
    with pytest.raises(ValueError, match=f"^position field '{key}': too long a number"):
        uno.State.from_position(POSITION + f" {key}=" + "9" * 21)
    with pytest.raises(ValueError, match=r"^position field 'turn': too long a number"):
        uno.State.from_position(POSITION.replace("0+", "0" * 5000 + "+"))


def test_the_largest_seed_still_fits_a_position() -> None:
    s = uno.State.from_position(POSITION + f" seed={(1 << 64) - 1}")
    assert s.seed == (1 << 64) - 1
    assert uno.State.from_position(s.position()) == s


# -- 3. non-list values for card lists name the field -------------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: uno.Draw(0, drawn=loose(5)), "drawn is a list of cards, not 5"),
        (lambda: uno.CallUno(0, drawn=loose(5)), "drawn is a list of cards, not 5"),
        (lambda: uno.Challenge(0, drawn=loose(7.5)), "drawn is a list of cards, not 7.5"),
        (lambda: uno.CatchUno(0, 1, drawn=loose(True)), "drawn is a list of cards, not True"),
        (lambda: uno.Play(0, "R1", drawn=loose(5)), "drawn is a list of cards, not 5"),
        (lambda: uno.Play(0, "R1", also=loose(5)), "also is a list of cards, not 5"),
        (
            lambda: uno.Play(0, "WS", "red", hands=loose(5)),
            "hands is a list of hands (lists of cards), not 5",
        ),
        (
            lambda: uno.Play(0, "WS", "red", hands=loose([["R1"], 5])),
            "hands[1] is a list of cards, not 5",
        ),
        (
            lambda: uno.Play(0, "WS", "red", hands=[["R1"], "G2"]),
            "hands[1] is a list of cards, not a single card 'G2'",
        ),
        (
            lambda: uno.Deal(0, loose(5), ["R1"]),
            "hands is a list of hands (lists of cards), not 5",
        ),
        (lambda: uno.Deal(0, loose([5]), ["R1"]), "hands[0] is a list of cards, not 5"),
        (
            lambda: uno.Deal(0, [["R1"], "G2"], ["R1"]),
            "hands[1] is a list of cards, not a single card 'G2'",
        ),
        (
            lambda: uno.Deal(0, "R1", ["R1"]),
            "hands is a list of hands (lists of cards), not 'R1'",
        ),
        (lambda: uno.Deal(0, [["R1"]], loose(None)), "turned is a list of cards, not None"),
        (lambda: uno.Deal(0, [["R1"]], "R1"), "turned is a list of cards, not a single card 'R1'"),
        (lambda: uno.Deal(0, [["R1"]], ["R1"], loose(7)), "draw_pile is a list of cards, not 7"),
    ],
)
def test_defect_card_lists_that_are_not_lists_name_the_field(build: Any, message: str) -> None:
    with pytest.raises(TypeError) as info:
        build()
    assert str(info.value) == message


def test_card_lists_still_take_any_iterable_of_cards() -> None:
    r1 = uno.Card.parse("R1")
    assert uno.Draw(0, drawn=iter(["R1"])).drawn == (r1,)
    assert uno.Deal(0, loose(h for h in [["R1"], ["G2"]]), ("B3",)).hands[0] == (r1,)
    assert uno.Deal(0, [["R1"]], ["B3"], None).draw_pile is None


# -- 4. an empty tuple of cards prints as [] -----------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (uno.Draw(0, drawn=[]), "Draw(0, drawn=[])"),
        (uno.Play(0, "R1", drawn=[]), "Play(0, 'R1', drawn=[])"),
        (uno.CallUno(1, drawn=[]), "CallUno(1, drawn=[])"),
        (uno.CatchUno(1, 0, drawn=[]), "CatchUno(1, 0, drawn=[])"),
        (uno.Challenge(1, drawn=[]), "Challenge(1, drawn=[])"),
        (uno.Play(0, "WS", "red", hands=[]), "Play(0, 'WS', 'red', hands=[])"),
        (uno.Play(0, "WS", "red", hands=[[], []]), "Play(0, 'WS', 'red', hands=[[], []])"),
        # also=() is the default (no further cards): it still prints as nothing.
        (uno.Play(0, "R1", also=[]), "Play(0, 'R1')"),
    ],
)
def test_defect_empty_drawn_printed_as_no_drawn(action: uno.Action, text: str) -> None:
    assert repr(action) == text
    assert eval(text, vars(uno)) == action  # the repr is code that builds it


def test_defect_empty_drawn_from_json_prints_as_itself() -> None:
    action = action_from_json('{"player":0,"draw":true,"drawn":[]}')
    assert repr(action) == "Draw(0, drawn=[])"
    assert action != uno.Draw(0)
    assert eval(repr(action), vars(uno)) == action


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (uno.Draw(0), "Draw(0)"),
        (uno.Draw(2, drawn=["B2"]), "Draw(2, drawn=['B2'])"),
        (uno.Play(1, "W", "red", uno=True), "Play(1, 'W', 'red', uno=True)"),
        (uno.Play(0, "R7", target=1, also=["G7"]), "Play(0, 'R7', target=1, also=['G7'])"),
        (uno.CatchUno(1, 0), "CatchUno(1, 0)"),
        (uno.CallUno(0, drawn=["G1", "B4"]), "CallUno(0, drawn=['G1', 'B4'])"),
        (uno.Challenge(1), "Challenge(1)"),
    ],
)
def test_usual_actions_print_as_before(action: uno.Action, text: str) -> None:
    assert repr(action) == text


# -- 5. position errors found by the state check name the position field ----------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "R1,R2/G2 B9 blue 0+ play * uno=0",
            "position field 'uno': seat 0 owes an UNO call but does not hold one card",
        ),
        (
            "R1/G2 B9 blue 0+ play * idle=2",
            "position field 'idle': idle is a whole number from 0 to 1, not 2",
        ),
        (
            "R1,R2/G2 B9 blue 0+ play * uno=1 overdue=1",
            "position field 'overdue': a call is overdue only under the Swedish window (C9)",
        ),
        (
            "R1,R2/G2 B9 blue 0+ play * pending=3",
            "position field 'pending': no cards are pending in phase play: expected 0",
        ),
        (
            "R1,R2/G2 B9 blue 0+ play * drawn=R1",
            "position field 'drawn': a drawn card is named exactly in phase drawn",
        ),
        (
            "R1,R2/G2 B9 blue 0+ play * challenge=1,guilty,red",
            "position field 'challenge': a challenge record exists exactly in phase challenge",
        ),
    ],
)
def test_defect_position_errors_named_json_paths(text: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        uno.State.from_position(text)
    assert str(info.value) == message
    assert "$." not in str(info.value)


def test_position_errors_echo_long_text_cut_short() -> None:
    with pytest.raises(ValueError, match=r"^position field 'color': not a color: 'xxx") as info:
        uno.State.from_position("R1/G2 B9 " + "x" * 100_000 + " 0+ play *")
    assert len(str(info.value)) < 140


def test_a_short_state_still_prints_as_its_whole_position() -> None:
    text = "R2,RS/G1,G2/Y3,B4 R5,R7,W+4 blue 1+ challenge * pending=4 challenge=0,guilty,red"
    assert repr(uno.State.from_position(text)) == f"State.from_position({text!r})"
