"""Pictures: cards, hands and tables drawn as SVG, and a transcript's replay page.

Built on the game (the modules at the top of :mod:`unorules`) and the formats:

=========================================  ==================================================
:mod:`unorules.pictures.svg`               cards, hands and tables as SVG text
:mod:`unorules.pictures.render`            the self-contained replay page of a transcript
:mod:`unorules.pictures.raster`            pictures as pixels (``unorules[render]``)
=========================================  ==================================================

The path :mod:`unorules.svg` stays importable too. The game reaches up
here for one thing only, display: ``Card._repr_svg_`` and ``State._repr_svg_`` draw
themselves for notebooks.
"""

from unorules._lazy import attribute_loader

# The modules load when first used (``uno.pictures.svg``), never all at import.
__getattr__ = attribute_loader(
    __name__, {name: f"{__name__}.{name}" for name in ("svg", "render", "raster")}
)
