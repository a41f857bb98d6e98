"""Rules as data: the four profiles' values (RULES.md Appendix B, §3, C1-C18), option
validation, the profile registry and the generated profile comparison."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules import rules as rules_mod
from unorules.rules import rules_from_options, rules_to_options

HOUSE_RULES_OFF = {
    "stacking": uno.Stacking.NONE,
    "skip_bounce": False,
    "seven_o": False,
    "jump_in": False,
    "draw_until_playable": False,
    "draw_up_to": 1,
    "no_finish_on_action": False,
    "multi_play": uno.MultiPlay.NONE,
    "wild_draws_two": False,
    "false_uno_penalty": 0,
    "round_turn_limit": 0,
}

COMMON = {
    "hand_size": 7,
    "play_drawn_card": True,
    "points": uno.CardPoints(
        action=20, wild=50, wild_draw_four=50, shuffle_hands=40, customizable=40
    ),
    "scoring": uno.Scoring.WINNER_TAKES_ALL,
    "target": 500,
    "teams": 0,
    "uno_penalty": 2,
    "customizable_effect": "wild",
    **HOUSE_RULES_OFF,
}

APPENDIX_B: dict[str, dict[str, object]] = {
    "mattel": {
        "shuffle_hands_cards": 1,
        "customizable_cards": 3,
        "first_discard": uno.FirstDiscard.APPLY_EFFECTS,
        "voluntary_draw": True,
        "two_player_reverse": uno.TwoPlayerReverse.SKIP,
        "next_may_answer_symbol": True,
        "wild_restriction": uno.WildRestriction.NONE,
        "wd4_blockers": uno.WildDrawFourBlockers.COLOR,
        "wd4_bluff": uno.WildDrawFourBluff.CHALLENGE,
        "challenger_plays_after_success": True,
        "uno_penalty_loses_turn": False,
        "uno_window": uno.UnoWindow.NEXT_TURN_ACTION,
        "shuffle_hands_last_card": uno.ShuffleHandsLastCard.REDEAL,
    },
    "mattel-108": {
        "shuffle_hands_cards": 0,
        "customizable_cards": 0,
        "first_discard": uno.FirstDiscard.APPLY_EFFECTS,
        "voluntary_draw": True,
        "two_player_reverse": uno.TwoPlayerReverse.SKIP,
        "next_may_answer_symbol": True,
        "wild_restriction": uno.WildRestriction.NONE,
        "wd4_blockers": uno.WildDrawFourBlockers.COLOR,
        "wd4_bluff": uno.WildDrawFourBluff.CHALLENGE,
        "challenger_plays_after_success": True,
        "uno_penalty_loses_turn": False,
        "uno_window": uno.UnoWindow.NEXT_TURN_ACTION,
    },
    "swedish": {
        "shuffle_hands_cards": 0,
        "customizable_cards": 0,
        "first_discard": uno.FirstDiscard.NO_EFFECTS,
        "voluntary_draw": False,
        "two_player_reverse": uno.TwoPlayerReverse.PASS,
        "next_may_answer_symbol": False,
        "wild_restriction": uno.WildRestriction.NO_CURRENT_COLOR,
        "wd4_blockers": uno.WildDrawFourBlockers.COLOR,
        "wd4_bluff": uno.WildDrawFourBluff.EXTRA_FOUR,
        "uno_penalty_loses_turn": True,
        "uno_window": uno.UnoWindow.UNTIL_OFFENDER_TURN,
    },
    "danish": {
        "shuffle_hands_cards": 0,
        "customizable_cards": 0,
        "first_discard": uno.FirstDiscard.NO_EFFECTS,
        "voluntary_draw": False,
        "two_player_reverse": uno.TwoPlayerReverse.SKIP,
        "next_may_answer_symbol": True,
        "wild_restriction": uno.WildRestriction.NONE,
        "wd4_blockers": uno.WildDrawFourBlockers.ANY_LEGAL_CARD,
        "wd4_bluff": uno.WildDrawFourBluff.TAKE_BACK,
        "challenger_plays_after_success": True,
        "uno_penalty_loses_turn": False,
        "uno_window": uno.UnoWindow.NEXT_TURN_ACTION,
    },
}

NAMED = {
    "mattel": uno.MATTEL,
    "mattel-108": uno.MATTEL_108,
    "swedish": uno.SWEDISH,
    "danish": uno.DANISH,
}


# -- the profiles (Appendix B) ------------------------------------------------------------------


@pytest.mark.parametrize("name", list(APPENDIX_B))
def test_appendix_b_profile_values_field_by_field(name: str) -> None:
    """Appendix B, §3 and C5/C6/C9/C10/C12: each profile's options, one by one."""
    rules = uno.get_profile(name)
    assert rules is NAMED[name]
    assert uno.PROFILES[name] is rules
    for field, value in {**COMMON, **APPENDIX_B[name]}.items():
        assert getattr(rules, field) == value, f"{name}.{field}"


