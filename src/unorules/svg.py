"""The path ``unorules.svg`` (a stable path): the same names as
:mod:`unorules.pictures.svg`, where they live and are documented."""

from unorules.pictures.svg import COLORS, Svg, back, card, hand, symbols, table

__all__ = [
    "COLORS",
    "Svg",
    "back",
    "card",
    "hand",
    "symbols",
    "table",
]
