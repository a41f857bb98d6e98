"""The docs' ``:card:`` and ``:cards:`` roles (docs/_ext/unocards.py), in a small Sphinx
project built here: pictures inline in HTML, the notation in text, errors for bad cards."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from sphinx.application import Sphinx
from sphinx.util.console import nocolor
from sphinx.util.docutils import docutils_namespace

from unorules.pictures import svg

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext"


def build(tmp_path: Path, text: str, builder: str = "html") -> tuple[str, str]:
    """Build a one-page project; return (the page's output, the warnings)."""
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(EXT)!r})\nextensions = ['unocards']\n"
        "html_theme = 'basic'\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text(f"Cards\n=====\n\n{text}\n", encoding="utf-8")
    warnings = io.StringIO()
    out = tmp_path / "out" / builder
    nocolor()
    with docutils_namespace():  # roles and nodes registered for this build only
        app = Sphinx(
            str(src), str(src), str(out), str(tmp_path / "doctrees" / builder), builder,
            status=None, warning=warnings, freshenv=True,
        )  # fmt: skip
        app.build()
    page = out / ("index.html" if builder == "html" else "index.txt")
    return page.read_text(encoding="utf-8"), warnings.getvalue()


def test_cards_are_drawn_inline_in_html(tmp_path: Path) -> None:
    page, warnings = build(tmp_path, "Lay :card:`R7` on :card:`g7`, or :cards:`W  W+4`.")
    assert warnings == ""
    paragraph = page[page.index("Lay ") : page.index("</p>", page.index("Lay "))]
    assert paragraph.count('<span class="uno-cards">') == 3
    assert paragraph.count("<svg ") == 4
    labels = [part.split('"', 1)[0] for part in paragraph.split('aria-label="')[1:]]
    assert labels == ["red 7", "green 7", "wild", "wild draw four"]
    assert "R7" not in paragraph.replace(svg.card("R7", size=None)[5:], "")  # no stray text
    picture = svg.card("R7", size=None)
    assert picture.replace("<svg ", '<svg style="', 1).split('style="', 1)[0] in paragraph


def test_other_builders_get_the_notation(tmp_path: Path) -> None:
    page, warnings = build(tmp_path, "Lay :card:`r7` or :cards:`w w+4`.", builder="text")
    assert warnings == ""
    assert 'Lay "R7" or "W W+4".' in page  # as literal text


def test_no_card_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXT))
    import unocards  # type: ignore[import-not-found]

    with pytest.raises(ValueError, match="no card given: write one such as R7"):
        unocards.parse_cards("  ")


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (":card:`R10`", ":card:`R10`: not a card: 'R10'"),
        (":cards:`R7 X`", ":cards:`R7 X`: not a card: 'X'"),
        (":card:`R7 G7`", ":card:`R7 G7` shows one card; use :cards: for several"),
    ],
)
def test_a_bad_card_is_an_error_at_its_line(tmp_path: Path, source: str, message: str) -> None:
    _, warnings = build(tmp_path, f"Text.\n\nSee {source} here.")
    assert "index.rst:6: ERROR: " in warnings
    assert message in warnings
