"""The lessons' questions as data, each answered by doing something the engine checks.

An :class:`Exercise` is one question of a lesson (``id`` ``"01.2"`` = lesson 01, question 2):
its prompt in plain words (cards in symbols, 7♦), the kind of answer it takes (:data:`KINDS`:
a card or move, a seat, a whole number, one of some choices, a set of cards), how its position
is built (:class:`Setup`: a ruleset and the arguments of ``rules.position()`` or of a seeded
``rules.new_deal()``, then moves played) and the clause ids it tests.  The correct answer and
the reason for any answer come from the engine, computed when first asked for
(:meth:`Exercise.answer`, :meth:`Exercise.check`), never typed in by hand: a move's reason is
``state.explain(move).reason``, a score is the finished deal's outcome, a refused ruleset is
the engine's own error.

- :meth:`Exercise.check` reads the answer into a built-in type first (engine notation ``7D``
  or symbols ``7♦`` or words ``seven of diamonds``; ``2`` or ``"2"`` for a seat or a number)
  and returns a :class:`Verdict`: right or wrong, the engine's reason, its clause ids.  An
  answer that is not of the form the question takes (a word where a number is asked, a card
  that is not a card) raises :class:`AnswerError` with a short sentence saying the form; a
  well-formed wrong answer is a ``Verdict`` with ``correct=False``.
- :data:`EXERCISES` maps every id to its exercise; :func:`exercise`,
  :func:`lesson_exercises`, :func:`check` and :func:`answer_of` look them up.

Clauses: this module states no rule; its questions test BS-OPEN-3, BS-OPEN-4, BS-ROW-1,
BS-ROW-3, BS-MOVE-1, BS-MOVE-3, BS-MOVE-4, BS-INFO-2, BS-INFO-4, BS-END-2, BS-END-3, BS-END-5,
BS-CHIP-3, BS-CHIP-4, BS-CHIP-5, BS-DEAL-1, BS-HR-*, SAT-*, BDG-* (each exercise's
``clauses`` lists its own), and every verdict carries the clause ids the engine gave.
Imports only the engine (no widgets, no pandas).
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .cards import Card, parse_card
from .errors import CardError, MoveError, RulebookError, plain_int, plain_str, quoted
from .protocol import GameState
from .rules import RulesBase, load_rules

__all__ = ["Exercise", "Setup", "Verdict", "Key", "AnswerError", "KINDS", "EXERCISES",
           "LESSONS", "exercise", "lesson_exercises", "check", "answer_of"]

KINDS = ("card", "seat", "number", "choice", "cards")
"""The kinds of answer: ``card`` (a card or move in engine notation, e.g. ``7D``, ``pass``),
``seat`` (a seat number), ``number`` (a whole number), ``choice`` (one of the exercise's
``choices``), ``cards`` (a set of cards)."""


class AnswerError(RulebookError):
    """An answer that is not of the form its question takes (the message says the form)."""


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The engine's verdict on an answer: right or not, why, and the clauses the reason rests
    on.  True when the answer is right."""

    correct: bool
    """Whether the answer is right."""
    reason: str
    """The engine's explanation, true for the position (cards in symbols)."""
    clauses: tuple[str, ...]
    """The clause ids the reason rests on."""

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        head = "Right." if self.correct else "Not right."
        return f"{head} {self.reason} [{', '.join(self.clauses)}]"


@dataclasses.dataclass(frozen=True)
class Key:
    """What the engine says about an exercise: the correct answer (a built-in value, as an
    answer is read), the full explanation (the teacher's answer) and the judge of any read
    answer."""

    answer: Any
    """The correct answer: a str (a card, a move, a choice), an int, or a tuple of card
    notations for ``cards`` (for a question with several right answers, one of them)."""
    explanation: str
    """The answer in plain words, with the engine's reasons."""
    judge: Callable[[Any], Verdict]
    """The verdict on an answer already read by :meth:`Exercise.read`."""


def _pairs(mapping: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...] | None:
    if mapping is None:
        return None
    return tuple((name, tuple(value) if isinstance(value, list) else value)
                 for name, value in mapping.items())


