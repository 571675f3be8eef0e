"""PlayGame, headless: the controls, new deals and seeds, whole matches, checked on what it shows.

What it must show is computed here from the engine independently: the deals by
``rules.new_deal`` / ``autoplay``, the player counts by asking ``new_deal`` for each count,
the computer players from the registry, the match totals by replaying every deal's moves
into ``rules.new_match`` and adding up each deal's points.
"""
from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest

from rulebook import load_rules
from rulebook.errors import RulebookError, RulesError
from rulebook.games.sevens.rules import TIE_BREAK
from rulebook.match import MatchResult, explain_match_result
from rulebook.protocol import BOTS, autoplay
from rulebook.rules import profile_ids
from widgets import PlayGame
from widgets.render import visible_html


def play_one(st) -> None:
    """Click what a player would: a lit card (a suit for a jack, a Badugi draw) or an action."""
    state = st.state
    if state.rules.game == "badugi" and state.phase.startswith("D"):
        st.draw_button.click()
        return
    lit = [b for b in st.card_buttons if b.icon == "check"]
    if lit:
        lit[0].click()
        if st.suit_box.children:
            st.suit_buttons[-1].click()
        return
    next(b for b in st.action_box.children if b.icon == "check").click()


def finish_deal(game: PlayGame) -> None:
    for _ in range(1000):
        if game.stepper.state.is_over:
            return
        play_one(game.stepper)
    pytest.fail("the deal did not end")


def accepted_counts(rules) -> list[int]:
    """The player counts the engine accepts, asked here one by one."""
    out = []
    for n in range(1, 13):
        try:
            rules.new_deal(players=n, seed=1)
        except RulebookError:
            continue
        out.append(n)
    return out


def test_the_stepper_plays_the_deal_of_the_seed_shown():
    game = PlayGame("badam-satti", seed=42)
    assert game.seed == 42 and game.seed_box.value == 42
    st = game.stepper
    assert st.play_mode and st.classroom and st.human == 0
    rules = load_rules("badam-satti")
    start = rules.new_deal(players=4, seed=42)
    assert st.states[0].hands == start.hands
    # the computer players before your first turn play as autoplay would
    reference = autoplay(start, "smart", seed=42)
    shown = [str(m) for m in st.state.history]
    assert shown == [str(m) for m in reference.history[:len(shown)]]
    assert st.state.to_move == 0
    assert game.stepper.widget in game.widget.children


def test_new_deal_draws_a_fresh_seed_and_a_typed_seed_repeats_a_deal():
    game = PlayGame("sevens", seed=5)
    first_hands = game.stepper.states[0].hands
    seeds = set()
    for _ in range(5):
        game.new_deal_button.click()
        seeds.add(game.seed)
        assert game.seed_box.value == game.seed  # the seed is on screen
        assert game.stepper.states[0].hands == \
            load_rules("sevens").new_deal(players=4, seed=game.seed).hands
    assert len(seeds) == 5  # five clicks, five deals
    game.seed_box.value = 5  # a teacher types the seed of the first deal: the same deal again
    assert game.seed == 5 and game.stepper.states[0].hands == first_hands
    game.new_deal(seed=77)
    assert game.seed == 77 and game.seed_box.value == 77


def test_two_students_do_not_share_a_deal_by_default():
    a, b = PlayGame(), PlayGame()
    assert a.seed != b.seed and a.stepper.states[0].hands != b.stepper.states[0].hands


@pytest.mark.parametrize("pid", profile_ids())
def test_every_ruleset_offers_its_players_and_computer_strengths(pid):
    game = PlayGame("badam-satti", seed=3)
    game.ruleset_picker.value = pid
    rules = load_rules(pid)
    assert game.rules == rules
    assert [v for _l, v in game.players_picker.options] == accepted_counts(rules)
    names = sorted(n for g, n in BOTS if g == rules.game)
    assert sorted(v for _l, v in game.strength_picker.options) == names
    assert ("random (any legal move)", "random") in game.strength_picker.options
    assert game.stepper.state.rules == rules and game.seed == 3  # dealt again, same seed
    has_matches = pid in ("badam-satti", "badam-satti-app", "sevens")
    assert (game.match_toggle.layout.display != "none") == has_matches
    if has_matches:
        assert f"({rules.match_length()} deals)" in game.match_toggle.description
    assert "_" not in game.ruleset_picker.label


