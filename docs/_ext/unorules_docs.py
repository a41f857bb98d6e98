"""Sphinx extension for the unorules documentation.

* The rules reference (docs/rules/): the ``rule`` directive states one rule with its id as
  the anchor, and the ``:rule:`` role links a citation to it (``:rule:`R4.1```; a group id
  such as ``R10`` links to its first rule, ``A9 (iv)`` to ``A9``). With ``-n`` an id that
  the reference does not define breaks the build.
* Rule citations in docstrings (``(R3.5, A2, C5)``) become ``:rule:`` links in the API
  pages, so the code needs no markup of its own.
* ``error-codes``: the table of :class:`unorules.ErrorCode`, written from the enum and
  its member docstrings.
* ``markdown-changelog``: CHANGELOG.md rendered as a document (a small converter for the
  Markdown the changelog uses: headings, paragraphs, bullet lists, code, links, bold).
* ``phase-diagram``: the phases of a game and the actions that move between them, as an
  SVG drawn from :data:`TRANSITIONS`, and the same table in words.
* The API reference, one page per public module (written by docs/conf.py with
  :func:`module_page_rst` and :func:`api_toc_rst`).
* A copy button on every example (a few lines of JavaScript, no dependency).

No new dependency: everything here uses Sphinx and docutils only.
"""

from __future__ import annotations

import ast
import enum
import html
import importlib
import inspect
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.domains.std import GenericObject
from sphinx.roles import XRefRole
from sphinx.util.docfields import Field
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from unorules import ErrorCode
from unorules.rules import compare_profiles

HERE = Path(__file__).resolve().parent

# -- rule ids ----------------------------------------------------------------------------
# R4.1 (a rule of the official game), R10 (a part of it), A18 (a decision where the sheets
# disagree or are silent), C16 (a clarification), §2.4 (a part of the profile matrix),
# NM1.6 and NM-A7 (a rule and a decision of UNO Show 'Em No Mercy).

RULE_ID = re.compile(
    r"^(R\d{1,2}(\.\d{1,2})?|A\d{1,2}|C\d{1,2}|§\d(\.\d)?|NM1\.\d{1,2}|NM-A\d{1,2}"
    r"|FL\d(\.\d)?|FL-A\d{1,2})$"
)

# A citation in running text: ids not glued to other words, quotes or markup. A bare
# ``R1``..``R9`` is a card (the red 1), so a part of the official rules without a dot is
# only a citation when it is ``R10``..``R14`` or stands in a list of other citations
# (``R9, A10``).
CITATION = re.compile(
    r"(?<![\w'\"`<:.§/-])"
    r"(FL-A\d{1,2}|FL\d\.\d|R\d{1,2}\.\d{1,2}|R1[0-4]|R[1-9](?=, (?:R|A|C|§|FL)\d)"
    r"|A\d{1,2}|C\d{1,2}|§\d\.\d|NM1\.\d{1,2}|NM-A\d{1,2})"
    r"(?![\w'\"`]|\.\d)"
)


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule: its id (``R4.1``), ``section-2.4`` for ``§2.4``.

    >>> anchor("R4.1"), anchor("§2.4")
    ('R4.1', 'section-2.4')
    """
    return "section-" + rule_id[1:] if rule_id.startswith("§") else rule_id


def citations(text: str) -> list[str]:
    """The rule ids cited in ``text``, in order.

    >>> citations("Draw Two (R5.3, A13); on R7 lay R9 (R9, A10, C14) §2.4 but not 'R10'")
    ['R5.3', 'A13', 'R9', 'A10', 'C14', '§2.4']
    """
    return [m.group(1) for m in CITATION.finditer(text)]


def link_citations(line: str) -> str:
    """``line`` with every citation outside inline literals and roles made a ``:rule:``
    link.

    >>> link_citations("Lay a card (R4.1); ``R4.1`` stays literal, :rule:`A2` too.")
    'Lay a card (:rule:`R4.1`); ``R4.1`` stays literal, :rule:`A2` too.'
    """
    parts = re.split(r"(``.+?``|:\w+:`[^`]*`|`[^`]*`_*)", line)
    for i in range(0, len(parts), 2):
        parts[i] = CITATION.sub(lambda m: f":rule:`{m.group(1)}`", parts[i])
    return "".join(parts)


def link_docstring(lines: list[str]) -> None:
    """Link the citations of a docstring in place, leaving doctests and literal blocks
    as they are."""
    literal_indent: int | None = None
    in_doctest = False
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if literal_indent is not None:
            if stripped and indent <= literal_indent:
                literal_indent = None
            else:
                continue
        if stripped.startswith(">>>"):
            in_doctest = True
        if in_doctest:
            if not stripped:
                in_doctest = False
            continue
        if stripped.endswith("::") or stripped.startswith(".. "):
            literal_indent = indent
        lines[i] = link_citations(line)


def _process_docstring(app: Any, *args: Any) -> None:
    """``autodoc-process-docstring``: the docstring's lines come last."""
    link_docstring(args[-1])