@dataclasses.dataclass(frozen=True)
class Setup:
    """How an exercise's position is built: ``load_rules(ruleset, **options)``, then
    ``rules.position(**position)`` or ``rules.new_deal(**deal)`` (or no position at all, for a
    question about the rules themselves or about hands), then ``moves`` played in order."""

    ruleset: str
    """The ruleset id (``badam-satti``)."""
    options: tuple[tuple[str, Any], ...] = ()
    """The options passed to ``load_rules``."""
    position: tuple[tuple[str, Any], ...] | None = None
    """The keyword arguments of ``rules.position()`` (a list becomes a tuple)."""
    deal: tuple[tuple[str, Any], ...] | None = None
    """The keyword arguments of ``rules.new_deal()``."""
    moves: tuple[str, ...] = ()
    """Moves played after the position or deal, in engine notation."""

    @classmethod
    def of(cls, ruleset: str, *, options: Mapping[str, Any] | None = None,
           position: Mapping[str, Any] | None = None, deal: Mapping[str, Any] | None = None,
           moves: Iterable[str] = ()) -> Setup:
        """A setup from plain mappings: ``Setup.of("badam-satti", position={...})``."""
        return cls(ruleset, _pairs(options) or (), _pairs(position), _pairs(deal),
                   tuple(moves))

    def rules(self) -> RulesBase:
        """The rules object, loaded by the engine."""
        return load_rules(self.ruleset, **dict(self.options))

    def state(self) -> GameState[Any] | None:
        """The position, built by the engine (``None`` when the setup has no position)."""
        rules = self.rules()
        if self.position is not None:
            args = {name: list(value) if isinstance(value, tuple) else value
                    for name, value in self.position}
            state: GameState[Any] = rules.position(**args)
        elif self.deal is not None:
            state = rules.new_deal(**dict(self.deal))
        else:
            return None
        for move in self.moves:
            state = state.play(move)
        return state

    def describe(self) -> str:
        """The setup as the code that builds it, for the teacher's notes."""
        options = "".join(f", {name}={value!r}" for name, value in self.options)
        text = f'load_rules("{self.ruleset}"{options})'
        for name, args in (("position", self.position), ("new_deal", self.deal)):
            if args is not None:
                text += f".{name}(" + ", ".join(
                    f"{k}={list(v) if isinstance(v, tuple) else v!r}" for k, v in args) + ")"
        return text + "".join(f".play({move!r})" for move in self.moves)


_RANK_WORDS = {"ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
               "seven": "7", "eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q",
               "king": "K"}
_SUIT_WORDS = {"clubs": "C", "club": "C", "diamonds": "D", "diamond": "D", "hearts": "H",
               "heart": "H", "spades": "S", "spade": "S"}
_WORDS = re.compile(r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|"
                    r"[2-9]|10|[ajqk])\s+of\s+(clubs?|diamonds?|hearts?|spades?)\b", re.I)


def _from_words(text: str) -> str:
    """``seven of diamonds`` (or ``7 of diamonds``) as ``7D``; other text as it is."""
    def card(match: re.Match[str]) -> str:
        rank = match.group(1).lower()
        letter = _RANK_WORDS.get(rank, "T" if rank == "10" else rank.upper())
        return letter + _SUIT_WORDS[match.group(2).lower()]
    return _WORDS.sub(card, text)


def _text(answer: Any, form: str) -> str:
    text = plain_str(answer)
    if text is None or not text.strip():
        raise AnswerError(f"{quoted(answer)} is not an answer: {form}")
    return text.strip()


def _read_card(answer: Any) -> Card:
    form = "pick a card, such as 7♦ (or type 7D)"
    if isinstance(answer, Card):
        return answer
    text = _from_words(_text(answer, form))
    try:
        return parse_card(text)
    except CardError:
        raise AnswerError(f"{quoted(text)} is not a card: {form}") from None


def _read_cards(answer: Any) -> tuple[str, ...]:
    form = "give some cards, such as 5♥ 9♥ (or type 5H 9H)"
    if isinstance(answer, (list, tuple, set, frozenset)):
        items = list(answer)
    else:
        text = _from_words(_text(answer, form))
        items = [part for part in re.split(r"[\s,;]+|\band\b", text) if part]
    if not items:
        raise AnswerError(f"no card was given: {form}")
    cards = {str(_read_card(item)) for item in items}
    return tuple(sorted(cards, key=lambda c: parse_card(c).index))


