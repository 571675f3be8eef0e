"""Values from outside become built-in types at the door, are bounded, and are refused with a
short typed error (issue 21, items 2 to 8): seeds, option values, chip counts, seats, the
arguments of positions, card sets combined with text, match records and the CLI's options.
"""
from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

import rulebook
from rulebook import PositionError, RecordError, RulebookError, RulesError, load_rules
from rulebook.cards import ALL_CARDS, CardSet
from rulebook.errors import MAX_CHIPS, CardError, check_seat, check_seed
from rulebook.lockstep import run_lockstep
from rulebook.protocol import autoplay
from rulebook.records import dumps, loads
from rulebook.recording import digest

PROFILES = rulebook.profile_ids()
SHORT = 300
"""A refusal is a sentence or two, whatever the input: never the input repeated whole."""


class LyingInt(int):
    """A whole number that prints, formats and compares as another."""

    def __str__(self) -> str:
        return "8"

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return "8"

    def __index__(self) -> int:
        return 8

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


class LyingStr(str):
    """Text that prints and formats as other text."""

    def __str__(self) -> str:
        return "other"

    def __format__(self, spec: str) -> str:
        return "other"


class AE:
    """A value that claims to equal anything."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(self.value)


class AEInt(int):
    """A whole number that claims to equal anything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


