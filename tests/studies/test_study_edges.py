"""Studies at their edges: sides that count different things, one game, huge counts, and
JSON tallies that no games could have given."""

from __future__ import annotations

import concurrent.futures as cf
import copy
import io
import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules.cli import main

Capture = pytest.CaptureFixture[str]
TEAMS = attrs.evolve(uno.MATTEL, teams=2)


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- seats against teams ------------------------------------------------------------------------


def test_match_shares_of_seats_and_of_teams_have_no_difference() -> None:
    c = uno.compare("mattel", TEAMS, 4, 10)
    assert c.a.match_win_shares is not None and c.b.match_win_shares is not None
    d = c.differences()
    assert [d[f"match_win_share[{t}]"] for t in range(4)] == [None] * 4
    assert d["round_win_share[0]"] is not None and d["rounds_per_game"] is not None
    assert c.to_dict()["differences"]["match_win_share[0]"] is None  # type: ignore[index]


def test_match_shares_of_teams_on_both_sides_have_a_difference() -> None:
    c = uno.compare(TEAMS, attrs.evolve(TEAMS, seven_o=True), 4, 10)
    d = c.differences()["match_win_share[1]"]
    b, a = c.b.match_win_shares, c.a.match_win_shares
    assert a is not None and b is not None
    assert d is not None and d.value == pytest.approx(b[1].value - a[1].value, abs=1e-12)


def test_compare_labels_match_rows_by_what_each_side_counts(capsys: Capture) -> None:
    argv = ["compare", "mattel", "mattel", "--option", "teams=2", "--option", "seven_o=true"]
    code, out, _ = run(capsys, *argv, "--games", "6", "--players", "4", "--seed", "1")
    assert code == 0
    c = uno.compare("mattel", attrs.evolve(TEAMS, seven_o=True), 4, 6, seed=1)
    a, b = c.a.match_win_shares, c.b.match_win_shares
    assert a is not None and b is not None
    rows = [line.split() for line in out.splitlines() if line.startswith("match wins")]
    assert rows == [
        *(
            ["match", "wins", "seat", f"{s}", f"{100 * e.value:.2f}%", "-", "-"]
            for s, e in enumerate(a)
        ),
        *(
            ["match", "wins", "team", f"{t}", "-", f"{100 * e.value:.2f}%", "-"]
            for t, e in enumerate(b)
        ),
    ]


# -- one game -----------------------------------------------------------------------------------


def test_compare_of_one_game_leaves_out_rows_constant_under_both(capsys: Capture) -> None:
    code, out, _ = run(
        capsys, "compare", "mattel", "swedish", "--games", "1", "--rounds", "1", "--players", "2"
    )
    assert code == 0
    c = uno.compare("mattel", "swedish", 2, 1, rounds=1)
    assert c.a.stuck_rounds == c.b.stuck_rounds == 0
    labels = [line[:20].rstrip() for line in out.splitlines()[5:]]
    assert labels == [
        "actions/round",
        "median actions/round",
        "round points",
        "first player wins",
        "round wins seat 0",
        "round wins seat 1",
    ]


def test_compare_keeps_every_seat_row_even_when_constant(capsys: Capture) -> None:
    code, out, _ = run(
        capsys, "compare", "mattel", "mattel", "--games", "1", "--rounds", "1", "--players", "2"
    )
    assert code == 0
    labels = [line[:20].rstrip() for line in out.splitlines()[5:]]
    assert labels == ["median actions/round", "round wins seat 0", "round wins seat 1"]


def test_compare_leaves_out_stuck_rounds_when_there_are_none(capsys: Capture) -> None:
    code, out, _ = run(capsys, "compare", "mattel", "danish", "--games", "8", "--rounds", "1")
    c = uno.compare("mattel", "danish", 4, 8, rounds=1)
    assert code == 0 and c.a.stuck_rounds == c.b.stuck_rounds == 0
    assert "stuck rounds" not in out and "rounds/game" not in out
    assert "first player wins" in out


@pytest.mark.parametrize(
    ("argv", "bars"),
    [
        (["simulate", "--games", "1", "--rounds", "1", "--players", "2"], 3),  # 2 seats, first
        (["simulate", "--games", "1", "--players", "3", "--option", "target=100"], 4 + 3),
        (["compare", "mattel", "swedish", "--games", "1", "--rounds", "1", "--players", "2"], 6),
    ],
)
def test_plot_of_one_game_draws_the_shares_and_says_the_intervals_are_undefined(
    capsys: Capture, tmp_path: Path, argv: list[str], bars: int
) -> None:
    """Round wins (and match wins) per seat and of the first player, with no error bars."""
    pytest.importorskip("matplotlib")
    path = tmp_path / "one.svg"
    code, _, err = run(capsys, *argv, "--plot", str(path))
    assert (code, err) == (0, "")
    svg = path.read_text(encoding="utf-8")
    assert svg.startswith("<?xml")
    assert 'id="unorules-intervals-undefined"' in svg and "unorules-intervals-0" not in svg
    assert svg.count('id="unorules-bar-') == bars


