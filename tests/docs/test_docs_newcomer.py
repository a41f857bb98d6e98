"""What a newcomer meets first in the documentation: the landing page (the version, a
picture of a game), the API index (grouped by role, one line per module), the one way
the examples make a variant of a profile (``.but(...)``), and a quick start whose code
lines fit the page (furo shows about 88 characters of code without a scrollbar).
"""

from __future__ import annotations

import importlib.util
import inspect
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

import unorules as uno

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CODE_WIDTH = 88
"""The longest code line furo shows whole in its content column, in characters."""


def test_the_docs_show_the_version(conf: ModuleType) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert conf.release == uno.__version__ == pyproject["project"]["version"]
    assert conf.html_title == f"unorules {uno.__version__}"  # the sidebar's title
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert "This is the documentation of unorules |release|." in index


def test_the_landing_page_shows_a_game_drawn_by_the_library(conf: ModuleType) -> None:
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert ".. figure:: /_generated/landing.svg" in index
    # Written at every build from the library (so it cannot go stale), not committed.
    assert 'GENERATED / "landing.svg", landing_svg()' in inspect.getsource(conf.write_generated)
    picture = conf.landing_svg()
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    assert 'aria-label="UNO table: 4 players' in picture
    assert picture == conf.landing_svg()  # seeded: the same picture every build
    # The picture comes before the README's "What it is", near the top of the page.
    readme = (ROOT / "README.rst").read_text(encoding="utf-8")
    marker = ".. The landing page (docs/index.rst) shows the version and a picture"
    assert readme.index(marker) < readme.index("What it is")


def test_the_api_index_lists_each_module_once_with_its_one_line_summary(
    conf: ModuleType,
) -> None:
    ext = sys.modules["unorules_docs"]  # docs/_ext/unorules_docs.py, loaded by conf.py
    toc = conf.api_pages()["api-toc.rst"]
    headings = [h for _, h, _ in ext.API_GROUPS]
    found = re.findall(r"^(\S.*)\n\^+$", toc, re.M)
    assert found == headings  # grouped by role, in the order of the layers
    for module in conf.PUBLIC_MODULES:
        lines = [line for line in toc.splitlines() if line.startswith(f"- :mod:`{module}`: ")]
        assert len(lines) == 1, module
        summary = lines[0].split("`: ", 1)[1]
        doc = inspect.getdoc(importlib.import_module(module)) or ""
        assert summary and " ".join(doc.split()).startswith(summary), module


PROFILE_EVOLVE = re.compile(r"evolve\(\s*(?:uno\.|unorules\.)?(?:MATTEL|SWEDISH|DANISH)")


def example_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of ``path`` that are doctest examples (``>>>`` and ``...``)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, line) for n, line in enumerate(lines, 1) if re.match(r"\s*(>>>|\.\.\.) ", line)]


def test_examples_make_a_variant_of_a_profile_with_but() -> None:
    """One idiom: ``uno.MATTEL.but(hand_size=2)`` (which checks the option names), never
    ``attrs.evolve(uno.MATTEL, ...)``, in the pages and in every docstring."""
    paths = [*DOCS.rglob("*.rst"), ROOT / "README.rst", *(ROOT / "src").rglob("*.py")]
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in paths
        if "_build" not in path.parts
        for n, line in example_lines(path)
        if PROFILE_EVOLVE.search(line)
    ]
    assert found == []


def code_lines(text: str) -> list[tuple[int, str]]:
    """The lines of the code a reST page shows: doctest blocks (from ``>>>`` to the next
    blank line) and literal blocks (``::``, ``.. code-block::``), without their indent."""
    lines = text.splitlines()
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(">>>"):
            while i < len(lines) and lines[i].strip():
                out.append((i + 1, lines[i]))
                i += 1
            continue
        if line.rstrip().endswith("::") and not line.lstrip().startswith(".. _"):
            base = len(line) - len(line.lstrip())
            i += 1
            while i < len(lines) and lines[i].lstrip().startswith(":"):  # options
                i += 1
            block: list[tuple[int, str]] = []
            while i < len(lines) and (
                not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > base
            ):
                block.append((i + 1, lines[i]))
                i += 1
            indent = min((len(t) - len(t.lstrip()) for _, t in block if t.strip()), default=0)
            out += [(n, t[indent:]) for n, t in block if t.strip()]
            continue
        i += 1
    return out


def test_code_lines_reads_doctests_and_literal_blocks() -> None:
    page = "Text::\n\n   $ one\n     two\n\nmore\n\n>>> x = 1\n>>> x\n1\n\nend\n"
    assert code_lines(page) == [
        (3, "$ one"),
        (4, "  two"),
        (8, ">>> x = 1"),
        (9, ">>> x"),
        (10, "1"),
    ]


@pytest.mark.parametrize("page", sorted(DOCS.glob("quickstart*.rst")), ids=lambda p: p.name)
def test_no_quick_start_code_line_is_clipped(page: Path) -> None:
    long = [
        f"{page.name}:{n}: {len(line)} characters: {line}"
        for n, line in code_lines(page.read_text(encoding="utf-8"))
        if len(line) > CODE_WIDTH
    ]
    assert long == []
