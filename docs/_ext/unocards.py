"""A Sphinx extension that draws UNO cards inline: ``:card:`R7``` and ``:cards:`R7 G7 W```.

Each card is the picture :func:`unorules.pictures.svg.card` draws, inlined into the HTML page as
SVG (nothing to download), about as tall as two lines of text, with the card's name as
its tooltip and accessible label (the SVG title). Builders other than HTML get the card
notation as text. A card that is not a card is an error at its place in the source (so
``sphinx -W`` fails).

>>> inline_html(["R7"]).startswith('<span class="uno-cards"><svg style=')
True
>>> inline_html(["R7", "W"]).count("<svg")
2
>>> parse_cards("R7 X9")
Traceback (most recent call last):
...
ValueError: not a card: 'X9' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner

from unorules import Card
from unorules.pictures import svg

_SVG_STYLE = "width:1.7em;height:2.55em;vertical-align:-0.8em;margin:0 0.08em"


class uno_cards(nodes.Inline, nodes.TextElement):
    """Card pictures in running text; its text is the cards' notation."""


def parse_cards(text: str) -> list[Card]:
    """The cards of a role's text, separated by spaces.

    >>> [str(c) for c in parse_cards("r7  w+4")]
    ['R7', 'W+4']
    """
    cards = [Card.parse(part) for part in text.split()]
    if not cards:
        raise ValueError("no card given: write one such as R7, G+2, W+4")
    return cards


def inline_html(codes: list[str]) -> str:
    """The HTML of the pictures of ``codes`` (card notation), side by side.

    >>> 'aria-label="wild draw four"' in inline_html(["W+4"])
    True
    """
    pictures = "".join(
        svg.card(code, size=None, corners=False).replace("<svg ", f'<svg style="{_SVG_STYLE}" ', 1)
        for code in codes
    )
    return f'<span class="uno-cards">{pictures}</span>'


def _role(  # noqa: PLR0917 (the signature docutils calls roles with)
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    try:
        cards = parse_cards(text)
    except ValueError as err:
        msg = inliner.reporter.error(f":{name}:`{text}`: {err}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, msg)], [msg]
    if name == "card" and len(cards) != 1:
        msg = inliner.reporter.error(
            f":card:`{text}` shows one card; use :cards: for several", line=lineno
        )
        return [inliner.problematic(rawtext, rawtext, msg)], [msg]
    codes = [str(c) for c in cards]
    node = uno_cards(rawtext, " ".join(codes), codes=codes)
    return [node], []


def _visit_html(self: Any, node: uno_cards) -> None:
    self.body.append(inline_html(list(node["codes"])))
    raise nodes.SkipNode


def _as_text(app: Any, doctree: nodes.document, docname: str) -> None:
    """Builders that are not HTML show the notation (``R7 G7 W``) instead."""
    if app.builder.format == "html":
        return
    for node in list(doctree.findall(uno_cards)):
        node.replace_self(nodes.literal(node.astext(), node.astext()))


def setup(app: Any) -> dict[str, Any]:
    """Register the ``card`` and ``cards`` roles (the Sphinx extension entry point)."""
    app.add_node(uno_cards, html=(_visit_html, None))
    app.add_role("card", _role)
    app.add_role("cards", _role)
    app.connect("doctree-resolved", _as_text)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
