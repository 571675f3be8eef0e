"""What the how-to-play texts and rule sheets of the Sevens family and Satti claim is true.

* Every worked example is a position of its own ruleset: the test reads the position back
  out of the words (the rows, the hand, the top card), builds it itself with ``position()``
  and checks each claim against the engine: the cards named playable are exactly the legal
  ones, each card named not playable is illegal for the stated reason, who plays next, the
  score.  This runs for every ruleset with each house rule on, since the text changes with
  them (BS-OPEN-1, BS-OPEN-2: Sevens opens with 7♦, so its example has a diamonds row).
* Only real house rules are listed as house rules; other settings (deals, scoring, chips,
  cards dealt, ranked) are listed apart, in words that say so.
* The rules the texts once left out are stated, each only where it applies, and the engine
  plays them as stated: who plays next (BS-OPEN-5), a round's places (BS-END-6, BS-END-7), a
  ranked game refusing house rules (BS-HR-2), an 8 on an 8 (SAT-EIGHT-4), the 7 after a
  penalty draw (SAT-SEVEN-7), and two players (SAT-SEVEN-8, SAT-EIGHT-5).
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from rulebook import load_rules
from rulebook.cards import CardSet
from rulebook.errors import RulesError
from rulebook.rules import parse_ruleset

SYMBOL_SUIT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUIT_WORD = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
RANKS = "A23456789TJQK"
CARD = r"(?:10|[2-9AJQK])[♣♦♥♠]"

SEVENS_SPECS = [
    "badam-satti", "badam-satti-app", "sevens", "badam-satti+ranked",
    "badam-satti+sevens_first", "badam-satti+flat_10", "badam-satti+limited_passes",
    "badam-satti+ace_high", "badam-satti+eight_before_six", "badam-satti+one_final_turn",
    "badam-satti+round_count=3", "badam-satti+limited_passes+sevens_first",
    "badam-satti+sevens_first+flat_10+limited_passes+ace_high+eight_before_six+one_final_turn"
    "+round_count=7",
    "badam-satti-app+scoring=one_per_card", "badam-satti-app+scoring=court_11_12_13+deals=3",
    "sevens+deals=3", "sevens+stack=20",
]
SATTI_SPECS = ["satti", "satti+seven_stacking=false", "satti+play_after_draw=false",
               "satti+hand_size=5", "satti+hand_size=7+seven_stacking=false+play_after_draw=false"]


def letters(symbol: str) -> str:
    """``10♥`` -> ``TH``: a card as the engine reads it."""
    rank, suit = symbol[:-1], symbol[-1]
    return ("T" if rank == "10" else rank) + SYMBOL_SUIT[suit]


def cards_in(text: str) -> list[str]:
    """The cards named in ``text``, in letters, in order."""
    return [letters(c) for c in re.findall(CARD, text)]


def texts(spec: str) -> list[tuple[str, Any]]:
    """The how-to-play and the rule sheet of ``spec``, each as (what, sections)."""
    rules = parse_ruleset(spec)
    return [("how to play", rules.how_to_play()), ("rule sheet", rules.rule_sheet())]


def section_lines(doc: Any, key: str) -> list[str]:
    return doc.section(key).text().splitlines()[2:]


# --- the Sevens family's worked example ------------------------------------------------------

def _rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def _read_rows(line: str) -> tuple[dict[str, tuple[str, str]], set[str]]:
    """The rows the example's first paragraph describes: {suit: (low, high)} and the suits it
    says have no row."""
    rows: dict[str, tuple[str, str]] = {}
    for suit, low, high in re.findall(rf"the (\w+) row runs from ({CARD}) to ({CARD})", line,
                                       re.I):
        rows[SUIT_WORD[suit]] = (letters(low), letters(high))
    for suit, seven in re.findall(rf"the (\w+) row is just the ({CARD})", line,
                                       re.I):
        rows[SUIT_WORD[suit]] = (letters(seven), letters(seven))
    waiting = re.search(r"the ([\w ,]+?) rows? ha(?:s|ve) not started", line)
    none = {SUIT_WORD[w] for w in re.findall(r"\w+", waiting.group(1)) if w in SUIT_WORD} \
        if waiting else set()
    return rows, none


def _table_text(rows: dict[str, tuple[str, str]]) -> str:
    return " ".join(low if low == high else f"{low}-{high}" for low, high in rows.values())


def _row_cards(rows: dict[str, tuple[str, str]], ace_high: bool) -> list[str]:
    """Every card of the rows, each row an unbroken run from its low to its high end."""
    order = RANKS[1:] + "A" if ace_high else RANKS
    return [rank + suit for suit, (low, high) in rows.items()
            for rank in order[order.index(low[0]):order.index(high[0]) + 1]]


@pytest.mark.clause("BS-OPEN-1", "BS-OPEN-2", "BS-OPEN-5", "BS-MOVE-1", "BS-MOVE-3",
                    "BS-MOVE-4", "BS-ROW-1", "BS-ROW-3", "BS-HR-5", "BS-HR-9", "BS-HR-13",
                    "BS-HR-15", "BS-END-3", "BS-END-4", "BS-END-5", "BS-HR-7", "BS-CHIP-5",
                    "BS-DEAL-3", "BS-DEAL-6")
@pytest.mark.parametrize("spec", SEVENS_SPECS)
def test_the_sevens_example_is_a_position_of_its_ruleset_and_every_claim_holds(spec: str) -> None:
    rules = parse_ruleset(spec)
    opening = {"badam-satti": "7H", "badam-satti-app": "7H", "sevens": "7D"}[rules.profile.id]
    for what, doc in texts(spec):
        lines = section_lines(doc, "example")
        setting = lines[0]
        head = re.match(r"(\d+) players, and each has played (\d+) cards\.", setting)
        assert head, f"{what}: the example does not say how many play: {setting}"
        players, played = int(head.group(1)), int(head.group(2))
        rows, unstarted = _read_rows(setting)
        assert set(rows) | unstarted == set("CDHS") and not set(rows) & unstarted, setting
        hand = cards_in(setting.split("you hold", 1)[1])
        # The position the words describe, built here, must be one this ruleset can reach.
        table = _row_cards(rows, rules.ace_high)
        assert opening in table, f"{what}: no {opening} on the table: {setting}"
        assert len(table) == players * played and len(hand) == 52 // players - played
        state = rules.position(table=_table_text(rows), hands=[" ".join(hand)] +
                               [None] * (players - 1), to_move=0)
        assert {s: (lo.text, hi.text) for s, (lo, hi) in state.rows().items()} == rows
        legal = {str(m) for m in state.legal_moves()}
        may = next(line for line in lines if line.startswith("You may"))
        assert set(cards_in(may)) == legal - {"pass"}, f"{what}: {may} / legal {legal}"
        assert ("or pass" in may) == ("pass" in legal), may
        named_out: list[str] = []
        for line in lines:
            if "cannot be played yet" not in line:
                continue
            cards_part, why = line.split(" cannot be played yet: ")
            cards = cards_in(cards_part)
            named_out += cards
            for card in cards:
                said = state.explain(card)
                assert not said.legal and card not in legal, f"{what}: {card} is legal: {line}"
                suit = card[1]
                if "not started" in why:
                    assert suit in unstarted and card[0] != "7" and "BS-ROW-1" in said.clauses
                    assert SUIT_WORD[next(w for w in SUIT_WORD if SUIT_WORD[w] == suit)] \
                        and [w for w, s in SUIT_WORD.items() if s == suit][0] in why
                elif "next to either end" in why:
                    low, high = rows[suit]
                    order = RANKS[1:] + "A" if rules.ace_high else RANKS
                    pos = order.index(card[0])
                    assert pos not in (order.index(low[0]) - 1, order.index(high[0]) + 1), line
                elif "sevens first" in why:
                    assert rules.sevens_first and any(c[0] == "7" for c in hand)
                    assert card in str(state.playable()).split(), line
                elif "8 of its suit" in why:
                    assert rules.eight_before_six and card[0] == "6"
                    assert f"8{suit}" not in table
                else:
                    pytest.fail(f"{what}: a reason the test does not know: {line}")
        assert sorted(named_out + cards_in(may)) == sorted(hand), f"{what}: a card left out"
        choose = [line for line in lines if line.startswith("Which would you choose?")]
        if choose:
            seven = cards_in(choose[0])[0]
            assert seven in legal and len(legal - {"pass"}) > 1 and not rules.sevens_first
        nxt = next(line for line in lines if "plays next" in line)
        seat = int(re.search(r"seat (\d+)", nxt).group(1))
        assert seat == 1
        assert {state.play(m).to_move for m in legal} == {seat}, f"{what}: {nxt}"
        score = lines[-1]
        if rules.chips:
            assert f"you would pay them {len(hand)} chips" in score  # BS-CHIP-5
        else:
            sums = re.search(r"score ([\d + ]+) = (\d+) points", score)
            assert sums, score
            addends = [int(x) for x in sums.group(1).split(" + ")]
            expected = [_points(rules.profile.id, rules.options, c) for c in hand]
            assert addends == expected and int(sums.group(2)) == sum(expected), score


def _points(profile: str, options: Any, card: str) -> int:
    """A card's points by the clauses (BS-END-3, BS-END-4, BS-END-5, BS-HR-7), not the
    engine's table."""
    rank = _rank(card)
    scoring = options.get("scoring", "classic")
    if scoring == "one_per_card":
        return 1
    if options.get("flat_10") and rank in (1, 11, 12, 13):
        return 10
    if profile == "badam-satti-app" and scoring == "app" and rank > 10:
        return 10
    return rank


