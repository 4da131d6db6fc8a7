"""Sealed records for store tests, built the way the service builds them."""

from __future__ import annotations

from typing import Any

from redis.asyncio.cluster import RedisCluster

from athanor.engine.events import Event, only_seats
from athanor.engine.record import GENESIS, Record, seal_batch
from athanor.store import AppendResult, EventStore

TIME = "2024-05-01T12:00:00.000+00:00"
META = {"kind": "tick", "rules_version": "1", "seats": "2", "seat_token:1": "ab" * 32}


def batch(first_version: int, prev_hash: str, n: int, command_id: str) -> list[Record]:
    """n chained records; every other one private to seat 1 with a redacted body."""
    events = [
        Event("tick", {"n": first_version + i, "note": "é✓"})
        if i % 2 == 0
        else Event("secret", {"card": i}, only_seats(1), {"card": None})
        for i in range(n)
    ]
    return seal_batch(
        events,
        first_version=first_version,
        prev_hash=prev_hash,
        seat=0 if first_version == 1 else 1,
        command_id=command_id,
        command={"type": "tick", "n": n},
        time=TIME,
        schemas={},
    )


async def new_game(store: EventStore, game_id: str, n: int = 2) -> list[Record]:
    records = batch(1, GENESIS, n, f"create-{game_id}")
    await store.create(game_id, dict(META), b"\x00seed\xff", records, f"create-{game_id}")
    return records


async def extend(
    store: EventStore, game_id: str, log: list[Record], n: int, command_id: str
) -> AppendResult:
    """Append n records at the log's head and add them to `log`."""
    records = batch(log[-1].version + 1, log[-1].hash, n, command_id)
    result = await store.append(game_id, log[-1].version, records, command_id)
    log.extend(records)
    return result


def on_node_of(client: Any, key: str) -> dict[str, Any]:
    """What sends a server command (KEYS, CLIENT KILL) where `key` lives: on a cluster,
    the node that owns its slot; on one Redis, nothing is needed."""
    if isinstance(client, RedisCluster):
        return {"target_nodes": client.get_node_from_key(key)}
    return {}
