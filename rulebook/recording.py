"""Deal records, the part below matches: a deal saved as JSON data and replayed through the
engine, and the checks every record passes (see :mod:`rulebook.records` for files and text).

A deal record holds the ruleset (profile and changed options), how the deal started (a
seeded deal, or a position set up by hand) and the moves in their text form, plus a
SHA-256 digest of that content.  Loading checks the structure and the digest, then replays
every move through the engine; any damage, tampering or illegal move raises
:class:`~rulebook.errors.RecordError`, and nothing half-loaded is ever returned.

Records are safe to open from anyone.  Before any text is parsed into objects, its size is
checked (at most :data:`MAX_RECORD_CHARS`) and its brackets are counted (at most
:data:`MAX_DEPTH` levels deep), so a hostile file cannot exhaust memory or recursion; every
field is then checked for its type and size before it reaches the engine, and every error
message quotes what it found cut short.  A record only ever replays moves through the
engine's own rules, so the worst a record can do is be refused.

The digest guards against *damage*, not *forgery*: it catches a truncated download, a
careless hand edit or a field changed in transit, but anyone can recompute it after editing
a record on purpose.  It is not a signature and proves nothing about who wrote the record;
what makes a forged record harmless is that it must still replay move by move under the
rules.

Every state names where it started with ``state.origin``: either
``{"kind": "deal", "players": n, "seed": s, "dealer": d}`` (in a match a later deal of a
match also has ``"stacks"``, the chips it started from) or
``{"kind": "position", "args": {...}}`` where ``args`` are the JSON values given to
``rules.position(...)``.
"""
from __future__ import annotations

import copy
import hashlib
import json
import math
from typing import Any

from .errors import RecordError, RulebookError, check_seed, quoted

__all__ = ["DEAL_FORMAT", "MATCH_FORMAT", "VERSION", "MAX_RECORD_CHARS", "MAX_DEPTH",
           "MAX_MOVES", "MAX_MOVE_CHARS", "MAX_SEATS", "digest", "deal_record", "load_deal",
           "check_envelope", "check_json_value", "cut", "rules_from_json", "start_from_origin",
           "replay_moves"]

DEAL_FORMAT = "rulebook/deal"
"""The ``format`` field of a deal record."""
MATCH_FORMAT = "rulebook/match"
"""The ``format`` field of a match record (see :mod:`rulebook.match`)."""
VERSION = 1
"""The record layout's version: a record of any other version is refused."""

MAX_RECORD_CHARS = 1_000_000
"""The largest record read, in characters of text (bytes of a file).  A finished deal is
about 1 kB and a whole match a few kB."""
MAX_DEPTH = 16
"""The deepest nesting of lists and objects in a record (a real one nests 5 levels)."""
MAX_MOVES = 20_000
"""The most moves one deal of a record may hold."""
MAX_MOVE_CHARS = 100
"""The longest move text in a record (the longest real one, a four-card draw, is 16)."""
MAX_SEATS = 99
"""The largest seat count or seat number a record may name (each game's own limit is
checked by the game)."""
_MAX_VALUES = 200_000
"""The most values (objects, lists, texts, numbers) a record given as a dict may hold."""
_MAX_MESSAGE = 300
"""A message from the engine quoted inside a record's error is cut to this length."""


def cut(message: object) -> str:
    """An engine message quoted inside a record's error, cut short if it is long."""
    text = str(message)
    return text if len(text) <= _MAX_MESSAGE else text[:_MAX_MESSAGE] + "…"