class RuleDirective(GenericObject):
    """``.. rule:: R4.1 Matching``: one rule, its id as the anchor, then its text and the
    fields ``:source:`` (where it comes from) and ``:profiles:`` (who follows it). The
    options of :class:`unorules.Rules` that model the rule are listed after them, with
    each built-in profile's value, from the Rules data itself."""

    indextemplate = "pair: %s; rule"
    doc_field_types: ClassVar[list[Field]] = [  # type: ignore[misc]
        Field("source", label="Source", names=("source",), has_arg=False),
        Field("profiles", label="Profiles", names=("profiles",), has_arg=False),
        Field("options", label="Options", names=("options",), has_arg=False),
    ]

    def run(self) -> list[nodes.Node]:
        rule_id = self.arguments[0].split()[0]
        extra = option_summary(rule_id)
        if extra:
            source, line = self.get_source_info()
            self.content = StringList(
                [*self.content, "", f":options: {extra}"],
                items=[*self.content.items, (source, line), (source, line)],
            )
        return super().run()

    def handle_signature(self, sig: str, signode: addnodes.desc_signature) -> str:
        rule_id, _, title = sig.partition(" ")
        if not RULE_ID.match(rule_id):
            raise self.error(f"not a rule id: {rule_id!r}")
        signode.clear()
        signode += addnodes.desc_name(rule_id, rule_id)
        if title:
            signode += nodes.inline(" " + title, " " + title, classes=["rule-title"])
        return rule_id

    def add_target_and_index(self, name: str, sig: str, signode: addnodes.desc_signature) -> None:
        node_id = anchor(name)
        signode["ids"].append(node_id)
        self.state.document.note_explicit_target(signode)
        self.indexnode["entries"].append(("pair", f"{name}; rule", node_id, "", None))
        self.env.domains.standard_domain.note_object("rule", name, node_id, location=signode)


class RuleRole(XRefRole):
    """``:rule:`R4.1```; ``:rule:`A9 (iv)``` shows its text and links ``A9``."""

    def process_link(
        self, env: Any, refnode: nodes.Element, has_explicit_title: bool, title: str, target: str
    ) -> tuple[str, str]:
        return title, target.split(maxsplit=1)[0] if target.strip() else target


