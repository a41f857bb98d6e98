"""The bound of rounds a whole match (``--max-rounds``) in ``unorules simulate``,
``compare``, ``record`` and ``play``: a match that cannot end stops there, and the command
says so (issue 29, item 5)."""

from __future__ import annotations

import json

import pytest

from unorules.cli import main
from unorules.formats import transcript

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_simulate_reports_the_matches_that_did_not_finish(capsys: Capture) -> None:
    argv = ["simulate", "--players", "2", "--games", "3", "--option", "round_turn_limit=1"]
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert "unfinished       3 matches stopped after 500 rounds with no winner" in out
    code, out, _ = run(capsys, *argv, "--max-rounds", "7", "--json")
    data = json.loads(out)
    assert (code, data["matches_unfinished"], data["max_rounds"], data["rounds"]) == (0, 3, 7, 21)


def test_cli_compare_says_how_many_matches_did_not_finish_on_each_side(capsys: Capture) -> None:
    argv = ["compare", "mattel", "mattel", "--option", "target=4294967296", "--players", "2"]
    code, out, err = run(capsys, *argv, "--games", "2", "--max-rounds", "60")
    assert (code, err) == (0, "")
    assert "B: 2 matches stopped after 60 rounds with no winner (--max-rounds)" in out
    assert "A: " not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--max-rounds", "0"], "--max-rounds: from 1 to 1,000,000, not 0"),
        (["--rounds", "10000000"], "--rounds: from 1 to 1,000,000, not 10,000,000"),
    ],
)
@pytest.mark.parametrize(
    "verb", [["simulate"], ["compare", "mattel", "mattel"], ["record"], ["play"]]
)
def test_cli_rounds_options_are_bounded(
    capsys: Capture, verb: list[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *verb, *argv)
    assert (code, out) == (2, "")
    assert err == f"unorules {verb[0]}: error: {message}\n"


def test_cli_record_stops_a_match_that_cannot_end(capsys: Capture) -> None:
    code, out, err = run(
        capsys, "record", "--players", "2", "--seed", "1", "--option", "round_turn_limit=1"
    )
    assert code == 0
    assert (
        err == "unorules record: game 1 stopped after 500 rounds with no match winner"
        " (--max-rounds)\n"
    )
    game = transcript.loads(out)
    assert len(game.rounds) == 500 and game.result == (0, 0)  # every round stuck


def test_cli_play_stops_a_match_that_cannot_end(capsys: Capture) -> None:
    argv = ["play", "--players", "2", "--seed", "1", "--option", "target=4294967296"]
    code, out, err = run(capsys, *argv, "--max-rounds", "3")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "match stopped after 3 rounds with no winner (--max-rounds)"
