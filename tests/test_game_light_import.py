"""`import rulebook.games.sevens` and `import rulebook.games.satti` stay light (issue 21: each
imported its batch, its computer players and, through its explanations, the rule sheets'
document): the packages register their computer players, batch and measures by name and
import each room when first used.  Checked in fresh interpreters, as
tests/test_badugi_light_import.py does for Badugi.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

GAMES = ("sevens", "satti")

OLD_ALL = {
    "sevens": ["SevensRules", "SevensState", "SevensView", "SevensOutcome", "Play", "Pass",
               "PASS", "PLAYS"],
    "satti": ["SattiRules", "SattiState", "SattiView", "SattiOutcome", "Play", "Draw", "Skip",
              "Name", "Attempt", "Move"],
}
"""Each package's ``__all__`` before it was made light."""

OLD_DIR = {
    "sevens": ["PASS", "PLAYS", "Pass", "Play", "SevensOutcome", "SevensRules", "SevensState",
               "SevensView", "batch", "bots", "core", "explain", "moves", "playout", "rules",
               "state"],
    "satti": ["Attempt", "Draw", "Move", "Name", "Play", "SattiOutcome", "SattiRules",
              "SattiState", "SattiView", "Skip", "batch", "bots", "core", "explain", "moves",
              "rules", "state"],
}
"""The public names ``dir()`` listed before (the rooms were there because the package
imported them)."""

BOTS = {"sevens": ("random", "expert", "smart"),
        "satti": ("random", "easy", "expert", "smart")}

HEAVY = ("rulebook.sheets", "numpy", "fpdf", "pandas", "graphviz", "ipywidgets")


def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize("game", GAMES)
def test_importing_the_package_imports_no_room_batch_bots_sheet_or_numpy(game: str) -> None:
    loaded = _modules_after(f"import rulebook.games.{game}")
    package = f"rulebook.games.{game}"
    assert not _loaded(loaded, (f"{package}.batch", f"{package}.bots") + HEAVY)
    # nor any other room: each comes with the first name asked for
    assert [m for m in loaded if m.startswith(package + ".")] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_name_the_package_had_is_still_there(game: str) -> None:
    package = f"rulebook.games.{game}"
    code = ("import sys\n"
            f"import {package} as g\n"
            f"assert list(g.__all__) == {OLD_ALL[game]!r}, g.__all__\n"
            "assert set(g.__all__) <= set(dir(g)), sorted(set(g.__all__) - set(dir(g)))\n"
            f"for name in {OLD_DIR[game]!r}:\n"
            "    found = {}\n"
            f"    exec(f'from {package} import {{name}}', found)\n"
            "    assert found[name] is getattr(g, name), name\n"
            "    if name not in g.__all__:  # a room\n"
            f"        assert found[name] is sys.modules['{package}.' + name], name\n"
            "try:\n"
            "    g.nothing_here\n"
            "except AttributeError as error:\n"
            "    assert 'nothing_here' in str(error)\n"
            "else:\n"
            "    raise SystemExit('an unknown name must raise AttributeError')\n")
    _modules_after(code)


def test_the_names_are_the_rooms_own_objects() -> None:
    code = ("from rulebook.games.sevens import PASS, PLAYS, Play, SevensRules, SevensState\n"
            "from rulebook.games.sevens import moves, rules, state\n"
            "assert PASS is moves.PASS and PLAYS is moves.PLAYS and Play is moves.Play\n"
            "assert SevensRules is rules.SevensRules and SevensState is state.SevensState\n"
            "assert SevensRules.game == 'sevens' and len(PLAYS) == 52\n"
            "from rulebook.games.satti import Move, SattiRules, SattiView\n"
            "from rulebook.games.satti import moves as smoves, state as sstate\n"
            "assert Move is smoves.Move and SattiView is sstate.SattiView\n"
            "assert SattiRules.game == 'satti'\n")
    loaded = _modules_after(code)
    assert not _loaded(loaded, ("rulebook.games.sevens.batch", "rulebook.games.satti.batch")
                       + HEAVY)


@pytest.mark.parametrize("game", GAMES)
def test_the_computer_players_are_made_by_name_in_a_fresh_process(game: str) -> None:
    package = f"rulebook.games.{game}"
    names = BOTS[game]
    code = ("import sys\n"
            "from rulebook.protocol import make_bot\n"
            "from rulebook.simulation import bot_names\n"
            "from rulebook.errors import RulesError\n"
            f"for name in {names!r}:\n"
            f"    bot = make_bot('{game}', name)\n"
            "    assert bot.name == name, (bot, name)\n"
            f"    assert make_bot('{game}', name) is not bot  # a fresh player each time\n"
            f"assert '{package}.bots' in sys.modules\n"
            f"from {package}.bots import SmartBot\n"
            f"assert type(make_bot('{game}', 'smart')) is SmartBot\n"
            f"assert bot_names('{game}') == {list(names)!r}, bot_names('{game}')  # random first\n"
            "try:\n"
            f"    make_bot('{game}', 'clever')\n"
            "except RulesError as error:\n"
            f"    assert 'smart' in str(error) and 'random' in str(error), error\n"
            "else:\n"
            "    raise SystemExit('an unknown computer player must raise RulesError')\n")
    loaded = _modules_after(code)
    assert not _loaded(loaded, (f"{package}.batch",) + HEAVY)


