"""Badugi hand ranking: BDG-RANK-1..7, with the worked examples BDG-EX-1 and BDG-EX-2.

* BDG-RANK-1: one 52-card pack (:mod:`rulebook.cards`); aces are low (A=1 .. K=13); suits
  have no order and there are no straights.
* BDG-RANK-2: a hand is valued on exactly four cards; its *counting cards* are a largest
  subset with no two cards of one suit and no two of one rank (:func:`rainbow_subsets`).
* BDG-RANK-3: among several largest subsets the lowest one counts (:func:`evaluate`).
* BDG-RANK-4: four counting cards make a badugi, otherwise a three-, two- or one-card hand.
* BDG-RANK-5..7: more counting cards win; then the counting ranks are compared from the
  highest down and the lower rank wins; equal ranks tie (:func:`explain_comparison`).

``evaluate(cards).explain()`` says why each card that does not count does not, found by
trying every set as large as the counting set that includes it (:class:`NotCounting`):
``fewer`` (BDG-RANK-2), ``higher`` (BDG-RANK-3) or ``same`` (BDG-RANK-7).

Every hand falls into one of 1,092 classes, numbered by strength: ``class_index`` 0 is the
best hand (the badugi 4-3-2-A) and 1,091 the worst (the one-card hand K).  Words a learner
reads count the classes from 1 instead (``class 1 of 1,092`` is the best,
:func:`~rulebook.games.badugi.classes.class_number_text`).  Badugis take
0..714, three-card hands 715..1000, two-card hands 1001..1078 and one-card hands
1079..1091; inside each block the classes follow BDG-RANK-6 (see :func:`class_index_of_ranks`).

>>> v = evaluate("AC 2C 3H 4S")
>>> v.words()
'three-card hand 4-3-A'
>>> v.counting_cards
(Card('4S'), Card('3H'), Card('AC'))
>>> evaluate("AC 2D 3H 4S") < v        # a < b means a beats b
True
>>> all_hands().class_counts_by_size()
{4: 715, 3: 286, 2: 78, 1: 13}

:func:`all_hands` lists all 270,725 hands with their classes; it is built by this module's
own rule functions at first use (about a tenth of a second) and then kept in memory.
"""
from __future__ import annotations

import dataclasses
from array import array
from collections.abc import Iterator, Sequence
from functools import total_ordering
from itertools import accumulate
from typing import Any, Union

from ...cards import RANK_NAMES, RANKS, SUIT_NAMES, Card, CardSet, CardsLike
from ...errors import CardError, quoted
from .graph import draw_hand
from .classes import (
    _CLASS_OF_RANKMASK, _NUMBER_WORDS, _PLURAL, _POSITION_WORDS, _RANKS_OF_CLASS, _SIZE_WORDS,
    _SIZES, CLASS_COUNT, RANK_SYMBOLS, CLASS_RANGES, HAND_COUNT, _best_of_indices, _build_all_hands,
    _and_list, _rainbow_subsets, _rank_text, _read_hand, check_class_index, class_index_of,
    class_index_of_ranks, class_number_text, class_words, rainbow_subsets, ranks_of_class,
    whole_number,
)

__all__ = [
    "HAND_COUNT",
    "CLASS_COUNT",
    "CLASS_RANGES",
    "BadugiValue",
    "HandExplanation",
    "NotCounting",
    "NOT_COUNTING_KINDS",
    "Comparison",
    "Standing",
    "ClassRow",
    "AllHands",
    "evaluate",
    "compare",
    "explain_comparison",
    "all_hands",
    "standing",
    "class_table",
    "class_frame",
    "classes_near",
    "class_words",
    "class_index_of",
    "class_index_of_ranks",
    "ranks_of_class",
    "rainbow_subsets",
]

CardsOrValue = Union[CardsLike, "BadugiValue"]
"""Four cards in any form :func:`evaluate` reads, or an already evaluated value."""


# --------------------------------------------------------------------------------------
# The value of one hand
# --------------------------------------------------------------------------------------


