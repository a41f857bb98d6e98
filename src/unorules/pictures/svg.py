"""Pictures of cards, hands and tables as SVG text, with no dependencies.

Every function returns an :class:`Svg`: a :class:`str` of SVG markup that also has a
``_repr_svg_`` method, so a notebook (Jupyter, IPython) draws it, as ``chess.svg`` does
for chess boards. The text is deterministic: the same input always gives the same
characters, so pictures can be compared, stored and tested.

>>> import unorules as uno
>>> from unorules.pictures import svg
>>> picture = svg.card("R7")
>>> picture.startswith("<svg") and "<title>red 7</title>" in picture
True
>>> svg.card(uno.Card.parse("R7")) == picture
True
>>> svg.hand("R7 G7 W").count("<title>")
4

Cards are drawn in a box of 60 by 90 units: ``size`` is the width in pixels (the height
is one and a half times that), or None to leave the size to the page (the picture then
scales to its container).
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from typing import Final

from unorules._echo import shown
from unorules.cards import Card, Color, Rank, Side
from unorules.state import Phase, State
from unorules.view import View

__all__ = ["COLORS", "Svg", "back", "card", "hand", "symbols", "table"]


class Svg(str):
    """SVG markup: a :class:`str` that a notebook shows as a picture.

    >>> s = Svg("<svg/>")
    >>> s == "<svg/>", s._repr_svg_()
    (True, '<svg/>')
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The markup itself (the IPython display protocol).

        >>> card("W")._repr_svg_().startswith("<svg")
        True
        """
        return str(self)


COLORS: Final[dict[Color, str]] = {
    Color.RED: "#d62718",
    Color.YELLOW: "#f2c500",
    Color.GREEN: "#2a9a3c",
    Color.BLUE: "#0b5fc4",
    # UNO Flip!'s dark side (FL2.2)
    Color.PINK: "#e0187d",
    Color.TEAL: "#009a9a",
    Color.ORANGE: "#f07a14",
    Color.PURPLE: "#6c2d91",
}
"""The fill of each card color (CSS colors), as the pictures use them (UNO Flip!'s
dark side: pink, teal, orange, purple, on cards with a black border).

>>> COLORS[Color.RED], COLORS[Color.TEAL]
('#d62718', '#009a9a')
"""

_BLACK: Final = "#1b1b1b"
_INK: Final = "#222"
_FONT: Final = "font-family=\"'Helvetica Neue', Arial, 'Liberation Sans', sans-serif\""
_W: Final = 60
_H: Final = 90
_NS: Final = 'xmlns="http://www.w3.org/2000/svg"'


def _n(x: float) -> str:
    """A number as SVG writes it: at most two decimals, no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _as_card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise TypeError(f"a card is a Card or a string such as 'R7', not {value!r}")


def _name(c: Card) -> str:
    """A card's long name: ``red 7``, ``blue draw two``, ``wild draw four``; a UNO Flip!
    card's face in play, and its other face (public, FL-A13)."""
    rank = c.rank.value.replace("_", " ")
    name = rank if c.color is None else f"{c.color.value} {rank}"
    if c.other is not None:
        return f"{name} (other side: {_name(c.other.face)})"
    return name


def _dark(c: Card) -> bool:
    """Whether ``c`` shows a face of UNO Flip!'s dark side (drawn with a black border)."""
    if c.up is not None:
        return c.up is Side.DARK
    return (c.color is not None and c.color.side is Side.DARK) or c.rank is Rank.WILD_DRAW_COLOR


# == the symbols, drawn in a box of unit size around (0, 0) ===================================


def _skip(color: str, width: float) -> str:
    """The Skip sign: a circle with a bar."""
    out = []
    for stroke, w in ((_BLACK, width * 1.6), (color, width)):
        out.append(
            f'<g fill="none" stroke="{stroke}" stroke-width="{_n(w)}" stroke-linecap="round">'
            f'<circle r="0.78"/><path d="M-0.55 0.55L0.55-0.55"/></g>'
        )
    return "".join(out)


_ARROW: Final = "M-0.12 0.9L0.12 0.9L0.12-0.2L0.36-0.2L0-0.95L-0.36-0.2L-0.12-0.2Z"


def _reverse(color: str, outline: float) -> str:
    """The Reverse sign: two arrows pointing opposite ways, on a slant."""
    arrows = (
        f'<path transform="translate(-0.36 0.12)" d="{_ARROW}"/>'
        f'<path transform="translate(0.36 -0.12) rotate(180)" d="{_ARROW}"/>'
    )
    return (
        f'<g transform="rotate(45) scale(0.95)" fill="{color}" stroke="{_BLACK}"'
        f' stroke-width="{_n(outline)}" stroke-linejoin="round" paint-order="stroke">'
        f"{arrows}</g>"
    )


