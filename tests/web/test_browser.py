"""Whole games through the pages in a real browser (Debian's chromium, Playwright).

Seat 1 plays by tapping the legal commands the page offers; the server's bot plays
seat 2 (given from the page); a spectator page follows the game to its end. The
Valley game also lives through a server restart (played to its end in the slow set).
Screenshots at phone and desktop size land in tests/web/artifacts/; axe-core checks
the lobby, a seat's page and the spectator's.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlparse

import pytest

from tests.waiting import wait_until
from tests.web.browsing import (
    DESKTOP,
    GAME_SECONDS,
    MOVE_MS,
    MOVED,
    PHONE,
    READY,
    assert_accessible,
    check_end_screen,
    connect,
    give_to_bot,
    play,
    shot,
    sign_in,
    tap,
    version,
)
from tests.web.conftest import WebServer

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser, Page, Route


def create_game(
    page: Page, server: WebServer, kind: str, unknown_level: bool = False
) -> tuple[str, str]:
    """In the lobby: create a two-seat game, let the server's bot play seat 2 (after
    trying a level the server does not know, with `unknown_level`); returns seat 1's
    link and the spectator's link."""
    sign_in(page, server)
    page.select_option("#kind", kind)
    page.fill("#seats", "2")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("[data-seat-link='1']")
    if unknown_level:
        level = page.locator("[data-seat='2'] select.level")
        level.evaluate("s => s.add(new Option('genius', 'genius'))")
        level.select_option("genius")
        page.click("[data-bot-seat='2']")
        refused = page.locator("[data-seat='2'] .refused")
        refused.wait_for()
        assert "Not given to the bot" in refused.inner_text()
        assert "level" in refused.inner_text()
    give_to_bot(page, 2)
    page.wait_for_selector("#games li")
    seat = page.get_attribute("[data-seat-link='1']", "href")
    spectate = page.get_attribute("text=Watch as a spectator", "href")
    assert seat and spectate and "token=" in seat and "token=" not in spectate
    return seat, spectate


def game_of(link: str) -> str:
    return parse_qs(urlparse(link).query)["game"][0]


def link_seat_asked_about(page: Page, game_id: str) -> None:
    """A running game's seats panel ("Seats…" in the server's games) asks before a seat
    whose link someone may be playing, and "No" leaves it."""
    page.click(f"[data-host='{game_id}']")
    panel = page.locator(f"[data-host-game='{game_id}']").last
    panel.locator("[data-bot-seat='1'][data-held=yes]").click()
    assert "Whoever has its link will not be able to play it" in panel.inner_text()
    panel.locator("[data-bot-cancel='1']").click()
    panel.locator("[data-bot-seat='1']").wait_for()


def check_spectator(page: Page) -> None:
    page.wait_for_selector("#main[data-over=yes]", timeout=20_000)
    assert page.locator("#actions button").count() == 0
    assert "GAME OVER" in page.inner_text("#turn")
    texts = page.locator("#log li").all_inner_texts()
    assert len(texts) > 10 and all(t.strip() for t in texts)


def check_offline(page: Page) -> None:
    """While the server is down: a banner says so, the board and moves are greyed and
    nothing can be tapped (disabled and aria-disabled)."""
    page.wait_for_selector("#offline:not([hidden])", timeout=15_000)
    assert "Offline" in page.inner_text("#offline")
    assert page.locator(".table.paused").count() == 1
    buttons = page.locator("#actions button.command")
    assert buttons.count() == page.locator("#actions button.command[disabled]").count()
    assert buttons.count() == page.locator("#actions button[aria-disabled=true]").count()
    if page.locator("#turn[data-turn=mine]").count():
        assert "paused" in page.inner_text("#turn")


def test_valley_lives_through_a_restart(browser: Browser, web_server: WebServer) -> None:
    valley_with_a_restart(browser, web_server, to_the_end=False)


@pytest.mark.slow
def test_valley_to_the_end_with_a_restart(browser: Browser, web_server: WebServer) -> None:
    valley_with_a_restart(browser, web_server, to_the_end=True)


