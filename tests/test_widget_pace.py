"""The computer's pace in DealStepper and PlayGame, headless and deterministic.

No test sleeps: the scheduler is injected (:class:`widgets.pacing.ManualScheduler`, whose
calls wait until the test steps them), or an asyncio loop runs on a clock the test moves.
What the screen must show is computed here independently: the deal as an unpaced stepper
(no loop runs in a test, so it shows every move at once, as before the pace existed) plays
it, the log lines from ``state.move_log()``.
"""
from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable
import html
import re

import ipywidgets
import pytest

from rulebook import load_rules
from rulebook.errors import RulesError
from rulebook.pace import AT_ONCE, PACES, SCREEN_PACES
from widgets import DealStepper, PlayGame
from widgets.pacing import LoopScheduler, ManualScheduler, loop_scheduler
from tests.test_widget_stepper import play_one  # a player's click on their turn

GAMES = ["badam-satti", "sevens", "satti", "badugi"]
REPLY = re.compile(r'<span class="rb-reply( rb-newest)?" data-move="(\d+)">(.*?)</span>')


def replies(st: DealStepper) -> list[tuple[bool, int, str]]:
    """The computer's moves told under the table: (marked as just made, move number, text)."""
    return [(bool(new), int(k), html.unescape(text))
            for new, k, text in REPLY.findall(st.replies.value)]


def line(states) -> list[tuple]:
    """Positions by value (a state has no ``==`` of its own): the moves, hands, who moves."""
    return [(tuple(map(str, s.history)), tuple(h.mask for h in s.hands), s.to_move)
            for s in states]


def log_text(state, k: int) -> str:
    """Move ``k``'s public log line(s), read from the engine."""
    before = len(state.states()[k - 1].move_log())
    upto = len(state.states()[k].move_log())
    return " ".join(e.text for e in state.move_log()[before:upto])



def just_moved(st: DealStepper) -> list[int]:
    """The seats marked as having just moved in the seats table."""
    return [seat for seat, cells in enumerate(st.seat_cells)
            if "rb-just-moved" in cells[0]._dom_classes]


def first_turn(profile: str = "badam-satti", seed: int = 2, **kw) -> tuple[DealStepper,
                                                                            ManualScheduler]:
    """A paced stepper at your first turn (the computer's opening moves all shown)."""
    sched = ManualScheduler()
    st = DealStepper(load_rules(profile), play=True, seed=seed, scheduler=sched, **kw)
    sched.run_all()
    assert st.pending_replies == 0 and st.state.to_move == st.human
    return st, sched


def test_the_pace_control_offers_four_paces_normal_first_chosen():
    st, _ = first_turn()
    assert st.pace == "normal" and st.pace_picker.value == "normal"
    assert [value for _label, value in st.pace_picker.options] == list(SCREEN_PACES)
    assert list(SCREEN_PACES) == ["relaxed", "normal", "fast", AT_ONCE]
    labels = [label for label, _value in st.pace_picker.options]
    assert labels == ["relaxed (1.6 s a move)", "normal (0.8 s a move)",
                      "fast (0.25 s a move)", "at once"]
    assert st.pace_picker in st.widget.children[2].children  # beside the other switches
    assert st.pace_picker.layout.display is None
    stepping = DealStepper(load_rules("sevens"), seed=1)
    assert stepping.pace_picker.layout.display == "none"  # nothing to pace when stepping
    # the class table shares the paces with a wait
    from rulebook.classroom.rooms import PACES as ROOM_PACES

    assert ROOM_PACES is PACES and {k: SCREEN_PACES[k] for k in PACES} == PACES


