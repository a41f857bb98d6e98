"""Public JSON for actions and views (unorules.formats.jsonio): round trips of every action kind
and of the views of real games under every profile and house rule, one writer shared with
transcripts, and strict reading with errors that name the JSON path."""

from __future__ import annotations

import json
import pickle
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules.agents import bots
from unorules.formats import jsonio, transcript
from unorules.formats.jsonio import JSONError

EVERY_KIND: list[tuple[uno.Action, dict[str, Any]]] = [
    (uno.Play(0, "R7"), {"player": 0, "play": "R7"}),
    (uno.Play(1, "W", "red", uno=True), {"player": 1, "play": "W", "color": "red", "uno": True}),
    (uno.Play(2, "Y7", target=0), {"player": 2, "play": "Y7", "target": 0}),
    (uno.Play(0, "G5", also=["G5", "G5"]), {"player": 0, "play": "G5", "also": ["G5", "G5"]}),
    (
        uno.Play(1, "WS", "blue", hands=[["R1"], ["G2", "B3"]]),
        {"player": 1, "play": "WS", "color": "blue", "hands": [["R1"], ["G2", "B3"]]},
    ),
    (
        uno.Play(1, "W+4", "green", drawn=["R1", "R2", "R3", "R4"]),
        {"player": 1, "play": "W+4", "color": "green", "drawn": ["R1", "R2", "R3", "R4"]},
    ),
    (uno.Draw(3), {"player": 3, "draw": True}),
    (uno.Draw(3, drawn=["B9"]), {"player": 3, "draw": True, "drawn": ["B9"]}),
    (uno.Pass(0), {"player": 0, "pass": True}),
    (uno.CallUno(4), {"player": 4, "call_uno": True}),
    (uno.CallUno(4, drawn=["R1", "R2"]), {"player": 4, "call_uno": True, "drawn": ["R1", "R2"]}),
    (uno.CatchUno(1, 2), {"player": 1, "catch": 2}),
    (uno.CatchUno(1, 2, drawn=["Y1", "Y2"]), {"player": 1, "catch": 2, "drawn": ["Y1", "Y2"]}),
    (uno.Challenge(1), {"player": 1, "challenge": True}),
    (uno.Challenge(1, drawn=["R+2"] * 4), {"player": 1, "challenge": True, "drawn": ["R+2"] * 4}),
    (uno.ChooseColor(0, "yellow"), {"player": 0, "choose_color": "yellow"}),
    (uno.NextRound(), {"next_round": True}),
    (
        uno.NextRound(uno.Deal(1, [["R1"], ["G2"]], ["B3"], ["Y4", "W"])),
        {
            "next_round": True,
            "deal": {"dealer": 1, "hands": [["R1"], ["G2"]], "turned": ["B3"],
                     "draw_pile": ["Y4", "W"]},
        },
    ),
    (
        uno.NextRound(uno.Deal(0, [["R1"], ["G2"]], ["B3"])),
        {"next_round": True, "deal": {"dealer": 0, "hands": [["R1"], ["G2"]], "turned": ["B3"]}},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("action", "data"), EVERY_KIND, ids=lambda v: repr(v)[:40])
def test_every_action_kind_round_trips(action: uno.Action, data: dict[str, Any]) -> None:
    assert action.to_dict() == data
    assert json.loads(action.to_json()) == data
    assert jsonio.action_from_dict(data) == action
    assert jsonio.action_from_json(action.to_json()) == action
    assert type(action).from_dict(data) == action
    assert type(action).from_json(action.to_json()) == action
    assert "\n" not in action.to_json()


def test_the_list_covers_every_action_class_and_option() -> None:
    classes = {type(a) for a, _ in EVERY_KIND}
    assert classes == {
        uno.Play,
        uno.Draw,
        uno.Pass,
        uno.CallUno,
        uno.CatchUno,
        uno.Challenge,
        uno.ChooseColor,
        uno.NextRound,
    }
    keys = {k for _, d in EVERY_KIND for k in d}
    assert keys >= {"color", "uno", "target", "also", "hands", "drawn", "deal"}


def test_actions_in_a_transcript_are_the_same_objects() -> None:
    """The transcript writer and action_to_dict are one implementation."""
    start = uno.new_game(3, "mattel", seed=11)
    actions = [a for a, _ in bots.play(start, bots.random_bots(3, seed=11), rounds=1)]
    seeded = transcript.record(start, actions).to_dict()["rounds"][0]["actions"]
    assert seeded == [a.to_dict() for a in actions]
    assert len(seeded) > 20


def test_from_dict_of_one_class_refuses_another() -> None:
    with pytest.raises(JSONError) as err:
        uno.Play.from_json('{"player": 0, "draw": true}')
    assert (err.value.path, err.value.message) == ("$", "expected a Play action, not Draw")


def test_errors_pickle() -> None:
    err = JSONError("$.play", "not a card")
    again = pickle.loads(pickle.dumps(err))
    assert (again.path, again.message, str(again)) == ("$.play", "not a card", str(err))


BAD_ACTIONS = [
    ("[]", "$", 'an action (e.g. {"player": 0, "play": "R7"}) is a JSON object, not a list'),
    ('{"player": 0}', "$", "an action needs one of play, draw, pass,"),
    ('{"play": "R7"}', "$", 'missing "player"'),
    ('{"player": -1, "draw": true}', "$.player", "player is a whole number from 0, not -1"),
    ('{"player": true, "draw": true}', "$.player", "player is a whole number from 0, not true"),
    ('{"player": 0, "play": "R10"}', "$.play", "not a card: 'R10'"),
    ('{"player": 0, "play": 7}', "$.play", "a card is a string"),
    ('{"player": 0, "play": "W", "color": "mauve"}', "$.color", "a color is one of"),
    ('{"player": 0, "play": "R1", "uno": "yes"}', "$.uno", 'uno is true or false, not "yes"'),
    ('{"player": 0, "draw": true, "pass": true}', "$.pass", "two verbs in one action"),
    ('{"player": 0, "draw": 1}', "$.draw", "expected true, not 1"),
    ('{"player": 0, "draw": true, "color": "red"}', "$.color", "color goes only with play"),
    ('{"player": 0, "draw": true, "why": 1}', "$.why", "unknown key 'why' in an action"),
    ('{"player": 0, "draw": true, "drawn": ["R1", "X"]}', "$.drawn[1]", "not a card: 'X'"),
    ('{"player": 0, "play": "WS", "color": "red", "hands": [["R1"], "G2"]}', "$.hands[1]",
     "expected a list of cards"),
    ('{"player": 0, "catch": "1"}', "$.catch", "the seat caught is a whole number"),
    ('{"player": 0, "choose_color": "Red"}', "$.choose_color", "a color is one of"),
    ('{"player": 0, "draw": true, "player": 1}', "$", "the key 'player' appears twice"),
    ('{"player": NaN, "draw": true}', "$", "NaN is not a JSON number"),
    ('{"player": 0, "draw": true', "$", "not JSON: Expecting ',' delimiter"),
    ("[" * 100_000, "$", "nested too deeply"),
    ('{"next_round": false}', "$.next_round", "expected true, not false"),
    ('{"next_round": true, "player": 0}', "$.player", "unknown key 'player' in a next_round"),
    ('{"next_round": true, "deal": {"dealer": 0}}', "$.deal", "missing 'hands'"),
    ('{"next_round": true, "deal": {"dealer": 0, "hands": [], "turned": ["Q"]}}',
     "$.deal.turned[0]", "not a card: 'Q'"),
    ('{"next_round": true, "deal": {"dealer": 0, "hands": [], "turned": [], "x": 1}}',
     "$.deal.x", "unknown key 'x' in a deal"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "path", "message"), BAD_ACTIONS, ids=lambda v: str(v)[:30])
def test_bad_action_json_names_the_path(text: str, path: str, message: str) -> None:
    with pytest.raises(JSONError) as err:
        jsonio.action_from_json(text)
    assert err.value.path == path
    assert message in err.value.message
    assert str(err.value).startswith(f"at {path}: ")


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"player": 10**5000, "draw": True}, "$.player"),
        ({"player": 0, "catch": -(10**5000)}, "$.catch"),
        ({"player": 0, "play": "R7", "target": 10**5000}, "$.target"),
    ],
    ids=["player", "catch", "target"],
)
def test_a_decoded_seat_too_long_to_write_is_a_json_error_not_a_type_error(
    data: dict[str, Any], path: str
) -> None:
    """A decoded object built in memory (a server's client, not JSON text, which cannot
    hold such a number) with a seat of 5,001 digits: action_from_dict promises a
    JSONError naming the path; the action's own check raised TypeError (issue 29, item 8)."""
    with pytest.raises(JSONError) as err:
        jsonio.action_from_dict(data)
    assert err.value.path == path
    assert "integer of 5001 digits> (too long)" in err.value.message, err.value


