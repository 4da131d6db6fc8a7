"""The Valley's drawn board (boards/valley.js) in a real browser: the display, each
player's chest, ingredients, skills, decoctions and tokens drawn from the view; moves
built by tapping them (skills on their tracks, ingredients by colour, a display card
then its chest place) and confirmed; a whole game played that way by two people beside
the server's bot, the end screen's scores checked against the outcome."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

import pytest

from tests.waiting import wait_until
from tests.web.browsing import (
    BOARD_READY,
    DESKTOP,
    GAME_SECONDS,
    MINE,
    MOVE_MS,
    MOVED,
    PHONE,
    TALL_PHONE,
    assert_accessible,
    check_end_screen,
    connect,
    over,
    shot,
    tap_on_board,
    version,
)
from tests.web.conftest import WebServer
from tests.web.test_browser import create_game, game_of

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser, Page

# a bound for a game that stalls, not a pace: random taps make a long game (45 cards),
# alone it took 3-6 minutes, and beside the rest of the slow set on 2 cores one ran
# past 15 minutes at 283 moves, still playing
WHOLE_GAME_SECONDS = 1800.0


def confirm(page: Page) -> None:
    """Send the move built on the board and wait until the page moved on."""
    before = version(page)
    page.locator("#builder button.confirm").click()
    page.wait_for_function(MOVED.format(before=before), timeout=MOVE_MS)
    assert page.locator("#refusal:not([hidden])").count() == 0, page.inner_text("#refusal")


def tap(page: Page, selector: str) -> None:
    page.locator(selector).click()


def raise_skills(page: Page) -> None:
    """AssignSkills: the Red track, then the Yellow one; the builder previews both."""
    page.wait_for_function(MINE)
    assert "raise two skills" in page.inner_text("#board .vl-status")
    tap(page, "#board .vl-mine [data-key$='-red'].vl-track.legal")
    page.wait_for_selector("#board .vl-mine [data-key$='-red'].vl-track.chosen")
    assert page.locator("#builder button.confirm").count() == 0  # one part of two
    tap(page, "#board .vl-mine [data-key$='-yellow'].vl-track.legal")
    preview = page.inner_text("#builder .preview")
    assert "Red" in preview and "Yellow" in preview, preview
    confirm(page)
    page.wait_for_selector("#board .vl-mine [data-key$='-red'] .vl-marker:has-text('2')")


def collect_two_kinds(page: Page) -> None:
    """Collect: one Red and one Yellow, each a tap on its token (the second from the
    keyboard), then Confirm."""
    page.wait_for_function(MINE, timeout=15_000)
    tap(page, "#board .vl-mine .vl-token.vl-c-red.legal")
    page.wait_for_selector("#board .vl-mine .vl-token.vl-c-red .vl-plus:has-text('+1')")
    # from the keyboard: a bound piece is focusable and Enter taps it
    page.focus("#board .vl-mine .vl-token.vl-c-yellow.legal")
    page.keyboard.press("Enter")
    page.wait_for_selector("#builder button.confirm")
    preview = page.inner_text("#builder .preview")
    assert "1 Red" in preview and "1 Yellow" in preview, preview
    confirm(page)
    page.wait_for_selector("#board .vl-mine .vl-token.vl-c-red:has(.vl-count:text-is('1'))")


def test_board_drawn_and_a_move_built_on_it(browser: Browser, web_server: WebServer) -> None:
    phone = browser.new_context(viewport=PHONE, bypass_csp=True)
    try:
        seat_link, spectate_link = create_game(phone.new_page(), web_server, "valley")
        seat = phone.new_page()
        errors: list[str] = []
        seat.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        seat.goto(seat_link)
        seat.wait_for_selector("#board .drawn-valley .vl-card")
        assert seat.locator("#board .vl-display .vl-card").count() == 10
        assert seat.locator("#board .vl-player").count() == 2
        assert seat.locator("#board .vl-mine .vl-place").count() == 9
        assert "Display" in seat.inner_text("#board")
        # the page's policy forbids style attributes: the drawing uses classes alone
        assert seat.locator("#board .drawn-valley [style]").count() == 0
        raise_skills(seat)
        collect_two_kinds(seat)
        spectator = phone.new_page()
        spectator.goto(spectate_link)
        spectator.wait_for_selector("#board .drawn-valley .vl-card")
        # the spectator's page binds nothing and has no seat of its own
        assert spectator.locator("#board .legal, #board .vl-mine, #builder").count() == 0
        assert "You" not in spectator.inner_text("#board .vl-players")
        assert not errors, errors
    finally:
        phone.close()


def make_on_board(page: Page) -> bool:
    """Make: a display card, then an empty chest place for it (if one can be made)."""
    cards = page.locator("#board .vl-display .vl-card.legal")
    if not cards.count():
        return False
    cards.first.click()
    page.wait_for_selector("#board .vl-display .vl-card.chosen .vl-to")
    page.locator("#board .vl-mine .vl-place.vl-empty.legal").first.click()
    page.wait_for_selector("#board .vl-mine .vl-place.vl-preview")
    if not page.locator("#builder button.confirm").count():
        page.locator("#board .vl-display .vl-done.legal").click()
    confirm(page)
    return True


def open_three_seats(server: WebServer) -> tuple[str, str, str]:
    """A three-seat Valley game with its event cards shuffled in (the lobby's form sets
    no options, so the operator creates it through the API), the server's bot in seat
    3; returns the links of seats 1 and 2 and the spectator's."""
    created = connect(
        server,
        "CreateGame",
        {"kind": "valley", "seats": 3, "options": {"events": "true"}},
        server.operator,
    )
    game = created["gameId"]
    connect(server, "SetSeatBot", {"gameId": game, "seat": 3, "level": "basic"}, server.operator)
    tokens = {int(s["seat"]): s["token"] for s in created["seatTokens"]}
    links = [f"{server.url}?game={game}&seat={s}&token={tokens[s]}" for s in (1, 2)]
    return links[0], links[1], f"{server.url}?game={game}"


