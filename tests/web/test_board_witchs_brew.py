"""Witch's Brew's drawn board in a real browser: the role cards, cauldrons, shelves,
ravens and players drawn from each seat's view; the five role cards kept by tapping
them and confirming; a whole game at phone size by taps on the board alone, two people
and the server's bot."""

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
    MOVE_MS,
    MOVED,
    TALL_PHONE,
    assert_accessible,
    check_end_screen,
    connect,
    lobby_table,
    over,
    shot,
    version,
)
from tests.web.conftest import WebServer

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser, Page

KIND = "witchs_brew"
DRAWN = "#board .drawn .wb-board"
READY_JS = f"() => Boolean({BOARD_READY})"
PIECES = f"{DRAWN} .legal:not(.chosen)"
# what a player set on buying cards taps first: a cauldron, the roles that buy or bring drops
BUY = f"{DRAWN} .wb-stack .legal:not(.chosen)"
BUYER_ROLES = ", ".join(
    f"{DRAWN} [data-role={r}].legal:not(.chosen)"
    for r in ("wizard", "witch", "druid", "wolf_keeper", "snake_hunter", "herb_collector")
)
PARTS = "#builder button.part-option:visible, #builder button.start"


def create_three(page: Page, server: WebServer) -> tuple[str, str, str]:
    """In the lobby: a three-seat game with the server's bot in seat 3; returns seat 1's
    and seat 2's links and the spectator's."""
    (one, two), spectate = lobby_table(page, server, KIND)
    return one, two, spectate


def keep_five(page: Page, roles: list[str]) -> None:
    """Keeps five role cards by tapping them on the board (every other one from the
    keyboard: focus and Space), then confirms."""
    for n, role in enumerate(roles, start=1):
        card = page.locator(f"{DRAWN} .wb-choose [data-role='{role}'].legal")
        if n % 2:
            card.click()
        else:
            card.focus()
            page.keyboard.press(" ")
        page.wait_for_selector(f"{DRAWN} .wb-choose h3:has-text('{n} of 5 chosen')")
    page.wait_for_selector("#builder button.confirm")
    assert "Keeps" in page.inner_text("#builder .preview")
    page.click("#builder button.confirm")
    page.wait_for_selector(f"{DRAWN} [data-key='kept:{roles[0]}']")


def test_board_drawn_for_a_seat_and_a_spectator(browser: Browser, web_server: WebServer) -> None:
    context = browser.new_context(viewport=TALL_PHONE)
    try:
        ana_link, _, spectate = create_three(context.new_page(), web_server)
        ana = context.new_page()
        errors: list[str] = []
        ana.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        ana.goto(ana_link)
        ana.wait_for_selector(f"{DRAWN} .wb-choose .wb-role.legal")
        # twelve role cards to keep, named in words, the stacks, shelves and players
        assert ana.locator(f"{DRAWN} .wb-choose .wb-role.legal").count() == 12
        assert "Wolf keeper" in ana.inner_text(DRAWN)
        assert "wolf_keeper" not in ana.inner_text(DRAWN)
        assert ana.locator(f"{DRAWN} .wb-stack .wb-potion").count() >= 5
        assert ana.locator(f"{DRAWN} .wb-player").count() == 3
        # a card tapped twice is put back; five kept and confirmed
        first = f"{DRAWN} .wb-choose [data-role='witch']"
        ana.click(first)
        ana.wait_for_selector(f"{first}.chosen")
        ana.click(first)
        ana.wait_for_selector(f"{first}:not(.chosen)")
        kept = ["wolf_keeper", "alchemist", "wizard", "warlock", "cutpurse"]
        keep_five(ana, kept)
        watcher = context.new_page()
        watcher.goto(spectate)
        watcher.wait_for_selector(f"{DRAWN} .wb-player")
        assert watcher.locator(f"{DRAWN} .legal").count() == 0
        assert watcher.locator(f"{DRAWN} .wb-choose, {DRAWN} .wb-hand").count() == 0
        assert watcher.locator(f"{DRAWN} [data-key^='kept:']").count() == 0
        assert "Your five role cards" not in watcher.inner_text("#board")
        assert not errors, errors  # an inline style would be refused here, and said so
    finally:
        context.close()


def tappable(page: Page) -> int:
    """How many things the builder would tap now: a Confirm, a piece, a part."""
    return sum(page.locator(s).count() for s in ("#builder button.confirm", PIECES, PARTS))


