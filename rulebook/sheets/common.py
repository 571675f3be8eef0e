"""Pieces every game's how-to-play shares: option labels, the house-rules section, the
"at a glance" table read from ``rules.describe()``, and card lists in words.

The options' meanings are the profile's own (``rulebook/profiles/*.toml``), so a house rule
is described in the same words everywhere (BS-HR-1, SAT-SETUP-2, BDG-SEAT-4).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card, parse_cards
from .document import Bullets, Para, Section, Table

__all__ = [
    "option_label", "spec_label", "spec_value", "option_value_text", "house_rules_section",
    "house_rules_line", "glance_section", "and_list", "or_list", "cards_text", "pretty",
]


def option_label(name: str) -> str:
    """An option's name for a learner: ``lead_low`` -> ``lead low``."""
    return name.replace("_", " ")


def spec_label(spec: Any) -> str:
    """An option's label in words: the profile's ``label`` where it gives one."""
    label = str(getattr(spec, "label", "") or "")
    return label or option_label(spec.name).capitalize()


def spec_value(spec: Any, value: Any) -> str:
    """An option's value in words: the profile's choice label where it gives one."""
    words = getattr(spec, "choice_label", None)
    return str(words(value)) if words is not None else option_value_text(value)


def option_value_text(value: Any) -> str:
    """An option's value in words: ``on``/``off``, numbers, lists."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (tuple, list)):
        return ", ".join(str(v) for v in value) or "none"
    return str(value).replace("_", " ")


def and_list(items: Sequence[str], word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def or_list(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return and_list(items, "or")


def pretty(cards: Iterable[Card] | str) -> list[str]:
    """Cards (or card text) in symbols, in the given order."""
    parsed = parse_cards(cards) if isinstance(cards, str) else list(cards)
    return [c.pretty() for c in parsed]


def cards_text(cards: Iterable[Card] | str) -> str:
    """Cards in symbols separated by spaces: ``5♥ 9♥ 6♣``."""
    return " ".join(pretty(cards))


def _changed_words(specs: Any, changed: dict[str, Any]) -> str:
    """Changed options in words, each by its label (a switch by its label alone, another
    option as ``label: value``), joined by commas."""
    return ", ".join(spec_label(specs[n]).lower() if v is True else
                     f"{spec_label(specs[n]).lower()}: {spec_value(specs[n], v)}"
                     for n, v in changed.items())


def house_rules_line(rules: Any) -> str:
    """One line naming the house rules switched on, then the other settings that differ from
    the standard game: ``house rules: <labels>``, or ``standard rules; <label>: <value>``."""
    specs = rules.profile.options
    changed = rules.changed_options()
    house = {n: v for n, v in changed.items() if specs[n].house_rule}
    other = {n: v for n, v in changed.items() if not specs[n].house_rule}
    if house:
        line = f"house rules: {_changed_words(specs, house)}"
    elif any(spec.house_rule for spec in specs.values()):
        line = "standard rules (no house rules switched on)"
    else:
        line = "standard rules"
    return f"{line}; {_changed_words(specs, other)}" if other else line


def _standard_value(spec: Any) -> str:
    default = spec.default
    return spec_value(spec, list(default) if isinstance(default, tuple) else default)


def _house_rule_item(spec: Any, value: Any) -> Para:
    """One house rule switched on (or off, when the standard game has it on)."""
    label = spec_label(spec)
    if value is False:
        meaning = spec.meaning[0].lower() + spec.meaning[1:]
        return Para(f"Standard games have it on: {meaning}", f"{label}: off.")
    if value is True:
        return Para(spec.meaning, f"{label}.")
    return Para(f"{spec.meaning} The standard game has {_standard_value(spec)}.",
                f"{label}: {spec_value(spec, value)}.")


def _setting_item(spec: Any, value: Any) -> Para:
    """One setting that is not a house rule, changed from the standard game: its value, and
    the standard game's (the rest of the text says what the setting does)."""
    shown = spec_value(spec, list(value) if isinstance(value, tuple) else value)
    if isinstance(spec.default, bool):
        standard = f"The standard game has it {'on' if spec.default else 'off'}."
    elif spec.default in ((), []):
        standard = ""
    else:
        standard = f"The standard game has {_standard_value(spec)}."
    return Para(standard, f"{spec_label(spec)}: {shown}.")


def house_rules_section(rules: Any, key: str = "house_rules", notes: Sequence[Para] = (),
                        locked: bool = False) -> Section:
    """The house rules switched on, in the profile's own words, and what else could be; then
    the settings that are not house rules (how many deals, the scoring, the chips): which are
    changed here and which could be.  ``notes`` (a game's own words about its house rules)
    follow the house rules; ``locked`` says none can be switched on in this game (a ranked
    game, BS-HR-2), so none is offered."""
    specs = rules.profile.options
    changed = rules.changed_options()
    blocks: list[Any] = []
    house = {n: spec for n, spec in specs.items() if spec.house_rule}
    if house:
        on = [_house_rule_item(specs[n], v) for n, v in changed.items() if n in house]
        if on:
            blocks += [Para("These house rules change the standard game:"), Bullets(tuple(on))]
        else:
            blocks.append(Para("No house rule is switched on: these are the standard rules."))
        spare = [(spec_label(spec).lower(), bool(spec.default)) for n, spec in house.items()
                 if spec.type == "bool" and n not in changed and not locked]
        could_on = [name for name, default in spare if not default]
        could_off = [name for name, default in spare if default]
        could_set = [spec_label(spec).lower() for n, spec in house.items()
                     if spec.type != "bool" and n not in changed and not locked]
        if could_off:
            blocks.append(Para("Switched on as standard, and could be switched off: "
                               f"{and_list(could_off)}."))
        if could_on:
            blocks.append(Para(f"You could also switch on: {and_list(could_on)}."))
        if could_set:
            blocks.append(Para(f"You could also change: {and_list(could_set)}."))
    else:
        blocks.append(Para("This ruleset has no house rules: it is always played as written "
                           "here."))
    blocks += list(notes)
    settings = {n: spec for n, spec in specs.items() if not spec.house_rule}
    if settings:
        set_here = [_setting_item(specs[n], v) for n, v in changed.items() if n in settings]
        if set_here:
            blocks += [Para("Settings chosen for this game (they are not house rules):"),
                       Bullets(tuple(set_here))]
        left = [spec_label(spec).lower() for n, spec in settings.items() if n not in changed]
        if left:
            word = "Other settings" if set_here else "Settings"
            blocks.append(Para(f"{word} you can choose when you set up a game, which are not "
                               f"house rules: {and_list(left)}."))
    title = "House rules and settings" if settings else "House rules in this game"
    return Section(key, title, tuple(blocks))


def _range_words(value: str) -> str:
    """A short value with its ranges in words: ``A..K`` -> ``A to K``."""
    return re.sub(r"\s*\.\.\s*", " to ", value)


def glance_section(rules: Any) -> Section:
    """The ruleset's settings at a glance, read from ``rules.describe()`` (no house-rule rows)."""
    rows = tuple((option_label(r.setting), _range_words(str(r.value)))
                 for r in rules.describe() if r.topic != "house rules")
    return Section("glance", "At a glance", (Table(("setting", "in this game"), rows),))
