"""What waits on what in a Sevens position (rulebook.games.sevens.waiting): chains on the worked examples of
badam-satti.md, a check of every chain against an independent count over random deals, and
the waiting diagram's DOT source and rendering."""
from __future__ import annotations

import html

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import load_rules
from rulebook.cards import RANKS, Card
from rulebook.protocol import derived_random
from rulebook.games.sevens.waiting import (
    SEAT_COLOURS,
    Chain,
    chain_before,
    holding_back,
    waiting_chains,
    waiting_diagram,
)

graphviz = pytest.importorskip("graphviz", reason="the graphviz package is missing: pip install -e '.[lab]'")


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _before(chains: dict[Card, Chain], card: str) -> list[str]:
    return _texts(chains[Card(card)].before)


# --- worked examples -------------------------------------------------------------------------

def _ex2(**options: bool):  # type: ignore[no-untyped-def]
    return load_rules("badam-satti", **options).position(
        table="4S-TS 7H-QH 3C-8C", hands=["3S JS KH 2C 9C 7D 8D AH", None, None, None],
        to_move=0)


@pytest.mark.clause("BS-EX-2", "BS-MOVE-1", "BS-ROW-1", "BS-ROW-3", "BS-INFO-2")
def test_BS_EX_2_chains() -> None:
    state = _ex2()
    chains = waiting_chains(state)
    assert set(chains) == {c for hand in state.hands for c in hand}
    playable_now = {str(c) for c, chain in chains.items() if chain.playable_now}
    # the playable set {3S, JS, 6H, KH, 2C, 9C, 7D}: every one of them is in some hand
    assert playable_now == {"3S", "JS", "6H", "KH", "2C", "9C", "7D"}
    assert playable_now == {str(c) for c in state.playable()}
    assert _before(chains, "8D") == ["7D"]  # no diamond row yet
    assert _before(chains, "AH") == ["6H", "5H", "4H", "3H", "2H"]  # the hearts row needs 6H
    assert _before(chains, "KS") == ["JS", "QS"]
    assert _before(chains, "AC") == ["2C"]
    ah = chains[Card("AH")]
    assert ah.seat == 0 and ah.anchor == Card("7H") and ah.end == "low"
    assert ah.holders == tuple(next(s for s, h in enumerate(state.hands) if c in h)
                               for c in ah.before)
    assert chains[Card("8D")].anchor is None and chains[Card("8D")].end == "none"
    assert chains[Card("KS")].anchor == Card("TS") and chains[Card("KS")].end == "high"
    assert "waits for 6H (seat" in str(ah)


@pytest.mark.clause("BS-EX-2", "BS-HR-5", "BS-HR-9")
def test_BS_EX_2_house_rules_about_choices_do_not_change_chains() -> None:
    plain = waiting_chains(_ex2())
    for options in ({"sevens_first": True}, {"limited_passes": True}, {"one_final_turn": True}):
        assert waiting_chains(_ex2(**options)) == plain, options


def _ex3(**options: bool):  # type: ignore[no-untyped-def]
    return load_rules("badam-satti", **options).position(
        table="6H-KH 2S-9S", hands=["AH AS TS 5H", None, None], to_move=0)


@pytest.mark.clause("BS-EX-3", "BS-ROW-2")
def test_BS_EX_3_classic_chains() -> None:
    chains = waiting_chains(_ex3())
    assert _before(chains, "5H") == [] and _before(chains, "AS") == [] and \
        _before(chains, "TS") == []
    assert _before(chains, "AH") == ["5H", "4H", "3H", "2H"]
    assert chains[Card("AS")].end == "low" and chains[Card("AS")].anchor == Card("2S")


@pytest.mark.clause("BS-EX-3", "BS-HR-13")
def test_BS_EX_3_ace_high_chains() -> None:
    chains = waiting_chains(_ex3(ace_high=True))
    assert _before(chains, "AH") == [] and chains[Card("AH")].end == "high"
    assert chains[Card("AH")].anchor == Card("KH")
    assert _before(chains, "AS") == ["TS", "JS", "QS", "KS"]  # nothing goes before 2S
    assert _before(chains, "5H") == [] and _before(chains, "TS") == []
    assert _before(chains, "2H") == ["5H", "4H", "3H"]