NOT_COUNTING_KINDS = ("fewer", "higher", "same")
"""Why a card does not count (BDG-RANK-2, BDG-RANK-3, BDG-RANK-7): ``"fewer"`` -- every set
of cards with all suits and ranks different that includes it is smaller than the counting
set; ``"higher"`` -- a set as large includes it, but the best such set makes a higher (worse)
hand; ``"same"`` -- a set as large includes it and makes the very same hand, and the set
shown is the one first in card order."""


@dataclasses.dataclass(frozen=True)
class NotCounting:
    """Why one card does not count: its kind (see :data:`NOT_COUNTING_KINDS`) and the cards the
    sentence names."""

    card: Card
    """The card that does not count."""
    kind: str
    """``"fewer"``, ``"higher"`` or ``"same"``."""
    clashes: tuple[Card, ...]
    """The counting cards it shares a suit or a rank with."""
    alternative: tuple[Card, ...]
    """For ``"higher"`` and ``"same"``: the best set as large as the counting set that
    includes the card (high rank first); empty for ``"fewer"``."""
    alternative_class: int | None
    """The class index of that set's hand (``None`` for ``"fewer"``)."""
    sentence: str
    """The sentence that says it."""
    clauses: tuple[str, ...]
    """Its clause ids, the deciding clause first."""


@dataclasses.dataclass(frozen=True)
class HandExplanation:
    """Why a hand has its value: which cards count, which do not, and why, with clause ids.

    ``reason`` is the one-sentence summary; ``lines`` every sentence (the summary first);
    ``line_clauses`` the clause ids of each line; ``clauses`` all of them.  The facts behind
    the sentences: ``counting`` (the counting cards, high rank first) and ``not_counting``
    (one :class:`NotCounting` per other card, in the order the hand was given).
    """

    reason: str
    lines: tuple[str, ...]
    line_clauses: tuple[tuple[str, ...], ...]
    clauses: tuple[str, ...]
    counting: tuple[Card, ...] = ()
    """The counting cards, high rank first (BDG-RANK-2, BDG-RANK-3)."""
    not_counting: tuple[NotCounting, ...] = ()
    """Why each other card does not count."""

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __iter__(self) -> Iterator[str]:
        return iter(self.lines)


