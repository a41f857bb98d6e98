"""The documentation's generated tables, and the doctests of its pages.

docs/conf.py writes docs/_generated/ from the Rules data when a build starts; the pages
pull those files in with ``.. include::``. pytest runs the pages' examples as doctests
(``--doctest-glob='*.rst'``) without building anything, so the pages must work whether or
not the generated files exist.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import unorules as uno

DOCS = Path(__file__).resolve().parents[2] / "docs"


def rows(table: str) -> dict[str, list[str]]:
    """A generated list-table as {option: [cells after the first]}."""
    found: dict[str, list[str]] = {}
    for block in re.split(r"\n   \* - ", table)[1:]:
        cells = [c.strip() for c in block.split("\n     - ")]
        name = re.match(r"``([a-z0-9_]+)``", cells[0])
        if name:
            found[name.group(1)] = [c.splitlines()[0] for c in cells[1:]]
    return found


def test_profile_table_has_every_option_once(conf: ModuleType) -> None:
    text = conf.profiles_rst()
    table = rows(text)
    assert sorted(table) == sorted(a.name for a in attrs.fields(uno.Rules))
    profiles = ["mattel", "mattel-108", "swedish", "danish", "mattel-no-mercy", "mattel-flip"]
    for name, rule, values in uno.compare_profiles(profiles):
        cells = table[name]
        assert re.sub(r":rule:`([^`]*)`", r"\1", cells[-1]) == rule  # each id linked
        assert ":rule:`" in cells[-1]
        assert cells[:-1] in (values, values[:1])  # shared options show one value


def test_profile_page_tables_list_what_differs_from_mattel(conf: ModuleType) -> None:
    table = rows(conf.profile_rst("swedish"))
    assert table["two_player_reverse"][:2] == ["pass", "skip"]
    assert "hand_size" not in table
    assert rows(conf.profile_rst("mattel")) == {}
    flip = rows(conf.profile_rst("mattel-flip"))  # docs/profiles/mattel-flip.rst includes it
    assert flip["flip_pairing"][:2] == ["ogreface", "(none)"]
    assert flip["customizable_cards"][:2] == ["0", "3"]


def test_module_reference_fails_loudly_for_a_module_that_does_not_import(
    conf: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A public module that does not import must break the docs build, not vanish from
    the API reference."""
    monkeypatch.setattr(conf, "PUBLIC_MODULES", ["unorules.rules", "unorules.not_written_yet"])
    with pytest.raises(ModuleNotFoundError):
        conf.api_pages()


def test_module_reference_has_one_page_per_public_module(
    conf: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(conf, "PUBLIC_MODULES", ["unorules.rules", "unorules.view"])
    pages = conf.api_pages()
    assert sorted(pages) == ["api-toc.rst", "unorules.rules.rst", "unorules.view.rst"]
    text = pages["unorules.rules.rst"]
    assert ".. automodule:: unorules.rules" in text
    # only in the module: documented under its name there
    assert ".. autofunction:: unorules.rules.option_docs" in text
    # re-exported: documented once, under the short name
    assert ".. autoclass:: unorules.Rules" in text
    assert "unorules.rules.Rules" not in text
    # defined there though not in its __all__
    assert ".. autofunction:: unorules.compare_profiles" in text
    assert ".. autoexception:: unorules.RulesError" in text
    assert ".. autodata:: unorules.MATTEL\n   :no-value:" in text
    assert pages["api-toc.rst"].splitlines()[-2:] == ["   unorules.rules", "   unorules.view"]


def test_a_module_that_is_no_longer_public_loses_its_page(
    conf: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(conf, "GENERATED", tmp_path / "_generated")
    monkeypatch.setattr(conf, "API_PAGES", tmp_path / "api")
    monkeypatch.setattr(conf, "PUBLIC_MODULES", ["unorules.rules"])
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "unorules.gone.rst").write_text("old page")
    (tmp_path / "api" / "index.rst").write_text("hand-written")
    conf.write_generated()
    assert sorted(p.name for p in (tmp_path / "api").iterdir()) == [
        "index.rst",
        "unorules.rules.rst",
    ]


def test_pages_include_only_files_the_build_writes(conf: ModuleType, tmp_path: Path) -> None:
    monkey = pytest.MonkeyPatch()
    monkey.setattr(conf, "GENERATED", tmp_path)
    monkey.setattr(conf, "API_PAGES", tmp_path.with_name(tmp_path.name + "-api"))
    try:
        conf.write_generated()
    finally:
        monkey.undo()
    pytest.importorskip("matplotlib")
    studies_extension().write_studies(tmp_path, games=8)  # the extension under docs/_ext
    written = {p.name for p in tmp_path.iterdir()}
    for page in DOCS.rglob("*.rst"):
        for target in re.findall(r"^\.\. include:: (.*_generated/.*)$", page.read_text(), re.M):
            assert Path(target).name in written, f"{page}: {target}"
        for target in re.findall(r"^\.\. image:: _generated/(.*)$", page.read_text(), re.M):
            assert (tmp_path / target).is_file(), f"{page}: {target}"
    for path in tmp_path.iterdir():
        if path.is_file():
            assert ">>>" not in path.read_text(), "generated files must not hold doctests"


def studies_extension() -> ModuleType:
    """docs/_ext/unorules_studies.py, which writes the studies of docs/studies.rst."""
    spec = importlib.util.spec_from_file_location(
        "unorules_studies", DOCS / "_ext" / "unorules_studies.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_doctests_run_without_the_generated_files(tmp_path: Path) -> None:
    copy = tmp_path / "docs"
    shutil.copytree(DOCS, copy, ignore=shutil.ignore_patterns("_generated", "_build", "conf.py"))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            "--doctest-glob=*.rst",
            "-o",
            "doctest_optionflags=NORMALIZE_WHITESPACE ELLIPSIS",
            str(copy / "profiles"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "7 passed" in done.stdout  # the index and the six profile pages


@pytest.mark.parametrize(("page", "game"), [("no-mercy.rst", "1"), ("flip.rst", "2")])
def test_every_official_game_rule_names_its_paragraph_of_official_games(
    page: str, game: str
) -> None:
    """The rules reference of No Mercy and Flip: each rule's source names the paragraph
    of OFFICIAL-GAMES.md it comes from (NM1.5 from §1.5, NM-A3 from §1.11, FL2.6 from
    §2.6, FL-A2 from §2.8)."""
    text = (DOCS / "rules" / page).read_text(encoding="utf-8")
    blocks = re.split(r"^\.\. rule:: ", text, flags=re.M)[1:]
    assert len(blocks) > 10
    for block in blocks:
        rule = block.split()[0]
        found = re.search(r":source:(.*?):profiles:", block, re.S)
        assert found, rule
        source = " ".join(found[1].split())
        number = re.fullmatch(r"(?:NM|FL)\d\.(\d+)", rule)
        if number:
            paragraph = f"§{game}.{number[1]}"
        else:
            paragraph = f"§{game}.{11 if game == '1' else 8} ({rule})"
        assert source.endswith(f"``OFFICIAL-GAMES.md {paragraph}``"), (rule, source)
