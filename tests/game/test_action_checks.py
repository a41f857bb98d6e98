"""Issue 11, item 4 (Play.target / Play.uno): every field of an action is checked when the
action is built, with an error that names the field; a transcript with such a value is
``malformed``, and :func:`unorules.formats.transcript.validate` never raises."""

from __future__ import annotations

import json
import pickle
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules.formats import transcript


@pytest.mark.parametrize("target", [1.0, True, False, "1", [1]])
def test_play_target_must_be_a_whole_number(target: Any) -> None:
    with pytest.raises(TypeError, match=r"^target is a seat, a whole number, not "):
        uno.Play(0, "R7", target=target)


@pytest.mark.parametrize("uno_", ["yes", 1, 0, None, 1.0])
def test_play_uno_must_be_true_or_false(uno_: Any) -> None:
    with pytest.raises(TypeError, match=r"^uno is True or False, not "):
        uno.Play(0, "R7", uno=uno_)


def test_play_uno_and_target_keep_their_values() -> None:
    play = uno.Play(0, "R7", uno=True, target=2)
    assert (play.uno, play.target) == (True, 2)
    assert uno.Play(0, "R7").target is None
    assert uno.Play(0, "R7").uno is False


@pytest.mark.parametrize("player", [1.0, True, "0", None])
@pytest.mark.parametrize(
    "build",
    [
        lambda p: uno.Play(p, "R7"),
        lambda p: uno.Draw(p),
        lambda p: uno.Pass(p),
        lambda p: uno.CallUno(p),
        lambda p: uno.CatchUno(p, 1),
        lambda p: uno.Challenge(p),
        lambda p: uno.ChooseColor(p, "red"),
    ],
)
def test_player_must_be_a_whole_number_on_every_action(build: Any, player: Any) -> None:
    with pytest.raises(TypeError, match=r"^player is a seat, a whole number, not "):
        build(player)


@pytest.mark.parametrize("target", [1.0, True, "1"])
def test_catch_target_must_be_a_whole_number(target: Any) -> None:
    with pytest.raises(TypeError, match=r"^target is a seat, a whole number, not "):
        uno.CatchUno(0, target)


def test_colors_and_cards_of_the_wrong_type_are_rejected() -> None:
    with pytest.raises(TypeError, match="a color is red, yellow, green or blue, not 5"):
        uno.Play(0, "W", 5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown color 'mauve'"):
        uno.Play(0, "W", "mauve")
    with pytest.raises(TypeError, match="a color is red, yellow, green or blue, not 3"):
        uno.ChooseColor(0, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not 5"):
        uno.Play(0, "R7", also=[5])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="not None"):
        uno.Play(0, None)  # type: ignore[arg-type]


def test_card_lists_must_be_ordered_lists() -> None:
    with pytest.raises(TypeError, match="in order, not set"):
        uno.Draw(0, drawn={"R7", "G1"})
    with pytest.raises(TypeError, match="in order, not dict"):
        uno.Draw(0, drawn={"R7": 1})
    with pytest.raises(TypeError, match="single card"):
        uno.Play(0, "R7", also="R7")
    assert uno.Draw(0, drawn=(c for c in ["R7", "G1"])).drawn == (
        uno.Card.parse("R7"),
        uno.Card.parse("G1"),
    )


def test_hands_must_be_lists_of_cards() -> None:
    with pytest.raises(TypeError, match="not of None"):
        uno.Play(0, "WS", "red", hands=[None, None])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="hands is a list of hands"):
        uno.Play(0, "WS", "red", hands="R1")
    assert uno.Play(0, "WS", "red", hands=[[], ["R1"]]).hands == ((), (uno.Card.parse("R1"),))


def test_next_round_deal_and_deal_dealer_are_checked() -> None:
    with pytest.raises(TypeError, match=r"deal is a unorules\.Deal or None, not 'x'"):
        uno.NextRound(deal="x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="dealer is a seat, a whole number, not True"):
        uno.Deal(True, [["R1"], ["R2"]], ["R3"])
    with pytest.raises(TypeError, match=r"dealer is a seat, a whole number, not 1\.0"):
        uno.Deal(1.0, [["R1"], ["R2"]], ["R3"])  # type: ignore[arg-type]


def test_evolve_checks_the_fields_too() -> None:
    with pytest.raises(TypeError, match="target"):
        attrs.evolve(uno.Play(0, "R7"), target=1.0)  # type: ignore[arg-type]


def _seven_o_game() -> dict[str, Any]:
    """A recorded Seven-O game whose first action is a 7 with a swap target."""
    rules = attrs.evolve(uno.MATTEL, seven_o=True)
    for seed in range(200):
        state = uno.new_game(3, rules, seed=seed)
        actions: list[uno.Action] = []
        for _ in range(60):
            legal = uno.legal_actions(state)
            sevens = [a for a in legal if isinstance(a, uno.Play) and a.target is not None]
            if sevens:
                actions.append(sevens[0])
                t = transcript.record(uno.new_game(3, rules, seed=seed), actions)
                data: dict[str, Any] = json.loads(transcript.dumps(t))
                return data
            if state.is_over:
                break
            actions.append(legal[0])
            state = uno.apply(state, legal[0])
    raise AssertionError("no seed gave a Seven-O swap")


@pytest.mark.parametrize(
    ("key", "value"), [("target", 1.0), ("target", True), ("uno", "yes"), ("uno", 1)]
)
def test_validate_reports_bad_target_and_uno_as_malformed(key: str, value: object) -> None:
    data = _seven_o_game()
    assert transcript.validate(data).valid
    last = data["rounds"][0]["actions"][-1]
    assert "target" in last
    last[key] = value
    report = transcript.validate(json.dumps(data))
    assert report.error is not None
    assert report.error.code is uno.ErrorCode.MALFORMED
    index = len(data["rounds"][0]["actions"]) - 1
    assert report.error.path == f"$.rounds[0].actions[{index}].{key}"


def test_a_play_pickles_as_its_fields_and_derives_the_rest_again() -> None:
    """A pickled play is rebuilt by the constructor, and one pickled by an earlier
    version (a dict of its fields with that version's private ``_single``) gets its
    derived fast-path flag afresh, so the fast path never reads a missing or stale one:
    a wild without a color is not plain, and takes the general route's error."""
    for play in (uno.Play(0, "R5"), uno.Play(1, "W", "red", uno=True), uno.Play(0, "R7", target=1)):
        again = pickle.loads(pickle.dumps(play))
        assert again == play and again._plain is play._plain
    old = uno.Play.__new__(uno.Play)
    old.__setstate__(
        {
            "player": 0,
            "card": uno.Card.parse("W"),
            "color": None,
            "uno": False,
            "target": None,
            "also": (),
            "hands": None,
            "drawn": None,
            "_single": True,
        }
    )
    assert old._plain is False
    s = uno.State.from_position("W,G2/Y4,Y5 R5 red 0+ play *")
    with pytest.raises(uno.IllegalAction, match="name a color"):
        uno.apply(s, old)
