"""Command previews through the real server: ListLegalCommands and `athanor legal`.

`previews` is index-aligned with `commands_json` and made from the acting seat's view
only, so two games in which a seat sees the same thing give it the same previews,
whatever the other seats hold.
"""

from __future__ import annotations

import json
import re

from athanor.engine import game
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from tests.fixture_game import RULES
from tests.integration.helpers import act, bearer, new_game
from tests.integration.test_cli import athanor
from tests.server_process import ServerProcess

CARD = re.compile(r"\bCard (\d+)\b")


def listing(
    stub: pb_grpc.AthanorStub, game_id: str, token: str, seat: int = 0
) -> pb.ListLegalCommandsResponse:
    return stub.ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=game_id, seat=seat), metadata=bearer(token)
    )


def hands(stub: pb_grpc.AthanorStub, game_id: str, tokens: dict[int, str]) -> dict[int, set[int]]:
    out = {}
    for seat, token in tokens.items():
        reply = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=bearer(token))
        out[seat] = set(json.loads(reply.view_json)["game"]["hand"])
    return out


def test_previews_are_aligned_with_the_commands(server: ServerProcess) -> None:
    stub = server.stub()
    game_id, tokens = new_game(server, seats=3)
    for seat, token in tokens.items():
        reply = listing(stub, game_id, token)
        assert len(reply.previews) == len(reply.commands_json) > 0
        for command, preview in zip(reply.commands_json, reply.previews, strict=True):
            card = json.loads(command)["card"]
            assert preview.startswith(f"Card {card} scores {card}"), (command, preview)
        # the operator listing for a seat is that seat's listing
        as_operator = listing(stub, game_id, server.token, seat)
        assert list(as_operator.previews) == list(reply.previews)
    # a roll: only the roller lists it, and its preview names its revealed card
    for token in tokens.values():
        act(stub, game_id, token, json.loads(listing(stub, game_id, token).commands_json[0]))
    rolls = {s: listing(stub, game_id, t) for s, t in tokens.items()}
    (roller,) = [s for s, r in rolls.items() if r.commands_json]
    assert rolls[roller].previews[0].endswith("plus the face rolled.")


def test_a_game_without_previews_sends_empty_ones(server: ServerProcess) -> None:
    """Apothebakery words some commands and not others: "" keeps the alignment."""
    stub = server.stub()
    created = stub.CreateGame(
        pb.CreateGameRequest(kind="apothebakery", seats=2, options={"objectives": "false"}),
        metadata=server.operator(),
    )
    token = created.seat_tokens[0].token
    reply = listing(stub, created.game_id, token)
    assert len(reply.previews) == len(reply.commands_json) > 0
    assert all(p.startswith("Reveals ") for p in reply.previews)


def twin_seeds() -> tuple[bytes, bytes]:
    """Two seeds that deal seat 1 the same hand and the others different ones."""
    seen: dict[tuple[int, ...], tuple[bytes, list[tuple[int, ...]]]] = {}
    options = RULES.validate_options({}, 3)
    for n in range(5000):
        seed = n.to_bytes(4, "big")
        _, state = game.create(RULES, options, 3, seed)
        dealt = [tuple(sorted(state.rules_state.hands[s])) for s in (1, 2, 3)]
        earlier = seen.setdefault(dealt[0], (seed, dealt[1:]))
        if earlier[0] != seed and earlier[1] != dealt[1:]:
            return earlier[0], seed
    raise AssertionError("no two seeds deal seat 1 the same hand")


def test_a_seats_previews_never_tell_another_seats_secret(server: ServerProcess) -> None:
    stub = server.stub()
    games = []
    for seed in twin_seeds():
        created = stub.CreateGame(
            pb.CreateGameRequest(kind="crucible", seats=3, seed_hex=seed.hex()),
            metadata=server.operator(),
        )
        games.append((created.game_id, {t.seat: t.token for t in created.seat_tokens}))
    (a, tokens_a), (b, tokens_b) = games
    held_a, held_b = hands(stub, a, tokens_a), hands(stub, b, tokens_b)
    assert held_a[1] == held_b[1] and (held_a[2], held_a[3]) != (held_b[2], held_b[3])
    first, second = listing(stub, a, tokens_a[1]), listing(stub, b, tokens_b[1])
    # the same view for seat 1, other secrets elsewhere: the same previews
    assert list(first.commands_json) == list(second.commands_json)
    assert list(first.previews) == list(second.previews)
    for held, game_id, tokens in ((held_a, a, tokens_a), (held_b, b, tokens_b)):
        for seat, token in tokens.items():
            others = set().union(*(h for s, h in held.items() if s != seat))
            for preview in listing(stub, game_id, token).previews:
                named = {int(n) for n in CARD.findall(preview)}
                assert named and named <= held[seat] and not named & others, preview


def test_cli_legal_keeps_json_lines_and_shows_previews_on_request(server: ServerProcess) -> None:
    game_id, tokens = new_game(server, seats=2)
    plain = athanor(server, "legal", game_id, token=tokens[1]).stdout.splitlines()
    assert plain[0].startswith("# seat 1 at version") and "--previews" in plain[0]
    commands = [json.loads(line) for line in plain[1:]]  # every line a command, as before
    assert commands and all(c["type"] == "CommitCard" for c in commands)
    shown = athanor(server, "legal", game_id, "--previews", token=tokens[1]).stdout.splitlines()
    assert "--previews" not in shown[0]
    for line, command in zip(shown[1:], commands, strict=True):
        text, preview = line.split("\t")
        assert json.loads(text) == command  # `cut -f1` gives the command
        assert preview.startswith(f"# Card {command['card']} scores")
