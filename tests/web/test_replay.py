"""The replay page (/?game=ID&replay): a finished Alchemists game, played out by the
server's bots, stepped through at phone size as a spectator, as a seat and as the
operator; the board of each version as that audience saw it, the slider, the log's
checks, and no seat's secrets on another audience's page."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.waiting import wait_until
from tests.web.browsing import DESKTOP, TALL_PHONE, assert_accessible, connect, shot, sign_in
from tests.web.conftest import WebServer
from tests.web.test_end_screen import played_out_by_bots

if TYPE_CHECKING:  # the browser fixture skips when Playwright is missing
    from playwright.sync_api import Browser, Page

# a slider dragged over this many versions, one a frame, as a finger does
DRAG = 60


def view(server: WebServer, game_id: str, at: int = 0, token: str = "", seat: int = 0) -> dict:
    request: dict[str, Any] = {"gameId": game_id, "atVersion": at}
    if seat:
        request["seat"] = seat
    return connect(server, "GetView", request, token)


def titles(answer: dict) -> set[str]:
    return {s["title"] for s in json.loads(answer["viewJson"]).get("board", [])}


@pytest.fixture(scope="module")
def finished(web_server: WebServer) -> tuple[str, str]:
    """A finished two-seat game: its id and Ana's (seat 1) token."""
    game_id, ana = played_out_by_bots(web_server)
    wait_until(
        lambda: json.loads(view(web_server, game_id)["viewJson"]).get("over"),
        "the server's bots to finish the game",
    )
    return game_id, ana


def shown_at(page: Page, v: int) -> None:
    """The page rests on version `v` with its board drawn."""
    page.wait_for_function(
        f"document.getElementById('main').dataset.version === '{v}'"
        " && document.getElementById('main').dataset.shown !== undefined"
        f" && document.getElementById('replay-current').textContent.includes('v{v}')"
    )
    page.wait_for_function(
        "(() => { const m = document.getElementById('main');"
        " return document.querySelector('#board .board-title').textContent"
        " === `The board at v${m.dataset.shown}`; })()"
    )


def board_titles(page: Page) -> set[str]:
    """The titles of the board's sections in words (folded under a drawn board)."""
    return set(
        page.locator("#board .board-section h3").evaluate_all("hs => hs.map(h => h.textContent)")
    )


def two_heads(server: WebServer, game_id: str) -> tuple[int, int]:
    """Two versions after the setup that are heads (a board of their own), one after
    the other: stepping from the first to the second changes the board."""
    heads = []
    for v in range(2, 80):
        if int(view(server, game_id, v)["version"]) == v:
            heads.append(v)
    firsts = [h for h in heads if titles(view(server, game_id, h)) and h > heads[0]]
    return heads[heads.index(firsts[0]) - 1], firsts[0]


def test_a_spectator_steps_slides_and_sees_no_hand(
    browser: Browser, web_server: WebServer, finished: tuple[str, str]
) -> None:
    game_id, ana = finished
    head = int(view(web_server, game_id)["version"])
    secret = titles(view(web_server, game_id, head, ana)) - titles(view(web_server, game_id, head))
    assert secret, "a seat's view holds sections the public's does not"
    before, after = two_heads(web_server, game_id)
    context = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{web_server.url}?game={game_id}&replay&v={before}")
        shown_at(page, before)
        board = page.inner_text("#board")
        for v in range(before + 1, after + 1):  # Next, until the following head
            page.click("#replay-next")
            shown_at(page, v)
        assert page.url.endswith(f"&replay&v={after}")
        assert page.get_attribute("#main", "data-shown") == str(after)
        assert page.inner_text("#board") != board
        assert page.locator("#board .step-changed").count() > 0, "what changed is marked"
        current = page.locator(f"#replay-log li[data-version='{after}'][aria-current=step]")
        assert current.is_visible()
        assert page.locator(f"#replay-log li[data-version='{after + 1}']").is_hidden()
        page.locator("#board").click()  # the keyboard steps wherever the focus is not a field
        page.keyboard.press("ArrowLeft")
        shown_at(page, after - 1)
        slide(page, head)
        assert not board_titles(page) & secret, "the spectator sees no seat's own sections"
        checks(page, {"seed": "ok", "chain": "needs", "verify": "needs"})
        assert "spectator" in page.inner_text("#replay-checks li[data-check=verify]")
        page.click("#replay-first")
        shown_at(page, 1)
        assert not board_titles(page) & secret
        assert_accessible(page, "replay page")
        page.click("#replay-last")
        shown_at(page, head)
        shot(page, "replay-spectator", TALL_PHONE)
        shot(page, "replay-spectator", DESKTOP)
    finally:
        context.close()


