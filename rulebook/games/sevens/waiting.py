"""What waits on what in a Sevens-family position (Badam Satti, its app rules, Sevens).

For every card still in a hand, :func:`waiting_chains` finds the cards that must reach the
table before it can be played, in a playing order: from the row end it grows from, or from
the suit's 7 when the suit has no row yet.  That is the picture behind "holding the 6♦ keeps
every diamond below it off the table": each of those diamonds has the 6♦ in its chain.

Nothing here states a row rule again.  "What may go next to the table" is asked of
:func:`rulebook.games.sevens.core.playable_mask` — the very function the engine's legality uses — so
the row order (BS-ROW-2, or 2..K, A under ace_high, BS-HR-13), the ends of a row (BS-MOVE-1,
BS-ROW-3/4), the 7 that opens a row (BS-ROW-1) and the 8 that a 6 waits for under
eight_before_six (BS-HR-15) all come from the engine.  A chain is a shortest sequence of
plays of its suit that makes the card playable; with an empty table the opening card comes
first (BS-OPEN-4).  :func:`rulebook.games.sevens.core.row_order` only tells which end of a row a
chain grows from, for the drawing.

:func:`waiting_diagram` draws the row ends and the chains as a ``graphviz.Digraph``, each card
coloured (and labelled) by the seat that holds it; ``graphviz`` is imported only there.

>>> from rulebook import load_rules
>>> state = load_rules("badam-satti").position(
...     table="6H-KH 2S-9S", hands=["AH AS TS 5H", None, None], to_move=0)
>>> chain = waiting_chains(state)[Card("AH")]
>>> [str(c) for c in chain.before], chain.end
(['5H', '4H', '3H', '2H'], 'low')
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ...cards import ALL_CARDS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from .core import SUIT_MASKS, bit_cards, playable_mask, row_order
from .explain import row_end, row_span

if TYPE_CHECKING:  # pragma: no cover - typing only
    import graphviz

__all__ = ["Chain", "SEAT_COLOURS", "chain_before", "waiting_chains", "holding_back",
           "waiting_diagram"]

SEAT_COLOURS: tuple[str, ...] = (
    "#f6c56f",  # orange
    "#9fd4f2",  # sky blue
    "#86d3b4",  # bluish green
    "#f3ea8a",  # yellow
    "#9bb9e3",  # blue
    "#f0a98a",  # vermillion
    "#e3afcf",  # reddish purple
)
"""Fill colour of each seat's cards (light Okabe-Ito colours; the seat is also in the label)."""

TABLE_COLOUR = "#d9d9d9"
"""Fill colour of the row ends on the table."""


class Chain(NamedTuple):
    """The cards that must be played before ``card`` can be, and who holds them."""

    card: Card
    """The waiting card."""
    seat: int
    """The seat holding it."""
    before: tuple[Card, ...]
    """The cards to be played first, in a playing order (nearest the table first); empty
    when the card is playable now."""
    holders: tuple[int, ...]
    """The seat holding each card of ``before``."""
    anchor: Card | None
    """The row end on the table the chain grows from; ``None`` when the suit has no row."""
    end: str
    """Which end: ``"low"``, ``"high"`` (the same card when the row is a lone 7), or
    ``"none"`` when the suit has no row yet (the chain starts at its 7)."""

    @property
    def playable_now(self) -> bool:
        """Whether nothing has to be played first."""
        return not self.before

    def __str__(self) -> str:
        if not self.before:
            return f"{self.card} (seat {self.seat}): playable now"
        waits = ", ".join(f"{c} (seat {s})" for c, s in zip(self.before, self.holders))
        return f"{self.card} (seat {self.seat}) waits for {waits}"


def chain_before(card: int, table: int, ace_high: bool = False,
                 eight_before_six: bool = False) -> tuple[int, ...]:
    """The card indices that must join ``table`` before ``card`` is playable, in play order.

    A breadth-first search over the tables of the card's suit, one playable card at a time,
    using :func:`~rulebook.games.sevens.core.playable_mask` for "playable" (BS-MOVE-1, BS-ROW-1..4,
    BS-HR-13, BS-HR-15): the first table reached on which ``card`` is playable gives the
    shortest chain.  Rows never mix suits, so only the card's suit is searched.

    >>> [ALL_CARDS[i].text for i in chain_before(Card("5D").index, Card("7D").mask,
    ...                                          eight_before_six=True)]
    ['8D', '6D']
    """
    suit_cards = SUIT_MASKS[card % 4]
    target = 1 << card
    start = table & suit_cards

    def playable(t: int) -> int:
        return playable_mask(t, ace_high, eight_before_six) & suit_cards

    if playable(start) & target:
        return ()
    came_from: dict[int, tuple[int, int]] = {}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for index in bit_cards(playable(current) & ~target):
            step = current | 1 << index
            if step in came_from or step == start:
                continue
            came_from[step] = (current, index)
            if playable(step) & target:
                path = []
                while step != start:
                    step, played = came_from[step]
                    path.append(played)
                return tuple(reversed(path))
            queue.append(step)
    raise ValueError(f"{ALL_CARDS[card]} can never be played from this table")  # pragma: no cover


