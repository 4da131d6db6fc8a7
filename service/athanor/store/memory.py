"""An event store in this process's memory, with the Redis store's semantics.

For tests and tools that need no durability: the same checks (command ids, expected
versions, the hash chain), the same errors, the same snapshot rules. Records are kept
as their stored bytes and hash and decoded on each read, as from Redis, so no caller
shares a mutable body with the store. It is also a FeedSource: an append wakes the
feeds' readers waiting on that game.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field

from athanor.engine.record import GENESIS, Record
from athanor.store.checks import (
    RESERVED_META,
    check_batch,
    check_import,
    command_ranges,
    snapshot_due,
)
from athanor.store.errors import ChainMismatch, GameExists, GameNotFound, VersionConflict
from athanor.store.keys import check_game_id
from athanor.store.protocol import AppendResult, GameCursor, Head, Snapshot, snapshot_digest


@dataclass
class _Game:
    meta: dict[str, str]
    seed: bytes | None
    events: list[tuple[bytes, str]] = field(default_factory=list)  # (data, hash) by version
    commands: dict[str, tuple[int, int]] = field(default_factory=dict)
    snapshot: Snapshot | None = None

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def head_hash(self) -> str:
        return self.events[-1][1] if self.events else GENESIS


class MemoryEventStore:
    def __init__(self, snapshot_every: int = 100) -> None:
        self.snapshot_every = snapshot_every
        self._games: dict[str, _Game] = {}
        self._operators: set[str] = set()
        self._codes: dict[str, str] = {}
        self._lobby: dict[str, float] = {}
        # one event per game with a reader waiting; set (and dropped) by the next append
        self._appended: dict[str, asyncio.Event] = {}

    async def ping(self) -> bool:
        return True

    # -- operators ------------------------------------------------------------

    async def add_operator(self, token_hash: str) -> None:
        self._operators.add(token_hash)

    async def remove_operator(self, token_hash: str) -> None:
        self._operators.discard(token_hash)

    async def is_operator(self, token_hash: str) -> bool:
        return token_hash in self._operators

    # -- writes ---------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        meta: Mapping[str, str],
        seed: bytes,
        records: list[Record],
        command_id: str,
    ) -> AppendResult:
        """A new game from its first batch; retrying the same command_id is a duplicate."""
        if not command_id:
            raise ValueError("a command id is required")
        check_batch(records, 1, GENESIS)
        return self._create(
            game_id, meta, seed, records, command_id, {command_id: (1, records[-1].version)}
        )

    async def import_game(
        self,
        game_id: str,
        meta: Mapping[str, str],
        seed: bytes | None,
        records: list[Record],
    ) -> AppendResult:
        """A game from a complete exported log, its command table rebuilt from the records."""
        check_import(records)
        commands = {}
        for command_id, span in command_ranges(records).items():
            first, last = span.split(":")
            commands[command_id] = (int(first), int(last))
        return self._create(game_id, meta, seed, records, "", commands)

    def _create(
        self,
        game_id: str,
        meta: Mapping[str, str],
        seed: bytes | None,
        records: list[Record],
        command_id: str,
        commands: dict[str, tuple[int, int]],
    ) -> AppendResult:
        check_game_id(game_id)
        existing = self._games.get(game_id)
        if existing is not None:
            done = existing.commands.get(command_id) if command_id else None
            if done is None:
                raise GameExists(game_id)
            return AppendResult(*done, duplicate=True)
        fields = {k: v for k, v in meta.items() if k not in RESERVED_META}
        fields.setdefault("created", repr(time.time()))
        fields.setdefault("kind", "")
        fields.setdefault("rules_version", "")
        float(fields["created"])  # as the Redis store: a bad creation time is refused
        game = _Game(fields, seed, [(r.data, r.hash) for r in records], dict(commands))
        self._games[game_id] = game
        self._wake(game_id)
        return AppendResult(1, game.version, duplicate=False)

    async def append(
        self, game_id: str, expected_version: int, records: list[Record], command_id: str
    ) -> AppendResult:
        """Append one command's records atomically at `expected_version`."""
        if not command_id:
            raise ValueError("a command id is required")
        check_batch(records, expected_version + 1, records[0].prev_hash if records else "")
        game = self._game(game_id)
        # the command check comes first: a retry is answered even after the game moved on
        done = game.commands.get(command_id)
        if done is not None:
            return AppendResult(*done, duplicate=True)
        if game.version != expected_version:
            raise VersionConflict(expected_version, game.version)
        if game.head_hash != records[0].prev_hash:
            raise ChainMismatch(game.head_hash, records[0].prev_hash)
        first = game.version + 1
        game.events.extend((r.data, r.hash) for r in records)
        game.commands[command_id] = (first, game.version)
        self._wake(game_id)
        return AppendResult(first, game.version, duplicate=False)

    async def set_meta(self, game_id: str, fields: Mapping[str, str]) -> None:
        if RESERVED_META & fields.keys():
            raise ValueError(f"meta fields {sorted(RESERVED_META)} are written only by appends")
        if not fields:
            return
        self._game(game_id).meta.update(fields)

    async def save_snapshot(
        self, game_id: str, version: int, rules_version: str, data: bytes, head_hash: str = ""
    ) -> bool:
        """Store a snapshot unless a newer one is stored; True when it was stored."""
        game = self._game(game_id)
        if version > game.version:
            raise ValueError(f"snapshot version {version} is past the game's head")
        if game.snapshot is not None and game.snapshot.version > version:
            return False
        data = bytes(data)
        game.snapshot = Snapshot(version, rules_version, data, head_hash, snapshot_digest(data))
        return True

    # -- reads ----------------------------------------------------------------

    async def command_result(self, game_id: str, command_id: str) -> AppendResult | None:
        check_game_id(game_id)
        game = self._games.get(game_id)
        done = game.commands.get(command_id) if game else None
        return None if done is None else AppendResult(*done, duplicate=True)

    async def head(self, game_id: str) -> Head:
        return self._head(game_id, self._game(game_id))

    async def get_meta_field(self, game_id: str, name: str) -> str | None:
        return (await self.get_meta_fields(game_id, [name]))[0]

    async def get_meta_fields(self, game_id: str, names: Sequence[str]) -> list[str | None]:
        game = self._game(game_id)
        fields = {"version": str(game.version), "head": game.head_hash}
        return [fields[n] if n in fields else game.meta.get(n) for n in names]

    async def list_games(
        self, after: GameCursor | None = None, limit: int | None = None
    ) -> list[Head]:
        """Games oldest first (ties by id, as a sorted set orders them): those after
        `after`, at most `limit` (None: all)."""
        heads = sorted(
            (self._head(g, game) for g, game in self._games.items()),
            key=GameCursor.after,
        )
        if after is not None:
            heads = [h for h in heads if GameCursor.after(h) > after]
        return heads if limit is None else heads[:limit]

    async def read(
        self, game_id: str, start: int = 1, end: int | None = None, chunk: int = 1000
    ) -> AsyncIterator[Record]:
        """Records start..end (inclusive; end None: the head)."""
        game = self._game(game_id)
        stop = game.version if end is None else min(end, game.version)
        for version in range(max(start, 1), stop + 1):
            data, hash_ = game.events[version - 1]
            yield Record.from_stored(data, hash_)

    async def read_all(self, game_id: str, start: int = 1, end: int | None = None) -> list[Record]:
        return [rec async for rec in self.read(game_id, start, end)]

    async def seed(self, game_id: str) -> bytes:
        """The game's seed; b"" for a game imported without one."""
        return self._game(game_id).seed or b""

    async def load_snapshot(self, game_id: str) -> Snapshot | None:
        check_game_id(game_id)
        game = self._games.get(game_id)
        return game.snapshot if game else None

    def should_snapshot(self, previous_version: int, new_version: int) -> bool:
        return snapshot_due(self.snapshot_every, previous_version, new_version)

    # -- the lobby --------------------------------------------------------------

    async def add_code(self, code: str, game_id: str) -> bool:
        if code in self._codes:
            return False
        self._codes[code] = game_id
        return True

    async def game_of_code(self, code: str) -> str | None:
        return self._codes.get(code)

    async def drop_code(self, code: str) -> None:
        self._codes.pop(code, None)

    async def list_in_lobby(self, game_id: str, created: float) -> None:
        self._lobby.setdefault(game_id, created)

    async def unlist(self, game_id: str) -> None:
        self._lobby.pop(game_id, None)

    async def lobby(self) -> list[str]:
        return [g for g, _ in sorted(self._lobby.items(), key=lambda kv: (kv[1], kv[0]))]

    # -- FeedSource -----------------------------------------------------------

    async def has_game(self, game_id: str) -> bool:
        check_game_id(game_id)
        return game_id in self._games

    async def records(self, game_id: str, start: int, end: int | None, count: int) -> list[Record]:
        if game_id not in self._games:
            return []
        last = start + count - 1 if end is None else min(end, start + count - 1)
        return await self.read_all(game_id, start, last)

    async def last_version(self, game_id: str) -> int:
        game = self._games.get(game_id)
        return game.version if game else 0

    async def records_after(
        self, game_id: str, version: int, count: int, block_ms: int
    ) -> list[Record]:
        if await self.last_version(game_id) <= version:
            # no await between the check and taking the event: no append slips between
            appended = self._appended.setdefault(game_id, asyncio.Event())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(appended.wait(), block_ms / 1000 if block_ms else None)
        return await self.records(game_id, version + 1, None, count)

    # -- helpers --------------------------------------------------------------

    def _game(self, game_id: str) -> _Game:
        check_game_id(game_id)
        game = self._games.get(game_id)
        if game is None:
            raise GameNotFound(game_id)
        return game

    def _wake(self, game_id: str) -> None:
        appended = self._appended.pop(game_id, None)
        if appended is not None:
            appended.set()

    @staticmethod
    def _head(game_id: str, game: _Game) -> Head:
        meta = {**game.meta, "version": str(game.version), "head": game.head_hash}
        return Head(
            game_id=game_id,
            kind=meta.get("kind", ""),
            version=game.version,
            head_hash=game.head_hash,
            rules_version=meta.get("rules_version", ""),
            created=float(meta.get("created", "0")),
            meta=meta,
        )
