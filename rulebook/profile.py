"""Ruleset profiles: a TOML file per ruleset, read into a checked :class:`Profile` with its
option table (:class:`OptionSpec`).  The table's layout is described in
:mod:`rulebook.rules`; this module reads and checks it and knows no game (the profile names
the engine that plays it).
"""
from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import RulesError, quoted

__all__ = ["PROFILE_DIR", "OptionSpec", "Profile", "read_profile", "OPTION_INT_LIMIT",
           "OPTION_LIST_LIMIT", "OPTION_TEXT_LIMIT"]

PROFILE_DIR = Path(__file__).resolve().parent / "profiles"
"""Where the installed rulesets' TOML profiles are."""

OPTION_INT_LIMIT = 1_000_000_000
"""The largest whole number an ``int`` or ``int_list`` option takes when its table sets no
``max`` (a stack of a billion chips is plenty; a number of a million digits breaks play)."""
OPTION_LIST_LIMIT = 64
"""The most items an ``int_list`` option holds."""
OPTION_TEXT_LIMIT = 200
"""The longest text a ``str`` option holds."""


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One option (house rule or parameter) of a profile, read from its TOML table."""

    name: str
    type: str
    default: Any
    meaning: str
    clauses: tuple[str, ...]
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    house_rule: bool = False
    label: str = ""
    """The option's name in words for a screen (``"Lead low"``); the TOML's ``label``,
    else the name with its underscores read as spaces."""
    choice_labels: tuple[str, ...] | None = None
    """Words for each of ``choices``, in the same order (``None``: the values themselves)."""

    def __post_init__(self) -> None:
        if not self.label:
            words = self.name.replace("_", " ")
            object.__setattr__(self, "label", words[:1].upper() + words[1:])

    def choice_label(self, value: Any) -> str:
        """A value of this option in words: its choice label, on/off for a switch, or the
        value itself (a list comma-separated)."""
        if self.choices is not None and self.choice_labels is not None:
            for choice, words in zip(self.choices, self.choice_labels):
                if choice == value and type(choice) is type(value):
                    return words
        if self.type == "bool":
            return "on" if value else "off"
        if isinstance(value, (list, tuple)):
            return ", ".join(map(str, value)) or "none"
        return str(value)

    def describe_valid(self) -> str:
        """Plain text listing the values this option accepts."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        top = OPTION_INT_LIMIT if self.maximum is None else self.maximum
        lo = "" if self.minimum is None else f" from {self.minimum}"
        return {"bool": "True or False", "int": f"a whole number{lo} up to {top:,}",
                "int_list": f"a list of at most {OPTION_LIST_LIMIT} whole numbers{lo} up to "
                            f"{top:,}, or None",
                "str": f"text of at most {OPTION_TEXT_LIMIT} characters"}.get(
                    self.type, f"a {self.type}")

    def check(self, value: Any, profile_id: str) -> Any:
        """Return ``value`` normalised, or raise :class:`RulesError` saying what is valid."""
        bad = RulesError(
            f"option {self.name}={quoted(value)} is not valid for {profile_id!r}: "
            f"expected {self.describe_valid()}"
        )
        top = OPTION_INT_LIMIT if self.maximum is None else self.maximum

        def whole(item: Any) -> bool:
            return not isinstance(item, bool) and isinstance(item, int) \
                and (self.minimum is None or item >= self.minimum) and item <= top

        if self.type == "int_list" and value is None:
            return None
        # a list only as a list or tuple: any other iterable may be endless or a mapping's keys
        short_list = isinstance(value, (list, tuple)) and len(value) <= OPTION_LIST_LIMIT
        valid = {"bool": isinstance(value, bool), "int": whole(value),
                 "str": isinstance(value, str) and len(value) <= OPTION_TEXT_LIMIT,
                 "int_list": short_list and all(whole(item) for item in value)}
        if self.type not in valid:  # pragma: no cover - guarded when the profile is read
            raise RulesError(f"option {self.name} has unknown type {quoted(self.type)}")
        value = tuple(value) if self.type == "int_list" and valid["int_list"] else value
        if not valid[self.type] or self.choices is not None and value not in self.choices:
            raise bad
        return value


@dataclasses.dataclass(frozen=True, eq=False)
class Profile:
    """A parsed TOML profile: fixed settings plus the option table.

    Profiles are read once and cached, so two rules objects of the same profile share the
    same Profile object; equality and hashing are by identity.
    """

    id: str
    title: str
    game: str
    engine: str
    summary: str
    settings: Mapping[str, Any]
    options: Mapping[str, OptionSpec]
    measures: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """How a summary heads the ruleset's ``points`` and ``passes`` columns (``[measures]``)."""


_OPTION_TYPES = {"bool", "int", "str", "int_list"}


def read_profile(path: str | Path) -> Profile:
    """Read and check a TOML profile file (see the module header for its tables)."""
    try:
        with Path(path).open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulesError(f"cannot read the profile {quoted(str(path))}: {exc}") from None
    missing = [key for key in ("id", "title", "game", "engine") if not isinstance(data.get(key), str)]
    if missing:
        raise RulesError(f"the profile {quoted(str(path))} names no {', '.join(missing)}")
    profile_id = data["id"]
    options: dict[str, OptionSpec] = {}
    for name, spec in data.get("options", {}).items():
        kind = spec.get("type")
        if kind not in _OPTION_TYPES:
            raise RulesError(f"profile {profile_id}: option {name} has unknown type {quoted(kind)}")
        choices = spec.get("choices")
        choice_labels = spec.get("choice_labels")
        if choice_labels is not None and (choices is None or len(choice_labels) != len(choices)):
            raise RulesError(f"profile {profile_id}: option {name} needs one choice label per "
                             "choice")
        options[name] = OptionSpec(
            name=name,
            type=kind,
            default=spec.get("default"),
            meaning=spec.get("meaning", ""),
            clauses=tuple(spec.get("clauses", ())),
            choices=tuple(choices) if choices is not None else None,
            minimum=spec.get("min"),
            maximum=spec.get("max"),
            house_rule=bool(spec.get("house_rule", False)),
            label=str(spec.get("label", "")),
            choice_labels=tuple(map(str, choice_labels)) if choice_labels is not None else None,
        )
    return Profile(
        id=profile_id,
        title=data["title"],
        game=data["game"],
        engine=data["engine"],
        summary=data.get("summary", ""),
        settings=dict(data.get("settings", {})),
        options=options,
        measures={str(k): str(v) for k, v in data.get("measures", {}).items()},
    )
