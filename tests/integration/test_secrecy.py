"""Random command sequences over gRPC never leak a seat's secret.

Ground truth comes from the operator's stored log, folded locally with the same
rules. For every seat after every command: the view the server sends equals the
pure view of the true state for that seat (the engine tests show that pure view does
not change when other seats' hidden cards do); every streamed event the seat may
not see arrives with only its redacted body; a rejection's message is the same
whatever the hidden cards are.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import replace

import grpc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.record import Record
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.v1 import athanor_pb2 as pb
from tests.fixture_game.crucible import RULES, CrucibleState
from tests.integration.helpers import bearer, legal, new_game
from tests.server_process import ServerProcess

garbage = st.fixed_dictionaries(
    {"type": st.sampled_from(["CommitCard", "RollDie", "Peek", ""])},
    optional={"card": st.integers(-2, 14), "face": st.integers(0, 7)},
)
steps = st.lists(
    st.tuples(st.integers(1, 4), st.one_of(st.integers(0, 5), garbage)), min_size=1, max_size=25
)


def true_records(server: ServerProcess, game_id: str) -> list[Record]:
    entries = server.stub().GetLog(pb.GetLogRequest(game_id=game_id), metadata=server.operator())
    return [
        Record.from_stored(e.stored.data.encode(), e.stored.hash)
        for e in entries
        if e.HasField("stored")
    ]


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(seats=st.integers(2, 4), script=steps)
def test_no_seat_sees_another_seats_secret(server: ServerProcess, seats: int, script: list) -> None:
    game_id, tokens = new_game(server, seats=seats, rounds="2")
    stub = server.stub()
    streams = {
        s: stub.Watch(pb.WatchRequest(game_id=game_id, from_version=1), metadata=bearer(t))
        for s, t in tokens.items()
    }
    errors: list[tuple[int, int, dict, str]] = []
    for seat_pick, move in script:
        seat = (seat_pick - 1) % seats + 1
        token = tokens[seat]
        if isinstance(move, int):
            options = legal(stub, game_id, token)
            if not options:
                continue
            command = options[move % len(options)]
        else:
            command = move
        version = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=bearer(token)).version
        try:
            stub.Act(
                pb.ActRequest(
                    game_id=game_id, command_json=json.dumps(command), command_id=uuid.uuid4().hex
                ),
                metadata=bearer(token),
            )
        except grpc.RpcError as err:
            errors.append((seat, version, command, err.details()))

    records = true_records(server, game_id)
    state = game.fold(RULES, records)
    for seat, token in tokens.items():
        reply = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=bearer(token))
        assert json.loads(reply.view_json) == game.view(RULES, state, seat)
        for other in json.loads(reply.view_json)["game"]["seats"].values():
            assert set(other) == {"hand_size", "committed"}
    spectator = stub.GetView(pb.GetViewRequest(game_id=game_id))
    assert "hand" not in json.loads(spectator.view_json)["game"]

    for seat, stream in streams.items():
        got: list[pb.Event] = []
        for item in stream:
            if item.HasField("event"):
                got.append(item.event)
                if item.event.version == records[-1].version:
                    break
        stream.cancel()
        assert [e.version for e in got] == [r.version for r in records]
        for event, rec in zip(got, records, strict=True):
            body = json.loads(event.body_json)
            if rec.visibility.shows(seat):
                assert body == rec.body and not event.redacted
            else:
                assert event.redacted and body == (rec.redacted or {})
            assert bool(event.command_json) == (rec.command is not None and rec.seat == seat)

    # a rejection says the same whatever the other seats hold: deciding the command
    # again where every card hidden from the seat has moved gives the same words
    for seat, version, command, message in errors:
        before = game.fold(RULES, records[:version])
        moved = replace(before, rules_state=_rotate_hidden(before.rules_state, seat))
        try:
            game.decide(RULES, moved, command, seat, b"any seed")
        except RuleViolation as err:
            assert message == f"{err.reason} [{err.rule_id}]"
        except BadCommand as err:
            assert message == str(err)
        else:
            raise AssertionError(f"{command} was refused but is legal once hidden cards move")


def _rotate_hidden(rules_state: CrucibleState, seat: int) -> CrucibleState:
    """The same state with every card `seat` cannot see moved one place along."""
    new = rules_state.clone()
    places = [("deck", None, i) for i in range(len(new.deck))]
    for s, hand in sorted(new.hands.items()):
        if s != seat:
            places += [("hand", s, i) for i in range(len(hand))]
    for s in sorted(new.committed):
        if s != seat and not new.revealed:
            places.append(("committed", s, 0))

    def get(place: tuple) -> int:
        where, s, i = place
        if where == "deck":
            return new.deck[i]
        return new.hands[s][i] if where == "hand" else new.committed[s]

    values = [get(p) for p in places]
    values = values[1:] + values[:1]
    for (where, s, i), value in zip(places, values, strict=True):
        if where == "deck":
            new.deck[i] = value
        elif where == "hand":
            new.hands[s][i] = value
        else:
            new.committed[s] = value
    return new
