"""The package's layers: the game at the top of ``unorules``, what builds on it in
packages by role, each importing only the layers below it.

The order, bottom to top (docs/concepts.rst draws it):

1. the game: the modules at the top of the package (cards, actions, rules, state, the
   engine and its rooms in ``_engine``, the trust boundary, view, scoring, ...);
2. ``formats``: JSON, transcripts, the schema;
3. ``pictures``: SVG and the replay page;
4. ``agents``: bots, the bot protocol and matches, the encodings, the environments;
5. ``studies``: many seeded games, measured;
6. ``cli``: the command.

A module imports its own layer and the layers below it, never one above, at its top
or inside a function. The only upward reach is display: ``_repr_svg_`` draws a card, a
view or a state with :mod:`unorules.pictures.svg`. No module imports a private name
(``_x``) from another package, and only the game imports its engine (``_engine``). The
stable paths ``unorules.bots``, ``unorules.svg``, ``unorules.pettingzoo``,
``unorules.gymnasium`` and ``unorules.openspiel`` re-export a package's module and count
as that package's layer.
"""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys
from collections.abc import Iterator

import pytest

import unorules

ROOT = pathlib.Path(unorules.__file__).resolve().parent

LAYERS = ("game", "formats", "pictures", "agents", "studies", "cli")
"""The layers, bottom to top."""

STABLE_PATHS = {
    "unorules.bots": "agents",
    "unorules.svg": "pictures",
    "unorules.pettingzoo": "agents",
    "unorules.gymnasium": "agents",
    "unorules.openspiel": "agents",
    "unorules.__main__": "cli",
}
"""Modules kept at paths the public contract fixes, in the layer of what they re-export
(``python -m unorules`` runs the command)."""

DISPLAY = "_repr_svg_"
"""The one kind of function in the game that may import from ``unorules.pictures``."""


def layer(module: str) -> str:
    """The layer of a module of the package, by its dotted name."""
    if module in STABLE_PATHS:
        return STABLE_PATHS[module]
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "game"


def package(module: str, is_package: bool) -> str:
    """The package a module belongs to (a package belongs to itself)."""
    return module if is_package else module.rpartition(".")[0]


def _modules(root: pathlib.Path) -> Iterator[tuple[str, pathlib.Path]]:
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).with_suffix("")
        yield ".".join(rel.parts).removesuffix(".__init__"), path


def _is_package(root: pathlib.Path, module: str) -> bool:
    return (root.parent / module.replace(".", "/") / "__init__.py").exists()


def _imports(tree: ast.Module) -> Iterator[tuple[ast.stmt, str, list[str], str | None]]:
    """Each import of the package's modules: the statement, the module it names, the names
    it takes, and the function it stands in (None at a module's top). Imports under ``if
    TYPE_CHECKING:`` are for type checkers and load nothing: they are left out."""

    def walk(
        node: ast.AST, function: str | None
    ) -> Iterator[tuple[ast.stmt, str, list[str], str | None]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from (x for n in child.orelse for x in walk(n, function))
                continue
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                if child.module.split(".")[0] == "unorules":
                    yield child, child.module, [a.name for a in child.names], function
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.split(".")[0] == "unorules":
                        yield child, alias.name, [], function
            inner = (
                child.name
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                else function
            )
            yield from walk(child, inner)

    yield from walk(tree, None)


def violations(root: pathlib.Path) -> list[str]:
    """Every import under ``root`` (the package's folder) that breaks the layers, as
    ``module:line: what``."""
    found: list[str] = []
    for module, path in _modules(root):
        if module == "unorules":  # the facade: `import unorules` is checked by a test below
            continue
        mine = layer(module)
        my_package = package(module, path.name == "__init__.py")
        for node, target, names, function in _imports(ast.parse(path.read_text("utf-8"))):
            where = f"{module}:{node.lineno}"
            # `from unorules import x` takes the module unorules.x when there is one
            targets = [target]
            if target == "unorules":
                targets += [
                    f"unorules.{n}"
                    for n in names
                    if (root / f"{n}.py").exists() or (root / n).is_dir()
                ]
            for t in targets:
                theirs = layer(t)
                if LAYERS.index(theirs) > LAYERS.index(mine) and not (
                    mine == "game" and theirs == "pictures" and function == DISPLAY
                ):
                    found.append(f"{where}: {mine} imports {t}, of the {theirs} layer above it")
                if (t.startswith("unorules._engine") or t == "unorules._engine") and mine != "game":
                    found.append(f"{where}: {t} is the game's engine, private to the game")
            source_package = target if _is_package(root, target) else target.rpartition(".")[0]
            for name in names:
                if (
                    name.startswith("_")
                    and not name.startswith("__")
                    and source_package != my_package
                ):
                    found.append(f"{where}: imports the private name {name} from {target}")
    return found


def test_every_import_keeps_to_the_layers() -> None:
    """The layers hold over the whole package (see the module docstring)."""
    assert violations(ROOT) == []


def test_a_planted_upward_import_is_found(tmp_path: pathlib.Path) -> None:
    """The check finds each kind of violation: the game importing an agent (at the top or
    in a function), a picture outside ``_repr_svg_``, the engine outside the game, a
    private name from another package; display and imports for type checkers pass."""
    pkg = tmp_path / "unorules"
    for folder in ("agents", "pictures", "formats", "_engine"):
        (pkg / folder).mkdir(parents=True)
        (pkg / folder / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "agents" / "bots.py").write_text("def _helper() -> None: ...\n")
    (pkg / "pictures" / "svg.py").write_text("")
    (pkg / "_engine" / "general.py").write_text("")
    (pkg / "cards.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from unorules.agents import bots\n"  # for types only: passes
        "def _repr_svg_() -> None:\n"
        "    from unorules.pictures import svg\n"  # display: passes
        "def draw() -> None:\n"
        "    from unorules.pictures import svg\n"  # line 7: not display
    )
    (pkg / "state.py").write_text("from unorules.agents.bots import _helper\n")
    (pkg / "formats" / "json.py").write_text("import unorules._engine.general\n")
    assert violations(pkg) == [
        "unorules.cards:7: game imports unorules.pictures, of the pictures layer above it",
        "unorules.formats.json:1: unorules._engine.general is the game's engine, private to"
        " the game",
        "unorules.state:1: game imports unorules.agents.bots, of the agents layer above it",
        "unorules.state:1: imports the private name _helper from unorules.agents.bots",
    ]


def test_import_unorules_loads_the_game_only() -> None:
    """``import unorules`` loads no module of a layer above the game; ``uno.simulate`` and
    the packages by role load when first used."""
    code = (
        "import sys, unorules\n"
        "print(sorted(m for m in sys.modules if m.startswith('unorules')))\n"
        "unorules.simulate\n"
        "print('unorules.studies.study' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded_line, studies_line = done.stdout.splitlines()
    loaded = eval(loaded_line)  # a list of strings printed by this test's own code
    assert [m for m in loaded if layer(m) != "game"] == []
    assert "unorules.state" in loaded and "unorules.engine" in loaded
    assert studies_line == "True"


@pytest.mark.parametrize("path", sorted(set(STABLE_PATHS) - {"unorules.__main__"}))
def test_the_stable_paths_re_export_their_module(path: str) -> None:
    """``unorules.svg`` and the others give the same objects as the module they name."""
    import importlib

    stable = importlib.import_module(path)
    home = importlib.import_module(stable.__doc__.split(":mod:`")[1].split("`")[0])  # type: ignore[union-attr]
    assert stable.__all__ == home.__all__
    assert all(getattr(stable, name) is getattr(home, name) for name in stable.__all__)
