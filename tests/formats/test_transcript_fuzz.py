"""Hypothesis mutates valid transcripts (drops, swaps and alters actions and fields, wrong
types, huge numbers, unknown keys, truncated text, bytes that are not UTF-8): the validator
always returns a report, with a code when the game is not valid, and never raises; the
command line exits 0 or 1 with one line per game, and 2 for a file it cannot open."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import unorules as uno
from unorules.cli import main
from unorules.formats import transcript

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
BASES = [
    "danish-valid.json",
    "mattel-valid.json",
    "mattel-108-valid.json",
    "house-rules-valid.json",
    "swedish-invalid-nothing_to_catch.json",
]
DOCS: list[Any] = [json.loads((EXAMPLES / name).read_text()) for name in BASES]

# Values a field may be replaced with: wrong types, huge and negative numbers, cards,
# colors, nested junk.
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=12),
    st.sampled_from([10**30, -(10**30), 2**64, 1.5, float("inf")]),
    st.sampled_from(["R7", "W+4", "WS", "red", "blue", "wild", "", "R10", "unorules/1"]),
    st.text(max_size=6),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.sampled_from(["player", "play", "draw", "color", "x", "drawn", "seed"]),
            inner,
            max_size=3,
        ),
    ),
    max_leaves=6,
)


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every position in a JSON value (the root included)."""
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += paths(item, (*here, i))
    return out


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


CARDS = [str(c) for c in uno.ALL_CARDS]


def tweaked(value: Any) -> st.SearchStrategy[Any]:
    """Another value of the same kind as ``value``."""
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, int):
        return st.one_of(st.integers(0, 4), st.just(10**30))
    if isinstance(value, str) and value in ("red", "yellow", "green", "blue"):
        return st.sampled_from(["red", "yellow", "green", "blue"])
    if isinstance(value, str):
        return st.sampled_from(CARDS)
    if isinstance(value, list):
        return st.lists(st.sampled_from(CARDS), max_size=4)
    return st.just(value)


def mutate(data: st.DataObject, doc: Any) -> Any:
    """One structural change somewhere in ``doc`` (in place; returns the new root)."""
    path = data.draw(st.sampled_from(paths(doc)))
    op = data.draw(
        st.sampled_from(["tweak", "tweak", "tweak", "replace", "delete", "unknown_key", "swap"])
    )
    leaves = [p for p in paths(doc) if p and at(doc, p) != []]
    if op == "tweak" and leaves:  # a value of the right kind (another card): the engine judges
        path = data.draw(st.sampled_from(leaves))
    if not path:
        return data.draw(VALUES) if op == "replace" else doc
    parent = at(doc, path[:-1])
    key = path[-1]
    if op == "tweak":
        parent[key] = data.draw(tweaked(parent[key]))
    elif op == "replace":
        parent[key] = data.draw(VALUES)
    elif op == "delete":
        del parent[key]
    elif op == "unknown_key":
        target = parent[key]
        if isinstance(target, dict):
            target[data.draw(st.sampled_from(["comment", "colour", "Player", "draw"]))] = 1
        else:
            parent[key] = {"value": target}
    elif isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.integers(0, len(parent) - 1))
        parent[key], parent[other] = parent[other], parent[key]
    return doc


def blob_of(data: st.DataObject) -> bytes:
    """A mutated transcript as bytes."""
    doc = json.loads(json.dumps(data.draw(st.sampled_from(DOCS))))
    for _ in range(data.draw(st.integers(1, 3))):
        doc = mutate(data, doc)
    raw = json.dumps(doc).encode()
    text_op = data.draw(st.sampled_from(["none"] * 6 + ["truncate", "bytes", "bom"]))
    if text_op == "truncate":
        raw = raw[: data.draw(st.integers(0, len(raw)))]
    elif text_op == "bytes":
        at_ = data.draw(st.integers(0, len(raw)))
        junk = data.draw(st.sampled_from([b"\xff", b"\xc3\x28", b"\x00", b"}", b'"', b"\xe2\x82"]))
        raw = raw[:at_] + junk + raw[at_:]
    elif text_op == "bom":
        raw = b"\xef\xbb\xbf" + raw
    return raw


def check_report(report: transcript.Report) -> None:
    json.dumps(report.to_dict())
    if report.valid:
        assert report.final is not None and report.scores is not None
        return
    err = report.error
    assert err is not None
    assert isinstance(err.code, uno.ErrorCode)
    assert err.path.startswith("$")
    assert err.message.strip() and "\n" not in err.message
    assert err.round is None or err.round >= 0
    assert err.index is None or (err.index >= 0 and err.round is not None)
    assert "\n" not in str(report)


@settings(max_examples=examples(500), deadline=None)
@given(st.data())
def test_the_validator_always_reports(data: st.DataObject) -> None:
    raw = blob_of(data)
    report = transcript.validate(raw)
    check_report(report)
    try:
        parsed = json.loads(raw)
    except ValueError:
        assert report.error is not None and report.error.code is uno.ErrorCode.MALFORMED
        return
    again = transcript.validate(parsed)
    check_report(again)


@settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_the_cli_gives_one_line_per_game(
    data: st.DataObject,
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    raw = blob_of(data)
    single = folder / "game.json"
    single.write_bytes(raw)
    lines = [blob_of(data).replace(b"\n", b" ") for _ in range(data.draw(st.integers(1, 3)))]
    several = folder / "games.jsonl"
    several.write_bytes(b"\n".join(lines) + b"\n")
    capsys.readouterr()
    for path, games in ((single, 1), (several, sum(bool(ln.strip()) for ln in lines) or 1)):
        code = main(["validate", str(path)])
        out, err = capsys.readouterr()
        shown = out.splitlines()
        assert len(shown) == games, out
        assert err == ""
        invalid = [ln for ln in shown if ": invalid at " in ln]
        assert code == (1 if invalid else 0)
        for line in invalid:
            assert any(f"({c.value})" in line for c in uno.ErrorCode), line
        code = main(["validate", "--json", str(path)])
        out, _ = capsys.readouterr()
        entries = json.loads(out)
        assert len(entries) == games and code == (1 if invalid else 0)


def test_a_missing_or_unreadable_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = EXAMPLES / "mattel-valid.json"
    for target in (tmp_path / "nope.json", tmp_path):
        assert main(["validate", str(good), str(target)]) == 2
        out, err = capsys.readouterr()
        assert out.splitlines() == [f"{good}: valid (1 round, 35 actions; scores 120 0 0)"]
        assert len(err.splitlines()) == 1 and "cannot open" in err
    if os.name == "posix" and os.geteuid() != 0:
        locked = tmp_path / "locked.json"
        locked.write_text("{}")
        locked.chmod(0)
        assert main(["validate", str(locked)]) == 2


def test_the_installed_command() -> None:
    command = Path(sys.executable).parent / "unorules"
    valid = EXAMPLES / "mattel-valid.json"
    invalid = EXAMPLES / "mattel-invalid-card_does_not_match.json"
    done = subprocess.run(
        [str(command), "validate", str(valid), str(invalid)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        f"{valid}: valid (1 round, 35 actions; scores 120 0 0)",
        f"{invalid}: invalid at round 1, action 3 (card_does_not_match): G9 does not match RS"
        " (color red): lay the same color, number or symbol, or a wild (R4.1)",
    ]
    done = subprocess.run(
        [str(command), "validate", str(valid)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