def _mini_cards(fills: Sequence[str], step: tuple[float, float]) -> str:
    """Small cards fanned out (the picture of Draw Two and Wild Draw Four)."""
    n = len(fills)
    w, h = 0.62, 0.9
    x0 = -step[0] * (n - 1) / 2 - w / 2
    y0 = -step[1] * (n - 1) / 2 - h / 2
    out = []
    for i, fill in enumerate(fills):
        x, y = x0 + i * step[0], y0 + i * step[1]
        out.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="0.09"'
            f' fill="{fill}" stroke="#fff" stroke-width="0.07"/>'
            f'<rect x="{_n(x - 0.045)}" y="{_n(y - 0.045)}" width="{_n(w + 0.09)}"'
            f' height="{_n(h + 0.09)}" rx="0.12" fill="none" stroke="{_BLACK}"'
            f' stroke-width="0.03"/>'
        )
    return "".join(out)


def _four_colors(rx: float, ry: float, side: Side = Side.LIGHT) -> str:
    """The Wild oval in four quarters (red, blue, yellow, green; UNO Flip!'s dark side:
    pink, purple, teal, orange), around (0, 0)."""
    r, y, g, b = (COLORS[c] for c in side.colors)
    a = f"A{_n(rx)} {_n(ry)} 0 0 1"
    quarters = (
        (r, f"M0 0L{_n(-rx)} 0{a} 0 {_n(-ry)}Z"),
        (b, f"M0 0L0 {_n(-ry)}{a} {_n(rx)} 0Z"),
        (g, f"M0 0L{_n(rx)} 0{a} 0 {_n(ry)}Z"),
        (y, f"M0 0L0 {_n(ry)}{a} {_n(-rx)} 0Z"),
    )
    return "".join(f'<path fill="{fill}" d="{d}"/>' for fill, d in quarters)


def _shuffle(color: str, width: float) -> str:
    """The Shuffle Hands sign: two crossing arrows."""
    paths = (
        "M-0.85 0.5C-0.2 0.5 0.1-0.5 0.6-0.5",
        "M-0.85-0.5C-0.2-0.5 0.1 0.5 0.6 0.5",
    )
    heads = ("M0.5-0.78L0.92-0.5L0.5-0.22Z", "M0.5 0.22L0.92 0.5L0.5 0.78Z")
    return _arrows(paths, heads, color, width)


def _arrows(paths: tuple[str, ...], heads: tuple[str, ...], color: str, width: float) -> str:
    """Arrows drawn as a sign: the shafts ``paths`` and the heads ``heads``, outlined in
    black under the color (the Shuffle Hands and the Flip signs)."""
    out = []
    for stroke, w in ((_BLACK, width * 2), (color, width)):
        out.append(
            f'<g fill="none" stroke="{stroke}" stroke-width="{_n(w)}" stroke-linecap="round">'
            + "".join(f'<path d="{d}"/>' for d in paths)
            + "</g>"
        )
        out.append(
            f'<g fill="{color}" stroke="{stroke}" stroke-width="{_n(w - width)}"'
            ' stroke-linejoin="round">' + "".join(f'<path d="{d}"/>' for d in heads) + "</g>"
        )
    return "".join(out)


def _flip(color: str, width: float) -> str:
    """UNO Flip!'s Flip sign: two arrows turning round each other (the card turned over)."""
    arcs = ("M-0.7 0.1A0.7 0.7 0 0 1 0.45-0.55", "M0.7-0.1A0.7 0.7 0 0 1-0.45 0.55")
    heads = ("M0.2-0.85L0.75-0.6L0.3-0.2Z", "M-0.2 0.85L-0.75 0.6L-0.3 0.2Z")
    return _arrows(arcs, heads, color, width)


def _blank(line: str) -> str:
    """The Customizable sign: a blank label with lines to write the house rule on."""
    lines = "".join(
        f'<path d="M-0.55 {_n(y)}H0.55" stroke="{line}" stroke-width="0.09"/>'
        for y in (-0.28, 0.02, 0.32)
    )
    return (
        '<rect x="-0.8" y="-0.62" width="1.6" height="1.24" rx="0.18" fill="#fff"'
        f' stroke="{_BLACK}" stroke-width="0.1"/>{lines}'
    )


# == a whole card ==============================================================================


def _text(x: float, y: float, size: float, fill: str, text: str, *, outline: float) -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" {_FONT} font-weight="bold"'
        f' font-style="italic" text-anchor="middle" fill="{fill}" stroke="{_BLACK}"'
        f' stroke-width="{_n(outline)}" stroke-linejoin="round" paint-order="stroke">'
        f"{_esc(text)}</text>"
    )


