"""When a widget shows the computer's moves: later, one at a time, without blocking the cell.

Implements no rule clause: the computer's moves are computed by the engine at once (the same
deal at every pace, :mod:`rulebook.pace`); this module only decides when the screen shows
each one.

ipywidgets live in the kernel, so a move shown "later" is a widget update the kernel makes
later.  ipykernel (and Voila, which runs one) has an asyncio event loop running on its main
thread, in a cell as in a button's click handler: :func:`loop_scheduler` asks that loop to
call back (``loop.call_later``), on the same thread as every other widget update, so no lock
is needed and the cell returns at once.  Where no loop runs, or the loop is not an IPython
kernel's (a plain script, a test, a program driving a browser with its own loop), there is
nobody to draw the moves later: the widget shows every move at once.

Nor is there anybody to watch in Voila before its page has connected.  Voila runs the
whole notebook first, and the page asks the kernel for every widget's state only afterwards;
an update the kernel sends while the page is still building its widgets from that answer is
lost, and the page stays a move behind the deal.  So in a kernel Voila started (it sets
``VOILA_BASE_URL`` and the like in the kernel's environment) the moves are paced only once
the page has opened ipywidgets' control channel (``jupyter.widget.control``, which it opens
when it connects): the computer's opening moves of a Voila page are shown at once, the
replies to the learner's clicks at the pace.  (JupyterLab, Notebook 7 and JupyterLite are
connected while a cell runs; their opening moves are paced.)

- :class:`Scheduler`: what a widget needs, ``later(seconds, callback)`` returning a handle
  with ``cancel()``;
- :func:`loop_scheduler`: the running loop's scheduler, or ``None``;
- :func:`a_page_is_watching`: False in a Voila kernel whose page has not connected yet;
- :class:`ManualScheduler`: a scheduler for tests, whose calls wait until ``step()`` runs
  the next (no clock, no sleeping: a test is fast and always the same).
"""
from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["Handle", "Scheduler", "LoopScheduler", "loop_scheduler", "in_a_shell",
           "a_page_is_watching", "VOILA_KERNEL_VARIABLES",
           "ManualScheduler", "ManualCall"]


class Handle(Protocol):
    """A call asked for later, which can be called off."""

    def cancel(self) -> None:
        """Call it off (nothing happens if it ran already)."""


class Scheduler(Protocol):
    """Something that calls a function back after some seconds, on the widgets' thread."""

    def later(self, seconds: float, callback: Callable[[], None]) -> Handle:
        """Call ``callback()`` in ``seconds`` seconds; the handle calls it off."""


class LoopScheduler:
    """A :class:`Scheduler` on an asyncio event loop (the kernel's): ``loop.call_later``."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def later(self, seconds: float, callback: Callable[[], None]) -> Handle:
        """Ask the loop to call ``callback()`` in ``seconds`` seconds."""
        return self.loop.call_later(seconds, callback)


def in_a_shell() -> bool:
    """Whether this code runs under an IPython shell (a Jupyter kernel, Voila's, a notebook
    run by nbclient); IPython is not imported to find out."""
    ipython = sys.modules.get("IPython")
    return ipython is not None and getattr(ipython, "get_ipython", lambda: None)() is not None


VOILA_KERNEL_VARIABLES = ("VOILA_BASE_URL", "VOILA_SERVER_URL", "VOILA_REQUEST_URL",
                          "VOILA_KERNEL_ID", "VOILA_PREHEAT")
"""Environment variables Voila gives the kernels it starts (any one tells)."""


def a_page_is_watching() -> bool:
    """Whether a page can show a widget update sent now: False only in a kernel Voila
    started (:data:`VOILA_KERNEL_VARIABLES`) while ipywidgets' control channel is still
    closed (the page opens it when it connects, to ask for every widget's state; an older
    ipywidgets with no such channel counts as connected)."""
    if not any(name in os.environ for name in VOILA_KERNEL_VARIABLES):
        return True
    module = sys.modules.get("ipywidgets.widgets.widget")
    widget = getattr(module, "Widget", None) if module is not None else None
    if widget is None or not hasattr(widget, "_control_comm"):
        return True
    return getattr(widget, "_control_comm") is not None


def loop_scheduler() -> LoopScheduler | None:
    """The scheduler of the kernel's event loop, running in this thread (in a cell or a
    click handler), or ``None`` when no loop runs here, no IPython shell does (a program
    with a loop of its own, e.g. a browser driver: nobody there draws a widget later) or no
    page watches yet (Voila running the notebook before its page asks for the widgets: an
    update sent while the page builds them would be lost)."""
    if not in_a_shell() or not a_page_is_watching():
        return None
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return LoopScheduler(loop)


@dataclass
class ManualCall:
    """One call waiting in a :class:`ManualScheduler`: after how many seconds it was asked
    for, the function, and whether it was called off."""

    seconds: float
    callback: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        """Call it off."""
        self.cancelled = True


@dataclass
class ManualScheduler:
    """A :class:`Scheduler` for tests: ``later`` only records the call; ``step()`` makes the
    first waiting one (in the order asked); ``asked`` keeps every call ever
    asked for, in order, with its seconds."""

    asked: list[ManualCall] = field(default_factory=list)

    def later(self, seconds: float, callback: Callable[[], None]) -> Handle:
        """Record ``callback`` to be called in ``seconds`` seconds."""
        call = ManualCall(float(seconds), callback)
        self.asked.append(call)
        return call

    @property
    def waiting(self) -> list[ManualCall]:
        """The calls asked for and neither made nor called off, in order."""
        return [c for c in self.asked if not c.cancelled and c.callback is not _DONE]

    def step(self) -> bool:
        """Make the first waiting call; False when none waits."""
        waiting = self.waiting
        if not waiting:
            return False
        call = waiting[0]
        callback, call.callback = call.callback, _DONE
        callback()
        return True

    def run_all(self, limit: int = 10_000) -> int:
        """Make the waiting calls (and those they ask for) until none waits; how many ran."""
        ran = 0
        while ran < limit and self.step():
            ran += 1
        return ran


def _DONE() -> None:
    """Marks a :class:`ManualCall` that was made."""