@pytest.mark.clause("BS-EX-4", "BS-HR-15")
def test_BS_EX_4_eight_before_six_chains() -> None:
    def state(**options: bool):  # type: ignore[no-untyped-def]
        return load_rules("badam-satti", **options).position(
            table="7D", hands=["6D 8D 3C", None, None], to_move=0)

    classic = waiting_chains(state())
    assert _before(classic, "6D") == [] and _before(classic, "8D") == []
    assert _before(classic, "3C") == ["7C", "6C", "5C", "4C"]
    guarded = state(eight_before_six=True)
    chains = waiting_chains(guarded)
    assert _before(chains, "8D") == []
    assert _before(chains, "6D") == ["8D"]
    assert _before(chains, "5D") == ["8D", "6D"]
    assert _before(chains, "3C") == ["7C", "8C", "6C", "5C", "4C"]
    assert set(holding_back(chains)[Card("8D")]) >= {Card(t) for t in "6D 5D 4D 3D 2D AD 9D".split()}
    # once 8D is on the table (whoever played it), 6D is playable
    after = waiting_chains(guarded.play("8D"))
    assert _before(after, "6D") == [] and after[Card("6D")].end == "low"


@pytest.mark.clause("BS-EX-9", "BS-HR-10", "BS-HR-12")
def test_BS_EX_9_chains() -> None:
    rules = load_rules("badam-satti", limited_passes=True)
    a = rules.position(table="AC-JC 4S-KS AD-TD AH-8H",
                       hands=["9H KC", "2S QD", "QC 3S AS JD KD TH JH QH KH"], to_move=0,
                       passes_left=[2, 0, 3])
    chains = waiting_chains(a)
    assert {str(c) for c, ch in chains.items() if ch.playable_now} == {"9H", "QC", "3S", "JD"}
    assert _before(chains, "KC") == ["QC"] and chains[Card("KC")].holders == (2,)
    assert _before(chains, "2S") == ["3S"]
    assert _before(chains, "AS") == ["3S", "2S"] and chains[Card("AS")].holders == (2, 1)
    assert _before(chains, "KD") == ["JD", "QD"] and chains[Card("KD")].holders == (2, 1)
    assert _before(chains, "KH") == ["9H", "TH", "JH", "QH"]
    assert chains[Card("KH")].holders == (0, 2, 2, 2)
    # Position B: everything still out waits on seat 1, who is eliminated
    b = rules.position(table="AC-KC AH-KH 3S-KS AD-JD", hands=["AS", "2S QD", "KD"], to_move=0,
                       passes_left=[0, 0, 0], eliminated=[1])
    chains = waiting_chains(b)
    assert {str(c) for c, ch in chains.items() if ch.playable_now} == {"2S", "QD"}
    assert chains[Card("AS")].before == (Card("2S"),) and chains[Card("AS")].holders == (1,)
    assert chains[Card("KD")].before == (Card("QD"),) and chains[Card("KD")].holders == (1,)


@pytest.mark.clause("BS-OPEN-4", "BS-ROW-1")
def test_empty_table_every_chain_starts_with_the_opening_card() -> None:
    for profile, opening in (("badam-satti", "7H"), ("sevens", "7D")):
        state = load_rules(profile).new_deal(players=4, seed=11)
        chains = waiting_chains(state)
        assert len(chains) == 52
        assert [str(c) for c, ch in chains.items() if ch.playable_now] == [opening]
        for card, chain in chains.items():
            if str(card) != opening:
                assert str(chain.before[0]) == opening
        assert _before(chains, "7S") == [opening]
        assert _before(chains, "5S") == [opening, "7S", "6S"]


def test_chain_before_on_masks() -> None:
    seven_d = Card("7D").mask
    assert chain_before(Card("8D").index, seven_d) == ()
    assert [Card.from_index(i).text for i in chain_before(Card("AD").index, 0)] == \
        ["7D", "6D", "5D", "4D", "3D", "2D"]
    assert [Card.from_index(i).text for i in chain_before(Card("AD").index, 0, ace_high=True)] \
        == ["7D", "8D", "9D", "TD", "JD", "QD", "KD"]


# --- every chain against an independent count ------------------------------------------------

def _expected(card: Card, table: set[Card], ace_high: bool, e86: bool) -> list[str]:
    """The chain, counted here from the rules text without the engine's functions."""
    order = [r for r in "23456789TJQKA"] if ace_high else list(RANKS)
    suit = card.suit
    pos = {r: i for i, r in enumerate(order)}
    row = sorted((pos[c.rank_letter] for c in table if c.suit == suit))
    seven = pos["7"]
    target = pos[card.rank_letter]
    out: list[int] = []
    low, high = (row[0], row[-1]) if row else (seven, seven)
    if not row and target != seven:
        out.append(seven)
    if target > high:
        out += list(range(high + 1, target))
    elif target < low:
        out += list(range(low - 1, target, -1))
    if e86 and target <= pos["6"] and pos["8"] > high:
        # the 6 waits for the 8, which goes after the 7 and before the 6
        out = [p for p in out if p != pos["8"]]
        at = 1 if not row else 0
        out.insert(at, pos["8"])
    return [order[p] + suit for p in out]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60),
       ace_high=st.booleans(), e86=st.booleans())
