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

    # a short hand: the verdict also says why each other card waits
    refused = [c for c in cards if c not in legal] if len(cards) <= 3 else []

    def judge(picked: tuple[str, ...]) -> Verdict:
        wrong = [c for c in picked if c not in legal]
        missed = [c for c in right if c not in picked]
        if not wrong and not missed:
            why = [state.explain(c) for c in (*right, *refused)]
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
    said = _said(answer)
    return Key(answer, explanation or f"{said[:1].upper()}{said[1:]}. {reason}", judge)


def _said(answer: Any) -> str:
    """An answer as a learner reads it: cards in symbols, several joined with "and"."""
    if isinstance(answer, tuple):
        return _listed([_said(a) for a in answer])
    if isinstance(answer, str) and re.fullmatch(r"[2-9TJQKA][CDHS]", answer):
        return str(parse_card(answer).pretty())
    return str(answer)


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


def _position_args(setup: Setup) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in setup.position or ()}


def _merged(*groups: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c for group in groups for c in group))


# ---------------------------------------------------------------------------------------
# Lesson 03: the house rules lab


def _first_difference(classic: Any, other: Any, deals: range) -> tuple[int, int] | None:
    """The first (deal, move number) at which ``other`` allows other moves than ``classic``
    when both play the same deal, each taking classic's first legal move."""
    for deal in deals:
        a, b = classic.new_deal(players=4, seed=deal), other.new_deal(players=4, seed=deal)
        while not a.is_over:
            legal = [str(m) for m in a.legal_moves()]
            if b.is_over or legal != [str(m) for m in b.legal_moves()]:
                return deal, len(a.history) + 1
            a, b = a.play(legal[0]), b.play(legal[0])
        if not b.is_over:
            return deal, len(a.history) + 1
    return None


def _score_only(ex: Exercise) -> Key:
    classic: Any = load_rules("badam-satti")
    names = {"sevens first": "sevens_first", "flat 10": "flat_10", "ace high": "ace_high"}
    parted = {choice: _first_difference(classic, classic.with_options(**{names[choice]: True}),
                                        range(12))
              for choice in ex.choices}
    same = [c for c in ex.choices if parted[c] is None]
    answer = same[0] if len(same) == 1 else ""
    flat: Any = classic.with_options(flat_10=True)
    ace_king = [classic.parse_move(c).card.index for c in ("AS", "KH")]
    told = "; ".join(f"under {c} the legal moves first differ at move {where[1]} of deal "
                     f"{where[0]}" for c, where in parted.items() if where is not None)
    reason = (f"On deals 0 to 11 {answer or 'no house rule'} allows the same moves as the "
              f"classic rules at every turn ({told}). With flat 10, A♠ K♥ score "
              f"{sum(flat.values[i] for i in ace_king)} instead of "
              f"{sum(classic.values[i] for i in ace_king)}.")
    return _fixed_key(answer, reason, ("BS-HR-7", "BS-END-3"))


def _ranked_house_rule(ex: Exercise) -> Key:
    try:
        load_rules("badam-satti", ranked=True, one_final_turn=True)
    except RulebookError as error:
        return _fixed_key("no", f"The engine refuses it: {error}.", ("BS-HR-2",))
    return _fixed_key("yes", "The engine creates a ranked game with one final turn.",
                      ("BS-HR-2",))


def _compare(deals: int) -> Any:
    from .paired import compare_rules

    classic: Any = load_rules("badam-satti")
    return compare_rules(classic, classic.with_options(ace_high=True), deals=deals, seed=0)


def _signed(x: float) -> str:
    return f"{x:+.3f}".replace("-", "−")


def _more_cards(ex: Exercise) -> Key:
    change = _compare(2000).row("cards_left", "all").difference
    if not change.excludes_zero:
        answer = "cannot tell yet"
    else:
        answer = "yes" if change.value > 0 else "no"
    reason = (f"On the same 2,000 deals (seed 0) ace high changes the cards a player is left "
              f"holding by {_signed(change.value)}, with a 95% interval from "
              f"{_signed(change.low)} to {_signed(change.high)}"
              + (": the interval includes 0, so this is within the noise."
                 if not change.excludes_zero else ": the interval excludes 0."))
    return _fixed_key(answer, reason, ("BS-HR-13",))