_NO_MERCY_LABEL: Final = {
    Rank.DRAW_FOUR: "+4",
    Rank.WILD_REVERSE_DRAW_FOUR: "+4",
    Rank.WILD_DRAW_SIX: "+6",
    Rank.WILD_DRAW_TEN: "+10",
    Rank.DISCARD_ALL: "DA",
    # UNO Flip!
    Rank.DRAW_ONE: "+1",
    Rank.DRAW_FIVE: "+5",
    Rank.WILD_DRAW_TWO: "+2",
    Rank.WILD_DRAW_COLOR: "+C",
}
"""The corner text of No Mercy's and UNO Flip!'s cards shown by text (Skip Everyone shows
the Skip sign, the Wild Color Roulette the wild one, the Flip its own sign)."""


def _label(c: Card) -> str | None:
    """What a card shows as text (numbers, +2, +4, No Mercy's +6, +10 and DA), None for
    a card shown by a sign."""
    if c.number is not None:
        return str(c.number)
    if c.rank is Rank.DRAW_TWO:
        return "+2"
    if c.rank is Rank.WILD_DRAW_FOUR:
        return "+4"
    return _NO_MERCY_LABEL.get(c.rank)


def _sign(c: Card, fill: str, big: bool, side: Side = Side.LIGHT) -> str:
    """The card's sign in a unit box: ``big`` in the middle, else in a corner (a wild's
    oval in the colors of ``side``)."""
    rank = c.rank
    if rank is Rank.SKIP or rank is Rank.SKIP_EVERYONE:
        return _skip(fill, 0.22 if big else 0.24)
    if rank is Rank.REVERSE:
        return _reverse(fill, 0.12 if big else 0.1)
    if rank is Rank.WILD_SHUFFLE_HANDS:
        return _shuffle(fill, 0.16 if big else 0.2)
    if rank is Rank.WILD_CUSTOMIZABLE:
        return _blank("#9a9a9a" if big else "#fff")
    if rank is Rank.FLIP:
        return _flip(fill, 0.16 if big else 0.2)
    return f'<g transform="rotate(30)">{_four_colors(0.55, 0.9, side)}</g>'


def _corner(c: Card, x: float, y: float, flip: bool, side: Side = Side.LIGHT) -> str:
    """One corner index: the number or sign, white, at (x, y)."""
    turn = " rotate(180)" if flip else ""
    label = _label(c)
    if label is not None:
        size = 12 if len(label) == 1 else 10.5
        underline = ""
        if c.number in (6, 9):  # as printed on the cards, so that 6 and 9 differ
            underline = (
                f'<path d="M-3.2 6.6H3.2" stroke="{_BLACK}" stroke-width="2.6"/>'
                '<path d="M-2.8 6.6H2.8" stroke="#fff" stroke-width="1.2"/>'
            )
        return (
            f'<g transform="translate({_n(x)} {_n(y)}){turn}">'
            f"{_text(0, 4, size, '#fff', label, outline=1.6)}{underline}</g>"
        )
    scale = 6.5 if c.rank is Rank.WILD_CUSTOMIZABLE else 6
    return (
        f'<g transform="translate({_n(x)} {_n(y)}){turn} scale({_n(scale)})">'
        f"{_sign(c, '#fff', False, side)}</g>"
    )


def _middle(c: Card, fill: str) -> str:
    rank = c.rank
    if c.number is not None:
        underline = ""
        if c.number in (6, 9):
            underline = (
                f'<path d="M22.5 58.5H37.5" stroke="{_BLACK}" stroke-width="4.2"'
                ' stroke-linecap="round"/>'
                f'<path d="M22.5 58.5H37.5" stroke="{fill}" stroke-width="2.4"'
                ' stroke-linecap="round"/>'
            )
        return _text(30, 56, 34, fill, str(c.number), outline=3) + underline
    if rank is Rank.DRAW_TWO:
        two = _mini_cards([fill, fill], (0.34, -0.3))
        return f'<g transform="translate(30 45) scale(21)">{two}</g>'
    if rank is Rank.WILD_DRAW_FOUR:
        colors = [COLORS[k] for k in (Color.BLUE, Color.GREEN, Color.RED, Color.YELLOW)]
        return f'<g transform="translate(30 45) scale(17)">{_mini_cards(colors, (0.3, -0.3))}</g>'
    if rank is Rank.WILD:
        return ""
    middle = _no_mercy_middle(c, fill)
    if middle is not None:
        return middle
    scale = 14 if rank is Rank.WILD_CUSTOMIZABLE else 18
    return f'<g transform="translate(30 45) scale({scale})">{_sign(c, fill, True)}</g>'


