"""How to play Badugi, in plain words generated from the rules object, with the poker words
explained where they are first used.

The facts come from the rules object and the engine: the players and stacks (BDG-SEAT-1,
BDG-SEAT-2), the button and the blinds (BDG-SEAT-3..7, read from a dealt hand), a short big
blind (BDG-SEAT-10, read from a hand whose big blind cannot pay in full), the four cards
(BDG-SEAT-8), the four betting rounds, bet sizes and the cap (BDG-BET-1..6), the three draws
with the burn card and the reshuffle (BDG-DRAW-1..7), pots and all-ins (BDG-POT-1..5), the
showdown, who shows first and dead hands (BDG-SHOW-1..5) and the hand ranking
(BDG-RANK-1..7, the example hand valued by :func:`rulebook.games.badugi.evaluate`).
tests/test_badugi_howto.py sets up each of these in a position and checks the words.
"""
from __future__ import annotations

from typing import Any

from ...cards import SUIT_NAMES
from ...html import count_words
from ...phrasing import sheet_of, written_how_to_play
from ...sheets.common import and_list, cards_text
from ...sheets.document import Bullets, HowToPlay, Para, Section

__all__ = ["how_to_play", "sheet_sections", "EXAMPLE_HAND", "BADUGI_HAND"]

EXAMPLE_HAND = "KC 2C 3D 4H"
"""The worked example's hand (a three-card hand)."""
BADUGI_HAND = "9C TD JH KS"
"""A badugi that beats it."""


def _blinds(rules: Any) -> tuple[int, int]:
    """The small and big blind in chips, read from a hand the engine deals (deep stacks, so
    no blind is cut short)."""
    deep = rules.with_options(stacks=[10 ** 6] * 3)
    state = deep.new_deal(players=3, seed=0, dealer=0)
    small_seat, big_seat = state.blinds
    return 10 ** 6 - int(state.stacks[small_seat]), 10 ** 6 - int(state.stacks[big_seat])


def _short_big_blind(rules: Any) -> tuple[int, int, int]:
    """A big blind cut short (BDG-SEAT-7, BDG-SEAT-10), read from a hand the engine deals:
    the chips the big blind has, what the first player must put in to call, and the total a
    raise makes."""
    short = rules.small_bet - 1  # the small bet is at least 2 (BDG-SEAT-4)
    deep = rules.with_options(stacks=[10 ** 6, 10 ** 6, short])
    state = deep.new_deal(players=3, seed=0, dealer=0)
    first = state.to_move
    raised = state.play("raise")
    return short, state.view(first).to_call, raised.bets[first]


def _words(rules: Any) -> Section:
    s = rules.small_bet
    small, big = _blinds(rules)
    return Section("words", "Poker words", (Bullets((
        Para("the chips bet in this hand; the winner takes them.", "Pot:"),
        Para("a marker for the seat that deals this hand. It moves one seat to the left after "
             "every hand, so everyone takes turns.", "Button:"),
        Para(f"bets that must be made before anyone sees a card, so there is something to win: "
             f"the small blind ({small} chips) by the player left of the button, the big blind "
             f"({big}) by the next player.", "Blinds:"),
        Para(f"put chips in when no one has this round. Every bet is a fixed size: {s} in the "
             f"first two rounds, {2 * s} in the last two.", "Bet:"),
        Para("put in as much as the highest total this round, to stay in.", "Call:"),
        Para("add one more bet on top of the highest total; the others must call it, raise "
             "again or fold.", "Raise:"),
        Para("bet nothing, when there is nothing to call.", "Check:"),
        Para("give up the hand and any chips you have put in.", "Fold:"),
        Para("the most a round allows: one bet and three raises. After that you may only "
             "call or fold.", "Cap:"),
        Para("betting every chip you have left. You stay in the hand, but you can win only as "
             "much from each player as you put in yourself.", "All in:"),
        Para("the chips that an all-in player did not match. Only the players who paid into a "
             "side pot can win it.", "Side pot:"),
        Para("after the last round, the players still in show their cards and the best hand "
             "wins.", "Showdown:"),
        Para("the cards left to deal from, face down, after everyone has four.", "Stub:"),
        Para("a card the dealer takes off the top of the stub and puts aside unseen.",
             "Burn:"),
        Para("keeping all four cards in a draw.", "Standing pat:"),
    )),))


def _goal(rules: Any) -> Section:
    return Section("goal", "The goal", (
        Para("Win the chips in the pot: hold the best hand at the showdown, or make a bet that "
             "nobody calls. In Badugi the best hand is the lowest one."),
        Para("You hold four cards, and aces are low. Only cards of different suits and "
             "different ranks count together. Four counting cards make a badugi, which beats "
             "any hand with three; three beat two, and two beat one. Between hands with as "
             "many counting cards, compare their highest cards: the lower one wins, and if they "
             "are equal compare the next ones down. Suits never break a tie."),
    ))