def test_plot_of_two_games_draws_the_intervals(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "two.svg"
    uno.simulate("mattel", 2, 2, rounds=1).plot(str(path))
    svg = path.read_text(encoding="utf-8")
    assert 'id="unorules-intervals-0"' in svg and "unorules-intervals-undefined" not in svg


# -- huge counts --------------------------------------------------------------------------------


class _Stop(Exception):
    pass


class _Halt(io.StringIO):
    """A progress stream that stops the study at its first redraw (after 0.1 s)."""

    def write(self, s: str) -> int:
        raise _Stop


def test_a_huge_study_starts_at_once_and_keeps_its_memory_small() -> None:
    tracemalloc.start()
    try:
        with pytest.raises(_Stop):
            uno.simulate("mattel", 2, 10**8, rounds=1, progress=_Halt())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # the unfixed list of 100,000 chunks took 16.9 MB


def test_a_huge_study_on_an_executor_starts_at_once() -> None:
    tracemalloc.start()
    try:
        with cf.ThreadPoolExecutor(1) as pool, pytest.raises(_Stop):
            uno.compare(
                "mattel",
                "swedish",
                2,
                10**6,
                rounds=1,
                executor=pool,
                chunk_size=1,
                max_in_flight=2,
                progress=_Halt(),
            )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # the unfixed list of a million chunks took over 100 MB


def test_game_indices_stop_where_the_seeds_repeat() -> None:
    with pytest.raises(ValueError, match=r"^games: start \+ games is at most 2\*\*64"):
        uno.simulate("mattel", 2, 2**64 + 1, rounds=1, chunk_size=2**63, progress=_Halt())
    with pytest.raises(ValueError, match=r"not 18446744073709551617$"):
        uno.compare("mattel", "danish", 2, 2, rounds=1, start=2**64 - 1)


@pytest.mark.parametrize("verb", [["simulate"], ["compare", "mattel", "danish"]])
def test_cli_refuses_more_than_a_billion_games(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, verb: list[str]
) -> None:
    def play(*args: object, **kwargs: object) -> None:
        raise AssertionError("the count should be refused before any game is played")

    monkeypatch.setattr(uno.studies.study, "simulate", play)
    monkeypatch.setattr(uno.studies.study, "compare", play)
    code, out, err = run(capsys, *verb, "--games", "1000000000000000000000000", "--players", "2")
    assert (code, out) == (2, "")
    assert "--games: at most 1,000,000,000, not 1,000,000,000,000,000,000,000,000" in err


# -- tallies no games could have given ----------------------------------------------------------

# components (after the constant 1): rounds, actions, points, stuck, finished, first, wins...
ROUNDS, ACTIONS, POINTS, STUCK, FINISHED, FIRST, WIN0 = range(1, 8)


def _study_dict(rounds: int = 2) -> dict[str, Any]:
    """A study of 6 games of 2 players (2 rounds each), as JSON."""
    s = uno.simulate("mattel", 2, 6, rounds=rounds, seed=3)
    assert s.stuck_rounds == 0 and s.rounds_played == 6 * rounds
    return json.loads(json.dumps(s.to_dict()))  # type: ignore[no-any-return]


def _pos(i: int, j: int, k: int) -> int:
    """Where the product of components ``i <= j`` is in a tally of ``k`` components."""
    return i * k - i * (i - 1) // 2 + j - i


def _with_game(
    data: dict[str, Any], *, lengths: dict[int, int], wins: tuple[int, int], **counts: int
) -> dict[str, Any]:
    """``data`` with one more game, made up: its sums and products all agree, so only the
    invariants of the counts themselves can refuse it."""
    vector = [0] * len(data["tally"]["sums"])
    vector[0] = 1
    vector[ROUNDS] = sum(lengths.values())
    vector[ACTIONS] = sum(n * c for n, c in lengths.items())
    vector[STUCK], vector[FINISHED], vector[FIRST] = (
        counts.get(k, 0) for k in ("stuck", "finished", "first")
    )
    vector[WIN0], vector[WIN0 + 1] = wins
    vector[WIN0 + 2], vector[WIN0 + 3] = counts.get("match0", 0), counts.get("match1", 0)
    tally = data["tally"]
    k = len(vector)
    tally["games"] += 1
    data["games"] = [[0, tally["games"]]]
    for i in range(k):
        tally["sums"][i] += vector[i]
        for j in range(i, k):
            tally["products"][_pos(i, j, k)] += vector[i] * vector[j]
    histogram = tally["round_lengths"][0]
    for n, c in lengths.items():
        histogram[str(n)] = histogram.get(str(n), 0) + c
    return data


def test_a_made_up_game_that_keeps_the_rules_is_accepted() -> None:
    data = _with_game(_study_dict(), lengths={5: 2}, wins=(1, 1), first=1)
    study = uno.Study.from_dict(data)
    assert (study.games, study.rounds_played, study.round_lengths[5]) == (7, 14, 2)


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (
            {"lengths": {5: 1}, "wins": (1, 1)},
            "$.tally.sums[7]: the rounds won (14) and stuck (0) must add up to the rounds"
            " played (13)",
        ),
        (
            {"lengths": {5: 1}, "wins": (0, 0), "stuck": 2},
            "$.tally.sums[7]: the rounds won (12) and stuck (2) must add up to the rounds"
            " played (13)",
        ),
        (
            {"lengths": {5: 2}, "wins": (1, 1), "first": 20},
            "$.tally.sums[6]: more rounds won by the first player than won",
        ),
        (
            {"lengths": {5: 2}, "wins": (1, 1), "finished": 1},
            "$.tally.sums[9]: the matches won must add up to the matches finished (1)",
        ),
        (
            {"lengths": {5: 3}, "wins": (3, 0)},
            "$.tally.sums[1]: at most 14 rounds in 7 games of 2",
        ),
        (
            {"lengths": {}, "wins": (0, 0)},
            "$.tally.sums[1]: every game plays a round: at least 7",
        ),
    ],
)
def test_a_tally_whose_counts_disagree_is_refused_naming_its_path(
    game: dict[str, Any], message: str
) -> None:
    data = _study_dict(rounds=1 if not game["lengths"] else 2)
    with pytest.raises(ValueError) as caught:
        uno.Study.from_dict(_with_game(data, **game))
    assert str(caught.value) == message