def _no_mercy_middle(c: Card, fill: str) -> str | None:
    """The middle of a No Mercy card: four cards fanned for a Draw Four, two Skip signs
    for Skip Everyone, three cards of its color for Discard All, the Reverse sign over
    "+4" for the Wild Reverse Draw Four, "+6" and "+10", a "?" for the Roulette; None for
    the other cards."""
    rank = c.rank
    if rank is Rank.DRAW_FOUR:
        return (
            f'<g transform="translate(30 45) scale(16)">{_mini_cards([fill] * 4, (0.3, -0.3))}</g>'
        )
    if rank is Rank.SKIP_EVERYONE:
        one = _skip(fill, 0.22)
        return (
            f'<g transform="translate(23 38) scale(11)">{one}</g>'
            f'<g transform="translate(37 52) scale(11)">{one}</g>'
        )
    if rank is Rank.DISCARD_ALL:
        return (
            f'<g transform="translate(30 45) scale(18)">{_mini_cards([fill] * 3, (0.32, -0.1))}</g>'
        )
    if rank is Rank.WILD_REVERSE_DRAW_FOUR:
        return f'<g transform="translate(30 36) scale(11)">{_reverse(fill, 0.12)}</g>' + _text(
            30, 64, 17, fill, "+4", outline=2.6
        )
    if rank is Rank.WILD_DRAW_SIX or rank is Rank.WILD_DRAW_TEN:
        label = "+6" if rank is Rank.WILD_DRAW_SIX else "+10"
        return _text(30, 55, 26 if len(label) == 2 else 21, fill, label, outline=3)
    if rank is Rank.WILD_COLOR_ROULETTE:
        return _text(30, 57, 30, fill, "?", outline=3)
    return _flip_middle(c, fill)


def _flip_middle(c: Card, fill: str) -> str | None:
    """The middle of a UNO Flip! face: one card for Draw One, "+5" for Draw Five, two
    cards of the light colors for Wild Draw Two, four of the dark ones for Wild Draw
    Color (the Flip sign is drawn as a sign); None for the other cards."""
    rank = c.rank
    if rank is Rank.DRAW_ONE:
        return f'<g transform="translate(30 45) scale(22)">{_mini_cards([fill], (0, 0))}</g>'
    if rank is Rank.DRAW_FIVE:
        return _text(30, 55, 26, fill, "+5", outline=3)
    if rank is Rank.WILD_DRAW_TWO:
        two = [COLORS[Color.BLUE], COLORS[Color.YELLOW]]
        return f'<g transform="translate(30 45) scale(20)">{_mini_cards(two, (0.34, -0.3))}</g>'
    if rank is Rank.WILD_DRAW_COLOR:
        dark = [COLORS[k] for k in (Color.PURPLE, Color.TEAL, Color.PINK, Color.ORANGE)]
        return f'<g transform="translate(30 45) scale(17)">{_mini_cards(dark, (0.3, -0.3))}</g>'
    return None


def _face(card: Card, corners: bool = True) -> str:
    """The drawing of a card's face in its 60 by 90 box (a UNO Flip! card's face in play,
    with a black border on the dark side); without the corner indices the middle is drawn
    larger (for pictures a few pixels wide)."""
    c = card.face
    side = Side.DARK if _dark(card) else Side.LIGHT
    fill = _BLACK if c.color is None else COLORS[c.color]
    fanned = (Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TWO, Rank.WILD_DRAW_COLOR)
    oval = (
        '<ellipse cx="0" cy="0" rx="17.5" ry="35" fill="#fff"/>'
        if c.color is not None
        else (
            '<ellipse cx="0" cy="0" rx="18.5" ry="36" fill="#fff"/>'
            + ("" if c.rank in fanned and corners else _four_colors(17, 34.5, side))
        )
    )
    middle_fill = fill if c.color is not None else "#fff"
    if not corners and c.rank in (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR):
        label = "+2" if c.rank is Rank.DRAW_TWO else "+4"  # reads better than small cards
        middle = _text(30, 55, 30, middle_fill, label, outline=3.4)
    elif corners:
        middle = (
            f"{_middle(c, middle_fill)}"
            f"{_corner(c, 11, 14, False, side)}{_corner(c, 49, 76, True, side)}"
        )
    else:
        middle = (
            '<g transform="translate(30 45) scale(1.3) translate(-30 -45)">'
            f"{_middle(c, middle_fill)}</g>"
        )
    border = _BLACK if side is Side.DARK else "#fff"
    return (
        f'<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="{border}" stroke="{_INK}"/>'
        f'<rect x="4" y="4" width="52" height="82" rx="4" fill="{fill}"/>'
        f'<g transform="translate(30 45) rotate(30)">{oval}</g>'
        f"{middle}"
    )


