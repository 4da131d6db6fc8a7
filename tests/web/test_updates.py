"""Cheap updates: GetView.since_version's JSON Patch and ListLegalCommands.known_digest,
and the page's updates.js that applies them, which must end with exactly the view and
the moves a full fetch gives, at every version, and never with another seat's view."""

from __future__ import annotations

import copy
import gzip
import json
import random
import time
import urllib.request
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.api.updates import ViewCache, apply_json_patch, json_patch, legal_digest, same
from tests.web.browsing import PHONE, play
from tests.web.conftest import WebServer

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

KEYS = st.text(alphabet="ab/~_", max_size=3)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 2) | st.floats(-2, 2, width=16) | KEYS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=16,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, JSON_VALUES)
def test_a_patch_turns_the_old_value_into_the_new(old: Any, new: Any) -> None:
    ops = json_patch(old, new)
    assert same(apply_json_patch(copy.deepcopy(old), ops), new)
    assert (ops == []) == same(old, new)


def test_a_patch_tells_one_from_true_and_sets_null() -> None:
    old = {"a": 1, "b": [1, 2, 3], "c/d": {"e~": 0}}
    new = {"a": True, "b": [1, None], "c/d": {"e~": None}, "f": None}
    ops = json_patch(old, new)
    assert {"op": "replace", "path": "/a", "value": True} in ops
    assert {"op": "replace", "path": "/c~1d/e~0", "value": None} in ops
    assert same(apply_json_patch(copy.deepcopy(old), ops), new)


def test_the_view_cache_keeps_the_latest_views_within_its_bytes() -> None:
    cache = ViewCache(limit=25)
    for version in (1, 2):
        cache.keep(("g", 1, False, version), json.dumps({"v": version}))  # 8 bytes each
    assert cache.get(("g", 1, False, 1)) == {"v": 1}  # now the most recently used
    cache.keep(("g", 1, False, 3), json.dumps({"v": 3, "w": 0}))  # 16 bytes
    assert cache.get(("g", 1, False, 2)) is None
    assert cache.get(("g", 1, False, 1)) == {"v": 1}
    cache.keep(("g", 1, False, 4), json.dumps({"v": "x" * 20}))  # more than the whole cache
    assert cache.get(("g", 1, False, 4)) is None and cache.size == 24


def test_equal_lists_have_equal_digests() -> None:
    one = legal_digest(['{"type":"A"}'], [""], [], [])
    assert one == legal_digest(['{"type":"A"}'], [""], [], [])
    assert one != legal_digest(['{"type":"A"}'], ["takes 1"], [], [])
    assert one != legal_digest([], [""], ['{"type":"A"}'], [])


def new_game(server: WebServer, kind: str = "valley", seats: int = 2) -> tuple[str, list[str]]:
    status, game = server.call("CreateGame", {"kind": kind, "seats": seats}, server.operator)
    assert status == 200, game
    return game["gameId"], [t["token"] for t in game["seatTokens"]]


def ok(server: WebServer, method: str, body: dict[str, Any], token: str | None = None) -> Any:
    status, answer = server.call(method, body, token)
    assert status == 200, (method, answer)
    return answer


def test_since_version_patches_only_a_view_served_to_that_caller(web_server: WebServer) -> None:
    game_id, (one, two) = new_game(web_server)
    first = ok(web_server, "GetView", {"gameId": game_id}, one)
    head = int(first["version"])
    same_again = ok(web_server, "GetView", {"gameId": game_id, "sinceVersion": head}, one)
    assert same_again["viewPatchJson"] == "[]" and "viewJson" not in same_again
    # seat 2 and a spectator were never served that version: each gets its own view
    # whole, never a patch against seat 1's
    for token in (two, None):
        asked = {"gameId": game_id, "sinceVersion": head}
        whole = ok(web_server, "GetView", asked, token)
        assert "viewPatchJson" not in whole
        assert (
            whole["viewJson"] == ok(web_server, "GetView", {"gameId": game_id}, token)["viewJson"]
        )
    later = ok(web_server, "GetView", {"gameId": game_id, "sinceVersion": head + 5}, one)
    assert later["viewJson"] and "viewPatchJson" not in later
    status, refused = web_server.call("GetView", {"gameId": game_id, "sinceVersion": -1}, one)
    assert (status, refused["code"]) == (400, "invalid_argument")
    assert refused["message"] == "since_version must be 0 (none) or a version"


