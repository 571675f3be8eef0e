"""The Badugi hand diagram (issue 7): cards as nodes, an edge for each shared suit or rank,
the counting cards marked exactly as the ranking counts them (BDG-RANK-2, -3, -7, BDG-EX-1)."""
from __future__ import annotations

import html
import re
import subprocess
import sys
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import diagrams
from rulebook.games.badugi import evaluate
from rulebook.games.badugi.diagram import clash, conflicts, hand_diagram, other_largest_sets
from rulebook.cards import ALL_CARDS, Card

pytest.importorskip("graphviz", reason="the graphviz package is missing: pip install -e '.[lab]'")

EX1 = ["AC 2D 3H 4S", "KC 2C 3D 4H", "AC 2C 3H 4S", "KC QD JH AC", "AC AS 3H 3D",
       "KC QC KD QD", "2H 5H 9H KH"]

_NODE = re.compile(r'^\t("?)(\w\w)\1 \[(.*)\]$', re.M)
_EDGE = re.compile(r'^\t("?)(\w\w)\1 -> ("?)(\w\w)\3 \[(.*)\]$', re.M)
_ATTR = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^ \]]+)')


def _attrs(text: str) -> dict[str, str]:
    return {k: v.strip('"') for k, v in _ATTR.findall(text)}


def parse(source: str) -> tuple[dict[str, dict[str, str]], dict[frozenset[str], dict[str, str]]]:
    """Nodes {card text: attributes} and edges {pair of card texts: attributes} of a DOT source."""
    nodes = {m.group(2): _attrs(m.group(3)) for m in _NODE.finditer(source)}
    edges = {frozenset((m.group(2), m.group(4))): _attrs(m.group(5)) for m in _EDGE.finditer(source)}
    return nodes, edges


def oracle_clash(a: Card, b: Card) -> str | None:
    """The spec's relation restated independently: share a suit or share a rank (BDG-RANK-2)."""
    if a.suit == b.suit:
        return "suit"
    if a.rank == b.rank:
        return "rank"
    return None


def counted(nodes: dict[str, dict[str, str]]) -> set[str]:
    return {text for text, a in nodes.items() if a.get("peripheries") == "2"
            and "filled" in a.get("style", "") and a["label"].endswith("\\ncounts")}


def dashed(nodes: dict[str, dict[str, str]]) -> set[str]:
    return {text for text, a in nodes.items() if "dashed" in a.get("style", "")
            and "\\ndoes not count\\nBDG-RANK-" in a["label"] and "BDG-RANK-2" in a["label"]}


@pytest.mark.clause("BDG-EX-1", "BDG-RANK-2", "BDG-RANK-4")
@pytest.mark.parametrize("hand", EX1)
def test_BDG_EX_1_diagram_marks_the_counting_cards_evaluate_finds(hand: str) -> None:
    value = evaluate(hand)
    nodes, _ = parse(hand_diagram(hand).source)
    assert set(nodes) == set(hand.split())
    assert counted(nodes) == {c.text for c in value.counting_cards}
    assert dashed(nodes) == {c.text for c in value.discards}
    # the graph label carries the value in words and the class
    label = re.search(r'label="([^"]*)" labeljust', hand_diagram(hand).source)
    assert label and f"{value.words()}, class {value.class_index + 1:,} of 1,092" in label.group(1)


@pytest.mark.clause("BDG-RANK-2")
@pytest.mark.parametrize("hand", EX1)
def test_edges_are_exactly_the_clashing_pairs_and_undirected(hand: str) -> None:
    cards = [Card(t) for t in hand.split()]
    _, edges = parse(hand_diagram(hand).source)
    expected = {frozenset((a.text, b.text)): oracle_clash(a, b)
                for a, b in combinations(cards, 2) if oracle_clash(a, b)}
    assert set(edges) == set(expected)
    for pair, kind in expected.items():
        a = Card(sorted(pair)[0])
        b = Card(sorted(pair)[1])
        shared = a.symbol if kind == "suit" else a.pretty()[:-1]
        assert edges[pair]["label"] == f"same {kind} {shared}"
        assert "BDG-RANK-2" in edges[pair]["tooltip"]
    assert "dir=none" in hand_diagram(hand).source  # the undirected look


