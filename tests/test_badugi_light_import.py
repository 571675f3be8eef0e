"""`import rulebook.games.badugi` stays light (issue 21: it imported its batch, its computer
players and the sheet document): the package registers its computer players, batch and
measures by name and imports each room when first used.  Checked in fresh interpreters.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

NOT_AT_IMPORT = ("rulebook.games.badugi.batch", "rulebook.games.badugi.bots",
                 "rulebook.games.badugi.words", "rulebook.sheets.document",
                 "rulebook.sheets.common", "rulebook.sheets", "numpy", "fpdf", "pandas",
                 "graphviz")


def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_importing_the_package_imports_no_batch_bots_sheet_or_numpy() -> None:
    loaded = _modules_after("import rulebook.games.badugi")
    assert not _loaded(loaded, NOT_AT_IMPORT)
    # nor the engine's rooms: they come with the first name asked for
    assert not _loaded(loaded, ("rulebook.games.badugi.ranking", "rulebook.games.badugi.rules",
                                "rulebook.games.badugi.state"))


def test_playing_a_hand_imports_no_batch_sheet_or_numpy() -> None:
    code = ("from rulebook import load_rules\n"
            "from rulebook.protocol import autoplay\n"
            "rules = load_rules('badugi')\n"
            "final = autoplay(rules.new_deal(players=4, seed=3), 'smart', seed=3)\n"
            "assert final.is_over\n"
            "assert not rules.new_deal(players=3).explain('check').legal\n"
            "rules.playout(players=3, seed=1, bots='smart')\n")
    loaded = _modules_after(code)
    assert "rulebook.games.badugi.bots" in loaded  # made when a computer player was asked for
    assert not _loaded(loaded, ("rulebook.games.badugi.batch", "rulebook.sheets", "numpy",
                                "fpdf", "pandas"))


def test_the_names_the_package_lists_are_there_when_asked_for() -> None:
    code = ("import rulebook.games.badugi as g\n"
            "assert g.evaluate('AC 2D 3H 4S').words() == 'badugi 4-3-2-A'\n"
            "assert g.HAND_COUNT == 270725 and g.BadugiRules.game == 'badugi'\n"
            "from rulebook.games.badugi import Action, Draw, BadugiState, ranking\n"
            "assert str(Action('call')) == 'call' and ranking.CLASS_COUNT == 1092\n"
            "assert set(g.__all__) <= set(dir(g))\n"
            "try:\n"
            "    g.nothing_here\n"
            "except AttributeError:\n"
            "    pass\n"
            "else:\n"
            "    raise SystemExit('an unknown name must raise AttributeError')\n")
    loaded = _modules_after(code)
    assert "rulebook.games.badugi.ranking" in loaded
    assert not _loaded(loaded, ("rulebook.games.badugi.batch", "numpy", "rulebook.sheets"))


def test_the_batch_and_the_measures_are_found_by_name_when_first_used() -> None:
    pytest.importorskip("numpy")
    code = ("import rulebook.games.badugi\n"
            "from rulebook import load_rules\n"
            "from rulebook.simulation import _BATCHES\n"
            "from rulebook.measures import terms_for\n"
            "rules = load_rules('badugi')\n"
            "terms = terms_for(rules)\n"
            "assert terms.columns['points'] == 'chips', terms\n"
            "cols = _BATCHES['badugi'](rules, 3, list(range(40)), [0] * 40, ['random'] * 3)\n"
            "assert cols is not None and len(cols['points']) == 120\n"
            "from rulebook.games.badugi.batch import columns_random\n"
            "assert _BATCHES['badugi'] is columns_random  # the real batch once imported\n")
    loaded = _modules_after(code)
    assert "rulebook.games.badugi.batch" in loaded and "numpy" in loaded


def test_a_how_to_play_imports_the_sheet_document_only_then() -> None:
    code = ("from rulebook import load_rules\n"
            "rules = load_rules('badugi')\n"
            "import sys\n"
            "assert 'rulebook.sheets.document' not in sys.modules\n"
            "assert 'Poker words' in rules.how_to_play().text()\n")
    loaded = _modules_after(code)
    assert "rulebook.sheets.document" in loaded and "rulebook.games.badugi.words" in loaded