@total_ordering
class BadugiValue:
    """The value of a four-card Badugi hand (BDG-RANK-2..7).

    Values order by strength: ``a < b`` means hand a beats hand b, and ``a == b`` means the
    two hands tie (equal ``class_index``; the cards themselves may differ, BDG-RANK-7).

    Attributes: ``cards`` (the four cards in the order given), ``counting_cards`` (high rank
    to low), ``discards`` (the cards that do not count, in the order given), ``ranks`` (the
    counting ranks high to low, 1 = ace), ``count`` (4 = badugi, 3, 2, 1) and ``class_index``
    (0 = best .. 1,091 = worst).
    """

    __slots__ = ("cards", "counting_cards", "discards", "ranks", "count", "class_index")
    cards: tuple[Card, ...]
    counting_cards: tuple[Card, ...]
    discards: tuple[Card, ...]
    ranks: tuple[int, ...]
    count: int
    class_index: int

    def __init__(self, cards: CardsLike) -> None:
        given = _read_hand(cards, keep_order=True)
        hand = sorted(given)
        cls, sub = _best_of_indices([c.index for c in hand])
        counting = sorted((hand[i] for i in sub), key=lambda c: -c.rank)
        for name, value in (
            ("cards", tuple(given)),
            ("counting_cards", tuple(counting)),
            ("discards", tuple(c for c in given if c not in counting)),
            ("ranks", tuple(c.rank for c in counting)),
            ("count", len(sub)),
            ("class_index", cls),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Badugi values are immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (BadugiValue, (" ".join(c.text for c in self.cards),))

    # ---- order (BDG-RANK-5..7) --------------------------------------------------------
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, BadugiValue):
            return NotImplemented
        return self.class_index < other.class_index

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BadugiValue):
            return NotImplemented
        return self.class_index == other.class_index

    def __hash__(self) -> int:
        return hash(("BadugiValue", self.class_index))

    def beats(self, other: CardsOrValue) -> bool:
        """Whether this hand beats ``other`` (cards or a value)."""
        return self.class_index < evaluate(other).class_index

    def ties(self, other: CardsOrValue) -> bool:
        """Whether this hand ties ``other`` (BDG-RANK-7)."""
        return self.class_index == evaluate(other).class_index

    # ---- words ------------------------------------------------------------------------
    @property
    def hand(self) -> CardSet:
        """The four cards as a CardSet."""
        return CardSet(sum(c.mask for c in self.cards))

    @property
    def is_badugi(self) -> bool:
        """Four counting cards (BDG-RANK-4)."""
        return self.count == 4

    def rank_text(self) -> str:
        """The counting ranks high to low: ``"4-3-2-A"``."""
        return _rank_text(self.ranks)

    def words(self) -> str:
        """The value in words: ``"badugi 4-3-2-A"``, ``"three-card hand 4-3-A"``, ``"one-card hand 2"``."""
        return f"{_SIZE_WORDS[self.count]} {self.rank_text()}"

    def __str__(self) -> str:
        return self.words()

    @property
    def class_number(self) -> int:
        """The class as a learner counts it: 1 is the best (``class_index + 1``)."""
        return self.class_index + 1

    def __repr__(self) -> str:
        cards = " ".join(c.text for c in self.cards)
        return f"<BadugiValue {cards}: {self.words()}, {class_number_text(self.class_index)}>"

    def _repr_html_(self) -> str:
        parts = [card._repr_html_() if card in self.counting_cards
                 else f'<span style="opacity:0.4">{card._repr_html_()}</span>'
                 for card in self.cards]
        return (f'<span class="rulebook-badugi">{" ".join(parts)} &mdash; '
                f"{self.words()} ({class_number_text(self.class_index)}, 1 is the best)</span>")

    # ---- explanations -----------------------------------------------------------------
    def explain(self) -> HandExplanation:
        """Which cards count and why the others do not, sentence by sentence, with clause ids
        and the facts (:attr:`HandExplanation.counting`, :attr:`HandExplanation.not_counting`)."""
        cards_text = " ".join(c.pretty() for c in self.cards)
        counting_text = _and_list([c.pretty() for c in self.counting_cards])
        counts = "counts" if self.count == 1 else "count"
        only = "only " if self.count == 1 else ""
        summary = f"{cards_text} is the {self.words()}: {only}{counting_text} {counts}."
        lines = [summary]
        if self.count == 4:
            lines.append("All four cards have different suits and different ranks, so all four "
                         "count and the hand is a badugi.")
        elif self.count == 1:
            first = self.cards[0]
            one_suit = len({c.suit for c in self.cards}) == 1
            why = SUIT_NAMES[first.suit] if one_suit else _plural_rank(first.rank)
            lines.append(f"Only one card can count, because all four cards are {why}.")
        else:
            lines.append(f"No {_NUMBER_WORDS[self.count + 1]} of these cards have all different "
                         f"suits and all different ranks, so at most {_NUMBER_WORDS[self.count]} "
                         "can count.")
        line_clauses: list[tuple[str, ...]] = [("BDG-RANK-2", "BDG-RANK-4")] * 2
        not_counting = tuple(self._why_not(card) for card in self.discards)
        for item in not_counting:
            lines.append(item.sentence)
            line_clauses.append(item.clauses)
        lines.append(f"It is in {class_number_text(self.class_index)}: the classes run from 1, "
                     f"the best hand 4-3-2-A, to {CLASS_COUNT:,}, the worst.")
        line_clauses.append(("BDG-RANK-5", "BDG-RANK-6"))
        every = sorted({i for ids in line_clauses for i in ids}, key=_clause_key)
        return HandExplanation(summary, tuple(lines), tuple(line_clauses), tuple(every),
                               counting=self.counting_cards, not_counting=not_counting)

    def _why_not(self, card: Card) -> NotCounting:
        """Why ``card`` does not count, found by trying every set as large as the counting set
        that includes it (BDG-RANK-2, BDG-RANK-3, BDG-RANK-7)."""
        c = card.pretty()
        clashes = tuple(x for x in self.counting_cards if x.suit == card.suit or x.rank == card.rank)
        best: tuple[int, tuple[Card, ...]] | None = None
        cards = self.cards
        for sub in _rainbow_subsets([x.rank for x in cards], [x.index & 3 for x in cards]):
            if cards.index(card) in sub:
                cls = _CLASS_OF_RANKMASK[sum(1 << (cards[i].rank - 1) for i in sub)]
                if best is None or cls < best[0]:
                    best = (cls, tuple(sorted((cards[i] for i in sub),
                                              key=lambda x: (-x.rank, x.index))))
        same_suit = next((x for x in clashes if x.suit == card.suit), None)
        same_rank = next((x for x in clashes if x.rank == card.rank), None)
        shares = []
        if same_suit is not None:
            shares.append(f"{SUIT_NAMES[card.suit]} with {same_suit.pretty()}")
        if same_rank is not None:
            shares.append(f"a rank with {same_rank.pretty()}")
        shares_text = " and ".join(shares)
        if best is None:
            size = _NUMBER_WORDS[self.count]
            sentence = (f"{c} does not count: it shares {shares_text}, and no {size} of the "
                        "cards that include it have all different suits and ranks, so counting "
                        "it would leave fewer counting cards.")
            return NotCounting(card, "fewer", clashes, (), None, sentence, ("BDG-RANK-2",))
        cls, alternative = best
        alt_text = " ".join(x.pretty() for x in alternative)
        if cls == self.class_index:
            if same_rank is not None and same_suit is None:
                sentence = (f"{c} does not count: it shares a rank with {same_rank.pretty()}, so "
                            f"only one of the {_plural_rank(card.rank)} can count; both give the "
                            f"same hand, and {same_rank.pretty()}, first in card order, is shown.")
            else:
                sentence = (f"{c} does not count: it shares {shares_text}; {alt_text} would "
                            f"count instead and make the same hand, {self.rank_text()}, so the "
                            "cards first in card order are shown.")
            return NotCounting(card, "same", clashes, alternative, cls, sentence,
                               ("BDG-RANK-7", "BDG-RANK-2"))
        if same_suit is not None and same_rank is None and len(clashes) == 1:
            sentence = (f"{c} does not count: it shares {SUIT_NAMES[card.suit]} with "
                        f"{same_suit.pretty()}, and keeping {same_suit.pretty()} gives the lower "
                        f"hand ({alt_text} would make the {class_words(cls)}).")
        else:
            sentence = (f"{c} does not count: it shares {shares_text}; counting it gives at "
                        f"best {alt_text}, the {class_words(cls)}, a higher hand than "
                        f"{self.rank_text()}.")
        return NotCounting(card, "higher", clashes, alternative, cls, sentence,
                           ("BDG-RANK-3", "BDG-RANK-2"))

    def standing(self) -> "Standing":
        """Where this hand stands among all 270,725 hands (see :func:`standing`)."""
        return standing(self)

    def diagram(self) -> Any:
        """The hand as a graph: a node per card, an edge per shared suit or rank, the
        counting cards marked (a :class:`rulebook.diagrams.Diagram`; see
        :func:`rulebook.games.badugi.diagram.hand_diagram`).  graphviz is imported only here."""
        return draw_hand(self)


