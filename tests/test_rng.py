"""The seeded generator: a shuffle sorts by the top 52 bits of 64-bit stream words."""

from __future__ import annotations

import struct

import pytest

from unorules import rng


@pytest.mark.parametrize("n", [2, 3, 10, 108, 112])
def test_shuffle_is_the_order_of_the_stream_words(n: int) -> None:
    """The float keys order exactly as the 64-bit words they come from."""
    items = list(range(n))
    for seed in range(50):
        words = struct.unpack(f"<{n}Q", rng._stream(seed, 9, 8 * n))
        expected = [items[i] for i in sorted(range(n), key=lambda i: words[i] >> 12)]
        assert rng.shuffled(items, seed=seed, counter=9) == expected


def test_shuffle_keys_tie_only_on_equal_top_bits_and_keep_input_order() -> None:
    low_differs = [0xABCDEF0123456000 | 0xFFF, 0xABCDEF0123456000, 0x1000, 0xFFF]
    keys = rng._keys(struct.pack("<4Q", *low_differs), 4)
    assert keys[0] == keys[1] and keys[2] > keys[3] and keys[0] > keys[2]
    assert all(1.0 <= k < 2.0 for k in keys)
    # Equal keys keep the input order (the sort is stable).
    assert sorted(range(4), key=keys.__getitem__) == [3, 2, 0, 1]