def slide(page: Page, head: int) -> None:
    """A drag over DRAG versions asks the server for the version it rests on only."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/GetView") else None)
    page.evaluate(
        """async ([from, to]) => {
          const s = document.getElementById('replay-slider');
          for (let v = from; v <= to; v++) {
            s.value = String(v);
            s.dispatchEvent(new Event('input', { bubbles: true }));
            await new Promise((r) => requestAnimationFrame(r));
          }
          s.dispatchEvent(new Event('change', { bubbles: true }));
        }""",
        [head - DRAG, head],
    )
    shown_at(page, head)
    assert page.url.endswith(f"&replay&v={head}")
    assert page.inner_text("#replay-version") == f"Version {head} of {head}"
    assert 1 <= len(asked) <= 3, f"{len(asked)} views fetched for one drag"


def checks(page: Page, expected: dict[str, str]) -> None:
    page.wait_for_selector("#replay-checks li[data-check]:not([data-result=pending])")
    page.wait_for_function("!document.querySelector('#replay-checks [data-result=pending]')")
    got = dict(
        page.locator("#replay-checks li[data-check]").evaluate_all(
            "items => items.map(i => [i.dataset.check, i.dataset.result])"
        )
    )
    assert got == expected, page.inner_text("#replay-checks")


def test_a_seat_replays_its_own_view_and_the_server_verifies(
    browser: Browser, web_server: WebServer, finished: tuple[str, str]
) -> None:
    game_id, ana = finished
    head = int(view(web_server, game_id)["version"])
    own = titles(view(web_server, game_id, head, ana)) - titles(view(web_server, game_id, head))
    context = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    try:
        page = context.new_page()
        # the seat link's token leaves the address; the replay stays in it
        page.goto(f"{web_server.url}?game={game_id}&seat=1&token={ana}&replay&v={head}")
        shown_at(page, head)
        assert ana not in page.url and page.url.endswith(f"?game={game_id}&seat=1&replay&v={head}")
        assert own <= board_titles(page), "the seat sees its own sections"
        checks(page, {"seed": "ok", "chain": "needs", "verify": "ok"})
        assert "re-running every command" in page.inner_text("#replay-checks")
        shot(page, "replay-seat", TALL_PHONE)
    finally:
        context.close()


def test_the_operator_picks_a_seat_and_checks_the_chain(
    browser: Browser, web_server: WebServer, finished: tuple[str, str]
) -> None:
    game_id, _ = finished
    head = int(view(web_server, game_id)["version"])
    public = titles(view(web_server, game_id, head))
    bos = titles(view(web_server, game_id, head, web_server.operator, seat=2)) - public
    context = browser.new_context(viewport=TALL_PHONE, bypass_csp=True)
    try:
        page = context.new_page()
        sign_in(page, web_server)
        # the lobby's list of games offers the finished game's replay
        page.click(f"#games a[data-replay='{game_id}']")
        shown_at(page, 1)
        checks(page, {"seed": "ok", "chain": "ok", "verify": "ok"})
        page.click("#replay-last")
        shown_at(page, head)
        assert not board_titles(page) & bos
        assert_accessible(page, "operator's replay page")
        page.select_option("#replay-audience", "2")
        page.wait_for_function("document.getElementById('replay-audience').value === '2'")
        wait_until(lambda: bos <= board_titles(page), "seat 2's own view")
        assert page.url.endswith(f"&seat=2&replay&v={head}")
        shot(page, "replay-operator", DESKTOP)
        # the end screen links to the replay
        page.goto(f"{web_server.url}?game={game_id}")
        page.wait_for_selector("#end #replay-link")
        assert page.get_attribute("#replay-link", "href") == f"/?game={game_id}&replay"
    finally:
        context.close()