def check_json_value(value: Any, what: str = "the record") -> None:
    """Refuse anything that is not a small JSON value: bounded depth, count and text size.

    Walks without recursion, so a structure nested thousands deep (or one that contains
    itself) is refused by its depth rather than exhausting the interpreter's stack.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    count = chars = 0
    while stack:
        item, depth = stack.pop()
        count += 1
        if depth > MAX_DEPTH:
            raise RecordError(f"{what} is nested more than {MAX_DEPTH} levels deep: a record "
                              "nests only a few")
        # counted before a list or object is walked, so a huge one is never copied
        sized = isinstance(item, (dict, list, tuple))
        if sized and count + len(stack) + len(item) > _MAX_VALUES:
            raise RecordError(f"{what} holds more than {_MAX_VALUES:,} values: a record is "
                              "far smaller")
        if isinstance(item, dict):
            for key, inner in item.items():
                if not isinstance(key, str):
                    raise RecordError(f"{what} has a field named {quoted(key)}: field names "
                                      "are text")
                chars += len(key)
                stack.append((inner, depth + 1))
        elif isinstance(item, (list, tuple)):
            stack.extend((inner, depth + 1) for inner in item)
        elif isinstance(item, str):
            chars += len(item)
        elif isinstance(item, int) and item.bit_length() > 3400:  # about 1,000 digits
            raise RecordError(f"{what} holds {quoted(item)}: numbers in a record have at "
                              "most 1,000 digits")
        elif isinstance(item, float) and not math.isfinite(item):
            raise RecordError(f"{what} holds {quoted(item)}, which JSON cannot write")
        elif item is not None and not isinstance(item, (int, float)):  # bools are ints
            raise RecordError(f"{what} holds {quoted(item)} ({type(item).__name__}), which "
                              "is not a JSON value")
        if chars > MAX_RECORD_CHARS:
            raise RecordError(f"{what} holds more than {MAX_RECORD_CHARS:,} characters of "
                              "text: a record is far smaller")


def digest(content: dict[str, Any]) -> str:
    """The SHA-256 of a record's content (every key but ``digest``), canonical JSON.

    A guard against damage, not forgery: anyone who edits a record can compute it again.
    """
    if not isinstance(content, dict):
        raise RecordError(f"a record is a JSON object, not {quoted(content)}")
    body = {k: v for k, v in content.items() if k != "digest"}
    check_json_value(body)
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _is_state(obj: Any) -> bool:
    """Whether ``obj`` is a deal's state: a value with the protocol's rules, origin, history
    and play (checked by shape, so this module needs nothing above it)."""
    return all(hasattr(obj, name) for name in ("rules", "origin", "history", "play",
                                                "legal_moves")) and not isinstance(obj, type)


def deal_record(state: Any) -> dict[str, Any]:
    """The record of a deal (finished or not) as a JSON-able dict.

    The record shares nothing with the state: changing it never changes the state.  A deal
    whose seed could not be loaded back (see :func:`~rulebook.errors.check_seed`) is
    refused here rather than written.
    """
    if not _is_state(state):
        raise RecordError(f"only a deal's state can be recorded, not {quoted(state)}")
    origin = copy.deepcopy(state.origin)
    if isinstance(origin, dict) and origin.get("kind") == "deal":
        check_seed(origin.get("seed"), RecordError)
    record: dict[str, Any] = {
        "format": DEAL_FORMAT,
        "version": VERSION,
        "rules": state.rules.to_json(),
        "origin": origin,
        "moves": [str(m) for m in state.history],
    }
    record["digest"] = digest(record)
    return record


def _check_moves(moves: Any, where: str = "the record's moves") -> None:
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError(f"{where} must be a list of move texts, not {quoted(moves)}")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"{where} hold {len(moves):,} moves: a deal has at most {MAX_MOVES:,}")
    for number, move in enumerate(moves, 1):
        if len(move) > MAX_MOVE_CHARS:
            raise RecordError(f"move {number} of {where} is {quoted(move)}: a move's text has "
                              f"at most {MAX_MOVE_CHARS} characters")


def _check_fields(data: dict[str, Any]) -> None:
    """Types and sizes of the top-level fields both record formats use."""
    if "moves" in data:
        _check_moves(data["moves"])
    deals = data.get("deals", [])
    if not isinstance(deals, list) or len(deals) > MAX_SEATS:
        raise RecordError(f"the record's deals must be a list of move lists, not "
                          f"{quoted(deals)}")
    for k, moves in enumerate(deals, 1):
        _check_moves(moves, f"deal {k}'s moves")
    for field in ("players", "dealer"):
        value = data.get(field, 0)  # a field the record lacks is not checked here
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEATS:
            raise RecordError(f"the record's {field}={quoted(value)} is not valid: expected a "
                              f"whole number from 0 to {MAX_SEATS}")
    if "seed" in data:
        check_seed(data["seed"], RecordError)


def check_envelope(data: Any, fmt: str, keys: tuple[str, ...]) -> None:
    """Check a record's outer shape: a dict of the right format, version, keys and digest.

    Also checks what a record may hold at all (JSON values only, bounded depth and size) and
    the types of the fields both formats share (moves, deals, players, dealer, seed).
    """
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, not {quoted(data)}")
    check_json_value(data)
    if data.get("format") != fmt:
        raise RecordError(f"this is not a {fmt} record: its format is "
                          f"{quoted(data.get('format'))}")
    version = data.get("version")
    # 1.0 and true compare equal to 1 in Python: the version must be the whole number itself.
    if type(version) is not int or version != VERSION:
        raise RecordError(f"record version {quoted(version)} is not supported: expected {VERSION}")
    missing = [k for k in (*keys, "digest") if k not in data]
    if missing:
        raise RecordError(f"the record is incomplete: it has no {', '.join(missing)}")
    extra = sorted(set(data) - {"format", "version", "digest", *keys})
    if extra:
        named = ", ".join(quoted(k, 30).strip("'\"") for k in extra[:5])
        more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
        raise RecordError(f"the record has unexpected fields: {named}{more}")
    if data["digest"] != digest(data):
        raise RecordError("the record's digest does not match its content: it was damaged or "
                          "edited by hand")
    _check_fields(data)


def rules_from_json(data: Any) -> Any:
    """The rules object a record's ``rules`` entry names; anything malformed raises RecordError.

    The entry holds exactly ``profile`` (text) and, optionally, ``options`` (an object);
    any other field is refused, as at the top level of a record.
    """
    from .rules import load_rules

    if not isinstance(data, dict) or not isinstance(data.get("profile"), str) \
            or not isinstance(data.get("options", {}), dict):
        raise RecordError(f"the record's rules are malformed: {quoted(data)}")
    extra = sorted(set(data) - {"profile", "options"})
    if extra:
        named = ", ".join(quoted(k, 30) for k in extra[:5])
        raise RecordError(f"the record's rules have unexpected fields: {named}; expected "
                          "only profile and options")
    check_json_value(data, "the record's rules")
    try:
        return load_rules(data["profile"], **data.get("options", {}))
    except RulebookError as exc:
        raise RecordError(f"the record's rules cannot be loaded: {cut(exc)}") from exc


# What a game's engine may raise on input it does not expect.  A record is untrusted input:
# whatever fails while it is set up or replayed is reported as the record's fault.
_ENGINE_FAILURES = (RulebookError, TypeError, ValueError, AttributeError, KeyError,
                    IndexError)


def start_from_origin(rules: Any, origin: Any) -> Any:
    """The starting state a record's ``origin`` describes."""
    from .rules import RulesBase

    if not isinstance(rules, RulesBase):
        raise RecordError(f"a deal starts from a rules object (load_rules(...)), not "
                          f"{quoted(rules)}")
    if not isinstance(origin, dict) or origin.get("kind") not in ("deal", "position"):
        raise RecordError(f"the record's origin is malformed: {quoted(origin)}")
    check_json_value(origin, "the record's origin")
    if origin["kind"] == "deal":
        # a deal that starts from chips carried over (a later deal of a match) also names them
        if set(origin) - {"stacks"} != {"kind", "players", "seed", "dealer"}:
            raise RecordError(f"the record's deal origin is malformed: {quoted(origin)}; "
                              "expected kind, players, seed and dealer")
        _check_fields(origin)  # players, dealer and seed
    else:
        args = origin.get("args")
        if set(origin) != {"kind", "args"} or not isinstance(args, dict):
            raise RecordError(f"the record's position is malformed: {quoted(origin)}; "
                              "expected kind and args")
        _check_position_names(rules, args)
    try:
        if origin["kind"] == "deal":  # players, seed, dealer and any stacks
            return rules.new_deal(**{k: v for k, v in origin.items() if k != "kind"})
        position: Any = getattr(rules, "position")  # declared by each game's rules class
        return position(**origin["args"])
    except _ENGINE_FAILURES as exc:
        raise RecordError(f"the record's starting position cannot be set up: "
                          f"{cut(exc)}") from exc