# --- Satti's worked examples ------------------------------------------------------------------

def _satti_position(rules: Any, top: str, hand: list[str], penalty: int = 0) -> Any:
    """The example's position, built here: ``hand`` for seat 0 (to move), five other cards for
    seat 1, the rest the draw pile."""
    used = set(hand) | {top}
    other = [c.text for c in CardSet.full() if c.text not in used][:5]
    pile = str(CardSet.full() - CardSet.parse(" ".join(hand + other + [top])))
    return rules.position(top=top, penalty=penalty, hands=[" ".join(hand), " ".join(other)],
                          draw_pile=pile, to_move=0)


@pytest.mark.clause("SAT-FIT-2", "SAT-FIT-3", "SAT-TURN-2", "SAT-SEVEN-1", "SAT-SEVEN-2",
                    "SAT-SEVEN-3", "SAT-SEVEN-4", "SAT-SEVEN-5", "SAT-SEVEN-6")
@pytest.mark.parametrize("spec", SATTI_SPECS)
def test_the_satti_examples_are_positions_and_every_claim_holds(spec: str) -> None:
    rules = parse_ruleset(spec)
    for what, doc in texts(spec):
        first, plays, penalty_line = section_lines(doc, "example")[:3]
        top = letters(re.search(rf"is the ({CARD})", first).group(1))
        hand = cards_in(first.split("you hold", 1)[1])
        state = _satti_position(rules, top, hand)
        legal = {str(m).split(">")[0] for m in state.legal_moves()}
        may, rest = plays.split(". ", 1)
        assert set(cards_in(may)) == legal, f"{what}: {may} / {legal}"
        misfits = cards_in(rest.split(" do not fit")[0])
        assert sorted(misfits + cards_in(may)) == sorted(hand)
        suit_word = [w for w, s in SUIT_WORD.items() if s == top[1]][0]
        assert f"neither {suit_word} nor" in rest
        for card in misfits:
            assert card[1] != top[1] and card[0] != top[0] and card[0] != "J"
            assert not state.explain(card).legal
        assert "You may not draw, because you can play." in rest
        assert not state.explain("draw").legal
        seven = letters(re.search(rf"has just played the ({CARD})", penalty_line).group(1))
        attacked = _satti_position(rules, seven, hand, penalty=2)
        moves = {str(m) for m in attacked.legal_moves()}
        if "you may answer with your" in penalty_line:
            answer = cards_in(penalty_line.split("answer with your", 1)[1])[0]
            assert moves == {answer, "draw"} and rules.seven_stacking
            raised = int(re.search(r"a penalty of (\d+) to the next player", penalty_line)
                         .group(1))
            assert attacked.play(answer).penalty == raised == 4
            assert "or draw 2 cards" in penalty_line
        else:
            assert "your only move is to draw 2 cards" in penalty_line
            assert moves == {"draw"} and not rules.seven_stacking
        drawn = attacked.play("draw")
        assert len(drawn.hand(0)) == len(hand) + 2 and drawn.to_move == 1
        for card in cards_in(penalty_line.split("Your ", 1)[1]):
            assert card[0] != "7" and not attacked.explain(card).legal


