"""The one timer the widget benchmarks share: the median wall time of an action, in ms.

Benchmarks run as scripts (``python bench/bench_x.py``), so this folder is on ``sys.path``
and they import it as ``from timing import median_ms``.
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(action: Callable[[int], object], n: int, warm_up: bool = False) -> float:
    """The median wall time of ``action(i)`` over ``n`` calls (i = 0..n-1), in milliseconds;
    with ``warm_up``, ``action(-1)`` runs once first and is not timed."""
    if warm_up:
        action(-1)
    times = []
    for i in range(n):
        start = time.perf_counter()
        action(i)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)
