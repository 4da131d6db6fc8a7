"""What the browser tests share: Debian's chromium through Playwright, screenshots,
the operator's sign-in, tapping moves, waiting for a page's state (never for a time),
and axe-core's accessibility check (axe-core's script ships in the PyPI package
axe-playwright-python)."""

from __future__ import annotations

import json
import os
import random
import time
import urllib.request
from typing import TYPE_CHECKING, Any

from tests.web.conftest import ARTIFACTS, WebServer

PHONE = {"width": 360, "height": 740}
TALL_PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
GAME_SECONDS = float(os.environ.get("ATHANOR_WEB_GAME_SECONDS", "150"))
# how long a page may take to show the move it sent: a bound for a hang, not a pace (a
# Valley page lists every Make placement after each move, seconds on a busy machine)
MOVE_MS = 60_000
# a page's state after a tap: a new version, or the refusal shown
MOVED = (
    "Number(document.getElementById('main').dataset.version) > {before}"
    " || !document.getElementById('refusal').hidden"
)
# the page says it is our turn
MINE = "document.querySelector('#turn[data-turn=mine]') !== null"
# our turn with a move to tap (none pending), or the game over
READY = (
    "document.getElementById('main').dataset.over === 'yes'"
    f" || ({MINE}"
    " && document.querySelector('#actions button.command[data-kind=legal]:not([disabled])"
    ":not([aria-disabled])') !== null)"
)

# opens every folded <details> around an element, outermost first
OPEN_FOLDS = """b => {
  const folds = [];
  for (let d = b.closest('details'); d; d = d.parentElement.closest('details')) folds.unshift(d);
  for (const d of folds) if (!d.open) d.querySelector(':scope > summary').click();
}"""
# on a drawn board: our turn with a piece, a part or a Confirm to tap, or the game over
BOARD_READY = (
    "document.getElementById('main').dataset.over === 'yes'"
    f" || ({MINE}"
    " && !document.querySelector('#builder button.confirm[aria-busy]')"
    " && document.querySelector('#board .drawn .legal, #builder button.part-option,"
    " #builder button.start, #builder button.confirm') !== null)"
)
# what a player taps while building a move on the board: a piece bound to a move, a
# part the builder asks for, a move no piece stands for
TAPPABLE = ("#board .drawn .legal", "#builder button.part-option", "#builder button.start")
# the same as Playwright finds them, shown (a part the board offers waits folded)
BOARD_TAPS = ", ".join(f"{selector}:visible" for selector in TAPPABLE)
# of those, the ones not already chosen (a chosen piece, tapped again, is let go)
FRESH_TAPS = ", ".join(f"{selector}:not(.chosen):visible" for selector in TAPPABLE)

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Page


