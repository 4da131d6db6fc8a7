"""The end screen of a finished game: each player by name with the outcome's score and
the winners, nothing else of scores (Alchemists: Ana and Bo join, the operator hands
both seats to the server's bot with confirm, and it plays the game out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.web.browsing import (
    DESKTOP,
    TALL_PHONE,
    assert_accessible,
    check_end_screen,
    connect,
    shot,
)
from tests.web.conftest import WebServer

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser


def played_out_by_bots(server: WebServer) -> tuple[str, str]:
    """A two-seat Alchemists game Ana and Bo joined, then left to the server's bot;
    returns its id and Ana's token."""
    created = connect(
        server,
        "CreateGame",
        {"kind": "alchemists", "seats": 2, "table": {"open": True}},
        server.operator,
    )
    tokens = {
        name: connect(server, "JoinGame", {"code": created["joinCode"], "name": name})["token"]
        for name in ("Ana", "Bo")
    }
    for seat in (1, 2):
        request = {"gameId": created["gameId"], "seat": seat, "level": "random", "confirm": True}
        connect(server, "SetSeatBot", request, server.operator)
    return created["gameId"], tokens["Ana"]


def test_the_end_screen_is_the_outcome_by_name(browser: Browser, web_server: WebServer) -> None:
    game_id, ana = played_out_by_bots(web_server)
    context = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    try:
        spectator = context.new_page()
        spectator.goto(f"{web_server.url}?game={game_id}")
        spectator.wait_for_selector("#main[data-over=yes] #end", timeout=60_000)
        check_end_screen(spectator, web_server, game_id)
        shot(spectator, "end-spectator", TALL_PHONE)
        shot(spectator, "end-spectator", DESKTOP)
        seat = context.new_page()
        seat.goto(f"{web_server.url}?game={game_id}&seat=1&token={ana}")
        seat.wait_for_selector("#main[data-over=yes] #end")
        check_end_screen(seat, web_server, game_id)
        assert seat.locator("#end tr[data-seat='1'] th").inner_text() == "you"
        assert seat.locator("#rematch").is_visible()
        assert_accessible(seat, "end screen")
        shot(seat, "end-seat", TALL_PHONE)
    finally:
        context.close()
