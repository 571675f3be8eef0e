"""`import rulebook` stays light: no pandas, numpy, graphviz or ipywidgets (DESIGN: light imports)."""
from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("pandas", "numpy", "graphviz", "ipywidgets", "IPython", "pokerkit")


def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_import_rulebook_loads_no_heavy_library() -> None:
    loaded = _modules_after("import rulebook")
    assert not [m for m in loaded if m.split(".")[0] in HEAVY]


def test_loading_every_ruleset_and_dealing_loads_no_heavy_library() -> None:
    code = (
        "import rulebook\n"
        "for pid in rulebook.profile_ids():\n"
        "    rules = rulebook.load_rules(pid)\n"
        "    state = rules.new_deal(players=4, seed=1)\n"
        "    state.legal_moves(); rules.describe()\n"
    )
    loaded = _modules_after(code)
    assert not [m for m in loaded if m.split(".")[0] in HEAVY]