def _state_parts(state: Any) -> tuple[Any, int, list[int], int | None]:
    """Rules, table mask, hand masks and the opening card (when the table is still empty)."""
    rules = state.rules
    table = state.table.mask
    hands = [hand.mask for hand in state.hands]
    opening = rules.opening if table == 0 else None  # BS-OPEN-4, as the State decides it
    return rules, table, hands, opening


def waiting_chains(state: Any) -> dict[Card, Chain]:
    """For every card still in a hand, its :class:`Chain`, in canonical card order.

    ``state`` is a :class:`rulebook.games.sevens.state.SevensState` (anything with ``rules``, ``table``
    and ``hands``).  With an empty table every chain but the opening card's starts with the
    opening card (BS-OPEN-4).
    """
    rules, table, hands, opening = _state_parts(state)
    holder = {index: seat for seat, hand in enumerate(hands) for index in bit_cards(hand)}
    ace_high, e86 = rules.ace_high, rules.eight_before_six
    out: dict[Card, Chain] = {}
    for index in sorted(holder):
        first = (opening,) if opening is not None and index != opening else ()
        before = first + chain_before(index, table | sum(1 << i for i in first), ace_high, e86)
        in_suit = [i for i in before if i % 4 == index % 4] + [index]
        anchor, end = row_end(table, ALL_CARDS[in_suit[0]], ace_high)
        card = ALL_CARDS[index]
        out[card] = Chain(card, holder[index], tuple(ALL_CARDS[i] for i in before),
                          tuple(holder[i] for i in before), anchor, end)
    return out


def holding_back(chains: Mapping[Card, Chain]) -> dict[Card, tuple[Card, ...]]:
    """For every card, the cards whose chains contain it: what holding it keeps off the table.

    >>> from rulebook import load_rules
    >>> state = load_rules("badam-satti").position(table="7D", hands=["6D 3D", None, None])
    >>> [str(c) for c in holding_back(waiting_chains(state))[Card("6D")]]
    ['AD', '2D', '3D', '4D', '5D']
    """
    out: dict[Card, list[Card]] = {card: [] for card in chains}
    for card, chain in chains.items():
        for prerequisite in chain.before:
            out.setdefault(prerequisite, []).append(card)
    return {card: tuple(sorted(cards)) for card, cards in out.items()}


def _direct(chain: Chain, chains: Mapping[Card, Chain]) -> list[Card]:
    """The cards of ``chain.before`` not already in the chain of another of them: the
    immediate prerequisites (a transitive reduction)."""
    inner: set[Card] = set()
    for card in chain.before:
        inner.update(chains[card].before)
    return [card for card in chain.before if card not in inner]


def _end_id(suit: str, end: str, single: bool) -> str:
    if end == "none":
        return f"norow_{suit}"
    return f"row_{suit}" if single else f"row_{suit}_{end}"


