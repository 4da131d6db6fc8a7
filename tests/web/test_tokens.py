"""Tokens in the browser (Playwright, Debian's chromium): a seat link's token leaves the
address and the history at once and the seat still plays after a reload; the operator
signs in for one tab, is never offered to the next person, and signing out forgets the
token; an operator token an earlier page left in localStorage is dropped. Screenshots of
the lobby (signed in and out) and of a seat page opened from its link, at phone and
desktop size, land in tests/web/artifacts/."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tests.web.browsing import DESKTOP, give_to_bot, shot, sign_in
from tests.web.conftest import ARTIFACTS, WebServer

PHONE = {"width": 390, "height": 844}
SIZES = (PHONE, DESKTOP)

if TYPE_CHECKING:  # the browser fixture skips (or fails under CI) without Playwright
    from playwright.sync_api import Browser, BrowserContext, Page


def storage(page: Page) -> dict[str, Any]:
    """Everything the page's origin keeps: {"local": {...}, "session": {...}}."""
    return json.loads(
        page.evaluate("JSON.stringify({local: {...localStorage}, session: {...sessionStorage}})")
    )


def shots(page: Page, name: str) -> None:
    """What a person sees on opening the page, and the whole page below it."""
    for size in SIZES:
        shot(page, name, size)
        page.screenshot(
            path=str(ARTIFACTS / f"{name}-{size['width']}x{size['height']}-full.png"),
            full_page=True,
        )


def seat_link(page: Page, server: WebServer) -> str:
    """The operator creates a two-seat Valley game and gives seat 2 to the server's
    bot; returns seat 1's link as the page shows it."""
    page.select_option("#kind", "valley")
    page.fill("#seats", "2")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("[data-seat-link='1']")
    give_to_bot(page, 2)
    link = page.get_attribute("[data-seat-link='1']", "href")
    assert link and "token=" in link and "seat=1" in link
    return link


def plays_seat_1(page: Page) -> None:
    page.wait_for_selector("#board .board-title")
    # the heading names the seat; the tab's title says whose turn it is
    assert "seat 1" in page.inner_text("#title")
    page.wait_for_function("document.title.endsWith('— Athanor')")
    assert page.locator("#actions").is_visible()


def test_the_operator_signs_in_for_one_tab_and_out(
    browser: Browser,
    web_server: WebServer,
) -> None:
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        # an earlier page kept the token in localStorage: it is dropped, not offered
        page = context.new_page()
        page.goto(web_server.url)
        page.evaluate(
            f"localStorage.setItem('athanor.operator', {json.dumps(web_server.operator)})"
        )
        page.reload()
        page.wait_for_selector("#sign-in-form")
        assert page.input_value("#operator-token") == ""
        assert web_server.operator not in json.dumps(storage(page))
        assert page.locator("#create-form").count() == 0
        shots(page, "tokens-lobby-signed-out")

        # a wrong token does not sign in
        page.fill("#operator-token", "not-the-token")
        page.click("#sign-in")
        page.wait_for_selector("#lobby-notice:not([hidden])")
        assert "Not signed in" in page.inner_text("#lobby-notice")
        assert page.locator("#sign-out").count() == 0

        sign_in(page, web_server)
        kept = storage(page)
        assert web_server.operator in json.dumps(kept["session"])
        assert web_server.operator not in json.dumps(kept["local"])
        page.reload()  # the tab's session goes on
        page.wait_for_selector("#sign-out")
        page.wait_for_selector("#games h2")
        shots(page, "tokens-lobby-signed-in")

        # the next person opens the lobby in another tab: not signed in, nothing offered
        other = context.new_page()
        other.goto(web_server.url)
        other.wait_for_selector("#sign-in-form")
        assert other.input_value("#operator-token") == ""
        other.close()

        page.click("#sign-out")
        page.wait_for_selector("#sign-in-form")
        assert web_server.operator not in json.dumps(storage(page))
        assert page.locator("#create-form, #games").count() == 0
        page.reload()
        page.wait_for_selector("#sign-in-form")
    finally:
        context.close()


def open_seat_link(context: BrowserContext, link: str) -> Page:
    page = context.new_page()
    page.goto(link)
    plays_seat_1(page)
    return page


def test_a_seat_link_leaves_the_address_and_the_seat_plays_on(
    browser: Browser,
    web_server: WebServer,
) -> None:
    operator = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    player = browser.new_context(viewport=PHONE, bypass_csp=True)
    try:
        lobby = operator.new_page()
        sign_in(lobby, web_server)
        link = seat_link(lobby, web_server)
        token = link.split("token=", 1)[1]

        page = open_seat_link(player, link)
        assert "token" not in page.url and page.url.endswith("seat=1")
        assert token not in page.evaluate("location.href")
        shots(page, "tokens-seat-from-link")
        # the history holds the table's address, never the token
        page.goto(web_server.url)
        page.go_back()
        assert "token" not in page.url
        plays_seat_1(page)
        page.reload()
        plays_seat_1(page)
        # the seat is this browser's, kept for that game only; the operator's token is not
        kept = storage(page)
        assert [k for k, v in kept["local"].items() if token in v] == [
            f"athanor.seat.{page.url.split('game=')[1].split('&')[0]}.1"
        ]
        assert web_server.operator not in json.dumps(kept)

        # a seat link without its seat number learns it from the first view
        bare = link.replace("seat=1&", "")
        again = open_seat_link(player, bare)
        again.wait_for_url("**/?game=*&seat=1")

        # forgetting the seat on this device (asked first) leaves only the spectator's view
        page.click("#forget-seat")
        page.click("#forget-seat-yes")
        page.wait_for_selector("#lobby-games")
        assert token not in json.dumps(storage(page))
        page.go_back()
        page.wait_for_selector("#board .board-title")
        page.wait_for_selector("#title:has-text('spectator')")
        assert page.locator("#actions").is_hidden()

        # a seat link pasted into the lobby goes to storage, never into the address
        pasted = browser.new_context(viewport=PHONE, bypass_csp=True)
        try:
            page = pasted.new_page()
            page.goto(web_server.url)
            page.fill("#seat-link", link)
            page.click("#join-form button[type=submit]")
            page.wait_for_url("**/?game=*&seat=1")
            plays_seat_1(page)
            assert token not in page.url
        finally:
            pasted.close()
    finally:
        operator.close()
        player.close()