def take_turns_on_board(pages: list[Page], rng: random.Random, deadline: float) -> int:
    """Whichever page's turn it is builds a move on the board, until the game is over."""
    moves = 0
    shots = made = False
    while time.monotonic() < deadline:
        wait_until(
            lambda: any(p.evaluate(BOARD_READY) for p in pages),
            f"a turn ({moves} moves)",
            timeout=max(1.0, deadline - time.monotonic()),
        )
        if any(over(p) for p in pages):
            return moves
        for page in pages:
            if page.evaluate(BOARD_READY) and not over(page):
                if not shots and moves >= 40 and page.locator("#board .vl-mine .vl-card").count():
                    mid_game_shots(page)
                    shots = True
                # once, a Make built by hand: a display card, then its place
                made = made or make_on_board(page)
                if not made or page.evaluate(BOARD_READY):
                    tap_on_board(page, rng)
                moves += 1
    raise AssertionError(f"the game did not end by board taps ({moves} moves)")


def mid_game_shots(page: Page) -> None:
    shot(page, "board-valley-seat", TALL_PHONE)
    shot(page, "board-valley-seat", DESKTOP)
    page.set_viewport_size(PHONE)
    assert_accessible(page, "seat's page with the drawn board")


@pytest.mark.slow
def test_whole_game_on_the_board(browser: Browser, web_server: WebServer) -> None:
    rng = random.Random(17)
    lobby = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    ana = browser.new_context(viewport=PHONE, bypass_csp=True)
    bo = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    try:
        first, second, spectate = open_three_seats(web_server)
        pages = [ana.new_page(), bo.new_page()]
        errors: list[str] = []
        for page in pages:
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        pages[0].goto(first)
        pages[1].goto(second)
        for page in pages:
            page.wait_for_selector("#board .drawn-valley .vl-card")
        deadline = time.monotonic() + max(GAME_SECONDS, WHOLE_GAME_SECONDS)
        moves = take_turns_on_board(pages, rng, deadline)
        assert moves > 20
        # the turns stop once one page shows the end: the other's last update may follow
        for page in pages:
            page.wait_for_selector("#main[data-over=yes]")
        assert not errors, errors
        assert "Final score" in pages[0].inner_text("#board .vl-players")
        for page in pages:
            check_end_screen(page, web_server, game_of(first), named=False)
        shot(pages[0], "board-valley-seat-over", TALL_PHONE)
        shot(pages[0], "board-valley-seat-over", DESKTOP)
        spectator = lobby.new_page()
        spectator.goto(spectate)
        spectator.wait_for_selector("#board .drawn-valley .vl-card, #board .drawn-valley")
        assert_accessible(spectator, "spectator's page with the drawn board")
    finally:
        lobby.close()
        ana.close()
        bo.close()
