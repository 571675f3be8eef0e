"""A sixth ruleset written as a plugin (``tests/plugins/climb``) works everywhere a real game
does, with no edit to shared code: the registry, explanations, the stepper (step and play
mode), the move inspector, the rules comparison, records, ``simulate`` and the turn diagram.

Climb is registered exactly as a ruleset written outside the package is: its TOML profile
names its engine (``engine = "climb:ClimbRules"``) and :func:`rulebook.rules.register_game`
reads it.  ``tests/test_architecture.py`` checks that no shared module names it.
"""
from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parent / "plugins"
if str(PLUGINS) not in sys.path:
    sys.path.insert(0, str(PLUGINS))

import climb  # noqa: E402

from rulebook.cards import Card, CardSet  # noqa: E402
from rulebook.errors import IllegalMove, RecordError, RulesError  # noqa: E402
from rulebook.protocol import Explanation, autoplay, make_bot  # noqa: E402
from rulebook.recording import load_deal  # noqa: E402
from rulebook.records import dumps, load, loads, save  # noqa: E402
from rulebook.rules import load_rules, profile_ids, register_game, unregister_game  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def registered():
    """Climb registered for this module's tests, the way a plugin registers itself."""
    profile = register_game(climb.PROFILE)
    yield profile
    unregister_game(profile.id)


def finished(seed: int = 3, players: int = 3, bots="smart", **options):
    rules = load_rules("climb", **options)
    return autoplay(rules.new_deal(players=players, seed=seed), bots, seed=seed)


def test_registered_like_an_installed_ruleset(registered):
    assert "climb" in profile_ids()
    rules = load_rules("climb", aces_high=True)
    assert isinstance(rules, climb.ClimbRules) and rules.aces_high
    assert rules.profile.options["aces_high"].label == "Aces high"
    assert rules.caption() == "Climb with Aces high"
    assert list(rules.players_range) == [2, 3, 4, 5]
    with pytest.raises(RulesError, match="exists already"):
        register_game(climb.PROFILE)
    with pytest.raises(RulesError, match="hand_size"):
        load_rules("climb", hand_size=2)
    assert make_bot("climb", "smart").name == "smart"


# -- the rules, checked independently of the engine's helpers ------------------------------------
def climb_rank(card: Card, aces_high: bool) -> int:
    return 14 if aces_high and card.text[0] == "A" else "A23456789TJQK".index(card.text[0]) + 1


@pytest.mark.clause("CLIMB-PLAY-1", "CLIMB-PLAY-2", "CLIMB-PLAY-3", "CLIMB-HR-1")
@pytest.mark.parametrize("aces_high", [False, True])
def test_explain_agrees_with_legal_moves_and_tells_the_truth(aces_high):
    for seed in range(6):
        for state in finished(seed, aces_high=aces_high, bots="random").states()[:-1]:
            legal = {str(m) for m in state.legal_moves()}
            hand = state.hands[state.to_move]
            for text in [c.text for c in hand] + ["pass", "KS" if "KS" not in hand else "2C"]:
                e = state.explain(text)
                assert isinstance(e, Explanation)
                assert e.legal == (text in legal), (text, e)
                if text == "pass":
                    assert e.legal == (state.top is not None)
                    continue
                card = Card(text)
                if card not in hand:
                    assert not e.legal and e.facts.kind == "not_held"
                elif state.top is None:
                    assert e.legal and e.deciding_clause == "CLIMB-PLAY-1"
                else:
                    higher = climb_rank(card, aces_high) > climb_rank(state.top, aces_high)
                    assert e.legal == higher
                    assert card.pretty() in e.reason and state.top.pretty() in e.reason
                    ace = "A" in (card.text[0], state.top.text[0])
                    assert e.deciding_clause == ("CLIMB-HR-1" if aces_high and ace
                                                 else "CLIMB-PLAY-2")


@pytest.mark.clause("CLIMB-CLEAR-1", "CLIMB-END-1", "CLIMB-DEAL-1", "CLIMB-TURN-1")
def test_a_deal_clears_the_pile_and_ends_when_a_hand_is_empty():
    start = load_rules("climb").new_deal(players=3, seed=1, dealer=2)
    assert [len(h) for h in start.hands] == [5, 5, 5] and start.to_move == 0
    state = start.play(str(start.legal_moves()[0]))
    state = state.play("pass").play("pass")
    assert state.top is None and state.to_move == 0
    assert "the pile is cleared and seat 0 leads" in str(state.move_log()[-1])
    end = finished(seed=4)
    assert end.is_over and end.legal_moves() == []
    winner = end.outcome.winners[0]
    assert len(end.hands[winner]) == 0 and end.outcome.places[winner] == 1
    with pytest.raises(IllegalMove, match="The deal is over"):
        end.play("pass")


# -- DealStepper, step mode -----------------------------------------------------------------------
def test_the_stepper_steps_through_a_climb_deal():
    from widgets import DealStepper
    from widgets.render import visible_html

    final = finished()
    st = DealStepper(final)
    n = len(final.history)
    assert st.index == n and "Result:" in visible_html(st.widget)
    st.first_button.click()
    assert st.index == 0 and "The start of the deal" in st.move_box.value
    assert "the pile is empty" in visible_html(st.widget)
    log = final.move_log()
    for k in range(n):
        st.next_button.click()
        move = final.history[k]
        assert html.escape(f"plays {move.pretty()}" if str(move) != "pass" else "passes") \
            in st.move_box.value
    assert st.index == n and st.next_button.disabled
    assert any("cleared" in e.text for e in log) or n < 2 * final.players


