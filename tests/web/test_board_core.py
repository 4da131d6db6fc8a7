"""The drawn board's core (board.js, parts.js and the move builder) in a real browser,
with a stand-in drawing served in place of a kind's own: one piece per command type and
one per value of its first field. Moves are built from pieces and the builder's parts
alone, confirmed, and played by the server; the list of moves stays, folded."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from tests.waiting import wait_until
from tests.web.browsing import (
    BOARD_TAPS,
    GAME_SECONDS,
    MOVED,
    PHONE,
    READY,
    over,
    shot,
    tap_on_board,
    version,
)
from tests.web.conftest import WebServer
from tests.web.test_browser import create_game

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser, Page, Route

# a drawing that knows no game: a piece for each type and for each value of its first
# field other than "type" (a cell, a card, a list's element)
STAND_IN = """
export function draw(b) {
  const out = [b.el("h3", { text: "Stand-in board" })];
  for (const type of b.types()) {
    out.push(b.piece(b.el("div", { class: "piece", "data-key": type, text: type }), type, {}));
    const first = Object.keys(b.variants(type)[0]).find((k) => k !== "type");
    if (first === undefined) continue;
    const values = new Map();
    for (const v of b.variants(type)) {
      const xs = Array.isArray(v[first]) ? v[first] : [v[first]];
      for (const x of xs) values.set(JSON.stringify(x), x);
    }
    for (const [key, value] of values) {
      if (value !== null && typeof value === "object" && !Array.isArray(value)) continue;
      const node = b.el("div", { class: "piece", text: `${type} ${first} ${key}` });
      out.push(b.piece(node, type, { [first]: value }));
    }
  }
  return out;
}
"""


def confirm_is_pending_until_answered(page: Page, rng: random.Random) -> None:
    """A confirmed move shows as pending ("sent: waiting for the server") until the
    server answers (the Act call is held on its way until the page has been looked at)."""
    held: list[Route] = []
    page.route("**/athanor.v1.Athanor/Act", lambda route: held.append(route))
    while not page.locator("#builder button.confirm").count():
        taps = page.locator(BOARD_TAPS)
        taps.nth(rng.randrange(taps.count())).click()
    before = version(page)
    page.click("#builder button.confirm")
    page.wait_for_selector("#builder button.confirm.pending[aria-busy=true]")
    assert "waiting for the server" in page.inner_text("#builder")
    wait_until(lambda: held, "the Act call")
    held[0].continue_()
    page.wait_for_function(MOVED.format(before=before))
    page.unroute("**/athanor.v1.Athanor/Act")


def test_moves_are_built_from_pieces_and_parts(browser: Browser, web_server: WebServer) -> None:
    rng = random.Random(5)
    context = browser.new_context(viewport=PHONE, bypass_csp=True)

    def stand_in(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body=STAND_IN)

    context.route("**/boards/valley.js", stand_in)
    try:
        seat_link, _ = create_game(context.new_page(), web_server, "valley")
        page = context.new_page()
        page.goto(seat_link)
        page.wait_for_selector("#board .drawn .piece")
        # the board in words and the list of moves are still there, folded
        assert page.locator("#board details.board-words").count() == 1
        assert not page.locator("#board details.board-words").get_attribute("open")
        deadline = time.monotonic() + GAME_SECONDS
        moves = 0
        while moves < 6 and time.monotonic() < deadline:
            page.wait_for_function(READY)
            if over(page):
                break
            assert page.locator("#actions details.all-moves").count() == 1
            before = version(page)
            tap_on_board(page, rng)
            assert version(page) > before or page.locator("#refusal:not([hidden])").count()
            moves += 1
        assert moves >= 3
        page.wait_for_function(READY)
        if not over(page):
            confirm_is_pending_until_answered(page, rng)
        # a piece tapped twice is taken back: the builder shows nothing chosen again
        page.wait_for_function(READY)
        if not over(page):
            piece = page.locator("#board .drawn .legal").first
            piece.click()
            page.wait_for_selector("#builder button.cancel")
            shot(page, "board-core-building", PHONE)
            page.locator("#builder button.cancel").click()
            page.wait_for_selector("#builder button.cancel", state="detached")
            assert page.locator("#board .drawn .chosen").count() == 0
    finally:
        context.close()
