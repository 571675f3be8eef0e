"""Every state draws itself through the shared HTML, and the small public hooks widgets use."""
from __future__ import annotations

import pytest

import rulebook
from rulebook.html import state_html
from rulebook.protocol import autoplay


@pytest.mark.parametrize("pid", ["badam-satti", "badam-satti-app", "sevens", "satti", "badugi"])
def test_a_bare_state_in_a_cell_draws_the_shared_table(pid: str) -> None:
    rules = rulebook.load_rules(pid)
    final = autoplay(rules.new_deal(players=3, seed=4), "random", seed=4)
    middle = final.start().play_all(final.history[: len(final.history) // 2])
    assert middle._repr_html_() == state_html(middle)


def test_sevens_state_offers_its_waiting_diagram() -> None:
    pytest.importorskip("graphviz", reason="graphviz (Python package) is missing: pip install -e '.[lab]'")
    rules = rulebook.load_rules("badam-satti")
    state = rules.position(table="7D", hands=["6D 8D 3C", None, None])
    source = state.waiting_diagram().source
    assert "6D" in source and "8D" in source and "3C" in source


def test_satti_state_says_whether_the_suit_was_named() -> None:
    rules = rulebook.load_rules("satti")

    def set_up(top: str, suit: str | None) -> object:
        hands = ["5S 9S 3D JH", "2C 3C"]
        used = rulebook.CardSet(f"{top} {' '.join(hands)}")
        rest = " ".join(c.text for c in ~used)
        return rules.position(top=top, suit=suit, hands=hands, draw_pile="", discards=rest,
                              to_move=0)

    named = set_up("JS", "D")
    assert named.named is True and named.suit == "D"
    plain = set_up("9H", None)
    assert plain.named is False and plain.suit == "H"


def test_badugi_state_names_the_seat_of_every_move() -> None:
    rules = rulebook.load_rules("badugi")
    final = autoplay(rules.new_deal(players=3, seed=2), "random", seed=2)
    assert len(final.actors) == len(final.history)
    state = final.start()
    for seat, move in zip(final.actors, final.history):
        assert state.to_move == seat
        state = state.play(move)
