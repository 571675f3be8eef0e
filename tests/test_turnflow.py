"""Turn-flow diagrams generated from the rules objects (rulebook.turnflow, rules.turn_diagram()).

For each profile the flow holds the nodes and edges its rules imply; switching one house rule
changes the flow exactly where that rule acts (the set difference against the plain profile
is checked in full); the DOT source carries every clause id as a tooltip and a short clause
line; and the diagram renders when a Graphviz program is present.
"""
from __future__ import annotations

import html
import pathlib
import re
import subprocess
import sys

import pytest

from rulebook import load_rules
from rulebook.rules import profile_ids
from rulebook.games.sevens.core import PASSES_PER_ROUND
from rulebook.turnflow import (
    FlowDiff,
    TurnFlow,
    short_clauses,
    turn_diagram,
    turn_flow,
)

graphviz = pytest.importorskip("graphviz", reason="the graphviz package is missing: pip install -e '.[lab]'")

CLAUSE_ID = re.compile(r"^(BS|SAT|BDG)-[A-Z]+-\d+$")
SPEC_DIR = pathlib.Path(__file__).resolve().parents[2] / "shared" / "rules"


def _spec_clauses() -> set[str] | None:
    if not SPEC_DIR.is_dir():
        return None
    found: set[str] = set()
    for path in SPEC_DIR.glob("*.md"):
        found.update(re.findall(r"^- \*\*((?:BS|SAT|BDG)-[A-Z]+-\d+)\*\*", path.read_text(
            encoding="utf-8"), flags=re.MULTILINE))
    return found


def _diff(base: TurnFlow, other: TurnFlow) -> tuple[set[str], set[str], set[tuple[str, str]],
                                                   set[tuple[str, str]]]:
    d = base.diff(other)
    return ({n.id for n in d.added_nodes}, {n.id for n in d.removed_nodes},
            {(e.tail, e.head) for e in d.added_edges},
            {(e.tail, e.head) for e in d.removed_edges})


def _has_edge(flow: TurnFlow, tail: str, head: str, label: str | None = None) -> bool:
    return any(label is None or e.label == label for e in flow.edges_between(tail, head))


# --- every profile ----------------------------------------------------------------------------

@pytest.mark.parametrize("profile", profile_ids())
def test_every_profile_has_a_well_formed_flow_citing_real_clauses(profile: str) -> None:
    flow = turn_flow(load_rules(profile))
    ids = [n.id for n in flow.nodes]
    assert len(ids) == len(set(ids)), "node ids are unique"
    spec = _spec_clauses()
    for item in (*flow.nodes, *flow.edges):
        assert item.clauses, f"{item} cites no clause"
        for clause in item.clauses:
            assert CLAUSE_ID.match(clause), clause
            if spec is not None:
                assert clause in spec, f"{clause} is not a clause of shared/rules"
    for edge in flow.edges:
        assert edge.tail in ids and edge.head in ids
    # every node but the first can be reached from the first (no stray box)
    reached = {ids[0]}
    frontier = [ids[0]]
    while frontier:
        node = frontier.pop()
        for e in flow.edges:
            if e.tail == node and e.head not in reached:
                reached.add(e.head)
                frontier.append(e.head)
    side_rules = {"row_rule", "six_guard"}  # rule boxes that feed a question (dashed)
    assert set(ids) - reached <= side_rules
    prefix = {"sevens": "BS-", "satti": "SAT-", "badugi": "BDG-"}[load_rules(profile).game]
    assert all(c.startswith(prefix) for c in flow.clauses())


def test_rules_turn_diagram_delegates_to_turnflow() -> None:
    for profile in profile_ids():
        graph = load_rules(profile).turn_diagram()
        assert isinstance(graph, graphviz.Digraph)
        assert graph.source == turn_diagram(load_rules(profile)).source


@pytest.mark.clause("BS-OPEN-1", "BS-OPEN-3", "BS-OPEN-4", "BS-OPEN-5", "BS-MOVE-1", "BS-MOVE-2",
                    "BS-MOVE-3", "BS-MOVE-4", "BS-END-1", "BS-END-2", "BS-END-3", "BS-DEAL-1")
