"""The widgets never show what a seat may not see, never show an earlier deal's picture, keep
every control in step with what is in force, tell one truth about a Satti penalised attempt,
cut every message short and pass ``mypy --strict`` as the engine does.

Each test here failed on the code before its fix (issue 21): a stepper at ``seat=4`` of a
4-player deal showed every hand face up; the diagram cache was keyed by ``id()``; the players
picker left a 7-player deal and a refused seed in the box; the stepper refused a skipped
Satti player's attempt that the engine carries out; option messages echoed 5,000 characters;
RulesCompare counted house rules that are off as differences and named rows and summaries
in internal words.
"""
from __future__ import annotations

import html
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from rulebook import load_rules  # noqa: E402
from rulebook.cards import CardSet  # noqa: E402
from rulebook.errors import RulesError  # noqa: E402
from rulebook.protocol import autoplay  # noqa: E402
from widgets import DealStepper, PlayGame, RulesCompare  # noqa: E402
from widgets.common import MESSAGE_LIMIT, option_value, whole_number  # noqa: E402
from widgets.stepper import position_key  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def everything_shown(widget: Any) -> str:
    """Every word and attribute the widget tree sends to the page: HTML values, button
    descriptions, tooltips, icons and styles, dropdown options and values (hidden parts
    included: the page holds them too)."""
    parts: list[str] = []

    def walk(node: Any) -> None:
        for name in ("value", "description", "tooltip", "icon", "button_style", "options",
                     "tooltips", "max", "min", "disabled"):
            if hasattr(node, name):
                parts.append(f"{name}={getattr(node, name)!r}")
        layout = getattr(node, "layout", None)
        if layout is not None:
            parts.append(f"display={layout.display!r}")
        for child in getattr(node, "children", ()):
            walk(child)

    walk(widget)
    return "\n".join(parts)


# -- 1. a seat's view shows nothing of the hands it may not see ---------------------------------
def _swap(hands: list[str], a: int, b: int) -> list[str]:
    swapped = list(hands)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    return swapped


def _twin_positions(game: str) -> tuple[Any, Any, int]:
    """Two positions of ``game`` that differ only in two other seats' hidden hands (of the
    same size), and the seat to move, whose view they share."""
    rules = load_rules(game)
    deal = rules.new_deal(players=4, seed=5)
    if game in ("badam-satti", "sevens"):
        opened = deal.play(deal.legal_moves()[0])  # the opening 7 is on the table
        hands = [str(h) for h in opened.hands]
        table = str(opened.history[0])
        make = lambda hs: rules.position(table=table, hands=hs, to_move=0)  # noqa: E731
        others = [s for s in range(4) if s != 0 and len(opened.hands[s]) == 13][:2]
    elif game == "satti":
        hands = [str(h) for h in deal.hands]
        held = CardSet()
        for hand in hands:
            held |= CardSet.parse(hand)
        rest = [c for c in ~held if c.rank not in (7, 8, 11)]
        top = str(rest[0])
        pile = str(~(held | CardSet.parse(top)))
        make = lambda hs: rules.position(top=top, hands=hs, draw_pile=pile,  # noqa: E731
                                         to_move=0)
        others = [2, 3]
    else:  # badugi: the seat to act after the blinds
        hands = [str(h) for h in deal.hands]
        make = lambda hs: rules.position(stacks=[100, 100, 100, 100], hands=hs)  # noqa: E731
        first = make(hands)
        others = [s for s in range(4) if s != first.to_move][:2]
    one, two = make(hands), make(_swap(hands, *others))
    assert one.to_move == two.to_move is not None and not one.is_over
    assert one.hands[one.to_move] == two.hands[two.to_move]
    assert one.hands[others[0]] != two.hands[others[0]]  # the twins differ in hidden hands
    return one, two, int(one.to_move)


GAMES = ["badam-satti", "sevens", "satti", "badugi"]


@pytest.mark.clause("BS-INFO-1")
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("play", [False, True])
@pytest.mark.parametrize("classroom", [True, False])
def test_a_seats_view_is_the_same_whatever_the_hidden_hands(game: str, play: bool,
                                                           classroom: bool) -> None:
    one, two, seat = _twin_positions(game)
    seen = []
    for state in (one, two):
        st = DealStepper(state, seat=seat, play=play, classroom=classroom, bots="random",
                         draw_in_background=False)
        st.waiting_toggle.value = True  # a diagram of every hand must not show either
        seen.append(everything_shown(st.widget))
    assert seen[0] == seen[1]
    # the check can tell: the whole table, asked for by name, does show the other hands
    tables = []
    for state in (one, two):
        st = DealStepper(state, seat="table" if not play else seat, play=play,
                         classroom=classroom, bots="random", draw_in_background=False)
        st.hands_toggle.value = "all"
        tables.append(everything_shown(st.widget))
    assert tables[0] != tables[1]