# --- house rules and other settings -----------------------------------------------------------

def _bullet_leads(lines: list[str], after: str) -> list[str]:
    """The bold leads of the bullets that follow the line starting with ``after``."""
    start = next((i for i, line in enumerate(lines) if line.startswith(after)), None)
    if start is None:
        return []
    leads = []
    for line in lines[start + 1:]:
        if not line.startswith("  • "):
            break
        leads.append(line[4:].split(".")[0].split(":")[0])
    return leads


@pytest.mark.clause("BS-HR-1", "BS-HR-3", "BS-HR-4", "BS-MATCH-6", "BS-CHIP-9", "BS-END-5",
                    "SAT-SETUP-2")
@pytest.mark.parametrize("spec", SEVENS_SPECS + SATTI_SPECS + [
    "badam-satti-app+deals=3", "sevens+deals=3+stack=10", "badugi", "badugi+small_bet=20"])
def test_only_house_rules_are_listed_as_house_rules(spec: str) -> None:
    rules = parse_ruleset(spec)
    specs = rules.profile.options
    changed = rules.changed_options()
    house = {n for n in changed if specs[n].house_rule}
    other = {n for n in changed if not specs[n].house_rule}
    label = {n: s.label for n, s in specs.items()}
    for what, doc in texts(spec):
        lines = section_lines(doc, "house_rules")
        listed = _bullet_leads(lines, "These house rules change the standard game")
        assert sorted(listed) == sorted(label[n] for n in house), f"{what}: {lines}"
        settings = _bullet_leads(lines, "Settings chosen for this game")
        assert sorted(settings) == sorted(label[n] for n in other), f"{what}: {lines}"
        text = "\n".join(lines)
        has_house_rules = any(s.house_rule for s in specs.values())
        assert ("This ruleset has no house rules" in text) == (not has_house_rules), text
        assert "These change the standard game" not in text
        if other:
            assert "(they are not house rules)" in text
        for name in specs:
            if not specs[name].house_rule and name not in changed:
                assert specs[name].label.lower() in text.split("which are not house rules:")[1]
    if other and not house:
        assert "house rules:" not in rules.rule_sheet().subtitle


