"""Sphinx configuration for the unorules documentation.

The build must pass offline with ``sphinx -n -W``. Cross-references into the Python and
attrs documentation are only resolved when ``UNORULES_DOCS_ONLINE=1`` is set; offline,
the targets those inventories would provide are listed in ``nitpick_ignore*`` instead.
"""

import ast
import importlib
import inspect
import itertools
import os
import re
import sys
from pathlib import Path
from typing import Any

from sphinx.ext.napoleon.docstring import GoogleDocstring

# The package is normally installed in editable mode; this only helps a bare checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import unorules
from unorules.rules import compare_profiles, option_docs

project = "unorules"
author = "the unorules developers"
copyright = "2026, the unorules developers"

# docs/_ext holds this project's own extensions (unorules_studies: the studies page).
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "unorules_studies",
]

# docs/_generated/ holds files written at build time and pulled in with ``.. include::``
# (see "generated pages" below); they are not documents of their own.
exclude_patterns = ["_build", "_generated"]
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


# Internal values that appear in signatures of public functions but are not public.
nitpick_ignore += [
    ("py:class", "unorules.state.Match"),
    ("py:class", "unorules.rng.T"),
    ("py:class", "_Tally"),  # the private tallies of unorules.study's result types
]

# -- generated pages -------------------------------------------------------------------
# The profile tables and the module part of the API reference are written from the
# library itself whenever a build starts, so they cannot drift from the code. They go to
# docs/_generated/ (git-ignored, excluded as documents, pulled in with ``.. include::``).

GENERATED = Path(__file__).resolve().parent / "_generated"

# The public modules, in reading order (one list, kept in the package). A module that does
# not import fails the build: the reference must never silently lose a module.
PUBLIC_MODULES = list(unorules._PUBLIC_MODULES)

BUILT_IN_PROFILES = ["mattel", "mattel-108", "swedish", "danish"]


def _write_if_changed(path: Path, text: str) -> None:
    """Rewrite a generated file only when its text changes (keeps incremental builds)."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _table(title: str, header: list[str], rows: list[list[str]]) -> list[str]:
    out = [f".. list-table:: {title}".rstrip(), "   :header-rows: 1", ""]
    for row in [header, *rows]:
        out.append(f"   * - {row[0]}")
        out.extend(f"     - {cell}" for cell in row[1:])
    return [*out, ""]


def _option(name: str) -> str:
    return f"``{name}``: {option_docs()[name][0]}"


def profiles_rst() -> str:
    """The built-in profiles side by side, from ``compare_profiles`` and ``option_docs``:
    first the options where they differ, then those they share."""
    rows = compare_profiles(BUILT_IN_PROFILES)
    header = ["option", *(f"``{name}``" for name in BUILT_IN_PROFILES), "rules"]
    differ = [[_option(name), *values, rule] for name, rule, values in rows if len(set(values)) > 1]
    same = [
        [_option(name), values[0], rule] for name, rule, values in rows if len(set(values)) == 1
    ]
    return "\n".join(
        [
            ".. This file is generated by docs/conf.py from unorules.rules.compare_profiles()",
            "   and unorules.rules.option_docs(); do not edit it.",
            "",
            *_table("Where the built-in profiles differ", header, differ),
            *_table("What they share", ["option", "every profile", "rules"], same),
        ]
    )


def profile_rst(profile: str) -> str:
    """One profile's options that differ from ``mattel``."""
    rows = compare_profiles(["mattel", profile])
    header = ["option", f"``{profile}``", "``mattel``", "rules"]
    body = [[_option(name), mine, base, rule] for name, rule, (base, mine) in rows if mine != base]
    note = ".. This file is generated by docs/conf.py; do not edit it."
    return "\n".join([note, "", *_table("", header, body)])


def modules_rst() -> str:
    """One section per public module: its docstring, and the members of its
    ``__all__`` that the package does not re-export (those are documented once, under
    their short ``unorules.`` name, earlier on the API page)."""
    top = set(unorules.__all__)
    out = [".. This file is generated by docs/conf.py; do not edit it.", ""]
    for name in PUBLIC_MODULES:
        module = importlib.import_module(name)
        names = list(getattr(module, "__all__", []))
        own = [m for m in names if m not in top]
        shared = [m for m in names if m in top]
        title = f"``{name}``"
        out += [title, "~" * len(title), "", f".. automodule:: {name}"]
        if own:
            out.append(f"   :members: {', '.join(own)}")
        out.append("")
        if shared:
            listed = ", ".join(f":py:obj:`unorules.{m}`" for m in shared)
            out += [f"Also defines {listed}, documented above.", ""]
    return "\n".join(out)


