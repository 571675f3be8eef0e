"""Records: a deal or a match saved to JSON and loaded back by replaying it through the engine.

A deal record holds the ruleset (profile and changed options), how the deal started (a
seeded deal, or a position set up by hand) and the moves in their text form, plus a
SHA-256 digest of that content.  Loading checks the structure and the digest, then replays
every move through the engine; any damage, tampering or illegal move raises
:class:`~rulebook.errors.RecordError`, and nothing half-loaded is ever returned.

Every state names where it started with ``state.origin``: either
``{"kind": "deal", "players": n, "seed": s, "dealer": d}`` (in ``sevens`` a later deal of a
match also has ``"stacks"``, the chips it started from) or
``{"kind": "position", "args": {...}}`` where ``args`` are the JSON values given to
``rules.position(...)``.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .errors import RecordError, RulebookError

__all__ = [
    "DEAL_FORMAT",
    "MATCH_FORMAT",
    "VERSION",
    "digest",
    "deal_record",
    "load_deal",
    "save",
    "load",
    "dumps",
    "loads",
    "check_envelope",
    "rules_from_json",
    "start_from_origin",
    "replay_moves",
]

DEAL_FORMAT = "rulebook/deal"
"""The ``format`` field of a deal record."""
MATCH_FORMAT = "rulebook/match"
"""The ``format`` field of a match record (see :mod:`rulebook.match`)."""
VERSION = 1
"""The record layout's version: a record of any other version is refused."""


def digest(content: dict[str, Any]) -> str:
    """The SHA-256 of a record's content (every key but ``digest``), canonical JSON."""
    body = {k: v for k, v in content.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def deal_record(state: Any) -> dict[str, Any]:
    """The record of a deal (finished or not) as a JSON-able dict."""
    record: dict[str, Any] = {
        "format": DEAL_FORMAT,
        "version": VERSION,
        "rules": state.rules.to_json(),
        "origin": state.origin,
        "moves": [str(m) for m in state.history],
    }
    record["digest"] = digest(record)
    return record


def check_envelope(data: Any, fmt: str, keys: tuple[str, ...]) -> None:
    """Check a record's outer shape: a dict of the right format, version, keys and digest."""
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
    if data.get("format") != fmt:
        raise RecordError(f"this is not a {fmt} record: its format is {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise RecordError(
            f"record version {data.get('version')!r} is not supported: expected {VERSION}"
        )
    missing = [k for k in (*keys, "digest") if k not in data]
    if missing:
        raise RecordError(f"the record is incomplete: it has no {', '.join(missing)}")
    extra = sorted(set(data) - {"format", "version", "digest", *keys})
    if extra:
        raise RecordError(f"the record has unexpected fields: {', '.join(extra)}")
    if data["digest"] != digest(data):
        raise RecordError(
            "the record's digest does not match its content: it was damaged or edited by hand"
        )


def rules_from_json(data: Any) -> Any:
    """The rules object a record's ``rules`` entry names; anything malformed raises RecordError."""
    from .rules import load_rules

    if not isinstance(data, dict) or not isinstance(data.get("profile"), str) \
            or not isinstance(data.get("options", {}), dict):
        raise RecordError(f"the record's rules are malformed: {data!r}")
    try:
        return load_rules(data["profile"], **data.get("options", {}))
    except RulebookError as exc:
        raise RecordError(f"the record's rules cannot be loaded: {exc}") from exc


def start_from_origin(rules: Any, origin: Any) -> Any:
    """The starting state a record's ``origin`` describes."""
    if not isinstance(origin, dict) or origin.get("kind") not in ("deal", "position"):
        raise RecordError(f"the record's origin is malformed: {origin!r}")
    try:
        if origin["kind"] == "deal":
            keys = set(origin) - {"stacks"}
            if keys != {"kind", "players", "seed", "dealer"}:
                raise RecordError(f"the record's deal origin is malformed: {origin!r}")
            extra = {"stacks": origin["stacks"]} if "stacks" in origin else {}
            return rules.new_deal(
                players=origin["players"], seed=origin["seed"], dealer=origin["dealer"],
                **extra)
        args = origin.get("args")
        if not isinstance(args, dict):
            raise RecordError(f"the record's position is malformed: {origin!r}")
        return rules.position(**args)
    except RecordError:
        raise
    except (RulebookError, TypeError) as exc:
        raise RecordError(f"the record's starting position cannot be set up: {exc}") from exc


def replay_moves(start: Any, moves: Any) -> Any:
    """Replay move texts from ``start``; a bad or illegal move raises RecordError."""
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("the record's moves must be a list of move texts")
    state = start
    for number, move in enumerate(moves, 1):
        try:
            state = state.play(move)
        except RulebookError as exc:
            raise RecordError(f"move {number} ({move!r}) does not replay: {exc}") from exc
    return state


def load_deal(data: Any) -> Any:
    """Rebuild a deal's state from its record, replaying every move through the engine."""
    check_envelope(data, DEAL_FORMAT, ("rules", "origin", "moves"))
    rules = rules_from_json(data["rules"])
    return replay_moves(start_from_origin(rules, data["origin"]), data["moves"])


def dumps(obj: Any) -> str:
    """A deal state, a match or a record dict as JSON text."""
    record = obj if isinstance(obj, dict) else obj.to_record()
    return json.dumps(record, indent=1, ensure_ascii=False)


def loads(text: str | bytes) -> Any:
    """Load a deal or match from JSON text; damaged text raises RecordError."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"the record is not valid JSON: {exc}") from exc
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        from .match import load_match

        return load_match(data)
    return load_deal(data)


def save(obj: Any, path: str | Path) -> None:
    """Write a deal state or a match to a JSON file."""
    Path(path).write_text(dumps(obj), encoding="utf-8")


def load(path: str | Path) -> Any:
    """Read a deal or match from a JSON file (see :func:`loads`)."""
    try:
        text = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read the record {str(path)!r}: {exc.strerror}") from exc
    return loads(text)
