"""The JSON Schema of format unorules/1 shipped in the package: it loads through
importlib.resources, every shipped example conforms (but the malformed one), and it rejects
the shapes the validator calls malformed."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from schema_subset import errors

import unorules as uno
from unorules.agents import bots
from unorules.cards import EVERY_CARD
from unorules.formats import transcript

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
SCHEMA = transcript.schema()


def documents(path: Path) -> list[Any]:
    return [json.loads(source.text) for source in transcript.read(path)]


def test_schema_ships_with_the_package() -> None:
    text = (
        resources.files("unorules.formats")
        .joinpath("schemas/transcript-1.schema.json")
        .read_text(encoding="utf-8")
    )
    assert json.loads(text) == SCHEMA
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["properties"]["format"] == {"enum": [transcript.FORMAT]}


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json*")), ids=lambda p: p.name)
def test_every_example_conforms(path: Path) -> None:
    for doc in documents(path):
        problems = errors(SCHEMA, doc)
        if path.name.endswith("-invalid-malformed.json"):
            assert problems
        else:
            assert problems == []


def test_recorded_transcripts_conform() -> None:
    for profile in ("mattel", "mattel-108", "swedish", "danish"):
        for seed in range(3):
            start = uno.new_game(3, profile, seed=seed)
            actions = [a for a, _ in bots.play(start, bots.random_bots(3, seed), rounds=2)]
            for keep_seed in (True, False):
                t = transcript.record(start, actions, seed=keep_seed)
                assert errors(SCHEMA, t.to_dict()) == []


def test_card_pattern_matches_exactly_the_notation() -> None:
    card = {"$ref": "#/$defs/card"}
    for c in EVERY_CARD:  # the classic cards and No Mercy's
        for text in (str(c), str(c).lower(), f" {c} "):
            assert errors(card, text, SCHEMA) == [], text
    for text in (
        "red 7",
        "Blue Skip",
        "green  reverse",
        "YELLOW DRAW TWO",
        "wild",
        "Wild Draw Four",
        "wild shuffle hands",
        "wild customizable",
        "red draw four",
        "Blue Skip Everyone",
        "green discard all",
        "wild reverse draw four",
        "Wild Draw Six",
        "wild  draw ten",
        "wild color roulette",
    ):
        assert errors(card, text, SCHEMA) == [], text
        uno.Card.parse(text)
    for text in ("R10", "WD4", "wild draw 4", "Q7", "", "R 7", "red7", "WR+6", "W+8", "RSK"):
        assert errors(card, text, SCHEMA), text
        with pytest.raises(ValueError):
            uno.Card.parse(text)


def base() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((EXAMPLES / "danish-valid.json").read_text())
    return doc


@pytest.mark.parametrize(
    ("change", "key", "value"),
    [
        ("action", "pass", True),
        ("action", "colour", "red"),
        ("action", "player", -1),
        ("action", "player", "0"),
        ("action", "drawn", "R5"),
        ("action", "uno", "yes"),
        ("top", "format", "unorules/2"),
        ("top", "players", 11),
        ("top", "seed", -3),
        ("top", "extra", 1),
        ("round", "hands", [["R10"]]),
        ("round", "dealer", 1.5),
    ],
)
def test_shapes_the_validator_calls_malformed_break_the_schema(
    change: str, key: str, value: object
) -> None:
    doc = copy.deepcopy(base())
    target = {
        "top": doc,
        "round": doc["rounds"][0],
        "action": doc["rounds"][0]["actions"][2],
    }[change]
    target[key] = value
    report = transcript.validate(doc)
    assert report.error is not None and report.error.code is uno.ErrorCode.MALFORMED
    assert errors(SCHEMA, doc)


def test_the_checker_refuses_keywords_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="not supported"):
        errors({"type": "object", "patternProperties": {}}, {})