def _clause_key(clause: str) -> tuple[str, int]:
    head, _, n = clause.rpartition("-")
    return head, int(n)


def _plural_rank(rank: int) -> str:
    name = RANK_NAMES[RANKS[rank - 1]]
    return _PLURAL.get(name, name + "s")


def evaluate(cards: CardsOrValue) -> BadugiValue:
    """The value of four cards: text (``"AC 2D 3H 4S"``), a list of texts or cards, or a CardSet.

    Anything but four distinct cards raises :class:`~rulebook.errors.CardError`.

    >>> evaluate("KC 2C 3D 4H").words()
    'three-card hand 4-3-2'
    >>> evaluate("AC 2D 3H 4S 5C")
    Traceback (most recent call last):
    ...
    rulebook.errors.CardError: a Badugi hand has exactly four cards; 5 were given: A♣ 2♦ 3♥ 4♠ 5♣
    """
    return cards if isinstance(cards, BadugiValue) else BadugiValue(cards)


# --------------------------------------------------------------------------------------
# Comparing two hands (BDG-RANK-5..7)
# --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Comparison:
    """The result of comparing hand ``a`` with hand ``b`` and the step that decided it.

    ``result`` is -1 when a beats b, 0 for a tie and 1 when b beats a.  ``step`` is
    ``"count"`` (BDG-RANK-5), ``"rank"`` (BDG-RANK-6, with ``position`` 0 = the highest
    counting rank) or ``"tie"`` (BDG-RANK-7).
    """

    a: BadugiValue
    b: BadugiValue
    result: int
    step: str
    position: int | None
    reason: str
    clauses: tuple[str, ...]

    @property
    def winner(self) -> BadugiValue | None:
        """The better hand's value, or None for a tie."""
        return None if self.result == 0 else (self.a if self.result < 0 else self.b)

    def __str__(self) -> str:
        return self.reason


