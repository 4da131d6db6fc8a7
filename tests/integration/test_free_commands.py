"""Free commands through the real server: ListLegalCommands and `athanor legal`.

`free_commands_json` holds the commands a seat may send at any time that do not advance
the game (Apothebakery: one inventory token to an end), with `free_previews`
index-aligned; `commands_json` is as before, so bots never send them.
"""

from __future__ import annotations

import json
import random
from typing import Any

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from tests.integration.helpers import act, view
from tests.integration.helpers import new_game as new_crucible
from tests.integration.test_cli import athanor
from tests.integration.test_previews import listing
from tests.server_process import ServerProcess

FREE_HEADER = "free commands (any time, do not advance the game)"


def game_with_free_commands(
    server: ServerProcess, seed: int = 1
) -> tuple[pb_grpc.AthanorStub, str, dict[int, str], int]:
    """An Apothebakery game played with random legal commands until a seat has free
    commands (two different tokens in its inventory, no Poltergeist); that seat."""
    stub = server.stub()
    created = stub.CreateGame(
        pb.CreateGameRequest(
            kind="apothebakery", seats=2, options={"objectives": "false"}, seed_hex="0badcafe"
        ),
        metadata=server.operator(),
    )
    game_id = created.game_id
    tokens = {t.seat: t.token for t in created.seat_tokens}
    rng = random.Random(seed)
    for _ in range(600):
        listings = {seat: listing(stub, game_id, token) for seat, token in tokens.items()}
        ready = [seat for seat, reply in listings.items() if reply.free_commands_json]
        if ready:
            return stub, game_id, tokens, ready[0]
        seat = rng.choice([s for s, reply in listings.items() if reply.commands_json])
        command = json.loads(rng.choice(list(listings[seat].commands_json)))
        act(stub, game_id, tokens[seat], command)
    raise AssertionError("no seat ever had free commands")


def inventory(stub: pb_grpc.AthanorStub, game_id: str, token: str, seat: int) -> list[Any]:
    return view(stub, game_id, token)["view"]["game"]["players"][str(seat)]["inventory"]  # type: ignore[no-any-return]


def test_free_commands_come_apart_with_aligned_previews(server: ServerProcess) -> None:
    stub, game_id, tokens, seat = game_with_free_commands(server)
    reply = listing(stub, game_id, tokens[seat])
    free = [json.loads(c) for c in reply.free_commands_json]
    assert len(reply.free_previews) == len(free) > 0
    assert all(json.loads(c)["type"] != "ArrangeInventory" for c in reply.commands_json)
    assert len(reply.previews) == len(reply.commands_json)
    held = inventory(stub, game_id, tokens[seat], seat)
    for command, preview in zip(free, reply.free_previews, strict=True):
        assert command["type"] == "ArrangeInventory"
        assert sorted(command["order"]) == list(range(1, len(held) + 1))
        assert preview.startswith("Moves ") and " end: " in preview, preview
    # the operator listing for that seat is the same
    as_operator = listing(stub, game_id, server.token, seat)
    assert list(as_operator.free_commands_json) == list(reply.free_commands_json)
    assert list(as_operator.free_previews) == list(reply.free_previews)
    # sending one rearranges the inventory as listed, and nothing else
    before = view(stub, game_id, tokens[seat])
    command = free[-1]
    act(stub, game_id, tokens[seat], command)
    after = view(stub, game_id, tokens[seat])
    assert after["view"]["game"]["players"][str(seat)]["inventory"] == [
        held[i - 1] for i in command["order"]
    ]
    assert after["table"] == before["table"]


def test_a_game_without_free_commands_lists_none(server: ServerProcess) -> None:
    game_id, tokens = new_crucible(server, seats=2)
    reply = listing(server.stub(), game_id, tokens[1])
    assert reply.commands_json and not reply.free_commands_json and not reply.free_previews


def test_cli_legal_lists_free_commands_after_a_second_header(server: ServerProcess) -> None:
    stub, game_id, tokens, seat = game_with_free_commands(server, seed=2)
    reply = listing(stub, game_id, tokens[seat])
    lines = athanor(server, "legal", game_id, token=tokens[seat]).stdout.splitlines()
    n, k = len(reply.commands_json), len(reply.free_commands_json)
    assert lines[0].startswith(f"# seat {seat} at version") and f": {n} commands" in lines[0]
    assert lines[1 + n] == f"# {k} {FREE_HEADER}"
    assert [json.loads(x) for x in lines[1 : 1 + n]] == [json.loads(c) for c in reply.commands_json]
    assert [json.loads(x) for x in lines[2 + n :]] == [
        json.loads(c) for c in reply.free_commands_json
    ]
    # every line not starting with "#" is a command: `grep -v '^#'` gives them all
    assert len([x for x in lines if not x.startswith("#")]) == n + k
    shown = athanor(server, "legal", game_id, "--previews", token=tokens[seat]).stdout
    free_lines = shown.splitlines()[2 + n :]
    for line, preview in zip(free_lines, reply.free_previews, strict=True):
        text, shown_preview = line.split("\t")
        assert json.loads(text)["type"] == "ArrangeInventory"  # `cut -f1` gives the command
        assert shown_preview == f"# {preview}"
    # a free command from the listing is accepted by `athanor act`
    out = athanor(server, "act", game_id, lines[2 + n], token=tokens[seat]).stdout
    assert out.splitlines()[-1].startswith("now at v")
