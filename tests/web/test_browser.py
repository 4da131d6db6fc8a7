"""Whole games through the pages in a real browser (Debian's chromium, Playwright).

Seat 1 plays by tapping the legal commands the page offers; the server's bot plays
seat 2 (given from the page); a spectator page follows the game to its end. The
Valley game also lives through a server restart. Screenshots at phone and desktop size
land in tests/web/artifacts/.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.conftest import WebServer

ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM = os.environ.get("ATHANOR_CHROMIUM", "/usr/bin/chromium")
# the flags this machine's headless Chromium needs (a closed network, no sandbox as root)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
GAME_SECONDS = float(os.environ.get("ATHANOR_WEB_GAME_SECONDS", "150"))

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_playwright = None  # type: ignore[assignment]


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI must run the browser tests")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if sync_playwright is None:
        _missing("playwright is not installed (pip install -e '.[dev]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def shot(page: Page, name: str, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    page.evaluate("window.scrollTo(0, 0)")  # the board first, as a player opens the page
    page.screenshot(path=str(ARTIFACTS / f"{name}-{size['width']}x{size['height']}.png"))


def sign_in(page: Page, server: WebServer) -> None:
    """The operator signs in on the lobby (for that tab only)."""
    page.goto(server.url)
    page.fill("#operator-token", server.operator)
    page.click("#sign-in")
    page.wait_for_selector("#create-form")


def create_game(page: Page, server: WebServer, kind: str) -> tuple[str, str]:
    """In the lobby: create a two-seat game, let the server's bot play seat 2; returns
    seat 1's link and the spectator's link."""
    sign_in(page, server)
    page.select_option("#kind", kind)
    page.fill("#seats", "2")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("[data-seat-link='1']")
    page.click("[data-bot-seat='2']")
    page.wait_for_selector("text=seat 2: the server's bot plays")
    page.wait_for_selector("#games li")
    seat = page.get_attribute("[data-seat-link='1']", "href")
    spectate = page.get_attribute("text=Watch as a spectator", "href")
    assert seat and spectate and "token=" in seat and "token=" not in spectate
    return seat, spectate


def version(page: Page) -> int:
    return int(page.get_attribute("#main", "data-version") or 0)


def play(page: Page, rng: random.Random, deadline: float, until_moves: int | None = None) -> int:
    """Tap random legal commands whenever the page says it is our turn; returns the
    moves made (stops at `until_moves`, or at the end of the game)."""
    moves = 0
    while time.monotonic() < deadline:
        if page.get_attribute("#main", "data-over") == "yes":
            return moves
        if until_moves is not None and moves >= until_moves:
            return moves
        buttons = page.locator("#actions button.command[data-kind=legal]")
        mine = page.locator("#turn[data-turn=mine]").count() > 0
        if mine and buttons.count() and page.locator("#actions[aria-busy]").count() == 0:
            before = version(page)
            button = buttons.nth(rng.randrange(buttons.count()))
            if not button.is_visible():  # its group is folded: open it, as a person would
                button.locator("xpath=ancestor::details[1]/summary").click()
            button.click()
            moves += 1
            page.wait_for_function(
                f"Number(document.getElementById('main').dataset.version) > {before}"
                " || !document.getElementById('refusal').hidden",
                timeout=15_000,
            )
        else:
            page.wait_for_timeout(50)
    shot(page, "stuck", page.viewport_size or PHONE)
    raise AssertionError(
        f"the game did not end in {GAME_SECONDS}s ({moves} moves): {page.inner_text('#status')}"
    )


def check_spectator(page: Page) -> None:
    page.wait_for_selector("#main[data-over=yes]", timeout=20_000)
    assert page.locator("#actions button").count() == 0
    assert "GAME OVER" in page.inner_text("#turn")
    texts = page.locator("#log li").all_inner_texts()
    assert len(texts) > 10 and all(t.strip() for t in texts)


def test_valley_to_the_end_with_a_restart(browser: Browser, web_server: WebServer) -> None:
    rng = random.Random(7)
    phone = browser.new_context(viewport=PHONE, bypass_csp=True)
    desk = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        lobby = phone.new_page()
        seat_link, spectate_link = create_game(lobby, web_server, "valley")
        shot(lobby, "lobby", PHONE)
        shot(lobby, "lobby", DESKTOP)
        seat = phone.new_page()
        seat.goto(seat_link)
        spectator = desk.new_page()
        spectator.goto(spectate_link)
        seat.wait_for_selector("#board .board-section")
        assert "Display" in seat.inner_text("#board")
        deadline = time.monotonic() + GAME_SECONDS
        play(seat, rng, deadline, until_moves=6)
        shot(seat, "valley-seat", PHONE)
        shot(seat, "valley-seat", DESKTOP)
        seat.set_viewport_size(PHONE)

        # a restart: both pages say so, then resume from the last version they saw
        seen = version(seat)
        web_server.stop()
        seat.wait_for_selector("#link-state[data-online=no]", timeout=15_000)
        shot(seat, "valley-seat-offline", PHONE)
        web_server.start()
        seat.wait_for_selector("#link-state[data-online=yes]", timeout=20_000)
        spectator.wait_for_selector("#link-state[data-online=yes]", timeout=20_000)
        assert version(seat) >= seen
        logged = [
            int(v)
            for v in seat.locator("#log li").evaluate_all(
                "items => items.map(li => li.dataset.version)"
            )
        ]
        assert logged == list(range(1, len(logged) + 1))  # no event twice, none missing

        play(seat, rng, deadline)
        shot(seat, "valley-seat-over", PHONE)
        check_spectator(spectator)
        shot(spectator, "valley-spectator", DESKTOP)
        shot(spectator, "valley-spectator", PHONE)
    finally:
        phone.close()
        desk.close()


def test_apothebakery_to_the_end(browser: Browser, web_server: WebServer) -> None:
    rng = random.Random(11)
    phone = browser.new_context(viewport=PHONE, bypass_csp=True)
    desk = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        lobby = desk.new_page()
        seat_link, spectate_link = create_game(lobby, web_server, "apothebakery")
        seat = phone.new_page()
        seat.goto(seat_link)
        spectator = desk.new_page()
        spectator.goto(spectate_link)
        seat.wait_for_selector("#board .board-section")
        deadline = time.monotonic() + GAME_SECONDS
        play(seat, rng, deadline, until_moves=8)
        shot(seat, "apothebakery-seat", PHONE)
        shot(seat, "apothebakery-seat", DESKTOP)
        seat.set_viewport_size(PHONE)
        # keyboard: Tab reaches a command button and Enter sends it
        if seat.locator("#turn[data-turn=mine]").count():
            before = version(seat)
            seat.focus("#actions button.command[data-kind=legal]")
            seat.keyboard.press("Enter")
            seat.wait_for_function(
                f"Number(document.getElementById('main').dataset.version) > {before}"
                " || !document.getElementById('refusal').hidden",
                timeout=15_000,
            )
        play(seat, rng, deadline)
        shot(seat, "apothebakery-seat-over", DESKTOP)
        check_spectator(spectator)
        shot(spectator, "apothebakery-spectator", PHONE)
        shot(spectator, "apothebakery-spectator", DESKTOP)
    finally:
        phone.close()
        desk.close()


def take_turns(pages: list[Page], rng: random.Random, each: int, deadline: float) -> None:
    """Tap a random legal command on whichever page's turn it is, until every page has
    made `each` moves (the server's bot plays its seat in between)."""
    moves = [0] * len(pages)
    while min(moves) < each:
        assert time.monotonic() < deadline, f"stuck after {moves} moves"
        acted = False
        for i, page in enumerate(pages):
            # a page past its count still plays when awaited, or the others would wait
            if page.locator("#turn[data-turn=mine]").count() == 0:
                continue
            buttons = page.locator("#actions button.command[data-kind=legal]")
            if not buttons.count() or page.locator("#actions[aria-busy]").count():
                continue
            before = version(page)
            button = buttons.nth(rng.randrange(buttons.count()))
            if not button.is_visible():
                button.locator("xpath=ancestor::details[1]/summary").click()
            button.click()
            page.wait_for_function(
                f"Number(document.getElementById('main').dataset.version) > {before}"
                " || !document.getElementById('refusal').hidden",
                timeout=15_000,
            )
            moves[i] += 1
            acted = True
        if not acted:
            pages[0].wait_for_timeout(50)


def create_open_game(page: Page, server: WebServer) -> str:
    """The operator creates an open, timed three-seat Valley game and gives seat 3 to
    the server's bot; returns the join code as shown."""
    sign_in(page, server)
    page.select_option("#kind", "valley")
    page.fill("#seats", "3")
    page.check("#open-table")
    page.fill("#move-seconds", "600")
    page.click("#create-form button[type=submit]")
    code = page.inner_text("#created-code").strip()
    assert len(code) == 11 and code[5] == "-"
    shot(page, "lobby-created", PHONE)
    page.click("[data-bot-seat='3']")
    page.wait_for_selector("text=seat 3: the server's bot plays")
    return code


def join_by_typed_code(page: Page, server: WebServer, code: str) -> None:
    """Ana types the code as heard: lower case, no dash."""
    page.goto(server.url)
    page.wait_for_selector(f"#lobby-games [data-code='{code}']")
    page.fill("#join-code", code.replace("-", "").lower())
    page.fill("#join-name", "Ana")
    page.click("#code-form button[type=submit]")
    page.wait_for_url("**/?game=*&seat=1")
    page.wait_for_selector("#turn[data-turn=gathering]")
    assert code in page.inner_text("#turn")


def join_from_lobby_list(page: Page, server: WebServer, code: str) -> None:
    """Bo picks the game from the lobby's list."""
    page.goto(server.url)
    entry = page.locator(f"#lobby-games form[data-code='{code}']")
    entry.wait_for()
    listed = page.inner_text("#lobby-games")
    assert "1: Ana" in listed and "3: bot" in listed
    shot(page, "lobby", PHONE)
    shot(page, "lobby", DESKTOP)
    entry.locator("input[name=name]").fill("Bo")
    entry.locator("button[type=submit]").click()
    page.wait_for_url("**/?game=*&seat=2")
    assert "token" not in page.url  # the token stays in the browser's storage


def play_named_turns(ana: Page, bo: Page, rng: random.Random) -> None:
    """Both tables name the players; two moves each, logged under their names."""
    for page in (ana, bo):
        page.wait_for_selector("#board .board-section")
        page.wait_for_selector("#players li[data-seat='3']")
        players = page.inner_text("#players")
        assert "Ana" in players and "Bo" in players and "Bot 3" in players
    take_turns([ana, bo], rng, 2, time.monotonic() + 60)
    for page in (ana, bo):
        page.wait_for_function("document.querySelectorAll('#log li').length > 3")
        log = page.inner_text("#log")
        assert "Ana" in log and "Bo" in log, log
    ana.wait_for_selector("#clock")
    assert "left" in ana.inner_text("#clock")
    shot(ana, "open-seat", PHONE)
    shot(ana, "open-seat", DESKTOP)
    shot(bo, "open-seat-bo", DESKTOP)


def undo_if_offered(pages: list[Page]) -> None:
    """Undo is offered right after one's own move (when nothing came after it)."""
    undo = [p for p in pages if p.locator("#undo").count()]
    if undo:
        before = version(undo[0])
        undo[0].click("#undo")
        undo[0].wait_for_function(
            f"Number(document.getElementById('main').dataset.version) > {before}"
            " || !document.getElementById('refusal').hidden",
            timeout=15_000,
        )


def resign_asked_twice(page: Page) -> None:
    """Resigning asks first: "Keep playing" takes the question back."""
    page.click("#resign")
    page.click("#resign-no")
    assert page.locator("#resign-yes").count() == 0
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#players :text('(resigned)')")


def test_open_valley_joined_by_code(browser: Browser, web_server: WebServer) -> None:
    """Two players join an open, timed Valley game by its code with their names; the
    operator gives seat 3 to the server's bot; both resign, and the rematch opens."""
    rng = random.Random(5)
    operator = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    ana_ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    bo_ctx = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        code = create_open_game(operator.new_page(), web_server)
        ana = ana_ctx.new_page()
        join_by_typed_code(ana, web_server, code)
        bo = bo_ctx.new_page()
        join_from_lobby_list(bo, web_server, code)
        play_named_turns(ana, bo, rng)
        undo_if_offered([ana, bo])
        # once both have resigned nobody is left and it ends
        for page in (bo, ana):
            resign_asked_twice(page)
        ana.wait_for_selector("#main[data-over=yes]", timeout=20_000)
        ana.click("#rematch")
        ana.wait_for_url("**/?game=*&seat=*")
        ana.wait_for_selector("#turn[data-turn=gathering]")
        assert code not in ana.inner_text("#turn")  # a new code for the new game
    finally:
        operator.close()
        ana_ctx.close()
        bo_ctx.close()


def connect(server: WebServer, method: str, body: dict, token: str = "") -> dict:
    """One unary call of the Connect API on the web port, JSON in and out."""
    request = urllib.request.Request(
        f"{server.url.rstrip('/')}/athanor.v1.Athanor/{method}",
        data=json.dumps(body).encode(),
        headers={
            "content-type": "application/json",
            **({"authorization": f"Bearer {token}"} if token else {}),
        },
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"{}")


def test_a_lead_is_not_taken_back_and_the_page_says_why(
    browser: Browser, web_server: WebServer
) -> None:
    """Witch's Brew: a leader who plays a role sees who must answer (who holds it), so
    the Undo button is refused with the reason on the page, at phone and desktop size."""
    created = connect(
        web_server,
        "CreateGame",
        {"kind": "witchs_brew", "seats": 3, "options": {"first_leader": "1"}},
        web_server.operator,
    )
    game_id = created["gameId"]
    tokens = {int(t["seat"]): t["token"] for t in created["seatTokens"]}
    for seat in (2, 3):
        legal = connect(web_server, "ListLegalCommands", {"gameId": game_id}, tokens[seat])
        command = legal["commandsJson"][0]
        connect(
            web_server,
            "Act",
            {"gameId": game_id, "commandJson": command, "commandId": f"c{seat}"},
            tokens[seat],
        )
    phone = browser.new_context(viewport=PHONE, bypass_csp=True)
    try:
        page = phone.new_page()
        page.goto(f"{web_server.url}?game={game_id}&token={tokens[1]}")
        for kind in ("ChooseRoles", "LeadRole"):
            page.wait_for_selector(f"#actions button.command[data-kind=legal][data-type={kind}]")
            before = version(page)
            button = page.locator(f"#actions button.command[data-type={kind}]").first
            if not button.is_visible():
                button.locator("xpath=ancestor::details[1]/summary").click()
            button.click()
            page.wait_for_function(
                f"Number(document.getElementById('main').dataset.version) > {before}"
            )
        page.click("#undo")
        page.wait_for_selector("#refusal:not([hidden])")
        refusal = page.inner_text("#refusal")
        assert "No undo" in refusal and "undo" in refusal.lower()
        shot(page, "witchs-brew-undo-refused", PHONE)
        shot(page, "witchs-brew-undo-refused", DESKTOP)
    finally:
        phone.close()