@pytest.mark.clause("BS-INFO-1")
@pytest.mark.parametrize("game", GAMES)
def test_an_inspector_at_another_seat_shows_nothing_of_the_hand_to_move(game: str) -> None:
    from widgets import MoveInspector

    one, two, to_move = _twin_positions(game)
    swapped = {s for s in range(4) if one.hands[s] != two.hands[s]}
    watcher = next(s for s in range(4) if s != to_move and s not in swapped)
    seen = []
    for state in (one, two):
        inspector = MoveInspector(state, seat=watcher)
        assert "✓" not in str(inspector.picker.options)  # no card marked legal
        for value in [v for _label, v in inspector.picker.options][:60]:
            inspector.pick(value)
            seen.append(everything_shown(inspector.widget))
    half = len(seen) // 2
    assert seen[:half] == seen[half:]
    assert "face down" in inspector.answer.value
    # from the seat to move, it answers (and the whole table sees the hands of both)
    own = MoveInspector(one, seat=to_move)
    assert "✓" in str(own.picker.options)
    with pytest.raises(RulesError):
        MoveInspector(one, seat=4)


def test_an_inspector_following_a_stepper_looks_from_the_seat_it_shows() -> None:
    from widgets import MoveInspector

    deal = load_rules("sevens").new_deal(players=4, seed=8)
    st = DealStepper(deal, seat=(deal.to_move + 1) % 4)
    inspector = MoveInspector()
    inspector.follow(st)
    assert inspector.seat == st.shown_seat == (deal.to_move + 1) % 4
    assert "face down" in inspector.answer.value and "✓" not in str(inspector.picker.options)
    st.hands_toggle.value = "all"  # the whole table asked for by name
    assert inspector.seat is None and "✓" in str(inspector.picker.options)


@pytest.mark.parametrize("seat", [4, 99, -1, True, 1.5, "3", "everyone", float("nan")])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: Any) -> None:
    deal = load_rules("badam-satti").new_deal(players=4, seed=3)
    with pytest.raises(RulesError) as refused:
        DealStepper(deal, seat=seat)
    assert "seat" in str(refused.value) and len(str(refused.value)) < 200
    with pytest.raises(RulesError):
        DealStepper(deal, seat=seat, play=True)


def test_a_new_deal_with_fewer_seats_is_refused_not_shown_face_up() -> None:
    rules = load_rules("badam-satti")
    st = DealStepper(rules.new_deal(players=6, seed=1), seat=5)
    assert not st.load(rules.new_deal(players=4, seed=2))
    assert st.state.players == 6 and st.seat == 5  # the deal shown stays, its seat too
    assert "Seat 5 is not at this table" in st.message.value
    assert st.load(rules.new_deal(players=4, seed=2), seat=3)
    assert st.state.players == 4 and st.seat == 3 and st.hands_toggle.value == 3


def test_the_whole_table_is_asked_for_by_name() -> None:
    deal = load_rules("sevens").new_deal(players=4, seed=3)
    for name in (None, "table", "all"):
        st = DealStepper(deal, seat=name)
        assert st.seat is None and st.hands_toggle.value == "all"
        assert "rb-back" not in "".join(c[-1].value for c in st.seat_cells)


def test_a_seat_is_taken_as_a_plain_number() -> None:
    class Lying(int):
        def __lt__(self, other: object) -> bool:
            return False

        def __ge__(self, other: object) -> bool:
            return True

    assert type(whole_number("seat", Lying(2))) is int
    with pytest.raises(RulesError):
        DealStepper(load_rules("sevens").new_deal(players=4, seed=3), seat=Lying(9))


# -- 2. diagrams named by value -----------------------------------------------------------------
def test_forty_new_deals_each_show_their_own_diagram() -> None:
    pytest.importorskip("graphviz")
    rules = load_rules("sevens")
    st = DealStepper(rules.new_deal(players=4, seed=0), draw_in_background=False)
    st.waiting_toggle.value = True
    for seed in range(1, 41):
        # a fresh deal each time, not kept: Python gives its id() to a later one
        assert st.load(rules.new_deal(players=4, seed=seed))
        st.diagram.wait()
        from rulebook.diagrams import Diagram

        spec = st.state.rules.position_diagram
        want = Diagram(st.state.position_diagram(), title=spec.title).html()
        assert st.extra.value == want, f"deal {seed} shows another deal's diagram"


