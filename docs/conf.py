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
from sphinx.pycode import ModuleAnalyzer

# The package is normally installed in editable mode; this only helps a bare checkout.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
# The project's own Sphinx extensions (docs/_ext/unocards.py: the :card: and :cards: roles).
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

import unorules
from unorules import svg as unorules_svg
from unorules.rules import compare_profiles, option_docs

# The project's own extension (rules reference, error codes, changelog, phase diagram).
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))
from unorules_docs import api_toc_rst, link_citations, module_page_rst

project = "unorules"
author = "the unorules developers"
copyright = "2026, the unorules developers"
# The version shown in the sidebar's title and on the landing page (``|release|``).
release = unorules.__version__
version = ".".join(release.split(".")[:2])

# docs/_ext holds this project's own extensions and build-time generators (playthrough:
# the move-by-move page; unorules_studies: the studies page).
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

import playthrough

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "unocards",
    "unorules_studies",
]
extensions += ["unorules_docs"]

# docs/_generated/ holds files written at build time and pulled in with ``.. include::``
# (see "generated pages" below); they are not documents of their own.
exclude_patterns = ["_build", "_generated"]
html_theme = "furo"
html_title = f"unorules {release}"

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

# numpy, Gymnasium, PettingZoo and pyspiel (the optional integrations) have no inventory
# here either; their types appear in the signatures of the integration modules.
_UNRESOLVABLE_MODULES |= {"numpy", "np", "npt", "gymnasium", "pettingzoo", "pyspiel"}

nitpick_ignore: list[tuple[str, str]] = []
nitpick_ignore_regex: list[tuple[str, str]] = [
    (r"py:.*", rf"(?:{'|'.join(sorted(map(re.escape, _UNRESOLVABLE_MODULES)))})(?:\..+)?"),
]


# Internal values that appear in signatures of public functions but are not public.
nitpick_ignore += [
    ("py:class", "unorules.state.Match"),
    ("py:class", "unorules.rng.T"),
    ("py:class", "unorules.formats.transcript._stream._Item"),  # validate_items' pass-through
    ("py:class", "_Tally"),  # the private tallies of unorules.studies.study's result types
]

# -- generated pages -------------------------------------------------------------------
# The profile tables and the API reference are written from the library itself whenever
# a build starts, so they cannot drift from the code. The tables go to docs/_generated/
# (git-ignored, excluded as documents, pulled in with ``.. include::``); the API pages,
# one per public module, to docs/api/unorules.*.rst (git-ignored documents).

GENERATED = Path(__file__).resolve().parent / "_generated"

# The public modules, in reading order (one list, kept in the package). A module that does
# not import fails the build: the reference must never silently lose a module.
PUBLIC_MODULES = list(unorules._PUBLIC_MODULES)

