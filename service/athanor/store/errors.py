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
