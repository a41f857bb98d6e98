"""Pictures as pixels: the SVG of :mod:`unorules.pictures.svg` rasterized to an
``H x W x 3`` ``uint8`` array, the frame ``render_mode="rgb_array"`` gives in the
Gymnasium and PettingZoo environments (and what Gymnasium's ``RecordVideo`` writes).

It needs the ``render`` extra (``pip install 'unorules[render]'``): ``resvg-py``, the
Python binding of the Rust SVG renderer resvg (wheels for every platform, no system
library), Pillow to read the PNG it writes, and numpy. The text of a picture is drawn
with a sans-serif font found on the machine (DejaVu Sans, Liberation Sans, Arial, ...);
the same picture gives the same pixels on one machine, every time.

>>> import unorules as uno
>>> from unorules.pictures import raster, svg
>>> picture = svg.table(uno.observe(uno.new_game(2, seed=5), 0))
>>> frame = raster.rgb_array(picture)
>>> frame.shape, frame.dtype.name
((342, 560, 3), 'uint8')
>>> raster.natural_size(picture)
(560, 342)
>>> bool((raster.rgb_array(picture) == frame).all())
True
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import io
import math
import os
import re
import warnings
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from unorules._echo import shown

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["EXTRA", "natural_size", "require", "rgb_array"]

EXTRA: Final = "unorules[render]"
"""The extra that brings the rasterizer: ``pip install 'unorules[render]'``.

>>> EXTRA
'unorules[render]'
"""

_NEEDS: Final = (("resvg_py", "resvg-py"), ("PIL.Image", "Pillow"), ("numpy", "numpy"))
_FAMILIES: Final = (
    "DejaVu Sans",
    "Liberation Sans",
    "Arial",
    "Helvetica",
    "Noto Sans",
    "FreeSans",
    "Nimbus Sans",
)
"""Families tried, in order, for the pictures' generic ``sans-serif`` (resvg maps it to
Arial alone, which a Linux machine seldom has: without this, no text would be drawn)."""
_PROBE: Final = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">'
    '<text x="2" y="20" font-size="20" font-family="{}">H</text></svg>'
)
_BACKGROUND: Final = "white"


def require(what: str = "rgb_array") -> None:
    """Check that the rasterizer is installed: an :class:`ImportError` naming the extra
    to install (and ``what`` needed it) when it is not.

    >>> require()
    """
    missing = []
    for module, package in _NEEDS:
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    if missing:
        raise ImportError(
            f"{what} needs {', '.join(missing)}: pip install '{EXTRA}'"
            " (from a clone of the source: pip install '.[render]')"
        )


def _module(name: str) -> ModuleType:
    require()
    return importlib.import_module(name)


_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"')
_VIEWBOX = re.compile(r'<svg\b[^>]*?\sviewBox="[-0-9. ]*?([0-9.]+) ([0-9.]+)"')


def natural_size(picture: str) -> tuple[int, int]:
    """The width and height in pixels a picture is drawn at unless told otherwise: its
    ``width`` and ``height``, else its ``viewBox`` (rounded up to whole pixels).

    >>> natural_size('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="90.5"/>')
    (60, 91)
    >>> natural_size("<p/>")
    Traceback (most recent call last):
    ...
    ValueError: picture: SVG markup with a width and height or a viewBox, not '<p/>'
    """
    if not isinstance(picture, str):
        raise TypeError(f"picture: SVG markup (a str), not {shown(picture)}")
    found = _SIZE.search(picture) or _VIEWBOX.search(picture)
    if found is None:
        raise ValueError(
            f"picture: SVG markup with a width and height or a viewBox, not {shown(picture)}"
        )
    return math.ceil(float(found.group(1))), math.ceil(float(found.group(2)))


@functools.cache
def _font_options() -> dict[str, Any]:
    """How resvg gets a font for the pictures' text (found once per process): the first
    family of :data:`_FAMILIES` installed; else the DejaVu fonts matplotlib ships, where
    it is installed; else none (a warning says the frames will have no text)."""
    resvg = _module("resvg_py")
    blank = bytes(resvg.svg_to_bytes(svg_string=_PROBE.format("no-such-family")))
    for family in _FAMILIES:
        drawn = resvg.svg_to_bytes(svg_string=_PROBE.format(family), sans_serif_family=family)
        if bytes(drawn) != blank:
            return {"sans_serif_family": family}
    spec = importlib.util.find_spec("matplotlib")
    if spec is not None and spec.origin is not None:
        fonts = os.path.join(os.path.dirname(spec.origin), "mpl-data", "fonts", "ttf")
        if os.path.isdir(fonts):
            return {"sans_serif_family": "DejaVu Sans", "font_dirs": [fonts]}
    warnings.warn(
        "no sans-serif font found (tried " + ", ".join(_FAMILIES) + "): the frames have no"
        " text; install one (Debian: apt-get install fonts-dejavu-core)",
        RuntimeWarning,
        stacklevel=3,
    )
    return {}


def _check_dimension(value: object, name: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(
            f"{name}: a whole number of pixels, at least 1, or None; not {shown(value)}"
        )
    return value


def rgb_array(
    picture: str, *, width: int | None = None, height: int | None = None
) -> npt.NDArray[np.uint8]:
    """``picture`` (SVG markup) as an ``height x width x 3`` array of ``uint8`` RGB pixels on
    white.

    Without ``width`` and ``height`` the array has the picture's :func:`natural_size`.
    Given both, it has exactly that size: the picture is scaled to fit inside, keeping its
    proportions, at the top left, the rest white (a video needs every frame the same
    size, and a table picture grows wider with a long hand). Given one, the other follows
    from the picture's proportions.

    Raises:
        ImportError: the rasterizer is not installed (the message names the extra).
        ValueError: markup that is not a picture, a bad size.

    >>> from unorules.pictures import svg
    >>> frame = rgb_array(svg.card("R7"), width=100, height=100)
    >>> frame.shape, frame[99, 99].tolist()
    ((100, 100, 3), [255, 255, 255])
    >>> rgb_array(svg.card("R7"), width=120).shape
    (180, 120, 3)
    """
    w0, h0 = natural_size(picture)
    width = _check_dimension(width, "width")
    height = _check_dimension(height, "height")
    resvg = _module("resvg_py")
    numpy = _module("numpy")
    image = _module("PIL.Image")
    if width is None and height is None:
        zoom = 1.0
    elif height is None:
        assert width is not None
        zoom = width / w0
    elif width is None:
        zoom = height / h0
    else:
        zoom = min(width / w0, height / h0)
    png = resvg.svg_to_bytes(
        svg_string=str(picture), zoom=zoom, background=_BACKGROUND, **_font_options()
    )
    with image.open(io.BytesIO(bytes(png))) as decoded:
        pixels = numpy.asarray(decoded.convert("RGB"), dtype=numpy.uint8)
    if width is None or height is None:
        return pixels  # type: ignore[no-any-return]
    frame = numpy.full((height, width, 3), 255, dtype=numpy.uint8)
    h, w = min(height, pixels.shape[0]), min(width, pixels.shape[1])
    frame[:h, :w] = pixels[:h, :w]
    return frame  # type: ignore[no-any-return]