def _same_deals(ex: Exercise) -> Key:
    from .simulation import simulate

    classic: Any = load_rules("badam-satti")
    same = _compare(2000).row("passes", "all").difference
    a = simulate(classic, deals=2000, seed=0, aggregate=True).estimate("passes", "all")
    b = simulate(classic.with_options(ace_high=True), deals=2000, seed=1,
                 aggregate=True).estimate("passes", "all")
    paired = same.high - same.low
    apart = ((a.high - a.low) ** 2 + (b.high - b.low) ** 2) ** 0.5
    answer = ex.choices[0] if paired < apart else ex.choices[1]
    reason = (f"For ace high's passes per player, the interval on the same 2,000 deals is "
              f"{paired:.3f} wide; on two separate runs of 2,000 deals it is {apart:.3f} wide. "
              "On the same deals both rulesets get the same luck of the cards, so the change "
              "measured comes from the house rule alone.")
    return _fixed_key(answer, reason, ())


def _width_shrinks(ex: Exercise) -> Key:
    from .simulation import simulate

    classic: Any = load_rules("badam-satti")
    widths = {}
    for deals in (200, 20000):
        e = simulate(classic, players=4, deals=deals, seed=0,
                     aggregate=True).estimate("win_rate", "seat 0")
        widths[deals] = e.high - e.low
    ratio = widths[200] / widths[20000]
    targets = {ex.choices[0]: 100.0, ex.choices[1]: 10.0, ex.choices[2]: 1.0}
    answer = min(targets, key=lambda c: abs(_log10(ratio) - _log10(targets[c])))
    reason = (f"After 200 deals the interval of seat 0's win rate is {widths[200]:.1%} wide; "
              f"after 20,000 it is {widths[20000]:.1%} wide: {ratio:.1f} times narrower. The "
              "width shrinks with the square root of the number of deals (√100 = 10).")
    return _fixed_key(answer, reason, ())


def _log10(x: float) -> float:
    import math

    return math.log10(max(x, 1e-9))


# ---------------------------------------------------------------------------------------
# Lesson 04: Satti


def _fitting_cards(ex: Exercise) -> Key:
    state = _state(ex)
    hand = [str(c) for c in state.hand(state.to_move)]
    moves = {str(m.card): str(m) for m in state.legal_moves() if getattr(m, "card", None)}
    right = tuple(c for c in hand if c in moves)

    def why(card: str) -> Any:
        return state.explain(moves.get(card, card))

    def judge(picked: tuple[str, ...]) -> Verdict:
        wrong = [c for c in picked if c not in moves]
        missed = [c for c in right if c not in picked]
        told = [why(c) for c in (wrong or missed or list(right))]
        lead = ""
        if missed:
            lead = f"{_listed([parse_card(c).pretty() for c in missed])} fits too. "
        return Verdict(not wrong and not missed, lead + " ".join(w.reason for w in told),
                       _merged(*(w.clauses for w in told)))
    names = _listed([parse_card(c).pretty() for c in right])
    return Key(right, f"Only {names}. " + " ".join(why(c).reason for c in right), judge)


def _penalty_after_sevens(ex: Exercise) -> Key:
    state = _state(ex)
    why = state.explain("draw")
    return _fixed_key(int(state.penalty), why.reason, tuple(why.clauses))


def _jack_answers(ex: Exercise) -> Key:
    state = _state(ex)
    why = state.explain("JH>C")
    answer = "yes" if why.legal else "no"
    return _fixed_key(answer, why.reason, tuple(why.clauses))


# ---------------------------------------------------------------------------------------
# Lesson 05: Badugi hands


def _hands(ex: Exercise) -> Any:
    """The game's hand-ranking room (``evaluate``, ``compare``, ``explain_comparison``),
    reached through the rules object, as every shared module reaches a game."""
    rules: Any = ex.setup.rules()
    return rules._room("ranking")


def _counting(ex: Exercise) -> Key:
    value: Any = _hands(ex).evaluate("KC QC KD QD")
    lines = str(value.explain()).splitlines()
    return _fixed_key(len(value.counting_cards), lines[0], ("BDG-RANK-2", "BDG-RANK-4"))


