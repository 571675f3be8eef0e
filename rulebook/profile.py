"""Ruleset profiles: a TOML file per ruleset, read into a checked :class:`Profile` with its
option table (:class:`OptionSpec`).  The table's layout is described in
:mod:`rulebook.rules`; this module reads and checks it and knows no game (the profile names
the engine that plays it).
"""
from __future__ import annotations

import dataclasses
import datetime
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from .errors import MAX_CHIPS, RulesError, plain_int, plain_str, quoted

__all__ = ["PROFILE_DIR", "OptionSpec", "Profile", "read_profile", "frozen", "OPTION_INT_LIMIT",
           "OPTION_LIST_LIMIT", "OPTION_TEXT_LIMIT"]

PROFILE_DIR = Path(__file__).resolve().parent / "profiles"
"""Where the installed rulesets' TOML profiles are."""

OPTION_INT_LIMIT = MAX_CHIPS
"""The largest whole number an ``int`` or ``int_list`` option takes when its table sets no
``max``, and the negative of the smallest when it sets no ``min`` (a stack of a billion
chips is plenty; a number of a million digits breaks play).  The same bound as
:data:`rulebook.errors.MAX_CHIPS`, so every chip option is a count of chips."""
OPTION_LIST_LIMIT = 64
"""The most items an ``int_list`` option holds."""
OPTION_TEXT_LIMIT = 200
"""The longest text a ``str`` option holds."""

_SCALARS = (bool, int, float, str, type(None), datetime.date, datetime.time)


def frozen(value: Any) -> Any:
    """``value`` (TOML data: tables, arrays, scalars) with nothing that can be changed: a
    table as a read-only mapping, an array as a tuple, each item frozen the same way.  A
    profile holds only frozen values, so no rules object or state can be changed through it.

    >>> frozen({"a": [1, {"b": 2}]})["a"]
    (1, mappingproxy({'b': 2}))
    """
    if isinstance(value, Mapping):
        return MappingProxyType({str(key): frozen(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(frozen(item) for item in value)
    if type(value) in _SCALARS or isinstance(value, datetime.datetime):
        return value
    raise RulesError(f"a profile holds only TOML values (tables, arrays, text, numbers, "
                     f"true/false), not {quoted(value)}")


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
        # Everything an option holds is frozen (a list default becomes a tuple), so that
        # no rules object, state or record can be changed through its profile.
        for name in ("default", "clauses", "choices", "choice_labels"):
            object.__setattr__(self, name, frozen(getattr(self, name)))

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
        lo = f" from {-OPTION_INT_LIMIT if self.minimum is None else self.minimum:,}"
        return {"bool": "True or False", "int": f"a whole number{lo} up to {top:,}",
                "int_list": f"a list of at most {OPTION_LIST_LIMIT} whole numbers{lo} up to "
                            f"{top:,}, or None",
                "str": f"text of at most {OPTION_TEXT_LIMIT} characters"}.get(
                    self.type, f"a {self.type}")

    def check(self, value: Any, profile_id: str) -> Any:
        """Return ``value`` normalised, or raise :class:`RulesError` saying what is valid.

        The value is first turned into its built-in type (an exact ``bool``, ``int``, ``str``
        or a tuple of ``int``; a subclass is read through the base type's own methods), so
        a value that claims to equal anything, or an ``int`` that prints as another number,
        is refused or kept as the plain value it holds; a bool is not a number and a number
        is not a bool.
        """
        bad = RulesError(
            f"option {self.name}={quoted(value, 40)} is not valid for {quoted(profile_id)}: "
            f"expected {self.describe_valid()}"
        )
        top = OPTION_INT_LIMIT if self.maximum is None else self.maximum
        bottom = -OPTION_INT_LIMIT if self.minimum is None else self.minimum

        def whole(item: Any) -> int | None:
            number = plain_int(item)
            return None if number is None or not bottom <= number <= top else number

        plain: Any
        if self.type == "bool":
            plain = value if type(value) is bool else None
        elif self.type == "int":
            plain = whole(value)
        elif self.type == "str":
            plain = plain_str(value)
            if plain is not None and len(plain) > OPTION_TEXT_LIMIT:
                plain = None
        elif self.type == "int_list":
            if value is None:
                return None
            # a list only as a list or tuple (read through the base type: a subclass's own
            # __iter__ or __len__ is never called); any other iterable may be endless
            items = (list.copy(value) if isinstance(value, list) else
                     tuple.__getitem__(value, slice(None)) if isinstance(value, tuple) else None)
            plain = None
            if items is not None and len(items) <= OPTION_LIST_LIMIT:
                numbers = tuple(whole(item) for item in items)
                plain = None if None in numbers else numbers
        else:  # pragma: no cover - guarded when the profile is read
            raise RulesError(f"option {self.name} has unknown type {quoted(self.type)}")
        if plain is None:
            raise bad
        if self.choices is not None and not any(
                type(choice) is type(plain) and choice == plain for choice in self.choices):
            raise bad
        return plain


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

    def __post_init__(self) -> None:
        # Profiles are shared by every rules object of their ruleset: hold only frozen
        # copies, so that changing a mapping given here (or one read from a profile) cannot
        # change a later deal.
        object.__setattr__(self, "settings", frozen(dict(self.settings)))
        options = dict(self.options)
        for name, spec in options.items():
            if not isinstance(spec, OptionSpec):
                raise RulesError(f"profile {quoted(self.id)}: option {quoted(name)} is "
                                 f"{quoted(spec)}, not an OptionSpec")
        object.__setattr__(self, "options", MappingProxyType(options))
        object.__setattr__(self, "measures", frozen(dict(self.measures)))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # A read-only mapping cannot be pickled: a profile travels (to a worker process) as
        # its id when it is the one loaded by that id, else as its fields, and is frozen
        # again when it is rebuilt.
        return (_rebuilt, (self.id, _thawed(self.settings), dict(self.options),
                           _thawed(self.measures), self.title, self.game, self.engine,
                           self.summary))


def _thawed(value: Any) -> Any:
    """A frozen value with its read-only mappings as dicts again (for pickling)."""
    if isinstance(value, Mapping):
        return {key: _thawed(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(_thawed(item) for item in value)
    return value


def _rebuilt(profile_id: str, settings: dict[str, Any], options: dict[str, OptionSpec],
             measures: dict[str, str], title: str, game: str, engine: str,
             summary: str) -> Profile:
    """A pickled profile: the one loaded by its id when that one has the same fields (so
    rules objects compare equal across processes), else a new one from the fields."""
    made = Profile(profile_id, title, game, engine, summary, settings, options, measures)
    # rulebook.rules reads profiles (and imports this module): ask it only when loaded
    rules = sys.modules.get(f"{__package__}.rules")
    if rules is None:
        return made
    try:
        loaded = rules.load_profile(profile_id)
    except RulesError:
        return made
    same = (loaded.title, loaded.game, loaded.engine, loaded.summary, loaded.settings,
            dict(loaded.options), loaded.measures) == (made.title, made.game, made.engine,
                                                       made.summary, made.settings,
                                                       dict(made.options), made.measures)
    return cast(Profile, loaded) if same else made


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