def test_badam_satti_plain_turn_play_or_pass_and_first_out_ends_the_round() -> None:
    flow = turn_flow(load_rules("badam-satti"))
    assert "7♥" in flow.node("opener").label and "7♥" in flow.node("play_opening").label
    assert flow.node("deal").label.startswith("3-6 players")
    assert "BS-DEAL-1" in flow.node("deal").clauses
    assert _has_edge(flow, "first_turn", "play_opening", "yes")
    assert _has_edge(flow, "first_turn", "has_playable", "no")
    assert _has_edge(flow, "has_playable", "must_play", "yes")
    assert _has_edge(flow, "has_playable", "pass", "no")
    assert _has_edge(flow, "pass", "turn")
    assert _has_edge(flow, "hand_empty", "winner", "yes")
    assert _has_edge(flow, "hand_empty", "turn", "no")
    assert _has_edge(flow, "winner", "round_over", "at once")
    assert flow.node("has_playable").clauses == ("BS-MOVE-3", "BS-MOVE-4")
    assert "row order A 2 3 4 5 6 7 8 9 10 J Q K" in flow.node("row_rule").label
    assert "A-K face value" in flow.node("settle").label
    assert {"BS-END-2", "BS-END-3"} <= set(flow.node("settle").clauses)
    for absent in ("hold_seven", "six_guard", "left_holding", "eliminated", "final_turns",
                   "ante", "pay_chip"):
        assert absent not in flow.node_ids()


@pytest.mark.clause("BS-OPEN-2", "BS-CHIP-3", "BS-CHIP-4", "BS-CHIP-5", "BS-DEAL-2")
def test_sevens_profile_opens_with_7D_and_plays_for_chips() -> None:
    plain = turn_flow(load_rules("badam-satti"))
    chips = turn_flow(load_rules("sevens"))
    assert "7♦" in chips.node("opener").label and "BS-OPEN-2" in chips.node("opener").clauses
    assert chips.node("deal").label.startswith("3-7 players")
    assert _has_edge(chips, "deal", "ante") and _has_edge(chips, "ante", "opener")
    assert _has_edge(chips, "pass", "pay_chip") and _has_edge(chips, "pay_chip", "turn")
    assert not _has_edge(chips, "pass", "turn")
    assert chips.node("settle").clauses[0] == "BS-CHIP-5"
    added, removed, _, _ = _diff(plain, chips)
    assert added - removed == {"ante", "pay_chip"}


@pytest.mark.clause("BS-END-4", "BS-END-5")
@pytest.mark.parametrize("scoring,text", [("app", "A-10 face value, J 10, Q 10, K 10"),
                                          ("court_11_12_13", "A-K face value"),
                                          ("one_per_card", "1 per card")])
def test_app_scoring_option_changes_only_the_points_box(scoring: str, text: str) -> None:
    base = turn_flow(load_rules("badam-satti-app"))
    flow = turn_flow(load_rules("badam-satti-app", scoring=scoring))
    assert text in flow.node("settle").label
    added, removed, edges_added, edges_removed = _diff(base, flow)
    assert added <= {"settle"} and removed == added
    assert not edges_added and not edges_removed


# --- one house rule at a time, against the plain profile ---------------------------------

HOUSE_RULE_DIFFS = {
    # option: (nodes added, nodes removed or changed, edges added, edges removed)
    "sevens_first": (
        {"hold_seven", "play_seven"}, set(),
        {("first_turn", "hold_seven"), ("hold_seven", "play_seven"),
         ("hold_seven", "has_playable"), ("play_seven", "hand_empty")},
        {("first_turn", "has_playable")}),
    "limited_passes": (
        {"left_holding", "voluntary", "left_stuck", "pass_used", "eliminated",
         "all_eliminated", "no_winner"}, set(),
        {("has_playable", "left_holding"), ("left_holding", "voluntary"),
         ("left_holding", "must_play"), ("voluntary", "must_play"), ("voluntary", "pass"),
         ("has_playable", "left_stuck"), ("left_stuck", "pass"), ("left_stuck", "eliminated"),
         ("eliminated", "all_eliminated"), ("all_eliminated", "turn"),
         ("all_eliminated", "no_winner"), ("no_winner", "settle"), ("pass", "pass_used"),
         ("pass_used", "turn")},
        {("has_playable", "must_play"), ("has_playable", "pass"), ("pass", "turn")}),
    "eight_before_six": ({"six_guard"}, set(), {("six_guard", "row_rule")}, set()),
    "ace_high": ({"row_rule"}, {"row_rule"}, set(), set()),
    "one_final_turn": (
        {"final_turns", "winner"}, {"winner"},
        {("winner", "final_turns"), ("final_turns", "round_over")},
        {("winner", "round_over")}),
    "flat_10": ({"settle"}, {"settle"}, set(), set()),
}


