"""Alkemia's drawn board (boards/alkemia.js) in a real browser: the Field as SVG with
its tiles, arrows, pawns and the Beast, the players' panels, the seat's own cards for
that seat only, and moves built by tapping the board: a tile placed on a cell and
turned, then confirmed; in the slow set a whole game at phone size, two people and the
server's bot, played by board taps alone."""

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
    MINE,
    MOVE_MS,
    MOVED,
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

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser, Page

# a whole game by taps: one week of play (field building, a Field turn each, the
# Alchemy and CREST Phases) takes a few hundred taps
WHOLE_GAME_SECONDS = 600.0
DRAWN = "#board .drawn-alkemia .ak-field-svg"
# a seat's Field turn after its roll: pawns to move, a site to use
FIELD_PHASE = (
    MINE + " && document.querySelector('#board .ak-phase')?.textContent.includes('Field Phase')"
    " && document.querySelectorAll('#board .ak-cell.legal').length > 1"
)


def create(
    server: WebServer, seats: int, bot_seat: int | None = None
) -> tuple[str, dict[int, str]]:
    """A game of one week (the `max_weeks` option ends it); the server's bot plays
    `bot_seat`. Returns the game's id and each seat's token."""
    created = connect(
        server,
        "CreateGame",
        {"kind": "alkemia", "seats": seats, "options": {"max_weeks": "1"}},
        server.operator,
    )
    game_id = created["gameId"]
    if bot_seat is not None:
        connect(
            server,
            "SetSeatBot",
            {"gameId": game_id, "seat": bot_seat, "level": "random"},
            server.operator,
        )
    return game_id, {int(t["seat"]): t["token"] for t in created["seatTokens"]}


def seat_url(server: WebServer, game_id: str, seat: int, token: str) -> str:
    return f"{server.url}?game={game_id}&seat={seat}&token={token}"


def builder_seat(server: WebServer, game_id: str, tokens: dict[int, str]) -> int:
    """The seat that places the next tile (the server draws the first builder)."""
    for seat, token in tokens.items():
        legal = connect(server, "ListLegalCommands", {"gameId": game_id}, token)
        if any(json.loads(c)["type"] == "PlaceTile" for c in legal.get("commandsJson", [])):
            return seat
    raise AssertionError("nobody places a tile")


def hand_labels(server: WebServer, game_id: str, token: str) -> list[str]:
    view = json.loads(connect(server, "GetView", {"gameId": game_id}, token)["viewJson"])
    me = view["game"]["players"][str(view["seat"])]
    return [view["labels"][card] for card in me["hand"]]


def place_a_tile(page: Page) -> None:
    """Field building on the board: the tile to place, then a cell (only the legal
    ones can be tapped), then its turn among the four drawn, then Confirm."""
    page.locator("#board .ak-next.legal").click()
    page.wait_for_selector("#builder .building")
    cells = page.locator("#board .ak-open.legal")
    assert cells.count() >= 1
    # the Field's placed tiles are not where a tile goes
    assert page.locator("#board .ak-cell:not(.ak-open).legal").count() == 0
    cells.first.click()
    page.wait_for_selector("#board .ak-turn-pick")
    turns = page.locator("#board .ak-turn-pick")
    assert turns.count() == 4
    legal = page.locator("#board .ak-turn-pick.legal")
    assert 1 <= legal.count() <= 4
    legal.last.click()
    # the tile is drawn turned at its cell, and the builder shows the move's preview
    page.wait_for_selector("#board .ak-open.chosen .ak-ghost")
    page.wait_for_selector("#builder button.confirm")
    assert "Places the" in page.inner_text("#builder .preview")
    before = version(page)
    page.click("#builder button.confirm")
    page.wait_for_function(MOVED.format(before=before), timeout=MOVE_MS)


