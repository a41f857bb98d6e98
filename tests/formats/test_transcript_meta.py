"""Issue 28, transcript metadata: an optional top-level ``meta`` object, as PGN has
headers (event, site, date, any other tag, comments on rounds and actions keyed by their
indices from 0). The validator keeps and reports it and never judges it, beyond its shape
and size: a bad ``meta`` is ``malformed`` with its JSON path. Files without it stay valid,
and an unknown key in an action stays an error (SPEC §4)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from schema_subset import errors

import unorules as uno
from unorules.cli import main
from unorules.formats import transcript

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
SCHEMA = transcript.schema()
Capture = pytest.CaptureFixture[str]

META: dict[str, Any] = {
    "event": "Friday club night",
    "site": "Malmö",
    "date": "2026-12-04",
    "annotator": "Cai",
    "comments": {"0": "a quiet start", "0:2": "Bo jumps the gun", "0:0": "Ann opens red"},
}


def base() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((EXAMPLES / "danish-valid.json").read_text())
    return doc


def with_meta(meta: object) -> dict[str, Any]:
    doc = base()
    doc["meta"] = copy.deepcopy(meta)
    return doc


def test_meta_is_kept_and_reported() -> None:
    plain = transcript.validate(base())
    report = transcript.validate(with_meta(META))
    assert report.valid and plain.valid
    assert report.meta is not None and plain.meta is None
    assert report.meta.event == "Friday club night" and report.meta.date == "2026-12-04"
    assert report.meta.tag("annotator") == "Cai"
    assert report.meta.comment(0, 2) == "Bo jumps the gun" and report.meta.comment(0) == (
        "a quiet start"
    )
    assert report.to_dict()["meta"] == META
    assert plain.to_dict()["meta"] is None
    # Read, written and read again: the same transcript, its meta with it.
    loaded = transcript.loads(json.dumps(with_meta(META)))
    assert loaded.meta == report.meta
    assert transcript.loads(transcript.dumps(loaded)) == loaded
    assert json.loads(transcript.dumps(loaded))["meta"] == META


def test_meta_is_reported_by_validate_json(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    path.write_text(json.dumps(with_meta(META)), encoding="utf-8")
    assert main(["validate", "--json", str(path)]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["meta"] == META and entry["valid"] is True


def test_meta_is_kept_when_a_move_is_illegal() -> None:
    doc = with_meta(META)
    doc["rounds"][0]["actions"][1] = {"player": 0, "pass": True}
    report = transcript.validate(doc)
    assert not report.valid and report.error is not None
    assert report.error.code is not uno.ErrorCode.MALFORMED
    assert report.to_dict()["meta"] == META


def test_meta_is_never_judged() -> None:
    """Comments on actions and rounds that are not there, a date that is no date, tags of
    any name: the game's verdict, scores and final state are those of the file without
    meta."""
    odd = {
        "date": "some Friday",
        "opening": "R5, of course",
        "comments": {"7:999": "no such action", "42": "no such round", "0:1": ""},
    }
    plain = transcript.validate(base())
    report = transcript.validate(with_meta(odd))
    assert report.valid
    assert (report.error, report.scores, report.final, report.rounds, report.actions) == (
        plain.error,
        plain.scores,
        plain.final,
        plain.rounds,
        plain.actions,
    )
    assert report.to_dict()["meta"] == odd
    assert errors(SCHEMA, with_meta(odd)) == []


def test_files_without_meta_stay_valid_and_actions_still_refuse_unknown_keys() -> None:
    for path in sorted(EXAMPLES.glob("*-valid.json")):
        assert transcript.validate(path.read_bytes()).valid, path
    doc = with_meta(META)
    doc["rounds"][0]["actions"][0]["comment"] = "comments belong in meta"
    report = transcript.validate(doc)
    assert report.error is not None and report.error.code is uno.ErrorCode.MALFORMED
    assert report.error.path == "$.rounds[0].actions[0].comment"


@pytest.mark.parametrize(
    ("meta", "path", "words"),
    [
        ([], "$.meta", "meta is a JSON object"),
        ("Friday", "$.meta", "meta is a JSON object"),
        ({"event": 5}, "$.meta.event", "meta's 'event' is a string, not a number"),
        ({"date": None}, "$.meta.date", "meta's 'date' is a string"),
        ({"comments": []}, "$.meta.comments", "comments is a JSON object"),
        ({"comments": {"0:5": 3}}, '$.meta.comments["0:5"]', "a comment is a string"),
        ({"comments": {"0:x": "?"}}, '$.meta.comments["0:x"]', 'keyed "round:action"'),
        ({"comments": {"-1": "?"}}, '$.meta.comments["-1"]', 'keyed "round:action"'),
        ({"comments": {"01:2": "?"}}, '$.meta.comments["01:2"]', 'keyed "round:action"'),
        ({"site": "x" * 10_001}, "$.meta.site", "at most 10,000 characters"),
        ({"comments": {"0": "x" * 10_001}}, '$.meta.comments["0"]', "at most 10,000 characters"),
        ({f"tag{i}": "x" for i in range(101)}, "$.meta", "at most 100 keys"),
    ],
)
def test_a_malformed_meta_is_named_by_its_json_path(meta: object, path: str, words: str) -> None:
    report = transcript.validate(with_meta(meta))
    assert report.error is not None
    assert (report.error.code, report.error.path) == (uno.ErrorCode.MALFORMED, path)
    assert words in report.error.message, report.error.message
    assert str(report).startswith(f"invalid at {path} (malformed): ")
    assert report.meta is None
    assert errors(SCHEMA, with_meta(meta)), "the schema accepts what the validator refuses"


def test_a_meta_string_utf8_cannot_write_is_malformed() -> None:
    report = transcript.validate(with_meta({"event": "\ud800"}))
    assert report.error is not None and report.error.path == "$.meta.event"
    assert report.error.code is uno.ErrorCode.MALFORMED


def test_a_meta_built_in_python_is_checked_as_the_json_is() -> None:
    t = transcript.loads(json.dumps(base()))
    good = transcript.Meta({"event": "club"}, {(0, 1): "nice"})
    assert transcript.validate(t.__class__(t.rules, t.players, t.rounds, meta=good)).valid
    long = transcript.Meta({"event": "x" * 10_001})
    report = transcript.validate(t.__class__(t.rules, t.players, t.rounds, meta=long))
    assert report.error is not None and report.error.path == "$.meta.event"
    with pytest.raises(TypeError, match="a meta tag's name and value are strings"):
        transcript.Meta({"event": 5})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a comment is keyed by"):
        transcript.Meta(comments={"0:5": "a JSON key, not a Python one"})
    with pytest.raises(ValueError, match="comments is not a tag"):
        transcript.Meta({"comments": "x"})


def test_the_schema_accepts_meta() -> None:
    assert errors(SCHEMA, with_meta(META)) == []
    assert errors(SCHEMA, base()) == []
    assert errors(SCHEMA, with_meta({"comments": {}})) == []
    assert errors(SCHEMA, with_meta({"event": 5}))


def test_record_writes_the_event_and_date_it_is_given(capsys: Capture) -> None:
    argv = ["record", "--seed", "4", "--players", "2", "--rounds", "1"]
    assert main([*argv, "--event", "Club night", "--date", "2026-12-04"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["meta"] == {"event": "Club night", "date": "2026-12-04"}
    assert list(doc)[:5] == ["format", "rules", "players", "seed", "meta"]
    assert transcript.validate(doc).valid and errors(SCHEMA, doc) == []
    assert main(argv) == 0
    assert "meta" not in json.loads(capsys.readouterr().out)  # none unless asked for
    assert main([*argv, "--event", "x" * 10_001]) == 2
    _, err = capsys.readouterr()
    assert err.strip().splitlines()[-1].startswith("unorules record: error: --event: at most")