def _read_int(answer: Any, what: str) -> int:
    form = f"type {what} in figures, such as 2"
    if isinstance(answer, bool):
        raise AnswerError(f"{answer!r} is not {what}: {form}")
    number = plain_int(answer)
    if number is None:
        text = _text(answer, form)
        text = re.sub(r"^seat\s+", "", text, flags=re.I)
        if not re.fullmatch(r"[+-]?\d{1,6}", text):
            raise AnswerError(f"{quoted(text)} is not {what}: {form}")
        number = int(text)
    return number


@dataclasses.dataclass(frozen=True)
class Exercise:
    """One lesson question, answered by doing something the engine checks.

    ``id`` (``"01.2"``), ``lesson`` (``"01_badam_satti"``), ``prompt`` (plain words, cards in
    symbols), ``kind`` (one of :data:`KINDS`), ``setup`` (the position), ``clauses`` (the
    clause ids the question tests), ``choices`` (for ``choice``), ``offered`` (the cards or
    moves a screen offers as buttons, in engine notation; empty: any card may be typed).
    """

    id: str
    """``"01.2"``: lesson 01, question 2."""
    lesson: str
    """The lesson notebook's name without ``.ipynb`` (``"01_badam_satti"``)."""
    prompt: str
    """The question in plain words, cards in symbols."""
    kind: str
    """What the answer is: one of :data:`KINDS`."""
    setup: Setup
    """How the position is built."""
    clauses: tuple[str, ...]
    """The clause ids the question tests."""
    solve: Callable[[Exercise], Key] = dataclasses.field(repr=False, compare=False)
    """Computes the engine's answer and judge for this exercise (called once, on first use)."""
    choices: tuple[str, ...] = ()
    """The choices of a ``choice`` question."""
    offered: tuple[str, ...] = ()
    """The cards or moves a screen offers (engine notation), for ``card`` and ``cards``."""
    _cache: dict[str, Key] = dataclasses.field(default_factory=dict, repr=False,
                                               compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind={self.kind!r}: expected one of {', '.join(KINDS)}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError("choices are given exactly for a 'choice' question")

    def state(self) -> GameState[Any] | None:
        """The exercise's position, built by the engine (``None`` if it has none)."""
        return self.setup.state()

    def key(self) -> Key:
        """The engine's answer, explanation and judge (computed once)."""
        if "key" not in self._cache:
            self._cache["key"] = self.solve(self)
        return self._cache["key"]

    def answer(self) -> Any:
        """The correct answer, computed by the engine (one of them when several count)."""
        return self.key().answer

    def explanation(self) -> str:
        """The answer in plain words with the engine's reasons (for the teacher)."""
        return self.key().explanation

    def read(self, answer: Any) -> Any:
        """The answer as a built-in value of this question's kind: a str (``"7D"``,
        ``"pass"``, a choice), an int, or a sorted tuple of card notations.  Raises
        :class:`AnswerError` when it is not of that form."""
        if self.kind == "number":
            return _read_int(answer, "a whole number")
        if self.kind == "seat":
            seat = _read_int(answer, "a seat number")
            state = self.state()
            players = state.players if state is not None else 4
            if not 0 <= seat < players:
                raise AnswerError(f"there is no seat {seat}: the seats are 0 to {players - 1}")
            return seat
        if self.kind == "cards":
            return _read_cards(answer)
        if self.kind == "choice":
            text = _text(answer, "pick one of: " + ", ".join(self.choices))
            for choice in self.choices:
                if text.casefold() == choice.casefold():
                    return choice
            raise AnswerError(f"{quoted(text)} is not one of the choices: pick one of "
                              + ", ".join(self.choices))
        return self._read_move(answer)

    def _read_move(self, answer: Any) -> str:
        form = "pick a card, such as 7♦ (or type 7D), or a move such as pass"
        state = self.state()
        if isinstance(answer, Card):
            answer = str(answer)
        text = _from_words(_text(answer, form))
        if state is None:
            return str(_read_card(text))
        try:
            return str(state.rules.parse_move(text))
        except MoveError:
            raise AnswerError(f"{quoted(text)} is not a card or a move: {form}") from None

    def check(self, answer: Any) -> Verdict:
        """The engine's verdict on an answer (read first; see :meth:`read`)."""
        return self.key().judge(self.read(answer))


# ---------------------------------------------------------------------------------------
# Judges built from the engine's answers


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _pretty(state: GameState[Any], move: str) -> str:
    return str(state.rules.parse_move(move).pretty())


def _legal_move_key(state: GameState[Any], lead: str = "") -> Key:
    """A ``card`` question whose right answers are the legal moves of ``state``."""
    legal = [str(m) for m in state.legal_moves()]

    def judge(move: str) -> Verdict:
        why = state.explain(move)
        return Verdict(bool(why.legal), why.reason, tuple(why.clauses))
    names = _listed([_pretty(state, m) for m in legal])
    first = state.explain(legal[0])
    return Key(legal[0], f"{lead}{names}. {first.reason}", judge)


def _legal_set_key(state: GameState[Any], hand: Iterable[str]) -> Key:
    """A ``cards`` question: which of ``hand`` may be played (the answer is all of them)."""
    legal = {str(m) for m in state.legal_moves()}
    cards = [c for c in hand]
    right = tuple(c for c in cards if c in legal)

    def judge(picked: tuple[str, ...]) -> Verdict:
        wrong = [c for c in picked if c not in legal]
        missed = [c for c in right if c not in picked]
        if not wrong and not missed:
            why = [state.explain(c) for c in right]
            return Verdict(True, " ".join(w.reason for w in why),
                           tuple(dict.fromkeys(c for w in why for c in w.clauses)))
        told = [state.explain(c) for c in wrong] or [state.explain(missed[0])]
        lead = (f"You left out {_listed([_pretty(state, c) for c in missed])}. "
                if missed and wrong else "")
        if missed and not wrong:
            lead = f"There is more: {_listed([_pretty(state, c) for c in missed])} too. "
        return Verdict(False, lead + " ".join(w.reason for w in told),
                       tuple(dict.fromkeys(c for w in told for c in w.clauses)))
    names = _listed([_pretty(state, c) for c in right])
    return Key(right, f"Only {names}. " + " ".join(state.explain(c).reason for c in right),
               judge)


def _fixed_key(answer: Any, reason: str, clauses: tuple[str, ...], explanation: str = "",
               accept: Callable[[Any], bool] | None = None) -> Key:
    """A question with one right answer and the same reason whatever the answer."""
    def judge(given: Any) -> Verdict:
        right = accept(given) if accept is not None else given == answer
        return Verdict(right, reason, clauses)
    said = str(answer)
    return Key(answer, explanation or f"{said[:1].upper()}{said[1:]}. {reason}", judge)


def _state(exercise: Exercise) -> Any:
    state = exercise.state()
    if state is None:
        raise RuntimeError(f"exercise {exercise.id} has no position")
    return state


# ---------------------------------------------------------------------------------------
# Lesson 00: start here


def _first_turn(ex: Exercise) -> Key:
    state = _state(ex)
    moves = state.legal_moves()
    only = state.explain(moves[0])
    refused = state.explain("pass")
    reason = f"{only.reason} {refused.reason}"
    return _fixed_key(len(moves), reason, tuple(dict.fromkeys((*only.clauses,
                                                               *refused.clauses))))


def _playable_of_hand(ex: Exercise) -> Key:
    state = _state(ex)
    return _legal_set_key(state, [str(c) for c in state.hand(state.to_move)])


def _must_do(ex: Exercise) -> Key:
    return _legal_move_key(_state(ex), "Only ")


def _sevens_opening(ex: Exercise) -> Key:
    state = _state(ex)
    opening = state.legal_moves()[0]
    why = state.explain(opening)
    answer = str(opening.pretty())
    other = load_rules("badam-satti").new_deal(**dict(ex.setup.deal or ()))
    classic = other.explain(other.legal_moves()[0])
    reason = (f"In British Sevens: {why.reason} In Badam Satti, the same deal: "
              f"{classic.reason}")
    return _fixed_key(answer, reason, tuple(dict.fromkeys((*why.clauses, *classic.clauses))),
                      f"The {answer}. {reason}")


# ---------------------------------------------------------------------------------------
# Lesson 01: Badam Satti


def _must_play_it(ex: Exercise) -> Key:
    state = _state(ex)
    legal = [str(m) for m in state.legal_moves()]
    why = state.explain("7D")
    answer = "yes" if legal == ["7D"] else "no"
    reason = why.reason
    return _fixed_key(answer, reason, tuple(why.clauses),
                      f"{answer.capitalize()}. {reason} "
                      + _listed([_pretty(state, m) for m in legal]) + " are all allowed.")


def _known_absent(ex: Exercise) -> Key:
    state = _state(ex)
    seat = 2
    absent = state.known_absent(seat)
    names = [str(c) for c in absent]
    line = next(p for p in state.public_cards() if p.seat == seat)
    passed = state.move_log()[-1]
    told = passed.reason if not passed.private else ""
    base = f"{passed.text} {told} So seat {seat} surely holds none of {absent.pretty()}."
    clauses = tuple(dict.fromkeys((*passed.clauses, *line.clauses)))

    def judge(picked: tuple[str, ...]) -> Verdict:
        outside = [c for c in picked if c not in names]
        if outside:
            return Verdict(False, f"Seat {seat} may hold "
                           f"{_listed([parse_card(c).pretty() for c in outside])}: the pass "
                           f"proves nothing about it. {base}", clauses)
        if len(picked) < 2:
            return Verdict(False, f"That is one card; the question asks for two. {base}",
                           clauses)
        return Verdict(True, base, clauses)
    return Key(tuple(names[:2]), f"Any two of {absent.pretty()}: these could all be played, so "
               f"a player holding one of them could not have passed. {base}", judge)


def _penalty_points(ex: Exercise) -> Key:
    state = _state(ex)
    outcome = state.outcome
    if outcome is None:
        raise RuntimeError(f"exercise {ex.id}: the deal is not over")
    points = int(outcome.points[0])
    reason = f"Seat 0 holds K♥ Q♦ when {outcome.summary}."
    return _fixed_key(points, reason, ("BS-END-2", "BS-END-3"))


def _why_no_row(ex: Exercise) -> Key:
    state = _state(ex)
    why = state.explain("8C")
    meaning = {"BS-ROW-1": ex.choices[0], "BS-ROW-3": ex.choices[1], "BS-MOVE-2": ex.choices[2]}
    answer = meaning.get(why.clauses[0], "")
    return _fixed_key(answer, why.reason, tuple(why.clauses))


# ---------------------------------------------------------------------------------------
# Lesson 02: British Sevens and Badam Satti


def _chips_cost(ex: Exercise) -> Key:
    state = _state(ex)
    outcome = state.outcome
    if outcome is None:
        raise RuntimeError(f"exercise {ex.id}: the deal is not over")
    chips = outcome.chips
    passes = outcome.passes[0]
    left = outcome.cards_left[0]
    cost = -int(chips[0])
    pass_reason = ex.setup.rules().position(
        **{k: list(v) if isinstance(v, tuple) else v for k, v in ex.setup.position or ()}
    ).explain("pass").reason
    reason = (f"Seat 0 passed {passes} times and was left with {left} cards: "
              f"{outcome.summary}. Each pass: {pass_reason}")
    return _fixed_key(cost, reason, ("BS-CHIP-3", "BS-CHIP-4", "BS-CHIP-5"))


def _pass_costs(ex: Exercise) -> Key:
    state = _state(ex)
    after = state.play("pass")
    costs = after.stacks is not None and after.stacks != state.stacks
    why = state.explain("pass")
    sevens = load_rules("sevens").position(
        **{k: list(v) if isinstance(v, tuple) else v for k, v in ex.setup.position or ()})
    other = sevens.explain("pass")
    answer = "yes" if costs else "no"
    reason = f"In Badam Satti: {why.reason} In British Sevens: {other.reason}"
    return _fixed_key(answer, reason, tuple(dict.fromkeys((*why.clauses, *other.clauses))))


def _king_hurts(ex: Exercise) -> Key:
    app: Any = ex.setup.rules()
    spec = app.profile.options["scoring"]
    king = app.parse_move("KS").card.index
    values: dict[str, int] = {}
    for name in spec.choices or ():
        scored: Any = load_rules(ex.setup.ruleset, scoring=name)
        values[spec.choice_label(name)] = scored.values[king]
    answer = max(values, key=lambda label: values[label])
    reason = "The king counts " + "; ".join(f"{value} when {label}"
                                            for label, value in values.items()) + "."
    return _fixed_key(answer, reason, ("BS-END-5", "BS-END-3", "BS-END-4"))


def _same_cards(ex: Exercise) -> Key:
    deal = dict(ex.setup.deal or ())
    classic: Any = load_rules("badam-satti").new_deal(**deal)
    sevens: Any = load_rules("sevens").new_deal(**deal)
    same = all(classic.hand(s) == sevens.hand(s) for s in range(classic.players))
    answer = "yes" if same else "no"
    first = classic.explain(classic.legal_moves()[0])
    other = sevens.explain(sevens.legal_moves()[0])
    reason = (f"Deal {deal.get('seed')} gives seat 0 {classic.hand(0).pretty()} under both "
              f"rulesets. They part at the first move. In Badam Satti seat {classic.to_move} "
              f"starts: {first.reason} In British Sevens seat {sevens.to_move} starts: "
              f"{other.reason}")
    return _fixed_key(answer, reason, tuple(dict.fromkeys(("BS-DEAL-1", *first.clauses,
                                                           *other.clauses))))


def _ex(id_: str, lesson: str, prompt: str, kind: str, setup: Setup,
        clauses: tuple[str, ...], solve: Callable[[Exercise], Key],
        choices: tuple[str, ...] = (), offered: tuple[str, ...] = ()) -> Exercise:
    return Exercise(id_, lesson, prompt, kind, setup, clauses, solve, choices, offered)


_L00, _L01, _L02 = "00_start_here", "01_badam_satti", "02_sevens_vs_badam_satti"

_ALL: tuple[Exercise, ...] = (
    _ex("00.1", _L00, "On the first turn of a deal of Badam Satti, how many different moves "
        "may the first player make? (Here: deal 1.)", "number",
        Setup.of("badam-satti", deal={"players": 4, "seed": 1}),
        ("BS-OPEN-3", "BS-OPEN-4"), _first_turn),
    _ex("00.2", _L00, "The hearts row runs from 5♥ to 9♥ and no other row has started. You "
        "hold 4♥ 10♥ 3♥ J♥ K♠ 2♣. Pick every card you may play.", "cards",
        Setup.of("badam-satti", position={"table": "5H-9H",
                                          "hands": ["4H TH 3H JH KS 2C", None, None, None],
                                          "to_move": 0}),
        ("BS-ROW-3", "BS-MOVE-1"), _playable_of_hand,
        offered=("4H", "TH", "3H", "JH", "KS", "2C")),
    _ex("00.3", _L00, "The table shows hearts 5♥ to 9♥ and the sevens of clubs, spades and "
        "diamonds. You hold 2♥ Q♥ A♠ 3♦. What must you do?", "card",
        Setup.of("badam-satti", position={"table": "5H-9H 7C 7S 7D",
                                          "hands": ["2H QH AS 3D", None, None, None],
                                          "to_move": 0}),
        ("BS-MOVE-4", "BS-MOVE-1"), _must_do, offered=("2H", "QH", "AS", "3D", "pass")),
    _ex("00.4", _L00, "Which card starts a deal of British Sevens?", "choice",
        Setup.of("sevens", deal={"players": 4, "seed": 1}),
        ("BS-OPEN-3", "BS-OPEN-4"), _sevens_opening, choices=("7♥", "7♦", "any seven")),
    _ex("01.1", _L01, "You hold 7♦ and other cards that can be played. Must you play the 7♦?",
        "choice",
        Setup.of("badam-satti", position={"table": "4S-TS 7H-QH 3C-8C",
                                          "hands": ["3S JS KH 2C 9C 7D 8D AH", None, None,
                                                    None], "to_move": 0}),
        ("BS-MOVE-3", "BS-ROW-1"), _must_play_it, choices=("yes", "no")),
    _ex("01.2", _L01, "The hearts row holds 6♥ to 8♥ and the spades row only 7♠. Seat 2 "
        "passes. Name two cards seat 2 surely does not hold.", "cards",
        Setup.of("badam-satti", position={"table": "6H-8H 7S",
                                          "hands": [None, None, "2C 3C 4C 2D 3D 4D QH KH",
                                                    None], "to_move": 2},
                 moves=("pass",)),
        ("BS-INFO-2", "BS-INFO-4"), _known_absent),
    _ex("01.3", _L01, "Someone goes out while you still hold K♥ and Q♦. How many penalty "
        "points do you score in classic Badam Satti?", "number",
        Setup.of("badam-satti", position={"table": "AC-QC 2D-JD AH-TH 2S-QS",
                                          "hands": ["KH QD", "KS", "KC JH AD", "KD QH AS"],
                                          "to_move": 1}, moves=("KS",)),
        ("BS-END-2", "BS-END-3"), _penalty_points),
    _ex("01.4", _L01, "The table holds only the 7♥. Why can nobody play the 8♣ yet?", "choice",
        Setup.of("badam-satti", position={"table": "7H", "hands": ["8C 2S", None, None, None],
                                          "to_move": 0}),
        ("BS-ROW-1",), _why_no_row,
        choices=("the clubs row has not been started by its seven",
                 "the 8♣ must wait for the 9♣", "it is another player's turn")),
    _ex("02.1", _L02, "In British Sevens a player passes three times in a deal and then loses, "
        "holding 4 cards. How many chips did that deal cost them, counting the chip everyone "
        "puts in at the start?", "number",
        Setup.of("sevens", position={"table": "6C-KC AD-KD AH-TH AS-TS",
                                     "hands": ["AC 2C 3C 4C", "JH KH 5C", "QH JS QS KS"],
                                     "to_move": 0},
                 moves=("pass", "JH", "QH", "pass", "KH", "JS", "pass", "5C")),
        ("BS-CHIP-3", "BS-CHIP-4", "BS-CHIP-5"), _chips_cost),
    _ex("02.2", _L02, "Does a pass cost anything in Badam Satti?", "choice",
        Setup.of("badam-satti", position={"table": "6H-8H 7S 7D",
                                          "hands": ["2C 3C", None, None, None],
                                          "to_move": 0}),
        ("BS-MOVE-4", "BS-CHIP-4"), _pass_costs, choices=("yes", "no")),
    _ex("02.3", _L02, "In the app ruleset, which way of counting makes a king hurt the most?",
        "choice", Setup.of("badam-satti-app"), ("BS-END-5",), _king_hurts,
        choices=tuple(load_rules("badam-satti-app").profile.options["scoring"].choice_label(n)
                      for n in load_rules("badam-satti-app").profile.options["scoring"].choices
                      or ())),
    _ex("02.4", _L02, "The same deal number is dealt under Badam Satti and British Sevens. Do "
        "the players hold the same cards?", "choice",
        Setup.of("badam-satti", deal={"players": 4, "seed": 7}),
        ("BS-DEAL-1",), _same_cards, choices=("yes", "no")),
)

EXERCISES: Mapping[str, Exercise] = {e.id: e for e in _ALL}
"""Every lesson's exercises by id (``"01.2"``), in lesson order."""

LESSONS: tuple[str, ...] = tuple(dict.fromkeys(e.lesson for e in _ALL))
"""The lessons that have exercises, in order."""


def exercise(exercise_id: Any) -> Exercise:
    """The exercise with this id (``"01.2"``); an unknown id raises :class:`AnswerError`
    naming the ids there are."""
    text = plain_str(exercise_id)
    if text is None or text not in EXERCISES:
        raise AnswerError(f"there is no exercise {quoted(exercise_id)}: the exercises are "
                          f"{', '.join(EXERCISES)}")
    return EXERCISES[text]


def lesson_exercises(lesson: Any) -> tuple[Exercise, ...]:
    """A lesson's exercises in order: ``lesson`` is its name (``"01_badam_satti"``) or its
    number (``"01"``, ``1``)."""
    number = plain_int(lesson)
    text = f"{number:02d}" if number is not None else plain_str(lesson)
    if text is not None:
        text = text.removesuffix(".ipynb")
    found = tuple(e for e in _ALL if text in (e.lesson, e.lesson[:2]))
    if not found:
        raise AnswerError(f"no lesson {quoted(lesson)} has exercises: the lessons are "
                          f"{', '.join(LESSONS)}")
    return found


def check(exercise_id: Any, answer: Any) -> Verdict:
    """The engine's verdict on ``answer`` to the exercise ``exercise_id``."""
    return exercise(exercise_id).check(answer)


def answer_of(item: Exercise | str) -> Any:
    """The correct answer of an exercise (or of the exercise with this id), computed by the
    engine."""
    return (item if isinstance(item, Exercise) else exercise(item)).answer()