def test_unchanged_legal_commands_are_not_sent_again(web_server: WebServer) -> None:
    game_id, (one, _) = new_game(web_server)
    full = ok(web_server, "ListLegalCommands", {"gameId": game_id}, one)
    assert full["commandsJson"] and len(full["digest"]) == 32
    again = ok(
        web_server, "ListLegalCommands", {"gameId": game_id, "knownDigest": full["digest"]}, one
    )
    assert again["unchanged"] and again["digest"] == full["digest"]
    assert "commandsJson" not in again and int(again["version"]) == int(full["version"])
    other = ok(web_server, "ListLegalCommands", {"gameId": game_id, "knownDigest": "0" * 32}, one)
    assert other["commandsJson"] == full["commandsJson"] and "unchanged" not in other


def test_answers_travel_gzipped_to_a_browser(web_server: WebServer) -> None:
    game_id, (one, _) = new_game(web_server)
    request = urllib.request.Request(
        f"{web_server.url}athanor.v1.Athanor/GetView",
        data=json.dumps({"gameId": game_id}).encode(),
        headers={
            "content-type": "application/json",
            "accept-encoding": "gzip, deflate, br, zstd",  # Chromium's
            "authorization": f"Bearer {one}",
        },
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.headers["content-encoding"] == "gzip"
        assert json.loads(gzip.decompress(answer.read()))["viewJson"]


# In the page: one Updates per token (null: a spectator), each answer's view and moves
# compared with a full GetView at that version and a full ListLegalCommands
SET_UP = """async ([gameId, tokens]) => {
  const { Updates } = await import("/updates.js");
  window.updaters = tokens.map((t) => new Updates(gameId, t));
  window.patches = 0;
  const fetchWhole = window.fetch;
  window.fetch = async (...args) => {
    const answer = await fetchWhole(...args);
    const view = String(args[0]).endsWith("/GetView");
    if (view && (await answer.clone().json()).viewPatchJson) window.patches++;
    return answer;
  };
}"""
COMPARE = """async ([gameId, tokens, which]) => {
  const { call } = await import("/rpc.js");
  const canon = (v) => JSON.stringify(v, (k, x) => (x && typeof x === "object" && !Array.isArray(x)
    ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x));
  const lists = (l) => l && canon([l.commandsJson || [], l.previews || [],
    l.freeCommandsJson || [], l.freePreviews || []]);
  const out = [];
  for (const i of which) {
    const got = await window.updaters[i].fetch();
    const whole = await call("GetView", { gameId, atVersion: got.version }, tokens[i]);
    const legal = got.legal ? await call("ListLegalCommands", { gameId }, tokens[i]) : null;
    out.push({ who: i, version: got.version, view: canon(got.view),
      whole: canon(JSON.parse(whole.viewJson)), legal: lists(got.legal),
      wholeLegal: lists(legal), legalVersion: legal && Number(legal.version) });
  }
  return out;
}"""


def act_at_random(server: WebServer, game_id: str, tokens: list[str], rng: random.Random) -> bool:
    """A random legal move of a seat that has one; False when none has."""
    for token in rng.sample(tokens, len(tokens)):
        legal = ok(server, "ListLegalCommands", {"gameId": game_id}, token)
        if legal.get("commandsJson"):
            command = rng.choice(legal["commandsJson"])
            body = {"gameId": game_id, "commandJson": command, "commandId": f"{rng.random()}"}
            ok(server, "Act", body, token)
            if rng.random() < 0.1:  # now and then the move is taken back
                server.call("Undo", {"gameId": game_id}, token)
            return True
    return False


def rebuild_every_view(
    page: Page, server: WebServer, kind: str, seats: int, moves: int, seed: int
) -> None:
    rng = random.Random(seed)
    game_id, tokens = new_game(server, kind, seats)
    everyone: list[str | None] = [*tokens, None]
    page.evaluate(SET_UP, [game_id, everyone])
    compared = 0
    for _ in range(moves):
        # some pages skip a move or two, so a patch spans several versions
        which = [i for i in range(len(everyone)) if rng.random() < 0.7] or [0]
        for seen in page.evaluate(COMPARE, [game_id, everyone, which]):
            where = (kind, seen["who"], seen["version"])
            assert seen["view"] == seen["whole"], where
            if seen["legal"] is not None:  # nobody acts meanwhile: one version
                assert seen["legalVersion"] == seen["version"], where
                assert seen["legal"] == seen["wholeLegal"], where
            compared += 1
        if not act_at_random(server, game_id, tokens, rng):
            break
    # every fetch but each page's first may come as a patch
    assert page.evaluate("window.patches") > compared / 2, compared


@pytest.fixture
def blank_page(browser: Browser, web_server: WebServer) -> Any:
    context = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = context.new_page()
    page.goto(web_server.url)
    try:
        yield page
    finally:
        context.close()


def test_the_page_rebuilds_every_view_a_full_fetch_gives(
    blank_page: Page, web_server: WebServer
) -> None:
    rebuild_every_view(blank_page, web_server, "valley", 2, moves=30, seed=3)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "seats"),
    [("alchemists", 2), ("alkemia", 2), ("apothebakery", 3), ("valley", 1), ("witchs_brew", 3)],
)
def test_every_kind_is_rebuilt_exactly(
    blank_page: Page, web_server: WebServer, kind: str, seats: int
) -> None:
    rebuild_every_view(blank_page, web_server, kind, seats, moves=120, seed=11)