@pytest.mark.parametrize(
    ("name", "size"), [("mattel", 112), ("mattel-108", 108), ("swedish", 108), ("danish", 108)]
)
def test_appendix_b_deck_sizes(name: str, size: int) -> None:
    """Appendix B `deck`: 112 (mattel), 108 (the others); R1.1, R1.2."""
    rules = uno.get_profile(name)
    assert rules.deck_size == size
    assert len(rules.deck()) == size
    s = uno.new_game(4, name, seed=3)
    assert s.draw_pile_size + sum(map(len, s.hands)) + len(s.discard_pile) == size


def test_appendix_b_mattel_customizable_count_zero_to_three() -> None:
    """Appendix B: "112 (WC count 0-3, default 3)"; R1.4, A10."""
    assert [attrs.evolve(uno.MATTEL, customizable_cards=k).deck_size for k in range(4)] == [
        109,
        110,
        111,
        112,
    ]


def test_appendix_b_points_table() -> None:
    """Appendix B `points`: "0-9 face, 20, 50, WSH/WC 40" (R13.1, A1)."""
    for name in APPENDIX_B:
        rules = uno.get_profile(name)
        assert [
            rules.card_points(uno.Card.parse(c))
            for c in ("R0", "Y7", "G9", "BS", "RR", "Y+2", "W", "W+4", "WS", "WC")
        ] == [0, 7, 9, 20, 20, 20, 50, 50, 40, 40]


def test_appendix_b_dealer_cut_symbols_count_zero() -> None:
    """Appendix B `dealer_symbol_value` 0 in every profile (R3.1, A16)."""
    assert uno.cut_for_dealer(["RS", "G3", "W+4", "Y2"]) == (1,)
    assert uno.cut_for_dealer(["R+2", "W", "Y0"]) == (0, 1, 2)


def test_c12_stacking_and_every_house_rule_off_in_all_profiles() -> None:
    """C12: "Stacking: off in all four profiles"; house rules are options (§2.7)."""
    for rules in NAMED.values():
        for field, value in HOUSE_RULES_OFF.items():
            assert getattr(rules, field) == value


def test_mattel_is_the_default_rules() -> None:
    """`uno.Rules` defaults = mattel; new_game without rules plays mattel."""
    assert uno.Rules() == uno.MATTEL
    assert uno.new_game(3, seed=1).rules == uno.MATTEL


# -- validation ---------------------------------------------------------------------------------


def raises_naming(*names: str) -> AbstractContextManager[pytest.ExceptionInfo[uno.RulesError]]:
    return pytest.raises(uno.RulesError, match=".*".join(names))


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(uno.RulesError, ValueError)


def test_customizable_effect_needs_customizable_cards() -> None:
    """A10: a Wild Customizable effect on a 108-card profile makes no sense."""
    with raises_naming("customizable_effect", "customizable_cards"):
        attrs.evolve(uno.MATTEL_108, customizable_effect="extra-turn")
    assert attrs.evolve(uno.MATTEL, customizable_effect="extra-turn").customizable_effect == (
        "extra-turn"
    )


def test_unknown_customizable_effect_is_rejected() -> None:
    with raises_naming("customizable_effect", "no-such-effect"):
        attrs.evolve(uno.MATTEL, customizable_effect="no-such-effect")


@pytest.mark.parametrize(
    ("changes", "names"),
    [
        ({"target": 0}, ("target",)),
        ({"target": -5}, ("target",)),
        ({"teams": 1}, ("teams",)),
        ({"teams": 11}, ("teams",)),
        ({"hand_size": 0}, ("hand_size",)),
        ({"hand_size": 11}, ("hand_size",)),
        ({"customizable_cards": 4}, ("customizable_cards",)),
        ({"shuffle_hands_cards": 2}, ("shuffle_hands_cards",)),
        ({"uno_penalty": -1}, ("uno_penalty",)),
        ({"false_uno_penalty": -2}, ("false_uno_penalty",)),
        ({"draw_up_to": 0}, ("draw_up_to",)),
    ],
)
def test_out_of_range_options_raise_rules_error_naming_the_option(
    changes: dict[str, Any], names: tuple[str, ...]
) -> None:
    with raises_naming(*names):
        attrs.evolve(uno.MATTEL, **changes)


def test_draw_until_playable_conflicts_with_draw_up_to() -> None:
    """§2.7: two different draw rules: choose one."""
    with raises_naming("draw_until_playable", "draw_up_to=3"):
        attrs.evolve(uno.MATTEL, draw_until_playable=True, draw_up_to=3)