@pytest.mark.parametrize("profile", ["badam-satti", "sevens", "satti"])
def test_playing_and_explaining_a_deal_imports_no_batch_sheet_or_numpy(profile: str) -> None:
    code = ("from rulebook import load_rules\n"
            "from rulebook.protocol import autoplay\n"
            f"rules = load_rules('{profile}')\n"
            "final = autoplay(rules.new_deal(players=4, seed=3), 'smart', seed=3)\n"
            "assert final.is_over\n"
            "state = rules.new_deal(players=4, seed=3)\n"
            "for _ in range(12):\n"
            "    for move in state.legal_moves():\n"
            "        assert state.explain(move).legal, move\n"
            "    state = state.play(state.legal_moves()[-1])\n"
            "    if state.is_over:\n"
            "        break\n"
            "rules.playout(players=3, seed=1, bots='smart')\n")
    loaded = _modules_after(code)
    game = "satti" if profile == "satti" else "sevens"
    assert not _loaded(loaded, (f"rulebook.games.{game}.batch",) + HEAVY)


def test_an_explanation_still_lists_cards_in_plain_words() -> None:
    code = ("from rulebook import load_rules\n"
            "from rulebook.games.sevens import PASS\n"
            "rules = load_rules('sevens')\n"
            "state = rules.new_deal(players=4, seed=0)\n"
            "while len(state.legal_moves()) < 3:\n"
            "    state = state.play(state.legal_moves()[0])\n"
            "why = state.explain(PASS)\n"
            "assert not why.legal\n"
            "print('WHY', json.dumps(why.reason))\n")
    probe = "import json\n" + code
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    reason = json.loads(out.stdout.split("WHY ", 1)[1])
    # "Pass is not allowed: you can play 5♦, 6♣, 6♠ or 7♥, and a player who can play must
    # play." - the cards in symbols, commas between, "or" before the last
    listed = reason.split("can play ", 1)[1].split(", and a player", 1)[0]
    assert re.fullmatch(r"(?:(?:10|[2-9JQKA])[♠♥♦♣], )+(?:10|[2-9JQKA])[♠♥♦♣] or "
                        r"(?:10|[2-9JQKA])[♠♥♦♣]", listed), reason


@pytest.mark.parametrize("game", GAMES)
def test_simulate_still_plays_the_batch_and_the_bots(game: str) -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("pandas")
    package = f"rulebook.games.{game}"
    bots = "smart" if game == "sevens" else "easy"
    code = ("import sys\n"
            "from rulebook import load_rules, simulate\n"
            "from rulebook.measures import terms_for\n"
            "from rulebook.simulation import deal_dealers, deal_seeds\n"
            f"rules = load_rules('{game}')\n"
            f"assert '{package}.batch' not in sys.modules\n"
            "frame = simulate(rules, players=4, deals=80, seed=7)\n"
            "assert len(frame) == 320 and set(frame['bot']) == {'random'}\n"
            f"assert '{package}.batch' in sys.modules  # 80 random deals: the numpy batch\n"
            "seeds, dealers = deal_seeds(7, 80), deal_dealers(4, 80)\n"
            "for k in (0, 41, 79):\n"
            "    rows = rules.playout(players=4, seed=seeds[k], dealer=dealers[k]).rows\n"
            "    got = frame[frame['deal'] == k]\n"
            "    assert list(got['points']) == [r['points'] for r in rows], k\n"
            "    assert list(got['place']) == [r['place'] for r in rows], k\n"
            f"frame = simulate(rules, players=3, deals=10, bots='{bots}', seed=2)\n"
            f"assert len(frame) == 30 and set(frame['bot']) == {{'{bots}'}}\n"
            "assert set(frame.groupby('deal')['won'].sum()) <= {1, 2, 3}\n"
            "terms = terms_for(rules)\n"
            "assert terms.columns['points'], terms\n"
            f"from {package}.batch import columns_random\n"
            "from rulebook.simulation import _BATCHES\n"
            f"assert _BATCHES['{game}'] is columns_random  # the real batch once imported\n")
    _modules_after(code)
