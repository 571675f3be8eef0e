"""The standard library's random streams for many seeds at once, for the numpy batches.

Every shuffle of the engine draws from ``random.Random(seed)`` (see
:func:`rulebook.protocol.derived_random`), so a deal replays exactly.  A batch that deals
thousands of hands needs the same numbers, faster than one Python call per card.
``random.Random`` is a Mersenne Twister whose outputs are 32-bit words: ``random()`` uses
two words (``(a >> 5) * 2**26 + (b >> 6)``, divided by 2**53), and ``getrandbits(k)`` for
``k <= 32`` uses one (its top ``k`` bits).  ``getrandbits(32 * w)`` returns the next ``w``
words at once, the first word in the lowest bits.  So one call per seed gives all the words a
deal needs, and numpy turns them into the very floats and shuffles Python would have made:

* :func:`random_floats` — ``[r.random() for _ in range(count)]`` for ``r = Random(seed)``.

(A shuffle, ``Random.shuffle``, rejects some words, so its words cannot be laid out in
advance as cheaply; the batches keep calling it.)  tests/test_fastrandom.py checks the
floats against ``random.Random`` itself.  numpy is imported inside the functions.
"""
from __future__ import annotations

import _random
import hashlib
from collections.abc import Sequence
from typing import Any

__all__ = ["derived_seeds", "words", "random_floats"]

def derived_seeds(seeds: Sequence[int | str], *parts: object) -> list[int]:
    """``[derived_seed(seed, *parts) for seed in seeds]``, without the per-call overhead."""
    tail = "".join(f"/{p}" for p in parts)
    blake = hashlib.blake2b
    frombytes = int.from_bytes
    return [frombytes(blake(f"{s}{tail}".encode(), digest_size=8).digest(), "big")
            for s in seeds]


def words(seeds: Sequence[int], count: int) -> Any:
    """The first ``count`` 32-bit outputs of ``random.Random(seed)`` for every seed, as a
    ``len(seeds) × count`` uint32 array."""
    import numpy as np

    size = 4 * count
    make = _random.Random  # random.Random's C core: the same generator, seeded the same way
    raw = b"".join(make(s).getrandbits(32 * count).to_bytes(size, "little") for s in seeds)
    return np.frombuffer(raw, dtype="<u4").reshape(len(seeds), count)


def random_floats(seeds: Sequence[int], count: int) -> Any:
    """``[Random(seed).random() for _ in range(count)]`` for every seed (a float64 array)."""
    import numpy as np

    w = words(seeds, 2 * count).astype(np.uint64)
    a, b = w[:, 0::2] >> np.uint64(5), w[:, 1::2] >> np.uint64(6)
    return (a * np.uint64(67108864) + b).astype(np.float64) / 9007199254740992.0
