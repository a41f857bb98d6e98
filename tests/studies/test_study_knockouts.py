"""Knockouts in studies (issue 26): the players No Mercy's Mercy rule (OFFICIAL-GAMES.md
§1.8, NM1.8) knocks out of a round, per round, with its interval, in ``Study``,
``Comparison``, their JSON, their tables and ``unorules simulate`` / ``compare``. Rules
that cannot knock anyone out keep their tally, JSON and tables as they were."""

from __future__ import annotations

import copy
import json

import pytest

import unorules as uno
from unorules.actions import NextRound
from unorules.agents import bots
from unorules.cli import main
from unorules.studies.study import Comparison, Study, game_seed

NO_MERCY = "mattel-no-mercy"


def knocked_per_game(players: int, games: int, seed: int, rounds: int) -> list[int]:
    """The players knocked out in each game's rounds, counted one by one from the rounds'
    last states (the study's seeds and random bots)."""
    rules = uno.get_profile(NO_MERCY)
    counts = []
    for index in range(games):
        this_seed = game_seed(seed, index)
        state = uno.new_game(players, rules, this_seed)
        seats = [bots.RandomBot(this_seed * 1009 + s) for s in range(players)]
        knocked = 0
        for action, last in bots.play(state, seats, rounds=rounds, max_actions=10**7):
            if not isinstance(action, NextRound) and last.is_over:
                knocked += len(last.knocked_out)
        counts.append(knocked)
    return counts


def test_nm1_8_study_counts_the_players_knocked_out_in_every_round() -> None:
    study = uno.simulate(NO_MERCY, 4, 12, rounds=2, seed=5)
    counts = knocked_per_game(4, 12, 5, 2)
    assert study.knockouts == sum(counts)
    e = study.round_knockouts
    assert e is not None
    assert e.value == sum(counts) / study.rounds_played
    assert e.low < e.value < e.high
    assert study.figures()["round_knockouts"] == e
    names = list(study.figures())
    assert names.index("round_knockouts") == names.index("round_points") + 1


def test_nm1_8_two_players_every_knockout_is_at_most_one_a_round() -> None:
    study = uno.simulate(NO_MERCY, 2, 20, rounds=1, seed=3)
    assert study.knockouts == sum(knocked_per_game(2, 20, 3, 1))
    assert study.knockouts is not None and 0 <= study.knockouts <= study.rounds_played


def test_rules_without_the_mercy_rule_keep_their_tally_json_and_table() -> None:
    study = uno.simulate("mattel", 4, 10, rounds=1, seed=1)
    assert study.knockouts is None and study.round_knockouts is None
    data = study.to_dict()
    assert "round_knockouts" not in data["figures"]  # type: ignore[operator]
    tally = data["tally"]
    assert isinstance(tally, dict)
    # a constant, then rounds, actions, points, stuck, finished, first, 4 seats, 4 sides
    assert len(tally["sums"]) == 1 + 6 + 4 + 4
    assert "knockouts" not in str(study)
    c = uno.compare("mattel", "swedish", 4, 10, rounds=1, seed=1)
    assert "round_knockouts" not in c.differences()
    assert "knockouts" not in str(c)


def test_nm1_8_study_json_keeps_the_knockouts_and_reads_them_back() -> None:
    study = uno.simulate(NO_MERCY, 3, 8, seed=2, max_rounds=3)
    data = json.loads(json.dumps(study.to_dict()))
    assert data["figures"]["round_knockouts"]["value"] == study.round_knockouts.value  # type: ignore[union-attr]
    assert Study.from_dict(data) == study


def test_nm1_8_a_study_file_with_more_knockouts_than_players_can_be_knocked_out_is_refused() -> (
    None
):
    study = uno.simulate(NO_MERCY, 3, 4, rounds=1, seed=2)
    data = study.to_dict()
    bad = copy.deepcopy(data)
    index = len(bad["tally"]["sums"]) - 1  # type: ignore[index]
    bad["tally"]["sums"][index] = 4 * 2 + 1  # type: ignore[index]  # 4 rounds of 2 at most
    bad["tally"]["products"][index] = 4 * 2 + 1  # type: ignore[index]  # the constant times it
    with pytest.raises(ValueError, match=rf"^\$\.tally\.sums\[{index}\]: at most 8 in 4 games"):
        Study.from_dict(bad)


def test_nm1_8_comparison_counts_the_side_without_mercy_as_zero_knockouts() -> None:
    c = uno.compare("mattel", NO_MERCY, 4, 30, rounds=1, seed=4)
    b = c.b.round_knockouts
    assert c.a.round_knockouts is None and b is not None
    d = c.differences()["round_knockouts"]
    assert d is not None
    assert (d.value, d.low, d.high) == (b.value, b.low, b.high)  # B - 0, paired
    assert d.significant
    back = uno.compare(NO_MERCY, "mattel", 4, 30, rounds=1, seed=4)
    e = back.differences()["round_knockouts"]
    assert e is not None and (e.value, e.low, e.high) == (-b.value, -b.high, -b.low)
    names = list(c.differences())
    assert names.index("round_knockouts") == names.index("round_points") + 1
    row = next(r for r in c.to_rows() if r["figure"] == "round_knockouts")
    assert row["a"] is None and row["b"] == b.value and row["difference"] == d.value
    assert Comparison.from_dict(json.loads(json.dumps(c.to_dict()))) == c


def test_nm1_8_comparison_table_has_a_knockouts_row() -> None:
    c = uno.compare("mattel", NO_MERCY, 4, 30, rounds=1, seed=4)
    d = c.differences()["round_knockouts"]
    b = c.b.round_knockouts
    assert d is not None and b is not None
    line = next(x for x in str(c).splitlines() if x.startswith("knockouts/round"))
    assert line.split() == [
        "knockouts/round",
        "-",
        f"{b.value:.2f}",
        f"{d.value:+.2f}",
        f"[{d.low:+.2f},",
        f"{d.high:+.2f}]",
        "yes",
    ]


def test_nm1_8_simulate_prints_and_writes_the_knockouts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--rules", NO_MERCY, "--games", "10", "--rounds", "1", "--seed", "1"]
    study = uno.simulate(NO_MERCY, 4, 10, rounds=1, seed=1)
    e = study.round_knockouts
    assert e is not None
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"knockouts/round  mean {e.value:.2f} [{e.low:.2f}, {e.high:.2f}]" in out.splitlines()
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["knockouts_per_round"] == {
        "mean": round(e.value, 2),
        "ci95": [round(e.low, 2), round(e.high, 2)],
        "total": study.knockouts,
    }
    assert main(["simulate", "--games", "5", "--rounds", "1", "--json"]) == 0
    assert "knockouts_per_round" not in json.loads(capsys.readouterr().out)
