"""One test per error code of SPEC §5, each on a transcript built for it: the report names
the round, the action index, the code and the JSON path."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

import unorules as uno
from unorules.agents import bots
from unorules.formats import transcript

ANN = ["R1", "R5", "G2", "B7", "Y4", "W", "G+2"]
BO = ["B1", "B3", "Y7", "G9", "RS", "Y0", "W+4"]


def game(
    actions: list[dict[str, Any]],
    *,
    rules: object = "mattel",
    hands: list[list[str]] | None = None,
    turned: list[str] | None = None,
    dealer: int = 1,
    **top: Any,
) -> dict[str, Any]:
    """A two-player transcript with an explicit deal and no draw pile."""
    doc: dict[str, Any] = {
        "format": "unorules/1",
        "rules": rules,
        "players": ["Ann", "Bo"],
        "rounds": [
            {
                "dealer": dealer,
                "hands": hands if hands is not None else [ANN, BO],
                "turned": turned if turned is not None else ["R7"],
                "actions": actions,
            }
        ],
    }
    doc.update(top)
    return doc


def check(
    doc: object, code: str, round: int | None, index: int | None, path: str
) -> transcript.Report:
    """Validate and assert exactly where and why the transcript fails."""
    report = transcript.validate(doc)
    assert report.error is not None, "expected an invalid transcript"
    err = report.error
    assert (err.code.value, err.round, err.index, err.path) == (code, round, index, path), err
    assert err.message and "\n" not in err.message
    assert not report.valid
    return report


def seeded_game(profile: str, seed: int) -> dict[str, Any]:
    start = uno.new_game(2, profile, seed=seed)
    actions = [a for a, _ in bots.play(start, bots.random_bots(2, seed), rounds=1)]
    data: dict[str, Any] = transcript.record(start, actions).to_dict()
    return data


def standalone_games(profile: str) -> Iterator[dict[str, Any]]:
    for seed in range(200):
        start = uno.new_game(2, profile, seed=seed)
        actions = [a for a, _ in bots.play(start, bots.random_bots(2, seed), rounds=2)]
        yield transcript.record(start, actions, seed=False).to_dict()


# == malformed ==================================================================================


def test_malformed_names_the_json_path_of_the_bad_value() -> None:
    doc = seeded_game("mattel", 3)
    assert len(doc["rounds"][0]["actions"]) > 12
    doc["rounds"][0]["actions"][12] = {"player": 0, "play": "W", "color": "mauve"}
    check(doc, "malformed", 0, 12, "$.rounds[0].actions[12].color")


def test_a_malformed_action_reports_the_state_after_the_last_valid_action() -> None:
    # SPEC §6: final is the state after the last valid action, here the twelfth.
    doc = seeded_game("mattel", 3)
    valid = copy.deepcopy(doc)
    del valid["rounds"][0]["actions"][12:]
    valid.pop("result", None)
    expected = transcript.validate(valid)
    assert expected.valid and expected.actions == 12 and expected.final is not None
    doc["rounds"][0]["actions"][12] = {"player": 0, "play": "W", "color": "mauve"}
    report = check(doc, "malformed", 0, 12, "$.rounds[0].actions[12].color")
    assert (report.rounds, report.actions) == (1, 12)
    assert report.final == expected.final and report.scores == expected.scores
    assert report.state == expected.state


def test_a_malformed_round_entry_reports_the_state_after_the_rounds_before_it() -> None:
    start = uno.new_game(2, "mattel", seed=5)
    actions = [a for a, _ in bots.play(start, bots.random_bots(2, 5), rounds=2)]
    doc: dict[str, Any] = transcript.record(start, actions).to_dict()
    assert len(doc["rounds"]) == 2
    first = copy.deepcopy(doc)
    del first["rounds"][1:]
    first.pop("result", None)
    expected = transcript.validate(first)
    doc["rounds"][1]["dealer"] = 0  # a deal needs hands and turned too
    report = check(doc, "malformed", 1, None, "$.rounds[1]")
    assert (report.rounds, report.actions) == (1, len(doc["rounds"][0]["actions"]))
    assert report.final == expected.final and report.state == expected.state


def test_an_illegal_action_before_a_malformed_one_is_the_first_problem() -> None:
    doc = seeded_game("mattel", 3)
    doc["rounds"][0]["actions"][12] = {"player": 0, "play": "W", "color": "mauve"}
    first = doc["rounds"][0]["actions"][2]
    first["player"] = 1 - first["player"]  # out of turn, before the malformed action
    report = check(doc, "not_your_turn", 0, 2, "$.rounds[0].actions[2]")
    assert report.actions == 2


_TOP = '{"format": "unorules/1", "rules": "mattel", "players": 2, '


@pytest.mark.parametrize(
    ("text", "round", "path", "words"),
    [
        ('{"format": "unorules/1", "rules": "mattel"', None, "$", "not JSON"),
        ("[]", None, "$", "a transcript is a JSON object"),
        ('{"format": "unorules/2"}', None, "$.format", "unorules/1"),
        ('{"format": "unorules/1", "format": "unorules/1"}', None, "$", "twice"),
        (_TOP + '"seed": NaN, "rounds": [{"actions": []}]}', None, "$", "not JSON"),
        (_TOP + '"seed": -1, "rounds": [{"actions": []}]}', None, "$.seed", "seed"),
        (_TOP + '"seed": 1, "rounds": []}', None, "$.rounds", "at least one round"),
        (_TOP + '"seed": 1, "rounds": [{"actions": []}], "x": 1}', None, "$.x", "unknown key"),
        (
            _TOP.replace('"players": 2', '"players": 1')
            + '"seed": 1, "rounds": [{"actions": []}]}',
            None,
            "$.players",
            "2 to 10",
        ),
        (_TOP + '"rounds": [{"actions": []}]}', 0, "$.rounds[0]", "unless the transcript"),
        (
            _TOP + '"seed": 1, "rounds": [{"actions": [], "turned": ["R1"]}]}',
            0,
            "$.rounds[0]",
            "missing 'dealer'",
        ),
        (
            _TOP + '"seed": 1, "rounds": [{"actions": {}}]}',
            0,
            "$.rounds[0].actions",
            "actions is a list",
        ),
    ],
)
def test_malformed_documents(text: str, round: int | None, path: str, words: str) -> None:
    report = check(text, "malformed", round, None, path)
    assert report.error is not None and words in report.error.message


@pytest.mark.parametrize(
    ("action", "path", "words"),
    [
        ({"player": 0, "draw": True, "pass": True}, ".pass", "two verbs"),
        ({"player": 0}, "", "needs one of"),
        ({"play": "R5"}, "", 'missing "player"'),
        ({"player": 0, "play": "R5", "colour": "red"}, ".colour", "unknown key"),
        ({"player": 0, "draw": True, "color": "red"}, ".color", "goes only with play"),
        ({"player": "0", "play": "R5"}, ".player", "whole number"),
        ({"player": True, "play": "R5"}, ".player", "whole number"),
        ({"player": 0, "play": "R10"}, ".play", "not a card"),
        ({"player": 0, "draw": False}, ".draw", "expected true"),
        ({"player": 0, "play": "R5", "uno": "yes"}, ".uno", "true or false"),
        ({"player": 0, "draw": True, "drawn": "R5"}, ".drawn", "list of cards"),
        ({"player": 0, "draw": True, "drawn": ["R5", 7]}, ".drawn[1]", "a card is a string"),
        (
            {"player": 0, "play": "WS", "color": "red", "hands": [["R1"], "B2"]},
            ".hands[1]",
            "list of cards",
        ),
        ({"player": 0, "choose_color": "Red"}, ".choose_color", "a color is one of"),
        ({"player": 0, "catch": -1}, ".catch", "whole number"),
    ],
)
def test_malformed_actions(action: dict[str, Any], path: str, words: str) -> None:
    doc = game([{"player": 0, "play": "R5"}, action])
    report = check(doc, "malformed", 0, 1, "$.rounds[0].actions[1]" + path)
    assert report.error is not None and words in report.error.message


def test_malformed_bytes_that_are_not_utf8() -> None:
    report = check(b'{"format": "\xff"}', "malformed", None, None, "$")
    assert report.error is not None and "UTF-8" in report.error.message


def test_malformed_result() -> None:
    check(game([], result={"scores": "0 0"}), "malformed", None, None, "$.result.scores")
    check(game([], result={"points": [0, 0]}), "malformed", None, None, "$.result.points")


# == unknown_rules ==============================================================================


def test_unknown_rules_profile() -> None:
    report = check(game([], rules="uno-flip"), "unknown_rules", None, None, "$.rules")
    assert report.error is not None and "known profiles" in report.error.message


def test_unknown_rules_option_names_the_option() -> None:
    doc = game([], rules={"profile": "mattel", "options": {"seven_o": True, "stack": "mixed"}})
    report = check(doc, "unknown_rules", None, None, "$.rules.options.stack")
    assert report.error is not None and "did you mean 'stacking'" in report.error.message


def test_option_value_and_conflict_are_malformed_unknown_profile_is_unknown_rules() -> None:
    """SPEC §5 keeps unknown_rules for names that are not known; a known option with a
    value it cannot take, or options in conflict, are malformed (issue 11, item 4)."""
    doc = game([], rules={"profile": "mattel", "options": {"stacking": "always"}})
    check(doc, "malformed", None, None, "$.rules.options.stacking")
    both = {"draw_until_playable": True, "draw_up_to": 3}
    doc = game([], rules={"profile": "mattel", "options": both})
    check(doc, "malformed", None, None, "$.rules.options")
    doc = game([], rules={"profile": "dutch"})
    check(doc, "unknown_rules", None, None, "$.rules.profile")


def test_rules_override_replaces_unknown_rules() -> None:
    doc = game([{"player": 0, "play": "R5"}], rules="uno-flip")
    assert transcript.validate(doc, rules="mattel").valid
    with pytest.raises(ValueError, match="unknown rules profile"):
        transcript.validate(doc, rules="uno-flip")


# == bad_deal ===================================================================================


def test_bad_deal_wrong_hand_size() -> None:
    report = check(game([], hands=[ANN, BO[:6]]), "bad_deal", 0, None, "$.rounds[0]")
    assert report.error is not None and "seat 1 was dealt 6 cards, not 7" in report.error.message
    assert report.rounds == 0 and report.final is None


def test_bad_deal_cards_not_of_the_deck() -> None:
    doc = game([], hands=[ANN, ["W+4"] * 5 + ["R1", "R2"]])
    report = check(doc, "bad_deal", 0, None, "$.rounds[0]")
    assert report.error is not None and "W+4" in report.error.message


def test_bad_deal_draw_pile_that_is_not_the_rest_of_the_deck() -> None:
    doc = game([])
    doc["rounds"][0]["draw_pile"] = ["B2", "B4"]
    check(doc, "bad_deal", 0, None, "$.rounds[0]")


def test_bad_deal_dealer_not_at_the_table() -> None:
    check(game([], dealer=7), "bad_deal", 0, None, "$.rounds[0]")


def test_bad_deal_later_dealer_must_follow_the_deal_passing_left() -> None:
    doc = next(g for g in standalone_games("mattel-108") if len(g["rounds"]) == 2)
    first, second = doc["rounds"]
    assert second["dealer"] == (first["dealer"] + 1) % 2
    assert transcript.validate(doc).valid
    second["dealer"] = first["dealer"]
    report = check(doc, "bad_deal", 1, None, "$.rounds[1]")
    assert report.error is not None and "dealer" in report.error.message
    assert report.rounds == 1 and report.final is not None
    assert report.final.phase == "round_over"


# == the actions' codes =========================================================================


def test_not_your_turn() -> None:
    report = check(
        game([{"player": 1, "play": "G9"}]), "not_your_turn", 0, 0, "$.rounds[0].actions[0]"
    )
    assert report.error is not None and "it is player 0's turn" in report.error.message
    check(game([{"player": 5, "play": "G9"}]), "not_your_turn", 0, 0, "$.rounds[0].actions[0]")
    check(game([{"player": 10**30, "draw": True}]), "not_your_turn", 0, 0, "$.rounds[0].actions[0]")


def test_wrong_phase_play_while_a_challenge_is_pending() -> None:
    actions = [
        {"player": 0, "play": "R5"},
        {"player": 1, "play": "W+4", "color": "green"},
        {"player": 0, "play": "G2"},
    ]
    report = check(game(actions), "wrong_phase", 0, 2, "$.rounds[0].actions[2]")
    assert report.final is not None and report.final.phase == "challenge"
    assert report.actions == 2


def test_wrong_phase_next_round_before_the_round_has_ended() -> None:
    doc = next(g for g in standalone_games("mattel") if len(g["rounds"]) == 2)
    doc["rounds"][0]["actions"].pop()
    report = check(doc, "wrong_phase", 1, None, "$.rounds[1]")
    assert report.error is not None and "still being played" in report.error.message


def test_wrong_phase_a_round_after_the_match_is_over() -> None:
    rules = {"profile": "mattel", "options": {"target": 1}}
    start = uno.new_game(2, uno.rules.rules_from_options(uno.MATTEL, {"target": 1}), seed=2)
    actions = [a for a, _ in bots.play(start, bots.random_bots(2, 2))]
    doc = transcript.record(start, actions, seed=False).to_dict()
    assert doc["rules"] == rules and len(doc["rounds"]) == 1
    doc["rounds"].append(doc["rounds"][0])
    check(doc, "wrong_phase", 1, None, "$.rounds[1]")


def test_card_not_in_hand() -> None:
    report = check(
        game([{"player": 0, "play": "B9"}]), "card_not_in_hand", 0, 0, "$.rounds[0].actions[0]"
    )
    assert report.error is not None and "does not hold B9" in report.error.message


def test_card_does_not_match() -> None:
    actions = [
        {"player": 0, "play": "R5"},
        {"player": 1, "play": "RS"},
        {"player": 1, "play": "G9"},
    ]
    report = check(game(actions), "card_does_not_match", 0, 2, "$.rounds[0].actions[2]")
    assert report.final is not None and report.final.top_card == "RS"
    assert report.final.current_player == 1 and report.final.color == "red"


def test_wild_restricted() -> None:
    doc = game([{"player": 0, "play": "W", "color": "red"}], rules="swedish", turned=["G5"])
    check(doc, "wild_restricted", 0, 0, "$.rounds[0].actions[0]")


def test_bad_color() -> None:
    check(game([{"player": 0, "play": "W"}]), "bad_color", 0, 0, "$.rounds[0].actions[0]")
    doc = game([{"player": 0, "play": "R5", "color": "red"}])
    check(doc, "bad_color", 0, 0, "$.rounds[0].actions[0]")


def test_draw_mismatch_missing_drawn_without_draw_pile() -> None:
    hands = [["R1", "R5", "G2", "B8", "Y4", "B9", "G+2"], BO]
    actions: list[dict[str, Any]] = [
        {"player": 0, "play": "Y4"},
        {"player": 1, "play": "Y7"},
        {"player": 0, "draw": True},
    ]
    report = check(
        game(actions, rules="danish", hands=hands, turned=["Y3"]),
        "draw_mismatch",
        0,
        2,
        "$.rounds[0].actions[2]",
    )
    assert report.error is not None and "name them in order in drawn" in report.error.message
    actions[2]["drawn"] = ["B2"]
    assert transcript.validate(game(actions, rules="danish", hands=hands, turned=["Y3"])).valid


def test_draw_mismatch_named_card_not_in_the_pile_or_too_many() -> None:
    hands = [["R1", "R5", "G2", "B8", "Y4", "B9", "G+2"], BO]
    base = [{"player": 0, "play": "Y4"}, {"player": 1, "play": "Y7"}]
    taken = game(
        [*base, {"player": 0, "draw": True, "drawn": ["Y0"]}],
        rules="danish",
        hands=hands,
        turned=["Y3"],
    )
    report = check(taken, "draw_mismatch", 0, 2, "$.rounds[0].actions[2]")
    assert report.error is not None and "Y0, which is not in the draw pile" in report.error.message
    two = game(
        [*base, {"player": 0, "draw": True, "drawn": ["B2", "B3"]}],
        rules="danish",
        hands=hands,
        turned=["Y3"],
    )
    report = check(two, "draw_mismatch", 0, 2, "$.rounds[0].actions[2]")
    assert report.error is not None and "draws 1" in report.error.message


def test_draw_mismatch_against_the_known_draw_pile() -> None:
    doc = next(standalone_games("mattel"))
    rnd = doc["rounds"][0]
    index = next(i for i, a in enumerate(rnd["actions"]) if "draw" in a)
    assert "drawn" not in rnd["actions"][index]
    state = transcript.replay(transcript.Transcript.from_dict(doc))[index]  # before the draw
    top = str(state.draw_pile[0])
    other = next(str(c) for c in state.draw_pile if str(c) != top)
    rnd["actions"][index]["drawn"] = [top]
    assert transcript.validate(doc).valid
    rnd["actions"][index]["drawn"] = [other]
    report = check(doc, "draw_mismatch", 0, index, f"$.rounds[0].actions[{index}]")
    assert report.error is not None and f"next card is {top}" in report.error.message


def test_draw_mismatch_when_the_known_pile_is_rebuilt() -> None:
    resolved = uno.rules.rules_from_options(uno.MATTEL_108, {"draw_until_playable": True})
    for seed in range(100):
        start = uno.new_game(2, resolved, seed=seed)
        actions = [a for a, _ in bots.play(start, bots.random_bots(2, seed), rounds=1)]
        doc = transcript.record(start, actions, seed=False).to_dict()
        named = [i for i, a in enumerate(doc["rounds"][0]["actions"]) if "drawn" in a]
        if named:
            break
    else:
        pytest.fail("no game rebuilt its draw pile")
    first = named[0]
    del doc["rounds"][0]["actions"][first]["drawn"]
    report = check(doc, "draw_mismatch", 0, first, f"$.rounds[0].actions[{first}]")
    assert report.error is not None and "rebuilt" in report.error.message


def test_draw_mismatch_wild_shuffle_hands_without_hands() -> None:
    for doc in standalone_games("mattel"):
        found = [
            (r, i)
            for r, rnd in enumerate(doc["rounds"])
            for i, a in enumerate(rnd["actions"])
            if "hands" in a
        ]
        if found:
            break
    else:
        pytest.fail("no game played a Wild Shuffle Hands")
    r, i = found[0]
    assert transcript.validate(doc).valid
    del doc["rounds"][r]["actions"][i]["hands"]
    report = check(doc, "draw_mismatch", r, i, f"$.rounds[{r}].actions[{i}]")
    assert report.error is not None and "Wild Shuffle Hands" in report.error.message


def test_draw_mismatch_first_draw_two_needs_a_draw_pile() -> None:
    report = check(game([], turned=["R+2"]), "draw_mismatch", 0, None, "$.rounds[0]")
    assert report.error is not None and "give the draw pile" in report.error.message


def test_nothing_to_catch() -> None:
    actions: list[dict[str, Any]] = [
        {"player": 0, "play": "R5", "uno": True},
        {"player": 1, "catch": 0},
    ]
    rules = {"profile": "mattel", "options": {"hand_size": 2}}
    doc = game(actions, rules=rules, hands=[["R1", "R5"], ["G9", "B3"]])
    report = check(doc, "nothing_to_catch", 0, 1, "$.rounds[0].actions[1]")
    assert report.error is not None and "said UNO" in report.error.message
    actions[0]["uno"] = False
    actions[1]["drawn"] = ["B2", "B4"]  # no draw pile: the penalty cards are named
    assert transcript.validate(doc).valid
    actions[1]["catch"] = 10**30
    check(doc, "nothing_to_catch", 0, 1, "$.rounds[0].actions[1]")


def test_result_mismatch() -> None:
    rules = {"profile": "mattel-108", "options": {"hand_size": 2}}
    actions = [
        {"player": 0, "play": "R5", "uno": True},
        {"player": 1, "draw": True, "drawn": ["Y0"]},
        {"player": 0, "play": "R1"},
    ]
    hands = [["R1", "R5"], ["G9", "B3"]]
    good = game(actions, rules=rules, hands=hands, result={"scores": [12, 0]})
    assert transcript.validate(good).valid
    bad = copy.deepcopy(good)
    bad["result"]["scores"] = [0, 12]
    report = check(bad, "result_mismatch", None, None, "$.result.scores")
    assert report.scores == (12, 0) and report.final is not None
    assert report.final.phase == "round_over"
    short = copy.deepcopy(good)
    short["result"]["scores"] = [12]
    check(short, "result_mismatch", None, None, "$.result.scores")


def test_every_code_has_a_test() -> None:
    names = {name for name in globals() if name.startswith("test_")}
    for code in uno.ErrorCode:
        assert any(code.value in name for name in names), code


def test_report_to_dict_is_json() -> None:
    report = transcript.validate(game([{"player": 0, "play": "R5"}, {"player": 1, "play": "G9"}]))
    data = json.loads(json.dumps(report.to_dict()))
    assert data["error"] == {
        "round": 0,
        "index": 1,
        "code": "card_does_not_match",
        "message": report.error.message if report.error else None,
        "path": "$.rounds[0].actions[1]",
    }
    assert data["final"] == {
        "phase": "play",
        "current_player": 1,
        "color": "red",
        "top_card": "R5",
        "direction": 1,
        "hand_sizes": [6, 7],
    }
    assert data["scores"] == [0, 0] and data["rounds"] == 1 and data["actions"] == 1


def test_draw_mismatch_a_false_uno_penalty_is_named_by_the_play() -> None:
    """SPEC §1: ``drawn`` names every card the action makes anyone draw, so the cards of a
    false UNO call's penalty (false_uno_penalty, C16) are named by the play that made it.
    A call with a play is false only when the play's own effect leaves the player another
    number of cards once it has resolved (C7): here a Seven-O 7 laid as the next-to-last
    card swaps for a hand of two (a call with a play that keeps two cards is refused)."""
    rules = {
        "profile": "mattel",
        "options": {"hand_size": 2, "seven_o": True, "false_uno_penalty": 2},
    }
    hands = [["R7", "G2"], ["B1", "B3"]]
    swap = {"player": 0, "play": "R7", "uno": True, "target": 1}
    named = [{**swap, "drawn": ["Y1", "Y2"]}]
    report = transcript.validate(game(named, rules=rules, hands=hands, turned=["R4"]))
    assert report.valid, report
    assert report.state is not None
    assert [[str(c) for c in h] for h in report.state.hands] == [["Y1", "Y2", "B1", "B3"], ["G2"]]
    unnamed = [swap]
    check(
        game(unnamed, rules=rules, hands=hands, turned=["R4"]),
        "draw_mismatch",
        0,
        0,
        "$.rounds[0].actions[0]",
    )


def test_a_false_uno_call_names_its_penalty_in_a_transcript_without_draw_pile() -> None:
    """A standalone false UNO call draws its penalty; without a draw pile the transcript
    names those cards in ``drawn`` (SPEC §1), and without them it is draw_mismatch."""
    rules = {"profile": "mattel", "options": {"hand_size": 3, "false_uno_penalty": 2}}
    hands = [["R1", "R5", "G2"], ["B1", "B3", "W"]]
    named = [{"player": 0, "call_uno": True, "drawn": ["Y1", "Y2"]}]
    report = transcript.validate(game(named, rules=rules, hands=hands))
    assert report.valid, report
    assert report.state is not None
    assert [str(c) for c in report.state.hands[0]] == ["R1", "R5", "Y1", "Y2", "G2"]
    unnamed = [{"player": 0, "call_uno": True}]
    check(game(unnamed, rules=rules, hands=hands), "draw_mismatch", 0, 0, "$.rounds[0].actions[0]")


def test_host_only_comes_from_apply_from_seat_never_from_a_transcript() -> None:
    # A transcript holds the whole log, chance included: drawn= is valid there...
    rules = {"profile": "mattel", "options": {"hand_size": 2}}
    hands = [["B2", "G5"], ["B1", "Y9"]]
    doc = game([{"player": 0, "draw": True, "drawn": ["G1"]}], rules=rules, hands=hands)
    assert transcript.validate(doc).valid
    # ...while a seat that sends it to a host is refused with host_only.
    start = transcript.replay(transcript.loads(json.dumps(game([], rules=rules, hands=hands))))
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply_from_seat(start[0], 0, uno.Draw(0, drawn=["G1"]))
    assert info.value.code is uno.ErrorCode.HOST_ONLY


def test_a_flip_card_named_by_a_face_two_cards_show_is_ambiguous_card() -> None:
    """ambiguous_card (UNO Flip!, FL2.2): "B2" names two cards of the hand (B2|O8 and
    B2|P6); the report lists them and points at the action."""
    doc = {
        "format": "unorules/1",
        "rules": "mattel-flip",
        "players": ["Ann", "Bo"],
        "rounds": [
            {
                "dealer": 1,
                "hands": [
                    ["B2|O8", "B2|P6", "G7|O6", "R5|P2", "Y8|O2", "W|P5", "RF|P8"],
                    ["B3|V8", "Y9|T5", "G1|O5", "R8|T7", "Y2|T1", "BS|P9", "GR|O1"],
                ],
                "turned": ["B7|O3"],
                "actions": [{"player": 0, "play": "B2"}],
            }
        ],
    }
    report = transcript.validate(json.dumps(doc))
    assert report.error is not None
    assert report.error.code.value == "ambiguous_card"
    assert report.error.path == "$.rounds[0].actions[0]"
    assert report.error.message.endswith("name one of B2|P6, B2|O8")