def test_every_chain_matches_an_independent_count(seed: int, moves: int, ace_high: bool,
                                                  e86: bool) -> None:
    state = load_rules("badam-satti", ace_high=ace_high, eight_before_six=e86).new_deal(
        players=4, seed=seed)
    rng = derived_random(seed, "waiting-test")
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.play(legal[rng.randrange(len(legal))])
    chains = waiting_chains(state)
    table = set(state.table)
    assert set(chains) == {c for hand in state.hands for c in hand}
    for card, chain in chains.items():
        if table:
            assert _texts(chain.before) == _expected(card, table, ace_high, e86), card
            assert chain.playable_now == (card in state.playable())
        assert chain.holders == tuple(
            next(s for s, h in enumerate(state.hands) if c in h) for c in chain.before)


# --- the diagram -----------------------------------------------------------------------------

def _node_line(source: str, node_id: str) -> str:
    for line in source.splitlines():
        if line.strip().startswith((f"{node_id} [", f'"{node_id}" [')):
            return line
    raise AssertionError(f"no node {node_id}")


def _edges(source: str) -> set[str]:
    """``tail -> head`` of every edge (DOT quotes ids that start with a digit)."""
    return {line.strip().split(" [")[0].replace('"', "") for line in source.splitlines()
            if " -> " in line}


@pytest.mark.clause("BS-EX-2")
def test_waiting_diagram_draws_row_ends_chains_and_seat_colours() -> None:
    state = _ex2()
    graph = waiting_diagram(state)
    assert isinstance(graph, graphviz.Digraph)
    source = graph.source
    chains = waiting_chains(state)
    for card, chain in chains.items():
        line = _node_line(source, card.text)
        assert f'fillcolor="{SEAT_COLOURS[chain.seat]}"' in line
        assert f"seat {chain.seat}" in line
        assert ("peripheries=2" in line) == chain.playable_now
    # row ends on the table, and a "no row" box for diamonds
    for node in ("row_S_low", "row_S_high", "row_H_low", "row_H_high", "row_C_low",
                 "row_C_high", "norow_D"):
        _node_line(source, node)
    # arrows: each card from the card just before it in its chain, or from its row end
    edges = _edges(source)
    assert "5H -> 6H" in edges  # 6H before 5H, drawn right to left (dir=back)
    assert "8D -> 9D" in edges and "norow_D -> 7D" in edges and "7D -> 8D" in edges
    assert "JS -> QS" in edges and "row_S_high -> JS" in edges
    assert "3S -> row_S_low" in edges  # 3S below the low end 4S: arrow reversed
    assert "6H holds back" not in source
    assert "holds back 5" in _node_line(source, "6H")  # 5H 4H 3H 2H AH wait on it
    # the legend names every seat and the player to move
    assert "seat 0 (to move)" in source and all(f"seat_{s}" in source for s in range(4))
    assert "BS-MOVE-1" in source


@pytest.mark.clause("BS-EX-4", "BS-HR-15")
def test_waiting_diagram_eight_before_six_draws_the_six_after_the_eight() -> None:
    state = load_rules("badam-satti", eight_before_six=True).position(
        table="7D", hands=["6D 8D 3C", None, None], to_move=0)
    source = waiting_diagram(state).source
    edges = _edges(source)
    assert "6D -> 8D" in edges  # 8D must be on the table before 6D (reversed, low side)
    assert "6D -> row_D" not in edges and "row_D -> 8D" in edges
    assert "BS-HR-15" in source


def test_waiting_diagram_can_show_one_seat() -> None:
    state = _ex2()
    source = waiting_diagram(state, seats=[0]).source
    shown = {c.text for c, ch in waiting_chains(state).items()
             if ch.seat == 0 or any(c in waiting_chains(state)[w].before
                                    for w in state.hand(0))}
    for card in waiting_chains(state):
        present = any(line.strip().startswith((f"{card.text} [", f'"{card.text}" ['))
                      for line in source.splitlines())
        assert present == (card.text in shown), card


def test_waiting_diagram_renders_to_svg() -> None:
    from rulebook.diagrams import Diagram

    diagram = Diagram(waiting_diagram(load_rules("badam-satti").new_deal(players=5, seed=2)))
    if diagram.backend() is None:
        pytest.skip("no Graphviz program: apt-get install graphviz or pip install graphviz-pure")
    svg = html.unescape(diagram.svg())
    assert "</svg>" in svg and "7♥" in svg and "holds back" in svg