@pytest.mark.clause("BS-HR-1", "BS-HR-5", "BS-HR-7", "BS-HR-8", "BS-HR-9", "BS-HR-10",
                    "BS-HR-11", "BS-HR-12", "BS-HR-13", "BS-HR-15", "BS-HR-16", "BS-HR-17")
@pytest.mark.parametrize("option", sorted(HOUSE_RULE_DIFFS))
def test_each_house_rule_changes_the_flow_exactly_where_it_acts(option: str) -> None:
    plain = turn_flow(load_rules("badam-satti"))
    flow = turn_flow(load_rules("badam-satti", **{option: True}))
    assert _diff(plain, flow) == HOUSE_RULE_DIFFS[option]
    # and every box or arrow the rule brings cites one of the rule's own clauses
    rule_clauses = set(load_rules("badam-satti").profile.options[option].clauses)
    d = plain.diff(flow)
    for node in d.added_nodes:
        assert rule_clauses & set(node.clauses), node
    new_nodes = {n.id: n for n in d.added_nodes}
    for edge in d.added_edges:  # the arrow cites the rule, or leads into or out of its box
        ends = [new_nodes[i] for i in (edge.tail, edge.head) if i in new_nodes]
        assert rule_clauses & set(edge.clauses) or any(rule_clauses & set(n.clauses)
                                                       for n in ends), edge


@pytest.mark.clause("BS-HR-5")
def test_sevens_first_adds_the_holding_a_seven_branch() -> None:
    flow = turn_flow(load_rules("badam-satti", sevens_first=True))
    assert flow.node("hold_seven").label == "holding a 7?"
    assert flow.node("hold_seven").kind == "question"
    assert _has_edge(flow, "hold_seven", "play_seven", "yes")
    assert _has_edge(flow, "hold_seven", "has_playable", "no")


@pytest.mark.clause("BS-HR-6", "BS-HR-9", "BS-INFO-6")
def test_sevens_first_with_limited_passes_gives_a_seven_holder_no_voluntary_pass() -> None:
    flow = turn_flow(load_rules("badam-satti", sevens_first=True, limited_passes=True))
    assert "BS-HR-6" in flow.node("play_seven").clauses
    assert "BS-HR-6" in flow.edges_between("hold_seven", "play_seven")[0].clauses
    # the only way to the voluntary pass goes through "holding a 7?" -> no
    assert not _has_edge(flow, "play_seven", "voluntary")
    assert not _has_edge(flow, "hold_seven", "left_holding")
    assert _has_edge(flow, "voluntary", "pass", "pass")
    assert "BS-INFO-6" in flow.node("voluntary").clauses


@pytest.mark.clause("BS-HR-8", "BS-HR-10", "BS-HR-11", "BS-HR-12", "BS-END-8")
def test_limited_passes_shows_passes_left_voluntary_pass_and_elimination() -> None:
    flow = turn_flow(load_rules("badam-satti", limited_passes=True))
    assert f"{PASSES_PER_ROUND} passes" in flow.node("pass_used").label
    assert _has_edge(flow, "left_holding", "must_play", "no: must play")
    assert _has_edge(flow, "left_stuck", "eliminated", "no")
    assert _has_edge(flow, "all_eliminated", "no_winner", "yes")
    assert "BS-END-8" in flow.node("no_winner").clauses


