"""Hypothesis profiles: the default run draws the same inputs every time; ``-m slow`` searches.

Two profiles are registered here:

``fixed``   (the default) ``derandomize=True``: every ``@given`` test draws the same examples on
            every run and every machine (seeded from the test's own code), with no example
            database, so a run passes or fails the same way in CI and on a fresh clone.
``random``  a new random search on each run, with the example database in ``.hypothesis/``
            (a failure found once is replayed first on the next run).

``random`` is loaded when the run asks for the slow tests (``python -m pytest -m slow``, or any
``-m`` expression that selects ``slow``), or by name (``--hypothesis-profile=random`` or the
environment variable ``RULEBOOK_HYPOTHESIS_PROFILE=random``).  Every other run, the README's
plain ``python -m pytest`` included, uses ``fixed``.

In the fixed run the profile is also enforced on tests that set ``derandomize=False``
themselves (their explicit settings would otherwise beat the profile): the plain run must be
reproducible whatever a test module says.  What a random run finds becomes an ``@example`` on
the test, so the fixed run checks it from then on.
"""
from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, settings

FIXED = "fixed"
RANDOM = "random"

settings.register_profile(FIXED, derandomize=True, database=None, print_blob=True)
settings.register_profile(RANDOM, derandomize=False, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(FIXED)  # before any test module builds a settings object


def _asks_for_slow(markexpr: str) -> bool:
    """Whether a ``-m`` expression selects the ``slow`` tests (``slow``, ``slow and not x``),
    rather than leaving them out (``not slow``)."""
    words = re.findall(r"\w+", markexpr)
    return any(word == "slow" and (k == 0 or words[k - 1] != "not")
               for k, word in enumerate(words))


def chosen_profile(config: pytest.Config) -> str:
    """The profile this run uses (see the module docstring)."""
    named = config.getoption("hypothesis_profile", None) or os.environ.get(
        "RULEBOOK_HYPOTHESIS_PROFILE")
    if named:
        return str(named)
    return RANDOM if _asks_for_slow(config.getoption("markexpr", "") or "") else FIXED


def pytest_configure(config: pytest.Config) -> None:
    """Load the profile before the test modules are imported (their ``@settings`` inherit it)."""
    settings.load_profile(chosen_profile(config))


def pytest_report_header(config: pytest.Config) -> str:
    """Say in the run's header which inputs it draws."""
    profile = chosen_profile(config)
    how = "the same inputs every run" if settings.get_profile(profile).derandomize else \
        "new random inputs (failures saved in .hypothesis/)"
    return f"hypothesis profile: {profile} ({how})"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a derandomized run, derandomize every ``@given`` test, explicit settings or not."""
    if not settings.get_profile(chosen_profile(config)).derandomize:
        return
    done: set[int] = set()
    for item in items:
        function = getattr(item, "obj", None)
        own = getattr(function, "_hypothesis_internal_use_settings", None)
        if own is None or id(function) in done:
            continue
        done.add(id(function))
        if not own.derandomize:
            function._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
                own, derandomize=True, database=None)
