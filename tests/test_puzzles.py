"""rulebook.puzzles: positions from simulated deals where one move is clearly best.

Checked: the same seed gives the same puzzles; every puzzle's position is the seat's to move
with 2 to 4 legal moves, and the best move's paired difference to every other move excludes
0 (and the advice is the coach's own for that position and seed); the question shows the
seat's hand in symbols; check() of the best is right and of any other legal move wrong, each
with the coach's sentence; the position replays from its deal; bad arguments are refused with
a short RulesError; the number of deals tried is bounded.
"""
from __future__ import annotations

import pytest

import rulebook
from rulebook import load_rules
from rulebook.coach import coach
from rulebook.errors import RulesError
from rulebook.protocol import autoplay
from rulebook.puzzles import Puzzle, PuzzleCheck, puzzles

GAMES = ("badam-satti", "satti", "badugi", "sevens")


@pytest.fixture(scope="module")
def found() -> dict[str, list[Puzzle]]:
    return {game: puzzles(game, n=3, seed=5, worlds=60) for game in GAMES}


def _key(p: Puzzle) -> tuple[object, ...]:
    return (p.deal_seed, p.move_number, p.seat, str(p.best.move), p.question,
            tuple((str(e.move), e.mean, e.diff_low, e.diff_high) for e in p.advice.moves))


def test_lazy_export_and_callable_module() -> None:
    assert rulebook.Puzzle is Puzzle
    got = rulebook.puzzles("badam-satti", n=1, seed=5, worlds=60)
    assert [_key(p) for p in got] == [_key(p) for p in puzzles("badam-satti", 1, 5, worlds=60)]


@pytest.mark.parametrize("game", GAMES)
def test_puzzles_found_and_deterministic_for_a_seed(game: str,
                                                    found: dict[str, list[Puzzle]]) -> None:
    first = found[game]
    assert len(first) == 3, f"{game}: {len(first)} puzzles"
    again = puzzles(load_rules(game), n=3, seed=5, worlds=60)
    assert [_key(p) for p in again] == [_key(p) for p in first]
    other = puzzles(game, n=3, seed=6, worlds=60)
    assert [_key(p) for p in other] != [_key(p) for p in first]


@pytest.mark.parametrize("game", GAMES)
def test_best_move_clearly_best(game: str, found: dict[str, list[Puzzle]]) -> None:
    for p in found[game]:
        state = p.state
        assert not state.is_over and state.to_move == p.seat
        legal = state.legal_moves()
        assert 2 <= len(legal) <= 4
        assert [str(m) for m in p.moves] == [str(m) for m in legal]
        best = p.best
        assert best.move in legal
        for entry in p.advice.moves:
            if entry is best:
                continue
            assert entry.diff_low > 0 or entry.diff_high < 0, (game, str(entry.move))
            # the other move is worse in the game's own direction
            assert (entry.diff > 0) if p.advice.lower_is_better else (entry.diff < 0)
        # the advice is the coach's own for this position and seed
        again = coach(state, p.seat, worlds=60, seed=f"{p.deal_seed}/{p.move_number}")
        assert [(str(e.move), e.mean) for e in again.moves] == \
            [(str(e.move), e.mean) for e in p.advice.moves]


@pytest.mark.parametrize("game", GAMES)
def test_position_replays_from_its_deal(game: str, found: dict[str, list[Puzzle]]) -> None:
    rules = load_rules(game)
    for p in found[game]:
        start = rules.new_deal(players=4, seed=p.deal_seed)
        assert len(p.state.history) == p.move_number
        assert p.state.start().hands == start.hands
        deal = autoplay(start, "smart", seed=p.deal_seed)
        assert [str(m) for m in deal.history[:p.move_number]] == \
            [str(m) for m in p.state.history]


@pytest.mark.parametrize("game", GAMES)
def test_question_and_check(game: str, found: dict[str, list[Puzzle]]) -> None:
    for p in found[game]:
        q = p.question
        assert p.state.hand(p.seat).pretty() in q
        assert f"seat {p.seat}" in q and q.endswith(f"Find the best {p.noun}.")
        for move in p.moves:
            assert move.pretty() in q
        right = p.check(p.best.move)
        assert isinstance(right, PuzzleCheck) and right and right.right
        assert p.answer in right.text and right.text.startswith("Right")
        assert p.check(str(p.best.move)).right
        if p.noun == "card":
            assert p.check(p.best.move.pretty()).right  # symbols, as a learner types them
        for move in p.moves:
            if move == p.best.move:
                continue
            wrong = p.check(move)
            assert not wrong and not wrong.right
            assert wrong.text.startswith("Not ") and p.sentence(move) in wrong.text
            assert p.sentence(move) in p.advice.sentences()


def test_a_sentence_for_every_move(found: dict[str, list[Puzzle]]) -> None:
    for group in found.values():
        for p in group:
            said = [p.sentence(m) for m in p.moves]
            # every move other than the best (and the runner-up, told in the first sentence)
            # has its own sentence, naming it
            for move, text in zip(p.moves, said):
                name = move.pretty()
                assert name in text, (name, text)


def test_an_illegal_card_is_wrong_and_says_so() -> None:
    p = puzzles("badam-satti", n=1, seed=5, worlds=60)[0]
    hand = p.state.hand(p.seat)
    outside = next(c for c in rulebook.CardSet.parse(
        "2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 8D 9D 10D JD QD KD AD") if
        c not in hand)
    verdict = p.check(str(outside))
    assert not verdict and "cannot be played here" in verdict.text


def test_bounded_by_deals_tried() -> None:
    got = puzzles("badam-satti", n=50, seed=5, worlds=60, max_deals=2)
    assert len(got) <= 2
    assert len({p.deal_seed for p in got}) == len(got)  # one puzzle at most per deal


@pytest.mark.parametrize("kwargs", [
    {"ruleset": "no-such-game"},
    {"ruleset": 42},
    {"n": 0}, {"n": -3}, {"n": 2.5}, {"n": "ten"}, {"n": 10 ** 9},
    {"worlds": 1}, {"worlds": 0}, {"worlds": "many"},
    {"players": 1}, {"players": 99}, {"players": "four"},
    {"seed": [1, 2]}, {"max_deals": 0},
])
def test_bad_arguments_short_rules_error(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {"ruleset": "badam-satti", "n": 1, "worlds": 10, "max_deals": 1}
    args.update(kwargs)
    ruleset = args.pop("ruleset")
    with pytest.raises(RulesError) as caught:
        puzzles(ruleset, **args)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200


def test_bad_guess_is_refused() -> None:
    p = puzzles("badam-satti", n=1, seed=5, worlds=60)[0]
    with pytest.raises(RulesError):
        p.check("not a card")