def test_bytes_are_read_as_utf8() -> None:
    assert jsonio.action_from_json(b'{"player": 0, "play": "R7"}') == uno.Play(0, "R7")
    with pytest.raises(JSONError, match=r"at \$: not UTF-8 text"):
        jsonio.action_from_json(b'{"player": 0, "play": "\xff"}')


# == views ====================================================================================

RULE_SETS = {
    "mattel": uno.MATTEL,
    "mattel-108": uno.MATTEL_108,
    "swedish": uno.SWEDISH,
    "danish": uno.DANISH,
    "house": attrs.evolve(
        uno.MATTEL,
        seven_o=True,
        jump_in=True,
        multi_play=uno.MultiPlay.SAME_VALUE,
        stacking=uno.Stacking.MIXED,
        shuffle_hands_cards=1,
    ),
}


def _states(rules: uno.Rules, players: int, seed: int) -> Iterator[uno.State]:
    start = uno.new_game(players, rules, seed=seed)
    yield start
    for _, state in bots.play(start, bots.random_bots(players, seed=seed), rounds=2):
        yield state


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_views_of_real_games_round_trip(name: str) -> None:
    phases: set[uno.Phase] = set()
    kinds: set[type] = set()
    for players in (2, 4):
        for state in _states(RULE_SETS[name], players, seed=players):
            for seat in range(state.players):
                view = uno.observe(state, seat)
                data = view.to_dict()
                assert json.loads(json.dumps(data)) == data  # plain JSON values only
                assert uno.View.from_dict(data) == view
                assert uno.View.from_json(view.to_json()) == view
                phases.add(view.phase)
                kinds.update(type(a) for a in view.legal_actions)
    assert uno.Phase.PLAY in phases and uno.Phase.ROUND_OVER in phases
    assert {uno.Play, uno.Draw, uno.CallUno} <= kinds