# -- DealStepper, play mode -----------------------------------------------------------------------
def test_the_stepper_plays_climb_against_computer_players():
    from widgets import DealStepper

    start = load_rules("climb").new_deal(players=3, seed=5, dealer=2)
    st = DealStepper(start, play=True, seat=0)
    assert st.state.to_move == 0
    lit = [b for b in st.card_buttons if b.icon == "check"]
    assert len(lit) == 5 and "pass" in st.action_buttons  # a lead: every card, no pass
    assert st.action_buttons["pass"].icon == ""
    st.click_action("pass")
    assert len(st.states) == 1 and "must lead a card" in st.message.value
    card = min(start.hands[0], key=lambda c: climb_rank(c, False))
    st.click_card(card)
    assert st.states[1].history[0] == climb.Play(card)
    assert st.state.to_move == 0 or st.state.is_over  # the computer players answered
    assert len(st.state.history) >= 3
    if not st.state.is_over and st.state.top is not None:
        low = [c for c in st.state.hands[0] if climb_rank(c, False) <= climb_rank(st.state.top, False)]
        if low:
            before = len(st.states)
            st.click_card(low[0])
            assert len(st.states) == before and "is not higher than" in st.message.value


# -- MoveInspector --------------------------------------------------------------------------------
def test_the_inspector_explains_every_card_and_the_pass():
    from rulebook.html import move_words
    from widgets import MoveInspector
    from widgets.stepper import explanation_html

    state = finished(seed=2).states()[4]
    assert state.to_move is not None
    insp = MoveInspector(state)
    values = [v for _, v in insp.picker.options]
    assert "pass" in values
    for text in [c.text for c in state.hands[state.to_move]] + ["pass"]:
        insp.picker.value = text
        assert insp.answer.value == explanation_html(state.explain(text), "",
                                                     move_words(state, text))


# -- RulesCompare ---------------------------------------------------------------------------------
def test_rules_compare_shows_climb_and_its_house_rule():
    from widgets import RulesCompare

    rc = RulesCompare("climb", "climb+aces_high", draw_in_background=False)
    differ = {r.setting for r in rc.rows if r.differs}
    assert differ == {"card order", "aces_high"}
    assert "Climb with Aces high" in rc.labels[1]
    assert "Aces high" in rc.table.value  # the house-rule row by its label
    assert rc.set_option(0, "hand_size", 7)
    assert rc.rules[0].hand_size == 7


# -- records --------------------------------------------------------------------------------------
def test_a_climb_record_round_trips(tmp_path):
    final = finished(seed=6, players=4)
    text = dumps(final)
    again = loads(text)
    assert again.history == final.history and again.hands == final.hands
    assert again.outcome == final.outcome
    path = tmp_path / "climb.json"
    save(final, path)
    assert load(path).history == final.history
    record = json.loads(text)
    assert '"climb"' in text
    record["moves"] = record["moves"][:-1] + ["pass" if record["moves"][-1] != "pass" else "AS"]
    with pytest.raises(RecordError):
        load_deal(record)
    position = load_rules("climb").position(hands=["AS 2S", "KD", "QC 3H"], top="5C",
                                            to_move=0)
    played = position.play("pass").play("KD")
    assert played.is_over and loads(dumps(played)).history == played.history


# -- simulate -------------------------------------------------------------------------------------
def test_simulate_plays_climb():
    from rulebook.simulation import simulate, summarize

    frame = simulate("climb", players=3, deals=20, seed=1, bots=["smart", "random", "random"])
    assert len(frame) == 60
    assert (frame.groupby("deal")["won"].sum() == 1).all()
    assert set(frame["bot"]) == {"smart", "random"}
    again = simulate("climb", players=3, deals=20, seed=1, bots=["smart", "random", "random"])
    assert frame.equals(again)
    first = load_rules("climb").new_deal(players=3, seed=int(frame["seed"][0]),
                                         dealer=int(frame["dealer"][0]))
    end = autoplay(first, ["smart", "random", "random"], seed=int(frame["seed"][0]))
    assert list(frame["points"][:3]) == [len(h) for h in end.hands]
    table = summarize(frame)
    assert "win rate" in table.columns


# -- turn_diagram ---------------------------------------------------------------------------------
def test_turn_diagram_draws_climb_and_its_house_rule():
    pytest.importorskip("graphviz", reason="the graphviz package draws the turn diagram")
    from rulebook.turnflow import turn_flow

    rules = load_rules("climb")
    source = rules.turn_diagram().source
    assert "CLIMB-CLEAR-1" in source and "lead any card" in source
    diff = turn_flow(rules).diff(turn_flow(rules.with_options(aces_high=True)))
    assert diff.changed_node_ids() == {"climb"}
    assert re.search(r"aces above kings", rules.with_options(aces_high=True).turn_diagram().source)


@pytest.mark.parametrize("profile_id", ["badam-satti", "sevens", "satti", "badugi"])
def test_a_rules_subclass_written_outside_the_game_package_keeps_the_game_rooms(
        profile_id: str) -> None:
    """A teacher's subclass of a game's rules (in a notebook or a test module) still reads
    moves, writes how to play, draws the turn flow and the table the game's way: the rooms
    are found through the class lineage, not the subclass's own module."""
    rules = load_rules(profile_id)

    class Mine(type(rules)):  # type: ignore[misc]
        pass

    mine = Mine(profile=rules.profile, options=dict(rules.options))
    state = mine.new_deal(mine.players_range[0], 3)
    move = state.legal_moves()[0]
    assert mine.parse_move(str(move)) == rules.parse_move(str(move))
    assert str(mine.how_to_play()) == str(rules.how_to_play())
    assert mine.turn_flow().nodes == rules.turn_flow().nodes
    assert type(mine.table_view) is type(rules.table_view)