def test_a_position_key_is_its_value() -> None:
    rules = load_rules("sevens")
    a, b = rules.new_deal(players=4, seed=1), rules.new_deal(players=4, seed=2)
    assert position_key(a) != position_key(b)
    assert position_key(a) == position_key(rules.new_deal(players=4, seed=1))
    assert position_key(a.play("7D")) != position_key(a)


def test_no_cache_is_keyed_by_id() -> None:
    """No widget or engine module keys anything by ``id()`` but Satti's move table, whose
    objects live as long as the table and which checks the object it finds (the classroom
    server's rate limit per open connection is not a cache of pictures)."""
    found = []
    for folder in ("widgets", "rulebook"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"(?<![\w.`])id\(", line) and not line.lstrip().startswith("#"):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    allowed = {"rulebook/games/satti/moves.py", "rulebook/games/satti/state.py",
               "rulebook/classroom/app.py"}
    assert [f for f in found if f.split(":")[0] not in allowed] == []


# -- 3. controls in step with what is in force --------------------------------------------------
def test_fewer_players_keep_you_at_the_table_with_a_new_deal() -> None:
    game = PlayGame("sevens", players=7, seat=6, seed=11)
    assert game.stepper.state.players == 7
    game.players_picker.value = 3
    assert game.stepper.state.players == 3 and game.players == 3
    assert game.seat == 2 == game.stepper.human
    assert game.stepper.state.origin["seed"] == 11 == game.seed_box.value
    assert "not at this table" not in game.message.value
    assert "seat 2" in game.message.value
    game.players_picker.value = 5
    assert game.stepper.state.players == 5 and game.seat == 2


def test_a_refused_seed_leaves_the_box_showing_the_seed_in_play() -> None:
    game = PlayGame("badam-satti", seed=42)
    game.seed_box.value = int("9" * 1001)
    assert game.seed_box.value == 42 == game.seed
    assert game.stepper.state.origin["seed"] == 42
    text = re.sub(r"<style>.*?</style>", "", game.message.value, flags=re.S)
    assert "1,001 digits" in text and len(text) < 400
    game.seed_box.value = 7  # a good one still deals
    assert game.stepper.state.origin["seed"] == 7 and game.seed == 7


def test_a_ruleset_with_fewer_seats_moves_you_and_says_so() -> None:
    game = PlayGame("sevens", players=7, seat=6, seed=3)
    game.ruleset_picker.value = "badam-satti"  # 3 to 6 players: 7 is not offered
    assert game.rules.profile_id == "badam-satti"
    players = game.stepper.state.players
    assert players == game.players <= 6 and game.seat == game.stepper.human < players


@pytest.mark.parametrize("text", ["x" * 5000, "1, 2, " + "9" * 5000, "1, 2, x" + "y" * 4000])
def test_option_messages_are_short(text: str) -> None:
    compare = RulesCompare("badugi", draw_in_background=False)
    assert not compare.set_option(0, "stacks", text)
    shown = re.sub(r"<style>.*?</style>", "", compare.reason.value, flags=re.S)
    assert len(shown) < MESSAGE_LIMIT + 100
    spec = load_rules("badugi").profile.options["stacks"]
    with pytest.raises(RulesError) as refused:
        option_value(spec, text)
    assert len(str(refused.value)) < 300
    assert compare.controls[0]["stacks"].value == "100, 100, 100, 100" or \
        "x" not in compare.controls[0]["stacks"].value  # the control shows the value in force


