"""Group commit: writes made while a pipeline is in flight go out together.

Under load many games append at once. Sent one by one, each append costs the
service a connection checkout, a write and a read wake-up, and costs Redis a
separate fsync (appendfsync always) whenever it answers between them. Here the
first call starts a drain task; calls arriving meanwhile queue behind it and
leave as one pipeline (MULTI-free: each script is already atomic and games are
independent). A lone call still goes out on the next loop turn, so an idle
table pays nothing for the batching.

Under load a pipeline also waits GATHER_SECONDS before it leaves, for the calls still
on their way: a pipeline costs the server about as much CPU as the Act it carries
(some 250 us on 2 cores, bench_act), and requests reach the queue one gRPC event at
a time, so without the wait pipelines carried 1.4 calls on average. The wait is only
taken after a pipeline that carried more than one call: a lone table never waits.
The wait costs no CPU, and while the process is saturated an Act's latency is set by
how fast the process works through the calls in flight, so a longer wait (4 ms rather
than 2) made the Acts both cheaper and quicker there; at a table's pace it adds at most
those 4 ms.

With `min_replicas` a pipeline ends with `WAIT min_replicas timeout` on the same
connection: WAIT counts the replicas that have every write this connection made, so
one WAIT vouches for the whole pipeline. A call whose pipeline fell short fails with
NotReplicated. On a Redis Cluster the calls are grouped by the node that owns their
key and each node gets its own pipeline (and its own WAIT) on one connection.

To a single Redis the pipeline is `exchange`, not redis-py's Pipeline: the same
round trip without redis-py's layers per command, which cost an Act about 10 us of
the server's CPU (benchmarks/README.md, bench_act).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import hiredis
import redis.asyncio as aioredis
import redis.exceptions as rexc
from redis.asyncio.cluster import ClusterNode, PipelineCommand, RedisCluster
from redis.commands.core import AsyncScript

from athanor.store.budget import unbudgeted, within_budget
from athanor.store.errors import NotReplicated, StoreUnavailable

# a cluster call that was refused without running (a slot moved, a failover under way)
# is sent again after the slot map is read anew, this many times in all
ROUTE_ATTEMPTS = 5
ROUTE_PAUSE_FIRST = 0.05
REROUTE = (rexc.AskError, rexc.TryAgainError, rexc.ClusterDownError, rexc.SlotNotCoveredError)
BROKEN = (rexc.ConnectionError, rexc.TimeoutError, OSError)
# how long a pipeline waits for more calls once the last one carried several (bench_act,
# 64 closed loops on one process: 2 ms 5.6 calls a pipeline, 4 ms 10.7; in four pairs of
# runs 0.455-0.528x the echo's throughput with 2 ms, 0.479-0.587x with 4)
GATHER_SECONDS = 0.004


@dataclass
class _Call:
    key: Any  # on a cluster, the node owning this key runs the call (a call's keys share a slot)
    args: tuple[Any, ...]  # a command, or a script's numkeys, keys and args
    script: AsyncScript | None
    reply: asyncio.Future[Any]

    def command(self) -> tuple[Any, ...]:
        if self.script is None:
            return self.args
        return ("EVALSHA", self.script.sha, *self.args)


class ScriptBatcher:
    """Runs registered scripts (and plain writes), pipelining the calls that meet."""

    def __init__(
        self,
        client: aioredis.Redis | RedisCluster,
        max_batch: int = 256,
        min_replicas: int = 0,
        replica_timeout_ms: int = 1000,
        gather_seconds: float = GATHER_SECONDS,
    ) -> None:
        if min_replicas < 0:
            raise ValueError("min_replicas must be 0 or more")
        self.client = client
        self.max_batch = max_batch
        self.min_replicas = min_replicas
        self.replica_timeout_ms = replica_timeout_ms
        self.gather_seconds = gather_seconds
        self._last_size = 0  # the calls the last pipeline carried
        self._queue: list[_Call] = []
        self._drain: asyncio.Task[None] | None = None
        self.batches = 0  # pipelines sent, for tests and benchmarks

    async def run(self, script: AsyncScript, keys: Sequence[Any], args: Sequence[Any]) -> Any:
        """The script's reply; a Redis error for this call alone is raised here."""
        return await self._submit(keys[0], (len(keys), *keys, *args), script)

    async def command(self, key: Any, *args: Any) -> Any:
        """A plain write command on `key`, batched (and confirmed) as the scripts are."""
        return await self._submit(key, args, None)

    async def _submit(self, key: Any, args: tuple[Any, ...], script: AsyncScript | None) -> Any:
        reply: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.append(_Call(key, args, script, reply))
        if self._drain is None:
            # the drain serves every caller: it runs under no request's budget (the
            # socket timeout bounds its pipelines), each caller waits within its own
            self._drain = asyncio.create_task(self._drain_queue(), context=unbudgeted())
        return await within_budget(reply)

    async def _drain_queue(self) -> None:
        try:
            while self._queue:
                if self._last_size > 1 and len(self._queue) < self.max_batch:
                    await asyncio.sleep(self.gather_seconds)  # under load: let more come
                batch = self._queue[: self.max_batch]
                del self._queue[: self.max_batch]
                # a caller that gave up while queued (its budget spent) heard UNAVAILABLE:
                # its write is not sent afterwards
                batch = [call for call in batch if not call.reply.done()]
                self._last_size = len(batch)
                if not batch:
                    continue
                try:
                    if isinstance(self.client, RedisCluster):
                        replies = await self._send_cluster(batch)
                    else:
                        replies = await self._send(batch)
                except Exception as err:  # the connection failed: every caller hears it
                    for call in batch:
                        _settle(call.reply, err)
                    continue
                for call, got in zip(batch, replies, strict=True):
                    _settle(call.reply, got)
        finally:
            self._drain = None
            for call in self._queue:  # only when the drain itself was cancelled
                call.reply.cancel()
            self._queue.clear()

    # -- one Redis --------------------------------------------------------------

    async def _send(self, batch: list[_Call]) -> list[Any]:
        assert isinstance(self.client, aioredis.Redis)
        replies = await self._pipeline(batch)
        # NOSCRIPT means the script did not run (Redis restarted or flushed its
        # script cache): load it and send just those calls again
        again = [i for i, r in enumerate(replies) if isinstance(r, rexc.NoScriptError)]
        if again:
            for script in _scripts(batch[i] for i in again):
                script.sha = await self.client.script_load(script.script)
            for i, got in zip(again, await self._pipeline([batch[i] for i in again]), strict=True):
                replies[i] = got
        return replies

    async def _pipeline(self, batch: list[_Call]) -> list[Any]:
        self.batches += 1
        assert isinstance(self.client, aioredis.Redis)
        commands = [call.command() for call in batch]
        if self.min_replicas:
            commands.append(("WAIT", self.min_replicas, self.replica_timeout_ms))
        got = await exchange(self.client, commands)
        return self._confirmed(got) if self.min_replicas else got

    def _confirmed(self, got: list[Any]) -> list[Any]:
        """The calls' replies with WAIT's answer (the last reply) applied to them."""
        replies, waited = got[:-1], got[-1]
        acked = waited if isinstance(waited, int) else 0  # an error (a replica now): none
        if acked >= self.min_replicas:
            return replies
        # a call that failed wrote nothing worth confirming: its own error stands
        return [
            r if isinstance(r, BaseException) else NotReplicated(self.min_replicas, acked, r)
            for r in replies
        ]

    # -- a Redis Cluster --------------------------------------------------------

    async def _send_cluster(self, batch: list[_Call]) -> list[Any]:
        assert isinstance(self.client, RedisCluster)
        replies: list[Any] = [None] * len(batch)
        todo = list(range(len(batch)))
        pause = ROUTE_PAUSE_FIRST
        for attempt in range(ROUTE_ATTEMPTS):
            groups: dict[str, tuple[ClusterNode, list[int]]] = {}
            unrouted: list[int] = []
            for i in todo:
                try:
                    node = self.client.get_node_from_key(batch[i].key)
                except rexc.SlotNotCoveredError as err:
                    replies[i] = err
                    unrouted.append(i)
                    continue
                assert node is not None
                groups.setdefault(node.name, (node, []))[1].append(i)
            sends = [self._node_pipeline(n, [batch[i] for i in ix]) for n, ix in groups.values()]
            answers = await asyncio.gather(*sends, return_exceptions=True)
            todo, stale = unrouted, bool(unrouted)
            missing: dict[tuple[str, int], tuple[ClusterNode, AsyncScript]] = {}
            for (node, ix), got in zip(groups.values(), answers, strict=True):
                for i, reply in zip(ix, _spread(got, len(ix)), strict=True):
                    replies[i] = reply
                    script = batch[i].script
                    if isinstance(reply, rexc.NoScriptError) and script is not None:
                        # scripts are cached per node: a promoted replica has none yet
                        missing[(node.name, id(script))] = (node, script)
                        todo.append(i)
                    elif isinstance(reply, REROUTE):
                        stale = True
                        todo.append(i)
                    elif isinstance(reply, BROKEN):
                        stale = True  # not sent again: it may have run; the caller retries
            if stale:
                await self._refresh()
            for node, script in missing.values():
                try:
                    await node.execute_command("SCRIPT", "LOAD", script.script)
                except (*REROUTE, *BROKEN):
                    stale = True  # the next attempt hears NOSCRIPT again, or where it went
            if not todo:
                return replies
            if attempt < ROUTE_ATTEMPTS - 1 and stale:
                await asyncio.sleep(pause)
                pause *= 2
        for i in todo:
            last = type(replies[i]).__name__
            replies[i] = StoreUnavailable(f"the cluster did not settle ({last})")
        return replies

    async def _node_pipeline(self, node: ClusterNode, calls: list[_Call]) -> list[Any]:
        """The calls on one connection to `node`, and WAIT after them when required."""
        self.batches += 1
        commands = [PipelineCommand(i, *call.command()) for i, call in enumerate(calls)]
        if self.min_replicas:
            wait = ("WAIT", self.min_replicas, self.replica_timeout_ms)
            commands.append(PipelineCommand(len(calls), *wait))
        await node.execute_pipeline(commands)
        got = [c.result for c in commands]
        return self._confirmed(got) if self.min_replicas else got

    async def _refresh(self) -> None:
        """Read the slot map anew (after a failover the slots have another owner)."""
        assert isinstance(self.client, RedisCluster)
        # no node answering is no error here: the next call finds out and says so
        with contextlib.suppress(rexc.RedisError, rexc.RedisClusterException, OSError):
            await self.client.nodes_manager.initialize()


