"""The event store: each game an append-only Redis stream, written only by Lua scripts
that check the version, the command id and the hash chain in one atomic step."""

from athanor.store.embedded import EmbeddedRedis, connect
from athanor.store.errors import (
    ChainMismatch,
    GameExists,
    GameNotFound,
    SlowSubscriber,
    StoreError,
    StoreUnsafe,
    VersionConflict,
)
from athanor.store.event_store import AppendResult, Head, RedisEventStore, Snapshot
from athanor.store.feed import GameFeeds, Subscription

__all__ = [
    "AppendResult",
    "ChainMismatch",
    "EmbeddedRedis",
    "GameExists",
    "GameFeeds",
    "GameNotFound",
    "Head",
    "RedisEventStore",
    "SlowSubscriber",
    "Snapshot",
    "StoreError",
    "StoreUnsafe",
    "Subscription",
    "VersionConflict",
    "connect",
]
