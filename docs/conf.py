"""Sphinx configuration for the unorules documentation.

The build must pass offline with ``sphinx -n -W``. Cross-references into the Python and
attrs documentation are only resolved when ``UNORULES_DOCS_ONLINE=1`` is set; offline,
the targets those inventories would provide are listed in ``nitpick_ignore*`` instead.
"""

import os
import re
import sys
from pathlib import Path

# The package is normally installed in editable mode; this only helps a bare checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

project = "unorules"
author = "the unorules developers"
copyright = "2026, the unorules developers"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "unorules"

# -- autodoc -------------------------------------------------------------------------
autodoc_typehints = "description"
autodoc_member_order = "bysource"

# -- napoleon (Google style docstrings only) -----------------------------------------
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_include_init_with_doc = False
napoleon_include_private_with_doc = False
napoleon_include_special_with_doc = False
napoleon_use_admonition_for_examples = False
napoleon_use_ivar = False
napoleon_use_param = True
napoleon_use_rtype = True
napoleon_attr_annotations = True

# -- cross-references ----------------------------------------------------------------
nitpicky = True
DOCS_ONLINE = os.environ.get("UNORULES_DOCS_ONLINE") == "1"

intersphinx_mapping: dict[str, tuple[str, str | None]] = (
    {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable/", None),
    }
    if DOCS_ONLINE
    else {}
)

# typing_extensions has no entry in either inventory: its names (TypeIs, override, ...)
# can never be resolved, online or offline.
_UNRESOLVABLE_MODULES = {"typing_extensions"}
if not DOCS_ONLINE:
    # Without the inventories, every reference into the standard library (enum.Enum
    # bases shown by :show-inheritance:, collections.abc.Sequence, pathlib.Path,
    # random.Random, os.PathLike, json.loads, ...) and into attrs is unresolvable.
    # Builtins (int, str, None, ...) and typing.* are resolved by Sphinx itself.
    _UNRESOLVABLE_MODULES |= set(sys.stdlib_module_names) | {"attr", "attrs"}

nitpick_ignore: list[tuple[str, str]] = []
nitpick_ignore_regex: list[tuple[str, str]] = [
    (r"py:.*", rf"(?:{'|'.join(sorted(map(re.escape, _UNRESOLVABLE_MODULES)))})(?:\..+)?"),
]