@pytest.mark.clause("BS-HR-13", "BS-ROW-2")
def test_ace_high_changes_the_row_order_from_the_engine() -> None:
    label = turn_flow(load_rules("badam-satti", ace_high=True)).node("row_rule").label
    assert "row order 2 3 4 5 6 7 8 9 10 J Q K A" in label
    assert "BS-HR-13" in turn_flow(load_rules("badam-satti", ace_high=True)).node(
        "row_rule").clauses


@pytest.mark.clause("BS-HR-15")
def test_eight_before_six_adds_the_guard_on_sixes() -> None:
    flow = turn_flow(load_rules("badam-satti", eight_before_six=True))
    assert flow.node("six_guard").clauses == ("BS-HR-15",)
    (edge,) = flow.edges_between("six_guard", "row_rule")
    assert edge.style == "dashed"


@pytest.mark.clause("BS-HR-16", "BS-HR-17")
def test_one_final_turn_changes_the_ending() -> None:
    flow = turn_flow(load_rules("badam-satti", one_final_turn=True))
    assert _has_edge(flow, "winner", "final_turns") and _has_edge(flow, "final_turns",
                                                                  "round_over")
    assert not _has_edge(flow, "winner", "round_over")
    assert flow.node("final_turns").section == "end"


@pytest.mark.clause("BS-HR-2", "BS-HR-3", "BS-HR-18")
def test_options_outside_the_turn_leave_it_unchanged() -> None:
    plain = turn_flow(load_rules("badam-satti"))
    for options in ({"ranked": True}, {"round_count": 3}, {"round_count": 7}):
        flow = turn_flow(load_rules("badam-satti", **options))
        assert not plain.diff(flow), options


def test_house_rules_combine_as_the_union_of_their_changes() -> None:
    plain = turn_flow(load_rules("badam-satti"))
    every = dict.fromkeys(["sevens_first", "limited_passes", "eight_before_six", "ace_high",
                           "one_final_turn", "flat_10"], True)
    flow = turn_flow(load_rules("badam-satti", **every))
    added = {n.id for n in plain.diff(flow).added_nodes}
    assert added == set().union(*(spec[0] for spec in HOUSE_RULE_DIFFS.values()))


# --- Satti ----------------------------------------------------------------------------------

@pytest.mark.clause("SAT-TURN-1", "SAT-TURN-2", "SAT-TURN-3", "SAT-EIGHT-2", "SAT-EIGHT-3",
                    "SAT-SEVEN-1", "SAT-SEVEN-4", "SAT-SETUP-2", "SAT-END-1", "SAT-PILE-3")
def test_satti_shows_normal_penalised_and_skipped_turns() -> None:
    flow = turn_flow(load_rules("satti"))
    for head in ("skipped", "penalised", "normal"):
        assert _has_edge(flow, "kind", head), head
    assert _has_edge(flow, "skipped", "turn", "skip")
    assert _has_edge(flow, "skipped", "attempt")
    assert _has_edge(flow, "normal", "play", "yes") and _has_edge(flow, "normal", "draw", "no")
    assert _has_edge(flow, "last_card", "out", "yes")
    assert _has_edge(flow, "effect", "penalty_next") and _has_edge(flow, "effect", "skip_next")
    assert _has_edge(flow, "effect", "name_suit")
    assert "deal 6 cards" in flow.node("deal").label
    assert flow.node("stopped").kind == "end"


@pytest.mark.clause("SAT-SEVEN-2", "SAT-SEVEN-3", "SAT-SEVEN-5")
def test_satti_seven_stacking_on_or_off() -> None:
    on = turn_flow(load_rules("satti"))
    off = turn_flow(load_rules("satti", seven_stacking=False))
    assert _diff(on, off) == (
        {"penalty_next"}, {"stack_choice", "stack_seven", "penalty_next"},
        {("penalised", "penalty_draw")},
        {("penalised", "stack_choice"), ("stack_choice", "stack_seven"),
         ("stack_choice", "penalty_draw"), ("stack_seven", "last_card")})
    (edge,) = off.edges_between("penalised", "penalty_draw")
    assert edge.clauses == ("SAT-SEVEN-5",) and "draw 2" in edge.label
    assert "SAT-SEVEN-3" in on.node("penalty_next").clauses
    assert "SAT-SEVEN-3" not in off.node("penalty_next").clauses