def test_after_your_move_the_replies_come_one_at_a_time_each_with_its_log_line():
    st, sched = first_turn()
    unpaced = DealStepper(load_rules("badam-satti"), play=True, seed=2)
    start = len(st.states)
    card = st.state.legal_moves()[0].card
    st.click_card(card)
    unpaced.click_card(card)
    computer = len(unpaced.states) - start - 1
    assert computer == 3  # seats 1, 2 and 3 answer
    # your move is shown at once, the computer's wait, one call asked at the pace's wait
    assert len(st.states) == start + 1 and st.state.history[-1].card is card
    assert st.pending_replies == computer
    assert [c.seconds for c in sched.waiting] == [0.8]
    assert replies(st) == []
    assert "Seat 1 is next" in st.replies.value
    assert st.move_box.value == ""  # the replies box tells the moves after yours
    final = unpaced.states[-1]
    for n in range(1, computer + 1):
        assert sched.step()
        k = start + n
        assert len(st.states) == k + 1 and st.index == k
        assert line(st.states) == line(unpaced.states[:k + 1])
        told = replies(st)
        # every move so far, each its own line with its log text, only the newest marked
        assert [(k2, text) for _new, k2, text in told] == \
            [(m, log_text(final, m)) for m in range(start + 1, k + 1)]
        assert [new for new, _k, _t in told] == [False] * (n - 1) + [True]
        mover = st.states[k - 1].to_move
        assert just_moved(st) == [mover] and mover != st.human
        assert f"move {k} ·" in st.table.value
        waiting = sched.waiting
        if n < computer:
            assert [c.seconds for c in waiting] == [0.8]
            assert f"Seat {st.state.to_move} is next" in st.replies.value
        else:
            assert waiting == [] and "is next" not in st.replies.value
    assert st.pending_replies == 0 and st.state.to_move == st.human
    assert not sched.step()
    # the same words as the unpaced stepper, once every move is shown
    strip = re.compile(r"<[^>]+>")
    assert strip.sub("", st.replies.value) == strip.sub("", unpaced.replies.value)


def test_the_wait_follows_the_pace_picked_and_at_once_is_immediate():
    for pace, seconds in PACES.items():
        st, sched = first_turn(pace=pace)
        st.click_card(st.state.legal_moves()[0].card)
        assert [c.seconds for c in sched.waiting] == [seconds]
    st, sched = first_turn(pace=AT_ONCE)
    asked = len(sched.asked)
    start = len(st.states)
    st.click_card(st.state.legal_moves()[0].card)
    assert len(sched.asked) == asked  # nothing waits
    assert st.pending_replies == 0 and st.state.to_move == st.human
    told = replies(st)
    assert len(told) == len(st.states) - start - 1 == 3
    assert not any(new for new, _k, _t in told)  # nothing is "just made" when all come at once


def test_picking_at_once_while_replies_wait_shows_them_now_and_another_pace_waits_anew():
    st, sched = first_turn()
    st.click_card(st.state.legal_moves()[0].card)
    sched.step()
    st.pace = "relaxed"
    assert [c.seconds for c in sched.waiting] == [1.6]  # the old call is called off
    assert sum(c.cancelled for c in sched.asked) >= 1
    st.pace_picker.value = AT_ONCE
    assert st.pending_replies == 0 and sched.waiting == [] and st.state.to_move == st.human
    with pytest.raises(RulesError, match="expected one of 'relaxed', 'normal', 'fast', 'at once'"):
        st.pace = "slow"


def test_a_click_during_the_replies_shows_them_all_and_plays_nothing():
    st, sched = first_turn()
    unpaced = DealStepper(load_rules("badam-satti"), play=True, seed=2)
    card = st.state.legal_moves()[0].card
    st.click_card(card)
    unpaced.click_card(card)
    sched.step()  # one reply shown, two wait
    stale = sched.waiting[0]
    assert st.pending_replies == 2
    st.card_buttons[0].click()  # a learner clicks one of their cards
    assert st.pending_replies == 0 and sched.waiting == [] and stale.cancelled
    assert line(st.states) == line(unpaced.states)  # every reply, and the click played nothing
    assert st.index == len(st.states) - 1 and st.state.to_move == st.human
    assert "now it is your turn" in st.message.value
    assert len(replies(st)) == 3 and not any(new for new, _k, _t in replies(st))
    stale.callback()  # a call that was called off and runs anyway changes nothing
    assert line(st.states) == line(unpaced.states)
    # the next click plays as usual
    card = st.state.legal_moves()[0].card
    st.click_card(card)
    assert st.states[len(unpaced.states)].history[-1].card is card