def views_asked(page: Page) -> list[dict[str, Any]]:
    """The GetView requests the page sends from now on, as they are sent."""
    asked: list[dict[str, Any]] = []

    def seen(request: Any) -> None:
        if request.url.endswith("/GetView"):
            asked.append(json.loads(request.post_data or "{}"))

    page.on("request", seen)
    return asked


def test_a_seat_page_fetches_patches_unless_asked_for_full_updates(
    browser: Browser, web_server: WebServer
) -> None:
    for suffix, patched in (("", True), ("&updates=full", False)):
        game_id, (one, _) = new_game(web_server)
        ok(web_server, "SetSeatBot", {"gameId": game_id, "seat": 2}, web_server.operator)
        context = browser.new_context(viewport=PHONE, bypass_csp=True)
        try:
            page = context.new_page()
            asked = views_asked(page)
            page.goto(f"{web_server.url}?game={game_id}&seat=1&token={one}{suffix}")
            play(page, random.Random(5), deadline=time.monotonic() + 60, until_moves=3)
            since = [a for a in asked if a.get("sinceVersion")]
            assert bool(since) == patched, (suffix, asked)
            head = ok(web_server, "GetView", {"gameId": game_id}, one)
            page.wait_for_function(
                f"Number(document.getElementById('main').dataset.version) >= {head['version']}"
            )
        finally:
            context.close()


def test_a_refused_since_version_says_why_over_grpc_too(web_server: WebServer) -> None:
    """The same refusal on the gRPC port: the servicer makes it, not the web gate."""
    import grpc

    from athanor.v1 import athanor_pb2 as pb
    from athanor.v1 import athanor_pb2_grpc as pb_grpc

    game_id, (one, _) = new_game(web_server)
    with grpc.insecure_channel(f"127.0.0.1:{web_server.grpc_port}") as channel:
        stub = pb_grpc.AthanorStub(channel)
        with pytest.raises(grpc.RpcError) as refused:
            stub.GetView(
                pb.GetViewRequest(game_id=game_id, since_version=-2),
                metadata=(("authorization", f"Bearer {one}"),),
            )
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
