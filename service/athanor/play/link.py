"""PlayLink: the play client's side of the API, for one seat (or a spectator) of one game.

It follows the game with a resuming Watch (capped exponential backoff with full jitter,
resumed from the last version seen, so the log has no gaps and no repeats), re-reads
the view and the legal commands after each batch of events, and sends commands with a
fresh command id that is kept across retries, so a retry never applies twice. The
ideas are those of the table hub's link (devices/athanor_hub/link.py); the two share
the channel and the backoff (athanor.retry), and each keeps the calls it needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import grpc.aio
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from athanor.retry import Backoff, LazyChannel
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc

# The command may or may not have arrived: send it again with the same command id.
RETRYABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED}
GAME_ENDED = "GameEnded"  # the engine's last event: a Watch ends cleanly after it


@dataclass(frozen=True)
class Settings:
    server: str
    game: str
    token: str | None = None
    seat: int = 0  # operator only: the seat to play
    tls_ca: Path | None = None
    call_timeout_s: float = 10.0
    watch_idle_s: float = 45.0  # heartbeats come every 15 s by default: silence is a dead link
    backoff_base_s: float = 0.2
    backoff_cap_s: float = 5.0
    act_retry_s: float = 60.0


@dataclass(frozen=True)
class Snapshot:
    """One consistent look at the game: the view, the table line and the legal commands."""

    version: int
    seat: int
    view: dict[str, Any]
    table: dict[str, Any]
    commands: list[dict[str, Any]] = field(default_factory=list)
    previews: list[str] = field(default_factory=list)  # previews[i] is commands[i]'s, or ""
    # commands the seat may send at any time that do not advance the game, with previews
    free: list[dict[str, Any]] = field(default_factory=list)
    free_previews: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class LogLine:
    version: int
    type: str
    seat: int
    text: str
    mine: bool  # carries our own command (command_json is shown to its author only)


@dataclass(frozen=True)
class Refusal:
    """Why the server said no, in words a player can read."""

    code: str
    reason: str
    rule_id: str = ""

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule_id}]" if self.rule_id else f"{self.code}: {self.reason}"


class Refused(Exception):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


def refusal_of(err: grpc.RpcError) -> Refusal:
    code = err.code()  # type: ignore[attr-defined]
    refusal = Refusal(code.name, err.details() or code.name)  # type: ignore[attr-defined]
    try:
        status = rpc_status.from_call(err)  # type: ignore[arg-type]
    except ValueError:  # a malformed status detail: keep the plain message
        status = None
    for detail in status.details if status is not None else ():
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            refusal = Refusal(
                code.name,
                info.metadata.get("reason") or refusal.reason,
                info.metadata.get("rule_id", ""),
            )
    return refusal


def _aligned(previews: Any, n: int) -> list[str]:
    """`n` previews: those sent, cut or padded with "" (an older server sends fewer)."""
    return [*previews[:n]] + [""] * (n - len(previews))


async def _nothing(*_: Any) -> None:
    return None


class PlayLink:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.metadata: tuple[tuple[str, str], ...] = (
            (("authorization", f"Bearer {settings.token}"),) if settings.token else ()
        )
        self.last_version = 0  # the last event handed on: the Watch resumes after it
        self.online = False
        self.attempts = 0  # failed connection attempts since the link was last up
        self.stopped = False  # refused for good (a bad token or game id)
        self.finished = False  # the game is over and its last event was seen
        self.on_event: Callable[[LogLine], Awaitable[None]] = _nothing
        self.on_snapshot: Callable[[Snapshot], Awaitable[None]] = _nothing
        self.on_online: Callable[[bool, str], Awaitable[None]] = _nothing
        self._channel = LazyChannel(settings.server, settings.tls_ca)
        self._dirty = asyncio.Event()

    @property
    def stub(self) -> pb_grpc.AthanorStub:
        return self._channel.stub

    async def close(self) -> None:
        await self._channel.close()

    # -- reads ------------------------------------------------------------------

    async def snapshot(self) -> Snapshot:
        s = self.settings
        view = await self.stub.GetView(
            pb.GetViewRequest(game_id=s.game, seat=s.seat),
            metadata=self.metadata,
            timeout=s.call_timeout_s,
        )
        commands: list[dict[str, Any]] = []
        previews: list[str] = []
        free: list[dict[str, Any]] = []
        free_previews: list[str] = []
        if view.seat or s.seat:  # a spectator has no commands to list
            legal = await self.stub.ListLegalCommands(
                pb.ListLegalCommandsRequest(game_id=s.game, seat=s.seat),
                metadata=self.metadata,
                timeout=s.call_timeout_s,
            )
            commands = [json.loads(c) for c in legal.commands_json]
            # "" where the game offers none (or an older server sent none)
            previews = _aligned(legal.previews, len(commands))
            free = [json.loads(c) for c in legal.free_commands_json]
            free_previews = _aligned(legal.free_previews, len(free))
        return Snapshot(
            version=view.version,
            seat=view.seat or s.seat,
            view=json.loads(view.view_json),
            table=json.loads(view.table_json or "{}"),
            commands=commands,
            previews=previews,
            free=free,
            free_previews=free_previews,
        )

    async def kind_title(self, kind: str) -> str:
        try:
            kinds = await self.stub.ListKinds(
                pb.ListKindsRequest(), metadata=self.metadata, timeout=self.settings.call_timeout_s
            )
        except grpc.RpcError:
            return kind
        return next((k.title for k in kinds.kinds if k.kind == kind), kind)

    # -- following the game -------------------------------------------------------

    async def run(self) -> None:
        """Follow the game until cancelled, reconnecting as often as it takes."""
        refresher = asyncio.create_task(self._refresh_loop())
        backoff = Backoff(self.settings.backoff_base_s, self.settings.backoff_cap_s)
        try:
            while True:
                try:
                    await self._follow_once(backoff)
                    if self.finished:
                        # the watch of a finished game ends after GameEnded: done, and
                        # the last look at the table shows its end
                        with contextlib.suppress(grpc.aio.AioRpcError):
                            await self.on_snapshot(await self.snapshot())
                        return
                    why = "the server ended the stream"
                except grpc.aio.AioRpcError as err:
                    if err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                        continue  # dropped as a slow watcher: resume at once
                    if err.code() not in RETRYABLE | {grpc.StatusCode.INTERNAL}:
                        # a bad token or game id will not get better by waiting
                        self.stopped = True
                        await self._set_online(False, str(refusal_of(err)))
                        return
                    why = err.code().name.replace("_", " ").lower()
                except TimeoutError:
                    why = "no word from the server"
                self.attempts += 1
                await self._set_online(False, why)
                await asyncio.sleep(backoff.next_delay())
        finally:
            refresher.cancel()

    async def _follow_once(self, backoff: Backoff) -> None:
        snap = await self.snapshot()
        if snap.view.get("over") and snap.version <= self.last_version:
            self.finished = True  # GameEnded was seen already: the watch has nothing left
        await self.on_snapshot(snap)
        # the server answered: the link is up (an idle game may send nothing for a while)
        backoff.reset()
        self.attempts = 0
        await self._set_online(True, "")
        call = self.stub.Watch(
            pb.WatchRequest(game_id=self.settings.game, from_version=self.last_version + 1),
            metadata=self.metadata,
        )
        try:
            stream = aiter(call)
            while True:
                item = await asyncio.wait_for(anext(stream), self.settings.watch_idle_s)
                if item.HasField("heartbeat"):
                    if item.heartbeat.head_version > self.last_version:
                        self._dirty.set()
                    continue
                ev = item.event
                if ev.version <= self.last_version:
                    continue  # already shown (a resume may overlap)
                if ev.version != self.last_version + 1:
                    # never show a gap: start again from the first missing version
                    raise grpc.aio.AioRpcError(
                        grpc.StatusCode.UNAVAILABLE,
                        grpc.aio.Metadata(),
                        grpc.aio.Metadata(),
                        details=f"missed events before v{ev.version}",
                    )
                self.last_version = ev.version
                if ev.type == GAME_ENDED:
                    self.finished = True
                await self.on_event(
                    LogLine(ev.version, ev.type, ev.seat, ev.text, bool(ev.command_json))
                )
                self._dirty.set()
        except StopAsyncIteration:
            pass
        finally:
            call.cancel()

    async def _refresh_loop(self) -> None:
        """Re-read the view and the legal commands once per batch of events."""
        while True:
            await self._dirty.wait()
            await asyncio.sleep(0.05)  # let the rest of the batch arrive first
            self._dirty.clear()
            # a failure here is a lost link, which the watch loop notices and shows
            with contextlib.suppress(grpc.aio.AioRpcError):
                await self.on_snapshot(await self.snapshot())

    async def _set_online(self, online: bool, why: str) -> None:
        if online != self.online or not online:  # each failed attempt updates the banner
            self.online = online
            await self.on_online(online, why)

    # -- commands -----------------------------------------------------------------

    async def act(self, command: dict[str, Any]) -> pb.ActResponse:
        """Send `command`; retried with the same command id until it lands or is refused."""
        s = self.settings
        request = pb.ActRequest(
            game_id=s.game,
            command_json=json.dumps(command, sort_keys=True),
            command_id=uuid.uuid4().hex,
            seat=s.seat,
        )
        backoff = Backoff(s.backoff_base_s, s.backoff_cap_s)
        loop = asyncio.get_running_loop()
        give_up = loop.time() + s.act_retry_s
        while True:
            try:
                reply: pb.ActResponse = await self.stub.Act(
                    request, metadata=self.metadata, timeout=s.call_timeout_s
                )
                self._dirty.set()
                return reply
            except grpc.aio.AioRpcError as err:
                if err.code() not in RETRYABLE or loop.time() >= give_up:
                    raise Refused(refusal_of(err)) from None
            await asyncio.sleep(backoff.next_delay())
