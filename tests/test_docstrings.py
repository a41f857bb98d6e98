"""Every public name carries a docstring with an example that runs (STYLE.md, "Habits").

Public means: every name in ``unorules.__all__``, every name in the ``__all__`` of a public
module, and the public methods of those classes. The examples themselves are run by
pytest's ``--doctest-modules``; this test makes sure they exist.

Not required to have their own example: enum members and attrs fields (and other plain
attributes and properties: they are data, documented by a sentence), members of a
``Protocol`` (an interface to implement, shown by the protocol's own example), and
``__version__``.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
import types
from pathlib import Path
from typing import Any

import pytest

import unorules

PUBLIC_MODULES = unorules._PUBLIC_MODULES

EXEMPT = {"__version__"}


def _modules() -> list[types.ModuleType]:
    found = [unorules]
    found.extend(importlib.import_module(name) for name in PUBLIC_MODULES)
    return found


def _docs_conf() -> types.ModuleType:
    """docs/conf.py, whose parser of module-level value docstrings the docs build uses."""
    path = Path(__file__).resolve().parent.parent / "docs" / "conf.py"
    spec = importlib.util.spec_from_file_location("docs_conf_for_docstrings", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


VALUE_DOCS: dict[str, tuple[str, str]] = _docs_conf().value_docstrings()


def _is_value(obj: object) -> bool:
    return not (inspect.isclass(obj) or inspect.isroutine(obj) or inspect.ismodule(obj))


def _public_names() -> list[tuple[str, object]]:
    """(qualified name, object) for every public name and public method."""
    out: dict[str, object] = {}
    for module in _modules():
        for name in getattr(module, "__all__", ()):
            if name in EXEMPT:
                continue
            obj = getattr(module, name)
            qualified = f"{module.__name__}.{name}"
            out[qualified] = obj
            if inspect.isclass(obj) and not _is_protocol(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    function = getattr(member, "__func__", member)  # class/static methods
                    if inspect.isfunction(function):
                        out[f"{qualified}.{attr}"] = function
    return sorted(out.items())


def _is_protocol(cls: type) -> bool:
    return bool(getattr(cls, "_is_protocol", False))


def _docstring(name: str, obj: Any) -> str | None:
    if _is_value(obj):
        found = VALUE_DOCS.get(name.rsplit(".", 1)[-1])
        return None if found is None else found[1]
    return inspect.getdoc(obj)


PUBLIC = _public_names()


def test_the_public_surface_is_found() -> None:
    names = {name for name, _ in PUBLIC}
    assert "unorules.new_game" in names
    assert "unorules.rules.MATTEL" in names
    assert "unorules.cards.Card.parse" in names
    assert len(names) > 100


@pytest.mark.parametrize(("name", "obj"), PUBLIC, ids=[name for name, _ in PUBLIC])
def test_public_name_has_a_docstring_with_an_example(name: str, obj: object) -> None:
    doc = _docstring(name, obj)
    assert doc, f"{name} has no docstring"
    assert ">>>" in doc, f"{name}: its docstring has no example (>>>)"


VALUES = sorted(
    {name.rsplit(".", 1)[-1] for name, obj in PUBLIC if _is_value(obj)} & set(VALUE_DOCS)
)


@pytest.mark.parametrize("name", VALUES)
def test_value_docstring_examples_run(name: str) -> None:
    """``--doctest-modules`` never sees these docstrings, so their examples run here, in
    the namespace of the module that defines the value."""
    module, text = VALUE_DOCS[name]
    globs = dict(vars(importlib.import_module(module)))
    test = doctest.DocTestParser().get_doctest(text, globs, f"{module}.{name}", module, 0)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    runner = doctest.DocTestRunner(optionflags=flags)
    runner.run(test)
    assert runner.failures == 0, f"{module}.{name}: {runner.failures} example(s) failed"


def test_every_package_name_is_in_the_api_reference() -> None:
    """The API reference (one page per public module, written by docs/conf.py) documents
    every name of ``unorules.__all__`` once, under its short name."""
    docs = Path(__file__).resolve().parent.parent / "docs"
    spec = importlib.util.spec_from_file_location("docs_conf", docs / "conf.py")
    assert spec is not None and spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    pages = "\n".join(conf.api_pages().values())
    documented = [
        line.split("::", 1)[1].strip()
        for line in [*pages.splitlines(), *(docs / "api" / "index.rst").read_text().splitlines()]
        if line.startswith(".. ") and "::" in line and line.split("::", 1)[1].strip()
    ]  # a directive with no argument (a toctree) documents no name
    missing = [name for name in unorules.__all__ if f"unorules.{name}" not in documented]
    assert missing == []
    twice = {name for name in documented if documented.count(name) > 1}
    assert twice == set()