def _back() -> str:
    """The drawing of a card's back in its 60 by 90 box."""
    return (
        f'<rect x="0.5" y="0.5" width="59" height="89" rx="6" fill="#fff" stroke="{_INK}"/>'
        f'<rect x="4" y="4" width="52" height="82" rx="4" fill="{_BLACK}"/>'
        f'<g transform="translate(30 45) rotate(30)">'
        f'<ellipse rx="18.5" ry="36" fill="{COLORS[Color.RED]}"/></g>'
        f'<g transform="translate(30 45) rotate(-25)">'
        f"{_text(0, 5.5, 17, COLORS[Color.YELLOW], 'UNO', outline=2.6)}</g>"
    )


def _svg(width: float, height: float, size: float | None, label: str, body: str) -> Svg:
    dims = ""
    if size is not None:
        scale = size / _W
        dims = f' width="{_n(width * scale)}" height="{_n(height * scale)}"'
    return Svg(
        f'<svg {_NS}{dims} viewBox="0 0 {_n(width)} {_n(height)}" role="img"'
        f' aria-label="{_esc(label)}"><title>{_esc(label)}</title>{body}</svg>'
    )


def _check_size(size: float | None) -> float | None:
    if size is None:
        return None
    if (
        isinstance(size, bool)
        or not isinstance(size, int | float)
        or not size > 0
        or not math.isfinite(size)
    ):
        raise ValueError(
            f"size is a width in pixels greater than 0, and finite (or None), not {shown(size)}"
        )
    return size


def card(card: Card | str, *, size: float | None = 60, corners: bool = True) -> Svg:
    """A picture of one card, as printed: its color, the white oval, the number or sign in
    the middle and in two corners (Skip, Reverse, Draw Two, and the four wilds: Wild, Wild
    Draw Four, Wild Shuffle Hands, Wild Customizable; No Mercy's cards too: Draw Four,
    Skip Everyone, Discard All, Wild Reverse Draw Four, Wild Draw Six and Ten, Wild Color
    Roulette). A UNO Flip! card shows its face in play: Draw One, Flip, Wild Draw Two on
    the light side; pink, teal, orange and purple cards with a black border, Draw Five,
    Skip Everyone, Wild Draw Color on the dark side; its name says its other face too.

    Args:
        card: a :class:`~unorules.Card` or its notation (``"R7"``, ``"W+4"``).
        size: the width in pixels (the height is 1.5 times it), or None to scale to the
            container.
        corners: draw the corner indices; without them the middle is drawn larger,
            which reads better at a few pixels wide (the docs' inline cards).

    >>> print(card("B+2", size=30)[:160])
    <svg xmlns="http://www.w3.org/2000/svg" width="30" height="45" viewBox="0 0 60 90"
    role="img" aria-label="blue draw two"><title>blue draw two</title>...
    >>> 'aria-label="pink draw five (other side: red 1)"' in card(Card.parse("R1|P+5", Side.DARK))
    True
    >>> card("R10")
    Traceback (most recent call last):
    ...
    ValueError: not a card: 'R10' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')
    """
    c = _as_card(card)
    return _svg(_W, _H, _check_size(size), _name(c), _face(c, corners))


def back(*, size: float | None = 60) -> Svg:
    """A picture of a card's back (how a hidden card is drawn).

    >>> 'aria-label="card back"' in back(size=40)
    True
    """
    return _svg(_W, _H, _check_size(size), "card back", _back())


# == placing cards =============================================================================


class _Cards:
    """Draws cards inside a larger picture: each card's face in full (a standalone
    picture), or as a reference to a shared symbol (the replay page defines every card
    once and pictures refer to it by id)."""

    def __init__(self, shared: bool) -> None:
        self.shared = shared

    def place(self, c: Card | None, x: float, y: float, width: float, extra: str = "") -> str:
        """Card ``c`` (None: its back) with its top-left corner at (x, y)."""
        scale = width / _W
        where = f'transform="translate({_n(x)} {_n(y)}) scale({_n(scale)})"'
        label = "card back" if c is None else _name(c)
        if self.shared:
            ref = "uno-back" if c is None else f"uno-c{ref_id(c)}"
            return f'<use href="#{ref}" {where}><title>{_esc(label)}</title></use>{extra}'
        body = _back() if c is None else _face(c)
        return f"<g {where}><title>{_esc(label)}</title>{body}</g>{extra}"


