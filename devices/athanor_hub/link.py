"""GameLink: the hub's gRPC client. Watches one game and sends the buttons' commands.

A lost connection is retried with capped exponential backoff and full jitter, and
the Watch resumes after the last applied version, so nothing is missed and the
model's version check drops anything sent twice. Each command gets a fresh
command id once and keeps it across retries: the server applies it at most once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import grpc
import grpc.aio

from athanor.retry import Backoff, LazyChannel
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from athanor_hub.config import HubConfig
from athanor_hub.model import MissedEvents, TableModel, TableView

log = logging.getLogger(__name__)

# Worth retrying with the same command id: the command may or may not have arrived.
RETRYABLE = {
    grpc.StatusCode.UNAVAILABLE,
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
    grpc.StatusCode.INTERNAL,
    grpc.StatusCode.UNKNOWN,
}


# A refusal that says what is wrong with the configuration, not the network.
PROBLEMS = {
    grpc.StatusCode.NOT_FOUND: "game",
    grpc.StatusCode.UNAUTHENTICATED: "token",
    grpc.StatusCode.PERMISSION_DENIED: "token",
}


class CommandRefused(Exception):
    """The server said no (a rule, a bad command) or could not be reached in time."""

    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(f"{code.name}: {details}")
        self.code = code


class GameLink:
    def __init__(
        self, config: HubConfig, model: TableModel, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.config = config
        self.model = model
        self.clock = clock  # the hub's clock: a view's time left counts down on it
        self.metadata = (("authorization", f"Bearer {config.token}"),)
        self.online = False
        self.problem = ""  # why not online: "" (unreachable), "game" (no such id), "token"
        self.on_change: Callable[[], Awaitable[None]] = _nothing
        self.on_online: Callable[[bool], Awaitable[None]] = _nothing_bool
        self._channel = LazyChannel(config.server, config.tls_ca)

    @property
    def stub(self) -> pb_grpc.AthanorStub:
        return self._channel.stub

    async def close(self) -> None:
        await self._channel.close()

    # -- reads ------------------------------------------------------------------

    async def fetch_view(self) -> TableView:
        reply = await self.stub.GetView(
            pb.GetViewRequest(game_id=self.config.game),
            metadata=self.metadata,
            timeout=self.config.call_timeout_s,
        )
        return TableView.parse(
            reply.version, reply.seat, reply.view_json, reply.table_json, received=self.clock()
        )

    async def legal(self, seat: int, retry: bool = False) -> list[dict[str, Any]]:
        """`seat`'s legal commands; with `retry`, asked again through a brief outage
        (for act_retry_s, as a press is), since a press waits on the answer."""
        request = pb.ListLegalCommandsRequest(game_id=self.config.game, seat=self._named(seat))
        reply = await self._retried(
            self.stub.ListLegalCommands, request, self.config.act_retry_s if retry else 0.0
        )
        return [json.loads(c) for c in reply.commands_json]

    # -- the watch loop -----------------------------------------------------------

    async def follow(self) -> None:
        """Keep the model current until cancelled, reconnecting as often as it takes."""
        backoff = Backoff(self.config.backoff_base_s, self.config.backoff_cap_s)
        while True:
            try:
                if await self._follow_once(backoff):
                    return  # the game is over and its last event is shown: nothing to follow
            except grpc.aio.AioRpcError as err:
                # a slow watcher that was dropped is resumed at once; anything else waits
                if err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                    continue
                log.warning("link lost: %s %s", err.code().name, err.details())
                await self._set_problem(PROBLEMS.get(err.code(), ""))
            except (TimeoutError, MissedEvents) as err:
                log.warning("link lost: %s", err or "no heartbeat")
            await self._set_online(False)
            await asyncio.sleep(backoff.next_delay())

    async def _follow_once(self, backoff: Backoff) -> bool:
        """Follow until the stream ends: True when it ended cleanly after GameEnded."""
        view = await self.fetch_view()
        self.problem = ""
        self.model.start_at(view)
        await self._set_online(True)
        backoff.reset()
        await self.on_change()
        call = self.stub.Watch(
            pb.WatchRequest(game_id=self.config.game, from_version=self.model.version + 1),
            metadata=self.metadata,
        )
        try:
            stream = aiter(call)
            while True:
                # heartbeats arrive every 15 s on an idle game; silence means a dead link
                item = await asyncio.wait_for(anext(stream), self.config.watch_idle_s)
                if item.HasField("heartbeat"):
                    continue
                ev = item.event
                if not self.model.apply_event(ev.version, ev.type, ev.body_json):
                    continue
                if self.model.needs_view():
                    self.model.apply_view(await self.fetch_view())
                await self.on_change()
        except StopAsyncIteration:
            # the watch of a finished game ends cleanly after its last event (GameEnded)
            if self.model.ended or (self.model.table is not None and self.model.table.over):
                if self.model.needs_view():
                    self.model.apply_view(await self.fetch_view())
                    await self.on_change()
                return True
            raise TimeoutError("the server ended the stream") from None
        finally:
            call.cancel()

    async def _set_problem(self, problem: str) -> None:
        """Say why the hub is offline; the screen follows when it changes."""
        if problem != self.problem:
            self.problem = problem
            if not self.online:
                await self.on_online(False)

    async def _set_online(self, online: bool) -> None:
        if online != self.online:
            self.online = online
            await self.on_online(online)

    # -- commands -----------------------------------------------------------------

    async def act(self, command: dict[str, Any], seat: int) -> pb.ActResponse:
        """Send `command` for `seat`; retried with the same command id until it lands."""
        request = pb.ActRequest(
            game_id=self.config.game,
            command_json=json.dumps(command),
            command_id=uuid.uuid4().hex,
            seat=self._named(seat),
        )
        reply: pb.ActResponse = await self._retried(self.stub.Act, request, self.config.act_retry_s)
        return reply

    async def _retried(self, method: Any, request: Any, retry_s: float) -> Any:
        """`method(request)`, sent again (the same request: an Act keeps its command id)
        while the server may not have had it, for up to `retry_s`; then CommandRefused."""
        backoff = Backoff(self.config.backoff_base_s, self.config.backoff_cap_s)
        loop = asyncio.get_running_loop()
        give_up = loop.time() + retry_s
        while True:
            try:
                return await method(
                    request, metadata=self.metadata, timeout=self.config.call_timeout_s
                )
            except grpc.aio.AioRpcError as err:
                code = err.code()
                if code not in RETRYABLE or loop.time() >= give_up:
                    raise CommandRefused(code, err.details() or "") from None
                log.info("retrying %s after %s", type(request).__name__, code.name)
            await asyncio.sleep(backoff.next_delay())

    def _named(self, seat: int) -> int:
        # the operator names the seat; a seat token always acts for its own seat
        return seat if self.config.operator else 0


async def _nothing() -> None:
    return None


async def _nothing_bool(_: bool) -> None:
    return None
