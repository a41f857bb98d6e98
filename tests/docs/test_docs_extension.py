"""The documentation's own Sphinx extension (docs/_ext/unorules_docs.py): the changelog
converter, the generated error-code table, the links of rule citations in docstrings,
and the options listed under each rule of the reference."""

from __future__ import annotations

import importlib.util
import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest
from docutils import nodes  # type: ignore[import-untyped]
from docutils.core import publish_doctree  # type: ignore[import-untyped]

import unorules as uno

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext" / "unorules_docs.py"


@pytest.fixture(scope="module")
def ext() -> ModuleType:
    spec = importlib.util.spec_from_file_location("unorules_docs", EXT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def parse(rst: str) -> nodes.document:
    """Parse RST with docutils alone; any warning is an error."""
    return publish_doctree(
        rst,
        settings_overrides={
            "report_level": 2,
            "halt_level": 2,
            "warning_stream": False,
            "doctitle_xform": False,
        },
    )


# -- the changelog -------------------------------------------------------------------


def test_the_changelog_converts_to_clean_rst(ext: ModuleType) -> None:
    markdown = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    rst = ext.markdown_to_rst(markdown)
    tree = parse("Changelog\n=========\n\n" + rst)
    sections = [s[0].astext() for s in tree.findall(nodes.section)]
    headings = [re.sub(r"^\[(.*)\]$", r"\1", h) for h in re.findall(r"^##+ (.*)$", markdown, re.M)]
    assert sections == ["Changelog", *headings]
    items = list(tree.findall(nodes.list_item))
    assert len(items) == len(re.findall(r"^- ", markdown, re.M))
    text = tree.astext()
    assert "3 * 10**9" in text  # literal asterisks stay literal
    text = text.replace("3 * 10**9", "")
    assert "`" not in text
    assert "**" not in text
    assert "](" not in text


def test_markdown_inline_markup(ext: ModuleType) -> None:
    rst = ext.markdown_to_rst(
        "# T\n\n### Added\n\n- `Rules.but`, **new**, see [the docs](https://x.org/a_b)\n"
        "  and snake_case_names, a | b, <tag>.\n\nA paragraph with `code`.\n"
    )
    tree = parse("Title\n=====\n\n" + rst)
    literals = [n.astext() for n in tree.findall(nodes.literal)]
    assert literals == ["Rules.but", "code"]
    assert [n.astext() for n in tree.findall(nodes.strong)] == ["new"]
    links = [(n.astext(), n["refuri"]) for n in tree.findall(nodes.reference)]
    assert links == [("the docs", "https://x.org/a_b")]
    assert "and snake_case_names, a | b, <tag>." in tree.astext()
    assert [s[0].astext() for s in tree.findall(nodes.section)] == ["Title", "Added"]


# -- error codes ---------------------------------------------------------------------


def test_the_error_code_table_has_every_code_with_its_docstring(ext: ModuleType) -> None:
    docs = ext.member_docstrings(uno.ErrorCode)
    assert set(docs) == {code.name for code in uno.ErrorCode}
    assert all(text.strip() for text in docs.values())
    tree = parse("\n".join(ext.error_codes_rst()))
    rows = [row for row in tree.findall(nodes.row)][1:]  # after the header
    assert [row[0].astext() for row in rows] == [code.value for code in uno.ErrorCode]
    bad_color = " ".join(docs["BAD_COLOR"].split())
    assert [row[1].astext() for row in rows if row[0].astext() == "bad_color"] == [bad_color]


def test_the_error_code_table_leaves_out_what_it_is_told(ext: ModuleType) -> None:
    rows = ext.error_codes_rst(frozenset({"malformed", "result_mismatch"}))
    codes = re.findall(r"^   \* - ``(\w+)``$", "\n".join(rows), re.M)
    assert codes == [
        c.value for c in uno.ErrorCode if c.value not in ("malformed", "result_mismatch")
    ]


# -- rule citations in docstrings ----------------------------------------------------


def test_docstring_citations_become_rule_links_outside_examples(ext: ModuleType) -> None:
    lines = [
        "Lay a card (R4.1, A2; C16). A red 7 is written R7 and ``R4.1`` stays literal.",
        "",
        ">>> uno.apply(s, a)  # (R4.1)",
        "IllegalAction: one card per turn (R4.3)",
        "",
        "Example::",
        "",
        "    R5.5 in a literal block",
        "",
        "Models R9, A10, C14 and §2.4.",
    ]
    ext.link_docstring(lines)
    assert lines[0] == (
        "Lay a card (:rule:`R4.1`, :rule:`A2`; :rule:`C16`). A red 7 is written R7 and"
        " ``R4.1`` stays literal."
    )
    assert lines[2:4] == [
        ">>> uno.apply(s, a)  # (R4.1)",
        "IllegalAction: one card per turn (R4.3)",
    ]
    assert lines[7] == "    R5.5 in a literal block"
    assert lines[9] == "Models :rule:`R9`, :rule:`A10`, :rule:`C14` and :rule:`§2.4`."


def test_the_rules_docstring_links_the_rule_of_every_option(ext: ModuleType) -> None:
    lines = (inspect.getdoc(uno.Rules) or "").splitlines()
    ext.link_docstring(lines)
    text = "\n".join(lines)
    assert "Models :rule:`R4.5`, :rule:`A7`." in text  # voluntary_draw
    assert "Models :rule:`A5` (i)." in text  # challenger_plays_after_success


def test_anchors(ext: ModuleType) -> None:
    assert [ext.anchor(i) for i in ("R10.2", "A18", "C1", "§2.7")] == [
        "R10.2",
        "A18",
        "C1",
        "section-2.7",
    ]


# -- the options under each rule -----------------------------------------------------


def test_a_rule_lists_the_options_that_model_it_with_each_profile(ext: ModuleType) -> None:
    assert ext.option_summary("A7") == (
        "``voluntary_draw`` (mattel yes, mattel-108 yes, swedish no, danish no)"
    )
    assert ext.option_summary("R3.2") == "``hand_size`` (7 in every profile)"
    assert ext.option_summary("A19") == ""  # table talk: no option models it