def ref_id(c: Card) -> str:
    """The id of the symbol that draws ``c`` (after ``uno-c`` or ``uno-m``): its
    :attr:`~unorules.Card.index`, or for a UNO Flip! card the index of its face in play,
    with ``d`` on the dark side (whose cards have a black border).

    >>> ref_id(Card.parse("R7")), ref_id(Card.parse("B2|O8"))
    ('7', '41')
    >>> ref_id(Card.parse("W|PF", Side.DARK))
    '93d'
    """
    if c.up is None:
        return str(c.index)
    return f"{c.face.index}d" if c.up is Side.DARK else str(c.face.index)


def symbols(extra: Iterable[Card] = ()) -> str:
    """Every classic card face and the back as SVG ``<symbol>`` elements, in one hidden
    ``<svg>``, for a page whose pictures refer to them (see
    :mod:`unorules.pictures.render`): ids ``uno-c0`` .. ``uno-c55`` by
    :attr:`~unorules.Card.index`, ``uno-m0`` .. ``uno-m55`` for the same faces without
    corners (``card(..., corners=False)``), and ``uno-back``; then one pair for each card
    of ``extra`` not drawn yet, by ``ref_id`` (No Mercy's cards, UNO Flip!'s faces on
    each side).

    >>> symbols().count("<symbol"), symbols([Card.parse("B2|O8", Side.DARK)]).count("<symbol")
    (113, 115)
    """
    from unorules.cards import ALL_CARDS  # noqa: PLC0415 (one constant, kept local)

    box = 'viewBox="0 0 60 90" width="60" height="90"'
    drawn = {str(c.index) for c in ALL_CARDS}
    more: dict[str, Card] = {}
    for c in extra:
        key = ref_id(c)
        if key not in drawn and key not in more:
            more[key] = c
    faces = "".join(f'<symbol id="uno-c{c.index}" {box}>{_face(c)}</symbol>' for c in ALL_CARDS)
    faces += "".join(
        f'<symbol id="uno-m{c.index}" {box}>{_face(c, corners=False)}</symbol>' for c in ALL_CARDS
    )
    faces += "".join(
        f'<symbol id="uno-c{key}" {box}>{_face(c)}</symbol>'
        f'<symbol id="uno-m{key}" {box}>{_face(c, corners=False)}</symbol>'
        for key, c in more.items()
    )
    faces += f'<symbol id="uno-back" {box}>{_back()}</symbol>'
    hidden = 'width="0" height="0" style="position:absolute" aria-hidden="true"'
    return f"<svg {_NS} {hidden}>{faces}</svg>"


def _row(
    painter: _Cards,
    cards: Sequence[Card | None],
    x: float,
    y: float,
    *,
    width: float,
    step: float,
    marked: int | None = None,
) -> str:
    out = [painter.place(c, x + i * step, y, width) for i, c in enumerate(cards) if i != marked]
    if marked is not None and 0 <= marked < len(cards):
        # The marked card is raised, circled and drawn over its neighbours.
        mx, my = x + marked * step, y - 0.18 * width
        ring = (
            f'<rect x="{_n(mx - 2)}" y="{_n(my - 2)}" width="{_n(width + 4)}"'
            f' height="{_n(width * 1.5 + 4)}" rx="{_n(width / 10 + 2)}" fill="none"'
            ' stroke="#e0115f" stroke-width="3"/>'
        )
        out.append(painter.place(cards[marked], mx, my, width, ring))
    return "".join(out)


def hand(cards: Iterable[Card | str] | str, *, size: float | None = 60) -> Svg:
    """A picture of several cards side by side, overlapping so that each card's corner
    shows, in the order given.

    Args:
        cards: cards or their notation; a string is split at spaces (``"R7 G7 W"``).
        size: the width of one card in pixels, or None to scale to the container.

    >>> picture = hand("R7 G7 W", size=40)
    >>> 'width="88" height="60" viewBox="0 0 132 90"' in picture
    True
    >>> hand([]).count("<g ")
    0
    >>> hand("R7 X9")
    Traceback (most recent call last):
    ...
    ValueError: card 2 of the hand: not a card: 'X9' (examples: R7, G+2, BS, YR, W, W+4, WS, ...
    """
    items = cards.split() if isinstance(cards, str) else list(cards)
    parsed = []
    for i, value in enumerate(items, start=1):
        try:
            parsed.append(_as_card(value))
        except ValueError as err:
            raise ValueError(f"card {i} of the hand: {err}") from None
    step = _W * 0.6
    width = _W + step * (len(parsed) - 1) if parsed else _W * 0.6
    label = "hand: " + (", ".join(_name(c) for c in parsed) or "no cards")
    body = _row(_Cards(False), parsed, 0, 0, width=_W, step=step)
    return _svg(width, _H, _check_size(size), label, body)


# == a table ===================================================================================