def _hand_name(value: BadugiValue) -> str:
    return f"{' '.join(c.pretty() for c in value.cards)} ({value.words()})"


def explain_comparison(a: CardsOrValue, b: CardsOrValue) -> Comparison:
    """Compare two hands and say which step decided: BDG-RANK-5, BDG-RANK-6 or BDG-RANK-7.

    >>> print(explain_comparison("AC 2D 3H 4S", "AC 2D 3H 5S"))
    A♣ 2♦ 3♥ 4♠ (badugi 4-3-2-A) beats A♣ 2♦ 3♥ 5♠ (badugi 5-3-2-A): both have 4 counting cards, so the counting ranks are compared from the highest down, and the first difference is at the highest rank, where 4 is lower than 5.
    """
    va, vb = evaluate(a), evaluate(b)
    if va.count != vb.count:
        first, second = (va, vb) if va.count > vb.count else (vb, va)
        result = -1 if first is va else 1
        reason = (f"{_hand_name(first)} beats {_hand_name(second)}: {first.count} counting "
                  f"cards beat {second.count}, whatever the ranks.")
        return Comparison(va, vb, result, "count", None, reason, ("BDG-RANK-5",))
    for position, (ra, rb) in enumerate(zip(va.ranks, vb.ranks)):
        if ra != rb:
            first, second = (va, vb) if ra < rb else (vb, va)
            result = -1 if first is va else 1
            low, high = sorted((ra, rb))
            where = _POSITION_WORDS[position] if position < len(va.ranks) - 1 else "lowest"
            if len(va.ranks) == 1:
                where = "only"
            reason = (f"{_hand_name(first)} beats {_hand_name(second)}: both have "
                      f"{va.count} counting card{'s' if va.count > 1 else ''}, so the counting "
                      f"ranks are compared from the highest down, and the first difference is "
                      f"at the {where} rank, where {RANK_SYMBOLS[low - 1]} is lower "
                      f"than {RANK_SYMBOLS[high - 1]}.")
            return Comparison(va, vb, result, "rank", position, reason,
                              ("BDG-RANK-5", "BDG-RANK-6"))
    reason = (f"{_hand_name(va)} ties {_hand_name(vb)}: every counting rank is equal, and "
              "suits and non-counting cards never break a tie.")
    return Comparison(va, vb, 0, "tie", None, reason, ("BDG-RANK-5", "BDG-RANK-6", "BDG-RANK-7"))


def compare(a: CardsOrValue, b: CardsOrValue) -> int:
    """-1 if hand ``a`` beats hand ``b``, 0 if they tie, 1 if ``b`` beats ``a`` (BDG-RANK-5..7).

    >>> compare("AC 2D 3H 4S", "AS 2H 3D 4C"), compare("KC QC KD QD", "2H 5H 9H KH")
    (0, -1)
    """
    ca, cb = evaluate(a).class_index, evaluate(b).class_index
    return (ca > cb) - (ca < cb)


