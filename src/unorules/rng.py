"""The library's own seeded generator: SHAKE-256 in counter mode.

A game's randomness is a pure function of ``(seed, counter)``: draw number ``k`` of the
match hashes the seed and ``k`` with SHAKE-256 (FIPS 202), so the whole generator state is
two integers that a :class:`~unorules.State` holds. Nothing here reads global randomness,
and the output is the same on every machine and Python version (a test pins it).

>>> shuffled(range(10), seed=7, counter=0)
[3, 1, 8, 5, 6, 0, 4, 7, 9, 2]
>>> randbelow(6, seed=7, counter=1)
3
"""

from __future__ import annotations

import functools
import hashlib
import secrets
import struct
from collections.abc import Sequence
from operator import itemgetter
from typing import Final, TypeVar

from unorules._echo import shown_int
from unorules._limits import COUNTER_END, refuse_past

__all__ = ["SEED_BITS", "fresh_seed", "randbelow", "sample", "shuffled"]

T = TypeVar("T")

SEED_BITS = 64
"""Seeds are integers in ``range(2**64)``; larger or negative seeds are rejected.

>>> SEED_BITS
64
>>> randbelow(2, seed=2**SEED_BITS, counter=0)
Traceback (most recent call last):
...
ValueError: a seed is an integer from 0 to 2**64 - 1, not 18446744073709551616
"""


def _stream(seed: int, counter: int, nbytes: int) -> bytes:
    if not 0 <= seed < 1 << SEED_BITS:
        raise ValueError(f"a seed is an integer from 0 to 2**64 - 1, not {shown_int(seed)}")
    key = seed.to_bytes(8, "little") + counter.to_bytes(8, "little")
    return hashlib.shake_256(b"unorules/1" + key).digest(nbytes)


def shuffled(items: Sequence[T], *, seed: int, counter: int) -> list[T]:
    """A uniformly random permutation of ``items`` for draw ``counter`` of ``seed``.

    Item ``i`` gets the 64-bit word ``i`` of the stream (little-endian) as its key, and
    the items are sorted by the top 44 bits of their keys; a tie keeps the input order,
    so the result is deterministic. A tie is so rare (about once in 3 * 10**9 shuffles
    of 112 cards) that the shuffle is uniform for every practical purpose.

    >>> shuffled("abcdef", seed=1, counter=0)
    ['e', 'c', 'b', 'a', 'd', 'f']
    """
    return list(_permuted(items, seed=seed, counter=counter))


_LAST_DRAW: Final = COUNTER_END - 1
"""The first draw the engine refuses: it would leave a state's counter at COUNTER_END."""


def _shuffled(items: Sequence[T], *, seed: int, counter: int) -> tuple[T, ...]:
    """:func:`shuffled` as a tuple, for the engine (internal: what a state keeps, without a
    list copy). The draw that would take a state's ``rng_counter`` to
    :data:`~unorules._limits.COUNTER_END` is refused with ``IllegalAction``, so that the
    state after it still loads (:mod:`unorules._limits`)."""
    if counter >= _LAST_DRAW:
        refuse_past(counter + 1, "generator's draws", "shuffle the cards")
    return _permuted(items, seed=seed, counter=counter)


def _permuted(items: Sequence[T], *, seed: int, counter: int) -> tuple[T, ...]:
    """:func:`shuffled` as a tuple."""
    n = len(items)
    if n < 2:
        return tuple(items)
    if n > 256:
        words = struct.unpack(f"<{n}Q", _stream(seed, counter, 8 * n))
        return tuple([items[i] for i in sorted(range(n), key=lambda i: words[i] >> 20)])
    return itemgetter(*_order(_stream(seed, counter, 8 * n), n))(items)  # type: ignore[no-any-return]


_lanes: dict[int, tuple[int, int, struct.Struct]] = {}


def _order(raw: bytes, n: int) -> bytes:
    """The positions ``0..n-1`` sorted by the top 44 bits of the 64-bit words of ``raw``
    (ties by position), for ``n <= 256``.

    All in C: each word becomes an IEEE double in [1, 2) whose mantissa is those 44 bits
    followed by the word's position in 8 bits, so the doubles are distinct and sort as
    (key, position); the low byte of each sorted double is then its position. The words
    are rearranged all at once with big-integer arithmetic.
    """
    found = _lanes.get(n)
    if found is None:

        def lanes(values: list[int]) -> int:
            return int.from_bytes(struct.pack(f"<{n}Q", *values), "little")

        keep = lanes([((1 << 52) - 1) & ~0xFF] * n)
        fixed = lanes([(0x3FF << 52) | i for i in range(n)])
        found = _lanes[n] = (keep, fixed, struct.Struct(f"<{n}d"))
    keep, fixed, doubles = found
    words = int.from_bytes(raw, "little")
    keys = doubles.unpack((((words >> 12) & keep) | fixed).to_bytes(8 * n, "little"))
    return doubles.pack(*sorted(keys))[::8]


def sample(items: Sequence[T], k: int, *, seed: int, counter: int) -> list[T]:
    """``k`` distinct positions of ``items`` drawn at random (a partial Fisher-Yates
    shuffle with 64-bit draws; the bias of each reduction is below 2**-57).

    >>> sample("abcdef", 3, seed=1, counter=0)
    ['e', 'd', 'c']
    """
    n = len(items)
    if not 0 <= k <= n:
        raise ValueError(f"cannot sample {k} of {n} items")
    if not k:
        return []
    # The swaps of the shuffle, kept sparse: moved[j] is the position whose item now
    # sits at position j (positions never touched hold their own item).
    moved: dict[int, int] = {}
    picked = []
    for i, key in enumerate(_words(k).unpack(_stream(seed, counter, 8 * k))):
        j = i + key % (n - i)
        picked.append(items[moved.get(j, j)])
        moved[j] = moved.get(i, i)
    return picked


@functools.lru_cache(maxsize=32)
def _words(k: int) -> struct.Struct:
    """How ``k`` little-endian 64-bit words unpack."""
    return struct.Struct(f"<{k}Q")


def randbelow(n: int, *, seed: int, counter: int) -> int:
    """A uniformly random integer in ``range(n)`` for draw ``counter`` of ``seed``.

    Uses 128 bits of the stream, so the bias of the reduction is below 2**-120.

    >>> randbelow(100, seed=3, counter=5)
    10
    """
    if n < 1:
        raise ValueError(f"randbelow needs n >= 1, not {n}")
    return int.from_bytes(_stream(seed, counter, 16), "little") % n


def fresh_seed() -> int:
    """A new seed from the operating system's entropy, for games started without one.

    >>> 0 <= fresh_seed() < 2**64
    True
    """
    return secrets.randbits(SEED_BITS)
