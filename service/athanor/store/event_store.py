"""The event store: each game an append-only Redis stream guarded by Lua scripts.

The client is one Redis or a Redis Cluster (RedisCluster): every script and every
multi-key command touches one game's keys, which share a hash tag and so a slot; the
global keys (the index, the operators, the lobby) are each touched alone.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import (
    AskError,
    ClusterError,
    RedisClusterException,
    RedisError,
    ResponseError,
    TryAgainError,
)

from athanor.engine.record import GENESIS, Record
from athanor.store import scripts
from athanor.store.batching import ScriptBatcher
from athanor.store.budget import within_budget
from athanor.store.checks import (
    RESERVED_META,
    check_batch,
    check_import,
    command_ranges,
    snapshot_due,
)
from athanor.store.entries import entry_id, record_of
from athanor.store.errors import (
    ChainMismatch,
    GameExists,
    GameNotFound,
    NotReplicated,
    StoreUnavailable,
    StoreUnsafe,
    VersionConflict,
)
from athanor.store.keys import CODES, GAMES, LOBBY, OPERATORS, GameKeys
from athanor.store.protocol import AppendResult, GameCursor, Head, Snapshot, snapshot_digest

log = logging.getLogger(__name__)
PING_TIMEOUT = 2.0
LIST_CHUNK = 1000  # index entries read at a time when a listing has no limit
Client = aioredis.Redis | RedisCluster
# what a cluster pipeline may raise while the cluster heals (a failover under way)
CLUSTER_REFUSALS = (ClusterError, TryAgainError, AskError)


class RedisEventStore:
    """Games as Redis streams. The client must not decode responses (bytes stay exact).

    With `min_replicas` N > 0 a create, import or append (and the answer to a repeated
    command id) is acknowledged only once N replicas confirm it (Redis WAIT, up to
    `replica_timeout` seconds); otherwise it raises NotReplicated.
    """

    def __init__(
        self,
        client: Client,
        snapshot_every: int = 100,
        min_replicas: int = 0,
        replica_timeout: float = 1.0,
    ) -> None:
        self.client = client
        self.snapshot_every = snapshot_every
        self.min_replicas = min_replicas
        self._create = client.register_script(scripts.CREATE)
        self._append = client.register_script(scripts.APPEND)
        self._command_result = client.register_script(scripts.COMMAND_RESULT)
        self._appends = ScriptBatcher(
            client, min_replicas=min_replicas, replica_timeout_ms=round(replica_timeout * 1000)
        )
        self._save_snapshot = client.register_script(scripts.SAVE_SNAPSHOT)
        self._set_meta = client.register_script(scripts.SET_META)

    # -- server ---------------------------------------------------------------

    async def ping(self) -> bool:
        """True when Redis (on a cluster: every master) answers; False, never an
        exception, when it does not."""
        try:
            if isinstance(self.client, RedisCluster):
                ping = self.client.ping(target_nodes=RedisCluster.PRIMARIES)
            else:
                ping = self.client.ping()
            return bool(await asyncio.wait_for(ping, PING_TIMEOUT))
        except (RedisError, RedisClusterException, OSError, TimeoutError):
            return False

    async def check_durable(self) -> None:
        """Raise StoreUnsafe unless the server's maxmemory-policy is noeviction.

        Any other policy is refused even when maxmemory is 0 today: maxmemory can be set
        at runtime, and then the server would silently evict games (volatile-* policies
        only touch keys with a TTL, but nothing should hang on that).
        """
        # on a cluster every node, replicas too: any of them may be promoted
        nodes: list[Any] = (
            self.client.get_nodes() if isinstance(self.client, RedisCluster) else [None]
        )
        for node in nodes:
            policy = await self._maxmemory_policy(node)
            if policy != "noeviction":
                where = "" if node is None else f" on {node.name}"
                raise StoreUnsafe(
                    f"Redis maxmemory-policy is {policy!r}{where}: the server may evict game "
                    "keys and lose events; set maxmemory-policy noeviction"
                )

    async def _maxmemory_policy(self, node: Any = None) -> str:
        on: dict[str, Any] = {} if node is None else {"target_nodes": node}
        try:
            got = await self.client.config_get("maxmemory-policy", **on)
            value = _text(got.get(b"maxmemory-policy", got.get("maxmemory-policy", b"")))
            if value:
                return value
        except ResponseError:
            pass  # CONFIG is often disabled on managed Redis: INFO still tells
        info = await self.client.info("memory", **on)
        return _text(info.get("maxmemory_policy", ""))

    async def check_replicas(self) -> None:
        """Warn (in the log) about each master with fewer replicas than min_replicas:
        appends to its games fail until they connect."""
        if not self.min_replicas:
            return
        for where, count in (await self.replicas()).items():
            if count < self.min_replicas:
                log.warning(
                    "Redis%s has %d connected replicas, fewer than --min-replicas %d: "
                    "appends there fail until more connect",
                    f" {where}" if where else "",
                    count,
                    self.min_replicas,
                )

    async def replicas(self) -> dict[str, int]:
        """Each master's connected replicas, by address ("" for a single Redis)."""
        if not isinstance(self.client, RedisCluster):
            info = await self.client.info("replication")
            return {"": int(info.get("connected_slaves", 0))}
        out = {}
        for node in self.client.get_primaries():
            info = await self.client.info("replication", target_nodes=node)
            out[node.name] = int(info.get("connected_slaves", 0))
        return out

    # -- operators ------------------------------------------------------------

    async def add_operator(self, token_hash: str) -> None:
        await self.client.sadd(OPERATORS, token_hash)

    async def remove_operator(self, token_hash: str) -> None:
        await self.client.srem(OPERATORS, token_hash)

    async def is_operator(self, token_hash: str) -> bool:
        return bool(await self.client.sismember(OPERATORS, token_hash))

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
        return await self._run_create(
            game_id, meta, seed, records, command_id, {command_id: f"1:{records[-1].version}"}
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
        return await self._run_create(game_id, meta, seed, records, "", command_ranges(records))

    async def _run_create(
        self,
        game_id: str,
        meta: Mapping[str, str],
        seed: bytes | None,
        records: list[Record],
        command_id: str,
        commands: Mapping[str, str],
    ) -> AppendResult:
        keys = GameKeys.of(game_id)
        fields = {k: v for k, v in meta.items() if k not in RESERVED_META}
        fields.setdefault("created", repr(time.time()))
        fields.setdefault("kind", "")
        fields.setdefault("rules_version", "")
        created = float(fields["created"])
        args: list[Any] = [
            command_id,
            "0" if seed is None else "1",
            seed or b"",
            len(fields),
            len(commands),
            len(records),
        ]
        args += _flatten(fields.items())
        args += _flatten(commands.items())
        args += _flatten((r.data, r.hash) for r in records)
        reply = await self._write(self._create, [keys.meta, keys.events, keys.cmd, keys.seed], args)
        status = _text(reply[0])
        if status == "exists":
            raise GameExists(game_id)
        result = _result(reply[1], duplicate=status == "dup")
        # the index is another slot in Redis Cluster, hence outside the script; a crash
        # here leaves a game that works but is not listed (ZADD again on a duplicate)
        await self._appends.command(GAMES, "ZADD", GAMES, "NX", repr(created), game_id)
        return result

    async def _write(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """A batched write script's reply. NotReplicated is raised only for a reply that
        wrote ("ok", or "dup", which rewrites its entry): a refusal wrote nothing."""
        try:
            return await self._appends.run(script, keys, args)
        except NotReplicated as err:
            reply: Any = err.reply
            if reply is None or _text(reply[0]) in ("ok", "dup"):
                raise
            return reply

    async def append(
        self, game_id: str, expected_version: int, records: list[Record], command_id: str
    ) -> AppendResult:
        """Append one command's records atomically at `expected_version`."""
        if not command_id:
            raise ValueError("a command id is required")
        check_batch(records, expected_version + 1, records[0].prev_hash if records else "")
        keys = GameKeys.of(game_id)
        args: list[Any] = [command_id, expected_version, records[0].prev_hash]
        args += _flatten((r.data, r.hash) for r in records)
        reply = await self._write(self._append, [keys.meta, keys.events, keys.cmd], args)
        match _text(reply[0]):
            case "ok":
                return _result(reply[1], duplicate=False)
            case "dup":
                return _result(reply[1], duplicate=True)
            case "missing":
                raise GameNotFound(game_id)
            case "conflict":
                raise VersionConflict(expected_version, int(reply[1]))
            case "chain":
                raise ChainMismatch(_text(reply[1]), records[0].prev_hash)
            case other:
                raise RuntimeError(f"unexpected append reply {other!r}")

    async def set_meta(self, game_id: str, fields: Mapping[str, str]) -> None:
        if RESERVED_META & fields.keys():
            raise ValueError(f"meta fields {sorted(RESERVED_META)} are written only by appends")
        if not fields:
            return
        keys = GameKeys.of(game_id)
        if not await self._set_meta(keys=[keys.meta], args=_flatten(fields.items())):
            raise GameNotFound(game_id)

    async def save_snapshot(
        self, game_id: str, version: int, rules_version: str, data: bytes, head_hash: str = ""
    ) -> bool:
        """Store a snapshot unless a newer one is stored; True when it was stored.

        An equal version replaces: a re-snapshot under new rules must win. `head_hash`
        is the chain hash at `version`; the digest of `data` is recorded beside it.
        """
        keys = GameKeys.of(game_id)
        args = [version, rules_version, data, head_hash, snapshot_digest(data)]
        got = int(await self._save_snapshot(keys=[keys.snap, keys.meta], args=args))
        if got == -1:
            raise GameNotFound(game_id)
        if got == -2:
            raise ValueError(f"snapshot version {version} is past the game's head")
        return got == 1

    # -- reads ----------------------------------------------------------------

    async def command_result(self, game_id: str, command_id: str) -> AppendResult | None:
        """The recorded result of `command_id` (a duplicate), or None. With min_replicas
        it is confirmed as a duplicate append is: the replicas must have it."""
        cmd = GameKeys.of(game_id).cmd
        if not self.min_replicas:
            got = await self.client.hget(cmd, command_id)
        else:
            try:
                got = await self._appends.run(self._command_result, [cmd], [command_id])
            except NotReplicated as err:
                if err.reply is not None:
                    raise
                got = None  # nothing recorded: nothing to confirm
        return None if got is None else _result(got, duplicate=True)

    async def head(self, game_id: str) -> Head:
        raw = await self.client.hgetall(GameKeys.of(game_id).meta)
        if not raw:
            raise GameNotFound(game_id)
        return _head(game_id, raw)

    async def get_meta_field(self, game_id: str, name: str) -> str | None:
        return (await self.get_meta_fields(game_id, [name]))[0]

    async def get_meta_fields(self, game_id: str, names: Sequence[str]) -> list[str | None]:
        *values, version = await self.client.hmget(GameKeys.of(game_id).meta, [*names, "version"])
        if version is None:
            raise GameNotFound(game_id)
        return [None if value is None else _text(value) for value in values]

    async def list_games(
        self, after: GameCursor | None = None, limit: int | None = None
    ) -> list[Head]:
        """Listed games oldest first (ties by id), those after `after`, at most `limit`
        (None: all). Index entries without a game are skipped. Each round reads one
        stretch of the index, then the metas of its games in one pipeline."""
        out: list[Head] = []
        while limit is None or len(out) < limit:
            want = LIST_CHUNK if limit is None else limit - len(out)
            entries = await self._index_after(after, want)
            if entries:
                out += await self._heads(entries)
                after = GameCursor(entries[-1][1], entries[-1][0])
            if len(entries) < want:
                break
        return out

    async def _index_after(self, after: GameCursor | None, count: int) -> list[tuple[str, float]]:
        """Up to `count` (game_id, created) index entries after the cursor, in order."""
        if after is None:
            got = await self.client.zrange(GAMES, 0, count - 1, withscores=True)
            return [(_text(g), float(score)) for g, score in got]
        # members of equal score sort by id: skip those up to the cursor's id
        out: list[tuple[str, float]] = []
        offset = 0
        while len(out) < count:
            got = await self.client.zrangebyscore(
                GAMES, repr(after.created), "+inf", start=offset, num=count, withscores=True
            )
            offset += len(got)
            for raw, score in got:
                game_id, created = _text(raw), float(score)
                if (created, game_id) > (after.created, after.game_id):
                    out.append((game_id, created))
            if len(got) < count:
                break
        return out[:count]

    async def _heads(self, entries: list[tuple[str, float]]) -> list[Head]:
        # an index entry whose id would change the hash tag names no game (see keys)
        entries = [(g, c) for g, c in entries if "{" not in g and "}" not in g]
        try:
            # a pipeline is not a client call: it waits within the budget here
            metas = await within_budget(self._metas([game_id for game_id, _ in entries]))
        except (RedisClusterException, *CLUSTER_REFUSALS) as err:
            raise StoreUnavailable(f"the cluster is unavailable ({type(err).__name__})") from err
        return [
            _head(game_id, raw, created)
            for (game_id, created), raw in zip(entries, metas, strict=True)
            if raw
        ]

    async def _metas(self, game_ids: list[str]) -> list[Any]:
        """The games' meta hashes, read in one pipeline."""
        async with self.client.pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                pipe.hgetall(GameKeys.of(game_id).meta)
            return list(await pipe.execute())

    async def read(
        self, game_id: str, start: int = 1, end: int | None = None, chunk: int = 1000
    ) -> AsyncIterator[Record]:
        """Records start..end (inclusive; end None: the head), fetched chunk at a time."""
        keys = GameKeys.of(game_id)
        upper = "+" if end is None else entry_id(end)
        nxt, first = max(start, 1), True
        while end is None or nxt <= end:
            entries = await self.client.xrange(keys.events, entry_id(nxt), upper, count=chunk)
            if first and not entries and not await self.client.exists(keys.meta):
                raise GameNotFound(game_id)
            first = False
            for _, fields in entries:
                rec = record_of(fields)
                nxt = rec.version + 1
                yield rec
            if len(entries) < chunk:
                return

    async def read_all(self, game_id: str, start: int = 1, end: int | None = None) -> list[Record]:
        return [rec async for rec in self.read(game_id, start, end)]

    async def seed(self, game_id: str) -> bytes:
        """The game's seed; b"" for a game imported without one."""
        keys = GameKeys.of(game_id)
        seed = await self.client.get(keys.seed)
        if seed is None:
            if not await self.client.exists(keys.meta):
                raise GameNotFound(game_id)
            return b""
        return bytes(seed)

    async def load_snapshot(self, game_id: str) -> Snapshot | None:
        raw = await self.client.hgetall(GameKeys.of(game_id).snap)
        if not raw:
            return None
        return Snapshot(
            int(raw[b"version"]),
            _text(raw[b"rules_version"]),
            bytes(raw[b"data"]),
            # absent in snapshots saved before they were recorded: such are not trusted
            _text(raw.get(b"head", b"")),
            _text(raw.get(b"digest", b"")),
        )

    def should_snapshot(self, previous_version: int, new_version: int) -> bool:
        """True when the versions crossed a multiple of snapshot_every (<= 0: never)."""
        return snapshot_due(self.snapshot_every, previous_version, new_version)

    # -- the lobby --------------------------------------------------------------

    async def add_code(self, code: str, game_id: str) -> bool:
        return bool(await self.client.hsetnx(CODES, code, game_id))

    async def game_of_code(self, code: str) -> str | None:
        got = await self.client.hget(CODES, code)
        return None if got is None else _text(got)

    async def drop_code(self, code: str) -> None:
        await self.client.hdel(CODES, code)

    async def list_in_lobby(self, game_id: str, created: float) -> None:
        await self.client.zadd(LOBBY, {game_id: created}, nx=True)

    async def unlist(self, game_id: str) -> None:
        await self.client.zrem(LOBBY, game_id)

    async def lobby(self) -> list[str]:
        return [_text(g) for g in await self.client.zrange(LOBBY, 0, -1)]


def _flatten(pairs: Iterable[tuple[Any, Any]]) -> list[Any]:
    return [x for pair in pairs for x in pair]


def _text(value: bytes | str | int) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _result(span: bytes | str, duplicate: bool) -> AppendResult:
    first, last = _text(span).split(":")
    return AppendResult(int(first), int(last), duplicate)


def _head(game_id: str, raw: Mapping[bytes, bytes], created: float | None = None) -> Head:
    """A game's head from its meta hash; `created` (the index's score, when listing)
    overrides the meta's, so a listing's cursor is always where the index has it."""
    meta = {_text(k): _text(v) for k, v in raw.items()}
    return Head(
        game_id=game_id,
        kind=meta.get("kind", ""),
        version=int(meta.get("version", "0")),
        head_hash=meta.get("head", GENESIS),
        rules_version=meta.get("rules_version", ""),
        created=float(meta.get("created", "0")) if created is None else created,
        meta=meta,
    )
