"""Light game packages: names and registered functions imported from their rooms at first use.

A game package registers its computer players, batch and measures when it is imported, but
importing their rooms (numpy for a batch, the bots, the sheets) would make every
``load_rules`` pay for them.  :func:`lazy_names` gives a package the PEP 562 ``__getattr__``
and ``__dir__`` that import each public name from its room when first asked for;
:func:`at_first_call` gives a stand-in that imports a room's function (or class) at its first
call.  Names no game and no clause: the games use it to register by name (BS-*, SAT-*, BDG-*
are theirs).
"""
from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["lazy_names", "at_first_call"]


def lazy_names(package: str, names: Sequence[str], room_of: Mapping[str, str],
               default_room: str | None = None
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each of ``names`` imported from its
    room (``room_of[name]``, else ``default_room``) at first use and then kept in the
    package; any other name is an AttributeError."""

    def __getattr__(name: str) -> Any:
        """A public name, imported from its room at first use (PEP 562) and then kept."""
        room = room_of.get(name, default_room) if name in names else None
        if room is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{room}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        """The package's names, the public ones not imported yet included."""
        return sorted(set(vars(sys.modules[package])) | set(names))

    return __getattr__, __dir__


def at_first_call(package: str, room: str, name: str) -> Callable[..., Any]:
    """A stand-in for ``package.room.name`` that imports the room at its first call and then
    calls it with the same arguments (a class is called to make an instance)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(f"{package}.{room}"), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = f"{name}_at_first_call"
    call.__doc__ = f":obj:`{package}.{room}.{name}`, its room imported at the first call."
    return call