# --- the rules once left out ------------------------------------------------------------------

def _all_text(spec: str) -> list[tuple[str, str]]:
    return [(what, doc.text()) for what, doc in texts(spec)]


@pytest.mark.clause("BS-OPEN-5", "BS-HR-10")
@pytest.mark.parametrize("spec", ["badam-satti", "badam-satti-app", "sevens",
                                  "badam-satti+limited_passes"])
def test_who_plays_next_is_stated_and_true(spec: str) -> None:
    for what, text in _all_text(spec):
        assert "after every turn, the next player on the left takes the next turn" in text, what
        assert ("play goes straight past you" in text) == ("limited_passes" in spec), what
    rules = parse_ruleset(spec)
    for seed in range(5):
        state = rules.new_deal(players=5, seed=seed)
        for _ in range(12):
            seat = state.to_move
            state = state.play(state.legal_moves()[0])
            assert state.to_move == (seat + 1) % 5


@pytest.mark.clause("BS-END-6", "BS-END-7", "BS-END-8", "BS-MATCH-3")
@pytest.mark.parametrize("spec", ["badam-satti", "badam-satti+limited_passes",
                                  "badam-satti-app", "sevens"])
def test_a_rounds_places_are_stated_where_the_tie_break_uses_them(spec: str) -> None:
    classic = spec.startswith("badam-satti+") or spec == "badam-satti"
    for what, text in _all_text(spec):
        said = ("the winner is 1st, and the others follow by that round's points, fewest "
                "first. Players on equal points share the better place" in text)
        assert said == classic, what
        assert ("0, 20, 20 and 27 points give places 1, 2, 2 and 4" in text) == classic
        assert ("A round with no winner places everyone by points" in text) == \
            ("limited_passes" in spec)
        if classic:
            assert text.index("Places.") < text.index("better average place")