def _which_wins(a: str, b: str) -> Callable[[Exercise], Key]:
    def solve(ex: Exercise) -> Key:
        hands = _hands(ex)
        told: Any = hands.explain_comparison(a, b)
        order = hands.compare(a, b)
        answer = ex.choices[0] if order < 0 else ex.choices[1] if order > 0 else ""
        clauses = tuple(getattr(told, "clauses", ())) or ("BDG-RANK-4",)
        return _fixed_key(answer, str(told), clauses)
    return solve


def _suit_ties(ex: Exercise) -> Key:
    hands = _hands(ex)
    tie = hands.compare("AC 2D 3H 4S", "AS 2H 3D 4C") == 0
    told: Any = hands.explain_comparison("AC 2D 3H 4S", "AS 2H 3D 4C")
    clauses = tuple(getattr(told, "clauses", ())) or ("BDG-RANK-7",)
    return _fixed_key("no" if tie else "yes", str(told), clauses)


# ---------------------------------------------------------------------------------------
# Lesson 06: a full hand of Badugi


def _third_round_raise(ex: Exercise) -> Key:
    state = _state(ex)
    why = state.explain("raise")
    small = int(_state(ex).rules.small_bet)
    amount = int(why.facts.put_in) - int(state.explain("call").facts.put_in)
    return _fixed_key(amount, f"With a small bet of {small}: {why.reason}", tuple(why.clauses))


def _raise_cap(ex: Exercise) -> Key:
    state = _state(ex)
    raises = sum(1 for m in ex.setup.moves if m == "raise")
    why = state.explain("raise")
    return _fixed_key(raises, why.reason, tuple(why.clauses))


def _side_pot(ex: Exercise) -> Key:
    state = _state(ex)
    outcome = state.outcome
    seat = 2
    beyond = [p for p in outcome.pots if seat not in p.eligible]
    answer = "no" if beyond else "yes"
    reason = (f"Seat {seat} went all in for {state.start_stacks[seat]} chips. "
              + " ".join(outcome.lines[1:-1])
              + (f" Seat {seat} could not win the side pot: only seats "
                 f"{_listed([str(s) for s in beyond[0].eligible])} paid into it."
                 if beyond else ""))
    return _fixed_key(answer, reason, ("BDG-POT-1", "BDG-POT-2"))


def _no_show(ex: Exercise) -> Key:
    state = _state(ex)
    outcome = state.outcome
    answer = "no" if not outcome.shown else "yes"
    return _fixed_key(answer, outcome.summary, ("BDG-SHOW-1",))


# ---------------------------------------------------------------------------------------
# Lesson 07: edge cases


def _no_pass_left(ex: Exercise) -> Key:
    state = _state(ex)
    out = 1 in state.eliminated
    answer = ex.choices[1] if out else ex.choices[0]
    event = str(state.events[-1])
    event = event[:1].upper() + event[1:] + "."
    return _fixed_key(answer, event, ("BS-HR-10", "BS-HR-8"))


def _no_winner(ex: Exercise) -> Key:
    state = _state(ex)
    outcome = state.outcome
    answer = "no" if outcome.winners else "yes"
    told = [str(e) for e in state.events] + [outcome.summary]
    reason = " ".join(t[:1].upper() + t[1:] + "." for t in told)
    return _fixed_key(answer, reason, ("BS-HR-12", "BS-END-8"))


def _ace_high_ace(ex: Exercise) -> Key:
    state = _state(ex)
    why = state.explain("AS")
    return _fixed_key("yes" if why.legal else "no", why.reason, tuple(why.clauses))


# ---------------------------------------------------------------------------------------
# Lesson 08: strategy


