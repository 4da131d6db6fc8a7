"""An event as the CLI prints it: a line of words, or the JSON object `athanor log`
writes. `watch`, `act` and `log --text` print events through these alone, so every
command words an event the same way."""

from __future__ import annotations

import json
from typing import Any

import grpc
from google.protobuf.json_format import MessageToDict

from athanor.v1 import athanor_pb2 as pb

# how long `act` waits for the events it just caused (they are stored: they come at once)
EVENTS_TIMEOUT_S = 10.0


def event_object(ev: pb.Event) -> dict[str, Any]:
    """One event as a line of `athanor log` holds it (and `watch --json` prints it)."""
    return {"event": MessageToDict(ev, preserving_proto_field_name=True)}


def event_line(ev: pb.Event) -> str:
    """`v12 Ana brews a Healing potion.`: the sentence the server words for the caller's
    audience; the event's type where it has none."""
    text = " ".join(ev.text.split()) or (f"{ev.type} (seat {ev.seat})" if ev.seat else ev.type)
    return f"v{ev.version} {text}"


def print_event(ev: pb.Event, as_json: bool) -> None:
    if as_json:
        print(json.dumps(event_object(ev), sort_keys=True, ensure_ascii=False), flush=True)
    else:
        print(event_line(ev), flush=True)


def events_between(
    s: Any, md: Any, game_id: str, first: int, last: int, timeout: float = EVENTS_TIMEOUT_S
) -> list[pb.Event]:
    """The events first..last as the token's audience sees them (those that came, if
    not all come within `timeout`: the caller still has the versions)."""
    request = pb.WatchRequest(game_id=game_id, from_version=first)
    stream = s.Watch(request, metadata=md, timeout=timeout)
    got: list[pb.Event] = []
    try:
        for item in stream:
            if item.HasField("event"):
                got.append(item.event)
                if item.event.version >= last:
                    break
    except grpc.RpcError as err:
        if err.code() != grpc.StatusCode.DEADLINE_EXCEEDED:  # type: ignore[attr-defined]
            raise
    finally:
        stream.cancel()
    return got
