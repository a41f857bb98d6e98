"""A :class:`~unorules.formats.transcript.Transcript` built in Python (not read from JSON) is
reported as its JSON form is: the same code, at the bad field's own JSON path. A game of
no rounds is malformed (SPEC §4: a round holds the deal; §6: a report gives the state
after the last valid action, which a game of no rounds does not have)."""

from __future__ import annotations

import json

import pytest

import unorules as uno
from unorules.formats.transcript import Round, Transcript, replay, validate


def problem(t: Transcript) -> tuple[str, str, str]:
    report = validate(t)
    assert not report.valid and report.error is not None
    assert report.final is None and report.state is None
    err = report.error
    # The same transcript written as JSON fails with the same code at the same place.
    written = validate(json.dumps(t.to_dict()))
    assert written.error is not None
    assert (written.error.code, written.error.path) == (err.code, err.path)
    return err.code.value, err.path, err.message


@pytest.mark.parametrize(
    ("seed", "shown"),
    [(-1, "-1"), (2**64, "18446744073709551616"), (True, "True"), ("7", "'7'")],
)
def test_a_bad_seed_is_reported_at_seed(seed: object, shown: str) -> None:
    t = Transcript("mattel", 2, [Round()], seed=seed)  # type: ignore[arg-type]
    assert problem(t) == (
        "malformed",
        "$.seed",
        f"a seed is a whole number from 0 to 2**64 - 1, not {shown}",
    )


def test_a_transcript_of_no_rounds_is_malformed_at_rounds() -> None:
    for seed in (1, None):
        assert problem(Transcript("mattel", 2, [], seed=seed)) == (
            "malformed",
            "$.rounds",
            "a transcript has at least one round",
        )


def test_a_bad_seed_is_reported_before_missing_rounds_as_in_json() -> None:
    assert problem(Transcript("mattel", 2, [], seed=-1))[1] == "$.seed"


def test_a_round_without_a_deal_needs_the_transcripts_seed() -> None:
    deal = uno.Deal(0, [["R1"], ["G2"]], ["R7"])
    t = Transcript(uno.MATTEL.but(hand_size=1), 2, [Round(deal=deal), Round()])
    assert problem(t) == (
        "malformed",
        "$.rounds[1]",
        "missing the deal: a round gives dealer, hands and turned unless the transcript has a seed",
    )


def test_a_score_of_the_result_that_is_not_a_number_is_named() -> None:
    t = Transcript("mattel", 2, [Round()], seed=1, result=[0, "7"])  # type: ignore[list-item]
    assert problem(t) == ("malformed", "$.result.scores[1]", "a score is a whole number, not '7'")


def test_a_name_utf8_cannot_write_is_named() -> None:
    t = Transcript("mattel", ["Ann", "\ud800"], [Round()], seed=1)
    assert problem(t) == (
        "malformed",
        "$.players[1]",
        "a player's name is text UTF-8 can write (no lone surrogate)",
    )


def test_replay_of_the_part_before_a_first_round_is_no_states() -> None:
    # The page renderer replays a game cut before a bad first deal: no rounds, no states.
    assert replay(Transcript("mattel", 2, [], seed=1)) == []


def test_replay_names_a_bad_seed_at_seed() -> None:
    with pytest.raises(uno.formats.transcript.TranscriptError) as info:
        replay(Transcript("mattel", 2, [Round()], seed=-1))
    assert info.value.path == "$.seed"


def test_a_good_built_transcript_is_still_valid() -> None:
    report = validate(Transcript("mattel", 2, [Round([uno.Draw(1)])], seed=3))
    assert report.valid and report.actions == 1 and report.rounds == 1
