"""The event store: each game an append-only, hash-chained log. In Redis (one server or
a Redis Cluster), a stream written only by Lua scripts that check the version, the
command id and the hash chain in one atomic step; in memory, the same checks for tests
and tools."""

from athanor.store.embedded import ClusterUnavailable, EmbeddedRedis, connect, connect_cluster
from athanor.store.errors import (
    ChainMismatch,
    GameExists,
    GameNotFound,
    NotReplicated,
    SlowSubscriber,
    StoreError,
    StoreUnavailable,
    StoreUnsafe,
    VersionConflict,
)
from athanor.store.event_store import RedisEventStore
from athanor.store.feed import FeedSource, GameFeeds, RedisFeedSource, Subscription
from athanor.store.memory import MemoryEventStore
from athanor.store.protocol import (
    PAGE_SIZE_DEFAULT,
    PAGE_SIZE_MAX,
    AppendResult,
    EventStore,
    GameCursor,
    Head,
    Snapshot,
)

__all__ = [
    "PAGE_SIZE_DEFAULT",
    "PAGE_SIZE_MAX",
    "AppendResult",
    "ChainMismatch",
    "ClusterUnavailable",
    "EmbeddedRedis",
    "EventStore",
    "FeedSource",
    "GameCursor",
    "GameExists",
    "GameFeeds",
    "GameNotFound",
    "Head",
    "MemoryEventStore",
    "NotReplicated",
    "RedisEventStore",
    "RedisFeedSource",
    "SlowSubscriber",
    "Snapshot",
    "StoreError",
    "StoreUnavailable",
    "StoreUnsafe",
    "Subscription",
    "VersionConflict",
    "connect",
    "connect_cluster",
]