class AEStr(str):
    """Text that claims to equal anything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = str.__hash__


def _refused(error: type[Exception], call, *words: str) -> str:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert len(message) < SHORT, message[:300]
    for word in words:
        assert word in message, message
    return message


def _players(rules) -> int:
    return 3 if rules.game == "badugi" else 4


# -- item 2: a seed is a plain whole number or text, and a record keeps what was shuffled -----
@pytest.mark.parametrize("pid", PROFILES)
@pytest.mark.parametrize("seed", [LyingInt(7), LyingStr("seven")], ids=["int", "str"])
def test_a_seed_subclass_deals_and_records_the_plain_value(pid, seed):
    rules = load_rules(pid)
    state = rules.new_deal(players=_players(rules), seed=seed)
    plain = int.__int__(seed) if isinstance(seed, int) else str.__str__(seed)
    assert type(state.origin["seed"]) is type(plain) and state.origin["seed"] == plain
    assert state.hands == rules.new_deal(players=_players(rules), seed=plain).hands
    assert loads(dumps(state)).hands == state.hands
    json.dumps(state.to_record())


@pytest.mark.clause("BS-DEAL-7")
def test_a_match_seed_subclass_is_recorded_as_the_plain_value():
    rules = load_rules("badam-satti")
    match = rules.new_match(seed=LyingInt(7))
    assert type(match.seed) is int and match.seed == 7
    done = match.autoplay(seed=LyingStr("bots"))
    assert loads(dumps(done)).totals == done.totals
    assert done.totals == rules.new_match(seed=7).autoplay(seed="bots").totals


def test_next_hand_with_a_seed_subclass_replays_the_same_hand():
    rules = load_rules("badugi")
    hand = autoplay(rules.new_deal(players=3, seed=1), "random", seed=1)
    after = rules.next_hand(hand, seed=LyingInt(9))
    assert after.origin["seed"] == 9 and type(after.origin["seed"]) is int
    assert loads(dumps(after)).hands == after.hands


@pytest.mark.parametrize("bad", [1.5, math.nan, [1], b"7", True, None, 1j],
                         ids=["float", "nan", "list", "bytes", "bool", "none", "complex"])
def test_a_bot_seed_that_is_not_a_seed_is_refused(bad):
    if bad is not None:  # bot_seed=None: the deal's seed
        _refused(RulesError, lambda: run_lockstep(7, "badam-satti", "sevens", bot_seed=bad),
                 "seed=")
    match = load_rules("badam-satti").new_match()
    _refused(RulesError, lambda: match.autoplay(seed=bad), "seed=")
    state = load_rules("satti").new_deal()
    _refused(RulesError, lambda: autoplay(state, seed=bad), "seed=")


def test_check_seed_never_calls_a_subclass_and_returns_the_base_type():
    assert type(check_seed(LyingInt(7))) is int and check_seed(LyingInt(7)) == 7
    assert type(check_seed(LyingStr("x"))) is str and check_seed(LyingStr("x")) == "x"
    for bad in (True, 1.0, b"1", bytearray(b"1"), None):
        with pytest.raises(RulebookError):
            check_seed(bad)


def test_a_lockstep_result_keeps_the_plain_seed():
    result = run_lockstep(LyingInt(7), "badam-satti", "sevens", bot_seed=LyingStr("b"))
    assert type(result.seed) is int and result.seed == 7
    assert result.states_a[0].hands == load_rules("badam-satti").new_deal(seed=7).hands


# -- item 3: option values are turned into their built-in type before they are checked -------
@pytest.mark.parametrize("pid, name, value", [
    ("badam-satti-app", "scoring", AEStr("garbage")), ("satti", "hand_size", AEInt(40)),
    ("badam-satti", "round_count", AEInt(99)), ("sevens", "deals", AEInt(4)),
    ("badugi", "small_bet", AEInt(1)), ("badugi", "stacks", [AEInt(10 ** 12), 10]),
    ("badugi", "small_bet", AE(20)), ("badam-satti-app", "scoring", AE("garbage")),
    ("satti", "hand_size", AE(40)), ("badam-satti", "round_count", AE(99)),
    ("badam-satti", "sevens_first", AE(True)), ("badugi", "stacks", AE([10, 10])),
    ("badugi", "stacks", [AE(10), 10]), ("satti", "hand_size", True),
    ("satti", "hand_size", 6.0), ("satti", "seven_stacking", 1),
    ("badam-satti", "sevens_first", "true"), ("badugi", "stacks", [True, 10]),
])
def test_a_value_that_claims_to_be_another_is_refused(pid, name, value):
    _refused(RulesError, lambda: load_rules(pid, **{name: value}), f"option {name}=")


def test_an_option_that_claims_to_equal_the_default_is_saved_as_its_value():
    rules = load_rules("badugi", small_bet=AEInt(20))
    assert type(rules.option("small_bet")) is int and rules.option("small_bet") == 20
    assert rules.to_json()["options"] == {"small_bet": 20}
    again = rulebook.records.rules_from_json(rules.to_json())
    state = rules.new_deal(players=3, seed=4)
    assert loads(dumps(state)).stacks == state.stacks
    assert again.option("small_bet") == 20
    rules.describe()
    load_rules("badam-satti-app", scoring=AEStr("app")).describe()
    assert len(load_rules("satti", hand_size=AEInt(5)).new_deal().hands[0]) == 5


def test_an_int_subclass_option_is_kept_as_the_number_it_holds():
    rules = load_rules("badugi", small_bet=LyingInt(20))
    assert type(rules.option("small_bet")) is int and rules.option("small_bet") == 20
    assert rules.to_json()["options"] == {"small_bet": 20}
    again = rulebook.records.rules_from_json(rules.to_json())
    assert again == rules and again.option("small_bet") == 20
    satti = load_rules("satti", hand_size=LyingInt(5))
    assert satti.hand_size == 5 and len(satti.new_deal().hands[0]) == 5
    text = load_rules("badam-satti-app", scoring=LyingStr("app"))
    assert type(text.option("scoring")) is str
    assert load_rules("badugi", stacks=(LyingInt(5), 7)).option("stacks") == (5, 7)


def test_rules_made_by_calling_the_class_are_checked_as_load_rules_checks_them():
    rules = load_rules("satti")
    with pytest.raises(RulesError):
        type(rules)(profile=rules.profile, options={**rules.options, "hand_size": AE(40)})
    with pytest.raises(RulesError):
        type(rules)(profile=rules.profile, options={"bogus": 1})


def test_an_option_name_must_be_plain_text():
    class Name(str):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = str.__hash__

    assert load_rules("satti", **{Name("hand_size"): 5}).hand_size == 5
    with pytest.raises(RulesError):
        rulebook.rules.resolve_options(load_rules("satti").profile, {1: 5})


# -- item 4: chip counts are bounded where they enter -----------------------------------------
@pytest.mark.clause("BS-CHIP-2")
@pytest.mark.parametrize("big", [10 ** 1200, 10 ** 5000, MAX_CHIPS + 1, -MAX_CHIPS - 1],
                         ids=["1201-digits", "5001-digits", "limit+1", "-limit-1"])
def test_a_sevens_stack_past_the_limit_is_refused(big):
    rules = load_rules("sevens")
    _refused(RulesError, lambda: rules.new_deal(stacks=[big] * 4), "stacks", "1,000,000,000")
    _refused(PositionError, lambda: rules.position(table="7D", stacks=[big] * 4, pool=4),
             "stacks")
    _refused(PositionError, lambda: rules.position(table="7D", stacks=[-1] * 4, pool=big),
             "pool")
    _refused(RulesError, lambda: load_rules("sevens", stack=big), "stack=")


@pytest.mark.parametrize("big", [10 ** 1200, 10 ** 5000, MAX_CHIPS + 1],
                         ids=["1201-digits", "5001-digits", "limit+1"])
def test_a_badugi_stack_past_the_limit_is_refused(big):
    rules = load_rules("badugi")
    _refused(PositionError, lambda: rules.position(stacks=[big] * 3, hands=[None] * 3),
             "stacks", "1,000,000,000")
    _refused(RulesError, lambda: load_rules("badugi", stacks=[big] * 3), "stacks=")


@pytest.mark.clause("BS-CHIP-6")
def test_stacks_at_the_limit_deal_and_save():
    rules = load_rules("sevens")
    state = rules.new_deal(stacks=[MAX_CHIPS, -MAX_CHIPS, 0, LyingInt(3)])
    assert state.origin["stacks"] == [MAX_CHIPS, -MAX_CHIPS, 0, 3]
    assert loads(dumps(state)).stacks == state.stacks
    repr(state)


def test_stacks_carried_over_in_a_match_are_taken_as_counted():
    rules = load_rules("sevens", stack=MAX_CHIPS)
    match = rules.new_match().autoplay()
    assert match.is_over and max(match.totals) >= MAX_CHIPS
    assert loads(dumps(match)).totals == match.totals


# -- item 5: the one seat check, everywhere a seat is taken -----------------------------------
BAD_SEATS = [9, -1, True, "0", 1.0, None, LyingInt(99)]


@pytest.mark.parametrize("pid", PROFILES)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_a_seat_not_at_the_table_is_a_rules_error(pid, seat):
    rules = load_rules(pid)
    state = rules.new_deal(players=_players(rules), seed=2)
    _refused(RulesError, lambda: state.view(seat), "seat")
    if hasattr(state, "hand"):
        _refused(RulesError, lambda: state.hand(seat), "seat")
    _refused(RulesError, lambda: rules.new_deal(players=_players(rules), dealer=seat), "dealer")


@pytest.mark.clause("BS-INFO-4")
@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_known_absent_takes_only_a_seat_at_the_table(seat):
    state = load_rules("badam-satti").new_deal()
    _refused(RulesError, lambda: state.view(0).known_absent(seat), "seat")
    _refused(RulesError, lambda: state.known_absent(seat), "seat")
    assert state.view(0).known_absent(LyingInt(2)) == state.known_absent(2)


@pytest.mark.clause("BS-DEAL-7")
def test_a_match_names_its_deals_by_plain_numbers():
    match = load_rules("badam-satti").new_match(dealer=1)
    for bad in ("x", -1, 5, True, 1.0):
        _refused(RulesError, lambda: match.deal_dealer(bad), "deal")
        _refused(RulesError, lambda: match.deal_seed(bad), "deal")
    assert [match.deal_dealer(k) for k in range(5)] == [1, 2, 3, 0, 1]


def test_a_lockstep_result_takes_only_a_move_number_of_the_comparison():
    result = run_lockstep(7, "badam-satti", "sevens")
    for bad in ("x", -1, result.length + 1, True, None, 1.5):
        _refused(RulesError, lambda: result.state_a(bad), "step")
        _refused(RulesError, lambda: result.state_b(bad), "step")
        _refused(RulesError, lambda: result.move_a(bad), "step")
    assert result.state_a(result.length) is result.final_a
    _refused(RulesError, lambda: run_lockstep(7, "badam-satti", "sevens", dealer="0"),
             "dealer")


@pytest.mark.parametrize("name", ["to_move", "dealer"])
@pytest.mark.parametrize("seat", [4, -1, True, "0", None])
def test_a_position_seat_is_checked(name, seat):
    rules = load_rules("badam-satti")
    _refused(PositionError, lambda: rules.position(table="7H", **{name: seat}), name)
    satti = load_rules("satti")
    hands = ["AC 2C", "3C 4C"]
    rest = " ".join(c.text for c in ALL_CARDS if c.text not in ("AC", "2C", "3C", "4C", "9H"))
    _refused(PositionError, lambda: satti.position(hands=hands, draw_pile=rest, **{name: seat}),
             name)


@pytest.mark.parametrize("seats", [9, -1, True, "0", 1.0], ids=repr)
def test_a_drawn_state_never_shows_a_hand_for_a_seat_not_at_the_table(seats):
    from rulebook.html import state_html

    state = load_rules("badam-satti").new_deal()
    _refused(RulesError, lambda: state_html(state, seats=seats), "seat")


def test_a_seat_that_claims_to_equal_every_seat_shows_only_its_own_hand():
    from rulebook.html import state_html

    state = load_rules("badam-satti").new_deal()
    drawn = state_html(state, seats=LyingInt(1))
    assert drawn == state_html(state, seats=1)
    assert drawn != state_html(state, seats="all")


@pytest.mark.parametrize("pid", ["badam-satti", "satti"])
def test_a_voice_must_be_one_of_the_voices_as_plain_text(pid):
    state = load_rules(pid).new_deal()
    move = str(state.legal_moves()[0])
    _refused(RulesError, lambda: state.explain(move, voice=AEStr("anything")), "voice=")
    assert state.explain(move, voice=LyingStr("table")).reason.startswith("Seat")


@pytest.mark.parametrize("result, unit", [(None, "points"), ("x" * 5000, "points"),
                                          ("ok", None), ("ok", "x" * 5000), ("ok", 3)])
def test_explaining_a_match_result_refuses_what_is_not_one(result, unit):
    from rulebook.match import explain_match_result

    real = load_rules("badam-satti").new_match().autoplay().result
    _refused(RulesError, lambda: explain_match_result(real if result == "ok" else result, unit),
             "=")
    assert explain_match_result(real, LyingStr("points"))[0].startswith("Seat")


def test_check_seat_returns_a_plain_int():
    assert type(check_seat("seat", LyingInt(2), 4)) is int
    assert check_seat("seat", LyingInt(2), 4) == 2


# -- item 6: bare errors made typed and short -------------------------------------------------
def test_card_sets_combine_with_card_text_and_refuse_anything_else():
    full = CardSet.full()
    assert full - "7H 8H" == full - CardSet("7H 8H")
    assert CardSet("7H") | "8H" == CardSet("7H 8H")
    assert "8H" | CardSet("7H") == CardSet("7H 8H")
    assert ["7H", "8H"] - CardSet("7H") == CardSet("8H")
    assert full & ["7H"] == CardSet("7H")
    for bad in (5, 1.5, None, object(), "7X"):
        _refused(CardError, lambda: full | bad, "")
    _refused(CardError, lambda: full ^ ("x" * 5000), "")


def _match_record(rules_json: dict | None = None, deals=None):
    match = load_rules("badam-satti").new_match(seed=3).autoplay(seed=1)
    record = match.to_record()
    if rules_json is not None:
        record["rules"] = rules_json
    if deals is not None:
        record["deals"] = deals
    del record["digest"]
    record["digest"] = digest(record)
    return record, match


def test_a_match_record_under_rules_without_matches_is_a_record_error():
    record, _ = _match_record({"profile": "satti", "options": {}})
    _refused(RecordError, lambda: loads(json.dumps(record)), "single deals")


def test_a_match_record_that_does_not_replay_names_the_deal():
    _, match = _match_record()
    deals = [[str(m) for m in d.history] for d in match.deals]
    bad_move = next(m for m in ("KS", "AS", "2C", "QH") if m != deals[2][5])
    deals[2][5] = bad_move
    record, _ = _match_record(deals=deals)
    message = _refused(RecordError, lambda: loads(json.dumps(record)), "deal 3", "move 6")
    assert "does not replay" in message


def test_the_cli_refuses_an_option_given_twice():
    done = subprocess.run([sys.executable, "-m", "rulebook", "show", "badam-satti", "--set",
                           "sevens_first=true", "--set", "sevens_first=false"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "sevens_first" in done.stderr and "twice" in done.stderr
    assert len(done.stderr) < SHORT


def test_parse_options_refuses_a_name_given_twice():
    with pytest.raises(RulesError, match="twice"):
        rulebook.rules.parse_options(["a=1", "a=2"])
    assert rulebook.rules.parse_options(["a=1", "b=true"]) == {"a": 1, "b": True}


# -- item 7: positions of the Sevens family and Satti -----------------------------------------
@pytest.mark.clause("BS-HR-10")
@pytest.mark.parametrize("kwargs", [
    {"eliminated": 5}, {"passes_left": 5}, {"eliminated": "0"}, {"passes_left": "333"},
    {"passes_left": [3, 3, 3, True]}, {"eliminated": [1.0]}, {"passes_left": [3, 3, 3, 4]},
    {"eliminated": {1}},
])
def test_limited_pass_arguments_of_the_wrong_kind_are_position_errors(kwargs):
    rules = load_rules("badam-satti", limited_passes=True)
    _refused(PositionError, lambda: rules.position(table="7H", **kwargs), "")


def test_eliminated_none_means_nobody():
    rules = load_rules("badam-satti", limited_passes=True)
    assert rules.position(table="7H", eliminated=None).eliminated == ()


@pytest.mark.clause("BS-CHIP-7")
@pytest.mark.parametrize("kwargs", [{"stacks": 5}, {"stacks": "1 1 1 1"}, {"pool": "4"},
                                    {"stacks": [1, 1, 1]}, {"pool": 3, "stacks": [0] * 4}])
def test_sevens_chip_arguments_of_the_wrong_kind_are_position_errors(kwargs):
    _refused(PositionError, lambda: load_rules("sevens").position(table="7D", **kwargs), "")


@pytest.mark.clause("BS-DEAL-6")
@pytest.mark.parametrize("pid", ["badam-satti", "badam-satti-app", "sevens"])
def test_a_hand_larger_than_it_was_dealt_is_refused(pid):
    rules = load_rules(pid)
    opening = ALL_CARDS[rules.opening].text
    rest = [c.text for c in ALL_CARDS if c.text != opening]
    hands = [" ".join(rest[:48]), rest[48], rest[49], rest[50]]
    kwargs = {"stacks": [-1] * 4, "pool": 4} if rules.chips else {}
    _refused(PositionError, lambda: rules.position(table=opening, hands=hands, **kwargs),
             "48 cards", "13", "BS-DEAL-6")
    hands = [" ".join(rest[:14]), None, None, None]  # 14 of a dealt 13
    _refused(PositionError, lambda: rules.position(table=opening, hands=hands, **kwargs),
             "14 cards")


@pytest.mark.clause("BS-DEAL-6")
def test_hand_sizes_follow_the_dealer():
    rules = load_rules("badam-satti")
    rest = [c.text for c in ALL_CARDS if c.text != "7H"]
    # 5 players, seat 2 dealing: seats 3 and 4 were dealt 11, the others 10 (BS-EX-1)
    ok = rules.position(table="7H", hands=[" ".join(rest[:10]), None, None,
                                            " ".join(rest[10:21]), None], dealer=2)
    assert len(ok.hands[3]) == 11
    _refused(PositionError, lambda: rules.position(
        table="7H", hands=[" ".join(rest[:11]), None, None, None, None], dealer=2), "11 cards")


def test_lists_given_to_a_position_are_copied_on_entry():
    rules = load_rules("sevens")
    hands = [None, None, None, None]
    stacks = [-1, -1, -1, -1]
    state = rules.position(table="7D", hands=hands, stacks=stacks, pool=4)
    record = json.dumps(state.to_record(), sort_keys=True)
    hands[0], stacks[0] = "2C", 100
    assert json.dumps(state.to_record(), sort_keys=True) == record
    assert loads(record).hands == state.hands
    limited = load_rules("badam-satti", limited_passes=True)
    passes, out = [0, 3, 3, 3], [0]
    state = limited.position(table="7H", to_move=1, passes_left=passes, eliminated=out)
    record = json.dumps(state.to_record(), sort_keys=True)
    passes[1], out[0] = 0, 2
    assert json.dumps(state.to_record(), sort_keys=True) == record
    assert state.passes_left == (0, 3, 3, 3) and state.eliminated == (0,)
    satti = load_rules("satti")
    hands = ["AC 2C", "3C 4C"]
    rest = " ".join(c.text for c in ALL_CARDS if c.text not in ("AC", "2C", "3C", "4C", "9H"))
    state = satti.position(hands=hands, draw_pile=rest)
    record = json.dumps(state.to_record(), sort_keys=True)
    hands[0] = "KS"
    assert json.dumps(state.to_record(), sort_keys=True) == record


def test_position_values_are_recorded_as_plain_types():
    rules = load_rules("badam-satti")
    state = rules.position(table=LyingStr("7H"), to_move=LyingInt(1), dealer=LyingInt(0))
    args = state.origin["args"]
    assert type(args["table"]) is str and type(args["to_move"]) is int
    assert loads(dumps(state)).to_move == 1
    satti = load_rules("satti")
    rest = " ".join(c.text for c in ALL_CARDS if c.text not in ("AC", "2C", "3C", "4C", "7H"))
    state = satti.position(top="7H", penalty=LyingInt(2), hands=["AC 2C", "3C 4C"],
                           draw_pile=rest, seed=LyingInt(4))
    assert type(state.origin["args"]["penalty"]) is int
    assert type(state.origin["args"]["seed"]) is int and state.origin["args"]["seed"] == 4
    assert loads(dumps(state)).penalty == 2


# -- item 8: messages never repeat a huge input whole -----------------------------------------
HUGE = "x" * 5000


def test_an_option_value_of_5000_characters_is_quoted_in_under_200():
    message = _refused(RulesError, lambda: load_rules("badugi", stacks=HUGE), "stacks=")
    assert len(message) < 200 and "5,000 characters" in message


def test_a_turn_flow_node_that_is_not_there_is_quoted_short():
    flow = load_rules("badam-satti").turn_flow()
    with pytest.raises(KeyError) as info:
        flow.node(HUGE)
    assert len(str(info.value)) < 2000 and "5,000 characters" in str(info.value)


@pytest.mark.parametrize("call", [
    lambda: load_rules("badugi", stacks=HUGE),
    lambda: load_rules("satti", hand_size=HUGE),
    lambda: load_rules("satti", **{HUGE: 1}),
    lambda: load_rules(HUGE),
    lambda: rulebook.rules.parse_ruleset("badam-satti+" + HUGE),
    lambda: rulebook.rules.parse_ruleset(f"badam-satti+sevens_first=1+sevens_first={HUGE}"),
    lambda: rulebook.rules.parse_options([HUGE + "=1", HUGE + "=2"]),
    lambda: load_rules("badam-satti").new_deal(seed=HUGE),
    lambda: load_rules("badam-satti").new_deal().play(HUGE),
    lambda: load_rules("badam-satti").position(table=HUGE),
    lambda: load_rules("badam-satti").position(hands=[HUGE]),
    lambda: load_rules("sevens").new_deal(stacks=[HUGE] * 4),
    lambda: CardSet.full() | HUGE,
    lambda: loads(HUGE),
    lambda: load_rules("badam-satti").new_deal().view(HUGE),
    lambda: run_lockstep(7, "badam-satti", "sevens", bot_seed=[HUGE]),
], ids=lambda f: "")
def test_no_message_repeats_a_huge_input(call):
    with pytest.raises(RulebookError) as info:
        call()
    assert len(str(info.value)) < SHORT, str(info.value)[:300]
