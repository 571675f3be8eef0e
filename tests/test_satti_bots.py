"""Satti computer players (SAT-AI-1..5): choices from the view only, step by step."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rulebook import load_rules
from rulebook.cards import ALL_CARDS, CardSet, parse_cards
from rulebook.protocol import TurnRandom, autoplay, make_bot
from rulebook.games.satti import SattiState, SattiView
from rulebook.games.satti.bots import group_size, smart_suit

RULES = load_rules("satti")


def pack_rest(*groups: str) -> list[str]:
    used = {c.text for g in groups for c in parse_cards(g)}
    return [c.text for c in ALL_CARDS if c.text not in used]


def position(top: str, hands: list[str], rules: Any = None, **kw: Any) -> SattiState:
    rules = rules or RULES
    rest = pack_rest(top, *hands)
    return rules.position(top=top, hands=hands, discards=" ".join(rest), **kw)


def choose(bot: str, state: SattiState, turn: int = 0) -> str:
    rng = TurnRandom(1)
    rng.start_turn(turn)
    move = make_bot("satti", bot).choose(state.view(state.to_move), rng)
    assert move in state.legal_moves()
    return str(move)


@pytest.mark.clause("SAT-AI-1")
@pytest.mark.parametrize("bot", ["random", "easy", "smart"])
def test_SAT_AI_1_bots_choose_legal_moves_and_always_skip(bot: str) -> None:
    skipped = position("8D", ["8S 3D", "AC"], skipped=True)
    for turn in range(20):
        assert choose(bot, skipped, turn) == "skip"
    for seed in range(30):
        state = autoplay(RULES.new_deal(players=3, seed=seed), bot, seed=seed)
        assert state.is_over  # every move was checked legal by play()


@pytest.mark.clause("SAT-AI-2")
def test_SAT_AI_2_easy_picks_a_playable_card_uniformly() -> None:
    state = position("9H", ["9C 4H JS KD", "AC 2C"])
    picks = Counter(choose("easy", state, t).split(">")[0] for t in range(2000))
    assert set(picks) == {"9C", "4H", "JS"}  # the jack counts once, KD never
    assert all(550 < n < 780 for n in picks.values())
    suits = Counter(m.split(">")[1] for m in (choose("easy", state, t) for t in range(3000))
                    if m.startswith("JS"))
    assert set(suits) == set("CDHS") and min(suits.values()) > 180
    assert choose("easy", position("9H", ["KD 2C", "AC"])) == "draw"
    penalised = position("7C", ["7H 7S 2C", "AC"], penalty=2)
    assert Counter(choose("easy", penalised, t) for t in range(200)).keys() == {"7H", "7S"}
    no_seven = position("7C", ["2C 3D", "AC"], penalty=2)
    assert choose("easy", no_seven) == "draw"


@pytest.mark.clause("SAT-AI-2", "SAT-AI-5", "SAT-TURN-4")
def test_SAT_AI_2_naming_after_a_drawn_jack() -> None:
    rest = pack_rest("QC", "3D 5H 5D", "AC 2D", "JD")
    state = RULES.position(top="QC", hands=["3D 5H 5D", "AC 2D"],
                           draw_pile=" ".join(rest) + " JD", discards="").play("draw")
    assert state.naming
    names = Counter(choose("easy", state, t) for t in range(400))
    assert set(names) == {"name C", "name D", "name H", "name S"}
    assert choose("smart", state) == "name D"  # two diamonds, one heart


@pytest.mark.clause("SAT-AI-3", "SAT-AI-4", "SAT-EX-1")
def test_SAT_EX_1_smart_plays_2H() -> None:
    state = position("9H", ["9C 4H 2H JS KD 7S", "2C 3C 4C 5C 6C"])
    assert group_size(state._t.hands[0], ALL_CARDS.index(ALL_CARDS[1 * 4 + 2])) == 2  # 2H
    assert choose("smart", state) == "2H"


@pytest.mark.clause("SAT-AI-3")
def test_SAT_AI_3_smart_steps_in_order() -> None:
    # (1) penalised: a 7 if it may, otherwise draw
    assert choose("smart", position("7C", ["7H 2C", "AC"], penalty=2)) == "7H"
    assert choose("smart", position("7C", ["2C 3C", "AC"], penalty=2)) == "draw"
    no_stack = load_rules("satti", seven_stacking=False)
    assert choose("smart", position("7C", ["7H 2C", "AC"], penalty=2, rules=no_stack)) == "draw"
    # (2) next player on 1 or 2 cards: a fitting 7, failing that a fitting 8
    hand = "7H 8H 4H JS"
    assert choose("smart", position("9H", [hand, "AC 2C"])) == "7H"
    assert choose("smart", position("9H", ["8H 4H JS", "AC"])) == "8H"
    assert choose("smart", position("9H", [hand, "AC 2C 3C"])) == "4H"  # (3) otherwise
    # (4) a fitting 7 before (5) a J
    assert choose("smart", position("9H", ["7H JS KD", "AC 2C 3C"])) == "7H"
    # (5) a J, naming the suit held most of once the J has gone
    assert choose("smart", position("9H", ["JS KD QD 2C", "AC 2S 3C"])) == "JS>D"
    assert choose("smart", position("9H", ["JS", "AC 2S 3C"])) == "JS"  # last card: no suit
    # (6) draw
    assert choose("smart", position("9H", ["KD 2C", "AC 2S 3C"])) == "draw"


@pytest.mark.clause("SAT-AI-4")
def test_SAT_AI_4_largest_group_then_canonical_order() -> None:
    # 5H: hearts 5H 9H? no: top KH; candidates 5H, 3H, KS.  Group: 5H -> max(2 hearts,
    # 2 fives)=2; 3H -> 2; KS -> max(spades 1, kings 1)=1... with 5C the fives make 2.
    state = position("KH", ["5H 3H KS 5C", "AC 2S 3C"])
    assert choose("smart", state) == "3H"  # 3H and 5H both 2: canonical order
    state = position("KH", ["5H 3H KS 5C 5D", "AC 2S 3C"])
    assert choose("smart", state) == "5H"  # the fives make 3
    assert group_size(CardSet.parse("5H 3H KS 5C 5D").mask, 4 * 4 + 2) == 3


@pytest.mark.clause("SAT-AI-5")
def test_SAT_AI_5_suit_held_most_ties_canonical() -> None:
    assert smart_suit(CardSet.parse("2S 3S 4H").mask) == 3
    assert smart_suit(CardSet.parse("2S 4H").mask) == 2  # tie H/S: hearts first
    assert smart_suit(CardSet.parse("2C 2D 2H 2S").mask) == 0
    # no preference to the J's own suit: JS with hand D D C after the J leaves
    assert choose("smart", position("9H", ["JS 2D 3D 4C 5S", "AC 2S 3C"])) == "JS>D"
    assert choose("smart", position("9H", ["JS 2S 3D 4C 5D", "AC 2C 3C"])) == "JS>D"


@pytest.mark.clause("SAT-AI-3", "SAT-AI-2")
def test_SAT_AI_3_smart_wins_clearly_more_than_easy() -> None:
    wins = Counter()
    rounds = 0
    for seed in range(600):
        seats = ["smart", "easy"] if seed % 2 else ["easy", "smart"]
        row = RULES.playout(players=2, seed=seed, dealer=seed % 2, bots=seats).rows
        rounds += 1
        for r in row:
            if r["won"]:
                wins[r["bot"]] += 1
    assert wins["smart"] > 1.25 * wins["easy"], wins
    four = Counter()
    for seed in range(400):
        seats = ["smart", "easy", "smart", "easy"] if seed % 2 else ["easy", "smart", "easy",
                                                                      "smart"]
        for r in RULES.playout(players=4, seed=seed, bots=seats).rows:
            four[r["bot"]] += r["won"]
    assert four["smart"] > 1.25 * four["easy"], four


@pytest.mark.clause("SAT-AI-1")
def test_SAT_AI_1_view_hides_other_hands_and_the_pile() -> None:
    state = RULES.new_deal(players=4, seed=3)
    view = state.view(1)
    assert isinstance(view, SattiView)
    for name in SattiView.__slots__:
        value = getattr(view, name)
        assert not isinstance(value, SattiState)
        assert value is not state._t and not hasattr(value, "hands")
        if isinstance(value, (list, tuple)):
            assert all(not isinstance(v, (list, SattiState)) for v in value)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == (6, 6, 6, 6)
    assert view.draw_pile_size == len(state.draw_pile)
    assert not hasattr(view, "draw_pile") and not hasattr(view, "hands")
    others = [view.hand_mask & h.mask for i, h in enumerate(state.hands) if i != 1]
    assert others == [0, 0, 0]
    assert view.legal_moves() == [] or view.seat == state.to_move
    assert state.view(state.to_move).legal_moves() == state.legal_moves()
    # the public history says who drew how many, never which card was kept
    after = autoplay(state, "random", seed=3)
    for event in after.view(0).history:
        assert event.played is None or event.move == "draw"
    with pytest.raises(ValueError):
        state.view(4)
