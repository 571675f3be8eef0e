"""What the engine answers for fixed seeds, as JSON: run natively and inside Pyodide, compared.

    python tests/pyodide/engine_probe.py            # prints the JSON (native CPython)
    node tests/pyodide/run.mjs DIR WHEEL tests/pyodide/engine_probe.py   # the same in Pyodide

``probe()`` plays seeded deals of every profile with the computer players, explains every
legal first move and a refused one, saves and reloads each deal record, ranks and compares
Badugi hands and feeds the engine a malformed card.  Everything it returns is plain data
(strings, numbers, lists), so the two runs compare with ``==``.  ``where()`` says which
interpreter ran it (``emscripten`` inside Pyodide).
"""
from __future__ import annotations

import json
import platform
import sys
from typing import Any

PROFILES = ["badam-satti", "badam-satti-app", "badugi", "satti", "sevens"]
SEEDS = [1, 2, 7]
BADUGI_HANDS = ["AC 2D 3H 4S", "AC 2D 3H 5S", "KC KD 2H 3S", "AS 2H 3D 4C", "AC 2C 3C 4C",
                "5S 6H 7D KC"]


def _explanation(state: Any, move: Any) -> dict[str, Any]:
    answer = state.explain(move)
    return {"move": str(move), "legal": bool(answer), "reason": answer.reason,
            "clauses": list(answer.clauses)}


def _refused(state: Any) -> str:
    """The first of a few moves that parses in this game and is not legal now."""
    from rulebook.errors import RulebookError

    legal = {str(m) for m in state.legal_moves()}
    for text in ("pass", "check", "KS", "2C", "AH"):
        try:
            state.parse_move(text)
        except RulebookError:
            continue
        if text not in legal:
            return text
    raise AssertionError("no refused move among the candidates")


def probe() -> dict[str, Any]:
    """The engine's answers for the fixed seeds and hands above (plain data)."""
    import rulebook
    from rulebook import records
    from rulebook.games.badugi import compare, evaluate, standing
    from rulebook.errors import RulebookError
    from rulebook.protocol import autoplay

    result: dict[str, Any] = {"profiles": sorted(rulebook.profile_ids()), "deals": {}}
    for pid in PROFILES:
        rules = rulebook.load_rules(pid)
        deals = []
        for seed in SEEDS:
            start = rules.new_deal(players=4, seed=seed)
            end = autoplay(start, None, seed=seed)  # the profile's default computer players
            text = records.dumps(end)
            again = records.loads(text)
            first = start.legal_moves()
            deals.append({
                "seed": seed,
                "moves": [str(m) for m in end.history],
                "pretty": [m.pretty() for m in end.history[:6]],
                "places": list(end.outcome.places) if end.outcome else None,
                "summary": end.outcome.summary if end.outcome else None,
                "explained": [_explanation(start, m) for m in first],
                "refused": _explanation(start, _refused(start)),
                "record_digest": json.loads(text)["digest"],
                "record_round_trip": (records.dumps(again) == text
                                      and [str(m) for m in again.history]
                                      == [str(m) for m in end.history]),
            })
        result["deals"][pid] = deals

    result["badugi"] = {
        "words": {h: evaluate(h).words() for h in BADUGI_HANDS},
        "compare": [[a, b, compare(a, b)] for a in BADUGI_HANDS for b in BADUGI_HANDS if a < b],
        "standing": str(standing("AC 2D 3H 5S")),
    }
    try:
        rulebook.parse_card("1Z")
    except RulebookError as error:
        result["bad_card"] = [type(error).__name__, str(error)]
    return result


def where() -> dict[str, str]:
    """The interpreter that ran the probe."""
    return {"platform": sys.platform, "python": platform.python_version(),
            "implementation": sys.implementation.name}


if __name__ == "__main__":
    print(json.dumps({"where": where(), "probe": probe()}, ensure_ascii=False))
