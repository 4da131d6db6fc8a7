"""A stored game's records, seed and rules, wherever they are kept: in Redis, or in
the bundle of an archived game (read on demand and checked against its stub)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from athanor.app.kinds import Kinds
from athanor.engine.record import Record
from athanor.engine.rules import Rules
from athanor.store import EventStore, Head
from athanor.store.archive import Bundle, BundleStore, BundleUnreadable, stub_of


class Records:
    def __init__(self, store: EventStore, kinds: Kinds, bundles: BundleStore | None) -> None:
        self.store = store
        self.kinds = kinds
        # the archive's bundles; None: this server keeps no archive
        self.bundles = bundles

    async def rules_of(self, head: Head) -> Rules:
        """The rules a stored game is played with: its kind, its pack's digest (a game
        stored before packs were recorded has none: the built-in pack) and the rules
        version it was created under, so an older game goes on under its own rules.
        Where one version string named two behaviours, its GameCreated record's schema
        tells which (one record read, for those games only)."""
        schema = 0
        if self.kinds.split_by_schema(head.kind, head.rules_version):
            first = [rec async for rec in self.read(head, 1, 1)]
            schema = first[0].schema if first else 0
        return self.kinds.get(head.kind, head.meta.get("pack", ""), head.rules_version, schema)

    async def bundle(self, head: Head, fresh: bool = False) -> Bundle | None:
        """The bundle of an archived game, checked against its stub; None for a game
        in Redis. `fresh` reads its file again (verify)."""
        stub = stub_of(head.meta)
        if stub is None:
            return None
        if self.bundles is None:
            raise BundleUnreadable(
                f"game {head.game_id} is archived and this server keeps no archive", stub.bundle
            )
        return await self.bundles.load(head.game_id, stub, head.version, head.head_hash, fresh)

    async def read(
        self, head: Head, start: int = 1, end: int | None = None, fresh: bool = False
    ) -> AsyncIterator[Record]:
        """Records start..end (None: to the head) from Redis, or from an archived game's
        bundle; a read that an archiving cut short goes on from the bundle. Never past
        `head`: what was appended since is not part of the game as `head` has it."""
        last = head.version if end is None else min(end, head.version)
        nxt = max(start, 1)
        bundle = await self.bundle(head, fresh)
        if bundle is None:
            async for rec in self.store.read(head.game_id, nxt, last):
                nxt = rec.version + 1
                yield rec
            if nxt > last:
                return
            bundle = await self.bundle(await self.store.head(head.game_id), fresh)
            if bundle is None:
                return  # as Redis holds it (verify names what is missing)
        for rec in bundle.records[nxt - 1 : last]:
            yield rec

    async def seed(self, head: Head) -> bytes:
        """The game's seed, from Redis or from its bundle."""
        bundle = await self.bundle(head)
        if bundle is not None:
            return bundle.seed
        seed = await self.store.seed(head.game_id)
        if not seed:  # archived since the head was read? the seed left with the events
            bundle = await self.bundle(await self.store.head(head.game_id))
            if bundle is not None:
                return bundle.seed
        return seed