# --------------------------------------------------------------------------------------
# All 270,725 hands
# --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ClassRow:
    """One hand class: its index, size, ranks, words, how many hands it holds and an example."""

    class_index: int
    count: int
    """Counting cards: 4 (badugi), 3, 2 or 1."""
    ranks: tuple[int, ...]
    words: str
    hands: int
    """How many of the 270,725 hands have this value."""
    beaten_by: int
    """How many hands beat every hand of this class."""
    example: CardSet
    """The hand of the class with the smallest mask (its highest card as low as possible)."""

    @property
    def number(self) -> int:
        """The class as a learner counts it: 1 is the best (``class_index + 1``)."""
        return self.class_index + 1


@dataclasses.dataclass(frozen=True)
class Standing:
    """Where a hand stands among all 270,725 hands.

    ``beaten_by``: hands that beat it; ``ties``: other hands with the same value; ``beats``:
    hands it beats; ``percentile``: the share of all hands it beats, in percent;
    ``top_percent``: the share of hands at least as good (itself included), in percent.
    """

    value: BadugiValue
    beaten_by: int
    ties: int
    beats: int
    total: int

    @property
    def percentile(self) -> float:
        """The percentage of all hands this hand beats."""
        return 100.0 * self.beats / self.total

    @property
    def top_percent(self) -> float:
        """The percentage of all hands that are at least as good as this one (itself included)."""
        return 100.0 * (self.beaten_by + self.ties + 1) / self.total

    @property
    def reason(self) -> str:
        """The standing in one sentence."""
        return (f"The {self.value.words()} is {class_number_text(self.value.class_index)} "
                f"(1 is the best): "
                f"{self.beaten_by:,} hands beat it, {self.ties:,} other hands tie with it and it "
                f"beats {self.beats:,} of the {self.total:,} hands ({self.percentile:.2f}%).")

    def __str__(self) -> str:
        return self.reason


class AllHands:
    """All 270,725 four-card hands with their classes, as compact parallel arrays.

    ``masks`` (``array('Q')``, 52-bit card masks) and ``classes`` (``array('H')``, class
    indices) are parallel; the hands are grouped by rank multiset (no other promise about the
    order).  ``class_counts[i]`` is the number of hands in class ``i``.
    """

    __slots__ = ("masks", "classes", "class_counts", "_better", "_by_class", "_rows")

    def __init__(self, masks: array[int], classes: array[int],
                 class_counts: tuple[int, ...]) -> None:
        self.masks = masks
        self.classes = classes
        self.class_counts = class_counts
        self._better = tuple(accumulate(class_counts[:-1], initial=0))
        self._by_class: list[array[int]] | None = None
        self._rows: list[ClassRow] | None = None

    def __len__(self) -> int:
        return len(self.masks)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        """Pairs (mask, class index)."""
        return zip(self.masks, self.classes)

    def __repr__(self) -> str:
        return f"<AllHands: {len(self):,} hands in {CLASS_COUNT:,} classes>"

    def beaten_by(self, class_index: int) -> int:
        """How many hands beat a hand of class ``class_index``."""
        return self._better[check_class_index(class_index)]

    def class_counts_by_size(self) -> dict[int, int]:
        """The number of classes with 4, 3, 2 and 1 counting cards."""
        return {k: sum(1 for i in CLASS_RANGES[k] if self.class_counts[i]) for k in _SIZES}

    def hand_counts_by_size(self) -> dict[int, int]:
        """The number of hands with 4, 3, 2 and 1 counting cards."""
        return {k: sum(self.class_counts[i] for i in CLASS_RANGES[k]) for k in _SIZES}

    def hands_in_class(self, class_index: int) -> list[CardSet]:
        """Every hand with this value, in canonical order (the index is built at first use)."""
        class_index = check_class_index(class_index)
        if self._by_class is None:
            buckets: list[list[int]] = [[] for _ in range(CLASS_COUNT)]
            appends = [b.append for b in buckets]
            for mask, cls in zip(self.masks, self.classes):
                appends[cls](mask)
            self._by_class = [array("Q", sorted(b)) for b in buckets]
        return [CardSet(m) for m in self._by_class[class_index]]

    def standing(self, cards: CardsOrValue) -> Standing:
        """Where a hand stands: how many hands beat it, tie with it, and it beats."""
        value = evaluate(cards)
        cls = value.class_index
        beaten_by = self._better[cls]
        ties = self.class_counts[cls] - 1
        return Standing(value, beaten_by, ties, HAND_COUNT - beaten_by - ties - 1, HAND_COUNT)

    def class_table(self) -> list[ClassRow]:
        """One :class:`ClassRow` per class, best first (built once, at first use)."""
        if self._rows is None:
            first = [1 << 52] * CLASS_COUNT
            for mask, cls in zip(self.masks, self.classes):
                if mask < first[cls]:
                    first[cls] = mask
            self._rows = [
                ClassRow(i, len(_RANKS_OF_CLASS[i]), _RANKS_OF_CLASS[i], class_words(i),
                         self.class_counts[i], self._better[i], CardSet(first[i]))
                for i in range(CLASS_COUNT)
            ]
        return list(self._rows)