def test_players_and_strength_deal_the_same_seed_again():
    game = PlayGame("satti", seed=9, players=3, strength="easy")
    assert len(game.stepper.states[0].hands) == 3
    game.players_picker.value = 5
    assert game.seed == 9 and game.stepper.states[0].hands == \
        load_rules("satti").new_deal(players=5, seed=9).hands
    game.strength_picker.value = "random"
    assert game.stepper.bots_spec == "random"
    start = load_rules("satti").new_deal(players=5, seed=9)
    reference = autoplay(start, "random", seed=9)
    shown = [str(m) for m in game.stepper.state.history]
    assert shown == [str(m) for m in reference.history[:len(shown)]]


@pytest.mark.parametrize("pid", ["badam-satti", "sevens", "satti", "badugi"])
def test_a_whole_deal_ends_with_every_hand_and_the_result(pid):
    game = PlayGame(pid, seed=11)
    finish_deal(game)
    final = game.stepper.state
    text = visible_html(game.widget)
    assert "Result:" in text and 'class="rb-table rb-results"' in text
    for seat in range(1, final.players):
        cell = game.stepper.seat_cells[seat][-1].value
        assert set(re.findall(r'data-card="(\w\w)"', cell)) == set(final.hands[seat].texts())
    assert game.match_box.layout.display == "none"  # no match: no scores


def match_by_replay(game: PlayGame, deals: list) -> object:
    """The match the engine gives for the deals played, replayed here move by move."""
    match = game.rules.new_match(players=game.players, seed=game.seed, dealer=0)
    for final in deals:
        for move in final.history:
            match = match.play(move)
    return match


@pytest.mark.clause("BS-MATCH-1", "BS-MATCH-2", "BS-DEAL-7")
@pytest.mark.parametrize("pid, unit", [("badam-satti", "points"), ("sevens", "chips")])
def test_a_whole_match_with_running_scores_and_the_result_explained(pid, unit):
    game = PlayGame(pid, seed=2024, match=True, players=3)
    assert game.in_match and game.match.length == 5
    played = []
    for k in range(5):
        assert game.stepper.states[0].dealer == k % 3  # the deal moves left (BS-DEAL-7)
        finish_deal(game)
        played.append(game.stepper.state)
        scores = html.unescape(game.scores.value)
        reference = match_by_replay(game, played)
        for j in range(k + 1):  # one row per finished deal, with the running totals
            totals = reference.rules.match_totals(reference.outcomes[:j + 1], 3)
            row = re.search(rf'<tr data-deal="{j + 1}">(.*?)</tr>', scores).group(1)
            assert [int(x) for x in re.findall(r'<td class="rb-num">(-?\d+) ', row)] == \
                list(totals)
        assert f"deal {k + 1} of 5 is over" in scores
        if k < 4:
            assert game.next_deal_button.layout.display is None
            assert game.next_deal_button.description == f"deal {k + 2} of 5"
            assert "The match is over" not in scores
            game.next_deal_button.click()
            assert not game.stepper.state.is_over and len(game.stepper.states[0].history) == 0
        else:
            assert game.next_deal_button.layout.display == "none"
    assert reference.is_over
    for line in explain_match_result(reference.result, unit):
        assert line in scores
    assert "The match is over." in scores
    assert f'<th>{unit}</th>' in scores
    rule = next(r for r in load_rules(pid).describe() if r.topic == "match")
    assert rule.meaning in scores  # how a match is won, in the ruleset's words
    # the deals were those of the match: seed and dealer of each deal from rules.new_match
    for k, final in enumerate(played):
        assert final.origin["seed"] == reference.deal_seed(k)


def test_the_match_switch_starts_a_new_match_and_games_without_matches_hide_it():
    game = PlayGame("badam-satti-app", seed=1)
    assert game.match is None and game.match_box.layout.display == "none"
    game.match_toggle.value = True
    assert game.in_match and game.match.seed == 1 and game.match_box.layout.display is None
    assert "deal 1 of 5" in game.scores.value
    game.ruleset_picker.value = "badugi"
    assert not game.in_match and game.match_toggle.layout.display == "none"


def test_rulesets_given_as_text_or_objects_and_bad_arguments():
    game = PlayGame("badam-satti+sevens_first", seed=1)
    assert game.rules == load_rules("badam-satti", sevens_first=True)
    assert game.ruleset_picker.label == "Badam Satti (classic) with Sevens first"
    obj = PlayGame(load_rules("satti", hand_size=5), seed=1)
    assert obj.rules.option("hand_size") == 5 and len(obj.stepper.states[0].hands[0]) == 5
    assert PlayGame("badugi", seed=1).players == 4
    with pytest.raises(RulesError, match="2 to 6 players"):
        PlayGame("satti", players=9)
    with pytest.raises(RulesError, match="no computer player 'genius'"):
        PlayGame("sevens", strength="genius")
    with pytest.raises(RulesError, match="seat"):
        PlayGame("sevens", seat=5)
    with pytest.raises(RulesError, match="unknown ruleset"):
        PlayGame("poker")
    with pytest.raises(RulesError, match="seed"):
        PlayGame("sevens", seed="x")  # type: ignore[arg-type]