@pytest.mark.clause("SAT-TURN-4", "SAT-TURN-5")
def test_satti_play_after_draw_on_or_off() -> None:
    on = turn_flow(load_rules("satti"))
    off = turn_flow(load_rules("satti", play_after_draw=False))
    assert _diff(on, off) == (
        set(), {"drawn_fits", "auto_play"},
        {("draw", "keep")},
        {("draw", "drawn_fits"), ("drawn_fits", "auto_play"), ("drawn_fits", "keep"),
         ("auto_play", "last_card")})
    assert off.edges_between("draw", "keep")[0].clauses == ("SAT-TURN-5",)


@pytest.mark.clause("SAT-SETUP-2")
def test_satti_hand_size_is_read_from_the_rules() -> None:
    base = turn_flow(load_rules("satti"))
    for size in (5, 7):
        flow = turn_flow(load_rules("satti", hand_size=size))
        assert f"deal {size} cards" in flow.node("deal").label
        assert _diff(base, flow) == ({"deal"}, {"deal"}, set(), set())


# --- Badugi ---------------------------------------------------------------------------------

@pytest.mark.clause("BDG-BET-1", "BDG-BET-2", "BDG-BET-4", "BDG-BET-5", "BDG-SEAT-5",
                    "BDG-SHOW-1", "BDG-DRAW-1", "BDG-SEAT-3")
def test_badugi_blinds_betting_draws_showdown_with_fold_exits_and_the_cap() -> None:
    flow = turn_flow(load_rules("badugi"))
    path = ["seats", "blinds", "deal", "R1", "D1", "R2", "D2", "R3", "D3", "R4", "showdown",
            "next_hand"]
    for tail, head in zip(path, path[1:]):
        assert _has_edge(flow, tail, head), (tail, head)
    assert "small 5" in flow.node("blinds").label and "big 10" in flow.node("blinds").label
    for rnd, size in (("R1", 10), ("R2", 10), ("R3", 20), ("R4", 20)):
        assert _has_edge(flow, rnd, "fold_win", "all but one fold")
        (loop,) = flow.edges_between(rnd, rnd)
        assert f"+{size}" in loop.label and "BDG-BET-4" in loop.clauses
        assert f"bets and raises of {size}" in flow.node(rnd).label
        assert "3 raises" in flow.node(rnd).label
    assert "at most 40" in flow.node("R1").label and "BDG-BET-5" in flow.node("R1").clauses
    assert "at most 80" in flow.node("R3").label
    for draw in ("D1", "D2", "D3"):
        assert not _has_edge(flow, draw, "fold_win")
    assert flow.node("fold_win").clauses == ("BDG-SHOW-1",)
    assert dict(flow.sections)["turn"] == "The hand"


@pytest.mark.clause("BDG-SEAT-4", "BDG-SEAT-2")
def test_badugi_small_bet_and_stacks_change_only_their_labels() -> None:
    base = turn_flow(load_rules("badugi"))
    flow = turn_flow(load_rules("badugi", small_bet=6))
    assert "small 3" in flow.node("blinds").label and "big 6" in flow.node("blinds").label
    assert "+12" in flow.edges_between("R4", "R4")[0].label
    added, removed, edges_added, edges_removed = _diff(base, flow)
    assert added == removed == {"blinds", "R1", "R2", "R3", "R4"}
    assert edges_added == edges_removed == {("R1", "R1"), ("R2", "R2"), ("R3", "R3"),
                                            ("R4", "R4")}
    stacks = turn_flow(load_rules("badugi", stacks=[50, 0, 80]))
    assert "50, 0, 80" in stacks.node("seats").label
    assert _diff(base, stacks)[:2] == ({"seats"}, {"seats"})


# --- DOT source and rendering -------------------------------------------------------------

def _node_line(source: str, node_id: str) -> str:
    for line in source.splitlines():
        if line.strip().startswith(f"{node_id} ["):
            return line
    raise AssertionError(f"no node {node_id} in the DOT source")


