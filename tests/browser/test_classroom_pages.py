"""The class table's three pages in a real Chromium (issue 22): a teacher creates a room,
three students on phone-sized pages (375×667) and a projector (1024×768) join, and they play
a whole Badam Satti deal by clicking, the computer playing the fourth seat: an illegal click
shows the engine's reason under the hand, a student reloads mid-deal and keeps the seat, a
message with ``<script>`` and ``<img onerror>`` is shown as text (no element made from it),
and the teacher reveals every hand.  Screenshots go to ``docs/classroom_*.png``.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("fastapi")

DOCS = Path(__file__).resolve().parents[2] / "docs"
XSS = ["<script>window.pwned=1</script>", "<img src=x onerror=\"window.pwned=2\">"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Any:
    import httpx

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "rulebook", "serve", "--port", str(port),
                             "--db", str(tmp_path / "c.sqlite")], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield base
    proc.kill()
    proc.wait(10)


def test_a_class_plays_a_whole_badam_satti_deal(server: str, chromium_browser: Any) -> None:
    # the session's browser (tests/browser/conftest.py: it skips with a message when Chromium
    # is missing); a second sync Playwright in the same process is refused while one runs
    run_class(chromium_browser, server)


def run_class(browser: Any, base: str) -> None:
    expect = playwright_api.expect
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    teacher.goto(base + "/teacher")
    teacher.fill("#ruleset", "badam-satti")
    teacher.select_option("#pace", "fast")
    teacher.click("#create-form button[type=submit]")
    room = teacher.locator("section[data-room]")
    expect(room).to_have_count(1, timeout=10_000)
    code = room.get_attribute("data-room")
    assert code and len(code) == 6

    projector = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    projector.goto(f"{base}/projector?room={code}")
    students = []
    for name in ("Asha", "Ben", "Chen"):
        page = browser.new_context(viewport={"width": 375, "height": 667}).new_page()
        page.goto(f"{base}/student?room={code}")
        page.fill("#join-name", name)
        page.click("#join-form button[type=submit]")
        expect(page.locator("#play")).to_be_visible(timeout=10_000)
        students.append(page)
    teacher.locator("button", has_text="Deal").first.click()
    for page in students:
        expect(page.locator("#hand button.card")).to_have_count(13, timeout=10_000)

    illegal_shown = reloaded = messaged = False
    moves = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if projector.locator(".result").count():
            break
        acted = False
        for k, page in enumerate(students):
            if page.locator("#turn").text_content() != "Your turn.":
                continue
            not_lit = page.locator("#hand button.card:not(.legal)")
            if not illegal_shown and not_lit.count():
                card = not_lit.first.text_content()
                not_lit.first.click()
                reason = page.locator("#reason")
                expect(reason).not_to_be_empty(timeout=5_000)
                text = reason.text_content() or ""
                assert card and card in text and "BS-" in text
                box = reason.bounding_box()
                hand_box = page.locator("#hand").bounding_box()
                assert box and hand_box and box["y"] >= hand_box["y"] + hand_box["height"] - 1
                assert box["y"] + box["height"] <= 667 * 3  # on the page, under the hand
                page.screenshot(path=str(DOCS / "classroom_student.png"))
                illegal_shown = True
            lit = page.locator("#hand button.card.legal, #actions button.action")
            if lit.count() == 0:
                continue
            before = page.locator("#log").get_attribute("data-moves")
            lit.first.click()
            expect(page.locator("#log")).not_to_have_attribute("data-moves", before or "",
                                                               timeout=5_000)
            moves += 1
            acted = True
            if moves == 8 and not reloaded:
                seat = page.locator("#me").text_content()
                page.reload()
                expect(page.locator("#play")).to_be_visible(timeout=10_000)
                expect(page.locator("#me")).to_have_text(seat or "", timeout=10_000)
                reloaded = True
            if moves == 4 and not messaged:
                for text in XSS:
                    page.fill("#say-text", text)
                    page.click("#say-form button[type=submit]")
                expect(projector.locator("#chat li")).to_have_count(2, timeout=20_000)
                messaged = True
            break
        if not acted:
            time.sleep(0.1)
    expect(projector.locator(".result")).to_have_count(1, timeout=30_000)
    assert illegal_shown and reloaded and messaged and moves > 10

    # the messages are text on every page: no element made from them, nothing ran
    for page in [projector, *students]:
        chat = page.locator("#chat")
        assert chat.locator("script, img").count() == 0
        assert page.evaluate("window.pwned === undefined")
        assert XSS[1] in (chat.text_content() or "")
    # the projector shows no hand before the end; after it, every hand, once revealed
    teacher.locator("button", has_text="Reveal every hand").click()
    expect(projector.locator("#hands p.revealed")).to_have_count(4, timeout=10_000)
    assert projector.locator("#hand").count() == 0
    projector.screenshot(path=str(DOCS / "classroom_projector.png"))
    teacher.wait_for_timeout(2500)  # the teacher page refreshes every 2 s
    teacher.screenshot(path=str(DOCS / "classroom_teacher.png"))
