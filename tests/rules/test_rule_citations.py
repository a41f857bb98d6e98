"""Every rule the library cites resolves in the published rules reference (docs/rules/).

The library cites rules in its error messages, its docstrings and the option metadata
of ``Rules`` (``(R4.1)``, ``A18``, ``C16``, ``§2.4``); a reader must be able to look each
one up. The source is scanned as Python (every string literal: docstrings, messages,
f-string parts), so a citation cannot hide in a new module or a new kind of message.
Markup strings (the SVG of card pictures) are not prose and are left out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "unorules"
REFERENCE = ROOT / "docs" / "rules"
DOCS = ROOT / "docs"

# A citation: R4.1 / R10 (a part of the official rules) / A18 / C16 / §2.4. A bare R1..R9
# is a card (the red 1) unless it stands in a list of citations ("R9, A10"); a card in
# quotes ('R10', "R7") is notation, not a citation.
CITATION = re.compile(
    r"(?<![\w'\"`#.§/-])"
    r"(FL-A\d+|FL\d+(?:\.\d+)*|R\d+\.\d+|R1\d|R[1-9](?=, ?(?:R|A|C|§|FL)\d)|[AC]\d+"
    r"|§ ?\d+(?:\.\d+)*|NM\d+(?:\.\d+)*|NM-A\d+)"
    r"(?![\w'\"`]|\.\d)"
)
# Ways of citing that lead nowhere a reader can follow: the internal reference documents
# and the file names of the source texts ("seed 003"), and their bracketed keys.
UNREADABLE = re.compile(
    r"SPEC\b|RULES\.md|\bseeds?\s+0\d\d\b|\[S\d{3}|\bS\d{3}(?:-c\d+)?\b|\bSH-(?:TW|ALT)\b"
    r"|\[(?:OLD|E2|WP-\w+|SWCAT|GDJ85|R2822|HRED|QR|MCR|TW20\d\d)\b"
)
MARKUP = re.compile(r"<(?:svg|path|rect|text|g|div|span|html|script|style|circle)\b")


def defined_ids() -> set[str]:
    """The ids the reference defines with ``.. rule:: ID Title``."""
    found: set[str] = set()
    for page in REFERENCE.glob("*.rst"):
        found |= set(re.findall(r"^\s*\.\. rule:: (\S+)", page.read_text(encoding="utf-8"), re.M))
    return found


def resolves(rule_id: str, defined: set[str]) -> bool:
    """Whether a citation names a rule of the reference (a part such as ``R10`` names its
    rules R10.1, R10.2, ...)."""
    rule_id = rule_id.replace(" ", "")
    if rule_id in defined:
        return True
    return bool(re.fullmatch(r"R\d+", rule_id)) and any(
        d.startswith(rule_id + ".") for d in defined
    )


def strings(tree: ast.AST) -> list[tuple[int, str]]:
    """Every string literal of a module with its line: docstrings, messages, and the
    literal parts of f-strings."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value))
    return found


def problems_in(text: str, defined: set[str], where: str) -> list[str]:
    """What is wrong with the citations of one piece of prose."""
    out = [
        f"{where}: {m.group(1)!r} is not in the rules reference"
        for m in CITATION.finditer(text)
        if not resolves(m.group(1), defined)
    ]
    out += [
        f"{where}: {m.group(0)!r} cites a document the reader does not have"
        for m in UNREADABLE.finditer(text)
    ]
    return out


def source_problems(defined: set[str]) -> list[str]:
    out: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, text in strings(tree):
            if MARKUP.search(text):
                continue
            out += problems_in(text, defined, f"{path.relative_to(ROOT)}:{line}")
    for path in sorted(SRC.rglob("*.json")):
        out += problems_in(path.read_text(encoding="utf-8"), defined, str(path.relative_to(ROOT)))
    return out


def test_the_reference_defines_the_rules_of_every_part() -> None:
    defined = defined_ids()
    for rule_id in ["R1.1", "R3.5", "R4.1", "R7.3", "R10.2", "R13.1", "R14.1", "§2.4", "§2.7"]:
        assert rule_id in defined
    assert {f"A{i}" for i in range(1, 20)} <= defined
    assert {f"C{i}" for i in range(1, 19)} <= defined
    assert resolves("R10", defined) and not resolves("R15", defined)


