"""The class table's three pages in a real Chromium (issue 22), for every game.

A teacher creates a room on the teacher page; three students on phone-sized pages (375×667)
and a projector (1024×768) join, the computer plays the fourth seat, and they play a whole
deal by clicking the lit buttons: Badam Satti, British Sevens, Satti and Badugi (its checks,
bets, calls, raises, and draws with the discards picked on the hand), and a whole Badam
Satti match, the teacher starting each deal with Next deal.  In each:

- on every turn the lit cards and the move buttons are exactly the seat's legal moves, and a
  page whose seat is not to move shows none;
- a click on a card that is not lit shows the engine's reason (with its clause) right under
  the hand, and the next legal move clears it;
- a student reloads in the middle of the deal and keeps the seat and the hand;
- a message, one with ``<script>``, one with ``<img onerror>`` (shown as text, no element made
  from them, nothing run) and an emoji reach the projector and every student;
- no page is wider than its window; before the end no page shows another seat's hand;
- at the end the projector shows no "Playable next", the teacher reveals every hand, and every
  page shows the four hands, the same cards the students held; the record the server gives
  back replays to the outcome the pages show (a match's totals too).

Screenshots: Badam Satti's go to ``docs/classroom_student.png``, ``classroom_projector.png``
and ``classroom_teacher.png``; every game's to ``test-output/screenshots/classroom/``.
The server runs the computer at a fifth of its pace (``create_app(pace_scale=...)``).
"""
from __future__ import annotations

import json
import random
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SHOTS = ROOT / "test-output" / "screenshots" / "classroom"
XSS = ["<script>window.pwned=1</script>", "<img src=x onerror=\"window.pwned=2\">"]
PACE_SCALE = 0.2  # the computer's "fast" pace, 0.25 s a move, becomes 0.05 s
DEAL_SECONDS = 150  # a deal that takes longer fails (the loop would otherwise spin)
CLAUSE = re.compile(r"\b[A-Z]{2,4}(-[A-Z0-9]+)+\b")
STUDENT = {"width": 375, "height": 667}
PROJECTOR = {"width": 1024, "height": 768}

SERVE = ("import sys, uvicorn\n"
         "from rulebook.classroom.app import create_app\n"
         "uvicorn.run(create_app(sys.argv[1], pace_scale=float(sys.argv[2])), host='127.0.0.1',"
         " port=int(sys.argv[3]), log_level='warning')\n")

# What a student page shows, read in one go.
PAGE_STATE = """() => {
  const q = (s) => Array.from(document.querySelectorAll(s));
  return {
    turn: document.getElementById('turn').textContent,
    me: document.getElementById('me').textContent,
    hand: q('#hand button.card').map((b) => b.dataset.card),
    symbols: q('#hand button.card').map((b) => b.textContent),
    lit: q('#hand button.card.legal').map((b) => b.dataset.card),
    actions: q('#actions button.action').map((b) => b.dataset.move),
    choices: q('#choices button.choice').map((b) => b.dataset.move),
    moves: document.getElementById('log').dataset.moves || '',
    reason: document.getElementById('reason').textContent,
  };
}"""

# The seat's own view, as the server sends it (the token is the one the page keeps).
OWN_VIEW = """async (code) => {
  const token = localStorage.getItem('rb-seat-' + code);
  const r = await fetch('api/rooms/' + code + '/view', {headers: {Authorization: 'Bearer ' + token}});
  return await r.json();
}"""

# Elements that reach past the window's left or right edge (the page would scroll sideways).
WIDER_THAN_WINDOW = """() => {
  const w = document.documentElement.clientWidth, bad = [];
  if (document.documentElement.scrollWidth > w + 1) bad.push('the page scrolls sideways: '
      + document.documentElement.scrollWidth + ' > ' + w);
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.height && (r.right > w + 1 || r.left < -1))
      bad.push(e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  return bad.slice(0, 8);
}"""