# -- 4. one behaviour for a Satti penalised attempt ---------------------------------------------
@pytest.mark.clause("SAT-EIGHT-2", "SAT-EIGHT-3")
@pytest.mark.parametrize("play", [False, True])
def test_a_skipped_players_attempt_is_what_the_engine_does(play: bool) -> None:
    rules = load_rules("satti")
    hands = ["2C 3C", "4D 5D 3H", "6S 9S", "QC KC"]
    used = CardSet.parse("8H")
    for hand in hands:
        used |= CardSet.parse(hand)
    state = rules.position(top="8H", hands=hands, draw_pile=str(~used), to_move=1,
                           skipped=True)
    engine = state.play("3H")
    assert str(engine.history[-1]) == "try 3H" and len(engine.hands[1]) == 4
    st = DealStepper(state, seat=1, play=play, bots="random")
    assert st.play("3H")
    assert str(st.states[1].history[-1]) == "try 3H"
    assert st.states[1].hands == engine.hands  # the same penalty card drawn
    said = html.unescape(re.sub(r"<[^>]+>", "", st.message.value))
    assert "Not played" not in said
    assert engine.move_log()[-1].text in said  # the log's words
    assert state.explain("3H").reason in said  # and the explanation's
    assert "penalty card" in said
    log = [e.text for e in st.states[-1].move_log()]
    assert engine.move_log()[-1].text in log


# -- 6. RulesCompare in a learner's words -------------------------------------------------------
def test_a_house_rule_that_is_off_is_no_difference() -> None:
    compare = RulesCompare("badam-satti", "sevens", draw_in_background=False)
    count = re.search(r"(\d+) of (\d+) settings differ", compare.table.value)
    assert count is not None
    differing = [r for r in compare.rows if r.differs]
    assert int(count.group(1)) == len(differing)
    for row in differing:  # no row where one is off and the other has none
        assert not (set(row.values) <= {"off", "—"}), row
    rows = re.findall(r'<tr( class="rb-diff")? data-topic="house rules" '
                      r'data-setting="([^"]+)"><td>([^<]*)', compare.table.value)
    marked = {setting for mark, setting, _words in rows if mark}
    assert "flat_10" not in marked and "sevens_first" not in marked
    on = RulesCompare("badam-satti", "badam-satti+flat_10", draw_in_background=False)
    assert "flat_10" in {r.setting for r in on.rows if r.differs}


def test_rulescompare_uses_learner_words_and_card_symbols() -> None:
    compare = RulesCompare("badam-satti", "sevens", draw_in_background=False)
    names = re.findall(r"data-setting=\"[^\"]+\"><td>([^<]*)</td>", compare.table.value)
    assert names
    for name in names:
        assert "_" not in name and name not in ("flat 10", "round count", "stack")
    for header in compare.headers:
        summary = re.sub(r"<style>.*?</style>", "", header.value, flags=re.S)
        assert not re.search(r"\b[2-9TJQKA][SHDC]\b", summary), summary
    assert "7♥ opens" in compare.headers[0].value and "7♦ opens" in compare.headers[1].value


# -- 5. mypy --strict on the widgets ------------------------------------------------------------
def test_widgets_pass_mypy_strict(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install mypy, or the 'test' extra)")
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir",
               str(tmp_path / "mypy_cache"), "--no-error-summary", "--hide-error-context",
               "widgets"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"mypy --strict widgets found errors:\n{done.stdout}{done.stderr}"



# -- 7. diagrams keep their words readable when fitted to a narrow screen ------------------------
@pytest.mark.parametrize("game", ["badam-satti", "sevens", "satti", "badugi"])
def test_a_fitted_diagram_never_shrinks_its_labels_below_readable(game: str) -> None:
    pytest.importorskip("graphviz")
    from rulebook.diagrams import READABLE_FONT_PX, Diagram, readable_width

    diagram = Diagram(load_rules(game).turn_diagram())
    try:
        svg = diagram.svg()
    except Exception as exc:  # noqa: BLE001 - no Graphviz program here
        pytest.skip(f"no Graphviz program to draw with: {exc}")
    width_pt = float(re.search(r'<svg[^>]*\bwidth="([0-9.]+)pt"', svg).group(1))
    smallest_pt = min(float(x) for x in re.findall(r'font-size="([0-9.]+)"', svg))
    floor = readable_width(svg)
    assert floor is not None and floor <= round(width_pt * 4 / 3) + 1
    # at the narrowest width the page may give it, the smallest label is still readable
    assert smallest_pt * 4 / 3 * floor / (width_pt * 4 / 3) >= READABLE_FONT_PX - 0.05
    page = diagram.html()
    assert f'<div class="rb-diagram-canvas" style="min-width:{floor}px">' in page
    assert ".rb-diagram-box{max-width:100%;overflow-x:auto" in page  # it scrolls sideways
    # the labels themselves are drawn large enough to reach that size at the drawing's own
    # size: 9 pt (12 px) or more, never the 7 pt clause ids of old
    assert smallest_pt * 4 / 3 >= READABLE_FONT_PX