def test_a_tile_is_placed_on_the_drawn_field(browser: Browser, web_server: WebServer) -> None:
    game_id, tokens = create(web_server, 2)
    seat = builder_seat(web_server, game_id, tokens)
    context = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(seat_url(web_server, game_id, seat, tokens[seat]))
        page.wait_for_selector(DRAWN)
        # the City, the pawns, the seat's own cards and every player's panel
        assert page.locator("#board .ak-cell:not(.ak-open)").count() == 1
        assert page.locator("#board .ak-pawn").count() == 2
        assert page.locator("#board .ak-mine .ak-card").count() == 5
        assert page.locator("#board .ak-player").count() == 1
        assert page.locator("#board .ak-next").count() == 1
        # keyboard: a piece takes the focus and Enter taps it
        page.focus("#board .ak-next.legal")
        page.keyboard.press("Enter")
        page.wait_for_selector("#builder button.cancel")
        page.click("#builder button.cancel")
        place_a_tile(page)
        page.wait_for_function(
            "document.querySelectorAll('#board .ak-cell:not(.ak-open)').length === 2"
        )
        spectator = context.new_page()
        spectator.goto(f"{web_server.url}?game={game_id}")
        spectator.wait_for_selector(DRAWN)
        assert spectator.locator("#board .ak-pawn").count() == 2
        assert spectator.locator("#board .ak-player").count() == 2
        assert spectator.locator("#board .ak-mine, #board .ak-card, #board .legal").count() == 0
        shown = spectator.inner_text("#board .drawn")
        secrets = hand_labels(web_server, game_id, tokens[seat])
        assert secrets and not [card for card in secrets if card in shown]
        assert errors == []
    finally:
        context.close()


def take_turns_on_board(pages: list[Page], rng: random.Random, deadline: float) -> int:
    """Build and confirm moves on the board, on whichever page's turn it is, until the
    game is over; returns the moves made."""
    moves = 0
    shown = False
    while time.monotonic() < deadline:
        if all(over(p) for p in pages):
            return moves
        wait_until(
            lambda: any(p.evaluate(BOARD_READY) for p in pages),
            f"a turn on the board ({moves} moves)",
            timeout=max(1.0, deadline - time.monotonic()),
        )
        for page in pages:
            if page.evaluate(BOARD_READY) and not over(page):
                tap_on_board(page, rng)
                moves += 1
                if not shown and page.evaluate(FIELD_PHASE):
                    shown = True  # the Field built, a Field turn under way
                    shot(page, "board-alkemia-seat", TALL_PHONE)
                    shot(page, "board-alkemia-seat", DESKTOP)
                    page.set_viewport_size(TALL_PHONE)
                    assert_accessible(page, "seat's page in a Field turn")
    for page in pages:
        shot(page, "stuck-board-alkemia", TALL_PHONE)
    raise AssertionError(f"the game did not end by board taps ({moves} moves)")


@pytest.mark.slow
def test_a_whole_game_on_the_board(browser: Browser, web_server: WebServer) -> None:
    rng = random.Random(7)
    game_id, tokens = create(web_server, 3, bot_seat=3)
    context = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    errors: list[str] = []
    try:
        pages = []
        for seat in (1, 2):
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.goto(seat_url(web_server, game_id, seat, tokens[seat]))
            page.wait_for_selector(DRAWN)
            pages.append(page)
        spectator = context.new_page()
        spectator.goto(f"{web_server.url}?game={game_id}")
        spectator.wait_for_selector(DRAWN)
        assert_accessible(spectator, "spectator's page with the drawn board")
        wait_until(lambda: any(p.evaluate(BOARD_READY) for p in pages), "the first turn")
        ready = next(p for p in pages if p.evaluate(BOARD_READY))
        assert_accessible(ready, "seat's page with the drawn board")
        moves = take_turns_on_board(pages, rng, time.monotonic() + WHOLE_GAME_SECONDS)
        assert moves > 20
        for page in pages:
            check_end_screen(page, web_server, game_id, named=False)
        shot(pages[0], "board-alkemia-over", TALL_PHONE)
        shot(pages[0], "board-alkemia-over", DESKTOP)
        spectator.wait_for_selector("#main[data-over=yes]")
        assert_accessible(spectator, "spectator's page at the end")
        shot(spectator, "board-alkemia-spectator", TALL_PHONE)
        assert errors == []
    finally:
        context.close()