def test_an_action_click_during_the_replies_also_only_finishes_them():
    st, sched = first_turn("satti", seed=3)
    for _ in range(40):  # until the computer has replies to show after your move
        play_one(st)
        if st.pending_replies:
            break
        sched.run_all()
    assert st.pending_replies
    shown = len(st.states)
    before = shown + st.pending_replies
    buttons = list(st.action_box.children)
    assert buttons, "satti always offers an action button"
    buttons[0].click()
    assert len(st.states) == before and st.pending_replies == 0


def test_stepping_during_the_replies_shows_them_all_first():
    st, sched = first_turn()
    st.click_card(st.state.legal_moves()[0].card)
    sched.step()
    shown = st.index
    st.back()
    assert st.pending_replies == 0 and sched.waiting == []
    assert st.index == shown - 1 and len(st.states) == shown + 3
    st2, sched2 = first_turn()
    st2.click_card(st2.state.legal_moves()[0].card)
    st2.last()
    assert st2.pending_replies == 0 and st2.index == len(st2.states) - 1
    assert st2.state.to_move == st2.human


def test_playing_from_code_while_replies_wait_plays_where_the_computer_left_the_deal():
    st, sched = first_turn()
    unpaced = DealStepper(load_rules("badam-satti"), play=True, seed=2)
    card = st.state.legal_moves()[0].card
    st.click_card(card)
    unpaced.click_card(card)
    move = unpaced.state.legal_moves()[0]
    assert st.play(move)  # code, not a click: it knows what it wants
    unpaced.play(move)
    sched.run_all()
    assert line(st.states) == line(unpaced.states)


@pytest.mark.parametrize("profile", GAMES)
def test_the_paced_deal_is_the_unpaced_deal(profile):
    """Clicked through to the end, stepping the scheduler between clicks: every position
    shown is a position of the unpaced deal, in order, and the deals are equal."""
    sched = ManualScheduler()
    paced = DealStepper(load_rules(profile), play=True, seed=11, seat=1, scheduler=sched)
    unpaced = DealStepper(load_rules(profile), play=True, seed=11, seat=1)
    seen = []
    paced.observe(lambda state: seen.append(state))
    for _ in range(400):
        while sched.step():
            pass
        if paced.state.is_over:
            break
        assert line(paced.states) == line(unpaced.states)
        play_one(paced)
        play_one(unpaced)
    assert paced.state.is_over and unpaced.state.is_over
    assert line(paced.states) == line(unpaced.states)
    assert [str(m) for m in paced.state.history] == [str(m) for m in unpaced.state.history]
    # every position shown is one of the deal's, and each move was shown on its own
    final = [str(m) for m in paced.state.history]
    shown = [[str(m) for m in state.history] for state in seen if state is not None]
    assert all(h == final[:len(h)] for h in shown)
    assert {len(h) for h in shown} == set(range(len(shown[0]), len(final) + 1))
    assert any(c.seconds == 0.8 for c in sched.asked)


def test_no_running_loop_means_every_move_at_once():
    assert loop_scheduler() is None
    st = DealStepper(load_rules("badam-satti"), play=True, seed=2)
    st.click_card(st.state.legal_moves()[0].card)
    assert st.pace == "normal" and st.pending_replies == 0
    assert st.state.to_move == st.human


class ClockLoop(asyncio.SelectorEventLoop):
    """An event loop whose clock the test moves (``now``): its timers fire when the test
    says the time has come, with no real waiting."""

    now = 1000.0

    def time(self) -> float:  # noqa: D401 - the loop's clock
        return self.now