def write_generated(app: Any = None) -> None:
    """Write every generated file (connected to ``builder-inited``)."""
    GENERATED.mkdir(exist_ok=True)
    _write_if_changed(GENERATED / "profiles.rst", profiles_rst())
    for profile in BUILT_IN_PROFILES:
        _write_if_changed(GENERATED / f"profile-{profile}.rst", profile_rst(profile))
    _write_if_changed(GENERATED / "api-modules.rst", modules_rst())


# -- short names ---------------------------------------------------------------------
# Names the package re-exports are documented once, as ``unorules.NAME``. A docstring
# inside a module may still write the short name (``:func:`apply``` in unorules.engine) or
# the module's path (``unorules.state.State``, as type hints give it): both resolve to the
# package's entry here; a name only a module documents (``unorules.register_profile`` is
# ``unorules.rules.register_profile``) the other way round.


def _candidates(target: str) -> list[str]:
    public = set(unorules.__all__)
    parts = target.split(".")
    found: list[str] = []
    if parts[0] == "unorules" and len(parts) >= 3 and parts[2] in public:
        found.append(".".join(["unorules", *parts[2:]]))
    if parts[0] != "unorules" and parts[0] in public:
        found.append(".".join(["unorules", *parts]))
    if parts[0] == "unorules" and len(parts) >= 2 and parts[1] not in public:
        home = getattr(getattr(unorules, parts[1], None), "__module__", None)
        if isinstance(home, str) and home.startswith("unorules."):
            found.append(".".join([home, *parts[1:]]))
    return found


def _resolve_short_names(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    if node.get("refdomain") != "py":
        return None
    domain = env.domains["py"]
    for target in _candidates(node["reftarget"]):
        resolved = domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], target, node, contnode
        )
        if resolved is not None:
            return resolved
    return None


# -- module-level values ---------------------------------------------------------------
# A value such as ``MATTEL`` (a Rules instance) or ``Action`` (a union) has no docstring
# at run time: its documentation is the string written right after its assignment in the
# module that defines it. autodoc would show the docstring of the value's type instead.


def value_docstrings() -> dict[str, tuple[str, str]]:
    """The docstrings written after module-level assignments (``MATTEL = ...`` then a
    string), which Python does not keep at run time: name -> (module, docstring). Also
    used by tests/test_docstrings.py, which runs their examples."""
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(Path(unorules.__file__).parent.glob("*.py")):
        module = "unorules" if path.stem == "__init__" else f"unorules.{path.stem}"
        body = ast.parse(path.read_text(encoding="utf-8")).body
        for node, after in itertools.pairwise(body):
            names: list[str] = []
            if isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            if (
                isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                for name in names:
                    found.setdefault(name, (module, after.value.value))
    return found


VALUE_DOCS = value_docstrings()


def _value_docstring(app: Any, what: str, name: str, *args: Any) -> None:
    lines: list[str] = args[-1]
    if what == "data" and name.startswith("unorules."):
        found = VALUE_DOCS.get(name.rsplit(".", 1)[-1])
        if found is not None:
            lines[:] = [*inspect.cleandoc(found[1]).splitlines(), ""]


# -- napoleon and attribute docstrings -----------------------------------------------
# The library's attribute docstrings are sentences ("The match winner: a seat, ..."), not
# Google-style "type: description" (autodoc shows the annotation as the type), so napoleon
# must not read the words before the first colon as a type.


def _attribute_docstring_as_written(self: GoogleDocstring) -> list[str]:
    return self._consume_to_end()


GoogleDocstring._parse_attribute_docstring = _attribute_docstring_as_written  # type: ignore[method-assign]


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", write_generated)
    app.connect("missing-reference", _resolve_short_names)
    app.connect("autodoc-process-docstring", _value_docstring)
    return {"parallel_read_safe": True}
