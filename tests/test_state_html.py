"""rulebook.html.state_html: each game's table drawn from the state's public attributes, the
hands face up / one seat / face down, the legal cards of the player to move marked exactly."""
from __future__ import annotations

import re
from html import escape as html_escape

import pytest

from rulebook import load_rules
from rulebook.cards import Card, CardSet
from rulebook.html import legal_card_mask, state_html
from rulebook.protocol import autoplay

PROFILES = ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"]

LEGAL = re.compile(r'class="rb-card [^"]*rb-legal[^"]*" data-card="(\w\w)"')
CARD = re.compile(r'data-card="(\w\w)"')


def legal_shown(html: str) -> set[str]:
    """The cards drawn with the legal mark."""
    return set(LEGAL.findall(html))


def hand_html(html: str, seat: int) -> str:
    """The HTML of one seat's hand cell."""
    m = re.search(rf'<span class="rb-hand" data-seat="{seat}">(.*?)</span></td>', html)
    assert m, f"no hand for seat {seat}"
    return m.group(1)


def expected_legal(state) -> set[str]:
    """The cards the engine's legal moves use, computed here from the moves themselves."""
    out: set[str] = set()
    for move in state.legal_moves():
        card = getattr(move, "card", None)
        if isinstance(card, Card):
            out.add(card.text)
        elif getattr(move, "discard", 0):
            out |= set(CardSet(move.discard).texts())
    return out


def mid_states(profile: str, seed: int = 3):
    rules = load_rules(profile)
    final = autoplay(rules.new_deal(players=4, seed=seed), "smart", seed=seed)
    return final.states()


@pytest.mark.parametrize("profile", PROFILES)
def test_marks_exactly_the_legal_cards_at_every_step(profile):
    checked_nonempty = 0
    for state in mid_states(profile):
        html = state_html(state)
        shown = legal_shown(html)
        assert shown == expected_legal(state)
        if state.to_move is not None:
            # the marks sit in the mover's hand only
            assert legal_shown(hand_html(html, state.to_move)) == shown
            checked_nonempty += bool(shown)
    assert checked_nonempty > 0