BUILT_IN_PROFILES = ["mattel", "mattel-108", "swedish", "danish", "mattel-no-mercy", "mattel-flip"]


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
    differ = [
        [_option(name), *values, link_citations(rule)]
        for name, rule, values in rows
        if len(set(values)) > 1
    ]
    same = [
        [_option(name), values[0], link_citations(rule)]
        for name, rule, values in rows
        if len(set(values)) == 1
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
    body = [
        [_option(name), mine, base, link_citations(rule)]
        for name, rule, (base, mine) in rows
        if mine != base
    ]
    note = ".. This file is generated by docs/conf.py; do not edit it."
    return "\n".join([note, "", *_table("", header, body)])


API_PAGES = Path(__file__).resolve().parent / "api"


def api_pages() -> dict[str, str]:
    """The API reference, one page per public module (docs/api/<module>.rst, generated
    and git-ignored), and the toctree that lists them in reading order (in _generated/).
    Each page documents the names its module defines; a name the package re-exports is
    documented once, under its short ``unorules.`` name."""
    top = {name: getattr(unorules, name) for name in unorules.__all__}
    pages = {f"{name}.rst": module_page_rst(name, top) for name in PUBLIC_MODULES}
    pages["api-toc.rst"] = api_toc_rst(PUBLIC_MODULES)
    return pages


LANDING_GAME = (("Ann", "Bo", "Cai", "Dee"), 11, 7)
"""The landing page's game: its players, its seed, and the moves played before the picture."""


def landing_svg() -> str:
    """The landing page's picture (docs/_generated/landing.svg): a seeded game of four a few
    moves in, every hand face up, drawn by the library itself (:func:`unorules.svg.table`)
    with the page's fixed policy (``playthrough.policy``)."""
    players, seed, moves = LANDING_GAME
    state = unorules.new_game(list(players), rules="mattel", seed=seed)
    for _ in range(moves):
        state = unorules.apply(state, playthrough.policy(state))
    return str(unorules_svg.table(state))


def write_generated(app: Any = None) -> None:
    """Write every generated file (connected to ``builder-inited``)."""
    GENERATED.mkdir(exist_ok=True)
    _write_if_changed(GENERATED / "profiles.rst", profiles_rst())
    for profile in BUILT_IN_PROFILES:
        _write_if_changed(GENERATED / f"profile-{profile}.rst", profile_rst(profile))
    API_PAGES.mkdir(exist_ok=True)
    pages = api_pages()
    for page, text in pages.items():
        _write_if_changed((GENERATED if page == "api-toc.rst" else API_PAGES) / page, text)
    for stale in API_PAGES.glob("unorules.*.rst"):  # a module no longer public
        if stale.name not in pages:
            stale.unlink()
    _write_if_changed(GENERATED / "playthrough.rst", playthrough.page(with_pictures=True))
    _write_if_changed(GENERATED / "landing.svg", landing_svg())


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
    if len(parts) == 1:  # a bare name in a signature (``Events``): the public module listing it
        found += [f"{m}.{target}" for m in PUBLIC_MODULES if target in _listed(m)]
    return found


def _listed(module: str) -> tuple[str, ...]:
    """The ``__all__`` of a public module (imported already: the API pages are built)."""
    return tuple(getattr(importlib.import_module(module), "__all__", ()))


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
    used by tests/docs/test_docstrings.py, which runs their examples."""
    found: dict[str, tuple[str, str]] = {}
    root = Path(unorules.__file__).parent
    for path in sorted(root.rglob("*.py")):
        parts = ["unorules", *path.relative_to(root).with_suffix("").parts]
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
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
                    if name in found:
                        # Looked up by bare name (a re-export shows only that), so two
                        # modules documenting one name would pick one silently.
                        raise RuntimeError(
                            f"{name} has a value docstring in {found[name][0]} and in"
                            f" {module}: rename one, so the docs show the right one"
                        )
                    found[name] = (module, after.value.value)
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


# -- packages that collect private modules -------------------------------------------
# A public package such as ``unorules.formats.transcript`` defines its names in private modules
# (``_model``, ``_io``, ... listed in its ``_MODULES``) and sets their ``__module__`` to the
# package, as if it were one module. autodoc reads attribute docstrings and source order
# from the source of ``__module__``: give it the package's ``__init__`` followed by those
# modules, in that order.


def _analyze_packages(app: Any = None) -> None:
    for name in PUBLIC_MODULES:
        module = importlib.import_module(name)
        private = getattr(module, "_MODULES", None)
        if not hasattr(module, "__path__") or private is None:
            continue
        folder = Path(module.__file__ or "").parent
        parts = [folder / "__init__.py", *(folder / f"{part}.py" for part in private)]
        source = "\n".join(p.read_text(encoding="utf-8") for p in parts)
        ModuleAnalyzer.cache["module", name] = ModuleAnalyzer.for_string(source, name)


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", write_generated)
    app.connect("builder-inited", _analyze_packages)
    app.connect("missing-reference", _resolve_short_names)
    app.connect("autodoc-process-docstring", _value_docstring)
    return {"parallel_read_safe": True}