def _coach_best(ex: Exercise) -> Key:
    from .coach import coach

    state = _state(ex)
    advice = coach(state, worlds=200, seed=0)
    best = str(advice.best.move)
    said = " ".join(advice.sentences())
    clear = [m for m in advice.moves if str(m.move) != best and m.diff_low > 0
             if advice.lower_is_better] or [m for m in advice.moves if str(m.move) != best]
    not_worse = {best} | {str(m.move) for m in advice.moves if m not in clear}

    def judge(move: str) -> Verdict:
        why = state.explain(move)
        if not why.legal:
            return Verdict(False, why.reason, tuple(why.clauses))
        return Verdict(move in not_worse, said, tuple(why.clauses))
    return Key(best, f"{_pretty(state, best)}. {said}", judge)


def _absent_spades(ex: Exercise) -> Key:
    state = _state(ex)
    seat = 2
    spades = tuple(str(c) for c in state.known_absent(seat) if str(c).endswith("S"))
    passed = state.move_log()[-1]
    reason = (f"{passed.text} {passed.reason if not passed.private else ''} So seat {seat} "
              f"holds none of {_listed([parse_card(c).pretty() for c in spades])}, and never "
              "will: no card enters a hand after the deal.")
    return _fixed_key(spades, reason, _merged(passed.clauses, ("BS-INFO-4", "BS-DEAL-3")))


def _dearer_card(ex: Exercise) -> Key:
    state = _state(ex)
    values = state.rules.values
    cards = [str(m) for m in state.legal_moves()]
    worth = {c: values[parse_card(c).index] for c in cards}
    best = max(cards, key=lambda c: worth[c])
    reason = ("If the deal ends now, " + " and ".join(
        f"{parse_card(c).pretty()} costs {worth[c]} points" for c in cards)
        + " in classic Badam Satti: play the dearer card while you can.")

    def judge(move: str) -> Verdict:
        why = state.explain(move)
        if not why.legal:
            return Verdict(False, why.reason, tuple(why.clauses))
        return Verdict(move == best, reason, ("BS-END-2", "BS-END-3"))
    return Key(best, f"{_pretty(state, best)}. {reason}", judge)


def _keep_a_seven(ex: Exercise) -> Key:
    state = _state(ex)
    seven = state.explain("7D")
    other = state.explain("2D")
    answer = ex.choices[0] if seven.legal and not other.legal else ex.choices[1]
    return _fixed_key(answer, f"{other.reason} {seven.reason}",
                      _merged(other.clauses, seven.clauses))


# ---------------------------------------------------------------------------------------
# Lesson 09: the class table


def _computer_seats(ex: Exercise) -> Key:
    import tempfile

    from .classroom.rooms import Hub
    from .classroom.store import Store

    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"{folder}/rooms.db")
        hub = Hub(store)
        room = hub.create({"ruleset": "badam-satti", "players": 4, "computer": "smart",
                           "messages": True, "drop": "wait", "drop_seconds": 30,
                           "pace": "normal", "match": False})
        hub.join(room, "Asha")
        hub.join(room, "Ben")
        computer = [s for s in range(room.players) if room.computer_seat(s)]
        store._db.close()
    answer = ex.choices[0] if computer == [2, 3] else ex.choices[1]
    reason = (f"In a room for 4 made for the smart computer player, two students take seats "
              f"0 and 1; seats {_listed([str(s) for s in computer])} are played by the "
              "computer until a student joins.")
    return _fixed_key(answer, reason, ())


def _projector(ex: Exercise) -> Key:
    from .classroom.views import view_json

    state = _state(ex)
    shown = view_json(state, None)
    sizes = shown["table"].get("hand_sizes")
    hidden = "hand" not in shown and "hands" not in shown
    answer = ex.choices[0] if hidden and sizes else ex.choices[1]
    counts = _listed([f"seat {seat} {size}" for seat, size in enumerate(sizes or [])])
    reason = (f"The projector shows how many cards each hand holds ({counts}) and no card of "
              "any hand; "
              "the hands are added only when the deal ends or the teacher reveals them.")
    return _fixed_key(answer, reason, ("BS-INFO-1",))


def _sevens_first(ex: Exercise) -> Key:
    state = _state(ex)
    why = state.explain("8H")
    return _fixed_key("yes" if why.legal else "no", why.reason, tuple(why.clauses))


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

_L03, _L04, _L05 = "03_house_rules_lab", "04_satti", "05_badugi_hands"
_L06, _L07, _L08, _L09 = ("06_badugi_full_hand", "07_edge_cases", "08_strategy",
                          "09_play_as_a_class")


