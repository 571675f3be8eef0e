"""Pieces every game's how-to-play shares: option labels, the house-rules section, the
"at a glance" table read from ``rules.describe()``, and card lists in words.

The options' meanings are the profile's own (``rulebook/profiles/*.toml``), so a house rule
is described in the same words everywhere (BS-HR-1, SAT-SETUP-2, BDG-SEAT-4).
"""
from __future__ import annotations

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


def house_rules_line(rules: Any) -> str:
    """One line naming the house rules and options that differ from the standard game."""
    changed = rules.changed_options()
    if not changed:
        return "standard rules (no house rules switched on)"
    specs = rules.profile.options
    parts = [spec_label(specs[n]).lower() if v is True else
             f"{spec_label(specs[n]).lower()}: {spec_value(specs[n], v)}"
             for n, v in changed.items()]
    return "house rules and options: " + ", ".join(parts)


def house_rules_section(rules: Any, key: str = "house_rules") -> Section:
    """What is switched on, in the profile's own words, and what else could be."""
    profile = rules.profile
    changed = rules.changed_options()
    blocks: list[Any] = []
    if changed:
        items = []
        for name, value in changed.items():
            spec = profile.options[name]
            label = spec_label(spec)
            if value is False:
                meaning = spec.meaning[0].lower() + spec.meaning[1:]
                items.append(Para(f"Standard games have it on: {meaning}", f"{label}: off."))
            elif value is True:
                items.append(Para(spec.meaning, f"{label}."))
            else:
                items.append(Para(spec.meaning.replace("_", " "),
                                  f"{label}: {spec_value(spec, value)}."))
        blocks += [Para("These change the standard game:"), Bullets(tuple(items))]
    else:
        blocks.append(Para("None: these are the standard rules."))
    spare = [(spec_label(spec).lower(), bool(spec.default)) for n, spec in profile.options.items()
             if spec.house_rule and spec.type == "bool" and n not in changed]
    off = [name for name, default in spare if not default]
    on = [name for name, default in spare if default]
    if on:
        blocks.append(Para(f"Switched on as standard, and could be switched off: {and_list(on)}."))
    if off:
        blocks.append(Para(f"You could also switch on: {and_list(off)}."))
    if not any(spec.house_rule for spec in profile.options.values()):
        blocks.append(Para("This ruleset has no house rules to switch on."))
    return Section(key, "House rules in this game", tuple(blocks))


def glance_section(rules: Any) -> Section:
    """The ruleset's settings at a glance, read from ``rules.describe()`` (no house-rule rows)."""
    rows = tuple((option_label(r.setting), r.value) for r in rules.describe()
                 if r.topic != "house rules")
    return Section("glance", "At a glance", (Table(("setting", "in this game"), rows),))
