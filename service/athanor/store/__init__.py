"""The event store: each game an append-only, hash-chained log. In Redis, a stream
written only by Lua scripts that check the version, the command id and the hash chain
in one atomic step; in memory, the same checks for tests and tools."""

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
from athanor.store.event_store import RedisEventStore
from athanor.store.feed import FeedSource, GameFeeds, RedisFeedSource, Subscription
from athanor.store.memory import MemoryEventStore
from athanor.store.protocol import AppendResult, EventStore, Head, Snapshot

__all__ = [
    "AppendResult",
    "ChainMismatch",
    "EmbeddedRedis",
    "EventStore",
    "FeedSource",
    "GameExists",
    "GameFeeds",
    "GameNotFound",
    "Head",
    "MemoryEventStore",
    "RedisEventStore",
    "RedisFeedSource",
    "SlowSubscriber",
    "Snapshot",
    "StoreError",
    "StoreUnsafe",
    "Subscription",
    "VersionConflict",
    "connect",
]
