"""Archiving finished games: the operator's ArchiveGame and the --archive-after policy.

A finished game's events leave Redis for a bundle in the archive directory (see
athanor.store.archive); its meta stays as a stub naming the bundle, and every read of
the game loads the bundle on demand. The bundle is written, fsynced and read back
before Redis is touched; the swap to the stub is one script that checks the game is
still at the bundled version and not archived already, so several servers sharing a
Redis (and the archive directory) may archive at once: one wins, the others answer
with its bundle.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from redis.exceptions import RedisError

from athanor.app.access import require_operator
from athanor.app.auth import Caller
from athanor.app.kinds import UnknownKind, UnknownPack, UnknownRules
from athanor.app.loaded import stamp
from athanor.app.loading import Games
from athanor.engine.violations import RuleViolation
from athanor.store import (
    GameCursor,
    GameNotFound,
    Head,
    RedisEventStore,
    StoreError,
    VersionConflict,
)
from athanor.store.archive import (
    BundleStore,
    BundleUnreadable,
    Stub,
    StubSwap,
    dropped_keys,
    export_header,
    memory_usage,
    stub_of,
)
from athanor.store.budget import turn
from athanor.store.keys import GameKeys

log = logging.getLogger("athanor.archive")
RULE = "ARCHIVE"
# games read from the index at a time by the policy's scan
PAGE = 200
# the policy scans as often as its age (a day's age: hourly), within these bounds
MIN_PERIOD_SECONDS = 2.0
MAX_PERIOD_SECONDS = 3600.0
DAY_SECONDS = 86400.0


@dataclass(frozen=True)
class Archived:
    game_id: str
    bundle: str  # the file's name in the archive directory
    bundle_bytes: int
    sha256: str
    events: int
    freed_bytes: int  # MEMORY USAGE of the deleted keys, measured before the swap


class Archiver:
    """Moves finished games from Redis to bundles; its bundles serve the reads."""

    def __init__(
        self, store: RedisEventStore, bundles: BundleStore, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.bundles = bundles
        self.clock = clock
        self._swap = StubSwap(store.client)
        # one archiving of a game at a time in this process (the script settles races
        # between processes)
        self._locks: dict[str, asyncio.Lock] = {}

    async def archive(self, games: Games, game_id: str) -> Archived:
        """Archive a finished game; an archived one is answered with its bundle."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        try:
            async with turn(lock):
                return await self._archive(games, game_id)
        finally:
            if not lock.locked():
                self._locks.pop(game_id, None)

    async def _archive(self, games: Games, game_id: str) -> Archived:
        head = await self.store.head(game_id)  # NOT_FOUND first
        stub = stub_of(head.meta)
        if stub is not None:
            return self._answer(head, stub)
        loaded = await games.load(game_id)
        if not loaded.state.over:
            raise RuleViolation("NOT_OVER", "only a finished game is archived", RULE)
        records = await self.store.read_all(game_id, 1, head.version)
        if len(records) != head.version or records[-1].hash != head.head_hash:
            again = await self.store.head(game_id)  # archived by another server meanwhile?
            stub = stub_of(again.meta)
            if stub is not None:
                return self._answer(again, stub)
            raise RuleViolation(
                "NOT_SOUND", "the stored events do not end at the game's head: verify it", RULE
            )
        seed = await self.store.seed(game_id)
        header = export_header(game_id, head.kind, head.rules_version, seed, records)
        keys = GameKeys.of(game_id)
        freed = await memory_usage(self.store.client, dropped_keys(keys))
        written = await self.bundles.write(game_id, header, records)
        swap = await self._swap.run(
            keys, head.version, head.head_hash, written, stamp(self.clock()), freed
        )
        if swap.status == "ok":
            log.info(
                "archived game=%s events=%d bundle_bytes=%d freed_bytes=%d bundle=%s",
                game_id, head.version, written.size, freed, written.name,
            )  # fmt: skip
            return Archived(
                game_id, written.name, written.size, written.sha256, head.version, freed
            )
        # lost: our file goes unless it is the very one recorded (the same bytes)
        if swap.bundle != written.name:
            self.bundles.discard(written.name)
        if swap.status == "archived":
            again = await self.store.head(game_id)
            stub = stub_of(again.meta)
            if stub is not None:
                return self._answer(again, stub)
        if swap.status == "changed":
            now = await self.store.head(game_id)
            raise VersionConflict(head.version, now.version)
        raise GameNotFound(game_id)

    def _answer(self, head: Head, stub: Stub) -> Archived:
        size = self.bundles.size(stub.bundle)
        return Archived(head.game_id, stub.bundle, size, stub.sha256, head.version, stub.freed)

    async def finished_at(self, game_id: str, version: int) -> float | None:
        """When the game's last event was recorded (Unix seconds); None: no event."""
        last = await self.store.read_all(game_id, version, version)
        if not last:
            return None
        return datetime.fromisoformat(last[0].time).timestamp()

    async def sweep(self, games: Games, finished_before: float) -> list[Archived]:
        """One pass over the games' index, a page at a time: each finished game whose
        last event was recorded before `finished_before` (Unix seconds) is archived.
        A game that cannot be is logged and left for the next pass."""
        done: list[Archived] = []
        after: GameCursor | None = None
        while True:
            page = await self.store.list_games(after=after, limit=PAGE)
            for head in page:
                if head.meta.get("over") != "1" or stub_of(head.meta) is not None:
                    continue
                game_id = head.game_id
                try:
                    finished = await self.finished_at(game_id, head.version)
                    if finished is None or finished >= finished_before:
                        continue
                    done.append(await self.archive(games, game_id))
                except BundleUnreadable as err:  # the directory, not the game: stop here
                    log.warning("archive pass stopped: %s", err)
                    return done
                except (StoreError, RuleViolation, UnknownKind, UnknownPack, UnknownRules) as err:
                    log.warning("game=%s not archived: %s", game_id, err)
                except (RedisError, OSError, TimeoutError):
                    raise  # Redis or the disk is gone: the pass stops, the next one retries
                except Exception as err:  # one game's bug must not stop the others
                    log.error("game=%s not archived: %s", game_id, type(err).__name__)
            if len(page) < PAGE:
                return done
            after = GameCursor.after(page[-1])