_ALL_HANDS: AllHands | None = None


def all_hands() -> AllHands:
    """All 270,725 hands with their classes (built at first use, then kept in memory).

    >>> hands = all_hands()
    >>> len(hands), hands.hand_counts_by_size()
    (270725, {4: 17160, 3: 154440, 2: 96252, 1: 2873})
    """
    global _ALL_HANDS
    if _ALL_HANDS is None:
        _ALL_HANDS = AllHands(*_build_all_hands())
    return _ALL_HANDS


def standing(cards: CardsOrValue) -> Standing:
    """Where a hand stands among all 270,725 hands: how many beat it, tie with it, it beats.

    >>> s = standing("AC 2D 3H 4S")
    >>> s.beaten_by, s.ties, s.beats
    (0, 23, 270701)
    """
    return all_hands().standing(cards)


def class_table() -> list[ClassRow]:
    """Every class, best first: index, counting cards, ranks, words, hands, hands better, example."""
    return all_hands().class_table()


def classes_near(cards_or_class: CardsOrValue | int, before: int = 3, after: int = 3) -> list[ClassRow]:
    """The class rows around a hand (or a class index): ``before`` better classes, the class
    itself and ``after`` worse ones, best first -- the "best hands near mine" table.

    >>> [row.words for row in classes_near("AC 2D 3H 5S", before=1, after=1)]
    ['badugi 4-3-2-A', 'badugi 5-3-2-A', 'badugi 5-4-2-A']
    """
    if isinstance(cards_or_class, bool):
        raise CardError(f"{quoted(cards_or_class)} is neither a hand nor a class index: expected "
                        "four cards such as 'AC 2D 3H 4S' or a class index from 0 to "
                        f"{CLASS_COUNT - 1:,}")
    if isinstance(cards_or_class, int):
        center = check_class_index(cards_or_class)
    else:
        center = evaluate(cards_or_class).class_index
    before = whole_number("before", before, 0, CLASS_COUNT - 1)
    after = whole_number("after", after, 0, CLASS_COUNT - 1)
    rows = all_hands().class_table()
    return rows[max(0, center - before): center + after + 1]


def class_frame() -> Any:
    """:func:`class_table` as a pandas DataFrame (pandas is imported only here)."""
    import pandas as pd

    rows = class_table()
    return pd.DataFrame(
        {
            "class_index": [r.class_index for r in rows],
            "count": [r.count for r in rows],
            "ranks": [_rank_text(r.ranks) for r in rows],
            "words": [r.words for r in rows],
            "hands": [r.hands for r in rows],
            "beaten_by": [r.beaten_by for r in rows],
            "example": [str(r.example) for r in rows],
        }
    ).set_index("class_index")
