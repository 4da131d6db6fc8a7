"""The drawn Alchemists board (boards/alchemists.js) in a real browser: the seat's hand,
favors and notebook for that seat alone, a declaration built slot by slot on the
action spaces and confirmed, and (slow) a whole three-seat game played by two people
tapping the board and the server's bot, to the end screen."""

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
    MOVE_MS,
    MOVED,
    TALL_PHONE,
    assert_accessible,
    check_end_screen,
    connect,
    lobby_table,
    over,
    shot,
    tap_on_board,
    version,
)
from tests.web.conftest import WebServer
from tests.web.test_browser import game_of

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser, Page

WHOLE_GAME_SECONDS = 900.0


def legal(server: WebServer, game_id: str, token: str) -> list[dict]:
    got = connect(server, "ListLegalCommands", {"gameId": game_id}, token)
    return [json.loads(c) for c in got.get("commandsJson", [])]


def until_seat_declares(server: WebServer, game_id: str, tokens: dict[int, str]) -> None:
    """Every seat plays its first legal command through the API until seat 1 has a
    declaration to make (starting favors, order spaces, a Herbalist's discard)."""
    for step in range(40):
        if any(c["type"] == "Declare" for c in legal(server, game_id, tokens[1])):
            return
        for seat, token in tokens.items():
            commands = legal(server, game_id, token)
            if commands and not (seat == 1 and commands[0]["type"] == "Declare"):
                body = {"gameId": game_id, "commandJson": json.dumps(commands[0])}
                connect(server, "Act", {**body, "commandId": f"a{step}.{seat}"}, token)
                break
    raise AssertionError("seat 1 never came to declare")


def check_board(page: Page, seated: bool) -> None:
    page.wait_for_selector("#board .drawn-alchemists .al-player")
    assert page.locator(".al-player").count() == 2
    assert page.locator(".al-a-actions .al-space").count() >= 4
    assert page.locator(".al-a-offer .al-ing").count() == 5  # the row of ingredients
    assert page.locator(".al-a-theories .al-slot").count() == 8
    # the hand, the favors and the notebook are the seat's alone
    assert page.locator(".al-a-own").count() == (1 if seated else 0)
    assert page.locator(".al-a-notebook .al-cell").count() == (64 if seated else 0)


def test_a_declaration_is_built_on_the_board(browser: Browser, web_server: WebServer) -> None:
    created = connect(
        web_server, "CreateGame", {"kind": "alchemists", "seats": 2}, web_server.operator
    )
    game_id = created["gameId"]
    tokens = {int(t["seat"]): t["token"] for t in created["seatTokens"]}
    until_seat_declares(web_server, game_id, tokens)
    context = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    try:
        spectator = context.new_page()
        spectator.goto(f"{web_server.url}?game={game_id}")
        check_board(spectator, seated=False)
        seat = context.new_page()
        errors: list[str] = []
        seat.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        seat.goto(f"{web_server.url}?game={game_id}&token={tokens[1]}")
        check_board(seat, seated=True)
        hand = seat.inner_text(".al-a-own")
        assert "Ingredients in hand" in hand
        assert "Ingredients in hand" not in spectator.inner_text("#board")
        # from the keyboard: Enter on a slot picks it, Enter again takes it back
        seat.wait_for_selector(".al-slot-box.legal")
        seat.focus(".al-slot-box.legal")
        seat.keyboard.press("Enter")
        seat.wait_for_selector(".al-slot-box.chosen[aria-pressed=true]")
        seat.focus(".al-slot-box.chosen")
        seat.keyboard.press("Enter")
        seat.wait_for_selector(".al-slot-box.chosen", state="detached")
        # two slots on two spaces, then "No more actions": the move is whole
        seat.locator(".al-space:has-text('Forage') .al-slot-box.legal").first.click()
        seat.locator(".al-space:has-text('Transmute') .al-slot-box.legal").first.click()
        assert seat.locator(".al-slot-box.chosen").count() == 2
        seat.locator(".al-none.legal").click()
        preview = seat.inner_text("#builder .preview")
        assert "Forage" in preview and "Transmute" in preview, preview
        shot(seat, "board-alchemists-declaring", TALL_PHONE)
        shot(seat, "board-alchemists-declaring", DESKTOP)
        before = version(seat)
        seat.locator("#builder button.confirm").click()
        seat.wait_for_function(MOVED.format(before=before), timeout=MOVE_MS)
        assert seat.locator("#refusal").is_hidden()
        seat.wait_for_selector(".al-space:has-text('Forage') .al-cube.al-s1")
        assert errors == []
    finally:
        context.close()


def create_three_seats(page: Page, server: WebServer) -> tuple[str, str, str]:
    """In the lobby: a three-seat game, the server's bot at seat 3; returns the links of
    seats 1 and 2 and the spectator's."""
    (one, two), spectate = lobby_table(page, server, "alchemists")
    return one, two, spectate


def play_by_turns(pages: list[Page], rng: random.Random, deadline: float, shots: bool) -> int:
    """Taps on the board of whichever page's turn it is, to the end of the game."""
    moves = 0
    shot_at = 40 if shots else None  # a seat's board mid-game, on its turn
    while not all(over(p) for p in pages):
        assert time.monotonic() < deadline, f"the game did not end ({moves} moves)"
        wait_until(lambda: any(p.evaluate(BOARD_READY) for p in pages), "a turn", timeout=60)
        for page in pages:
            if not over(page) and page.evaluate(BOARD_READY):
                tap_on_board(page, rng)
                moves += 1
        seat = pages[0]
        if (
            shot_at is not None
            and moves >= shot_at
            and not over(seat)
            and seat.evaluate(BOARD_READY)
        ):
            shot(seat, "board-alchemists-seat", TALL_PHONE)
            shot(seat, "board-alchemists-seat", DESKTOP)
            seat.set_viewport_size(TALL_PHONE)
            shot_at = None
    return moves


@pytest.mark.slow
def test_a_whole_game_on_the_board(browser: Browser, web_server: WebServer) -> None:
    rng = random.Random(3)
    host = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    contexts = [browser.new_context(viewport=TALL_PHONE, bypass_csp=True) for _ in range(3)]
    try:
        one, two, spectate = create_three_seats(host.new_page(), web_server)
        pages = [contexts[0].new_page(), contexts[1].new_page()]
        for page, link in zip(pages, (one, two), strict=True):
            page.goto(link)
            page.wait_for_selector("#board .drawn-alchemists")
        spectator = contexts[2].new_page()
        spectator.goto(spectate)
        spectator.wait_for_selector("#board .drawn-alchemists")
        assert_accessible(pages[0], "seat's page with the drawn board")
        assert_accessible(spectator, "spectator's page with the drawn board")
        moves = play_by_turns(pages, rng, time.monotonic() + WHOLE_GAME_SECONDS, shots=True)
        assert moves > 20
        for page in pages:
            check_end_screen(page, web_server, game_of(one), named=False)
        shot(pages[0], "board-alchemists-end", TALL_PHONE)
        shot(pages[0], "board-alchemists-end", DESKTOP)
        spectator.wait_for_selector("#main[data-over=yes]", timeout=20_000)
        shot(spectator, "board-alchemists-spectator", DESKTOP)
    finally:
        host.close()
        for context in contexts:
            context.close()