def test_every_rule_cited_in_the_source_resolves_in_the_reference() -> None:
    assert source_problems(defined_ids()) == []


def test_every_rule_an_option_models_resolves() -> None:
    import unorules as uno
    from unorules.rules import option_docs

    defined = defined_ids()
    for name, (_, rule) in option_docs().items():
        cited = [m.group(1) for m in CITATION.finditer(rule)]
        assert cited, f"{name} cites no rule"
        assert all(resolves(c, defined) for c in cited), (name, rule)
    assert len(option_docs()) == len(uno.Rules.__attrs_attrs__)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("only one card per turn (R4.3)", []),
        ("see (R99.1)", ["'R99.1' is not in the rules reference"]),
        ("a rule (A42) and C77", ["'A42' is not", "'C77' is not"]),
        ("the codes (SPEC §5)", ["'§5' is not", "'SPEC' cites"]),
        ("the claim of seed 003", ["'seed 003' cites"]),
        ("a house rule of S001-c13", ["'S001-c13' cites"]),
        ("Models R9, A10, C14.", []),
        ("R15, A1", ["'R15' is not"]),
        ("lay R7 on R9 or 'R10'", []),
        ("what a Reverse does (R5.5, A3); §2.4", []),
    ],
)
def test_the_scan_finds_bad_citations(text: str, expected: list[str]) -> None:
    """The scanner itself: a citation that does not resolve, or a document the reader
    cannot follow, is reported; cards and valid citations are not."""
    found = problems_in(text, defined_ids(), "x")
    assert len(found) == len(expected), found
    for problem, part in zip(found, expected, strict=True):
        assert part in problem


def test_a_message_citing_an_unknown_rule_would_fail(tmp_path: Path) -> None:
    tree = ast.parse('def f():\n    raise ValueError(f"no {1} (R77.7)")\n')
    texts = [text for _, text in strings(tree)]
    assert any("R77.7" in t for t in texts)
    assert problems_in(" ".join(texts), defined_ids(), "m")


# -- the documentation pages cite rules through the :rule: role -------------------------


LITERAL_BLOCK = re.compile(r"\.\. (?:code-block|code|sourcecode|literalinclude|parsed-literal)::")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The prose lines of an RST page, with inline literals and roles taken out: not
    doctests, literal blocks, section titles, nor the signature of a ``.. rule::`` (where
    the reference defines an id)."""
    out: list[tuple[int, str]] = []
    block_indent: int | None = None
    in_doctest = False
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        stripped = line.lstrip()
        following = lines[number] if number < len(lines) else ""
        if stripped.startswith(".. rule::") or re.fullmatch(r"([-=~^])\1{3,}", following):
            continue
        indent = len(line) - len(stripped)
        if block_indent is not None:
            if stripped and indent <= block_indent:
                block_indent = None
            else:
                continue
        if stripped.startswith(">>>"):
            in_doctest = True
        if in_doctest:
            in_doctest = bool(stripped)
            continue
        if LITERAL_BLOCK.match(stripped) or (stripped.endswith("::") and ".. " not in stripped):
            block_indent = indent
            continue
        out.append((number, re.sub(r"``.+?``|:\w+:`[^`]*`", "", line)))
    return out


def test_documentation_pages_link_every_rule_they_cite() -> None:
    """A page that cites a rule links it (``:rule:`R4.1```): a bare "R4.1" in prose is a
    citation that leads nowhere."""
    bare: list[str] = []
    for page in sorted(DOCS.rglob("*.rst")):
        if {"_build", "_generated"} & set(page.relative_to(DOCS).parts):
            continue
        for number, line in prose_lines(page.read_text(encoding="utf-8")):
            bare += [f"{page.relative_to(ROOT)}:{number}: {m}" for m in CITATION.findall(line)]
    assert bare == []


def test_prose_lines_skip_examples() -> None:
    text = (
        "A rule (:rule:`R4.1`).\n\n>>> x = 1  # R4.1\n... (A2)\n\nBare C5 here.\n"
        ".. code-block:: console\n\n   $ unorules rules  # R6.1\n\nThe end.\n"
    )
    assert [CITATION.findall(line) for _, line in prose_lines(text)] == [[], [], ["C5"], []]
