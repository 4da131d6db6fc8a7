"""Group commit: script calls made while a pipeline is in flight go out together.

Under load many games append at once. Sent one by one, each append costs the
service a connection checkout, a write and a read wake-up, and costs Redis a
separate fsync (appendfsync always) whenever it answers between them. Here the
first call starts a drain task; calls arriving meanwhile queue behind it and
leave as one pipeline (MULTI-free: each script is already atomic and games are
independent). A lone call still goes out on the next loop turn, so an idle
table pays nothing for the batching.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError


@dataclass
class _Call:
    script: AsyncScript
    keys: Sequence[Any]
    args: Sequence[Any]
    reply: asyncio.Future[Any]


class ScriptBatcher:
    """Runs registered scripts, pipelining the calls that meet in the queue."""

    def __init__(self, client: aioredis.Redis, max_batch: int = 256) -> None:
        self.client = client
        self.max_batch = max_batch
        self._queue: list[_Call] = []
        self._drain: asyncio.Task[None] | None = None
        self.batches = 0  # pipelines sent, for tests and benchmarks

    async def run(self, script: AsyncScript, keys: Sequence[Any], args: Sequence[Any]) -> Any:
        """The script's reply; a Redis error for this call alone is raised here."""
        reply: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.append(_Call(script, keys, args, reply))
        if self._drain is None:
            self._drain = asyncio.create_task(self._drain_queue())
        return await reply

    async def _drain_queue(self) -> None:
        try:
            while self._queue:
                batch = self._queue[: self.max_batch]
                del self._queue[: self.max_batch]
                try:
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

    async def _send(self, batch: list[_Call]) -> list[Any]:
        replies = await self._pipeline(batch)
        # NOSCRIPT means the script did not run (Redis restarted or flushed its
        # script cache): load it and send just those calls again
        again = [i for i, r in enumerate(replies) if isinstance(r, NoScriptError)]
        if again:
            for script in {id(batch[i].script): batch[i].script for i in again}.values():
                script.sha = await self.client.script_load(script.script)
            for i, got in zip(again, await self._pipeline([batch[i] for i in again]), strict=True):
                replies[i] = got
        return replies

    async def _pipeline(self, batch: list[_Call]) -> list[Any]:
        self.batches += 1
        async with self.client.pipeline(transaction=False) as pipe:
            for call in batch:
                pipe.execute_command(
                    "EVALSHA", call.script.sha, len(call.keys), *call.keys, *call.args
                )
            return list(await pipe.execute(raise_on_error=False))


def _settle(reply: asyncio.Future[Any], got: Any) -> None:
    if reply.done():  # the caller went away; the script ran (or not) all the same
        return
    if isinstance(got, BaseException):
        reply.set_exception(got)
    else:
        reply.set_result(got)