def valley_with_a_restart(browser: Browser, web_server: WebServer, to_the_end: bool) -> None:
    """Seat 1 plays six moves at phone size, the server restarts (the page says so and
    nothing can be tapped meanwhile), and both pages resume; `to_the_end`: seat 1 then
    plays the game out and the end screen shows the outcome."""
    rng = random.Random(7)
    phone = browser.new_context(viewport=PHONE, bypass_csp=True)
    desk = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        lobby = phone.new_page()
        seat_link, spectate_link = create_game(lobby, web_server, "valley")
        link_seat_asked_about(lobby, game_of(seat_link))
        shot(lobby, "lobby", PHONE)
        shot(lobby, "lobby", DESKTOP)
        assert_accessible(lobby, "operator's lobby")
        seat = phone.new_page()
        seat.goto(seat_link)
        spectator = desk.new_page()
        spectator.goto(spectate_link)
        seat.wait_for_selector("#board .board-title")
        assert "Display" in seat.inner_text("#board")
        seat.wait_for_function(READY)
        assert seat.title() == "● Your turn — Athanor"
        assert_accessible(seat, "seat's page")
        deadline = time.monotonic() + GAME_SECONDS
        play(seat, rng, deadline, until_moves=6)
        shot(seat, "valley-seat", PHONE)
        shot(seat, "valley-seat", DESKTOP)
        seat.set_viewport_size(PHONE)
        spectator.wait_for_selector("#board .board-title")
        assert_accessible(spectator, "spectator's page")

        # a restart: both pages say so, then resume from the last version they saw
        seen = version(seat)
        web_server.stop()
        check_offline(seat)
        shot(seat, "valley-seat-offline", PHONE)
        web_server.start()
        seat.wait_for_selector("#link-state[data-online=yes]", timeout=20_000)
        spectator.wait_for_selector("#link-state[data-online=yes]", timeout=20_000)
        seat.wait_for_selector("#offline[hidden]", state="attached")
        assert version(seat) >= seen
        logged = [
            int(v)
            for v in seat.locator("#log li").evaluate_all(
                "items => items.map(li => li.dataset.version)"
            )
        ]
        assert logged == list(range(1, len(logged) + 1))  # no event twice, none missing
        if not to_the_end:
            return

        play(seat, rng, deadline)
        shot(seat, "valley-seat-over", PHONE)
        check_end_screen(seat, web_server, game_of(seat_link), named=False)
        check_spectator(spectator)
        shot(spectator, "valley-spectator", DESKTOP)
        shot(spectator, "valley-spectator", PHONE)
    finally:
        phone.close()
        desk.close()


def check_moves_reachable(page: Page) -> None:
    """On a phone a move can be begun from the opened page: the panel of the move being
    built is on its screen (at its foot, under a drawn board), and the first piece to
    tap, once scrolled to, is under neither the sticky header and turn line nor that
    panel."""
    page.evaluate("window.scrollTo(0, 0)")
    builder = page.locator("#builder").bounding_box()
    height = (page.viewport_size or PHONE)["height"]
    assert builder is not None and builder["y"] + min(builder["height"], 40) <= height, builder
    first = page.locator("#board .drawn .legal").first
    first.evaluate("p => p.scrollIntoView({block: 'center'})")
    covered = first.evaluate(
        "p => { const r = p.getBoundingClientRect();"
        " const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);"
        " return !(hit && (hit === p || p.contains(hit))); }"
    )
    assert not covered


@pytest.mark.slow
def test_apothebakery_to_the_end(browser: Browser, web_server: WebServer) -> None:
    rng = random.Random(11)
    phone = browser.new_context(viewport=PHONE, bypass_csp=True)
    desk = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        lobby = desk.new_page()
        seat_link, spectate_link = create_game(
            lobby, web_server, "apothebakery", unknown_level=True
        )
        seat = phone.new_page()
        seat.goto(seat_link)
        spectator = desk.new_page()
        spectator.goto(spectate_link)
        seat.wait_for_selector("#board .board-title")
        deadline = time.monotonic() + GAME_SECONDS
        seat.wait_for_function(READY)
        check_moves_reachable(seat)
        play(seat, rng, deadline, until_moves=8)
        shot(seat, "apothebakery-seat", PHONE)
        shot(seat, "apothebakery-seat", DESKTOP)
        seat.set_viewport_size(PHONE)
        # keyboard: Tab reaches a command button, Enter sends it, and the focus stays on
        # the page's moves or turn line (never falls to the body)
        seat.wait_for_function(READY)
        if seat.locator("#turn[data-turn=mine]").count():
            before = version(seat)
            seat.focus("#actions button.command[data-kind=legal]")
            seat.keyboard.press("Enter")
            seat.wait_for_function(MOVED.format(before=before), timeout=MOVE_MS)
            seat.wait_for_function("document.activeElement !== document.body")
            assert seat.evaluate(
                "document.activeElement.id === 'turn'"
                " || document.activeElement.closest('#actions') !== null"
            )
        play(seat, rng, deadline)
        shot(seat, "apothebakery-seat-over", DESKTOP)
        check_end_screen(seat, web_server, game_of(seat_link), named=False)
        check_spectator(spectator)
        shot(spectator, "apothebakery-spectator", PHONE)
        shot(spectator, "apothebakery-spectator", DESKTOP)
    finally:
        phone.close()
        desk.close()