@pytest.mark.parametrize("profile", profile_ids())
def test_dot_source_carries_clause_ids_as_tooltips_and_short_labels(profile: str) -> None:
    rules = load_rules(profile)
    flow = turn_flow(rules)
    source = turn_diagram(rules).source
    for node in flow.nodes:
        line = _node_line(source, node.id)
        assert f'tooltip="{" ".join(node.clauses)}:' in line
        assert f"[{short_clauses(node.clauses)}]" in line
    edge_lines = [line for line in source.splitlines() if " -> " in line]
    assert len(edge_lines) == len(flow.edges)
    for line, edge in zip(edge_lines, flow.edges):
        assert line.strip().startswith(f"{edge.tail} -> {edge.head}")
        assert f'tooltip="{" ".join(edge.clauses)}"' in line
    for section, caption in flow.sections:
        if any(n.section == section for n in flow.nodes):
            assert f"subgraph cluster_{section}" in source and caption in source


def test_dot_source_of_a_house_rule_holds_its_clause() -> None:
    source = load_rules("badam-satti", sevens_first=True).turn_diagram().source
    line = _node_line(source, "hold_seven")
    assert 'tooltip="BS-HR-5: holding a 7?"' in line and "[BS-HR-5]" in line
    assert "BS-HR-5" not in load_rules("badam-satti").turn_diagram().source


def test_against_highlights_exactly_what_differs() -> None:
    plain = load_rules("badam-satti")
    rules = load_rules("badam-satti", eight_before_six=True)
    source = turn_diagram(rules, against=plain).source
    red = [line.strip().split(" ")[0] for line in source.splitlines() if "#c0392b" in line]
    assert red == ["six_guard", "six_guard"]  # the new box and its arrow
    assert "#c0392b" not in turn_diagram(plain, against=plain).source


def test_short_clauses_groups_runs_of_three_or_more() -> None:
    assert short_clauses(("BS-HR-8", "BS-HR-9", "BS-HR-10", "BS-HR-12")) == \
        "BS-HR-8..10 BS-HR-12"
    assert short_clauses(("SAT-END-1", "SAT-END-2")) == "SAT-END-1 SAT-END-2"
    assert short_clauses(()) == ""


def test_flow_diff_is_empty_for_equal_rules_and_unknown_node_raises() -> None:
    flow = turn_flow(load_rules("satti"))
    assert not flow.diff(turn_flow(load_rules("satti")))
    assert isinstance(flow.diff(flow), FlowDiff)
    with pytest.raises(KeyError, match="no node 'nope'"):
        flow.node("nope")


def test_unknown_game_is_refused() -> None:
    class Fake:
        game = "chess"

    with pytest.raises(ValueError, match="no turn flow for the game 'chess'"):
        turn_flow(Fake())  # type: ignore[arg-type]


def test_building_a_flow_does_not_import_graphviz() -> None:
    code = ("import sys; from rulebook import load_rules; from rulebook.turnflow import turn_flow;"
            "[turn_flow(load_rules(p)) for p in ('badam-satti', 'satti', 'badugi')];"
            "assert 'graphviz' not in sys.modules, 'graphviz imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("rules", [
    load_rules("badam-satti", sevens_first=True, limited_passes=True, eight_before_six=True,
               one_final_turn=True),
    load_rules("sevens"),
    load_rules("satti", seven_stacking=False),
    load_rules("badugi"),
], ids=["badam-satti-all-house-rules", "sevens", "satti-no-stacking", "badugi"])
def test_turn_diagram_renders_to_svg(rules: object) -> None:
    from rulebook.diagrams import Diagram

    diagram = Diagram(rules.turn_diagram())  # type: ignore[attr-defined]
    if diagram.backend() is None:
        pytest.skip("no Graphviz program: apt-get install graphviz or pip install graphviz-pure")
    svg = diagram.svg()
    assert svg.lstrip().startswith(("<?xml", "<svg")) and "</svg>" in svg
    flow = turn_flow(rules)  # type: ignore[arg-type]
    text = html.unescape(svg)  # dot writes "-" as "&#45;"
    for node in flow.nodes:
        assert f"{' '.join(node.clauses)}: " in text, node.id  # the tooltip survives
