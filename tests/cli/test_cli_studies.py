"""``unorules simulate`` over unorules.studies.study, and ``unorules compare``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import attrs
import pytest

import unorules as uno
from unorules.cli import main

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_prints_the_api_figures_with_their_intervals(capsys: Capture) -> None:
    code, out, err = run(capsys, "simulate", "--games", "30", "--players", "3", "--seed", "2")
    assert code == 0 and err == ""
    study = uno.simulate("mattel", 3, 30, seed=2)
    length, points = study.round_length, study.round_points
    assert length is not None and points is not None
    lines = out.splitlines()
    assert lines[2] == (
        f"actions/round    mean {length.value:.1f} [{length.low:.1f}, {length.high:.1f}],"
        f" median {study.median_round_length}"
    )
    seat0 = study.round_win_shares[0]
    assert lines[3].startswith(
        f"round wins       seat 0: {100 * seat0.value:.1f}%"
        f" [{100 * seat0.low:.1f}, {100 * seat0.high:.1f}]  seat 1:"
    )
    assert (
        lines[4]
        == f"round points     mean {points.value:.1f} [{points.low:.1f}, {points.high:.1f}]"
    )


def test_simulate_json_keeps_its_figures_and_adds_intervals(capsys: Capture) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "20", "--rounds", "1", "--json")
    assert code == 0
    data = json.loads(out)
    study = uno.simulate("mattel", 4, 20, rounds=1)
    assert data["rounds"] == 20 and data["bots"] == ["random"] * 4
    assert data["round_wins"] == [round(w / 20, 4) for w in study.round_wins]
    assert data["actions_per_round"]["median"] == study.median_round_length
    length = study.round_length
    assert length is not None
    assert data["actions_per_round"]["ci95"] == [round(length.low, 2), round(length.high, 2)]
    assert data["match_wins"] is None and data["match_wins_ci95"] is None
    first = study.first_player_win_share
    assert first is not None
    assert data["first_player_wins"] == {
        "share": round(study.first_player_wins / 20, 4),
        "ci95": [round(first.low, 4), round(first.high, 4)],
    }


def test_simulate_with_named_bots(capsys: Capture) -> None:
    argv = ["simulate", "--games", "10", "--rounds", "1", "--players", "2"]
    code, out, _ = run(capsys, *argv, "--bot", "heuristic", "--bot", "random")
    assert code == 0
    assert out.splitlines()[1] == "bots             heuristic, random"
    wins = uno.simulate("mattel", 2, 10, rounds=1, bots=["heuristic", "random"]).round_wins
    assert f"seat 0: {100 * wins[0] / 10:.1f}%" in out


def test_simulate_plot(capsys: Capture, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "s.png"
    code, _, _ = run(
        capsys, "simulate", "--games", "5", "--players", "2", "--rounds", "1", "--plot", str(target)
    )
    assert code == 0 and target.read_bytes().startswith(b"\x89PNG")


def test_compare_text(capsys: Capture) -> None:
    argv = ["compare", "mattel", "mattel", "--option", "stacking=same_type"]
    code, out, err = run(capsys, *argv, "--games", "40", "--rounds", "1", "--players", "3")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[:3] == [
        "A                mattel",
        "B                mattel + stacking=same_type",
        "games            40 paired seeds (3 players, seed 0, 1 round each, random bots)",
    ]
    assert lines[4].split() == ["figure", "A", "B", "B", "-", "A", "95%", "CI", "significant"]
    shown = [ln.split("  ")[0] for ln in lines[5:]]
    assert shown == [
        "actions/round",
        "median actions/round",
        "round points",
        "first player wins",
        "round wins seat 0",
        "round wins seat 1",
        "round wins seat 2",
    ]
    c = uno.compare(
        "mattel", attrs.evolve(uno.MATTEL, stacking=uno.Stacking.SAME_TYPE), 3, 40, rounds=1
    )
    d = c.differences()["round_length"]
    assert d is not None
    cells = lines[5].split()
    assert cells[1:4] == [
        f"{c.a.round_length.value:.2f}",  # type: ignore[union-attr]
        f"{c.b.round_length.value:.2f}",  # type: ignore[union-attr]
        f"{d.value:+.2f}",
    ]
    assert cells[-1] == ("yes" if d.significant else "no")


def test_compare_json_is_the_comparison(capsys: Capture) -> None:
    argv = ["compare", "mattel", "danish", "--games", "6", "--rounds", "1", "--players", "2"]
    code, out, _ = run(capsys, *argv, "--json", "--jobs", "2")
    assert code == 0
    data = json.loads(out)
    assert uno.Comparison.from_dict(data) == uno.compare("mattel", "danish", 2, 6, rounds=1)


def test_compare_plot(capsys: Capture, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "c.svg"
    argv = ["compare", "mattel", "swedish", "--games", "5", "--rounds", "1", "--plot", str(target)]
    code, _, _ = run(capsys, *argv)
    assert code == 0 and b"<svg" in target.read_bytes()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["mattel", "uno-flip"], "unknown rules profile"),
        (["uno-flip", "mattel"], "unknown rules profile"),
        (["mattel", "mattel", "--option", "stack=1"], "did you mean 'stacking'"),
        (
            ["mattel", "mattel", "--bot", "clever"],
            "unknown bot 'clever'; known: heuristic, monte-carlo, policy, random",
        ),
        (
            ["mattel", "mattel", "--bot", "random", "--bot", "random", "--players", "4"],
            "2 bots for 4 seats",
        ),
        (["mattel", "mattel", "--plot", "x.gif"], "*.svg, *.png or *.pdf"),
        (["mattel", "mattel", "--games", "0"], "--games"),
        (["mattel", "mattel", "--players", "1"], "2 to 10 players"),
        (["mattel", "mattel", "--option", "teams=2", "--players", "3"], "team"),
    ],
)
def test_compare_usage_errors(capsys: Capture, argv: list[str], words: str) -> None:
    code, out, err = run(capsys, "compare", *argv)
    assert code == 2 and out == ""
    assert err.startswith("unorules compare: error:") and words in err


def test_plot_without_matplotlib_is_a_usage_error(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *a: None)
    code, out, err = run(capsys, "simulate", "--games", "1", "--plot", "a.svg")
    assert (code, out) == (2, "")
    assert "--plot needs matplotlib: pip install 'unorules[plot]'" in err


def test_the_matplotlib_hints_name_the_extra_and_the_install_from_source(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Until unorules is on PyPI, ``pip install 'unorules[plot]'`` cannot work: every
    hint for the missing matplotlib also says how to install the extra from a clone."""
    import argparse

    from unorules.cli import study
    from unorules.studies import _plot

    monkeypatch.setattr("importlib.util.find_spec", lambda name, *a: None)
    _, _, err = run(capsys, "simulate", "--games", "1", "--plot", "a.svg")
    assert err.strip().endswith("(from a clone of the source: pip install '.[plot]')")
    assert len(err.strip().splitlines()) == 1

    parser = argparse.ArgumentParser()
    study._study_options(parser)
    assert "from a clone: pip install '.[plot]'" in " ".join(parser.format_help().split())

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError) as caught:
        _plot._matplotlib()
    assert "pip install 'unorules[plot]'" in str(caught.value)
    assert "from a clone of the source: pip install '.[plot]'" in str(caught.value)


def test_plot_to_an_unwritable_place(capsys: Capture, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "missing" / "c.svg"
    argv = ["simulate", "--games", "2", "--rounds", "1", "--players", "2", "--plot", str(target)]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith(f"unorules: cannot write {target}:")
