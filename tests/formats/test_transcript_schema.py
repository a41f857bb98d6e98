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
from unorules.cards import _RANK_LONG as LONG
from unorules.cards import DARK_FACES, EVERY_CARD, LIGHT_FACES
from unorules.formats import transcript
from unorules.rules import FlipFirstCard

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
    for profile in ("mattel", "mattel-108", "swedish", "danish", "mattel-no-mercy", "mattel-flip"):
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


def test_recorded_flip_and_no_mercy_games_conform_with_their_colors_and_options() -> None:
    """UNO Flip! at 2, 4 and 10 players (the dark side's colors, named on a wild or by a
    color choice, are colors of the schema: it took only the four light ones), with the
    random face pairing and other options; No Mercy at 2, 4 and 6 with options."""
    flip, no_mercy = uno.get_profile("mattel-flip"), uno.get_profile("mattel-no-mercy")
    tables = [
        (flip, 2),
        (flip, 4),
        (flip, 10),
        (flip.but(flip_pairing="random", flip_first_card=FlipFirstCard.IGNORE), 3),
        (no_mercy, 2),
        (no_mercy, 4),
        (no_mercy, 6),
        (no_mercy.but(mercy=30, target=500), 3),
    ]
    dark = {"pink", "teal", "orange", "purple"}
    named: set[str] = set()
    for rules, players in tables:
        for seed in range(2):
            start = uno.new_game(players, rules, seed=seed)
            actions = [a for a, _ in bots.play(start, bots.random_bots(players, seed), rounds=2)]
            doc = transcript.record(start, actions).to_dict()
            assert errors(SCHEMA, doc) == [], (rules.flip_pairing, players, seed)
            if rules != flip.but(flip_pairing="random", flip_first_card=FlipFirstCard.IGNORE):
                # the random pairing is the match seed's: only a seeded game can show it
                alone = transcript.record(start, actions, seed=False).to_dict()
                assert errors(SCHEMA, alone) == [], (players, seed)
            for r in doc["rounds"]:
                for a in r["actions"]:
                    named.add(a.get("color") or a.get("choose_color") or "")
            if rules is not flip and rules is not no_mercy:
                assert isinstance(doc["rules"], dict) and doc["rules"]["options"]
    assert dark <= named, named


def _spellings() -> dict[uno.Card, list[str]]:
    """Every spelling :meth:`Card.parse` reads for each single face, short and long."""
    out: dict[uno.Card, list[str]] = {}
    for card in EVERY_CARD:
        long = LONG[card.rank] if card.color is None else f"{card.color.value} {LONG[card.rank]}"
        out[card] = [str(card), long]
    return out


def test_card_pattern_reads_every_flip_card_in_each_notation() -> None:
    """Every double-sided UNO Flip! card (any light face with any dark face, as the random
    pairing may make them) in short and long notation and mixed, any case, with spaces
    around the bar; each single face in both; and nothing Card.parse refuses."""
    card = {"$ref": "#/$defs/card"}
    spell = _spellings()
    for face in EVERY_CARD:
        for text in spell[face]:
            for shown in (text, text.upper(), text.title()):
                assert errors(card, shown, SCHEMA) == [], shown
                assert uno.Card.parse(shown) is face
    for light in sorted(LIGHT_FACES, key=lambda c: c.index):
        for dark in sorted(DARK_FACES, key=lambda c: c.index):
            double = uno.Card.double(light, dark)
            for a in spell[light]:
                for b in spell[dark]:
                    for text in (f"{a}|{b}", f"{a.upper()} | {b}"):
                        assert errors(card, text, SCHEMA) == [], text
                        assert uno.Card.parse(text) is double
    for text in (
        "O8|B2",  # dark face first
        "B2|B3",
        "P5|P6",
        "R0|P1",  # Flip's numbers are 1 to 9
        "R+2|P1",
        "W+4|W+C",
        "W+2|W+2",
        "B2|O8|P1",
        "B2|",
        "|O8",
        "pink 0",
        "red draw five",
        "pink draw one",
        "pink skip",
        "wild draw color|wild",
        "blue 2|orange 0",
    ):
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
