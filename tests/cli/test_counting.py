"""Issue 28, one way to count (SPEC §8): everything a person reads numbers rounds,
actions and steps from 1; JSON fields and JSON paths keep 0-based indices.

The game here goes wrong at the fourth action of its second round, so a 0-based number
anywhere a person reads it (round 1 action 3) differs from the 1-based one (round 2,
action 4) in both places."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

import unorules as uno
from unorules.agents import bots
from unorules.agents.arena import render_text
from unorules.cli import main
from unorules.formats import transcript
from unorules.pictures import render, svg

Capture = pytest.CaptureFixture[str]

WHERE = re.compile(r"round (\d+), action (\d+)")


def two_round_game() -> dict[str, Any]:
    """A seeded game of two rounds whose second round's fourth action (index 3) is
    replaced by a challenge when no Wild Draw Four is pending: ``wrong_phase``."""
    start = uno.new_game(2, "mattel", seed=11)
    actions = [a for a, _ in bots.play(start, bots.random_bots(2, 11), rounds=2)]
    doc: dict[str, Any] = transcript.record(start, actions).to_dict()
    assert len(doc["rounds"]) == 2 and len(doc["rounds"][1]["actions"]) > 4
    second = doc["rounds"][1]["actions"]
    second[3] = {"player": second[3]["player"], "challenge": True}
    del doc["result"]
    return doc


@pytest.fixture
def invalid(tmp_path: Path) -> Path:
    path = tmp_path / "two-rounds.json"
    path.write_text(json.dumps(two_round_game()), encoding="utf-8")
    return path


def _places(text: str) -> list[tuple[int, int]]:
    return [(int(r), int(a)) for r, a in WHERE.findall(text)]


def test_an_invalid_game_reads_the_same_round_and_action_everywhere_a_person_reads_it(
    capsys: Capture, invalid: Path, tmp_path: Path
) -> None:
    """validate's line, render's message and the page render writes all say round 2,
    action 4 (they used to say "round 1 action 3" in the first two, "round 2, action 4"
    on the page)."""
    report = transcript.validate(invalid.read_bytes())
    assert report.error is not None
    assert (report.error.round, report.error.index) == (1, 3)

    assert main(["validate", str(invalid)]) == 1
    said, _ = capsys.readouterr()
    assert said.startswith(f"{invalid}: invalid at round 2, action 4 (wrong_phase): ")
    assert _places(said) == [(2, 4)]

    page_path = tmp_path / "page.html"
    assert main(["render", str(invalid), "-o", str(page_path)]) == 0
    wrote, _ = capsys.readouterr()
    assert "; invalid at round 2, action 4 (wrong_phase): " in wrote
    assert _places(wrote) == [(2, 4)]

    page = page_path.read_text(encoding="utf-8")
    verdict = re.search(r'<div class="verdict invalid" id="verdict">(.*?)</div>', page)
    assert verdict is not None
    text = html.unescape(re.sub(r"<[^>]+>", "", verdict.group(1)))
    assert text.startswith("invalid at round 2, action 4 ($.rounds[1].actions[3]): wrong_phase")
    assert _places(text) == [(2, 4)]
    # The same words in every place: the report's text is the one home of them.
    assert str(report.error).startswith("at round 2, action 4 (wrong_phase): ")
    assert report.error.where == "round 2, action 4"


def test_the_table_in_words_and_pictures_counts_rounds_from_1(invalid: Path) -> None:
    """str(state), the environments' text render and the SVG table's caption all say
    round 2 for the second round (state.round == 1)."""
    state = transcript.validate(invalid.read_bytes()).state
    assert state is not None and state.round == 1
    assert str(state).startswith("round 2 · ")
    assert render_text(state).startswith("round 2 | ")
    assert ">round 2, dealer " in str(svg.table(state))


def test_json_output_keeps_0_based_indices(capsys: Capture, invalid: Path) -> None:
    """``validate --json`` (and the report's fields and dict) keep the round and action
    indices from 0, as in the JSON path."""
    assert main(["validate", "--json", str(invalid)]) == 1
    out, _ = capsys.readouterr()
    (entry,) = json.loads(out)
    error = entry["error"]
    assert (error["round"], error["index"], error["code"]) == (1, 3, "wrong_phase")
    assert error["path"] == "$.rounds[1].actions[3]"
    report = transcript.validate(invalid.read_bytes())
    assert report.to_dict()["error"] == error
    assert report.state is not None and json.loads(report.state.to_json())["round"] == 1


def test_render_round_option_and_page_count_from_1(invalid: Path) -> None:
    """``--round 2`` (``round=2``) draws the second round, whose steps the page names
    "round 2"."""
    page = render.page(invalid.read_bytes(), round=2)
    assert "round 2 start" in page and "round 1 start" not in page