async def exchange(client: aioredis.Redis, commands: list[tuple[Any, ...]]) -> list[Any]:
    """The commands' replies, sent together on one pooled connection, an error reply in
    its command's place: what redis-py's pipeline does (a broken connection is dropped
    and the whole exchange retried by the client's Retry), without its layers per
    command. Packing each argument in Python and reading each reply three calls deep,
    under a timer of its own, cost an Act about 10 us of the server's CPU; here hiredis
    packs them all, and one socket timeout bounds the reading of every reply."""
    packed = b"".join(hiredis.pack_command(command) for command in commands)
    pool = client.connection_pool
    conn = await pool.get_connection()

    async def once() -> list[Any]:
        await conn.send_packed_command(packed)
        replies: list[Any] = []
        try:
            async with asyncio.timeout(conn.socket_timeout):
                for _ in commands:
                    try:
                        replies.append(await conn.read_response(timeout=math.inf))
                    except rexc.ResponseError as err:
                        replies.append(err)
        except BaseException as err:
            # replies may be left on the socket: it must not serve another call
            await conn.disconnect(nowait=True)
            if isinstance(err, TimeoutError):  # the socket timeout: redis-py's own error
                raise rexc.TimeoutError("Timeout reading from Redis") from None
            raise
        return replies

    async def dropped(error: BaseException) -> None:
        await conn.disconnect()

    try:
        return await conn.retry.call_with_retry(once, dropped)
    finally:
        await pool.release(conn)


def _scripts(calls: Any) -> list[AsyncScript]:
    return list({id(c.script): c.script for c in calls if c.script is not None}.values())


def _spread(got: list[Any] | BaseException, n: int) -> list[Any]:
    """A node's replies; its failure (the connection broke) is every call's reply."""
    return [got] * n if isinstance(got, BaseException) else got


def _settle(reply: asyncio.Future[Any], got: Any) -> None:
    if reply.done():  # the caller went away; the script ran (or not) all the same
        return
    if isinstance(got, BaseException):
        reply.set_exception(got)
    else:
        reply.set_result(got)