def _setup(rules: Any) -> Section:
    small, big = _blinds(rules)
    stacks = rules.options["stacks"]
    chips = (f"their own stack ({', '.join(map(str, stacks))} chips)" if stacks else
             f"{rules.options['stack']} chips")
    short, to_call, raised = _short_big_blind(rules)
    return Section("setup", "Setting up", (
        Para(f"2 to 8 players, each with {chips}, and one pack of 52 cards. A seat with no "
             "chips sits the hand out."),
        Para(f"The player left of the button puts in the small blind of "
             f"{count_words(small, 'chip')}, and the "
             f"next player the big blind of {big}. With two players the button posts the small "
             "blind."),
        Para("A player who cannot pay a blind in full puts in every chip they have and is all "
             f"in. A short big blind does not lower the bet: if the big blind has only "
             f"{count_words(short, 'chip')}, the others must still put in {to_call} to call, and a raise makes it "
             f"{raised}. The all-in big blind cannot check or raise."),
        Para("Everyone gets four cards face down, one at a time, starting left of the button. "
             "Nothing is shared on the table."),
    ))


def _turn(rules: Any) -> Section:
    s = rules.small_bet
    return Section("turn", "On your turn", (
        Para("A hand has four betting rounds with a draw between each of them: bet, draw, bet, "
             "draw, bet, draw, bet."),
        Para(f"When it is your turn to bet you may fold, check (if there is nothing to call), "
             f"call, bet or raise. Bets and raises are {s} chips in the first two rounds and "
             f"{2 * s} in the last two. A round allows one bet and three raises; in the first "
             f"round the big blind counts as the bet, so the most anyone can put in then is "
             f"{4 * s}.", "Betting."),
        Para("The first round starts left of the big blind; the later ones start left of the "
             "button. A round ends when everyone still in has acted and put in the same amount.",
             ""),
        Para("In a draw you throw away 0 to 4 cards face down and get as many new ones. How "
             "many each player drew is public until the betting starts again.", "Drawing."),
        Para("Just before the first new card of each draw, the dealer burns one card; if "
             "everyone stands pat, nothing is burned.", ""),
        Para("The last card of the stub is never dealt. When the stub runs short, the player "
             "drawing gets the cards that can still be dealt; then all the cards thrown "
             "away so far, except that player's own, are shuffled with the burned cards and "
             "that last card into a new stub, and the draw carries on from it.", ""),
    ))


def _end(rules: Any) -> Section:
    return Section("end", "The end of a hand", (
        Para("If everyone else folds, the last player wins the pot at once and shows nothing."),
        Para("Otherwise, after the fourth betting round the players still in show their cards. "
             "The player who made the last bet or raise in that round shows first; if everyone "
             "checked, the first player still in left of the button shows first. The others "
             "then show in turn to the left."),
        Para("The cards speak: each hand is read from its cards. A hand that does not hold "
             "exactly four cards is dead and wins nothing. The best hand wins the pot; equal "
             "hands share it, an odd chip going to the first of them left of the button."),
        Para("A player who went all in can win only the pots they paid into."),
        Para("After each hand the button moves one seat to the left, and the stacks carry on "
             "to the next hand."),
    ))


def _example(rules: Any) -> Section:
    from .ranking import compare, evaluate

    value = evaluate(EXAMPLE_HAND)
    counting = list(value.counting_cards)
    idle = [c for c in value.cards if c not in counting]
    reasons = []
    for card in idle:
        clash = next(c for c in counting if c.suit == card.suit or c.rank == card.rank)
        shared = SUIT_NAMES[card.suit] if clash.suit == card.suit else "its rank"
        reasons.append(f"{card.pretty()} does not count: it shares {shared} with the "
                       f"{clash.pretty()}, and keeping the {clash.pretty()} gives the lower hand")
    lines: list[Any] = [
        Para(f"You hold {cards_text(value.cards)}. The counting cards are "
             f"{and_list([c.pretty() for c in sorted(counting, key=lambda c: -c.rank)])}: "
             f"a {value.words()}."),
        Para("; ".join(reasons) + "."),
    ]
    badugi = evaluate(BADUGI_HAND)
    if compare(badugi, value) < 0:
        held = {c.suit for c in counting}
        suit = next(SUIT_NAMES[s][:-1] for s in "CDHS" if s not in held)
        ranks = and_list([c.pretty()[:-1] for c in sorted(counting, key=lambda c: c.rank)], "or")
        lines.append(Para(f"Even a high badugi such as {cards_text(badugi.cards)} beats it. A "
                          f"good draw: throw away the {idle[0].pretty()} and hope for a {suit}. "
                          f"Any {suit} but the {ranks} makes a badugi, and the lower the "
                          "better."))
    return Section("example", "An example", tuple(lines))


def how_to_play(rules: Any) -> HowToPlay:
    """How to play Badugi with these stakes, written from the rules object."""
    return written_how_to_play(rules, "A poker game for 2 to 8 players with four cards, three "
                               "draws and fixed bets, in which the lowest hand wins.",
                               _words, _goal, _setup, _turn, _end, _example)


def sheet_sections(rules: Any) -> tuple[Section, ...]:
    """The rule sheet's sections: the how-to-play (the poker words first, before the rules
    that use them), then a glance."""
    return sheet_of(how_to_play(rules), ("words", "goal", "setup", "turn", "end",
                                         "house_rules", "example"))