def _check_position_names(rules: Any, args: dict[str, Any]) -> None:
    """Every name in a position's ``args`` must be a parameter of ``rules.position``."""
    import inspect  # only a position's record needs it

    try:
        parameters = inspect.signature(rules.position).parameters
    except (TypeError, ValueError):  # pragma: no cover - every engine's position is plain
        return
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return
    names = [n for n, p in parameters.items()
             if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                           inspect.Parameter.KEYWORD_ONLY)]
    unknown = [name for name in args if name not in names]
    if unknown:
        raise RecordError(f"the record's position names {quoted(unknown[0])}, which a "
                          f"position does not take: expected {', '.join(names)}")


def replay_moves(start: Any, moves: Any, deal: int | None = None) -> Any:
    """Replay move texts from ``start``; a bad or illegal move raises RecordError naming the
    move by its number (and the deal by its number, from 1, when ``deal`` is given: a match
    record replays deal after deal)."""
    if not _is_state(start):
        raise RecordError(f"moves replay from a deal's state, not {quoted(start)}")
    where = "" if deal is None else f" of deal {deal}"
    _check_moves(moves, "the record's moves" + where)
    state = start
    for number, move in enumerate(moves, 1):
        try:
            state = state.play(move)
        except _ENGINE_FAILURES as exc:
            raise RecordError(f"move {number}{where} ({quoted(move)}) does not replay: "
                              f"{cut(exc)}") from exc
    return state


def load_deal(data: Any) -> Any:
    """Rebuild a deal's state from its record, replaying every move through the engine."""
    check_envelope(data, DEAL_FORMAT, ("rules", "origin", "moves"))
    rules = rules_from_json(data["rules"])
    return replay_moves(start_from_origin(rules, data["origin"]), data["moves"])
