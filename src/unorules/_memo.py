"""A cache for data derived from immutable values, keyed by the value's identity.

Rules and card points are frozen, but hashing one compares every field; the engine's hot
paths need what they derive from them (flags, point tables) in one dictionary lookup.

>>> calls = []
>>> @by_identity
... def size(value: tuple[int, ...]) -> int:
...     calls.append(value)
...     return len(value)
>>> key = (1, 2, 3)
>>> size(key), size(key), len(calls)
(3, 3, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

_LIMIT = 256


def by_identity(compute: Callable[[K], V]) -> Callable[[K], V]:
    """``compute``, remembered per argument object (at most 256 of them at a time).

    Each entry keeps its argument alive, so an ``id`` is never reused while its entry
    exists.
    """
    cache: dict[int, tuple[K, V]] = {}

    def cached(value: K) -> V:
        found = cache.get(id(value))
        if found is None or found[0] is not value:
            if len(cache) >= _LIMIT:
                cache.clear()  # values made on the fly: keep the cache small
            found = cache[id(value)] = (value, compute(value))
        return found[1]

    cached.__doc__ = compute.__doc__
    return cached
