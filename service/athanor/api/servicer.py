"""athanor.v1.Athanor over the GameService."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import grpc

from athanor.api import limits
from athanor.api.errors import GAME_ID, Abort, check_game_id, statuses
from athanor.api.updates import ViewCache, json_patch, legal_digest, view_key
from athanor.app.access import require_operator, require_seat
from athanor.app.auth import Caller
from athanor.app.codes import client_address
from athanor.app.service import GameService
from athanor.app.watching import Heartbeat, Shown
from athanor.engine.record import Record
from athanor.engine.violations import BadCommand
from athanor.store.budget import redis_budget
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc

Req = TypeVar("Req")
Resp = TypeVar("Resp")


class Malformed:
    """What a request deserializer returns for bytes it refuses (too large, not the
    method's message): the handler answers INVALID_ARGUMENT instead of gRPC's INTERNAL."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


class Deferred:
    """A request kept as bytes until the caller is known (ImportGame: a large message is
    parsed only for the operator)."""

    def __init__(self, data: bytes, parse: Callable[[bytes], Any]) -> None:
        self.data = data
        self.parse = parse

    def message(self) -> Any:
        try:
            return self.parse(self.data)
        except Exception:  # the protobuf runtime's DecodeError, or worse
            raise Abort(
                grpc.StatusCode.INVALID_ARGUMENT, "the request is not a valid message"
            ) from None


def checked_deserializer(
    parse: Callable[[bytes], Any], max_bytes: int, defer: bool = False
) -> Callable[[bytes], Any]:
    """A request deserializer that enforces the method's size limit before parsing and
    turns a parse failure into Malformed."""

    def deserialize(data: bytes) -> Any:
        if len(data) > max_bytes:
            return Malformed(f"the request is larger than {max_bytes} bytes")
        if defer:
            return Deferred(data, parse)
        try:
            return parse(data)
        except Exception:
            return Malformed("the request is not a valid message")

    return deserialize


def _refuse_malformed(request: Any) -> None:
    if isinstance(request, Malformed):
        raise Abort(grpc.StatusCode.INVALID_ARGUMENT, request.reason)


def bearer(context: grpc.aio.ServicerContext) -> str | None:
    for key, value in context.invocation_metadata() or ():
        if key == "authorization":
            text = value.decode() if isinstance(value, bytes) else value
            scheme, _, token = text.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise Abort(grpc.StatusCode.UNAUTHENTICATED, "use 'authorization: Bearer <token>'")
            return token.strip()
    return None


def unary(
    fn: Callable[[Any, Req, grpc.aio.ServicerContext], Awaitable[Resp]],
) -> Callable[[Any, Req, grpc.aio.ServicerContext], Awaitable[Resp]]:
    @functools.wraps(fn)
    async def call(self: Any, request: Req, context: grpc.aio.ServicerContext) -> Resp:
        # counted in flight: meanwhile the watchers' deliveries go a few at a time
        pacer = self.service.feeds.pacer
        pacer.begin_request()
        try:
            with statuses(), redis_budget():
                _refuse_malformed(request)
                return await fn(self, request, context)
        except Abort as err:
            await context.abort(err.code, err.message, err.trailing_metadata())
            raise  # not reached: abort raises
        finally:
            pacer.end_request()

    return call


def streaming(
    fn: Callable[[Any, Req, grpc.aio.ServicerContext], AsyncGenerator[Resp, None]],
) -> Callable[[Any, Req, grpc.aio.ServicerContext], AsyncIterator[Resp]]:
    @functools.wraps(fn)
    async def call(
        self: Any, request: Req, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[Resp]:
        try:
            with statuses():
                _refuse_malformed(request)
                # the stream's waits for Redis all end once it is given up (its feed failed)
                budget = redis_budget(given_up=asyncio.get_running_loop().create_future())
                async with contextlib.aclosing(fn(self, request, context)) as items:
                    while True:
                        # each message's waits for Redis get the whole budget again
                        with budget:
                            try:
                                item = await anext(items)
                            except StopAsyncIteration:
                                break
                        yield item
        except Abort as err:
            await context.abort(err.code, err.message, err.trailing_metadata())

    return call


def _watch_response(shown: dict[str, Any]) -> pb.WatchResponse:
    return pb.WatchResponse(event=event_message(shown))


def _shared_response(shown: Shown) -> pb.WatchResponse:
    # its Event is the one a batch of the same audience carries (Shown.memo)
    return pb.WatchResponse(event=shown.memo("Event", event_message))


def event_message(shown: dict[str, Any]) -> pb.Event:
    command = shown.get("command")
    return pb.Event(
        version=shown["v"],
        type=shown["type"],
        schema=shown["schema"],
        body_json=json.dumps(shown["body"], sort_keys=True),
        redacted=shown["redacted"],
        seat=shown["seat"],
        time=shown["time"],
        command_json=json.dumps(command, sort_keys=True) if command is not None else "",
        text=shown.get("text", ""),
    )


def stored_message(rec: Record) -> pb.StoredEvent:
    return pb.StoredEvent(version=rec.version, data=rec.data.decode(), hash=rec.hash)


parse_json_object = limits.parse_json_object

# the fields of a stored event and the JSON types each may hold
STORED_FIELDS: dict[str, tuple[type, ...]] = {
    "v": (int,),
    "type": (str,),
    "schema": (int,),
    "body": (dict,),
    "vis": (dict,),
    "redacted": (dict, type(None)),
    "seat": (int,),
    "cmd": (str,),
    "time": (str,),
    "prev": (str,),
    "command": (dict, type(None)),
}
HASH_HEX = 64


def imported_records(events: Any) -> list[Record]:
    """The stored events of an imported log, every field checked; BadCommand names the
    first bad event (its place in the log, from 1)."""
    records = []
    for n, ev in enumerate(events, 1):
        where = f"event {n} (version {ev.version})"
        obj = limits.parse_json(
            ev.data, f"{where} data", limits.MAX_STORED_EVENT_BYTES, limits.MAX_STORED_DEPTH
        )
        if not isinstance(obj, dict):
            raise BadCommand(f"{where}: data must be a JSON object")
        for key, types in STORED_FIELDS.items():
            required = key in ("v", "type", "prev")
            if (key in obj or required) and (
                not isinstance(obj.get(key), types) or isinstance(obj.get(key), bool)
            ):
                raise BadCommand(f"{where}: field {key} is missing or of the wrong type")
        if obj["v"] != ev.version:
            raise BadCommand(f"{where}: its data says version {obj['v']}")
        if len(ev.hash) != HASH_HEX or not limits.HEX.match(ev.hash):
            raise BadCommand(f"{where}: hash must be {HASH_HEX} hexadecimal digits")
        try:
            records.append(Record.from_stored(ev.data.encode(), ev.hash))
        except Exception:
            raise BadCommand(f"{where} is not a stored event") from None
    return records


class AthanorServicer(pb_grpc.AthanorServicer):
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.views = ViewCache()  # the views served lately: GetView.since_version

    async def _caller(
        self, game_id: str | None, context: grpc.aio.ServicerContext, seat: int = 0
    ) -> Caller:
        """The caller; an operator naming a seat acts and sees as that seat."""
        caller = await self.service.access.caller(game_id, bearer(context))
        if seat:
            return await self.service.access.as_seat(game_id or "", caller, seat)
        return caller

    @unary
    async def ListKinds(self, request: pb.ListKindsRequest, context: Any) -> pb.ListKindsResponse:
        return pb.ListKindsResponse(
            kinds=[
                pb.Kind(
                    kind=r.kind,
                    title=r.title,
                    min_seats=r.min_seats,
                    max_seats=r.max_seats,
                    rules_version=r.rules_version,
                    house_rules=self.service.kinds.game(r.kind).house_rules,
                    players=r.presentation.players,
                    packs=[
                        pb.ContentPack(id=p.id, digest=p.digest)
                        for p in self.service.kinds.packs(r.kind)
                    ],
                )
                for r in self.service.kinds.all()
            ]
        )

    @unary
    async def CreateGame(
        self, request: pb.CreateGameRequest, context: Any
    ) -> pb.CreateGameResponse:
        require_operator(await self._caller(None, context))
        if not request.kind:
            raise BadCommand("kind is required")
        kind = limits.check_kind(request.kind)
        content = limits.check_kind(request.content, "content")
        seed = limits.seed_bytes(request.seed_hex)
        options = limits.check_options(request.options)
        table = None
        if request.HasField("table") and request.table.open:
            table = {"open": True, "listed": request.table.listed}
        elif request.HasField("table") and request.table.listed:
            raise BadCommand("only an open game (table.open) is listed in the lobby")
        move_seconds = limits.check_move_seconds(request.table.move_seconds)
        if move_seconds:  # any game may be timed, open or not
            table = {**(table or {}), "move_seconds": move_seconds}
        created = await self.service.tables.create(
            kind, request.seats, options, seed, content, table
        )
        return pb.CreateGameResponse(
            game_id=created.game_id,
            version=created.version,
            seat_tokens=[pb.SeatToken(seat=s, token=t) for s, t in created.tokens.items()],
            join_code=created.code,
        )

    @unary
    async def ListGames(self, request: pb.ListGamesRequest, context: Any) -> pb.ListGamesResponse:
        require_operator(await self._caller(None, context))
        # a bad page_size or page_token is BadCommand: INVALID_ARGUMENT
        games, next_token = await self.service.reads.list_games(
            request.page_size, request.page_token
        )
        return pb.ListGamesResponse(
            games=[
                pb.GameSummary(
                    game_id=g["game_id"],
                    kind=g["kind"],
                    seats=g["seats"],
                    version=g["version"],
                    over=g["over"],
                    created_unix=g["created"],
                    archived=g["archived"],
                )
                for g in games
            ],
            next_page_token=next_token,
        )

    @unary
    async def GetView(self, request: pb.GetViewRequest, context: Any) -> pb.GetViewResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context, request.seat)
        if request.at_version < 0:
            raise BadCommand("at_version must be 0 (head) or a version")
        if request.since_version < 0:
            raise BadCommand("since_version must be 0 (none) or a version")
        version, view, table = await self.service.reads.view(game_id, caller, request.at_version)
        view_json = json.dumps(view, sort_keys=True)
        patch = self._view_patch(game_id, caller, request.since_version, version, view)
        self.views.keep(view_key(game_id, caller, version), view_json)
        if patch is not None and len(patch) < len(view_json):
            view_json = ""
        else:
            patch = ""
        return pb.GetViewResponse(
            game_id=game_id,
            version=version,
            seat=caller.seat or 0,
            view_json=view_json,
            table_json=json.dumps(table, sort_keys=True),
            view_patch_json=patch,
        )

    def _view_patch(
        self, game_id: str, caller: Caller, since: int, version: int, view: Any
    ) -> str | None:
        """The patch from the caller's view at `since` to `view`, as JSON; None (the
        whole view) unless this process served that view lately. A view made again
        could differ from the one the caller holds (the server was upgraded since), so
        only a view served is patched against."""
        if not since or since > version:
            return None
        old = self.views.get(view_key(game_id, caller, since))
        return None if old is None else json.dumps(json_patch(old, view), sort_keys=True)

    @unary
    async def Act(self, request: pb.ActRequest, context: Any) -> pb.ActResponse:
        game_id = check_game_id(request.game_id)
        seat = require_seat(await self._caller(game_id, context, request.seat))
        command = parse_json_object(request.command_json, "command_json")
        limits.check_command_id(request.command_id)
        expected = request.expected_version if request.HasField("expected_version") else None
        result = await self.service.commands.act(
            game_id, seat, command, request.command_id, expected
        )
        return pb.ActResponse(
            first_version=result.first_version,
            last_version=result.last_version,
            duplicate=result.duplicate,
        )

    @unary
    async def ListLegalCommands(
        self, request: pb.ListLegalCommandsRequest, context: Any
    ) -> pb.ListLegalCommandsResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context, request.seat)
        legal = await self.service.reads.legal(game_id, caller)
        commands = [json.dumps(c, sort_keys=True) for c in legal.commands]
        free = [json.dumps(c, sort_keys=True) for c in legal.free]
        digest = legal_digest(commands, legal.previews, free, legal.free_previews)
        if request.known_digest == digest:
            return pb.ListLegalCommandsResponse(
                version=legal.version, seat=legal.seat, digest=digest, unchanged=True
            )
        return pb.ListLegalCommandsResponse(
            version=legal.version,
            seat=legal.seat,
            commands_json=commands,
            previews=legal.previews,
            free_commands_json=free,
            free_previews=legal.free_previews,
            digest=digest,
        )

    @streaming
    async def Watch(
        self, request: pb.WatchRequest, context: Any
    ) -> AsyncIterator[pb.WatchResponse]:
        game_id = check_game_id(request.game_id)
        # the token is held: the watch ends once it is reissued
        held = await self.service.access.hold(game_id, bearer(context))
        if request.from_version < 0:
            raise BadCommand("from_version must be 1 or more (0 means 1)")
        most = limits.check_max_batch(request.max_batch)
        watch = self.service.watching.watch
        async for item in watch(game_id, held.caller, request.from_version or 1, held, most):
            if isinstance(item, Heartbeat):
                yield pb.WatchResponse(heartbeat=pb.Heartbeat(head_version=item.head_version))
            elif isinstance(item, Shown):
                # one message per audience, the same object for each of its watchers: the
                # gRPC serializer (add_athanor) then encodes it once for all of them
                yield item.memo("WatchResponse", _shared_response)
            elif isinstance(item, list):
                # a batch is one watcher's own; its events are made once for all
                events = [shown.memo("Event", event_message) for shown in item]
                yield pb.WatchResponse(batch=pb.EventBatch(events=events))
            else:
                yield _watch_response(item)

    @streaming
    async def GetLog(self, request: pb.GetLogRequest, context: Any) -> AsyncIterator[pb.LogEntry]:
        game_id = check_game_id(request.game_id)
        held = await self.service.access.hold(game_id, bearer(context))
        caller = held.caller
        yield pb.LogEntry(header=pb.LogHeader(**await self.service.reads.header(game_id, caller)))
        async for item in self.service.watching.log(game_id, caller, held):
            if isinstance(item, Record):
                yield pb.LogEntry(stored=stored_message(item))
            else:
                yield pb.LogEntry(event=event_message(item))

    @unary
    async def Verify(self, request: pb.VerifyRequest, context: Any) -> pb.VerifyResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context)
        if caller.spectator:
            raise Abort(grpc.StatusCode.UNAUTHENTICATED, "verify needs a seat or operator token")
        report = await self.service.verifier.verify(game_id)
        return pb.VerifyResponse(
            ok=report.ok,
            first_bad_version=report.first_bad_version,
            reason=report.reason,
            events=report.events,
            rerun=report.rerun,
        )

    @unary
    async def ImportGame(self, request: Any, context: Any) -> pb.ImportGameResponse:
        # the operator first: only then is a large message parsed
        require_operator(await self._caller(None, context))
        if isinstance(request, Deferred):
            request = request.message()
        if request.game_id:
            check_game_id(request.game_id)
        given = request.header
        if given.game_id and not GAME_ID.fullmatch(given.game_id):
            raise BadCommand("the header's game_id must be 1-64 of [A-Za-z0-9_-]")
        header = {
            "game_id": given.game_id,
            "kind": limits.check_kind(given.kind),
            "seed_hex": given.seed_hex,
        }
        limits.seed_bytes(given.seed_hex)
        records = imported_records(request.events)
        if records and given.version and given.version != records[-1].version:
            raise BadCommand(
                f"the header says version {given.version}, the last event is {records[-1].version}"
            )
        created = await self.service.importer.import_game(header, records, request.game_id)
        return pb.ImportGameResponse(
            game_id=created.game_id,
            version=created.version,
            seat_tokens=[pb.SeatToken(seat=s, token=t) for s, t in created.tokens.items()],
        )

    # -- the table ------------------------------------------------------------

    @unary
    async def JoinGame(self, request: pb.JoinGameRequest, context: Any) -> pb.JoinGameResponse:
        name = limits.check_name_input(request.name)
        seat = limits.check_seat(request.seat)
        client = client_address(context.peer() or "")
        if request.rematch_of:
            old = check_game_id(request.rematch_of)
            caller = await self._caller(old, context)
            joined = await self.service.tables.join_rematch(old, caller, name, client)
        else:
            code = limits.check_code(request.code)
            if not name:
                raise BadCommand("name is required")
            joined = await self.service.tables.join(code, name, seat, client)
        return pb.JoinGameResponse(
            game_id=joined.game_id,
            seat=joined.seat,
            token=joined.token,
            version=joined.version,
            name=joined.name,
        )

    @unary
    async def ListLobby(self, request: pb.ListLobbyRequest, context: Any) -> pb.ListLobbyResponse:
        return pb.ListLobbyResponse(
            games=[
                pb.LobbyGame(
                    code=e.code,
                    game_id=e.game_id,
                    kind=e.kind,
                    options={
                        k: json.dumps(v) if not isinstance(v, str) else v
                        for k, v in e.options.items()
                    },
                    seats=e.seats,
                    names=e.names,
                    bots=e.bots,
                    free=e.free,
                    created_unix=e.created,
                    default_options=e.defaults,
                )
                for e in await self.service.tables.lobby()
            ]
        )

    @unary
    async def SetSeatBot(self, request: pb.SeatBotRequest, context: Any) -> pb.ActResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context)
        level = limits.check_level(request.level)
        result = await self.service.commands.seat_bot(
            game_id, caller, request.seat, level, request.confirm
        )
        return _act_response(result)

    @unary
    async def Resign(self, request: pb.ResignRequest, context: Any) -> pb.ActResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context)
        return _act_response(await self.service.commands.resign(game_id, caller))

    @unary
    async def Abandon(self, request: pb.AbandonRequest, context: Any) -> pb.ActResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context)
        return _act_response(await self.service.commands.abandon(game_id, caller))

    @unary
    async def ReissueToken(
        self, request: pb.ReissueTokenRequest, context: Any
    ) -> pb.ReissueTokenResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context)
        token, result = await self.service.commands.reissue(game_id, caller, request.seat)
        return pb.ReissueTokenResponse(seat=request.seat, token=token, version=result.last_version)

    @unary
    async def Undo(self, request: pb.UndoRequest, context: Any) -> pb.ActResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context)
        return _act_response(await self.service.commands.undo(game_id, caller))

    @unary
    async def Rematch(self, request: pb.RematchRequest, context: Any) -> pb.RematchResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context)
        created, joined = await self.service.tables.rematch(game_id, caller)
        return pb.RematchResponse(
            game_id=created.game_id,
            join_code=created.code,
            seat=joined.seat if joined else 0,
            token=joined.token if joined else "",
        )

    @unary
    async def ArchiveGame(
        self, request: pb.ArchiveGameRequest, context: Any
    ) -> pb.ArchiveGameResponse:
        game_id = check_game_id(request.game_id)
        caller = await self._caller(game_id, context)
        done = await self.service.archiving.archive_game(game_id, caller)
        return pb.ArchiveGameResponse(
            game_id=done.game_id,
            bundle=done.bundle,
            bundle_bytes=done.bundle_bytes,
            bundle_sha256=done.sha256,
            events=done.events,
            freed_bytes=done.freed_bytes,
        )


def _act_response(result: Any) -> pb.ActResponse:
    return pb.ActResponse(
        first_version=result.first_version,
        last_version=result.last_version,
        duplicate=result.duplicate,
    )
