"""What the event store raises: each names the game or versions involved."""

from __future__ import annotations


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class GameNotFound(StoreError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} does not exist")
        self.game_id = game_id


class GameExists(StoreError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} already exists")
        self.game_id = game_id


class VersionConflict(StoreError):
    """The game is not at the version the caller decided on."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected version {expected}, the game is at {actual}")
        self.expected = expected
        self.actual = actual


class ChainMismatch(StoreError):
    """The first record does not chain to the stored head (a stale or forged batch)."""

    def __init__(self, head: str, prev_hash: str) -> None:
        super().__init__(f"records chain to {prev_hash[:12]}…, the stored head is {head[:12]}…")
        self.head = head
        self.prev_hash = prev_hash


class StoreUnsafe(StoreError):
    """The Redis server is configured so that it may lose events."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SlowSubscriber(StoreError):
    """A live subscriber fell behind its queue and was dropped; it should resubscribe."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"subscriber to game {game_id!r} fell behind and was dropped")
        self.game_id = game_id


class StoreUnavailable(StoreError):
    """The store cannot say whether a write will last; the caller may retry it (with the
    same command id, which the command table answers if the first try landed)."""


class NotReplicated(StoreUnavailable):
    """A write ran on the primary, but fewer replicas than required confirmed it in time.

    It may or may not survive a failover. `reply` is what the write answered, so the
    store can still report a refusal (which wrote nothing) as what it is.
    """

    def __init__(self, needed: int, acked: int, reply: object = None) -> None:
        super().__init__(
            f"the write reached {acked} of {needed} required replicas in time: it may not "
            "survive a failover; retrying with the same command id is safe"
        )
        self.needed = needed
        self.acked = acked
        self.reply = reply
