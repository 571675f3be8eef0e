"""Every source of chance of the engine: seeds derived from a deal's seed, SplitMix64 and the
computer players' :class:`TurnRandom`, and the standard library's streams for many seeds at
once (for the numpy batches).  Shared by every game; it knows none.

Seeds.  Every random event of a deal draws from :func:`derived_random` keyed by the deal's
seed and the event's place in the deal, so a deal replays exactly from (rules, seed, moves)
(BS-DEAL-3, SAT-SETUP-5, BDG-DRAW-6).  :func:`derived_seeds` gives many seeds at once.

Computer players.  Draw ``k`` of move number ``t`` is a pure function of (bot key, t, k):
``splitmix64(key ^ (t * 64 + k) * GOLDEN)``, so a fast loop, scalar or a numpy batch over
many deals, reproduces exactly the choices bots make through states.  The formula is written
once for Python integers (:func:`splitmix64`, :func:`turn_below`, :class:`TurnRandom`) and
once for numpy arrays (:func:`np_splitmix64`, :func:`np_turn_below`).

Many seeds.  ``random.Random`` is a Mersenne Twister whose outputs are 32-bit words:
``random()`` uses two words (``(a >> 5) * 2**26 + (b >> 6)``, divided by 2**53), and
``getrandbits(k)`` for ``k <= 32`` uses one (its top ``k`` bits).  ``getrandbits(32 * w)``
returns the next ``w`` words at once, the first word in the lowest bits.  So one call per
seed gives all the words a deal needs, and numpy turns them into the very floats Python
would have made: :func:`random_floats` is ``[r.random() for _ in range(count)]`` for
``r = Random(seed)``.  (A shuffle, ``Random.shuffle``, rejects some words, so its words
cannot be laid out in advance as cheaply; the batches keep calling it.)
tests/test_fastrandom.py checks the floats against ``random.Random`` itself.  numpy is
imported inside the functions that use it.
"""
from __future__ import annotations

import _random
import hashlib
import random
from collections.abc import Sequence
from typing import Any

__all__ = ["derived_seed", "derived_random", "derived_seeds", "MASK64", "GOLDEN", "splitmix64",
           "turn_below", "TurnRandom", "np_splitmix64", "np_turn_below", "words",
           "random_floats"]

MASK64 = (1 << 64) - 1
"""Arithmetic of :func:`splitmix64` is modulo 2**64."""
GOLDEN = 0x9E3779B97F4A7C15
"""The golden-ratio increment that spreads counters before SplitMix64."""


def derived_seed(seed: int | str, *parts: object) -> int:
    """A 64-bit seed derived from ``seed`` and a path of parts (stable across runs)."""
    return derived_seeds([seed], *parts)[0]


def derived_random(seed: int | str, *parts: object) -> random.Random:
    """A generator seeded from ``seed`` and the event's parts (e.g. ``"deal"``, ``3``).

    Used for every random event of a deal, so that the same (rules, seed, moves) give the
    same states, and nothing random is hidden inside a move.
    """
    return random.Random(derived_seed(seed, *parts))


def splitmix64(x: int) -> int:
    """The SplitMix64 mixing function: a well-spread 64-bit value from a 64-bit counter.

    Plain integer arithmetic, so :func:`np_splitmix64` computes the very same values with
    ``uint64`` arrays.
    """
    x = (x + GOLDEN) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def turn_below(key: int, turn: int, n: int) -> int:
    """``TurnRandom.below(n)`` for draw 0 of move ``turn`` of the bots keyed ``key``: the one
    draw a ``random`` computer player makes, for the fast loops."""
    return ((splitmix64(key ^ ((turn * 64 * GOLDEN) & MASK64)) >> 11) * n) >> 53


class TurnRandom:
    """The computer players' source of chance: draw ``k`` of move number ``t`` is a pure
    function of (bot key, t, k).

    Because no stream has to be consumed in order, a fast loop (scalar or a numpy batch
    over many deals) reproduces exactly the choices that bots make through states:
    ``below(n) == ((splitmix64(key ^ (t * 64 + k) * GOLDEN) >> 11) * n) >> 53``.
    """

    GOLDEN = GOLDEN

    __slots__ = ("key", "turn", "draw")

    def __init__(self, seed: int | str) -> None:
        self.key = derived_seed(seed, "bots")
        self.turn = 0
        self.draw = 0

    def start_turn(self, turn: int) -> None:
        """Move on to move number ``turn`` of the deal (draws count from 0 again)."""
        self.turn = turn
        self.draw = 0

    def raw(self) -> int:
        """The next 64-bit value of this turn."""
        counter = ((self.turn * 64 + self.draw) * GOLDEN) & MASK64
        self.draw += 1
        return splitmix64(self.key ^ counter)

    def below(self, n: int) -> int:
        """A whole number in ``range(n)``, uniform to within 2**-53."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        return ((self.raw() >> 11) * n) >> 53

    def randrange(self, n: int) -> int:
        """Same as :meth:`below` (the name ``random.Random`` uses)."""
        return self.below(n)

    def choice(self, seq: Sequence[Any]) -> Any:
        """One item of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.raw() >> 11) / 9007199254740992.0


def np_splitmix64(x: Any) -> Any:
    """:func:`splitmix64` on a uint64 array (wrapping arithmetic)."""
    import numpy as np

    u = np.uint64
    x = x + u(GOLDEN)
    x = (x ^ (x >> u(30))) * u(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> u(27))) * u(0x94D049BB133111EB)
    return x ^ (x >> u(31))


def np_turn_below(keys: Any, turn: int, n: Any) -> Any:
    """:func:`turn_below` for many deals at once: ``keys`` the bots' keys (uint64), ``n``
    each deal's number of choices (whole numbers); an int64 array."""
    import numpy as np

    u = np.uint64
    raw = np_splitmix64(keys ^ u((turn * 64 * GOLDEN) & MASK64))
    return (((raw >> u(11)) * np.asarray(n).astype(u)) >> u(53)).astype(np.int64)


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

    make = _random.Random  # random.Random's C core: the same generator, seeded the same way
    raw = b"".join(make(s).getrandbits(32 * count).to_bytes(4 * count, "little") for s in seeds)
    return np.frombuffer(raw, dtype="<u4").reshape(len(seeds), count)


def random_floats(seeds: Sequence[int], count: int) -> Any:
    """``[Random(seed).random() for _ in range(count)]`` for every seed (a float64 array)."""
    import numpy as np

    w = words(seeds, 2 * count).astype(np.uint64)
    a, b = w[:, 0::2] >> np.uint64(5), w[:, 1::2] >> np.uint64(6)
    return (a * np.uint64(67108864) + b).astype(np.float64) / 9007199254740992.0
