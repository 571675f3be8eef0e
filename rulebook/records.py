"""Records: a deal or a match saved to JSON and loaded back by replaying it through the engine.

Deal records are made and checked in :mod:`rulebook.recording`, match records in
:mod:`rulebook.match`; this module reads and writes either kind as text and files.  What a
record holds, what its SHA-256 digest guards against (damage, not forgery) and why a record
from anyone is safe to open are told in :mod:`rulebook.recording`.  Here, before any text is
parsed into objects, its size is checked (at most :data:`MAX_RECORD_CHARS`) and its brackets
are counted (at most :data:`MAX_DEPTH` levels deep), so a hostile file cannot exhaust memory
or recursion; loading then replays every move through the engine, and any damage, tampering
or illegal move raises :class:`~rulebook.errors.RecordError` with nothing half-loaded
returned.
"""
from __future__ import annotations

import json
import os
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

from .errors import RecordError, quoted
from .protocol import GameState
from .recording import (DEAL_FORMAT, MATCH_FORMAT, MAX_DEPTH, MAX_MOVE_CHARS, MAX_MOVES,
                        MAX_RECORD_CHARS, MAX_SEATS, VERSION, check_envelope, check_json_value,
                        cut, deal_record, digest, load_deal, replay_moves, rules_from_json,
                        start_from_origin)

__all__ = ["DEAL_FORMAT", "MATCH_FORMAT", "VERSION", "MAX_RECORD_CHARS", "MAX_DEPTH",
           "MAX_MOVES", "MAX_MOVE_CHARS", "MAX_SEATS", "digest", "deal_record", "load_deal",
           "save", "load", "dumps", "loads", "check_envelope", "rules_from_json",
           "start_from_origin", "replay_moves"]


def dumps(obj: Any) -> str:
    """A deal state, a match or a record dict as JSON text."""
    from .match import Match  # kept out of ``import rulebook``

    if isinstance(obj, dict):
        if obj.get("format") not in (DEAL_FORMAT, MATCH_FORMAT):
            raise RecordError(f"this dict is not a record: its format is "
                              f"{quoted(obj.get('format'))}, expected {quoted(DEAL_FORMAT)} or "
                              f"{quoted(MATCH_FORMAT)}")
        check_json_value(obj)
        record = obj
    elif isinstance(obj, (GameState, Match)):
        record = obj.to_record()
    else:
        raise RecordError(f"only a deal's state, a match or a record can be saved, not "
                          f"{quoted(obj)}")
    return json.dumps(record, indent=1, ensure_ascii=False)


# A JSON string token, closed or running to the end of the text (so that scanning an
# unclosed string never starts over at each quote inside it), and anything but a bracket.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _too_deep(text: str) -> bool:
    """Whether the lists and objects of JSON text nest more than :data:`MAX_DEPTH` levels
    deep, counted without parsing it (and no further than the first level too deep)."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    steps = (1 if bracket in "[{" else -1 for bracket in brackets)
    return any(depth > MAX_DEPTH for depth in accumulate(steps))


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 1000:
        raise RecordError(f"the record holds a number of {len(text.lstrip('-')):,} digits: "
                          "numbers in a record have at most 1,000")
    return int(text)


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"the record holds {name}, which is not a number JSON allows")


def _unique_fields(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise RecordError(f"the record names the field {quoted(twice, 30)} twice: each field "
                          "may appear once")
    return data


def _text(text: Any) -> str:
    """Record text as a ``str``, checked for size before anything else is done with it."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a record is JSON text (str or bytes), not {quoted(text)}")
    if len(text) > MAX_RECORD_CHARS:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise RecordError(f"the record is {len(text):,} {unit} long: a record is at most "
                          f"{MAX_RECORD_CHARS:,}")
    if isinstance(text, str):
        return text
    try:
        return bytes(text).decode(json.detect_encoding(bytes(text)))
    except UnicodeDecodeError as exc:
        raise RecordError(f"the record is not text in UTF-8, UTF-16 or UTF-32: "
                          f"{exc.reason} at byte {exc.start}") from None


def loads(text: str | bytes) -> Any:
    """Load a deal or match from JSON text; damaged text raises RecordError.

    The text's size and nesting are checked before it is parsed (see the module header).
    """
    text = _text(text)
    if _too_deep(text):
        raise RecordError(f"the record is nested more than {MAX_DEPTH} levels deep: a record "
                          "nests only a few")
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_refuse_constant,
                          object_pairs_hook=_unique_fields)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the record is not valid JSON: {exc.msg} (line {exc.lineno}, "
                          f"column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"the record is not valid JSON: {cut(exc)}") from None
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        from .match import load_match  # kept out of ``import rulebook``

        return load_match(data)
    return load_deal(data)


def _path(path: Any) -> Path:
    if isinstance(path, (str, os.PathLike)):
        try:
            return Path(path)
        except TypeError:  # a PathLike whose __fspath__ gives no text
            pass
    raise RecordError(f"a record's file is named by a path (text or pathlib.Path), not "
                      f"{quoted(path)}")


def save(obj: Any, path: str | Path) -> None:
    """Write a deal state or a match to a JSON file."""
    text = dumps(obj)
    target = _path(path)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError("the record holds text that UTF-8 cannot write (a lone surrogate)") \
            from None
    try:
        target.write_bytes(data)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else cut(exc)
        raise RecordError(f"cannot write the record to {quoted(str(target))}: {reason}") \
            from None


def load(path: str | Path) -> Any:
    """Read a deal or match from a JSON file (see :func:`loads`).

    At most :data:`MAX_RECORD_CHARS` bytes are read: a longer file is refused unread.
    """
    source = _path(path)
    try:
        with source.open("rb") as fh:
            text = fh.read(MAX_RECORD_CHARS + 1)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else cut(exc)
        raise RecordError(f"cannot read the record {quoted(str(source))}: {reason}") from None
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record {quoted(str(source))} is larger than "
                          f"{MAX_RECORD_CHARS:,} bytes: a record is far smaller")
    return loads(text)
