"""Apothebakery's drawn board (boards/apothebakery.js) in a real browser: the board is
drawn for a seat and for a spectator (who sees none of the seat's secrets), moves are
built by tapping the board's cards and tokens and confirmed, and (slow) a whole
three-seat game is played by two people on phones, by taps on the board alone, with
the server's bot in the third seat."""

from __future__ import annotations

import json
import random
import time
from typing import TYPE_CHECKING

import pytest

from tests.waiting import wait_until
from tests.web.browsing import (
    BOARD_READY,
    DESKTOP,
    MOVED,
    TALL_PHONE,
    TAPPABLE,
    assert_accessible,
    check_end_screen,
    connect,
    lobby_table,
    shot,
    tap_on_board,
    version,
)
from tests.web.conftest import WebServer
from tests.web.test_browser import game_of

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser, Page

# a whole game by taps: about 150 moves of two people, each a few taps and a round trip
BOARD_GAME_SECONDS = 900.0


def seat_view(server: WebServer, game_id: str, token: str) -> dict:
    return json.loads(connect(server, "GetView", {"gameId": game_id}, token)["viewJson"])


def tap_piece(page: Page, selector: str) -> None:
    """Tap a piece on the board not chosen yet and wait until the page shows it chosen."""
    chosen = page.locator("#board .chosen").count()
    page.locator(f"{selector}:not(.chosen)").first.click()
    page.wait_for_function(f"document.querySelectorAll('#board .chosen').length > {chosen}")


def test_board_drawn_and_a_move_built_on_it(browser: Browser, web_server: WebServer) -> None:
    """A seat's board shows its shop, its secret objectives and the table; the
    spectator's shows the table and every shop but no secret; returning two objectives
    is built from three taps on the board and confirmed."""
    created = connect(
        web_server, "CreateGame", {"kind": "apothebakery", "seats": 2}, web_server.operator
    )
    game_id = created["gameId"]
    tokens = {int(t["seat"]): t["token"] for t in created["seatTokens"]}
    # Playwright's waits evaluate script, which the page's policy would refuse; the
    # policy's ban on inline styles is checked by looking for any style attribute
    phone = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    errors: list[str] = []
    try:
        seat = phone.new_page()
        seat.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        seat.goto(f"{web_server.url}?game={game_id}&seat=1&token={tokens[1]}")
        seat.wait_for_selector("#board .drawn-apothebakery .ab-own")
        watcher = phone.new_page()
        watcher.goto(f"{web_server.url}?game={game_id}")
        watcher.wait_for_selector("#board .drawn-apothebakery .ab-shop")

        secrets = seat_view(web_server, game_id, tokens[1])["game"]["players"]["1"]
        titles = [c["title"] for c in secrets["objective_cards"]]
        assert all(title in seat.inner_text("#board .ab-own") for title in titles)
        for page in (seat, watcher):
            assert page.locator("#board .ab-wild .ab-res").count() >= 5
            assert page.locator("#board .ab-advs .ab-adv").count() >= 3
            assert page.locator("#board .ab-bag").count() == 5
            assert page.locator("#board .ab-sun title").count() == 1
        board = watcher.inner_text("#board .drawn")
        assert watcher.locator("#board .ab-own, #board .legal, #board .ab-obj").count() == 0
        assert not any(title in board for title in titles), board
        assert watcher.locator("#board .ab-shop").count() == 2
        assert seat.locator("#board [style]").count() == 0

        # return two objectives: tap them, then "Done" (from the keyboard), then Confirm
        seat.wait_for_selector("#board .ab-obj.legal")
        tap_piece(seat, "#board .ab-obj.legal")
        tap_piece(seat, "#board .ab-obj.legal")
        # the builder offers "no more" beside the ask, not folded with the objectives
        assert "tap it on the board" in seat.inner_text("#builder .ask")
        assert seat.locator("#builder .part-option.end").filter(has_text="no more").is_visible()
        assert seat.locator("#builder details.part-list .part-option.end").count() == 0
        shot(seat, "board-apothebakery-no-more", TALL_PHONE)
        seat.focus("#board .ab-done.legal")
        seat.keyboard.press("Enter")
        seat.wait_for_selector("#builder button.confirm")
        assert "Returns" in seat.inner_text("#builder .preview")
        assert seat.locator("#board .ab-obj.chosen").count() == 2
        shot(seat, "board-apothebakery-building", TALL_PHONE)
        seat.set_viewport_size(TALL_PHONE)
        before = version(seat)
        seat.locator("#builder button.confirm").click()
        seat.wait_for_function(MOVED.format(before=before))
        wait_until(
            lambda: seat_view(web_server, game_id, tokens[1])["game"]["players"]["1"]["exchanged"],
            "the exchange",
        )
        assert seat.locator("#refusal").is_hidden()
        kept = seat_view(web_server, game_id, tokens[1])["game"]["players"]["1"]
        assert len(set(kept["objectives"]) - set(secrets["objectives"])) == 2
        assert not errors, errors
    finally:
        phone.close()