K = 11  # components of a 2-player study: the constant, 6 counts, 2 seats, 2 sides


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: t.update(products=[0] * len(t["products"])),
            "$.tally.products[0]: must equal $.tally.sums[0] (6), got 0",
        ),
        (
            lambda t: t["sums"].__setitem__(WIN0, 50),
            "$.tally.products[7]: must equal $.tally.sums[7] (50), got ",
        ),
        (
            lambda t: t.update(round_lengths=[{"999999": 12}]),
            "$.tally.round_lengths[0]: holds 11999988 actions, but $.tally.sums[2] has ",
        ),
        (
            lambda t: t.update(round_lengths=[{"999999": 7}]),
            "$.tally.round_lengths[0]: counts 7 rounds, but $.tally.sums[1] has 12",
        ),
        (
            lambda t: t["round_lengths"][0].update({"0": 0}),
            "$.tally.round_lengths[0]: a round has at least one action, not 0",
        ),
        (
            lambda t: t["products"].__setitem__(_pos(1, 2, K), t["products"][_pos(1, 2, K)] + 1),
            "$.tally.products: no games give these sums of products (component 1,"
            " $.tally.sums[1], against the others)",
        ),
        (
            lambda t: t["products"].__setitem__(_pos(3, 3, K), 0),
            "$.tally.products: the squares of component 3 sum to less than $.tally.sums[3]",
        ),
    ],
)
def test_a_tally_no_games_could_give_is_refused_naming_its_path(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = _study_dict()
    assert len(data["tally"]["sums"]) == K
    edit(data["tally"])
    with pytest.raises(ValueError) as caught:
        uno.Study.from_dict(data)
    assert str(caught.value).startswith(message), str(caught.value)


def test_every_study_tally_passes_the_checks() -> None:
    for rules, players, rounds in ((TEAMS, 4, None), (uno.MATTEL, 3, 2), ("swedish", 2, 1)):
        s = uno.simulate(rules, players, 7, rounds=rounds, seed=2)
        assert uno.Study.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_a_comparison_tally_is_checked_side_by_side() -> None:
    c = uno.compare("mattel", TEAMS, 4, 5, seed=1)
    data = json.loads(json.dumps(c.to_dict()))
    assert uno.Comparison.from_dict(copy.deepcopy(data)) == c
    data["tally"]["round_lengths"][1] = {"5": 1}
    b_rounds = 1 + 6 + 4 + 4 + 1  # B's rounds: after the constant and A's block
    with pytest.raises(ValueError) as caught:
        uno.Comparison.from_dict(data)
    assert str(caught.value) == (
        f"$.tally.round_lengths[1]: counts 1 rounds, but $.tally.sums[{b_rounds - 1}]"
        f" has {c.b.rounds_played}"
    )


# -- the text of simulate -----------------------------------------------------------------------


def test_simulate_prints_a_lopsided_interval_as_its_bounds(capsys: Capture) -> None:
    code, out, _ = run(capsys, "simulate", "--players", "6", "--games", "12", "--seed", "1")
    assert code == 0
    shares = uno.simulate("mattel", 6, 12, seed=1).match_win_shares
    assert shares is not None and shares[5].value == 0.0
    last = out.splitlines()[-1]
    assert f"  seat 5: 0.0% [0.0, {100 * shares[5].high:.1f}]  (12 matches finished)" in last
    assert "±0.0" not in out