class Archiving:
    """The operator's ArchiveGame call, on a server with an archive or without one."""

    def __init__(self, archiver: Archiver | None, games: Games) -> None:
        self.archiver = archiver
        self.games = games

    async def archive_game(self, game_id: str, caller: Caller) -> Archived:
        """Operator: move a finished game to a bundle, leaving a stub in Redis."""
        require_operator(caller)
        if self.archiver is None:
            raise BundleUnreadable("this server keeps no archive")
        return await self.archiver.archive(self.games, game_id)


class HoldsGames(Protocol):
    """What the policy archives through: anything holding the loaded games (the
    service)."""

    @property
    def games(self) -> Games: ...


class ArchivePolicy:
    """--archive-after DAYS: a task that archives every game finished more than DAYS
    ago, at start and then periodically."""

    def __init__(
        self,
        archiver: Archiver,
        service: HoldsGames,
        after_days: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.archiver = archiver
        self.service = service
        self.after_seconds = max(0.0, after_days) * DAY_SECONDS
        self.period = min(MAX_PERIOD_SECONDS, max(MIN_PERIOD_SECONDS, self.after_seconds))
        self.clock = clock
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                await self.archiver.sweep(self.service.games, self.clock() - self.after_seconds)
            except (RedisError, OSError, TimeoutError) as err:
                log.warning(
                    "archive pass stopped (%s): again in %.0fs", type(err).__name__, self.period
                )
            except Exception as err:  # a bug must not end the policy: logged by type
                log.error("archive pass failed: %s", type(err).__name__)
            await asyncio.sleep(self.period)