def create_three_seats(page: Page, server: WebServer) -> tuple[list[str], str]:
    """In the lobby: a three-seat game, the server's bot in seat 3; returns the links
    of seats 1 and 2 and the spectator's."""
    return lobby_table(page, server, "apothebakery")


OVER = "document.getElementById('main').dataset.over === 'yes'"
# our turn, and the page has drawn the moves of it: a piece, a part or a Confirm to tap
# (the turn can show a moment before the legal moves of the same version are fetched)
READY_TO_TAP = (
    f"({BOARD_READY}) && ({OVER} || document.querySelector('{', '.join(TAPPABLE)}') !== null"
    " || document.querySelector('#builder button.confirm') !== null)"
)


def board_turns(pages: list[Page], rng: random.Random, deadline: float, until: int) -> int:
    """Build and confirm moves on the board on whichever page's turn it is, until the
    game is over or `until` moves were made; returns the moves made."""
    moves = 0
    while moves < until:
        left = deadline - time.monotonic()
        assert left > 0, f"the game did not end by board taps ({moves} moves)"
        wait_until(lambda: any(p.evaluate(READY_TO_TAP) for p in pages), "a turn", timeout=left)
        if any(p.evaluate(OVER) for p in pages):
            return moves
        for page in pages:
            if page.evaluate(READY_TO_TAP) and not page.evaluate(OVER):
                try:
                    tap_on_board(page, rng)
                except AssertionError:
                    shot(page, "stuck-board-apothebakery", TALL_PHONE)
                    raise AssertionError(page.inner_text("#builder")) from None
                moves += 1
    return moves


@pytest.mark.slow
def test_three_seats_played_on_the_board(browser: Browser, web_server: WebServer) -> None:
    """Two people on phones and the server's bot play a whole game by taps on the
    board; the end screen shows the outcome; axe-core finds nothing serious on a seat's
    drawn board nor on the spectator's."""
    rng = random.Random(3)
    # axe-core's script is put in the page, which the page's policy would refuse
    desk = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    phones = [browser.new_context(viewport=TALL_PHONE, bypass_csp=True) for _ in range(2)]
    errors: list[str] = []
    try:
        links, spectate = create_three_seats(desk.new_page(), web_server)
        pages = [ctx.new_page() for ctx in phones]
        for page, link in zip(pages, links, strict=True):
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(link)
            page.wait_for_selector("#board .drawn-apothebakery")
        spectator = desk.new_page()
        spectator.goto(spectate)
        spectator.wait_for_selector("#board .drawn-apothebakery")
        deadline = time.monotonic() + BOARD_GAME_SECONDS
        board_turns(pages, rng, deadline, until=24)
        mid = next((p for p in pages if p.evaluate(READY_TO_TAP)), pages[0])
        shot(mid, "board-apothebakery-seat", TALL_PHONE)
        shot(mid, "board-apothebakery-seat", DESKTOP)
        mid.set_viewport_size(TALL_PHONE)
        assert_accessible(mid, "seat's drawn board")
        assert_accessible(spectator, "spectator's drawn board")
        shot(spectator, "board-apothebakery-spectator", DESKTOP)
        board_turns(pages, rng, deadline, until=10_000)
        for page in pages:
            check_end_screen(page, web_server, game_of(links[0]), named=False)
        shot(pages[0], "board-apothebakery-end", TALL_PHONE)
        shot(pages[0], "board-apothebakery-end", DESKTOP)
        assert not errors, errors
    finally:
        desk.close()
        for ctx in phones:
            ctx.close()