def test_draw_until_playable_needs_play_drawn_card() -> None:
    """A18: "the first playable card drawn must be played"."""
    with raises_naming("draw_until_playable", "play_drawn_card"):
        attrs.evolve(uno.MATTEL, draw_until_playable=True, play_drawn_card=False)


def test_shuffle_hands_go_out_needs_a_shuffle_hands_card() -> None:
    with raises_naming("shuffle_hands_last_card", "shuffle_hands_cards"):
        attrs.evolve(uno.SWEDISH, shuffle_hands_last_card=uno.ShuffleHandsLastCard.GO_OUT)


def test_wrong_types_are_rejected() -> None:
    with raises_naming("stacking"):
        attrs.evolve(uno.MATTEL, stacking="same_type")  # type: ignore[arg-type]
    with raises_naming("target"):
        attrs.evolve(uno.MATTEL, target="500")  # type: ignore[arg-type]


def test_rules_from_options_unknown_name_suggests_the_close_one() -> None:
    with raises_naming("unknown rule option", "'stack'", "did you mean", "'stacking'"):
        rules_from_options(uno.MATTEL, {"stack": "same_type"})
    with raises_naming("unknown rule option", "'voluntary_drawing'", "'voluntary_draw'"):
        rules_from_options(uno.MATTEL, {"voluntary_drawing": True})
    with pytest.raises(uno.RulesError) as info:
        rules_from_options(uno.MATTEL, {"zzzz": 1})
    assert "did you mean" not in str(info.value)


@pytest.mark.parametrize(
    ("options", "names"),
    [
        ({"stacking": "yes"}, ("stacking", "same_type")),
        ({"target": "500"}, ("target",)),
        ({"voluntary_draw": 1}, ("voluntary_draw",)),
        ({"points": {"wild": 40, "joker": 10}}, ("points", "joker")),
        ({"points": {"wild": -1}}, ("points.wild",)),
        ({"customizable_effect": 3}, ("customizable_effect",)),
    ],
)
def test_rules_from_options_bad_values_raise_rules_error(
    options: dict[str, object], names: tuple[str, ...]
) -> None:
    with raises_naming(*names):
        rules_from_options(uno.MATTEL, options)


def test_rules_from_options_conflicts_are_checked_too() -> None:
    with raises_naming("draw_until_playable", "draw_up_to"):
        rules_from_options(uno.MATTEL, {"draw_until_playable": True, "draw_up_to": 3})
    with raises_naming("customizable_effect", "customizable_cards"):
        rules_from_options(uno.MATTEL_108, {"customizable_effect": "extra-turn"})


def test_rules_from_options_builds_on_the_base() -> None:
    rules = rules_from_options(
        uno.SWEDISH, {"stacking": "mixed", "target": 250, "points": {"wild": 40}}
    )
    assert rules == attrs.evolve(
        uno.SWEDISH, stacking=uno.Stacking.MIXED, target=250, points=uno.CardPoints(wild=40)
    )


@pytest.mark.parametrize("name", list(APPENDIX_B))
def test_rules_to_options_round_trips(name: str) -> None:
    rules = uno.get_profile(name)
    assert rules_from_options(uno.MATTEL, rules_to_options(rules)) == rules
    assert rules_from_options(uno.MATTEL, rules_to_options(rules, uno.MATTEL)) == rules


def test_rules_to_options_lists_only_differences_from_base() -> None:
    assert rules_to_options(uno.DANISH, uno.MATTEL_108) == {
        "first_discard": "no_effects",
        "voluntary_draw": False,
        "wd4_blockers": "any_legal_card",
        "wd4_bluff": "take_back",
    }


# -- the registry -----------------------------------------------------------------------------


@pytest.fixture
def registered() -> Iterator[list[str]]:
    """Names registered by a test, removed again afterwards (the registry is global)."""
    names: list[str] = []
    yield names
    for name in names:
        rules_mod._PROFILES.unregister(name)


def test_register_profile_then_get_profile_and_new_game_by_name(registered: list[str]) -> None:
    house = attrs.evolve(uno.MATTEL, stacking=uno.Stacking.SAME_TYPE, seven_o=True)
    registered.append("test-house")
    uno.register_profile("test-house", house)
    assert uno.get_profile("test-house") is house
    assert uno.PROFILES["test-house"] is house
    assert uno.new_game(3, "test-house", seed=2).rules == house


def test_register_profile_needs_replace_for_an_existing_name(registered: list[str]) -> None:
    registered.append("test-twice")
    uno.register_profile("test-twice", uno.MATTEL_108)
    with pytest.raises(ValueError, match="replace=True"):
        uno.register_profile("test-twice", uno.SWEDISH)
    assert uno.get_profile("test-twice") is uno.MATTEL_108
    uno.register_profile("test-twice", uno.SWEDISH, replace=True)
    assert uno.get_profile("test-twice") is uno.SWEDISH