def _txt(x: float, y: float, text: str, *, size: float = 13, weight: str = "normal",
         fill: str = _INK, anchor: str = "start") -> str:  # fmt: skip
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" {_FONT} font-weight="{weight}"'
        f' text-anchor="{anchor}" fill="{fill}">{_esc(text)}</text>'
    )


def _short(name: str, limit: int = 18) -> str:
    r"""A player's name as pictures and pages show it: control and other unprintable
    characters written as escapes (``A\x01b``, as :mod:`unorules._echo` writes them for a
    terminal, which also keeps the markup well-formed XML), and at most ``limit``
    characters (then an ellipsis), however long the name.

    >>> _short("Ann"), _short("A\x01b"), _short("x" * 1_000_000, 5)
    ('Ann', 'A\\x01b', 'xxxx…')
    """
    head = name[: limit + 1]
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in head)
    if len(text) <= limit and len(name) <= limit:
        return text
    return text[: limit - 1] + "\u2026"


_PHASES: Final = {
    Phase.PLAY: "play",
    Phase.DRAWN: "drawn: play the drawn card or pass",
    Phase.CHOOSE_COLOR: "the first color is to be named",
    Phase.CHALLENGE: "Wild Draw Four: challenge or draw",
    Phase.PENALTY: "a draw penalty is pending",
    Phase.ROULETTE: "Wild Color Roulette: the victim names a color",
    Phase.ROUND_OVER: "round over",
    Phase.GAME_OVER: "game over",
}