def _resolve_rule_group(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """``:rule:`R10``` (a part of the official rules) links to its first rule."""
    if node.get("reftype") != "rule" or not re.fullmatch(r"R\d{1,2}", node["reftarget"]):
        return None
    std = env.domains.standard_domain
    members = sorted(
        (int(name.split(".")[1]), name)
        for kind, name in std.objects
        if kind == "rule" and name.startswith(node["reftarget"] + ".")
    )
    if not members:
        return None
    return std.resolve_xref(env, node["refdoc"], app.builder, "rule", members[0][1], node, contnode)


def option_summary(rule_id: str) -> str:
    """The :class:`unorules.Rules` options that cite ``rule_id``, each with the value of
    every built-in profile (RST text, empty when none does)."""
    profiles = ["mattel", "mattel-108", "swedish", "danish"]
    out = []
    for option, rule, values in compare_profiles(profiles):
        if rule_id in citations(rule):
            if len(set(values)) == 1:
                shown = f"{values[0]} in every profile"
            else:
                shown = ", ".join(f"{p} {v}" for p, v in zip(profiles, values, strict=True))
            out.append(f"``{option}`` ({shown})")
    return "; ".join(out)


# -- error codes -------------------------------------------------------------------------


def member_docstrings(cls: type) -> dict[str, str]:
    """The docstrings written after the members of a class (``NAME = value`` then a
    string), which Python does not keep at run time.

    >>> from unorules import ErrorCode
    >>> member_docstrings(ErrorCode)["BAD_COLOR"][:28]
    'A color missing on a wild, o'
    """
    tree = ast.parse(inspect.cleandoc("\n" + inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    found: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.targets[0], ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            found[node.targets[0].id] = inspect.cleandoc(after.value.value)
    return found


def error_codes_rst(exclude: frozenset[str] = frozenset()) -> list[str]:
    """The error-code table as RST lines, one row per :class:`unorules.ErrorCode`."""
    docs = member_docstrings(ErrorCode)
    out = [".. list-table::", "   :header-rows: 1", "", "   * - code", "     - when"]
    for code in ErrorCode:
        if code.value in exclude:
            continue
        text = " ".join(docs.get(code.name, "").split())
        out += [f"   * - ``{code.value}``", f"     - {text}"]
    return out


class ErrorCodes(SphinxDirective):
    """``.. error-codes::`` (option ``:exclude: code code ...``)."""

    option_spec: ClassVar[dict[str, Any]] = {"exclude": directives.unchanged}  # type: ignore[misc]

    def run(self) -> list[nodes.Node]:
        exclude = frozenset(self.options.get("exclude", "").split())
        unknown = exclude - {c.value for c in ErrorCode}
        if unknown:
            raise self.error(f"not error codes: {', '.join(sorted(unknown))}")
        return self.parse_text_to_nodes("\n".join(error_codes_rst(exclude)))


# -- the changelog -----------------------------------------------------------------------

_MD_INLINE = re.compile(r"`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*")
_RST_SPECIAL = re.compile(r"([\\*_`|<>\[\]])")


def _md_inline(text: str) -> str:
    out: list[str] = []
    pos = 0
    for m in _MD_INLINE.finditer(text):
        out.append(_RST_SPECIAL.sub(r"\\\1", text[pos : m.start()]))
        code, label, url, bold = m.groups()
        if code is not None:
            out.append(f"\\ ``{code}``\\ ")
        elif label is not None:
            out.append(f"\\ `{_RST_SPECIAL.sub(r'', label)} <{url}>`__\\ ")
        else:
            strong = _RST_SPECIAL.sub(r"\\\1", bold)
            out.append(f"\\ **{strong}**\\ ")
        pos = m.end()
    out.append(_RST_SPECIAL.sub(r"\\\1", text[pos:]))
    return "".join(out)


def markdown_to_rst(text: str, title_level: int = 1) -> str:
    """The Markdown of a Keep-a-Changelog file as reStructuredText: ``#`` headings (those
    above ``title_level`` are left out: the page has its own title), paragraphs, ``-``
    bullet lists with continuation lines, and inline code, links and bold.

    >>> print(markdown_to_rst("# Log\\n\\n## [1.0]\\n\\n- `a` and\\n  b_c [x](http://x.org)"))
    1.0
    ---
    <BLANKLINE>
    - \\ ``a``\\  and
      b\\_c \\ `x <http://x.org>`__\\
    <BLANKLINE>
    """
    underline = {2: "-", 3: "~", 4: "^"}
    out: list[str] = []
    in_item = False
    for raw in text.splitlines():
        line = raw.rstrip()
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        if heading:
            level = len(heading.group(1))
            in_item = False
            if level <= title_level:
                continue
            title = re.sub(r"^\[(.*)\]$", r"\1", heading.group(2).strip())
            title = _md_inline(title)
            out += [title, underline.get(level, "^") * len(title), ""]
            continue
        bullet = re.match(r"^[-*]\s+(.*)$", line)
        if bullet:
            in_item = True
            out.append("- " + _md_inline(bullet.group(1)))
        elif in_item and line.startswith("  ") and line.strip():
            out.append("  " + _md_inline(line.strip()))
        elif not line.strip():
            in_item = False
            if out and out[-1] != "":
                out.append("")
        else:
            in_item = False
            out.append(_md_inline(line.strip()))
    while out and out[-1] == "":
        out.pop()
    return "\n".join([*out, ""]).replace("\\ \n", "\\\n")


class MarkdownChangelog(SphinxDirective):
    """``.. markdown-changelog:: ../CHANGELOG.md``: the file's sections as part of this
    document (its first heading is left out: the page has its own title)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        rel, path = self.env.relfn2path(self.arguments[0])
        self.env.note_dependency(rel)
        text = markdown_to_rst(Path(path).read_text(encoding="utf-8"))
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(text.splitlines(), source=path), container)
        return list(container.children)


# -- the phase diagram -------------------------------------------------------------------

PHASE_PLACES: dict[str, tuple[int, int]] = {
    "round_over": (160, 70),
    "choose_color": (470, 70),
    "game_over": (160, 270),
    "play": (470, 270),
    "drawn": (790, 270),
    "penalty": (330, 470),
    "challenge": (650, 470),
    "roulette": (790, 70),
}
"""Where each phase is drawn (the centre of its box, in SVG units)."""

TRANSITIONS: list[tuple[str, str, str, str]] = [
    ("round_over", "play", "NextRound", "the next round is dealt"),
    ("round_over", "choose_color", "NextRound", "the first card turned up is a wild"),
    ("choose_color", "play", "ChooseColor", "the first player names the color"),
    ("play", "play", "Play, Draw", "a card is laid, or a drawn card cannot be laid"),
    ("play", "drawn", "Draw", "the card drawn can be laid"),
    ("drawn", "play", "Play, Pass", "the drawn card is laid, or kept"),
    ("play", "challenge", "Play", "a Wild Draw Four that is not the last card"),
    ("drawn", "challenge", "Play", "the drawn card is a Wild Draw Four"),
    ("challenge", "play", "Challenge, Draw", "the challenge is settled, or the four are drawn"),
    ("challenge", "challenge", "Play", "stacking: a Wild Draw Four on the Wild Draw Four"),
    ("play", "penalty", "Play", "a card to stack on; Skip bounce: a Draw Two"),
    ("drawn", "penalty", "Play", "stacking, Skip bounce: the drawn card is one"),
    ("penalty", "penalty", "Play", "stacking: one more draw card"),
    ("penalty", "challenge", "Play", "stacking: a Wild Draw Four laid on the stack"),
    (
        "challenge",
        "penalty",
        "Challenge",
        "stacking, Danish bluff: the card goes back, the stack stays",
    ),
    ("penalty", "play", "Draw, Play", "the total is drawn, or bounced with a Skip"),
    ("play", "round_over", "Play, Draw", "the last card is laid; or a stuck round ends"),
    ("penalty", "round_over", "Play", "the last card is laid on the stack"),
    ("play", "game_over", "Play", "the last card wins the match"),
    ("penalty", "game_over", "Play", "the last card wins the match"),
    ("play", "roulette", "Play", "No Mercy: a Wild Color Roulette; its victim names a color"),
    ("drawn", "roulette", "Play", "No Mercy: the drawn card is a Wild Color Roulette"),
    ("roulette", "play", "ChooseColor", "the victim names the color and digs for it"),
    ("roulette", "round_over", "ChooseColor", "the dig knocks out all but one player"),
    ("roulette", "game_over", "ChooseColor", "the dig knocks out all but one: the match won"),
    ("drawn", "round_over", "Play", "No Mercy: a drawn Discard All empties the hand"),
    ("penalty", "round_over", "Draw", "No Mercy: the stack knocks out all but one player"),
    ("penalty", "game_over", "Draw", "No Mercy: the stack knocks out all but one: the match won"),
]
"""Every move between phases: (from, to, actions, when). Saying UNO and catching are
accepted in every phase but ``round_over`` and ``game_over`` and never change the phase;
they are left out. tests/docs/test_phase_diagram.py holds this table to the engine."""

_BOX_W, _BOX_H = 150, 46

# How each arrow runs: an SVG path, then where its label goes (x, y, text-anchor). Laid
# out by hand so that no label sits on a line; tests/docs/test_phase_diagram.py holds that
# every pair of phases in TRANSITIONS has exactly one route here.
_ROUTES: dict[tuple[str, str], tuple[str, float, float, str]] = {
    ("round_over", "choose_color"): ("M 235 70 L 393 70", 314, 60, "middle"),
    ("round_over", "play"): ("M 235 80 Q 390 100 430 245", 372, 118, "start"),
    ("play", "round_over"): ("M 395 256 Q 250 210 180 95", 262, 200, "end"),
    ("choose_color", "play"): ("M 470 93 L 470 245", 478, 175, "start"),
    ("play", "play"): ("M 520 247 C 520 190 600 205 547 257", 572, 210, "start"),
    ("play", "drawn"): ("M 545 262 L 713 262", 629, 254, "middle"),
    ("drawn", "play"): ("M 715 280 L 547 280", 631, 298, "middle"),
    ("play", "game_over"): ("M 395 285 L 237 285", 316, 303, "middle"),
    ("play", "penalty"): ("M 440 293 Q 420 380 370 445", 417, 385, "start"),
    ("penalty", "play"): ("M 330 447 Q 345 350 420 295", 343, 355, "end"),
    ("play", "challenge"): ("M 520 293 Q 530 380 610 445", 580, 370, "start"),
    ("challenge", "play"): ("M 660 447 Q 640 330 545 290", 655, 340, "start"),
    ("drawn", "challenge"): ("M 780 293 Q 770 410 712 447", 780, 385, "start"),
    ("drawn", "penalty"): (
        "M 855 280 C 900 300 890 545 700 545 L 420 545 Q 345 545 340 495",
        560,
        537,
        "middle",
    ),
    ("penalty", "penalty"): ("M 265 493 C 220 540 185 480 253 470", 190, 520, "end"),
    ("penalty", "challenge"): ("M 405 462 L 573 462", 489, 454, "middle"),
    ("challenge", "penalty"): ("M 575 480 L 407 480", 491, 498, "middle"),
    ("challenge", "challenge"): ("M 725 470 C 775 465 775 505 705 495", 770, 490, "start"),
    ("penalty", "round_over"): ("M 255 460 C 20 440 20 100 83 75", 30, 170, "start"),
    ("penalty", "game_over"): ("M 290 447 L 200 295", 232, 380, "end"),
    ("play", "roulette"): ("M 545 252 Q 650 160 735 95", 655, 170, "start"),
    ("drawn", "roulette"): ("M 820 247 L 820 95", 828, 175, "start"),
    ("roulette", "play"): ("M 715 75 Q 560 110 505 245", 590, 110, "middle"),
    ("roulette", "round_over"): ("M 790 47 Q 790 12 470 14 Q 160 14 160 45", 470, 12, "middle"),
    ("roulette", "game_over"): (
        "M 865 80 C 895 160 895 330 790 330 L 250 330 Q 200 330 185 295",
        520,
        322,
        "middle",
    ),
    ("drawn", "round_over"): ("M 740 250 Q 560 150 235 75", 322, 142, "middle"),
}


def _merged_edges() -> Iterator[tuple[str, str, str]]:
    """One arrow per pair of phases, its label the actions of every row for the pair."""
    seen: dict[tuple[str, str], list[str]] = {}
    for start, end, actions, _ in TRANSITIONS:
        names = seen.setdefault((start, end), [])
        for name in actions.split(", "):
            if name not in names:
                names.append(name)
    for (start, end), names in seen.items():
        yield start, end, ", ".join(names)


def phases_svg() -> str:
    """The phase diagram as a standalone SVG document (no scripts, no external files)."""
    width, height = 900, 560
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" '
        'aria-labelledby="phases-title" font-family="sans-serif" font-size="13">',
        '<title id="phases-title">The phases of a game of UNO and the actions that move'
        " between them</title>",
        "<defs>",
        '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse">'
        '<path d="M 0 0 L 10 5 L 0 10 z" fill="#444"/></marker>',
        "</defs>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for start, end, label in _merged_edges():
        path, lx, ly, anchor_ = _ROUTES[start, end]
        out.append(
            f'<path d="{path}" fill="none" stroke="#444" stroke-width="1.5" '
            'marker-end="url(#arrow)"/>'
        )
        out.append(_label(lx, ly, label, anchor_))
    for phase, (x, y) in PHASE_PLACES.items():
        fill = "#fde9b8" if phase in ("round_over", "game_over") else "#dceefb"
        out.append(
            f'<rect x="{x - _BOX_W / 2}" y="{y - _BOX_H / 2}" width="{_BOX_W}" '
            f'height="{_BOX_H}" rx="10" fill="{fill}" stroke="#1f4e79" stroke-width="1.5"/>'
        )
        out.append(
            f'<text x="{x}" y="{y + 5}" text-anchor="middle" font-family="monospace" '
            f'font-size="15" font-weight="bold" fill="#102a43">{phase}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _label(x: float, y: float, text: str, anchor_: str) -> str:
    return (
        f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="{anchor_}" fill="#111" '
        f'paint-order="stroke" stroke="#ffffff" stroke-width="4">{html.escape(text)}</text>'
    )


def transitions_rst() -> list[str]:
    out = [
        ".. list-table:: The moves between phases",
        "   :header-rows: 1",
        "",
        "   * - from",
        "     - to",
        "     - action",
        "     - when",
    ]
    for start, end, actions, when in TRANSITIONS:
        shown = ", ".join(f":class:`~unorules.{a}`" for a in actions.split(", "))
        out += [f"   * - ``{start}``", f"     - ``{end}``", f"     - {shown}", f"     - {when}"]
    return out


class PhaseDiagram(SphinxDirective):
    """``.. phase-diagram::``: the SVG (inline, so it needs no file) and the table."""

    def run(self) -> list[nodes.Node]:
        figure = nodes.raw(
            "",
            '<figure class="phase-diagram">' + phases_svg() + "</figure>",
            format="html",
        )
        return [figure, *self.parse_text_to_nodes("\n".join(transitions_rst()))]


# -- the API reference: one page per public module --------------------------------------

# Options beyond ``:members:`` for a few classes.
_EXTRA_OPTIONS: dict[str, list[str]] = {
    "State": [":inherited-members:"],
    "View": [":undoc-members:"],
}


def _definition_order(module: Any) -> dict[str, int]:
    """Where each top-level name of a module is defined (its line), from its source."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError):
        return {}
    order: dict[str, int] = {}
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        for name in names:
            order.setdefault(name, node.lineno)
    return order


def module_names(name: str, top: dict[str, object]) -> list[str]:
    """The names a module's page documents, in the order the module defines them: its
    ``__all__``, and the package's names that the module defines without listing them."""
    module = importlib.import_module(name)
    names = list(getattr(module, "__all__", []))
    for short, value in top.items():
        if short not in names and getattr(value, "__module__", None) == name:
            names.append(short)
    order = _definition_order(module)
    return sorted(names, key=lambda n: (order.get(n, 10**9), names.index(n)))


def _directive(value: object) -> str:
    if inspect.isclass(value):
        return "autoexception" if issubclass(value, BaseException) else "autoclass"
    if callable(value) and not isinstance(value, type) and hasattr(value, "__wrapped__"):
        return "autofunction"
    if inspect.isfunction(value) or inspect.isbuiltin(value):
        return "autofunction"
    return "autodata"


def module_page_rst(name: str, top: dict[str, object]) -> str:
    """The API page of one public module: its docstring, then each name it defines. A
    name the package re-exports is documented under its short name (``unorules.State``,
    not ``unorules.state.State``), once, on the page of the module that defines it."""
    module = importlib.import_module(name)
    title = f"``{name}``"
    out = [
        ".. This file is generated by docs/conf.py; do not edit it.",
        "",
        title,
        "=" * len(title),
        "",
        f".. automodule:: {name}",
        "",
    ]
    for short in module_names(name, top):
        value = getattr(module, short)
        full = f"unorules.{short}" if short in top else f"{name}.{short}"
        kind = _directive(value)
        out.append(f".. {kind}:: {full}")
        if kind in ("autoclass", "autoexception"):
            out.append("   :members:")
            if inspect.isclass(value) and issubclass(value, enum.Enum):
                out.append("   :undoc-members:")
            out += [f"   {option}" for option in _EXTRA_OPTIONS.get(short, [])]
        elif kind == "autodata" and not isinstance(value, int | str):
            out.append("   :no-value:")
        out.append("")
    return "\n".join(out)


API_GROUPS = (
    ("game", "The game", "The game, at the top of the package: what ``import unorules`` loads."),
    ("formats", "Formats", "How games are written down and read back (``unorules.formats``)."),
    ("pictures", "Pictures", "Cards, tables and replay pages drawn (``unorules.pictures``)."),
    (
        "agents",
        "Agents",
        "What plays the game, and the environments that train it (``unorules.agents``).",
    ),
    ("studies", "Studies", "What a rule changes, over many seeded games (``unorules.studies``)."),
    ("cli", "The command", "The ``unorules`` command (``unorules.cli``)."),
)
"""The API reference's groups: the package's layers, bottom to top (``tests/game/test_layers.py``
holds them), each with its heading and a sentence."""


def api_layer(name: str) -> str:
    """The layer a public module belongs to: its package by role, or the game."""
    parts = name.split(".")
    roles = {key for key, _, _ in API_GROUPS}
    return parts[1] if len(parts) > 1 and parts[1] in roles else "game"


def _summary(name: str) -> str:
    """The first sentence of a module's docstring, on one line."""
    doc = inspect.getdoc(importlib.import_module(name)) or ""
    first = " ".join(doc.split("\n\n")[0].split())
    end = first.find(". ")
    return first if end < 0 else first[: end + 1]


def api_toc_rst(names: list[str]) -> str:
    """The module pages grouped by layer, one line per module, in reading order."""
    out = [".. This file is generated by docs/conf.py; do not edit it.", ""]
    for key, heading, sentence in API_GROUPS:
        members = [n for n in names if api_layer(n) == key]
        if not members:
            continue
        out += [heading, "^" * len(heading), "", sentence, ""]
        out += [f"- :mod:`{n}`: {_summary(n)}" for n in members]
        out += ["", ".. toctree::", "   :hidden:", "", *(f"   {n}" for n in members), ""]
    return "\n".join(out)


# -- setup ---------------------------------------------------------------------------------


def _static_path(app: Any, config: Any) -> None:
    config.html_static_path.append(str(HERE / "static"))


def setup(app: Any) -> dict[str, Any]:
    app.add_object_type("rule", "rule", objname="rule")
    app.add_directive_to_domain("std", "rule", RuleDirective, override=True)
    app.add_role_to_domain("std", "rule", RuleRole(innernodeclass=nodes.inline), override=True)
    app.connect("missing-reference", _resolve_rule_group)
    app.connect("autodoc-process-docstring", _process_docstring)
    app.add_directive("error-codes", ErrorCodes)
    app.add_directive("markdown-changelog", MarkdownChangelog)
    app.add_directive("phase-diagram", PhaseDiagram)
    app.connect("config-inited", _static_path)
    app.add_js_file("copybutton.js")
    app.add_css_file("unorules.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
