"""The measurements of many deals, as JSON: run natively, natively with numpy hidden, and
inside Pyodide (which has no numpy offline), and compared.

    python tests/pyodide/measure_probe.py              # with numpy (the numpy batches)
    python tests/pyodide/measure_probe.py --no-numpy   # numpy and pandas hidden
    node tests/pyodide/run.mjs DIR WHEEL tests/pyodide/measure_probe.py   # in Pyodide

``probe()`` runs ``simulate(..., aggregate=True)`` for every game (random and smart computer
players; Badugi's showdown rate is a derived measure) and ``compare_rules`` on a house rule,
and returns every exact sum the estimates come from (``Moments``) and the sentences and
intervals a learner reads.  Everything is plain data, so the runs compare with ``==``.
"""
from __future__ import annotations

import json
import sys
from typing import Any

RUNS = [("badam-satti", 4, None, 300), ("badam-satti", 4, "smart", 60), ("sevens", 3, None, 200),
        ("satti", 4, None, 150), ("satti", 3, "smart", 40), ("badugi", 3, None, 150)]
"""(profile, players, computer players, deals) of each single run."""


class HideNumpy:
    """An import hook that makes numpy and pandas missing, as in the browser offline."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        """Refuse numpy and pandas (and their submodules); leave the rest to the others."""
        if name.split(".")[0] in ("numpy", "pandas"):
            raise ImportError(f"No module named {name!r}")


def _moments(m: Any) -> dict[str, Any]:
    return {"names": list(m.names), "deals": m.deals, "s1": list(m.s1),
            "s2": sorted([list(k), v] for k, v in m.s2.items())}


def probe() -> dict[str, Any]:
    """Every run's exact sums and what a learner reads of them."""
    import rulebook
    from rulebook.errors import RulebookError
    from rulebook.simulation import numpy_available

    out: dict[str, Any] = {"numpy": numpy_available(), "runs": [], "compare": None}
    for profile, players, bots, deals in RUNS:
        summary = rulebook.simulate(profile, players=players, deals=deals, bots=bots, seed=3,
                                    aggregate=True)
        out["runs"].append({"run": [profile, players, bots, deals],
                            "moments": _moments(summary.moments),
                            "win_rate": str(summary.estimate("win_rate", "seat 0"))})
    classic = rulebook.load_rules("badam-satti")
    paired = rulebook.compare_rules(classic, classic.with_options(ace_high=True), deals=300,
                                    seed=1)
    out["compare"] = {"moments": _moments(paired.moments),
                      "passes": str(paired.row("passes", "all").difference),
                      "winner_changes": str(paired.winner_changes),
                      "sentence": paired.winner_sentence()}
    from rulebook.simulation import deal_rows

    out["rows"] = deal_rows("badam-satti", players=4, deals=3, seed=0)  # the lesson's rows
    try:
        rulebook.simulate("sevens", deals=5, seed=1)  # a table of every deal
        out["frame"] = "a DataFrame"
    except RulebookError as error:
        out["frame"] = [type(error).__name__, str(error)]
    return out


if __name__ == "__main__":
    if "--no-numpy" in sys.argv[1:]:
        sys.meta_path.insert(0, HideNumpy())  # type: ignore[arg-type]
    print(json.dumps(probe(), ensure_ascii=False))