# Elements that clip their own text (overflow hidden and content wider or taller), unless they
# fade out where they cut it (class "cut": the projector's moves and messages).
CLIPPED = """() => Array.from(document.querySelectorAll('body *')).filter((e) => {
  const s = getComputedStyle(e);
  if (e.classList.contains('cut') && s.maskImage !== 'none') return false;
  if (e.clientWidth <= 1 && e.clientHeight <= 1) return false;  // text for screen readers only
  return (s.overflowX === 'hidden' && e.scrollWidth > e.clientWidth + 1)
      || (s.overflowY === 'hidden' && e.scrollHeight > e.clientHeight + 1);
}).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + e.scrollWidth + 'x' + e.scrollHeight
          + ' in ' + e.clientWidth + 'x' + e.clientHeight).slice(0, 8)"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The class table on a free loopback port, its computer players at a fifth of the pace."""
    port = free_port()
    db = tmp_path_factory.mktemp("classroom") / "c.sqlite"
    proc = subprocess.Popen([sys.executable, "-c", SERVE, str(db), str(PACE_SCALE), str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"the class table did not start: {proc.communicate()[1][-2000:]}")
        time.sleep(0.1)
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


@dataclass
class Table:
    """One room and its pages: the teacher, the projector and three students."""

    base: str
    code: str
    teacher: Any
    projector: Any
    students: list[Any]
    contexts: list[Any] = field(repr=False)

    def close(self) -> None:
        """Close every page's browser context."""
        for context in self.contexts:
            context.close()


@dataclass
class Deal:
    """What a deal's play went through."""

    moves: int = 0
    illegal: bool = False
    reloaded: bool = False
    messaged: bool = False
    shown: set[str] = field(default_factory=set)  # every move button shown to a student
    played: set[str] = field(default_factory=set)  # the first word of every move clicked


def open_table(browser: Any, base: str, ruleset: str, *, match: bool = False) -> Table:
    """The teacher creates a room on the teacher page; the projector opens it and three
    students join it on phone-sized pages."""
    expect = playwright_api.expect
    contexts: list[Any] = []

    def new_page(viewport: dict[str, int]) -> Any:
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(20_000)
        contexts.append(context)
        return context.new_page()

    teacher = new_page({"width": 1280, "height": 900})
    try:
        teacher.goto(base + "/teacher")
        teacher.fill("#ruleset", ruleset)
        teacher.select_option("#pace", "fast")
        if match:
            teacher.check("#match")
        teacher.click("#create-form button[type=submit]")
        room = teacher.locator("section[data-room]")
        expect(room).to_have_count(1, timeout=10_000)
        code = room.get_attribute("data-room") or ""
        assert re.fullmatch(r"[2-9A-HJKMNP-Z]{6}", code), code
        projector = new_page(PROJECTOR)
        projector.goto(f"{base}/projector?room={code}")
        students = []
        for name in ("Asha", "Ben", "Chen"):
            page = new_page(STUDENT)
            page.goto(f"{base}/student?room={code}")
            page.fill("#join-name", name)
            page.click("#join-form button[type=submit]")
            expect(page.locator("#play")).to_be_visible(timeout=10_000)
            students.append(page)
        # the teacher sees who joined (the page refreshes every 2 s)
        expect(teacher.locator("li.seat", has_text="Chen · connected")).to_have_count(1, timeout=10_000)
    except BaseException:
        for context in contexts:
            context.close()
        raise
    return Table(base, code, teacher, projector, students, contexts)


def deal(table: Table) -> None:
    """The teacher deals; every student gets a hand."""
    expect = playwright_api.expect
    table.teacher.get_by_role("button", name="Deal", exact=True).click()
    for page in table.students:
        expect(page.locator("#hand button.card").first).to_be_visible(timeout=10_000)


def shot(page: Any, name: str, *, full: bool = False) -> Path:
    """A screenshot in the temp folder (``test-output/screenshots/classroom``)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    return path


def assert_fits(page: Any, what: str) -> None:
    """Nothing reaches past the window's edges and nothing clips its text."""
    wide = page.evaluate(WIDER_THAN_WINDOW)
    assert not wide, f"{what}: wider than the window: {wide}"
    clipped = page.evaluate(CLIPPED)
    assert not clipped, f"{what}: text cut off: {clipped}"


def expected_buttons(view: dict[str, Any], game: str) -> tuple[set[str], set[str]]:
    """The cards that should be lit and the move buttons that should be shown for ``view``:
    every legal move of one card lights that card (a Satti jack's suit is chosen after), the
    other legal moves are buttons; in Badugi's draws every card can be picked, and the
    draws themselves are one Draw button shown once cards are picked."""
    legal, cards = view["legal"], view["legal_cards"]
    if game == "badugi" and any(m.startswith("draw") for m in legal):
        return set(view["hand"]), {m for m in legal if not m.startswith("draw")}
    return ({c[0] for c in cards if len(c) == 1},
            {m for m, c in zip(legal, cards) if len(c) != 1})


def wait_moved(page: Any, before: str) -> bool:
    """Wait until the page's move count changes (True) or a choice appears (False)."""
    page.wait_for_function(
        "(b) => document.getElementById('log').dataset.moves !== b"
        " || document.querySelectorAll('#choices button.choice').length > 0", arg=before,
        timeout=10_000)
    return page.locator("#log").get_attribute("data-moves") != before


def click_illegal(page: Any, state: dict[str, Any], game: str, stats: Deal,
                  docs_shot: bool) -> bool:
    """Click a card that is not lit; the engine's reason appears right under the hand."""
    expect = playwright_api.expect
    unlit = [c for c in state["hand"] if c not in state["lit"]]
    if not unlit:
        return False
    card = unlit[0]
    button = page.locator(f'#hand button.card[data-card="{card}"]')
    symbol = button.text_content() or ""
    button.click()
    reason = page.locator("#reason")
    expect(reason).not_to_be_empty(timeout=10_000)
    text = reason.text_content() or ""
    assert symbol in text and CLAUSE.search(text), f"{game}: a refused {symbol} said {text!r}"
    assert page.locator("#log").get_attribute("data-moves") == state["moves"]  # nothing played
    box, hand = reason.bounding_box(), page.locator("#hand").bounding_box()
    assert box and hand and box["y"] >= hand["y"] + hand["height"] - 1, (box, hand)
    assert box["y"] - (hand["y"] + hand["height"]) < 160, "the reason is far from the hand"
    assert box["x"] >= 0 and box["x"] + box["width"] <= STUDENT["width"]
    reason.scroll_into_view_if_needed()
    shot(page, f"{game}_student_refused")
    if docs_shot:
        page.screenshot(path=str(DOCS / "classroom_student.png"))
    stats.illegal = True
    return True


def play_one(page: Any, state: dict[str, Any], game: str, rng: random.Random,
             stats: Deal) -> bool:
    """Click one lit button (a card, a choice, a move, or Badugi's picked cards and Draw);
    whether a move was played."""
    expect = playwright_api.expect
    before = state["moves"]
    if state["choices"]:  # a Satti jack: the suit it names
        if "choice" not in stats.played:
            shot(page, f"{game}_student_choice")
        stats.played.add("choice")
        move = rng.choice(state["choices"])
        page.click(f'#choices button.choice[data-move="{move}"]')
        stats.played.add(move.split()[0])
        return wait_moved(page, before)
    if game == "badugi" and "pat" in state["actions"]:
        if rng.random() < 0.8:  # change one or two cards, picked on the hand
            cards = rng.sample(state["hand"], rng.choice([1, 2]))
            for card in cards:
                page.click(f'#hand button.card[data-card="{card}"]')
            expect(page.locator("#hand button.card.picked")).to_have_count(len(cards))
            draw = page.locator('#actions button.action[data-move^="draw"]')
            expect(draw).to_have_count(1)
            assert sorted((draw.get_attribute("data-move") or "").split()[1:]) == sorted(cards)
            assert f"change {len(cards)} card" in (draw.text_content() or "")
            if "draw" not in stats.played:
                shot(page, "badugi_student_draw")
                assert_fits(page, "badugi student drawing")
            draw.click()
            stats.played.add("draw")
        else:
            page.click('#actions button.action[data-move="pat"]')
            stats.played.add("pat")
        return wait_moved(page, before)
    options = [("card", c) for c in state["lit"]]
    options += [("move", m) for m in state["actions"] if not (game == "badugi" and m == "fold")]
    kind, value = rng.choice(options)
    if kind == "card":
        page.click(f'#hand button.card.legal[data-card="{value}"]')
        stats.played.add("card")
    else:
        page.click(f'#actions button.action[data-move="{value}"]')
        stats.played.add(value.split()[0])
    return wait_moved(page, before)


def send_messages(table: Table, page: Any) -> None:
    """A student sends a message, two that look like HTML, and an emoji; every page shows
    them, as text."""
    expect = playwright_api.expect
    for text in ["Good luck, everyone!", *XSS]:
        page.fill("#say-text", text)
        page.click("#say-form button[type=submit]")
        expect(page.locator("#say-text")).to_have_value("")
    page.locator("#emoji button.emoji-button", has_text="👍").click()
    for other in [table.projector, *table.students]:
        chat = other.locator("#chat")
        expect(chat.locator("li", has_text="Good luck, everyone!")).to_have_count(1, timeout=20_000)
        expect(chat.locator(".emoji-big", has_text="👍")).to_have_count(1, timeout=20_000)
        assert chat.locator("script, img").count() == 0
        assert XSS[1] in (chat.text_content() or "")
        assert other.evaluate("window.pwned === undefined")
    font = table.projector.locator("#chat .emoji-big").first.evaluate("e => getComputedStyle(e).fontFamily")
    assert "Noto Color Emoji" in font, font


def reload_student(page: Any) -> None:
    """Reload a student's page mid-deal: the same seat and the same hand come back."""
    expect = playwright_api.expect
    state = page.evaluate(PAGE_STATE)
    page.reload()
    expect(page.locator("#play")).to_be_visible(timeout=10_000)
    expect(page.locator("#me")).to_have_text(state["me"], timeout=10_000)
    expect(page.locator("#hand button.card")).to_have_count(len(state["hand"]), timeout=10_000)
    assert page.evaluate(PAGE_STATE)["hand"] == state["hand"]


def play_deal(table: Table, game: str, rng: random.Random, *, illegal: bool = True,
              reload: bool = True, message: bool = True, docs: bool = False,
              label: str = "") -> Deal:
    """Play the deal to its end by clicking the students' lit buttons (the computer plays
    seat 3), checking the buttons on every turn and doing the extras asked for."""
    expect = playwright_api.expect
    label = label or game
    stats = Deal()
    deadline = time.monotonic() + DEAL_SECONDS
    mid_shots = False
    while not table.projector.locator(".result").count():
        assert time.monotonic() < deadline, f"{label}: the deal did not end in {DEAL_SECONDS} s"
        acted = False
        for k, page in enumerate(table.students):
            state = page.evaluate(PAGE_STATE)
            if state["turn"] != "Your turn.":
                assert not state["lit"] and not state["actions"] and not state["choices"], \
                    f"{label}: seat {k} is not to move but shows moves: {state}"
                continue
            if not state["choices"]:
                view = page.evaluate(OWN_VIEW, table.code)
                if view["to_move"] != view["seat"] or view["over"]:
                    continue  # a newer view is on its way to the page
                lit, actions = expected_buttons(view, game)
                assert state["hand"] == view["hand"], label
                assert set(state["lit"]) == lit, f"{label}: lit {state['lit']}, legal {view['legal']}"
                assert set(state["actions"]) == actions, \
                    f"{label}: buttons {state['actions']}, legal {view['legal']}"
                stats.shown.update(m.split()[0] for m in state["actions"])
                draw_phase = game == "badugi" and "pat" in actions
                if illegal and not stats.illegal and not draw_phase:
                    click_illegal(page, state, label, stats, docs)
            if not play_one(page, state, game, rng, stats):
                acted = True  # a choice appeared: it is clicked next time round
                break
            stats.moves += 1
            acted = True
            expect(page.locator("#reason")).to_be_empty(timeout=5_000)  # a move clears it
            if message and not stats.messaged and stats.moves >= 3:
                send_messages(table, page)
                stats.messaged = True
            if reload and not stats.reloaded and stats.moves >= 6:
                reload_student(page)
                stats.reloaded = True
            if not mid_shots and stats.moves >= 6:
                mid_shots = True
                for other in table.students + [table.projector]:  # no hand of another seat
                    assert other.locator("#hands p.revealed").count() == 0, label
                assert table.projector.locator("#hand").count() == 0
                shot(page, f"{label}_student_mid")
                shot(page, f"{label}_student_mid_full", full=True)
                shot(table.projector, f"{label}_projector_mid")
                assert_fits(page, f"{label} student")
                assert_fits(table.projector, f"{label} projector")
            break
        if not acted:
            time.sleep(0.05)
    assert stats.moves >= 3, f"{label}: only {stats.moves} student moves"
    assert stats.illegal or not illegal, f"{label}: no card was ever unlit on a student's turn"
    assert stats.reloaded or not reload, f"{label}: the deal ended before the reload"
    assert stats.messaged or not message, f"{label}: the deal ended before the messages"
    return stats


def finish_deal(table: Table, label: str, *, reveal: bool = True) -> None:
    """After a deal: nobody is offered a move, the projector shows no "Playable next", the
    teacher reveals, and every page shows every hand (the cards the students held)."""
    expect = playwright_api.expect
    for k, page in enumerate(table.students):
        try:
            expect(page.locator("#turn")).to_have_text("The deal is over.", timeout=10_000)
        except AssertionError as error:  # say what the server holds for that seat
            view = page.evaluate(OWN_VIEW, table.code)
            shown = page.locator("#log").get_attribute("data-moves")
            raise AssertionError(f"{label}: seat {k}'s page shows move {shown} and "
                                 f"{page.locator('#turn').text_content()!r}; the server: move "
                                 f"{view.get('moves_played')}, over {view.get('over')}, between "
                                 f"{view.get('between_deals')}") from error
    expect(table.projector.locator("#turn")).to_have_text("The deal is over.")
    table_text = table.projector.locator("#table").text_content() or ""
    assert "Playable" not in table_text, f"{label}: the projector still shows {table_text!r}"
    held = []
    for page in table.students:
        state = page.evaluate(PAGE_STATE)
        assert not state["lit"] and not state["actions"], label
        held.append(state["symbols"])
    if reveal:
        table.teacher.get_by_role("button", name="Reveal every hand").click()
    for page in [table.projector, *table.students]:
        expect(page.locator("#hands p.revealed")).to_have_count(4, timeout=10_000)
    for seat, symbols in enumerate(held):
        shown = table.projector.locator(f'#hands p.revealed[data-seat="{seat}"] .card').all_text_contents()
        assert sorted(shown) == sorted(symbols), f"{label}: seat {seat} held {symbols}, shown {shown}"
    assert table.projector.locator("#hand").count() == 0
    # every hand in view on the projector (1024x768), the last seat's line too: nobody has
    # to scroll the table's column to see it
    last = table.projector.locator(f'#hands p.revealed[data-seat="{len(held) - 1}"]')
    box = last.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PROJECTOR["height"], \
        f"{label}: the last seat's hand on the projector ends at {box} (window {PROJECTOR})"
    expect(table.teacher.locator("section[data-room] .result").first).to_be_visible(timeout=10_000)
    for page, name in ((table.students[0], "student"), (table.projector, "projector")):
        assert_fits(page, f"{label} {name} at the end")


def replayed(table: Table) -> Any:
    """The room's record, replayed by the engine (anyone may fetch it once the game is over)."""
    import rulebook

    response = httpx.get(f"{table.base}/api/rooms/{table.code}/record", timeout=10)
    assert response.status_code == 200, response.text
    return rulebook.loads(json.dumps(response.json()))


GAMES = ["badam-satti", "sevens", "satti", "badugi"]


@pytest.mark.parametrize("game", GAMES)
def test_a_class_plays_a_whole_deal(game: str, server: str, chromium_browser: Any) -> None:
    # the session's browser (tests/browser/conftest.py: it skips with a message when Chromium
    # is missing); a second sync Playwright in the same process is refused while one runs
    started = time.monotonic()
    table = open_table(chromium_browser, server, game)
    try:
        deal(table)
        stats = play_deal(table, game, random.Random(GAMES.index(game)),
                          docs=game == "badam-satti")
        finish_deal(table, game)
        state = replayed(table)
        assert state.is_over
        moves = table.projector.locator("#log").get_attribute("data-moves")
        assert moves == str(len(state.history))
        result = table.projector.locator("#outcome .result").first.text_content()
        assert result == state.outcome.summary
        if game == "badugi":  # the betting and the draws were shown, and only when legal
            assert {"fold", "pat"} <= stats.shown and stats.shown & {"check", "call"}, stats.shown
            assert "draw" in stats.played and stats.played & {"check", "call"}, stats.played
            assert stats.shown & {"bet", "raise"}, stats.shown
        if game == "satti":
            assert "Draw pile:" in (table.projector.locator("#table").text_content() or "")
        table.projector.locator("#hands").scroll_into_view_if_needed()
        shot(table.projector, f"{game}_projector_end")
        shot(table.students[0], f"{game}_student_end", full=True)
        table.projector.evaluate("window.scrollTo(0, 0)")
        shot(table.teacher, f"{game}_teacher")
        if game == "badam-satti":
            table.projector.screenshot(path=str(DOCS / "classroom_projector.png"))
            table.teacher.screenshot(path=str(DOCS / "classroom_teacher.png"))
    finally:
        table.close()
    print(f"{game}: {stats.moves} student moves in {time.monotonic() - started:.1f} s")


def test_a_class_plays_a_badam_satti_match(server: str, chromium_browser: Any) -> None:
    expect = playwright_api.expect
    started = time.monotonic()
    table = open_table(chromium_browser, server, "badam-satti+round_count=3", match=True)
    rng = random.Random(5)
    try:
        deal(table)
        for k in range(3):
            label = f"match_deal{k + 1}"
            play_deal(table, "badam-satti", rng, illegal=k == 0, reload=k == 1, message=k == 2,
                      label=label)
            line = table.projector.locator("#outcome .match-line")
            expect(line).to_contain_text(f"deal {k + 1} of 3", timeout=10_000)
            if k < 2:
                expect(line).to_contain_text("the teacher starts the next deal")
                finish_deal(table, label, reveal=False)
                for page in table.students:  # between deals nobody may move
                    if page.locator("#hand button.card").count():
                        page.locator("#hand button.card").first.click()
                        expect(page.locator("#reason")).to_contain_text("the teacher starts the next one")
                shot(table.projector, f"{label}_projector_between")
                table.teacher.get_by_role("button", name="Next deal").click()
                expect(table.projector.locator("#outcome .result")).to_have_count(0, timeout=10_000)
                for page in table.students:
                    expect(page.locator("#hand button.card")).to_have_count(13, timeout=10_000)
                    expect(page.locator("#hands p.revealed")).to_have_count(0)
        expect(table.projector.locator("#outcome .match-line")).to_contain_text("the match is over")
        finish_deal(table, "match_end")
        match = replayed(table)
        assert match.is_over and len(match.deals) == 3
        totals = table.projector.locator("#outcome .match-totals").text_content() or ""
        for seat, total in enumerate(match.totals):
            assert f"(seat {seat}) {total}" in totals, (totals, match.totals)
        shot(table.projector, "match_projector_end")
        shot(table.students[1], "match_student_end", full=True)
        shot(table.teacher, "match_teacher")
    finally:
        table.close()
    print(f"match: {time.monotonic() - started:.1f} s")


def test_the_teacher_page_opens_a_room_made_elsewhere(server: str, chromium_browser: Any
                                                      ) -> None:
    # a notebook's ClassTable links the teacher page with #room=CODE&token=TOKEN
    made = httpx.post(f"{server}/api/rooms", json={"ruleset": "satti", "players": 4}).json()
    context = chromium_browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.goto(f"{server}/teacher#room={made['code']}&token={made['teacher_token']}")
        room = page.locator("section[data-room=\"" + made["code"] + "\"]")
        playwright_api.expect(room).to_have_count(1, timeout=10_000)
        assert made["teacher_token"] not in page.url  # taken out of the address bar
        room.get_by_role("button", name="Deal").click()
        playwright_api.expect(room).to_contain_text("Deal again", timeout=10_000)
        assert httpx.get(f"{server}/api/rooms/{made['code']}/view").json()["dealt"] is True
    finally:
        context.close()