def shot(page: Page, name: str, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    page.evaluate("window.scrollTo(0, 0)")  # the top first, as a player opens the page
    page.screenshot(path=str(ARTIFACTS / f"{name}-{size['width']}x{size['height']}.png"))


def sign_in(page: Page, server: WebServer) -> None:
    """The operator signs in on the lobby (for that tab only)."""
    page.goto(server.url)
    page.fill("#operator-token", server.operator)
    page.click("#sign-in")
    from playwright.sync_api import TimeoutError as NotShown

    try:
        page.wait_for_selector("#create-form")
    except NotShown:  # say what the lobby told the operator instead
        notice = page.locator("#lobby-notice")
        said = notice.inner_text() if notice.is_visible() else "no notice"
        raise AssertionError(f"signed in, the lobby showed no create form ({said})") from None


def lobby_table(page: Page, server: WebServer, kind: str, seats: int = 3) -> tuple[list[str], str]:
    """In the lobby, as the operator: a game of `kind`, the server's bot in its last
    seat; returns the other seats' links and the spectator's."""
    sign_in(page, server)
    page.select_option("#kind", kind)
    page.fill("#seats", str(seats))
    page.click("#create-form button[type=submit]")
    page.wait_for_selector(f"[data-seat-link='{seats - 1}']")
    give_to_bot(page, seats)
    links = [page.get_attribute(f"[data-seat-link='{n}']", "href") or "" for n in range(1, seats)]
    spectate = page.get_attribute("text=Watch as a spectator", "href") or ""
    assert all("token=" in link for link in links) and spectate and "token=" not in spectate
    return links, spectate


def give_to_bot(page: Page, seat: int, level: str = "random") -> None:
    """In the operator's seats panel: the server's bot at `level` plays a free seat."""
    page.select_option(f"[data-seat='{seat}'] select.level", level)
    page.click(f"[data-bot-seat='{seat}']")
    page.wait_for_selector(f"[data-seat-state='{seat}']:has-text('bot plays')")


def version(page: Page) -> int:
    return int(page.get_attribute("#main", "data-version") or 0)


def tap(page: Page, selector: str, rng: random.Random | None = None) -> None:
    """Tap one of the buttons `selector` finds (a random one with `rng`), as a person
    would (opening its folded group first), and wait until the page moved on."""
    buttons = page.locator(selector)
    button = buttons.nth(rng.randrange(buttons.count())) if rng else buttons.first
    if not button.is_visible():  # its group (and the list under a drawn board) is folded
        button.evaluate(OPEN_FOLDS)
    before = version(page)
    button.click()
    page.wait_for_function(MOVED.format(before=before), timeout=MOVE_MS)


def over(page: Page) -> bool:
    """Whether the page shows the game as ended."""
    return page.get_attribute("#main", "data-over") == "yes"


def play(page: Page, rng: random.Random, deadline: float, until_moves: int | None = None) -> int:
    """Tap random legal commands whenever the page says it is our turn; returns the
    moves made (stops at `until_moves`, or at the end of the game)."""
    moves = 0
    while time.monotonic() < deadline:
        page.wait_for_function(READY, timeout=max(1, deadline - time.monotonic()) * 1000)
        if over(page):
            return moves
        if until_moves is not None and moves >= until_moves:
            return moves
        tap(page, "#actions button.command[data-kind=legal]:not([disabled])", rng)
        moves += 1
    shot(page, "stuck", page.viewport_size or PHONE)
    raise AssertionError(
        f"the game did not end in {GAME_SECONDS}s ({moves} moves): {page.inner_text('#status')}"
    )


def tap_on_board(page: Page, rng: random.Random, at_most: int = 60) -> None:
    """Build one move on the drawn board by tapping random pieces and parts (never the
    list of moves), then Confirm it and wait until the page moved on."""
    for _ in range(at_most):
        confirm = page.locator("#builder button.confirm")
        if confirm.count() and rng.random() < 0.7:
            before = version(page)
            confirm.click()
            page.wait_for_function(MOVED.format(before=before), timeout=MOVE_MS)
            return
        # "no more" and "none" stand for no piece: never folded away with the rest
        assert not page.locator("#builder details.part-list .part-option.end").count()
        taps = page.locator(BOARD_TAPS)
        if not taps.count():
            if not confirm.count():
                # the page is between two views (a move of ours or another seat's came
                # in): wait until it offers a move again or the turn is no longer ours
                page.wait_for_function(f"({BOARD_READY}) || !({MINE})", timeout=MOVE_MS)
                if not page.evaluate(BOARD_READY):
                    return
            continue
        # mostly a piece not yet chosen: a move of many picks (a Purge of five elixirs)
        # is then built in a few taps, not a random walk of picks and let-gos
        fresh = page.locator(FRESH_TAPS)
        pool = fresh if fresh.count() and rng.random() < 0.9 else taps
        pool.nth(rng.randrange(pool.count())).click()
    raise AssertionError(f"no move built on the board after {at_most} taps")


def play_on_board(page: Page, rng: random.Random, deadline: float) -> int:
    """Play to the end of the game by taps on the board only; returns the moves made."""
    moves = 0
    while time.monotonic() < deadline:
        page.wait_for_function(BOARD_READY, timeout=max(1, deadline - time.monotonic()) * 1000)
        if over(page):
            return moves
        tap_on_board(page, rng)
        moves += 1
    shot(page, "stuck-board", page.viewport_size or PHONE)
    raise AssertionError(f"the game did not end by board taps in {GAME_SECONDS}s ({moves} moves)")


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


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings on the page as it stands."""
    from axe_playwright_python.sync_playwright import Axe  # with the browser fixture

    found = Axe().run(page).response["violations"]
    return [v for v in found if v.get("impact") in ("serious", "critical")]


def assert_accessible(page: Page, what: str) -> None:
    bad = serious_violations(page)
    described = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in bad
    ]
    assert not bad, f"axe-core on the {what}: " + "; ".join(described)


def end_scores(page: Page) -> dict[int, str]:
    """The end screen's score per seat, as shown."""
    rows = page.locator("#end tr[data-seat]").evaluate_all(
        "rows => rows.map(r => [r.dataset.seat, r.querySelector('td.score').textContent])"
    )
    return {int(seat): score for seat, score in rows}


def check_end_screen(page: Page, server: WebServer, game_id: str, named: bool = True) -> None:
    """The end screen shows the outcome alone: its scores and winners, by name (every
    seat has one when `named`); no running score beside it."""
    page.wait_for_selector("#end")
    view = connect(server, "GetView", {"gameId": game_id})
    outcome = json.loads(view["viewJson"])["outcome"]
    shown = end_scores(page)
    assert shown == {int(s): str(v) for s, v in outcome["scores"].items()}, (shown, outcome)
    assert page.locator("#scores").count() == 0
    winners = page.locator("#end tr.winner").evaluate_all("rows => rows.map(r => r.dataset.seat)")
    assert sorted(int(s) for s in winners) == sorted(outcome["winners"])
    if named:
        assert "seat " not in page.inner_text("#end").lower()