def in_a_thread(run: Callable[[], object]) -> None:
    """Run ``run`` in a thread of its own and raise what it raised. In a whole test run the
    browser tests' Playwright keeps an event loop running in the main thread, where
    ``asyncio.run`` and ``run_until_complete`` are refused."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            run()
        except BaseException as exc:  # raised again below, in the test's thread
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


def run_and_close(loop: asyncio.AbstractEventLoop, work: Any) -> None:
    """Run the coroutine ``work`` on ``loop`` to its end, then close the loop."""
    try:
        loop.run_until_complete(work)
    finally:
        loop.close()


async def settle() -> None:
    """Let the loop run the callbacks that are due (a few turns of it)."""
    for _ in range(3):
        await asyncio.sleep(0)


def test_a_loop_that_is_no_kernel_s_shows_every_move_at_once():
    async def check() -> None:
        assert loop_scheduler() is None  # pytest runs no IPython shell
        st = DealStepper(load_rules("badam-satti"), play=True, seed=2)
        assert st.pending_replies == 0 and st.state.to_move == st.human

    in_a_thread(lambda: asyncio.run(check()))


def test_in_a_kernel_s_running_loop_the_loop_calls_back_at_the_pace(monkeypatch):
    import widgets.pacing

    monkeypatch.setattr(widgets.pacing, "in_a_shell", lambda: True)  # as in ipykernel
    loop = ClockLoop()
    unpaced: list[DealStepper] = []  # built in the test's thread, where no loop runs

    def unpaced_deal() -> None:
        st = DealStepper(load_rules("badam-satti"), play=True, seed=2)
        assert loop_scheduler() is None and st.pending_replies == 0
        cards.append(st.state.legal_moves()[0].card)
        st.click_card(cards[0])
        unpaced.append(st)

    cards: list[str] = []
    in_a_thread(unpaced_deal)
    card = cards[0]

    async def paced(st: DealStepper, start: int, count: int) -> None:
        """``count`` computer moves, each shown when the clock reaches the pace's wait."""
        for n in range(1, count + 1):
            loop.now += 0.79  # not yet
            await settle()
            assert len(st.states) == start + n - 1
            loop.now += 0.02
            await settle()
            assert len(st.states) == start + n

    async def turns() -> None:
        assert isinstance(loop_scheduler(), LoopScheduler)
        st = DealStepper(load_rules("badam-satti"), play=True, seed=2)  # no scheduler given
        assert st.pending_replies == 3 and len(st.states) == 1  # seat 1 leads: 3 moves first
        await paced(st, 1, 3)
        assert st.state.to_move == st.human and st.move_box.value  # the move box tells each
        start = len(st.states)
        st.click_card(card)  # as a click handler in the kernel runs: inside the loop
        assert st.pending_replies == 3 and len(st.states) == start + 1
        await paced(st, start + 1, 3)
        assert len(replies(st)) == 3
        assert line(st.states) == line(unpaced[0].states) and st.pending_replies == 0

    in_a_thread(lambda: run_and_close(loop, turns()))


def test_before_a_voila_page_connects_the_kernel_s_loop_shows_every_move_at_once(monkeypatch):
    """Voila runs the notebook before its page asks for the widgets' state: a move shown
    later would be an update the page can miss while it builds its widgets, so the opening
    moves are drawn at once; once the page has connected, the replies to a click are paced.
    Outside Voila (JupyterLab: the page is there while the cell runs, and ipywidgets' control
    channel may never open) the pace does not wait for that channel."""
    import widgets.pacing

    monkeypatch.setattr(widgets.pacing, "in_a_shell", lambda: True)  # as in ipykernel
    monkeypatch.setattr(ipywidgets.widgets.widget.Widget, "_control_comm", None)
    for name in widgets.pacing.VOILA_KERNEL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert widgets.pacing.a_page_is_watching()  # not Voila's kernel
    monkeypatch.setenv("VOILA_BASE_URL", "/")  # as Voila starts a kernel
    loop = ClockLoop()

    async def check() -> None:
        assert not widgets.pacing.a_page_is_watching() and loop_scheduler() is None
        st = DealStepper(load_rules("badam-satti"), play=True, seed=2)
        assert st.pending_replies == 0 and st.state.to_move == st.human  # seat 1 led: at once
        assert len(st.states) == 4
        monkeypatch.setattr(ipywidgets.widgets.widget.Widget, "_control_comm", object())
        assert widgets.pacing.a_page_is_watching()
        assert isinstance(loop_scheduler(), LoopScheduler)
        st.click_card(st.state.legal_moves()[0].card)
        assert st.pending_replies == 3  # a page watches now: the replies come at the pace
        loop.now += 0.81
        await settle()
        assert st.pending_replies == 2

    in_a_thread(lambda: run_and_close(loop, check()))