def test_a_view_has_one_key_per_field() -> None:
    """A field added to View must get a reader in jsonio.view_from_dict."""
    fields = [f.name for f in attrs.fields(uno.View)]
    flip_only = ["side", "other_faces", "draw_pile_other_face"]  # written for UNO Flip! only
    mercy_only = ["knocked_out", "set_aside_size"]  # written under the Mercy rule only
    view = uno.observe(uno.new_game(3, "mattel-no-mercy", seed=2), 0)
    assert list(view.to_dict()) == [f for f in fields if f not in flip_only]
    classic = uno.observe(uno.new_game(3, seed=2), 0)  # without No Mercy's and Flip's keys
    assert list(classic.to_dict()) == [f for f in fields if f not in flip_only + mercy_only]
    flip = uno.observe(uno.new_game(3, "mattel-flip", seed=2), 0)
    assert list(flip.to_dict()) == [f for f in fields if f not in mercy_only]
    assert uno.View.from_dict(flip.to_dict()) == flip


def test_a_view_is_written_as_documented() -> None:
    rules = attrs.evolve(uno.MATTEL, hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "R9"]], turned=["G7"])
    view = uno.observe(uno.new_game(["Ann", "Bo"], rules, deal=deal), 0)
    data = view.to_dict()
    assert {k: v for k, v in data.items() if k not in ("hand", "legal_actions")} == {
        "player": 0,
        "hand_sizes": [2, 2],
        "names": ["Ann", "Bo"],
        "top_card": "G7",
        "color": "green",
        "direction": 1,
        "current_player": 0,
        "phase": "play",
        "draw_pile_size": 107,  # 112 cards less 4 dealt and 1 turned
        "discard_pile": ["G7"],
        "scores": [0, 0],
        "dealer": 1,
        "round": 0,
        "winner": None,
        "pending_draw": 0,
        "drawn_card": None,
        "uno_exposed": [],
        "known": [[], []],
        "rules": {"hand_size": 2},  # the options that differ from mattel
        "eliminated": [],
        "challenge_offender": None,
        "challenge_color": None,
        "challenge_bluff": None,
        "uno_open": [],
        "uno_overdue": [],
        "lost_turns": [],
        "answer_lock": None,
        "idle_turns": 0,
        "turn_actions": 0,
        "round_winner": None,
        "round_points": None,
    }
    assert sorted(data["hand"]) == ["R2", "W"]
    assert data["legal_actions"] == [a.to_dict() for a in view.legal_actions]


def _good_view() -> dict[str, Any]:
    return uno.observe(uno.new_game(3, seed=2), 1).to_dict()