@pytest.mark.clause("BS-HR-2", "BS-HR-4")
def test_ranked_games_refusing_house_rules_is_stated_and_true() -> None:
    for spec in ("badam-satti", "badam-satti+sevens_first"):
        for what, text in _all_text(spec):
            assert "A ranked game allows no house rules: asking for one in a ranked game is " \
                   "refused." in text, what
    for what, text in _all_text("badam-satti+ranked"):
        assert "This is a ranked game, so it is played by the standard rules" in text, what
        assert "You could also switch on" not in text, what
    for spec in ("badam-satti-app", "sevens"):
        for what, text in _all_text(spec):
            assert "ranked" not in text.lower(), what
    with pytest.raises(RulesError):
        load_rules("badam-satti", ranked=True, sevens_first=True)
    with pytest.raises(RulesError):
        load_rules("sevens", sevens_first=True)


def _satti(hands: list[str], top: str, **kw: Any) -> Any:
    rules = load_rules("satti", **{k: v for k, v in kw.items() if k == "seven_stacking"})
    named = CardSet.parse(" ".join(hands + [top]))
    return rules.position(top=top, hands=hands, draw_pile=str(CardSet.full() - named),
                          **{k: v for k, v in kw.items() if k != "seven_stacking"})


@pytest.mark.clause("SAT-EIGHT-4", "SAT-EIGHT-2", "SAT-EX-5")
def test_an_eight_on_an_eight_skipping_one_player_is_stated_and_true() -> None:
    for what, text in _all_text("satti"):
        assert "An 8 played on an 8 skips only the one player after it: skips never add " \
               "up." in text, what
        assert "After the skip the 8 stays on top and does nothing more" in text, what
    state = _satti(["3C 4C", "5C 6C", "8S 2C", "9C TC"], "8D", to_move=2, skipped=False)
    state = state.play("8S")  # seat 2 plays an 8 on an 8
    assert state.to_move == 3 and state.legal_moves() == [state.parse_move("skip")]
    state = state.play("skip")
    assert state.to_move == 0 and "skip" not in {str(m) for m in state.legal_moves()}


@pytest.mark.clause("SAT-SEVEN-7", "SAT-SEVEN-6")
@pytest.mark.parametrize("stacking", [True, False])
def test_the_seven_after_a_penalty_draw_doing_nothing_more_is_stated_and_true(
        stacking: bool) -> None:
    spec = "satti" if stacking else "satti+seven_stacking=false"
    for what, text in _all_text(spec):
        assert "After that the 7 stays on top and does nothing more: the next player plays " \
               "to it as to any card, with a card of its suit, another 7 (which starts a new " \
               "penalty of 2) or a jack." in text, what
    state = _satti(["7H 2C", "3D 4D", "2H 7S JC 5D"], "5H", seven_stacking=stacking)
    state = state.play("7H").play("draw")  # seat 1 draws the penalty of 2
    assert state.to_move == 2 and state.penalty == 0
    moves = {str(m).split(">")[0] for m in state.legal_moves()}
    assert moves == {"2H", "7S", "JC"}
    assert state.play("7S").penalty == 2


@pytest.mark.clause("SAT-SEVEN-8", "SAT-EIGHT-5", "SAT-EX-6")
def test_two_players_moving_again_is_stated_and_true() -> None:
    for what, text in _all_text("satti"):
        assert "With two players, a 7 or an 8 brings the turn straight back" in text, what
    state = _satti(["7S 8S 2C", "3D 4D"], "5S")
    state = state.play("7S").play("draw")
    assert state.to_move == 0
    state = state.play("8S")
    assert state.to_move == 1 and [str(m) for m in state.legal_moves()] == ["skip"]
    assert state.play("skip").to_move == 0