@pytest.mark.clause("BDG-RANK-2")
def test_clash_agrees_with_the_spec_on_every_pair_of_cards() -> None:
    for a, b in combinations(ALL_CARDS, 2):
        assert clash(a, b) == oracle_clash(a, b), (a, b)


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3")
@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4, unique=True))
def test_counting_cards_are_a_largest_edge_free_set(cards: list[Card]) -> None:
    value = evaluate(cards)
    nodes, edges = parse(hand_diagram(cards).source)
    shown = counted(nodes)
    assert shown == {c.text for c in value.counting_cards}
    assert not any(frozenset(p) in edges for p in combinations(shown, 2))
    texts = [c.text for c in cards]
    largest = max(k for k in range(1, 5) for sub in combinations(texts, k)
                  if not any(frozenset(p) in edges for p in combinations(sub, 2)))
    assert len(shown) == largest
    assert len(conflicts(cards)) == len(edges)


@pytest.mark.clause("BDG-RANK-2", "BDG-RANK-3")
def test_discard_tooltips_carry_the_rankings_sentence_and_clause_ids() -> None:
    source = hand_diagram("KC 2C 3D 4H").source
    nodes, _ = parse(source)
    tip = nodes["KC"]["tooltip"]
    assert tip.startswith("K♣ does not count: it shares clubs with 2♣, and keeping 2♣ gives the "
                          "lower hand")
    assert "[BDG-RANK-3, BDG-RANK-2]" in tip
    assert nodes["KC"]["label"] == "K♣\\ndoes not count\\nBDG-RANK-3, BDG-RANK-2"
    # the other largest set (KC 3D 4H) is named in the label, and why it was not kept
    assert "K♣ 4♥ 3♦ would make K-4-3, higher than 4-3-2, so it is not kept (BDG-RANK-3)" in source
    assert "BDG-RANK-2" in nodes["2C"]["tooltip"]


@pytest.mark.clause("BDG-RANK-7")
def test_equal_choice_is_said_to_be_shown_first_not_lower() -> None:
    nodes, _ = parse(hand_diagram("AC AS 3H 3D").source)
    assert "[BDG-RANK-7, BDG-RANK-2]" in nodes["AS"]["tooltip"]
    others = other_largest_sets("AC AS 3H 3D")
    assert len(others) == 3 and all(o.clauses == ("BDG-RANK-7",) for o in others)
    assert all(o.class_index == evaluate("AC AS 3H 3D").class_index for o in others)


@pytest.mark.clause("BDG-RANK-4")
def test_one_card_hand_every_pair_is_an_edge() -> None:
    nodes, edges = parse(hand_diagram("KC KD KH KS").source)
    assert len(edges) == 6 and all(e["label"] == "same rank K" for e in edges.values())
    assert counted(nodes) == {"KC"}
    assert "only one card can count" in hand_diagram("KC KD KH KS").source


def test_value_diagram_method_returns_a_diagram() -> None:
    d = evaluate("AC 2C 3H 4S").diagram()
    assert isinstance(d, diagrams.Diagram)
    assert d.title == "A♣ 2♣ 3♥ 4♠: three-card hand 4-3-A, class 718 of 1,092 (1 is the best)"
    assert d.source == hand_diagram("AC 2C 3H 4S").source


def test_ten_reads_10_in_labels() -> None:
    _, edges = parse(hand_diagram("TC TD 2H 3S").source)
    assert [e["label"] for e in edges.values()] == ["same rank 10"]


def test_renders_svg_when_a_backend_exists() -> None:
    d = evaluate("KC QC KD QD").diagram()
    if d.backend() is None:
        pytest.skip("no Graphviz program (dot or graphviz-pure): apt-get install graphviz "
                    "or pip install graphviz-pure")
    svg = html.unescape(d.svg())
    assert "<svg" in svg
    assert "K♦" in svg and "same rank K" in svg and "does not count" in svg
    assert "BDG-RANK-2" in svg  # tooltips survive into the SVG


def test_without_graphviz_shows_source_and_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diagrams, "find_dot", lambda: None)
    shown = evaluate("AC 2C 3H 4S").diagram()._repr_html_()
    assert "rulebook-diagram-source" in shown and "same suit ♣" in shown
    assert html.escape(diagrams.INSTALL_HINT.split(":")[0]) in shown


def test_importing_badugi_does_not_import_graphviz() -> None:
    code = ("import sys, rulebook.games.badugi, rulebook.games.badugi.diagram; "
            "print('graphviz' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_bad_hand_is_refused_with_the_engines_message() -> None:
    from rulebook.errors import CardError
    with pytest.raises(CardError, match="exactly four cards"):
        hand_diagram("AC 2D 3H")


def test_what_the_graph_says_names_cards_in_symbols() -> None:
    source = hand_diagram("KC 2C 3D 4H").source
    words = " ".join(re.findall(r'(?:label|tooltip)="([^"]*)"', source))
    assert "K♣" in words and "2♣" in words
    assert not re.search(r"\b[A2-9TJQK][CDHS]\b", words), words