BAD_VIEWS: list[tuple[dict[str, Any], str, str]] = [
    ({"extra": 1}, "$.extra", "unknown key 'extra' in a view"),
    ({"hand_sizes": [7]}, "$.hand_sizes", "one size a seat, 2 to 10 seats, not 1"),
    ({"hand_sizes": [7, 7, "7"]}, "$.hand_sizes[2]", "expected a whole number, not a string"),
    ({"hand_sizes": [7, 8, 7]}, "$.hand", "7 cards, but hand_sizes[1] says 8"),
    ({"player": 3}, "$.player", "expected a number from 0 to 2, not 3"),
    ({"hand": ["R1", 2]}, "$.hand[1]", "a card is a string"),
    ({"names": ["a", "b"]}, "$.names", "one entry a seat (3), not 2"),
    ({"names": ["a", "b", None]}, "$.names[2]", "a name is a string, not null"),
    ({"top_card": "R99"}, "$.top_card", "not a card: 'R99'"),
    ({"color": "mauve"}, "$.color", "a color is one of red, yellow, green, blue"),
    ({"direction": True}, "$.direction", "the direction is 1 or -1, not true"),
    ({"current_player": -1}, "$.current_player", "expected a number from 0 to 2, not -1"),
    ({"phase": "lunch"}, "$.phase", "a phase is one of play, drawn,"),
    ({"draw_pile_size": 1.5}, "$.draw_pile_size", "expected a whole number, not a number"),
    ({"discard_pile": "R1"}, "$.discard_pile", "expected a list, not a string"),
    ({"scores": [0, 0, False]}, "$.scores[2]", "expected a whole number, not false"),
    ({"winner": 7}, "$.winner", "expected a number from 0 to 2, not 7"),
    ({"drawn_card": 5}, "$.drawn_card", "a card is a string"),
    ({"uno_exposed": [5]}, "$.uno_exposed[0]", "expected a number from 0 to 2, not 5"),
    ({"legal_actions": [{"player": 1, "fly": True}]}, "$.legal_actions[0].fly", "unknown key"),
    ({"legal_actions": [{"player": 0, "draw": True}]}, "$.legal_actions[0]",
     "not an action of seat 1"),
    ({"legal_actions": [{"next_round": True}]}, "$.legal_actions[0]", "not an action of seat 1"),
    ({"known": [[], []]}, "$.known", "one entry a seat (3), not 2"),
    ({"known": [["R1"] * 8, [], []]}, "$.known[0]", "8 cards known, but hand_sizes[0] says 7"),
    ({"known": [[], ["R1"], []]}, "$.known[1]", "a player's own hand is in hand, not in known"),
    ({"known": [[], [], ["R99"]]}, "$.known[2][0]", "not a card: 'R99'"),
    ({"rules": "mattel"}, "$.rules", "the rules are an object of options, not a string"),
    ({"rules": {"stack": "yes"}}, "$.rules", "unknown rule option 'stack'"),
    ({"eliminated": [3]}, "$.eliminated[0]", "expected a number from 0 to 2, not 3"),
    ({"challenge_offender": 9}, "$.challenge_offender", "expected a number from 0 to 2, not 9"),
    ({"challenge_color": "mauve"}, "$.challenge_color", "a color is one of red"),
    ({"challenge_bluff": 1}, "$.challenge_bluff", "expected true, false or null, not a number"),
    ({"uno_open": "0"}, "$.uno_open", "expected a list, not a string"),
    ({"lost_turns": [0] * 100}, "$.lost_turns", "100 seats listed for 3 players"),
    ({"answer_lock": -1}, "$.answer_lock", "expected a number from 0 to 2, not -1"),
    ({"idle_turns": None}, "$.idle_turns", "expected a whole number, not null"),
    ({"turn_actions": -1}, "$.turn_actions", "expected a number from 0 to 0, not -1"),
    ({"turn_actions": True}, "$.turn_actions", "expected a whole number, not"),
    ({"turn_actions": 3}, "$.turn_actions", "expected a number from 0 to 0, not 3"),
    ({"round_points": [1, 2]}, "$.round_points", "one entry a seat (3), not 2"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "path", "message"), BAD_VIEWS, ids=lambda v: str(v)[:30])
def test_bad_view_json_names_the_path(change: dict[str, Any], path: str, message: str) -> None:
    data = {**_good_view(), **change}
    with pytest.raises(JSONError) as err:
        uno.View.from_dict(data)
    assert err.value.path == path
    assert message in err.value.message


def test_a_view_missing_a_key() -> None:
    data = _good_view()
    del data["pending_draw"]
    with pytest.raises(JSONError, match=r"at \$: missing 'pending_draw'"):
        uno.View.from_dict(data)
    with pytest.raises(JSONError, match=r"at \$: a view is a JSON object, not a list"):
        uno.View.from_json("[1]")