@pytest.mark.parametrize("name", list(APPENDIX_B))
def test_built_in_profiles_cannot_be_replaced(name: str) -> None:
    with pytest.raises(ValueError, match="built-in"):
        uno.register_profile(name, uno.MATTEL_108, replace=True)
    assert uno.get_profile(name) is NAMED[name]


def test_register_profile_checks_name_and_value() -> None:
    for bad in ("", "  ", " padded"):
        with pytest.raises(ValueError, match="profile name"):
            uno.register_profile(bad, uno.MATTEL)
    with pytest.raises(TypeError, match="Rules"):
        uno.register_profile("test-not-rules", {"stacking": "mixed"})  # type: ignore[arg-type]
    assert "test-not-rules" not in uno.PROFILES


def test_get_profile_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(
        ValueError, match=r"unknown rules profile 'hoyle'; known profiles: "
    ) as info:
        uno.get_profile("hoyle")
    listed = str(info.value).split("known profiles: ")[1].split(", ")
    assert {"mattel", "mattel-108", "swedish", "danish"} <= set(listed)
    with pytest.raises(ValueError, match="unknown rules profile"):
        uno.new_game(2, "hoyle")


def test_profiles_mapping_is_read_only() -> None:
    with pytest.raises(TypeError):
        uno.PROFILES["x"] = uno.MATTEL  # type: ignore[index]


# -- compare_profiles() -----------------------------------------------------------------------


def test_compare_profiles_has_a_row_per_option_with_its_rule() -> None:
    rows = uno.compare_profiles(["mattel", "mattel-108", "swedish", "danish"])
    assert [r[0] for r in rows] == [a.name for a in attrs.fields(uno.Rules)]
    by_name = {name: values for name, _, values in rows}
    assert by_name["voluntary_draw"] == ["yes", "yes", "no", "no"]
    assert by_name["two_player_reverse"] == ["skip", "skip", "pass", "skip"]
    assert by_name["wd4_bluff"] == ["challenge", "challenge", "extra_four", "take_back"]
    assert by_name["customizable_cards"] == ["3", "0", "0", "0"]
    assert dict((n, ref) for n, ref, _ in rows)["two_player_reverse"] == "R5.5, A3"


def test_compare_profiles_is_generated_from_the_registered_data(registered: list[str]) -> None:
    """Changing a registered profile's option changes its column."""
    registered.append("test-cmp")
    uno.register_profile("test-cmp", attrs.evolve(uno.MATTEL, target=300))
    before = {n: v for n, _, v in uno.compare_profiles(["mattel", "test-cmp"])}
    assert before["target"] == ["500", "300"]
    assert before["stacking"] == ["none", "none"]
    uno.register_profile(
        "test-cmp",
        attrs.evolve(uno.MATTEL, target=250, stacking=uno.Stacking.MIXED),
        replace=True,
    )
    after = {n: v for n, _, v in uno.compare_profiles(["mattel", "test-cmp"])}
    assert after["target"] == ["500", "250"]
    assert after["stacking"] == ["none", "mixed"]
    changed = {n for n in before if before[n] != after[n]}
    assert changed == {"target", "stacking"}
    assert "test-cmp" in [None, *uno.PROFILES]
    assert len(uno.compare_profiles()[0][2]) == len(uno.PROFILES)


def test_every_option_is_documented_with_the_rule_it_models() -> None:
    """Issue 3: each option's documentation names the rule it models. The Rules docstring
    (help() and the API reference) carries every field, its help text and its reference."""
    doc = uno.Rules.__doc__ or ""
    for field in attrs.fields(uno.Rules):
        help_text, rule = field.metadata["help"], field.metadata["rule"]
        assert help_text and rule, field.name
        assert f"``{field.name}`` (``mattel``: " in doc, field.name
        assert f"Models {rule}." in doc, field.name


def test_equal_rules_hash_alike_made_anew_copied_or_pickled() -> None:
    """Rules are dictionary keys (the profile registry, the encoders' tables): equal rules
    hash alike however they were made, and the hash is kept with the object (computed
    once: hashing compares every option), so a copy or an unpickled one hashes alike."""
    import copy
    import pickle

    made = uno.MATTEL.but(hand_size=6, seven_o=True)
    again = attrs.evolve(uno.MATTEL, hand_size=6, seven_o=True)
    assert made == again and made is not again
    assert hash(made) == hash(again) == hash(made)
    for other in (copy.copy(made), copy.deepcopy(made), pickle.loads(pickle.dumps(made))):
        assert other == made and hash(other) == hash(made)
    assert made != uno.MATTEL.but(hand_size=6)
    assert {made: 1}[again] == 1