def test_play_game_takes_the_pace_and_a_match_deal_ends_when_its_last_move_is_shown():
    sched = ManualScheduler()
    game = PlayGame("sevens", match=True, seed=1, pace="fast", scheduler=sched)
    assert game.pace_picker is game.stepper.pace_picker and game.pace_picker.value == "fast"
    st = game.stepper
    ended_by_a_step = False
    for _ in range(300):
        while True:
            over_before = st.state.is_over
            stepped = sched.step()
            # the next deal is offered exactly when the deal on screen is over
            offered = game.next_deal_button.layout.display != "none"
            assert offered == st.state.is_over
            ended_by_a_step |= stepped and st.state.is_over and not over_before
            if not stepped:
                break
        if st.state.is_over:
            break
        play_one(st)
        assert (game.next_deal_button.layout.display != "none") == st.state.is_over
    assert st.state.is_over
    assert "deal 1 of" in game.scores.value and "is over" in game.scores.value
    assert ended_by_a_step  # the computer went out: the deal ended on screen at a step
    with pytest.raises(RulesError, match="pace="):
        PlayGame("sevens", pace="slow")


def test_a_new_deal_calls_off_the_replies_still_waiting():
    sched = ManualScheduler()
    game = PlayGame("badam-satti", seed=2, scheduler=sched)
    sched.run_all()
    st = game.stepper
    st.click_card(st.state.legal_moves()[0].card)
    assert st.pending_replies
    stale = sched.waiting[0]
    game.new_deal(7)
    assert stale.cancelled
    stale.callback()  # called off: it shows nothing of the old deal
    assert [len(s.history) for s in st.states] == [0]  # the new deal's start, nothing more
    assert st.pending_replies == 1  # seat 3 leads the new deal: its move comes at the pace
    sched.run_all()
    fresh = PlayGame("badam-satti", seed=7)
    assert line(st.states) == line(fresh.stepper.states)
    assert replies(st) == []


def test_when_nobody_can_call_back_any_more_the_waiting_moves_are_drawn(monkeypatch):
    """A move shown by the loop, then no loop to ask for the next (or a pace changed where
    none runs): the rest are put in at once, and the screen shows them (the title, the
    table and the hand of the position the deal is at, not the one it has left)."""
    import widgets.stepper

    sched = ManualScheduler()
    st = DealStepper(load_rules("badam-satti"), play=True, seed=2, scheduler=sched)
    assert st.pending_replies == 3
    assert sched.step()  # the first of the three computer moves shown
    st.scheduler = None  # ...and then no scheduler and no loop
    monkeypatch.setattr(widgets.stepper, "loop_scheduler", lambda: None)
    assert sched.step()  # the second: it asks for the third and nobody can call back
    assert st.pending_replies == 0 and st.state.to_move == st.human
    assert f"move {len(st.state.history)} " in html.unescape(st.table.value)
    assert st.index == len(st.states) - 1


def test_an_error_while_a_move_is_shown_leaves_the_screen_at_the_deal_s_position(monkeypatch):
    sched = ManualScheduler()
    st = DealStepper(load_rules("badam-satti"), play=True, seed=2, scheduler=sched)
    real = st._replies_html
    calls = []

    def broken() -> str:
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("a drawing failed")
        return real()

    monkeypatch.setattr(st, "_replies_html", broken)
    assert sched.step()
    assert "Something went wrong: a drawing failed" in st.message.value
    assert st.pending_replies == 0 and st.state.to_move == st.human
    assert f"move {len(st.state.history)} " in html.unescape(st.table.value)