def build_move(page: Page, rng: random.Random, at_most: int = 40) -> bool:
    """Build one move on the board and confirm it, as a player set on buying cards
    would: a cauldron or shelf first, else a piece not chosen yet, else a part the
    builder asks for (half the pieces by the keyboard: focus and Enter). False when the
    turn passed, or the game ended, before a move was built: a newer look at the game
    (another seat's answer arrived) was drawn while the page was read."""
    for _ in range(at_most):
        confirm = page.locator("#builder button.confirm")
        if confirm.count():
            before = version(page)
            confirm.click()
            page.wait_for_function(MOVED.format(before=before), timeout=MOVE_MS)
            return True
        for selector in (BUY, BUYER_ROLES, PIECES, PARTS):
            taps = page.locator(selector)
            if taps.count():
                target = taps.nth(rng.randrange(taps.count()))
                if selector == PARTS or rng.random() < 0.5:
                    target.click()
                else:
                    target.focus()
                    page.keyboard.press("Enter")
                break
        else:
            # read between two looks: wait for the newer one to show a turn, none, or the
            # end (an ended game counts as ready, with nothing to tap and no builder)
            try:
                wait_until(
                    lambda: not page.evaluate(READY_JS) or tappable(page) or over(page),
                    "something to tap, the turn gone, or the end",
                )
            except AssertionError:
                builder = page.locator("#builder").all_inner_texts()
                raise AssertionError(
                    f"nothing to tap on the board and no move to confirm (builder: {builder!r})"
                ) from None
            if over(page) or not page.evaluate(READY_JS):
                return False
    raise AssertionError(f"no move built on the board after {at_most} taps")


def take_turns(pages: list[Page], rng: random.Random, deadline: float, until: int = 0) -> int:
    """Whichever page's turn it is builds its move on the board (the server's bot plays
    its seat in between, both people choose their role cards at once); returns the moves
    made by the end of the game, or once `until` were made and it is the first page's
    turn."""
    moves = 0
    while time.monotonic() < deadline:
        wait_until(lambda: any(p.evaluate(READY_JS) for p in pages), f"a turn ({moves} moves)")
        for page in pages:
            if over(page):
                return moves
            if until and moves >= until and pages[0].evaluate(READY_JS):
                return moves
            if page.evaluate(READY_JS) and build_move(page, rng):
                moves += 1
    raise AssertionError(f"the game did not end by board taps ({moves} moves)")


@pytest.mark.slow
def test_a_whole_game_on_the_board_at_phone_size(browser: Browser, web_server: WebServer) -> None:
    rng = random.Random(7)
    # the helpers wait on expressions, which the page's policy (no eval) would refuse;
    # the quick test keeps the policy and sees no refusal from the drawing
    context = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    # a short game: it ends when the first raven card is taken
    made = connect(
        web_server,
        "CreateGame",
        {"kind": KIND, "seats": 3, "options": {"ravens": "1"}},
        web_server.operator,
    )
    game_id = made["gameId"]
    connect(
        web_server,
        "SetSeatBot",
        {"gameId": game_id, "seat": 3, "level": "random"},
        web_server.operator,
    )
    links = {
        t["seat"]: f"{web_server.url}?game={game_id}&seat={t['seat']}&token={t['token']}"
        for t in made["seatTokens"]
    }
    try:
        pages = []
        errors: list[str] = []
        for seat in (1, 2):
            page = context.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(links[seat])
            page.wait_for_selector(f"{DRAWN} .wb-player")
            pages.append(page)
        ana = pages[0]
        deadline = time.monotonic() + GAME_SECONDS * 4
        # into the first set: roles kept and played, until it is Ana's turn again
        moves = take_turns(pages, rng, deadline, until=8)
        assert_accessible(ana, "seat's page with the drawn board")
        shot(ana, "board-witchs_brew-mid", TALL_PHONE)
        shot(ana, "board-witchs_brew-mid", DESKTOP)
        ana.set_viewport_size(TALL_PHONE)
        moves += take_turns(pages, rng, deadline)
        assert moves >= 20
        for page in pages:
            check_end_screen(page, web_server, game_id, named=False)
        shot(ana, "board-witchs_brew-end", TALL_PHONE)
        shot(ana, "board-witchs_brew-end", DESKTOP)
        watcher = context.new_page()
        watcher.goto(f"{web_server.url}?game={game_id}")
        watcher.wait_for_selector(f"{DRAWN} .wb-player")
        assert_accessible(watcher, "spectator's page with the drawn board")
        check_end_screen(watcher, web_server, game_id, named=False)
        assert not errors, errors
    finally:
        context.close()