def take_turns(pages: list[Page], rng: random.Random, each: int) -> None:
    """Tap a random legal command on whichever page's turn it is, until every page has
    made `each` moves (the server's bot plays its seat in between; a page past its count
    still plays when awaited, or the others would wait)."""
    moves = [0] * len(pages)
    while min(moves) < each:
        wait_until(lambda: any(page.evaluate(READY) for page in pages), f"a turn ({moves})")
        for i, page in enumerate(pages):
            if page.evaluate(READY):
                tap(page, "#actions button.command[data-kind=legal]:not([disabled])", rng)
                moves[i] += 1


def create_open_game(page: Page, server: WebServer) -> str:
    """The operator creates an open, timed three-seat Valley game; returns the join
    code as shown."""
    sign_in(page, server)
    page.select_option("#kind", "valley")
    page.fill("#seats", "3")
    page.check("#open-table")
    page.fill("#move-seconds", "600")
    page.click("#create-form button[type=submit]")
    code = page.inner_text("#created-code").strip()
    assert len(code) == 11 and code[5] == "-"
    page.wait_for_selector("[data-seat-state='3']:has-text('free')")
    shot(page, "lobby-created", PHONE)
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
    """Bo picks the game from the lobby's list, then gives the last free seat to the
    server's bot from his table (at the level he picks)."""
    page.goto(server.url)
    entry = page.locator(f"#lobby-games form[data-code='{code}']")
    entry.wait_for()
    listed = page.inner_text("#lobby-games")
    assert "1: Ana" in listed and "3: free" in listed
    assert "false" not in listed and "true" not in listed  # options in words
    shot(page, "lobby", PHONE)
    shot(page, "lobby", DESKTOP)
    assert_accessible(page, "lobby")
    entry.locator("input[name=name]").fill("Bo")
    entry.locator("button[type=submit]").click()
    page.wait_for_url("**/?game=*&seat=2")
    assert "token" not in page.url  # the token stays in the browser's storage
    page.wait_for_selector("#add-bot:has-text('seat 3')")
    page.select_option("#add-bot-level", "random")
    page.click("#add-bot")
    page.wait_for_selector("#turn:not([data-turn=gathering])")


def play_named_turns(ana: Page, bo: Page, rng: random.Random) -> None:
    """Both tables name the players; two moves each, logged under their names."""
    for page in (ana, bo):
        page.wait_for_selector("#board .board-title")
        page.wait_for_selector("#players li[data-seat='3']")
        players = page.inner_text("#players")
        assert "Ana" in players and "Bo" in players and "Bot 3" in players
    assert "you (Ana)" in ana.inner_text("#players")
    # the turn sound is off until asked for, and the choice is kept in this browser
    assert not ana.is_checked("#sound")
    ana.check("#sound")
    assert ana.evaluate("localStorage.getItem('athanor.sound')") == "on"
    ana.reload()
    ana.wait_for_selector("#sound:checked")
    take_turns([ana, bo], rng, 2)
    for page in (ana, bo):
        page.wait_for_function("document.querySelectorAll('#log li').length > 3")
        log = page.inner_text("#log")
        assert "Ana" in log and "Bo" in log, log
    # a line is credited to the seat that acted, once per command; table events to
    # the table
    # the table, once per command; a sentence that opens with the actor's name is not
    # credited twice ("Bo places …", never "Bo · Bo places …")
    lines = ana.locator("#log li:not(.follows)").evaluate_all(
        "els => els.map(e => [e.dataset.seat, e.querySelector('.v').innerText,"
        " e.innerText.slice(e.querySelector('.v').innerText.length).trim()])"
    )
    credits = [v for _, v, _ in lines]
    assert any(c.endswith("· table") for c in credits)
    assert all(c.endswith("· table") for seat, c, _ in lines if seat == "0")
    by_bo = [(c, text) for _, c, text in lines if c.endswith("· Bo") or text.startswith("Bo ")]
    assert by_bo and not any(c.endswith("· Bo") and text.startswith("Bo ") for c, text in by_bo)
    ana.wait_for_selector("#clock")
    assert "left" in ana.inner_text("#clock")
    shot(ana, "open-seat", PHONE)
    shot(ana, "open-seat", DESKTOP)
    shot(bo, "open-seat-bo", DESKTOP)


def host_asks_before_a_players_seat(page: Page) -> None:
    """The operator's seats panel names the players; giving Ana's seat to the bot asks
    first, and "No" leaves it hers."""
    page.click("[data-host-refresh]")
    page.wait_for_selector("[data-seat-state='1']:has-text('Ana')")
    page.wait_for_selector("[data-seat-state='3']:has-text('bot plays')")
    page.click("[data-bot-seat='1']")
    question = page.inner_text(".host .confirm")
    assert "Give Ana's seat to the bot? Ana will not be able to play it." in question
    assert_accessible(page, "operator's seats panel")
    shot(page, "host-confirm", PHONE)
    shot(page, "host-confirm", DESKTOP)
    page.click("[data-bot-cancel='1']")
    page.wait_for_selector("[data-bot-seat='1']")
    assert page.inner_text("[data-seat-state='1']") == "Ana"


