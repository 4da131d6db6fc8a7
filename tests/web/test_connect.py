"""The Connect API on the web port: the same answers and statuses as gRPC."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from tests.web.conftest import WebServer


def test_list_kinds_answers_json(web_server: WebServer) -> None:
    status, answer = web_server.call("ListKinds", {})
    assert status == 200
    assert {"valley", "apothebakery"} <= {k["kind"] for k in answer["kinds"]}
    # a kind whose modes take different counts says which, in the refusal's words
    players = {k["kind"]: k.get("players", "") for k in answer["kinds"]}
    assert players["alchemists"].startswith("2 to 4 in the full game, 1 to 4 with the card reader")
    assert players["valley"] == ""


def test_malformed_requests_are_invalid_argument(web_server: WebServer) -> None:
    for body in (b"{bad", b'{"kind": 5}', b'{"nope": 1}', b"\xff\xfe"):
        status, answer = web_server.call("CreateGame", body, web_server.operator)
        assert (status, answer["code"]) == (400, "invalid_argument"), body
        assert answer["message"] == "the request is not a valid message"
    big = json.dumps({"kind": "x" * 300_000}).encode()
    status, answer = web_server.call("CreateGame", big, web_server.operator)
    assert (status, answer["code"]) == (400, "invalid_argument")
    status, answer = web_server.call(
        "CreateGame", b"\x08\x01", web_server.operator, "application/proto"
    )
    assert status == 400  # a proto body is checked like JSON (kind as a varint is no string)


def test_auth_and_rules_as_over_grpc(web_server: WebServer) -> None:
    status, answer = web_server.call("ListGames", {})
    assert (status, answer["code"]) == (401, "unauthenticated")
    status, answer = web_server.call("ListGames", {}, "not-a-token")
    assert answer["code"] == "unauthenticated"
    status, answer = web_server.call(
        "CreateGame", {"kind": "valley", "seats": 9}, web_server.operator
    )
    assert answer["code"] == "invalid_argument"
    status, game = web_server.call(
        "CreateGame", {"kind": "valley", "seats": 2}, web_server.operator
    )
    assert status == 200
    tokens = {s["seat"]: s["token"] for s in game["seatTokens"]}
    gid = game["gameId"]
    # a seat's view is its own; another game's id with this token is refused
    status, view = web_server.call("GetView", {"gameId": gid}, tokens[1])
    assert (status, view["seat"]) == (200, 1)
    status, legal = web_server.call("ListLegalCommands", {"gameId": gid}, tokens[2])
    assert status == 200 and not legal.get("commandsJson")  # seat 1 chooses first
    status, legal = web_server.call("ListLegalCommands", {"gameId": gid}, tokens[1])
    command = legal["commandsJson"][0]
    act = {"gameId": gid, "commandJson": command, "commandId": "c-1"}
    status, done = web_server.call("Act", act, tokens[2])
    assert (status, done["code"]) == (400, "failed_precondition")
    info = [d for d in done["details"] if d["type"] == "google.rpc.ErrorInfo"]
    assert info and info[0]["debug"]["reason"] and info[0]["debug"]["metadata"]["rule_id"]
    status, done = web_server.call("Act", act, tokens[1])
    assert status == 200 and not done.get("duplicate")
    status, again = web_server.call("Act", act, tokens[1])
    assert status == 200 and again["duplicate"] is True
    status, answer = web_server.call("Act", {**act, "commandId": ""}, tokens[1])
    assert answer["code"] == "invalid_argument"


def test_watch_streams_enveloped_events(web_server: WebServer) -> None:
    _, game = web_server.call("CreateGame", {"kind": "valley", "seats": 1}, web_server.operator)
    body = json.dumps({"gameId": game["gameId"], "fromVersion": 1}).encode()
    request = urllib.request.Request(
        f"{web_server.url}athanor.v1.Athanor/Watch",
        data=bytes([0]) + len(body).to_bytes(4, "big") + body,
        headers={"content-type": "application/connect+json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        head = answer.read(5)
        assert head[0] == 0
        first = json.loads(answer.read(int.from_bytes(head[1:], "big")))
    assert first["event"]["version"] == "1" and first["event"]["type"] == "GameCreated"
    # a broken envelope is refused in the stream's own form
    request = urllib.request.Request(
        f"{web_server.url}athanor.v1.Athanor/Watch",
        data=b"\x00\x00\x00\x00\x09{}",
        headers={"content-type": "application/connect+json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data = answer.read()
    assert data[0] == 2 and json.loads(data[5:])["error"]["code"] == "invalid_argument"


def test_pages_and_unknown_paths(web_server: WebServer) -> None:
    with urllib.request.urlopen(web_server.url, timeout=10) as page:
        assert page.headers["referrer-policy"] == "no-referrer"
        assert b"/app.js" in page.read()
    for path in ("nope.html", "../pyproject.toml", "%2e%2e/server.py"):
        try:
            urllib.request.urlopen(web_server.url + path, timeout=10)
            raise AssertionError(path)
        except urllib.error.HTTPError as err:
            assert err.code == 404


def test_lobby_and_join_by_code(web_server: WebServer) -> None:
    status, game = web_server.call(
        "CreateGame",
        {
            "kind": "valley",
            "seats": 2,
            "options": {"events": "true"},
            "table": {"open": True, "listed": True},
        },
        web_server.operator,
    )
    assert status == 200 and game["joinCode"] and not game.get("seatTokens")
    code, gid = game["joinCode"], game["gameId"]
    status, lobby = web_server.call("ListLobby", {})  # no token needed
    assert status == 200
    (entry,) = [g for g in lobby["games"] if g["gameId"] == gid]
    assert entry["code"] == code and entry["kind"] == "valley" and entry["free"] == [1, 2]
    # the events module was chosen; the first player is the kind's default
    assert entry["options"] == {"events": "true", "first_player": "1"}
    assert entry["defaultOptions"] == ["first_player"]
    assert "token" not in json.dumps(lobby).lower()
    # the code as a person types it: lower case, no dash
    status, joined = web_server.call(
        "JoinGame", {"code": code.replace("-", "").lower(), "name": "Ana", "seat": 2}
    )
    assert status == 200 and joined["seat"] == 2 and joined["name"] == "Ana"
    status, view = web_server.call("GetView", {"gameId": gid}, joined["token"])
    assert status == 200 and json.loads(view["viewJson"])["names"] == {"2": "Ana"}
    _, lobby = web_server.call("ListLobby", {})
    (entry,) = [g for g in lobby["games"] if g["gameId"] == gid]
    assert entry["names"] == {"2": "Ana"} and entry["free"] == [1]
    status, answer = web_server.call("JoinGame", {"code": code, "name": "ana"})
    assert answer["code"] == "failed_precondition"  # a name another seat has
    status, answer = web_server.call("JoinGame", {"code": "00000-00000", "name": "Bo"})
    assert (status, answer["code"]) == (404, "not_found")
    status, joined = web_server.call("JoinGame", {"code": code, "name": "Bo"})
    assert status == 200 and joined["seat"] == 1
    _, lobby = web_server.call("ListLobby", {})
    assert gid not in {g["gameId"] for g in lobby.get("games", [])}  # full: left the lobby
