"""Loading the project's scripts (``benchmarks/``, ``examples/``) into the test process.

They are files, not modules of a package: each is loaded from its path, registered under
its name as an import would register it (dataclasses look their module up), with its
folder on ``sys.path`` as running the script puts it, so that it imports its neighbours.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
EXAMPLES = ROOT / "examples"


def load_script(folder: Path, name: str) -> ModuleType:
    """The script ``folder/name.py`` as the module ``name``, loaded afresh."""
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