def waiting_diagram(state: Any, seats: Iterable[int] | None = None) -> "graphviz.Digraph":
    """Each suit's row ends and, for every card still in a hand, the chain of cards that must
    be played before it, as a ``graphviz.Digraph``.

    Cards are coloured by the seat holding them (a legend lists the seats; the seat is also
    written on each card), cards playable now have a double outline, and each card says how
    many cards it holds back.  An arrow ``a -> b`` means "a must be on the table before b".
    ``seats`` limits the waiting cards drawn to those seats' hands (the chains still show
    every card they pass through).  Tooltips give each card's whole chain and the clause ids.
    """
    from ...diagrams import digraph

    rules, table, hands, _ = _state_parts(state)
    chains = waiting_chains(state)
    back = holding_back(chains)
    wanted = set(range(len(hands))) if seats is None else set(seats)
    shown: set[Card] = set()
    for card, chain in chains.items():
        if chain.seat in wanted:
            shown.add(card)
            shown.update(chain.before)
    clauses = ["BS-MOVE-1", "BS-ROW-1", "BS-ROW-3"] + [clause for clause, on in (
        ("BS-HR-13", rules.ace_high), ("BS-HR-15", rules.eight_before_six),
        ("BS-OPEN-4", table == 0)) if on]
    clause_text = ", ".join(clauses)
    to_move = getattr(state, "to_move", None)
    title = "What waits on what: an arrow a → b means a must be on the table before b"
    graph = digraph(
        "waiting",
        graph_attr={"rankdir": "LR", "label": title, "labelloc": "t", "fontname": "Helvetica",
                    "fontsize": "13", "tooltip": f"{title} [{clause_text}]", "nodesep": "0.15",
                    "ranksep": "0.3", "newrank": "true"},
        node_attr={"fontname": "Helvetica", "fontsize": "11", "shape": "box",
                   "style": "rounded,filled", "margin": "0.08,0.03"},
        edge_attr={"color": "#555555", "arrowsize": "0.7", "fontname": "Helvetica",
                   "fontsize": "9"},
    )
    order = row_order(rules.ace_high)
    seven_pos = order.index(6)
    lone_sevens = {suit for suit_index, suit in enumerate(SUITS)
                   if table & SUIT_MASKS[suit_index] == 1 << (6 * 4 + suit_index)}
    for suit_index, suit in enumerate(SUITS):
        members = sorted(card for card in shown if card.suit == suit)
        span = row_span(table, suit_index, rules.ace_high)
        with graph.subgraph(name=f"cluster_{suit}") as sub:
            symbol = SUIT_SYMBOLS[suit]
            if span is not None:
                low, high = span
                row = low.pretty() if low == high else f"{low.pretty()}-{high.pretty()}"
                caption = f"{symbol} {SUIT_NAMES[suit]}: row {row}"
            else:
                caption = f"{symbol} {SUIT_NAMES[suit]}: no row yet"
            sub.attr(label=caption, style="rounded", color="#9aa5b1", fontsize="11",
                     tooltip=f"{caption} [BS-ROW-1, BS-ROW-3]")
            if span is not None:
                single = suit in lone_sevens
                for end, card in (("low", low), ("high", high))[: 1 if single else 2]:
                    name = "row end" if single else f"{end} end"
                    sub.node(_end_id(suit, end, single), f"{card.pretty()}\\n{name}",
                             fillcolor=TABLE_COLOUR, shape="box", style="filled,bold",
                             tooltip=f"{card} is the {name} of the {SUIT_NAMES[suit]} row "
                                     "on the table [BS-ROW-3, BS-MOVE-1]")
                if not single:
                    sub.edge(_end_id(suit, "low", False), _end_id(suit, "high", False),
                             label=f"{(table & SUIT_MASKS[suit_index]).bit_count()} on the table",
                             style="bold", color="#999999", arrowhead="none",
                             tooltip="the row on the table [BS-ROW-3]")
            else:
                sub.node(_end_id(suit, "none", False), f"{symbol}\\nno row",
                         fillcolor="white", style="dashed",
                         tooltip=f"no {SUIT_NAMES[suit]} row yet: only the 7{suit} opens it "
                                 "[BS-ROW-1]")
            for card in members:
                chain = chains[card]
                held = back.get(card, ())
                label = f"{card.pretty()}\\nseat {chain.seat}" + \
                    (f"\\nholds back {len(held)}" if held else "")
                tip = str(chain) + ("; holding it keeps " + " ".join(map(str, held))
                                    + " off the table" if held else "")
                sub.node(card.text, label,
                         fillcolor=SEAT_COLOURS[chain.seat % len(SEAT_COLOURS)],
                         peripheries="2" if chain.playable_now else "1",
                         penwidth="1.6" if chain.playable_now else "1",
                         tooltip=f"{tip} [{clause_text}]")
    for card in sorted(shown):
        chain = chains[card]
        low_side = order.index(card.rank_index) < seven_pos

        def arrow(tail: str, head: str, **attrs: str) -> None:
            # Cards below the 7 are drawn to the left of their prerequisites: the edge runs
            # head -> tail with the arrow reversed, so the rows read as on the table.
            if low_side:
                graph.edge(head, tail, dir="back", **attrs)
            else:
                graph.edge(tail, head, **attrs)

        for before in _direct(chain, chains):
            cross = before.suit != card.suit
            attrs = {"tooltip": f"{before} must be played before {card} [{clause_text}]"}
            if cross:
                attrs.update(style="dashed", constraint="false")
            arrow(before.text, card.text, **attrs)
        first_in_suit = next((c for c in chain.before if c.suit == card.suit), card)
        if first_in_suit == card:
            arrow(_end_id(card.suit, chain.end, card.suit in lone_sevens), card.text,
                  tooltip=(f"{card} goes next to the {chain.end} end [{clause_text}]"
                           if chain.anchor else f"{card} opens the row [BS-ROW-1]"))
    with graph.subgraph(name="cluster_legend") as legend:
        legend.attr(label="seats", style="rounded", color="#9aa5b1", fontsize="11",
                    tooltip="Card colours: the seat holding the card")
        for seat in range(len(hands)):
            mark = " (to move)" if seat == to_move else ""
            legend.node(f"seat_{seat}", f"seat {seat}{mark}: {len(bit_cards(hands[seat]))} "
                        "cards", fillcolor=SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                        tooltip=f"cards held by seat {seat}")
        legend.node("on_table", "on the table", fillcolor=TABLE_COLOUR, style="filled,bold",
                    tooltip="row ends on the table")
        legend.node("playable_key", "double outline:\\nplayable now", fillcolor="white",
                    peripheries="2", tooltip="the card could be played now [BS-INFO-2]")
    return graph
