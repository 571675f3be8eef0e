"""rulebook.fastrandom gives exactly the numbers random.Random gives, for many seeds at once."""
from __future__ import annotations

import random

import numpy as np

from rulebook.fastrandom import derived_seeds, random_floats, words
from rulebook.protocol import derived_seed


def test_words_and_floats_equal_random_random() -> None:
    seeds = [derived_seed(k, "deal") for k in range(300)] + [0, 1, 2**32 - 1, 2**32,
                                                            2**64 - 1, 12345]
    got = random_floats(seeds, 52)
    want = np.array([[r.random() for _ in range(52)] for r in map(random.Random, seeds)])
    assert got.dtype == np.float64 and np.array_equal(got, want)
    w = words(seeds[:5], 3)
    for row, seed in zip(w, seeds[:5]):
        r = random.Random(seed)
        assert [int(x) for x in row] == [r.getrandbits(32) for _ in range(3)]


def test_derived_seeds_equal_derived_seed() -> None:
    seeds = [0, 7, 2**64 - 1, "text", "cover-3"]
    assert derived_seeds(seeds, "deal") == [derived_seed(s, "deal") for s in seeds]
    assert derived_seeds(seeds, "simulate", 12) == [derived_seed(s, "simulate", 12)
                                                    for s in seeds]
    assert derived_seeds(seeds) == [derived_seed(s) for s in seeds]
