"""The studies of the page "What the rules change", written by docs/_ext/unorules_studies.py."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

import unorules as uno
from unorules.rules import rules_from_options

DOCS = Path(__file__).resolve().parents[2] / "docs"


def studies_extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "unorules_studies_test", DOCS / "_ext" / "unorules_studies.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_studies_table_has_a_row_per_variant_with_the_compare_figures(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    ext = studies_extension()
    ext.write_studies(tmp_path, games=10, profile_games=10)
    text = (tmp_path / "studies.rst").read_text(encoding="utf-8")
    rows = re.findall(
        r"^   \* - (.*)\n     - (.*)\n     - (.*)\n     - (.*)\n     - (.*)$", text, re.M
    )
    assert [r[0] for r in rows] == ["rules (B)", *(label for label, _, _ in ext.VARIANTS)]
    _, profile, changes = ext.VARIANTS[-1]
    rules = rules_from_options(uno.get_profile(profile), changes)
    c = uno.compare(uno.MATTEL, rules, ext.PLAYERS, 10, rounds=1, seed=ext.SEED)
    d = c.differences()["round_length"]
    assert d is not None and c.b.round_length is not None
    cell = f"{d.value:+.1f} [{d.low:+.1f}, {d.high:+.1f}]"
    assert rows[-1][1:3] == (
        f"{c.b.round_length.value:.1f}",
        f"**{cell}**" if d.significant else cell,
    )
    for name in ("mattel", *ext.PLOTTED.values()):
        assert (tmp_path / "studies" / f"{name}.svg").read_bytes().startswith(b"<?xml")


def test_the_profiles_table_compares_each_official_game_with_mattel(tmp_path: Path) -> None:
    # Issue 26: how No Mercy and UNO Flip! (each profile of PROFILES) differ from mattel:
    # round length, knockouts, the first player's edge, with intervals and a plot each.
    pytest.importorskip("matplotlib")
    ext = studies_extension()
    assert ext.PROFILES == ["mattel-no-mercy", "mattel-flip"]
    ext.write_studies(tmp_path, games=10, profile_games=12)
    text = (tmp_path / "studies-profiles.rst").read_text(encoding="utf-8")
    rows = re.findall(r"^   \* - (.*)\n((?:     - .*\n)+)", text, re.M)
    assert [r[0] for r in rows] == ["profile", "mattel (A)", *ext.PROFILES]
    c = uno.compare(uno.MATTEL, "mattel-no-mercy", ext.PLAYERS, 12, rounds=1, seed=ext.SEED)
    cells = [line.removeprefix("     - ") for line in rows[2][1].splitlines()]
    length, knocked, first = c.b.round_length, c.b.round_knockouts, c.b.first_player_win_share
    assert length is not None and knocked is not None and first is not None
    assert cells[0] == (
        f"{length.value:.1f} [{length.low:.1f}, {length.high:.1f}],"
        f" median {c.b.median_round_length:g}"
    )
    assert cells[3] == f"{knocked.value:.2f} [{knocked.low:.2f}, {knocked.high:.2f}]"
    assert cells[4] == f"{100 * first.value:.1f} [{100 * first.low:.1f}, {100 * first.high:.1f}]"
    mattel_cells = [line.removeprefix("     - ") for line in rows[1][1].splitlines()]
    assert mattel_cells[1] == "-" and mattel_cells[3] == "none"  # mattel knocks nobody out
    flip = uno.compare(uno.MATTEL, "mattel-flip", ext.PLAYERS, 12, rounds=1, seed=ext.SEED)
    flip_cells = [line.removeprefix("     - ") for line in rows[3][1].splitlines()]
    length, first = flip.b.round_length, flip.b.first_player_win_share
    assert length is not None and first is not None
    assert flip_cells[0] == (
        f"{length.value:.1f} [{length.low:.1f}, {length.high:.1f}],"
        f" median {flip.b.median_round_length:g}"
    )
    assert flip_cells[3] == "none"  # Flip has no Mercy rule
    assert (
        flip_cells[4] == f"{100 * first.value:.1f} [{100 * first.low:.1f}, {100 * first.high:.1f}]"
    )
    for profile in ext.PROFILES:
        assert (tmp_path / "studies" / f"{profile}.svg").read_bytes().startswith(b"<?xml")
