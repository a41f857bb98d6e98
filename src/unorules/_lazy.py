"""Submodules loaded when first used: the one mechanism behind ``uno.simulate``,
``uno.agents.bots`` and the other names a package reaches without importing them.

>>> import types
>>> package = types.ModuleType("unorules")
>>> getattr_ = attribute_loader("unorules", {"bots": "unorules.agents.bots"})
>>> getattr_("bots").__name__
'unorules.agents.bots'
>>> getattr_("nope")
Traceback (most recent call last):
...
AttributeError: module 'unorules' has no attribute 'nope'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["attribute_loader"]


def attribute_loader(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``names`` maps an attribute to the module
    that holds it (``"module"`` for the module itself, ``"module:name"`` for a name in it).
    """

    def __getattr__(name: str) -> Any:
        target = names.get(name)
        if target is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = target.partition(":")
        loaded = importlib.import_module(module)
        return getattr(loaded, attribute) if attribute else loaded

    return __getattr__
