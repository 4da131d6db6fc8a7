"""What the service needs of an event store, and the values a store hands back.

`EventStore` names exactly the calls the game service makes; `RedisEventStore` (the
real one) and `MemoryEventStore` (tests, tools) both satisfy it. Server-side chores
(ping, durability checks, adding operator tokens) stay on the concrete stores.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import math
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from athanor.engine.record import Record


@dataclass(frozen=True)
class AppendResult:
    first_version: int
    last_version: int
    duplicate: bool = False


@dataclass(frozen=True)
class Head:
    game_id: str
    kind: str
    version: int
    head_hash: str
    rules_version: str
    created: float
    meta: dict[str, str] = field(default_factory=dict)  # the whole meta hash


# a listing's pages: the default and the largest number of games in one
PAGE_SIZE_DEFAULT = 100
PAGE_SIZE_MAX = 1000


@dataclass(frozen=True, order=True)
class GameCursor:
    """Where a listing of games resumes: after this game, in the index's order (by
    creation time, then by id). A token carries it to the client and back."""

    created: float
    game_id: str

    @classmethod
    def after(cls, head: Head) -> GameCursor:
        return cls(head.created, head.game_id)

    def token(self) -> str:
        text = json.dumps([self.created, self.game_id], separators=(",", ":"))
        return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")

    @classmethod
    def parse(cls, token: str) -> GameCursor:
        """The cursor a token carries; ValueError for anything `token` did not make."""
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            created, game_id = json.loads(raw)
        except (binascii.Error, UnicodeDecodeError, ValueError, TypeError) as err:
            raise ValueError("not a page token") from err
        if not isinstance(created, int | float) or isinstance(created, bool):
            raise ValueError("not a page token")
        if not isinstance(game_id, str) or not game_id or not math.isfinite(created):
            raise ValueError("not a page token")
        return cls(float(created), game_id)


def snapshot_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Snapshot:
    """A game's state at `version`, as the service dumped it.

    `head_hash` is the chain hash of the event at `version` and `digest` the sha256 of
    `data`, both recorded when it was saved; a snapshot saved before they existed has
    them empty and is never trusted.
    """

    version: int
    rules_version: str
    data: bytes
    head_hash: str = ""
    digest: str = ""

    @property
    def digest_ok(self) -> bool:
        """The data is the bytes that were saved (no digest: nothing to vouch for it)."""
        return bool(self.digest) and hmac.compare_digest(self.digest, snapshot_digest(self.data))


class EventStore(Protocol):
    """Games as append-only, hash-chained event logs, with their meta and snapshots.

    Every write checks atomically: a repeated command id is answered with the original
    result, a stale expected version raises VersionConflict, a batch not chained to the
    stored head raises ChainMismatch; a missing game raises GameNotFound.
    """

    async def is_operator(self, token_hash: str) -> bool: ...

    async def create(
        self,
        game_id: str,
        meta: Mapping[str, str],
        seed: bytes,
        records: list[Record],
        command_id: str,
    ) -> AppendResult: ...

    async def import_game(
        self,
        game_id: str,
        meta: Mapping[str, str],
        seed: bytes | None,
        records: list[Record],
    ) -> AppendResult: ...

    async def append(
        self, game_id: str, expected_version: int, records: list[Record], command_id: str
    ) -> AppendResult: ...

    async def set_meta(self, game_id: str, fields: Mapping[str, str]) -> None: ...

    async def save_snapshot(
        self, game_id: str, version: int, rules_version: str, data: bytes, head_hash: str = ""
    ) -> bool: ...

    async def command_result(self, game_id: str, command_id: str) -> AppendResult | None: ...

    async def head(self, game_id: str) -> Head: ...

    async def get_meta_field(self, game_id: str, name: str) -> str | None: ...

    async def get_meta_fields(self, game_id: str, names: Sequence[str]) -> list[str | None]:
        """The named meta fields (None for one not set), read together."""
        ...

    async def list_games(
        self, after: GameCursor | None = None, limit: int | None = None
    ) -> list[Head]:
        """Games oldest first (ties by id): those after `after`, at most `limit` (None:
        every one)."""
        ...

    def read(
        self, game_id: str, start: int = 1, end: int | None = None, chunk: int = 1000
    ) -> AsyncIterator[Record]: ...

    async def read_all(
        self, game_id: str, start: int = 1, end: int | None = None
    ) -> list[Record]: ...

    async def seed(self, game_id: str) -> bytes: ...

    async def load_snapshot(self, game_id: str) -> Snapshot | None: ...

    def should_snapshot(self, previous_version: int, new_version: int) -> bool: ...

    # -- the lobby: join codes and the listing of open games ------------------

    async def add_code(self, code: str, game_id: str) -> bool:
        """Point `code` at `game_id` unless it is taken; True when it was free."""
        ...

    async def game_of_code(self, code: str) -> str | None: ...

    async def drop_code(self, code: str) -> None: ...

    async def list_in_lobby(self, game_id: str, created: float) -> None: ...

    async def unlist(self, game_id: str) -> None: ...

    async def lobby(self) -> list[str]:
        """The listed open games' ids, oldest first."""
        ...