@pytest.mark.parametrize("profile", ["badam-satti", "badam-satti-app", "sevens"])
def test_sevens_rows_low_to_high_and_playable_set(profile):
    states = mid_states(profile)
    state = states[len(states) // 3]
    html = state_html(state)
    rows = state.rows()
    assert 0 < len(rows) < 4 or len(rows) == 4
    for suit in "CDHS":
        m = re.search(rf'<tr data-suit="{suit}"><td>.*?</td><td class="rb-row">(.*?)</td>', html)
        assert m
        cell = m.group(1)
        if suit not in rows:
            assert "no row" in cell and not CARD.findall(cell)
        else:
            low, high = rows[suit]
            cards = CARD.findall(cell)
            assert cards[0] == low.text and cards[-1] == high.text
            assert set(cards) == set(state.table.by_suit(suit).texts())
            # low to high in rank order (ace low in these profiles)
            assert [Card(c).rank for c in cards] == sorted(Card(c).rank for c in cards)
    m = re.search(r'<div class="rb-note rb-playable">(.*?)</div>', html)
    assert m and set(CARD.findall(m.group(1))) == set(state.playable().texts())
    if profile == "sevens":
        assert f"pool: <b>{state.pool}</b>" in html
        for seat in range(4):
            row = re.search(rf'<tr[^>]*data-seat="{seat}">(.*?)</tr>', html).group(1)
            assert f"<td>{state.stacks[seat]}</td>" in row


def test_sevens_ace_high_row_puts_the_ace_after_the_king():
    rules = load_rules("badam-satti", ace_high=True)
    state = rules.position(table="2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                           hands=["AH 2C", None, None, None], to_move=0)
    html = state_html(state)
    cell = re.search(r'<tr data-suit="H"><td>.*?</td><td class="rb-row">(.*?)</td>', html).group(1)
    cards = CARD.findall(cell)
    assert cards[0] == "2H" and cards[-1] == "KH"
    nxt = re.search(r'<tr data-suit="H">.*?<td class="rb-next">(.*?)</td>', html).group(1)
    assert CARD.findall(nxt) == ["AH"]
    assert legal_shown(html) == {"AH"}


def test_sevens_limited_passes_and_eliminations_are_shown():
    rules = load_rules("badam-satti", limited_passes=True)
    final = autoplay(rules.new_deal(players=4, seed=11), "random", seed=5)
    for state in final.states():
        html = state_html(state)
        assert "<th>passes left</th>" in html
        for seat in range(4):
            row = re.search(rf'<tr[^>]*data-seat="{seat}">(.*?)</tr>', html).group(1)
            assert f"<td>{state.pass_counts[seat]}</td><td>{state.passes_left[seat]}</td>" in row
            assert ("eliminated" in row) == (seat in state.eliminated)


def test_satti_top_card_suit_pending_and_piles():
    states = mid_states("satti", seed=5)
    saw_penalty = saw_named = False
    for state in states[:-1]:
        html = state_html(state)
        assert f'data-top="{state.top.text}"' in html
        assert f'class="rb-suit" data-suit="{state.suit}"' in html
        pile, discards = len(state.draw_pile), len(state.discards)
        assert f"{pile} card{'' if pile == 1 else 's'}</td>" in html
        assert f'<td class="rb-discards">{discards} card{"" if discards == 1 else "s"} ' in html
        if state.penalty:
            saw_penalty = True
            assert f"penalty of {state.penalty} cards pending" in html
        if state.skipped:
            assert "is skipped" in html and legal_shown(html) == set()
        if state.view(0).named:
            saw_named = True
            assert "named with" in html
    assert saw_penalty or saw_named


def satti_position(top: str, hands: list[str], **kw):
    """A Satti position whose unnamed cards all sit in the draw pile."""
    used = CardSet.parse(top)
    for hand in hands:
        used |= CardSet.parse(hand)
    return load_rules("satti").position(top=top, hands=hands, draw_pile=str(~used), **kw)


def test_satti_jack_naming_is_marked_once_per_jack():
    state = satti_position("9H", ["JC 9S 2D", "3C 4C", "5C 6C", "7D 8D"], to_move=0)
    html = state_html(state)
    assert legal_shown(html) == {"JC", "9S"}
    assert len(LEGAL.findall(html)) == 2
    after = state_html(state.play("JC>S"))
    assert "Last move:</b> Seat 0 plays J♣ naming ♠." in after
    assert 'data-suit="S"' in after and "named with" in after


def test_badugi_pots_bets_stacks_draw_counts():
    states = mid_states("badugi", seed=3)
    saw_draw = False
    for state in states:
        html = state_html(state)
        for amount, _eligible in state.pots():
            assert f'data-amount="{amount}"' in html
        assert f'<td class="rb-round">{state.round}</td>' in html
        assert f'<td class="rb-button">seat {state.button} ' in html
        counts = state.draw_counts()
        for seat in range(state.players):
            row = re.search(rf'<tr[^>]*data-seat="{seat}">(.*?)</tr>', html).group(1)
            assert (f"<td>{state.stacks[seat]}</td><td>{state.bets[seat]}</td>"
                    f"<td>{state.committed[seat]}</td>"
                    f"<td>{counts[seat] if isinstance(counts[seat], int) else ''}</td>") in row
            assert ("folded" in row) == (seat in state.folded)
        if state.phase.startswith("D") and state.to_move is not None:
            saw_draw = True
            assert legal_shown(html) == set(state.hand(state.to_move).texts())
        elif state.to_move is not None:
            assert legal_shown(html) == set()
    assert saw_draw
    assert "not available" not in state_html(states[0])  # an empty cell says nothing


def test_badugi_showdown_results_and_revealed_hands():
    rules = load_rules("badugi")
    for seed in range(40):
        final = autoplay(rules.new_deal(players=4, seed=seed), "smart", seed=seed)
        if final.outcome.revealed:
            break
    else:  # pragma: no cover
        pytest.fail("no showdown in 40 seeded hands")
    html = state_html(final, seats=None)
    assert "Result:" in html and final.outcome.lines[-2].split(":")[0] in html
    for seat in range(final.players):
        cards = CARD.findall(hand_html(html, seat))
        if seat in final.outcome.revealed:
            assert set(cards) == set(final.hand(seat).texts())
        else:
            assert cards == []


@pytest.mark.parametrize("profile", PROFILES)
def test_one_seat_face_up_others_face_down(profile):
    states = mid_states(profile)
    state = states[len(states) // 2]
    seat = 1
    html = state_html(state, seats=seat)
    for s in range(state.players):
        cell = hand_html(html, s)
        if s == seat:
            assert set(CARD.findall(cell)) == set(state.hands[s].texts())
        else:
            assert CARD.findall(cell) == []
            assert cell.count("rb-back") == len(state.hands[s])
    if state.to_move != seat:
        assert legal_shown(html) == set()
    none = state_html(state, seats=None)
    assert legal_shown(none) == set()


@pytest.mark.parametrize("profile", PROFILES)
def test_last_move_and_outcome(profile):
    states = mid_states(profile)
    assert "Last move" not in state_html(states[0])
    second = state_html(states[1])
    last = re.search(r"Last move:</b> (.*?)</div>", second).group(1)
    assert states[1].history[-1].pretty().split()[0] in last
    final = states[-1]
    html = state_html(final)
    assert "the deal is over" in html and "Result:" in html
    first_words = final.outcome.summary.split("(")[0][:30]
    assert first_words.replace("'", "&#x27;") in html


def test_badugi_hidden_discards_are_counts_in_one_seat_view():
    states = mid_states("badugi", seed=3)
    for prev, state in zip(states, states[1:]):
        move = state.history[-1]
        if getattr(move, "discard", 0):
            mover = prev.to_move
            other = (mover + 1) % state.players
            n = move.discard.bit_count()
            told = f"Seat {mover} draws {n} card{'s' if n != 1 else ''}."  # the public log
            for seats in ("all", other, None):
                last = re.search(r"Last move:</b> (.*?)</div>",
                                 state_html(state, seats=seats)).group(1)
                assert last == told
                assert not set(CARD.findall(last))  # the discarded cards are never named
            assert "card" in re.search(r"Last move:</b> (.*?)</div>",
                                       state_html(state, seats=other)).group(1)
            return
    pytest.fail("no draw in the hand")  # pragma: no cover


@pytest.mark.parametrize("profile", ["badam-satti", "sevens", "satti"])
def test_a_bare_state_draws_itself_with_state_html(profile):
    state = mid_states(profile)[5]
    assert state._repr_html_() == state_html(state)


def test_legal_card_mask_is_read_from_legal_moves():
    state = load_rules("badam-satti").new_deal(players=4, seed=7)
    assert CardSet(legal_card_mask(state)).texts() == ["7H"]


# -- what a learner reads: card symbols, clause ids small and last, the results table ----------

def test_clause_ids_are_taken_out_of_sentences_and_put_last():
    from rulebook.html import reason_html, split_clauses

    assert split_clauses("Seat 1 wins without showing (BDG-SHOW-1).") == \
        ("Seat 1 wins without showing.", ("BDG-SHOW-1",))
    assert split_clauses("a [BS-ROW-1, BS-MOVE-1] b (BDG-RANK-2..7)") == \
        ("a b", ("BS-ROW-1", "BS-MOVE-1", "BDG-RANK-2..7"))
    assert split_clauses("no ids (here, at all)") == ("no ids (here, at all)", ())
    shown = reason_html("Seat 1 wins (BDG-SHOW-1).", ("BDG-POT-2",))
    assert shown.startswith("Seat 1 wins.") and "(" not in shown
    assert shown.endswith('<small class="rb-clauses">BDG-SHOW-1, BDG-POT-2</small>')


@pytest.mark.parametrize("profile", PROFILES)
def test_every_last_move_is_told_in_card_symbols(profile):
    letters = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
    for state in mid_states(profile)[1:]:
        last = re.search(r"Last move:</b> (.*?)</div>", state_html(state)).group(1)
        assert not letters.search(last), last


def test_the_first_turn_shows_only_the_opening_card_as_playable():
    for profile, opening in (("badam-satti", "7H"), ("sevens", "7D")):
        state = load_rules(profile).new_deal(players=4, seed=7)
        assert state.playable().texts() == [opening]  # BS-OPEN-4: the engine's playable set
        html = state_html(state)
        line = re.search(r'<div class="rb-note rb-playable">(.*?)</div>', html).group(1)
        assert CARD.findall(line) == [opening]
        why = state.explain(opening)
        assert html_escape(why.reason) in line and "BS-OPEN-4" in line
        nxt = re.findall(r'<td class="rb-next">(.*?)</td>', html)
        assert [CARD.findall(cell) for cell in nxt].count([opening]) == 1
        assert sum(len(CARD.findall(cell)) for cell in nxt) == 1
        # after the opening card the playable set is the engine's again
        after = state_html(state.play(opening))
        line = re.search(r'<div class="rb-note rb-playable">(.*?)</div>', after).group(1)
        assert set(CARD.findall(line)) == set(state.play(opening).playable().texts())


@pytest.mark.parametrize("profile", PROFILES)
def test_the_end_of_a_deal_has_a_results_table(profile):
    final = mid_states(profile)[-1]
    html = state_html(final)
    outcome = final.outcome
    table = re.search(r'<table class="rb-table rb-results">(.*?)</table>', html).group(1)
    rows = re.findall(r'<tr(?: class="rb-first")? data-seat="(\d)" data-place="(\d)">(.*?)</tr>',
                      table)
    assert [int(seat) for seat, _p, _c in rows] == sorted(
        range(final.players), key=lambda s: (outcome.places[s], s))
    for seat, place, cells in rows:
        assert int(place) == outcome.places[int(seat)]
        numbers = re.findall(r'<td class="rb-num">([^<]*)</td>', cells)
        if profile in ("badam-satti", "badam-satti-app", "sevens"):
            assert numbers[:2] == [str(outcome.points[int(seat)]),
                                   str(outcome.cards_left[int(seat)])]
        elif profile == "satti":
            assert numbers == [str(outcome.cards_held[int(seat)])]
        else:
            net = outcome.net[int(seat)]
            assert numbers == [f"{net:+d}" if net else "0", str(outcome.final_stacks[int(seat)])]
        assert ("winner" in cells) == (int(seat) in outcome.winners)
    heads = re.findall(r"<th>([^<]*)</th>", table)
    assert {"badam-satti": "penalty points", "badam-satti-app": "penalty points",
            "sevens": "chips won or lost", "satti": "cards held",
            "badugi": "chips won or lost"}[profile] in heads
    result = re.search(r'<div class="rb-reason rb-outcome">(.*?)</div>', html).group(1)
    assert "Result:" in result and "(BDG-" not in result and "(BS-" not in result
    assert "rb-table rb-results" not in state_html(mid_states(profile)[-2])


def test_the_title_names_the_ruleset_and_its_house_rules_in_words():
    from rulebook.html import ruleset_caption

    rules = load_rules("badam-satti", sevens_first=True, round_count=3)
    assert ruleset_caption(rules) == "Badam Satti (classic) with Sevens first, Rounds in a match: 3"
    assert ruleset_caption(load_rules("badam-satti-app", scoring="one_per_card")) == \
        "Badam Satti (app rules) with Scoring of the cards left: 1 point per card"
    html = state_html(rules.new_deal(players=4, seed=1))
    assert "Badam Satti (classic) with Sevens first" in html and "sevens_first" not in html


def test_hidden_hands_can_be_fanned_out_compactly():
    from rulebook.html import face_down_html, hand_cell_html

    assert face_down_html(5, compact=True).count("rb-back") == 5
    assert 'class="rb-fan" title="5 hidden cards"' in face_down_html(5, compact=True)
    state = mid_states("badam-satti")[3]
    cell = hand_cell_html(state, 1, face_up=False, compact=True)
    assert "rb-fan" in cell and CARD.findall(cell) == []