def _table(
    view: View | State,
    *,
    size: float | None,
    shared: bool,
    marked: tuple[int, int] | None = None,
) -> Svg:
    """The table picture; ``marked`` = (seat, index in hand) of a card to show raised and
    circled (the replay page marks the card of an illegal play)."""
    if isinstance(view, View):
        hands: list[Sequence[Card | None]] = [
            view.hand if seat == view.player else [None] * n
            for seat, n in enumerate(view.hand_sizes)
        ]
        names, me = view.names, view.player
    elif isinstance(view, State):
        hands = [h for h in view.hands]
        names, me = view.names, None
    else:
        raise TypeError(f"table() draws a View or a State, not {type(view).__name__}")
    # Who won the match or the round, and who is out, are public: a seat's view shows them.
    winner = view.winner if view.winner is not None else view.round_winner
    painter = _Cards(shared)
    cw = 48.0  # card width inside the picture; ``size`` scales the whole picture
    ch = cw * 1.5
    pad = 16.0
    label_w = 150.0
    face_step, back_step = cw * 0.62, cw * 0.22
    shown_backs = 20
    # The hands, one row per seat.
    rows_w = 0.0
    for h in hands:
        n = len(h)
        if n and h[0] is None:
            n = min(n, shown_backs)
            rows_w = max(rows_w, cw + back_step * (n - 1))
        elif n:
            rows_w = max(rows_w, cw + face_step * (n - 1))
    width = max(560.0, pad * 2 + 24 + label_w + rows_w)
    top_h = ch + 58
    row_h = ch + 22
    height = pad + top_h + row_h * len(hands) + pad / 2
    out = [f'<rect width="{_n(width)}" height="{_n(height)}" rx="10" fill="#eef3ee"/>']

    # The middle of the table: draw pile, discard pile, color, direction, turn.
    x0, y0 = pad, pad
    out.append(painter.place(None, x0, y0, cw))
    out.append(_txt(x0 + cw / 2, y0 + ch + 15, f"{view.draw_pile_size} to draw", size=11,
                    anchor="middle"))  # fmt: skip
    dx = x0 + cw + 22
    color = view.color
    ring = "#888" if color is None else COLORS[color]
    out.append(
        f'<rect x="{_n(dx - 4)}" y="{_n(y0 - 4)}" width="{_n(cw + 8)}" height="{_n(ch + 8)}"'
        f' rx="{_n(cw / 10 + 4)}" fill="none" stroke="{ring}" stroke-width="4"/>'
    )
    out.append(painter.place(view.top_card, dx, y0, cw))
    discards = len(view.discard_pile)
    out.append(_txt(dx + cw / 2, y0 + ch + 15, f"{discards} laid", size=11, anchor="middle"))
    tx = dx + cw + 26
    color_text = "none named yet" if color is None else color.value
    lines = []
    swatch = "#fff" if color is None else COLORS[color]
    out.append(
        f'<circle cx="{_n(tx + 7)}" cy="{_n(y0 + 10)}" r="7" fill="{swatch}" stroke="{_INK}"/>'
    )
    out.append(_txt(tx + 20, y0 + 15, f"color: {color_text}", weight="bold"))
    turn = "nobody" if view.current_player is None else names[view.current_player]
    way = "clockwise" if view.direction == 1 else "counter-clockwise"
    lines.append(f"to act: {_short(turn, 24)} (seat {view.current_player})"
                 if view.current_player is not None else "to act: nobody")  # fmt: skip
    lines.append(f"direction: {way}")
    phase = _PHASES[view.phase]
    if view.pending_draw:
        phase += f" (+{view.pending_draw} pending)"
    lines.append(f"phase: {phase}")
    lines.append(f"round {view.round + 1}, dealer {_short(names[view.dealer], 24)}")
    if winner is not None:
        what = "match" if view.winner is not None else "round"
        lines.append(f"{what} won by {_short(names[winner], 24)}")
    for i, line in enumerate(lines):
        out.append(_txt(tx, y0 + 38 + i * 17, line))

    # The seats, in seat order; an arrow along them shows the direction of play.
    ys = pad + top_h
    ax = pad + 8
    y_first, y_last = ys + 10, ys + row_h * (len(hands) - 1) + ch - 10
    head_y, tail_y = (y_last, y_first) if view.direction == 1 else (y_first, y_last)
    tip = 1 if view.direction == 1 else -1
    out.append(
        f'<path d="M{_n(ax)} {_n(tail_y)}V{_n(head_y - tip * 8)}" stroke="#7a8a7a"'
        ' stroke-width="3" fill="none"/>'
        f'<path d="M{_n(ax - 7)} {_n(head_y - tip * 10)}L{_n(ax)} {_n(head_y + tip * 2)}'
        f'L{_n(ax + 7)} {_n(head_y - tip * 10)}Z" fill="#7a8a7a"/>'
    )
    exposed = set(view.uno_exposed)
    eliminated = set(view.eliminated)
    for seat, h in enumerate(hands):
        y = ys + seat * row_h
        lx = pad + 24
        acting = seat == view.current_player
        if acting:
            out.append(
                f'<rect x="{_n(lx - 6)}" y="{_n(y - 8)}" width="{_n(width - lx - pad + 12)}"'
                f' height="{_n(ch + 16)}" rx="8" fill="#fff7c2" stroke="#e0b000"/>'
            )
        who = _short(names[seat])
        if seat == me:
            who += " (you)"
        out.append(_txt(lx, y + 16, who, size=14, weight="bold"))
        count = len(h)
        facts = [f"seat {seat}", f"{count} card" + ("" if count == 1 else "s")]
        out.append(_txt(lx, y + 34, ", ".join(facts), size=12))
        out.append(_txt(lx, y + 51, f"score {view.scores[seat]}", size=12))
        tags = []
        if acting:
            tags.append("to act")
        if seat == view.dealer:
            tags.append("dealer")
        if seat in exposed:
            tags.append("UNO not called!")
        if seat in eliminated:
            tags.append("out of the match")
        if tags:
            fill = "#b00020" if seat in exposed else "#555"
            out.append(_txt(lx, y + 68, ", ".join(tags), size=12, weight="bold", fill=fill))
        cx = lx + label_w
        if h and h[0] is None:
            out.append(_row(painter, h[:shown_backs], cx, y, width=cw, step=back_step))
            if count > shown_backs:
                bx = cx + cw + back_step * (shown_backs - 1) + 6
                out.append(_txt(bx, y + ch / 2 + 5, f"+{count - shown_backs}", weight="bold"))
        else:
            mark = marked[1] if marked is not None and marked[0] == seat else None
            out.append(_row(painter, h, cx, y, width=cw, step=face_step, marked=mark))
    label = (
        f"UNO table: {len(hands)} players, top card {_name(view.top_card)},"
        f" to act: {_short(turn, 24)}"
    )
    scale_size = _W if size is None else size * _W / width
    return _svg(width, height, scale_size, label, "".join(out))


def table(view: View | State, *, size: float | None = None) -> Svg:
    """A picture of the table: the draw pile and how many cards it holds, the top card of
    the discard pile framed in the color in force, whose turn it is, the direction of play,
    the phase, and every seat with its cards and score.

    Given a :class:`~unorules.View` (what one player sees), that player's hand is drawn
    face up and the others' as card backs with their counts; given a
    :class:`~unorules.State`, every hand is face up.

    Args:
        view: a player's view (:func:`unorules.observe`) or a whole state.
        size: the width of the picture in pixels, or None (the default) for its natural
            width (at least 560 pixels, more for long hands).

    >>> import unorules as uno
    >>> state = uno.new_game(3, seed=5)
    >>> picture = table(uno.observe(state, 1))
    >>> picture.count("<title>card back</title>"), picture.count("<title>red ")
    (15, 1)
    >>> "to act: P0 (seat 0)" in picture and "direction: clockwise" in picture
    True
    >>> table(state).count("<title>card back</title>")
    1
    """
    return _table(view, size=_check_size(size), shared=False)
