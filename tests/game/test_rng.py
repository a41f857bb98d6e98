"""The seeded generator: a shuffle sorts by the top 44 bits of 64-bit stream words."""

from __future__ import annotations

import struct

import pytest

from unorules import rng


@pytest.mark.parametrize("n", [2, 3, 10, 108, 112, 256, 300])
def test_shuffle_is_the_order_of_the_stream_words(n: int) -> None:
    """The fast order (n <= 256) and the plain one (larger n) are the same definition:
    a stable sort by the top 44 bits of each word."""
    items = list(range(n))
    for seed in range(30):
        words = struct.unpack(f"<{n}Q", rng._stream(seed, 9, 8 * n))
        expected = [items[i] for i in sorted(range(n), key=lambda i: words[i] >> 20)]
        assert rng.shuffled(items, seed=seed, counter=9) == expected


def test_shuffle_ties_on_equal_top_bits_keep_the_input_order() -> None:
    words = [0xABCDEF0123400000 | 0xFFFFF, 0xABCDEF0123400000, 0x100000, 0xFFFFF]
    order = rng._order(struct.pack("<4Q", *words), 4)
    # Words 0 and 1 agree in their top 44 bits: a tie, kept in input order; word 3's
    # top 44 bits are 0 and word 2's are 1.
    assert list(order) == [3, 2, 0, 1]