def _satti(top: str, hands: list[str], moves: tuple[str, ...] = (), **more: Any) -> Setup:
    """A Satti position whose unnamed cards lie under the top card."""
    from .cards import CardSet

    named = CardSet.parse(" ".join([top, *hands]))
    return Setup.of("satti", position={"top": top, "hands": hands,
                                       "discards": str(CardSet.full() - named), **more},
                    moves=moves)


_CALLS = ("call", "call", "check", "pat", "pat", "pat", "check", "check", "check", "pat", "pat",
          "pat")

_LATER: tuple[Exercise, ...] = (
    _ex("03.1", _L03, "Which house rule never changes a single move, only the score?", "choice",
        Setup.of("badam-satti"), ("BS-HR-7",), _score_only,
        choices=("sevens first", "flat 10", "ace high")),
    _ex("03.2", _L03, "Under ace high the spades row runs 2♠ to 9♠ and you hold A♠ 10♠. Pick "
        "every card you may play.", "cards",
        Setup.of("badam-satti", options={"ace_high": True},
                 position={"table": "2S-9S", "hands": ["AS TS", None, None, None],
                           "to_move": 0}),
        ("BS-HR-13", "BS-ROW-3"), _playable_of_hand, offered=("AS", "TS")),
    _ex("03.3", _L03, "Under eight before six the diamonds row is just the 7♦, and you hold "
        "6♦ 8♦ 3♣. Pick every card you may play.", "cards",
        Setup.of("badam-satti", options={"eight_before_six": True},
                 position={"table": "7D", "hands": ["6D 8D 3C", None, None, None],
                           "to_move": 0}),
        ("BS-HR-15", "BS-ROW-3"), _playable_of_hand, offered=("6D", "8D", "3C")),
    _ex("03.4", _L03, "Can a ranked game use the house rule one final turn?", "choice",
        Setup.of("badam-satti"), ("BS-HR-2",), _ranked_house_rule, choices=("yes", "no")),
    _ex("03.5", _L03, "Ace high against the classic rules on the same 2,000 deals (seed 0): "
        "does ace high leave players holding more cards?", "choice",
        Setup.of("badam-satti", options={"ace_high": True}), ("BS-HR-13",), _more_cards,
        choices=("yes", "no", "cannot tell yet")),
    _ex("03.6", _L03, "Why does the engine play the same deals under both rulesets?", "choice",
        Setup.of("badam-satti", options={"ace_high": True}), (), _same_deals,
        choices=("so the luck of the cards is the same on both sides, and the interval is "
                 "narrower", "it makes no difference: it is only quicker")),
    _ex("03.7", _L03, "The interval of seat 0's win rate has some width after 200 deals. About "
        "how wide is it after 20,000, a hundred times as many?", "choice",
        Setup.of("badam-satti", deal={"players": 4, "seed": 0}), (), _width_shrinks,
        choices=("about 100 times narrower", "about 10 times narrower", "just as wide")),
    _ex("04.1", _L04, "The top card is the J♠ and its player named ♦. You hold 5♠ 9♠ 3♦ J♥. "
        "Pick every card that fits.", "cards",
        _satti("JS", ["5S 9S 3D JH", "AC 2C 3C 4C 5C"], suit="D"),
        ("SAT-FIT-1", "SAT-FIT-4", "SAT-JACK-1"), _fitting_cards,
        offered=("5S", "9S", "3D", "JH")),
    _ex("04.2", _L04, "Three sevens have been played in a row, each against the next player. "
        "How many cards must the next player draw if they do not answer with a seven?",
        "number",
        _satti("5C", ["7C 2D 3D", "7H 3H 4H", "7D 4S 5S", "7S 6C 6H"],
               moves=("7C", "7H", "7D")),
        ("SAT-SEVEN-2",), _penalty_after_sevens),
    _ex("04.3", _L04, "An 8 was just played and you are next, holding 8♠ 4♥. What may you do?",
        "card",
        _satti("3D", ["8D 2C", "8S 4H", "8H 5S", "KS QS"], moves=("8D",)),
        ("SAT-EIGHT-2",), _must_do, offered=("8S", "4H", "skip")),
    _ex("04.4", _L04, "Can a jack answer a seven's penalty?", "choice",
        _satti("7C", ["JH 2C", "AC 3C 4C 5C 6C"], penalty=2),
        ("SAT-SEVEN-4",), _jack_answers, choices=("yes", "no")),
    _ex("05.1", _L05, "How many cards count in K♣ Q♣ K♦ Q♦?", "number", Setup.of("badugi"),
        ("BDG-RANK-2",), _counting),
    _ex("05.2", _L05, "Which wins: the badugi 9♣ 10♦ J♥ K♠, or the three-card hand "
        "A♣ 2♣ 3♥ 4♠?", "choice", Setup.of("badugi"), ("BDG-RANK-5",),
        _which_wins("9C TD JH KS", "AC 2C 3H 4S"),
        choices=("the badugi", "the three-card hand")),
    _ex("05.3", _L05, "Which wins: 8♣ 7♦ 6♥ 6♠ or A♣ A♦ 5♥ 9♠?", "choice", Setup.of("badugi"),
        ("BDG-RANK-5", "BDG-RANK-6"), _which_wins("8C 7D 6H 6S", "AC AD 5H 9S"),
        choices=("8♣ 7♦ 6♥ 6♠", "A♣ A♦ 5♥ 9♠")),
    _ex("05.4", _L05, "Do suits ever break a tie in Badugi?", "choice", Setup.of("badugi"),
        ("BDG-RANK-7",), _suit_ties, choices=("yes", "no")),
    _ex("06.1", _L06, "The small bet is 10. How much is a raise in the third betting round?",
        "number",
        Setup.of("badugi", deal={"players": 3, "seed": 1, "dealer": 0},
                 moves=(*_CALLS, "bet")),
        ("BDG-BET-2",), _third_round_raise),
    _ex("06.2", _L06, "In the first betting round everyone keeps raising. How many raises may "
        "the round hold?", "number",
        Setup.of("badugi", deal={"players": 3, "seed": 1, "dealer": 0},
                 moves=("raise", "raise", "raise")),
        ("BDG-BET-4",), _raise_cap),
    _ex("06.3", _L06, "A player is all in for 15 chips while the others keep betting. Can the "
        "all-in player win the chips the others bet above 15?", "choice",
        Setup.of("badugi", options={"stacks": [100, 100, 15]},
                 deal={"players": 3, "seed": 1, "dealer": 0},
                 moves=("call", "call", "raise", "call", "call", "pat", "pat", "pat", "check",
                        "bet", "call", "pat", "pat", "pat", "check", "bet", "call", "pat",
                        "pat", "pat", "check", "bet", "call")),
        ("BDG-POT-1", "BDG-POT-2"), _side_pot, choices=("yes", "no")),
    _ex("06.4", _L06, "Everyone but one player folds. Must that player show their cards?",
        "choice",
        Setup.of("badugi", deal={"players": 3, "seed": 1, "dealer": 0},
                 moves=("fold", "fold")),
        ("BDG-SHOW-1",), _no_show, choices=("yes", "no")),
    _ex("07.1", _L07, "Under limited passes, seat 1 has no pass left and no card it can play. "
        "What happens on its turn?", "choice",
        Setup.of("badam-satti", options={"limited_passes": True},
                 position={"table": "AC-JC 4S-KS AD-TD AH-8H",
                           "hands": ["9H KC", "2S QD", "QC 3S AS JD KD TH JH QH KH"],
                           "to_move": 0, "passes_left": [2, 0, 3]}, moves=("pass",)),
        ("BS-HR-10",), _no_pass_left,
        choices=("it passes anyway", "it is eliminated", "it draws a card")),
    _ex("07.2", _L07, "Can a round of Badam Satti end with no winner at all?", "choice",
        Setup.of("badam-satti", options={"limited_passes": True},
                 position={"table": "AC-KC AH-KH 3S-KS AD-JD", "hands": ["AS", "2S QD", "KD"],
                           "to_move": 0, "passes_left": [0, 0, 0], "eliminated": [1]}),
        ("BS-HR-12",), _no_winner, choices=("yes", "no")),
    _ex("07.3", _L07, "Under ace high, the spades row runs 2♠ to 9♠ and you hold A♠. May you "
        "play it?", "choice",
        Setup.of("badam-satti", options={"ace_high": True},
                 position={"table": "6H-KH 2S-9S", "hands": ["AH AS TS 5H", None, None],
                           "to_move": 0}),
        ("BS-HR-13",), _ace_high_ace, choices=("yes", "no")),
    _ex("07.4", _L07, "In Satti, four sevens are played in a row. How many cards does the next "
        "player draw if they have no seven?", "number",
        _satti("5C", ["7C 2D 3D", "7H 3H 4H", "7D 4S 5S", "7S 6C 6H"],
               moves=("7C", "7H", "7D", "7S")),
        ("SAT-SEVEN-2",), _penalty_after_sevens),
    _ex("08.1", _L08, "You hold 7♣ and 8♥, and both can be played. You have no other clubs. "
        "Which do you play? (The coach plays 200 deals from what you can see.)", "card",
        Setup.of("badam-satti",
                 position={"table": "7H 7S-9S",
                           "hands": ["7C 8H 2S 3D 4D 5D KH QH KD 5S JD QS TD", None, None,
                                     None], "to_move": 0}),
        ("BS-MOVE-3",), _coach_best, offered=("7C", "8H")),
    _ex("08.2", _L08, "Seat 2 passed when 6♠ and 8♠ could be played. Which spades does seat 2 "
        "surely not hold?", "cards",
        Setup.of("badam-satti", position={"table": "7S 7H-8H",
                                          "hands": [None, None, "2C 3C 4C 2D 3D 4D QH KH AS",
                                                    None], "to_move": 2},
                 moves=("pass",)),
        ("BS-INFO-4",), _absent_spades),
    _ex("08.3", _L08, "Another player has one card left. You may play K♥ or 3♣. Which is "
        "better?", "card",
        Setup.of("badam-satti", position={"table": "2H-QH 4C-KC AS-KS AD-KD",
                                          "hands": ["KH 3C", "2C", "AH AC"],
                                          "to_move": 0}),
        ("BS-END-3",), _dearer_card, offered=("KH", "3C")),
    _ex("08.4", _L08, "In Satti, why keep a seven when another card fits?", "choice",
        _satti("7C", ["7D 2D", "AC 3C 4C 5C 6C"], penalty=2),
        ("SAT-SEVEN-4",), _keep_a_seven,
        choices=("a seven is the only answer to a seven played against you",
                 "a seven scores more at the end")),
    _ex("09.1", _L09, "Two students join a room for four players. Who plays the other two "
        "seats?", "choice", Setup.of("badam-satti"), (), _computer_seats,
        choices=("the computer", "nobody: the table waits")),
    _ex("09.2", _L09, "Before the reveal, what does the projector show of a student's hand?",
        "choice", Setup.of("badam-satti", deal={"players": 4, "seed": 3}), ("BS-INFO-1",),
        _projector, choices=("only how many cards it holds", "the cards themselves")),
    _ex("09.3", _L09, "The table shows hearts 5♥ to 9♥ and the sevens of clubs, spades and "
        "diamonds. A student holds 2♥ Q♥ A♠ 3♦ and clicks Q♥. What must the student do?",
        "card",
        Setup.of("badam-satti", position={"table": "5H-9H 7C 7S 7D",
                                          "hands": ["2H QH AS 3D", None, None, None],
                                          "to_move": 0}),
        ("BS-MOVE-4",), _must_do, offered=("2H", "QH", "AS", "3D", "pass")),
    _ex("09.4", _L09, "With the house rule sevens first, a student holds 7♣ 8♥ 2♠ and the "
        "hearts row holds only 7♥. May the student play 8♥?", "choice",
        Setup.of("badam-satti", options={"sevens_first": True},
                 position={"table": "7H", "hands": ["7C 8H 2S", None, None, None],
                           "to_move": 0}),
        ("BS-HR-5",), _sevens_first, choices=("yes", "no")),
)

_ALL += _LATER
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