def test_nothing_on_screen_is_a_python_repr_or_a_clause_tuple():
    game = PlayGame("badam-satti", seed=8, match=True)
    finish_deal(game)
    text = visible_html(game.widget)
    assert "('" not in text and "Row(" not in text and "Error" not in text
    assert "Match" in game.scores.value


# -- the match result in words -----------------------------------------------------------------

def _chain(total, cards, won, average):
    return {"total": total, "cards_at_end": cards, "rounds_won": won,
            "average_position": Fraction(average)}


@pytest.mark.clause("BS-MATCH-3", "BS-MATCH-4", "BS-MATCH-5")
def test_the_tie_break_is_told_step_by_step():
    result = MatchResult(
        places=(2, 1, 4, 2), winners=(1,), totals=(20, 10, 30, 20), summary="",
        tie_break=(_chain(20, 2, 1, "5/2"), _chain(10, 0, 3, 1), _chain(30, 5, 0, 4),
                   _chain(20, 2, 1, "5/2")), steps=TIE_BREAK)
    lines = explain_match_result(result)
    assert lines[0] == "Seat 1 wins the match with 10 points, the lowest total."
    assert lines[1] == (
        "Seats 0 and 3 both have 20 points; the tie goes to fewer cards held at the end of "
        "the last round: seat 0 held 2 cards at the end, seat 3 held 2 cards at the end; "
        "then to more rounds won: seat 0 won 1, seat 3 won 1; then to the better average "
        "finishing place: seat 0 averaged 2.5, seat 3 averaged 2.5; seats 0 and 3 are equal "
        "on every tie-break and share 2nd place.")
    three = MatchResult(
        places=(1, 3, 2), winners=(0,), totals=(7, 7, 7), summary="",
        tie_break=(_chain(7, 1, 2, 2), _chain(7, 3, 1, 2), _chain(7, 1, 1, 2)), steps=TIE_BREAK)
    lines = explain_match_result(three)
    assert lines[0] == "Seat 0 wins the match with 7 points, the lowest total."
    # all three tie on points; cards at the end part seat 1 off; rounds won part 0 and 2
    assert lines[1] == (
        "Seats 0, 1 and 2 all have 7 points; the tie goes to fewer cards held at the end of "
        "the last round: seat 0 held 1 card at the end, seat 1 held 3 cards at the end, "
        "seat 2 held 1 card at the end; then to more rounds won: seat 0 won 2, seat 2 won 1.")


@pytest.mark.clause("BS-CHIP-10", "BS-MATCH-7")
def test_shared_places_without_a_chain():
    chips = MatchResult(places=(1, 1, 3), winners=(0, 1), totals=(12, 12, -24), summary="")
    assert explain_match_result(chips, "chips") == (
        "Seats 0 and 1 share first place with 12 chips each.",
        "Seats 0 and 1 both have 12 chips and share 1st place.")
    points = MatchResult(places=(1, 2, 2), winners=(0,), totals=(3, 9, 9), summary="")
    assert explain_match_result(points) == (
        "Seat 0 wins the match with 3 points, the lowest total.",
        "Seats 1 and 2 both have 9 points and share 2nd place.")


@pytest.mark.clause("BS-MATCH-3")
def test_the_tie_break_sentences_are_true_for_real_matches():
    rules = load_rules("badam-satti")
    checked = 0
    for seed in range(120):
        match = rules.new_match(players=4, seed=seed).autoplay("smart", seed=seed)
        result = match.result
        if len(set(result.totals)) == 4:
            continue
        lines = explain_match_result(result)
        last = match.deals[-1].outcome
        for seat in range(4):  # every value quoted is the position's, computed here
            held = last.cards_left[seat]
            quoted = f"seat {seat} held {held} card{'' if held == 1 else 's'} at the end"
            tied = [s for s in range(4) if result.totals[s] == result.totals[seat]]
            if len(tied) > 1:
                assert any(quoted in line for line in lines), (seed, lines)
        checked += 1
    assert checked >= 3
