"""The browser fixtures themselves: a failing cell is reported at once, with its error."""
from __future__ import annotations

import time
from typing import Any, Callable


def test_a_failing_cell_is_reported_at_once_with_its_error(
        page: Any, make_notebook: Callable[..., str], open_and_run_all: Callable[..., Any]) -> None:
    name = make_notebook("failing_cell_probe.ipynb",
                         ["x = 1", "raise ValueError('boom in a cell')", "y = 2"])
    started = time.perf_counter()
    try:
        open_and_run_all(page, name)
    except AssertionError as error:
        assert "boom in a cell" in str(error)
        assert time.perf_counter() - started < 60  # not two full 120 s timeouts
    else:
        raise AssertionError("Run All over a failing cell was reported as a success")