def undo_if_offered(pages: list[Page]) -> None:
    """Undo is offered right after one's own move (when nothing came after it)."""
    undo = [p for p in pages if p.locator("#undo").count()]
    if undo:
        before = version(undo[0])
        undo[0].click("#undo")
        undo[0].wait_for_function(MOVED.format(before=before), timeout=MOVE_MS)


def resign_asked_twice(page: Page) -> None:
    """Resigning asks first: "Keep playing" takes the question back."""
    page.click("#resign")
    page.click("#resign-no")
    assert page.locator("#resign-yes").count() == 0
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#players :text('(resigned)')")


def test_open_valley_joined_by_code(browser: Browser, web_server: WebServer) -> None:
    """Two players join an open, timed Valley game by its code with their names; Bo
    gives seat 3 to the server's bot; the operator's panel asks before Ana's seat; both
    resign, and the rematch opens."""
    rng = random.Random(5)
    operator = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    ana_ctx = browser.new_context(viewport=PHONE, bypass_csp=True)
    bo_ctx = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        host = operator.new_page()
        code = create_open_game(host, web_server)
        ana = ana_ctx.new_page()
        join_by_typed_code(ana, web_server, code)
        bo = bo_ctx.new_page()
        join_from_lobby_list(bo, web_server, code)
        host_asks_before_a_players_seat(host)
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


def pending_until_answered(page: Page, selector: str) -> None:
    """A tapped move shows as pending, the others aria-disabled, until the server's
    answer comes (the Act call is held on its way until the page has been looked at)."""
    held: list[Route] = []
    page.route("**/athanor.v1.Athanor/Act", lambda route: held.append(route))
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_selector("#actions button.command.pending[aria-busy=true]")
    assert "waiting for the server" in page.inner_text("#actions button.pending")
    offered = page.locator("#actions button.command").count()
    assert page.locator("#actions button.command[aria-disabled=true]").count() == offered
    wait_until(lambda: held, "the Act call")
    held[0].continue_()
    page.wait_for_function(MOVED.format(before=before))
    page.unroute("**/athanor.v1.Athanor/Act")
    assert page.locator("#actions button.pending").count() == 0


def test_a_lead_is_not_taken_back_and_the_page_says_why(
    browser: Browser, web_server: WebServer
) -> None:
    """Witch's Brew: the moves in the list hold still while the others choose (the
    same buttons, not drawn anew); a leader who plays a role sees who must answer, so
    the Undo button is refused with the reason on the page, at phone and desktop size."""
    created = connect(
        web_server,
        "CreateGame",
        {"kind": "witchs_brew", "seats": 3, "options": {"first_leader": "1"}},
        web_server.operator,
    )
    game_id = created["gameId"]
    tokens = {int(t["seat"]): t["token"] for t in created["seatTokens"]}
    phone = browser.new_context(viewport=PHONE, bypass_csp=True)
    try:
        page = phone.new_page()
        page.goto(f"{web_server.url}?game={game_id}&token={tokens[1]}")
        # the list of every move, folded under the drawn board, opened as a player would
        page.click("#all-moves > summary")
        page.wait_for_selector("#actions button.command[data-kind=legal][data-type=ChooseRoles]")
        assert "null" not in page.inner_text("#status")
        # a mark no re-draw copies: a property of the element itself, not an attribute
        page.locator("#actions button.command").evaluate_all(
            "buttons => buttons.forEach(b => { b.drawnFirst = true; })"
        )
        for seat in (2, 3):
            legal = connect(web_server, "ListLegalCommands", {"gameId": game_id}, tokens[seat])
            head = connect(
                web_server,
                "Act",
                {
                    "gameId": game_id,
                    "commandJson": legal["commandsJson"][0],
                    "commandId": f"c{seat}",
                },
                tokens[seat],
            )
        page.wait_for_function(
            f"Number(document.getElementById('main').dataset.version) >= {head['lastVersion']}"
        )
        drawn_anew = page.locator("#actions button.command").evaluate_all(
            "buttons => buttons.filter(b => !b.drawnFirst).length"
        )
        assert drawn_anew == 0
        pending_until_answered(page, "#actions button.command[data-type=ChooseRoles]")
        tap(page, "#actions button.command[data-kind=legal][data-type=LeadRole]")
        page.click("#undo")
        page.wait_for_selector("#refusal:not([hidden])")
        refusal = page.inner_text("#refusal")
        assert "No undo" in refusal and "undo" in refusal.lower()
        shot(page, "witchs-brew-undo-refused", PHONE)
        shot(page, "witchs-brew-undo-refused", DESKTOP)
    finally:
        phone.close()
