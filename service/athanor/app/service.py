"""The game service: every use case the API and the CLI offer, over the store.

Per process it caches each game's head state and seed; every append still checks the
version in Redis, so several servers can share one Redis and stay honest.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
import traceback
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from athanor.app import codes
from athanor.app.auth import (
    OPERATOR,
    SPECTATOR,
    Caller,
    Forbidden,
    Unauthenticated,
    new_token,
    same_hash,
    token_hash,
)
from athanor.app.codes import JoinLimiter, NoSuchCode
from athanor.app.kinds import Kinds, UnknownPack
from athanor.app.metrics import Metrics
from athanor.app.names import clean_name
from athanor.engine import audit, game
from athanor.engine.audit import CREATE_COMMAND
from athanor.engine.events import Event
from athanor.engine.record import Record, canonical, check_chain
from athanor.engine.rules import Rules
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.store import (
    PAGE_SIZE_DEFAULT,
    PAGE_SIZE_MAX,
    AppendResult,
    ChainMismatch,
    EventStore,
    GameCursor,
    GameFeeds,
    GameNotFound,
    Head,
    Snapshot,
    VersionConflict,
)
from athanor.store.archive import ArchiveError, Bundle, BundleUnreadable, stub_of

if TYPE_CHECKING:
    from athanor.app.archiving import Archived, Archiver

log = logging.getLogger("athanor.commands")
hook_log = logging.getLogger("athanor.hooks")
JSON = dict[str, Any]
SEAT_TOKEN = "seat_token:"
CACHE_GAMES = 1024
# how long a server trusts its cached seat tokens: a token revoked on another server
# sharing the Redis stops working here within this time (on the revoking one at once)
TOKEN_CACHE_SECONDS = 5.0
REMATCH_TRIES = 5


@dataclass(frozen=True)
class Loaded:
    rules: Rules
    state: game.GameState
    seed: bytes
    # the table at this version, made on first use: it lists every seat's legal
    # commands, and every view of the version shares it
    tables: dict[str, JSON] = field(default_factory=dict, compare=False, repr=False)
    # the record at the head (a timed game's clock starts at its time); None: not read
    head: Record | None = field(default=None, compare=False, repr=False)

    def table(self, report: game.HookReport) -> JSON:
        if "table" not in self.tables:
            summary = game.table(self.rules, self.state, report).to_json()
            self.tables["table"] = {**summary, **game.seating_view(self.state), **self.timer()}
        return self.tables["table"]

    def timed_seats(self) -> list[int]:
        """The awaited seats a timed game's clock runs for (the bot's seats play at once)."""
        state = self.state
        if not state.seating.move_seconds or self.head is None:
            return []
        waiting = game.awaited(self.rules, state)
        return [s for s in sorted(waiting) if s not in state.seating.bots and waiting[s]]

    @property
    def deadline(self) -> float | None:
        """When the awaited seats' time runs out (Unix seconds): the head event's time
        plus the time per move, so every event restarts the clock; None: no clock."""
        if self.head is None or not self.timed_seats():
            return None
        started = datetime.fromisoformat(self.head.time).timestamp()
        return started + self.state.seating.move_seconds

    def timer(self) -> JSON:
        """The table's "deadline" (ISO time) and the seats it is for, when a clock runs."""
        deadline = self.deadline
        if deadline is None:
            return {}
        return {"deadline": _stamp(deadline), "deadline_seats": self.timed_seats()}

    @property
    def timed_out_seat(self) -> int:
        """The seat whose time ran out at the head (its bot's move is due), else 0."""
        head = self.head
        if head is None or head.type != game.MOVE_TIMED_OUT or head.version != self.state.version:
            return 0
        return int(head.body.get("seat", 0))

    @property
    def names(self) -> dict[int, str]:
        return display_names(self.state.seating)


def display_names(seating: game.Seating) -> dict[int, str]:
    """What sentences call each seat: its player's name, or "Bot N" for the server's bot."""
    bots = {s: f"Bot {s}" for s in seating.bots if s not in seating.names}
    return {**bots, **seating.names}


@dataclass(frozen=True)
class Created:
    game_id: str
    version: int
    tokens: dict[int, str]
    code: str = ""


@dataclass(frozen=True)
class Joined:
    game_id: str
    seat: int
    token: str
    version: int
    name: str


@dataclass(frozen=True)
class LobbyEntry:
    code: str
    game_id: str
    kind: str
    options: JSON
    seats: int
    names: dict[int, str]
    bots: dict[int, str]
    free: list[int]
    created: float


@dataclass(frozen=True)
class Legal:
    """A seat's legal commands at a version; previews[i] describes commands[i].

    `free` are the commands the seat may send at any time that do not advance the game
    (the game's optional `free_commands` hook), kept apart so bots never play them;
    free_previews[i] describes free[i].
    """

    version: int
    seat: int
    commands: list[JSON]
    previews: list[str]
    free: list[JSON] = field(default_factory=list)
    free_previews: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Heartbeat:
    head_version: int


class Stopping(Exception):
    """The server is stopping: open streams end so that clients resume elsewhere."""


class GameService:
    def __init__(
        self,
        store: EventStore,
        feeds: GameFeeds,
        kinds: Kinds,
        metrics: Metrics | None = None,
        heartbeat_seconds: float = 15.0,
        clock: Callable[[], float] = time.time,
        archive: Archiver | None = None,
    ) -> None:
        self.store = store
        # finished games moved to bundles (athanor.app.archiving); None: no archive
        self.archive = archive
        self.feeds = feeds
        self.kinds = kinds
        self.metrics = metrics or Metrics(None)
        self.heartbeat_seconds = heartbeat_seconds
        # wall-clock Unix seconds: records' times and the turn timers (tests set it)
        self.clock = clock
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        # events as each audience sees them, shared by every watch (see _shown_once)
        self._shown_cache = ShownCache()
        self._locks: dict[str, asyncio.Lock] = {}
        # seat token hashes never change after creation, and operator tokens are only
        # added: both are cached so a call costs no Redis round trip to authenticate
        self._seat_hashes: OrderedDict[str, tuple[float, dict[str, int]]] = OrderedDict()
        self._operator_hashes: set[str] = set()
        self.join_limiter = JoinLimiter()
        from athanor.app.bots import ServerBots  # the bots act through this service

        self.bots = ServerBots(self)

    # -- who is calling -------------------------------------------------------

    async def caller(self, game_id: str | None, token: str | None) -> Caller:
        """The caller a bearer token names; no token is a spectator."""
        if not token:
            return SPECTATOR
        digest = token_hash(token)
        if digest in self._operator_hashes:
            return OPERATOR
        if game_id:
            for fresh in (False, True):  # a token issued since the cache was read: re-read
                try:
                    seats = await self._seats_by_hash(game_id, fresh)
                except GameNotFound:
                    # the token is judged first: a stranger cannot tell a missing game
                    # from one they hold no token for
                    seats = {}
                for known, seat in seats.items():
                    if same_hash(known, digest):
                        return Caller(seat=seat)
                if not seats:
                    break
        if await self.store.is_operator(digest):
            self._operator_hashes.add(digest)
            return OPERATOR
        raise Unauthenticated(
            "the token is not valid for this game"
            if game_id
            else "this call needs the operator token"
        )

    async def _seats_by_hash(self, game_id: str, fresh: bool = False) -> dict[str, int]:
        entry = self._seat_hashes.get(game_id)
        now = time.monotonic()
        if entry is None or fresh or now - entry[0] > TOKEN_CACHE_SECONDS:
            head = await self.store.head(game_id)
            hashes = {
                value: int(key[len(SEAT_TOKEN) :])
                for key, value in head.meta.items()
                if key.startswith(SEAT_TOKEN)
            }
            entry = (now, hashes)
            self._seat_hashes[game_id] = entry
            while len(self._seat_hashes) > CACHE_GAMES:
                self._seat_hashes.popitem(last=False)
        return entry[1]

    async def as_seat(self, game_id: str, caller: Caller, seat: int) -> Caller:
        """The operator acting for `seat`; a seat token may only name its own seat."""
        if caller.seat == seat:
            return caller
        if not caller.operator:
            raise Forbidden("a seat token acts only for its own seat")
        head = await self.store.head(game_id)
        if not 1 <= seat <= int(head.meta.get("seats", "0")):
            raise BadCommand(f"seat {seat} is not in this game")
        return Caller(seat=seat, operator=True)

    @staticmethod
    def require_operator(caller: Caller) -> None:
        if caller.spectator:
            raise Unauthenticated("this call needs the operator token")
        if not caller.operator:
            raise Forbidden("only the operator may do this")

    @staticmethod
    def require_seat(caller: Caller) -> int:
        if caller.spectator:
            raise Unauthenticated("this call needs a seat token")
        if caller.seat is None:
            raise Forbidden("the operator names a seat to act for")
        return caller.seat

    # -- create ---------------------------------------------------------------

    async def create(
        self,
        kind: str,
        seats: int,
        options: Mapping[str, str],
        seed: bytes | None = None,
        content: str = "",
        table: JSON | None = None,
    ) -> Created:
        try:
            rules = self.kinds.named(kind, content)
        except UnknownPack as err:  # a wrong name in the request, not a missing pack
            raise BadCommand(str(err)) from None
        if not rules.min_seats <= seats <= rules.max_seats:
            raise BadCommand(
                f"{kind} is for {rules.min_seats} to {rules.max_seats} players, not {seats}"
            )
        try:
            parsed = rules.validate_options(dict(options), seats)
        except (RuleViolation, BadCommand):
            raise
        except Exception as err:  # a rules module that trips on a malformed value
            raise BadCommand(
                f"the options are not valid for {kind} ({type(err).__name__})"
            ) from None
        return await self._create(rules, seats, parsed, seed, table)

    async def _create(
        self,
        rules: Rules,
        seats: int,
        parsed: JSON,
        seed: bytes | None,
        table: JSON | None,
        game_id: str = "",
    ) -> Created:
        """Store a new game; an open one gets a join code and no seat tokens."""
        table = _table_facts(table)
        opened = bool(table and table.get("open"))
        seed = seed or secrets.token_bytes(32)
        events, state = game.create(rules, parsed, seats, seed, table)
        game_id = game_id or uuid.uuid4().hex[:12]
        command = {"type": CREATE_COMMAND, "seats": seats, "options": parsed}
        if table:
            command["table"] = table
        records, state = game.seal(
            rules,
            state,
            state,
            events,
            seat=0,
            command_id=f"create-{game_id}",
            command=command,
            time=_stamp(self.clock()),
        )
        tokens = {} if opened else {s: new_token() for s in range(1, seats + 1)}
        meta = {
            **_game_meta(rules, seats),
            **{f"{SEAT_TOKEN}{s}": token_hash(t) for s, t in tokens.items()},
        }
        code = ""
        if opened:
            code = await self._new_code(game_id)
            meta["join_code"] = code
        if state.seating.move_seconds:
            meta["timed"] = "1"  # found again at start-up by the bots' task
        created = time.time()
        meta["created"] = repr(created)
        result = await self.store.create(game_id, meta, seed, records, records[0].command_id)
        if result.duplicate:  # made before (a rematch asked twice): that game stands
            head = await self.store.head(game_id)
            await self.store.drop_code(code)
            return Created(game_id, head.version, {}, head.meta.get("join_code", ""))
        if table and table.get("listed"):
            await self.store.list_in_lobby(game_id, created)
        self._remember(game_id, Loaded(rules, state, seed, head=records[-1]))
        if state.seating.move_seconds:
            self.bots.poke(game_id)
        return Created(game_id, records[-1].version, tokens, code)

    async def _new_code(self, game_id: str) -> str:
        while True:  # 2^50 codes: a clash is all but impossible, but cheap to rule out
            code = codes.new_code()
            if await self.store.add_code(code, game_id):
                return code

    # -- load -----------------------------------------------------------------

    async def _rules_of(self, head: Head) -> Rules:
        """The rules a stored game is played with: its kind, its pack's digest (a game
        stored before packs were recorded has none: the built-in pack) and the rules
        version it was created under, so an older game goes on under its own rules.
        Where one version string named two behaviours, its GameCreated record's schema
        tells which (one record read, for those games only)."""
        schema = 0
        if self.kinds.split_by_schema(head.kind, head.rules_version):
            first = [rec async for rec in self._read(head, 1, 1)]
            schema = first[0].schema if first else 0
        return self.kinds.get(head.kind, head.meta.get("pack", ""), head.rules_version, schema)

    def _remember(self, game_id: str, loaded: Loaded) -> None:
        self._cache[game_id] = loaded
        self._cache.move_to_end(game_id)
        while len(self._cache) > CACHE_GAMES:
            self._cache.popitem(last=False)

    async def load(self, game_id: str) -> Loaded:
        """The game at its head: cached when the cache is at Redis's version."""
        cached = self._cache.get(game_id)
        if cached is not None:
            # one small read keeps the cache honest when other servers share the Redis
            version = int(await self.store.get_meta_field(game_id, "version") or 0)
            if cached.state.version == version:
                return cached
        head = await self.store.head(game_id)
        rules = await self._rules_of(head)
        seed = cached.seed if cached else await self._seed(head)
        state = cached.state if cached and cached.state.version < head.version else None
        if state is None:  # an archived game has no snapshot: its bundle is folded
            state = await self._from_snapshot(game_id, rules, head.version)
        start = state.version + 1 if state else 1
        last: Record | None = None
        async for rec in self._read(head, start, head.version):
            state = game.apply(rules, state, rec)
            last = rec
        if state is None:
            raise GameNotFound(game_id)
        if last is None and state.seating.move_seconds:  # the clock needs the head's time
            at = await self.store.read_all(game_id, state.version, state.version)
            last = at[0] if at else None
        loaded = Loaded(rules, state, seed, head=last)
        self._remember(game_id, loaded)
        return loaded

    async def _from_snapshot(
        self, game_id: str, rules: Rules, at_most: int
    ) -> game.GameState | None:
        """The stored snapshot's state if it is usable and passes its checks, else None:
        the caller then folds the events from the start."""
        snap = await self.store.load_snapshot(game_id)
        # a snapshot taken under other rules is ignored: the events are folded again
        if snap is None or snap.rules_version != rules.rules_version or snap.version > at_most:
            return None
        if not snap.digest:
            return None  # saved before snapshots were checked: nothing vouches for it
        state, fault = await self._checked_snapshot(game_id, rules, snap)
        if state is None:
            # the game and version only: a snapshot holds every seat's secrets
            log.warning("game=%s snapshot at version %d rejected: %s", game_id, snap.version, fault)
            self.metrics.snapshot_rejected()
        return state

    async def _checked_snapshot(
        self, game_id: str, rules: Rules, snap: Snapshot
    ) -> tuple[game.GameState | None, str]:
        """The snapshot's state, or None and why it cannot be trusted.

        Its data must match its digest, and its recorded chain hash must be the stored
        event's at its version: data changed in place, or a snapshot that belongs to
        another point of the log, is refused.
        """
        if not snap.digest_ok:
            return None, "its data does not match its digest"
        at = await self.store.read_all(game_id, snap.version, snap.version)
        if not at or at[0].hash != snap.head_hash:
            return None, "its chain hash is not the stored event's at that version"
        try:
            state = game.load(rules, json.loads(snap.data))
        except (ValueError, KeyError, TypeError) as err:
            return None, f"its data cannot be loaded ({type(err).__name__})"
        if state.version != snap.version or state.head_hash != snap.head_hash:
            return None, "its state is not at its recorded version"
        return state, ""

    async def state_at(self, game_id: str, version: int) -> Loaded:
        """The game as it stood after the last whole batch at or before `version`
        (replay). A version inside a batch was never a head: no audience was shown
        the state there (a secret choice may be half revealed, a listing meaningless),
        so a past view shows the head every audience saw last, and says its version."""
        loaded = await self.load(game_id)
        if version <= 0 or version >= loaded.state.version:
            if version > loaded.state.version:
                raise BadCommand(f"version {version} is past the head ({loaded.state.version})")
            return loaded
        state = await self._from_snapshot(game_id, loaded.rules, version)
        start = state.version + 1 if state else 1
        head = await self.store.head(game_id)
        # the last head at or before `version`; inside the batch that creates the game
        # there is none yet, and the first head is shown
        shown = state  # snapshots are taken at heads
        async for rec in self._read(head, start):
            if rec.command is not None and state is not None:  # `state` was a head
                if state.version <= version or shown is None:
                    shown = state
                if rec.version > version:
                    break
            state = game.apply(loaded.rules, state, rec)
        else:  # `version` is inside the last batch
            shown = shown or state
        assert shown is not None
        return Loaded(loaded.rules, shown, loaded.seed)

    # -- act ------------------------------------------------------------------

    async def act(
        self,
        game_id: str,
        seat: int,
        command: Any,
        command_id: str,
        expected_version: int | None = None,
        *,
        table: bool = False,
        bot: bool = False,
    ) -> AppendResult:
        """Decide and append `command` from `seat` (0: the server, for table commands).

        `table` lets the engine's table commands through (the table calls send them;
        Act may not); `bot` marks the server's bot, which plays for resigned seats.
        """
        if not command_id:
            raise BadCommand("a command needs a command id")
        if not table and game.is_table_command(command):
            raise BadCommand("table commands are sent by their own calls, not Act")
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        started = time.perf_counter()
        cached = self._cache.get(game_id)
        kind = cached.rules.kind if cached else "?"
        try:
            async with lock:
                result, kind = await self._act_locked(
                    game_id, seat, command, command_id, expected_version, bot
                )
                if result.duplicate:
                    await self._refuse_if_undone(game_id, result)
        except RuleViolation as err:
            self._log(game_id, seat, kind, "rejected:" + err.code, started)
            raise
        except BadCommand:
            self._log(game_id, seat, kind, "rejected:BAD_COMMAND", started)
            raise
        except VersionConflict:
            self._log(game_id, seat, kind, "rejected:VERSION_CONFLICT", started)
            raise
        outcome = "duplicate" if result.duplicate else "ok"
        self._log(game_id, seat, kind, outcome, started, result.last_version)
        return result

    async def _act_locked(
        self,
        game_id: str,
        seat: int,
        command: Any,
        command_id: str,
        expected_version: int | None,
        bot: bool = False,
    ) -> tuple[AppendResult, str]:
        """Decide on the cached head and append: one Redis round trip when all is well.

        The append script is the authority: it answers a repeated command id, and
        refuses a stale version, after which we reload and decide again. A refusal
        decided on the cache is only given once Redis confirms the cache is current.
        """
        loaded = self._cache.get(game_id) or await self.load(game_id)
        while True:
            state = loaded.state
            if expected_version is not None and expected_version != state.version:
                loaded = await self.load(game_id)
                if expected_version != loaded.state.version:
                    earlier = await self.store.command_result(game_id, command_id)
                    if earlier is not None:
                        return earlier, loaded.rules.kind
                    raise VersionConflict(expected_version, loaded.state.version)
                continue
            try:
                if (
                    not bot
                    and seat in state.seating.resigned
                    and not game.is_table_command(command)
                ):
                    raise RuleViolation(
                        "RESIGNED", "this seat has resigned: the bot plays it", "ENGINE-TABLE"
                    )
                events, after = _decide(game_id, loaded, command, seat)
            except (RuleViolation, BadCommand):
                earlier = await self.store.command_result(game_id, command_id)
                if earlier is not None:
                    return earlier, loaded.rules.kind
                fresh = await self.load(game_id)
                if fresh is loaded:  # the cache was current: the refusal stands
                    raise
                loaded = fresh
                continue
            records, after = game.seal(
                loaded.rules,
                state,
                after,
                events,
                seat=seat,
                command_id=command_id,
                command=command,
                time=_stamp(self.clock()),
            )
            try:
                t0 = time.perf_counter()
                result = await self.store.append(game_id, state.version, records, command_id)
                self.metrics.append_latency(time.perf_counter() - t0)
            except (VersionConflict, ChainMismatch):
                if expected_version is not None:
                    raise
                loaded = await self.load(game_id)  # another server moved it
                continue
            if not result.duplicate:
                new = Loaded(loaded.rules, after, loaded.seed, head=records[-1])
                self._remember(game_id, new)
                await self._maybe_snapshot(game_id, new, state.version)
                if new.state.over:
                    await self.store.set_meta(game_id, {"over": "1"})
                await self._after_append(game_id, state, new.state)
            return result, loaded.rules.kind

    async def _after_append(
        self, game_id: str, before: game.GameState, after: game.GameState
    ) -> None:
        """The table's bookkeeping: a full or finished game stops taking players, and
        the server's bots look at a game that has any."""
        if after.seating.bots and not before.seating.bots:
            await self.store.set_meta(game_id, {"bots": "1"})  # found again at start-up
        taking = before.seating.open and before.waiting_for_players and not before.over
        if taking and (after.over or not after.waiting_for_players):
            await self._close_lobby(game_id)
        if (after.seating.bots or after.seating.move_seconds) and not after.over:
            self.bots.poke(game_id)

    async def _close_lobby(self, game_id: str) -> None:
        code = await self.store.get_meta_field(game_id, "join_code")
        if code:
            await self.store.drop_code(code)
        await self.store.unlist(game_id)

    def _reporter(
        self, game_id: str, of: Loaded | Rules, version: int | None = None
    ) -> game.HookReport:
        """Where a presentation part that raised is told: a log line (never the error's
        text, which may name what a seat holds) and a metric; the call goes on without
        that part's output."""
        rules = of.rules if isinstance(of, Loaded) else of
        at = of.state.version if isinstance(of, Loaded) else version

        def report(hook: str, err: Exception) -> None:
            frame = traceback.extract_tb(err.__traceback__)[-1:]
            where = f"{frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else "?"
            hook_log.warning(
                "game=%s version=%s hook=%s failed: %s at %s",
                game_id, at, hook, type(err).__name__, where,
            )  # fmt: skip
            self.metrics.hook_failed(rules.kind, hook)

        return report

    def _log(
        self, game_id: str, seat: int, kind: str, outcome: str, started: float, version: int = 0
    ) -> None:
        # one line per command; never the command body, which may hold a secret choice
        log.info("game=%s seat=%d version=%d outcome=%s", game_id, seat, version, outcome)
        self.metrics.command(kind, outcome, time.perf_counter() - started)

    async def _refuse_if_undone(self, game_id: str, result: AppendResult) -> None:
        """A resent command whose batch was taken back is not "already applied": an undo
        can only follow its batch at once, so an Undone right after it says so."""
        after = await self.store.read_all(game_id, result.last_version + 1, result.last_version + 1)
        if (
            after
            and after[0].type == game.UNDONE
            and after[0].body.get("version") == result.first_version - 1
        ):
            raise RuleViolation(
                "UNDONE",
                "that command was taken back: send it again under a new command id",
                "ENGINE-TABLE",
            )

    async def _maybe_snapshot(self, game_id: str, loaded: Loaded, before: int) -> None:
        if self.store.should_snapshot(before, loaded.state.version):
            state = loaded.state
            data = canonical(game.dump(loaded.rules, state))
            # the chain hash ties the snapshot to the event it was taken at
            await self.store.save_snapshot(
                game_id, state.version, loaded.rules.rules_version, data, state.head_hash
            )

    # -- reads ----------------------------------------------------------------

    async def view(
        self, game_id: str, caller: Caller, at_version: int = 0
    ) -> tuple[int, JSON, JSON]:
        loaded = (
            await self.state_at(game_id, at_version) if at_version else await self.load(game_id)
        )
        state = loaded.state
        report = self._reporter(game_id, loaded)
        seen = game.view(loaded.rules, state, caller.sees_as, report)
        table = loaded.table(report)
        if "deadline" in table:
            # the seconds left as of this answer: a client counts down from them on its
            # own clock, which need not agree with the server's
            deadline = datetime.fromisoformat(table["deadline"]).timestamp()
            left = max(0.0, round(deadline - self.clock(), 1))
            timer = {"deadline": table["deadline"], "seconds_left": left}
            table = {**table, **timer}
            seen.update(timer, deadline_seats=table["deadline_seats"])
        return state.version, seen, table

    async def legal(self, game_id: str, caller: Caller) -> Legal:
        """The seat's legal commands, each with the game's preview ("" for none)."""
        seat = self.require_seat(caller)
        loaded = await self.load(game_id)
        report = self._reporter(game_id, loaded)
        commands = game.legal_commands(loaded.rules, loaded.state, seat)
        free = game.free_commands(loaded.rules, loaded.state, seat, report)
        # one view for both lists: previews are index-aligned with commands + free
        previews = game.previews(loaded.rules, loaded.state, commands + free, seat, report)
        n = len(commands)
        return Legal(loaded.state.version, seat, commands, previews[:n], free, previews[n:])

    async def watch(
        self, game_id: str, caller: Caller, from_version: int = 1
    ) -> AsyncIterator[JSON | Heartbeat]:
        """Every event from `from_version` on as `caller` may see it, then live.

        Yields a Heartbeat whenever nothing happened for heartbeat_seconds.
        """
        head = await self.store.head(game_id)  # NOT_FOUND first
        if stub_of(head.meta) is not None:
            async for item in self._watch_archived(head, caller, from_version):
                yield item
            return
        rules = await self._rules_of(head)
        if head.meta.get("over") == "1" and from_version > head.version:
            return  # a finished game has nothing more to send
        names = (await self.load(game_id)).names
        try:
            subscription = await self.feeds.subscribe(game_id, max(1, from_version))
        except RuntimeError:  # the feeds are closed: the server is stopping
            raise Stopping() from None
        self.metrics.watchers(+1)
        try:
            last = from_version - 1
            wording = _names_key(names)
            while True:
                try:
                    rec = await subscription.next(self.heartbeat_seconds)
                except StopAsyncIteration:  # the feeds closed under it
                    raise Stopping() from None
                if rec is None:
                    yield Heartbeat(max(last, 0))
                    continue
                last = rec.version
                renamed = _renamed(names, rec)
                if renamed is not names:
                    names, wording = renamed, _names_key(renamed)
                yield self._shown_once(game_id, rec, caller.sees_as, rules, names, wording)
                if rec.type == game.GAME_ENDED:
                    return  # the last event of a finished game ends the stream
        finally:
            await subscription.close()
            self.metrics.watchers(-1)

    def _shown_once(
        self,
        game_id: str,
        rec: Record,
        sees_as: int | None,
        rules: Rules,
        names: dict[int, str],
        wording: NamesKey,
    ) -> Shown:
        """`rec` as the audience `sees_as` sees it, worded with `names` (whose key is
        `wording`): redacted and worded once per (version, audience, names), then shared
        by every watcher of that audience, with what the API makes of it (Shown.memo).
        The operator watches as the public does (Caller.sees_as is None), so the
        audiences are the public and each seat."""
        cache = self._shown_cache
        key = (rec.version, rec.hash, sees_as, wording)
        shown = cache.get(game_id, key)
        if shown is None:
            report = self._reporter(game_id, rules, rec.version)
            shown = cache.put(game_id, key, Shown(_shown(rec, sees_as, rules, report, names)))
        return shown

    async def log(self, game_id: str, caller: Caller) -> AsyncIterator[Record | JSON]:
        """Operator: the stored records. Seat or spectator: each as they may see it."""
        head = await self.store.head(game_id)
        rules = await self._rules_of(head)
        names = (await self.load(game_id)).names
        async for rec in self._read(head):
            if caller.operator:
                yield rec
            else:
                report = self._reporter(game_id, rules, rec.version)
                yield _shown(rec, caller.sees_as, rules, report, names)

    async def header(self, game_id: str, caller: Caller) -> JSON:
        head = await self.store.head(game_id)
        seed = (await self._seed(head)).hex() if caller.operator else ""
        return {
            "game_id": game_id,
            "kind": head.kind,
            "rules_version": head.rules_version,
            "version": head.version,
            "seed_hex": seed,
        }

    async def verify(self, game_id: str) -> audit.Report:
        head = await self.store.head(game_id)
        rules = await self._rules_of(head)
        try:  # an archived game's bundle is read again from its file and checked
            records = [rec async for rec in self._read(head, fresh=True)]
            seed = await self._seed(head)
        except ArchiveError as err:
            return audit.Report(False, 0, str(err))
        if records and records[-1].hash != head.head_hash:
            # a cut or rewritten tail still chains; the head hash in meta anchors it
            last = records[-1].version
            if last < head.version:
                reason = f"the log ends at version {last}; version {last + 1} is missing"
                return audit.Report(False, last + 1, f"{reason} (the head is {head.version})")
            return audit.Report(False, last, "the log's last event is not the recorded head")
        report = audit.verify(rules, records, seed)
        if not report.ok:
            return report
        bad = await self._snapshot_disagrees(game_id, rules, records)
        if bad is not None:
            return replace(report, ok=False, first_bad_version=bad[0], reason=bad[1])
        return report

    async def _snapshot_disagrees(
        self, game_id: str, rules: Rules, records: list[Record]
    ) -> tuple[int, str] | None:
        """(version, reason) when the stored snapshot is not the fold of the events up to
        its version. One snapshot is kept per game; one that is never served (other
        rules, or saved before snapshots were checked) is not judged."""
        snap = await self.store.load_snapshot(game_id)
        if snap is None or not snap.digest or snap.rules_version != rules.rules_version:
            return None
        v = snap.version
        state, fault = await self._checked_snapshot(game_id, rules, snap)
        if state is None:
            return v, f"the snapshot at version {v} does not match the events ({fault})"
        folded = game.fold(rules, records[:v])
        stored = json.loads(snap.data)
        expected = json.loads(canonical(game.dump(rules, folded)))
        if "undo" not in stored:  # saved before snapshots carried the undo point
            expected.pop("undo", None)
        # compared as JSON values: the same state whatever the key order or tuple/list
        if stored != expected:
            return v, f"the snapshot at version {v} does not match the events"
        return None

    # -- archived games: their records come from the bundle ---------------------

    async def archive_game(self, game_id: str, caller: Caller) -> Archived:
        """Operator: move a finished game to a bundle, leaving a stub in Redis."""
        self.require_operator(caller)
        if self.archive is None:
            raise BundleUnreadable("this server keeps no archive")
        return await self.archive.archive(self, game_id)

    async def _bundle(self, head: Head, fresh: bool = False) -> Bundle | None:
        """The bundle of an archived game, checked against its stub; None for a game
        in Redis. `fresh` reads its file again (verify)."""
        stub = stub_of(head.meta)
        if stub is None:
            return None
        if self.archive is None:
            raise BundleUnreadable(
                f"game {head.game_id} is archived and this server keeps no archive", stub.bundle
            )
        bundles = self.archive.bundles
        return await bundles.load(head.game_id, stub, head.version, head.head_hash, fresh)

    async def _read(
        self, head: Head, start: int = 1, end: int | None = None, fresh: bool = False
    ) -> AsyncIterator[Record]:
        """Records start..end (None: to the end) from Redis, or from an archived game's
        bundle; a read that an archiving cut short goes on from the bundle."""
        last = head.version if end is None else min(end, head.version)
        nxt = max(start, 1)
        bundle = await self._bundle(head, fresh)
        if bundle is None:
            async for rec in self.store.read(head.game_id, nxt, end):
                nxt = rec.version + 1
                yield rec
            if nxt > last:
                return
            bundle = await self._bundle(await self.store.head(head.game_id), fresh)
            if bundle is None:
                return  # as Redis holds it (verify names what is missing)
        for rec in bundle.records[nxt - 1 : last]:
            yield rec

    async def _seed(self, head: Head) -> bytes:
        """The game's seed, from Redis or from its bundle."""
        bundle = await self._bundle(head)
        if bundle is not None:
            return bundle.seed
        seed = await self.store.seed(head.game_id)
        if not seed:  # archived since the head was read? the seed left with the events
            bundle = await self._bundle(await self.store.head(head.game_id))
            if bundle is not None:
                return bundle.seed
        return seed

    async def _watch_archived(
        self, head: Head, caller: Caller, from_version: int
    ) -> AsyncIterator[JSON]:
        """The watch of an archived game: its events from `from_version` on as the
        caller may see them, as a live watch sends them, then the end (it is over)."""
        rules = await self._rules_of(head)
        names = (await self.load(head.game_id)).names
        async for rec in self._read(head, max(1, from_version)):
            names = _renamed(names, rec)
            report = self._reporter(head.game_id, rules, rec.version)
            yield _shown(rec, caller.sees_as, rules, report, names)
            if rec.type == game.GAME_ENDED:
                return

    async def list_games(self, page_size: int = 0, page_token: str = "") -> tuple[list[JSON], str]:
        """One page of the games, oldest first, and the token of the next page ("" after
        the last). page_size 0 is the default size; larger than the maximum is capped."""
        if page_size < 0:
            raise BadCommand("page_size must be 0 (the default) or more")
        size = min(page_size or PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX)
        try:
            after = GameCursor.parse(page_token) if page_token else None
        except ValueError:
            raise BadCommand("page_token is not a token this service gave") from None
        # one more than the page: whether a next page exists, without an empty last one
        heads = await self.store.list_games(after=after, limit=size + 1)
        token = GameCursor.after(heads[size - 1]).token() if len(heads) > size else ""
        out = []
        for head in heads[:size]:
            out.append(
                {
                    "game_id": head.game_id,
                    "kind": head.kind,
                    "seats": int(head.meta.get("seats", "0")),
                    "version": head.version,
                    "over": head.meta.get("over") == "1",
                    "created": head.created,
                    "archived": stub_of(head.meta) is not None,
                }
            )
        return out, token

    # -- the table: joining, bots, resigning, undoing, rematches -----------------

    async def join(self, code: str, name: str, seat: int, client: str) -> Joined:
        """Claim a seat of an open game by its code: the lowest free one when `seat` is
        0. Every attempt, good or bad, spends one of the client's joins."""
        self.join_limiter.take(client)
        code = codes.normalize(code)
        name = clean_name(name)
        game_id = await self.store.game_of_code(code)
        if game_id is None:
            raise NoSuchCode()
        try:
            loaded = await self.load(game_id)
        except GameNotFound:
            raise NoSuchCode() from None
        state = loaded.state
        if not state.seating.open or state.over or not state.waiting_for_players:
            raise NoSuchCode()
        return await self._claim(game_id, seat, name)

    async def join_rematch(self, old_game: str, caller: Caller, name: str, client: str) -> Joined:
        """A seat of a finished game takes the same seat, under the same name (or `name`),
        in its rematch."""
        self.join_limiter.take(client)
        seat = self.require_seat(caller)
        new_id = await self.store.get_meta_field(old_game, "rematch")
        if not new_id:
            raise RuleViolation("NO_REMATCH", "this game has no rematch yet", "ENGINE-TABLE")
        old = await self.load(old_game)
        chosen = clean_name(name) if name else old.state.seating.names.get(seat, "")
        if not chosen:
            raise BadCommand("this seat had no name: give one")
        return await self._claim(new_id, seat, chosen)

    async def _claim(self, game_id: str, seat: int, name: str) -> Joined:
        for _ in range(REMATCH_TRIES):
            loaded = await self.load(game_id)
            sitting, seats = loaded.state.seating, loaded.state.seats
            free = [s for s in range(1, seats + 1) if not sitting.taken(s)]
            if not free or loaded.state.over:
                raise NoSuchCode()
            target = seat or free[0]
            command = {"type": game.CLAIM_SEAT, "seat": target, "name": name}
            try:
                result = await self.act(game_id, 0, command, f"join-{uuid.uuid4().hex}", table=True)
            except RuleViolation as err:
                if err.code == "SEAT_TAKEN" and not seat:
                    continue  # another player took it a moment ago: the next free seat
                raise
            token = new_token()
            # after the event: if this write is lost, the seat is reissued, never shared
            await self.store.set_meta(game_id, {f"{SEAT_TOKEN}{target}": token_hash(token)})
            self._seat_hashes.pop(game_id, None)
            return Joined(game_id, target, token, result.last_version, name)
        raise NoSuchCode()

    async def lobby(self) -> list[LobbyEntry]:
        """The listed games still taking players (no tokens, no game secrets)."""
        out = []
        for game_id in await self.store.lobby():
            try:
                loaded = await self.load(game_id)
                code = await self.store.get_meta_field(game_id, "join_code") or ""
            except GameNotFound:
                await self.store.unlist(game_id)
                continue
            state = loaded.state
            if state.over or not state.waiting_for_players:
                await self._close_lobby(game_id)  # a crash between append and unlisting
                continue
            sitting = state.seating
            out.append(
                LobbyEntry(
                    code=code,
                    game_id=game_id,
                    kind=state.kind,
                    options=dict(state.options),
                    seats=state.seats,
                    names=dict(sitting.names),
                    bots=dict(sitting.bots),
                    free=[s for s in range(1, state.seats + 1) if not sitting.taken(s)],
                    created=float((await self.store.head(game_id)).created),
                )
            )
        return out

    async def seat_bot(self, game_id: str, caller: Caller, seat: int, level: str) -> AppendResult:
        """Give `seat` to the server's bot: the operator any seat (a player who left:
        BGA's zombie), a seated player only a free seat of a game not yet started."""
        if caller.spectator:
            raise Unauthenticated("this call needs a seat or the operator token")
        if not caller.operator:
            state = (await self.load(game_id)).state
            taken = 1 <= seat <= state.seats and state.seating.taken(seat)
            if not state.waiting_for_players or taken:
                raise Forbidden("a player may give only a free seat to a bot, before the start")
        command = {"type": game.GIVE_TO_BOT, "seat": seat, "level": level or "random"}
        return await self.act(game_id, 0, command, f"bot-seat-{uuid.uuid4().hex}", table=True)

    async def resign(self, game_id: str, caller: Caller) -> AppendResult:
        seat = self.require_seat(caller)
        return await self.act(
            game_id, seat, {"type": game.RESIGN}, f"resign-{uuid.uuid4().hex}", table=True
        )

    async def abandon(self, game_id: str, caller: Caller) -> AppendResult:
        self.require_operator(caller)
        return await self.act(
            game_id, 0, {"type": game.ABANDON}, f"abandon-{uuid.uuid4().hex}", table=True
        )

    async def reissue(self, game_id: str, caller: Caller, seat: int) -> tuple[str, AppendResult]:
        """A new token for `seat`; the old one stops working (on other servers sharing
        the Redis within TOKEN_CACHE_SECONDS). The event says so, never the token."""
        self.require_operator(caller)
        command = {"type": game.REISSUE, "seat": seat}
        result = await self.act(game_id, 0, command, f"reissue-{uuid.uuid4().hex}", table=True)
        token = new_token()
        await self.store.set_meta(game_id, {f"{SEAT_TOKEN}{seat}": token_hash(token)})
        self._seat_hashes.pop(game_id, None)
        return token, result

    async def undo(self, game_id: str, caller: Caller) -> AppendResult:
        seat = self.require_seat(caller)
        return await self.act(
            game_id, seat, {"type": game.UNDO}, f"undo-{uuid.uuid4().hex}", table=True
        )

    async def rematch(self, game_id: str, caller: Caller) -> tuple[Created, Joined | None]:
        """A new open game with the same kind, pack, options, seats, listing and bots
        and a new seed; a seat that asks is seated in it under its name. Asked again
        (by anyone), the same rematch is returned."""
        if caller.spectator:
            raise Unauthenticated("this call needs a seat or the operator token")
        loaded = await self.load(game_id)
        state = loaded.state
        if not state.over:
            raise RuleViolation("NOT_OVER", "a rematch follows a finished game", "ENGINE-TABLE")
        # one rematch per game, whichever server is asked: its id follows from the game's
        new_id = hashlib.sha256(f"rematch:{game_id}".encode()).hexdigest()[:12]
        table = {"open": True, "listed": state.seating.listed}
        if state.seating.move_seconds:
            table["move_seconds"] = state.seating.move_seconds
        options = dict(state.options)
        # under the current rules with the same pack, even after a game of older rules
        pack = loaded.rules.pack
        rules = self.kinds.get(loaded.rules.kind, pack.digest if pack is not None else "")
        created = await self._create(rules, state.seats, options, None, table, new_id)
        await self.store.set_meta(game_id, {"rematch": new_id})
        fresh = await self.load(new_id)
        for seat, level in sorted(state.seating.bots.items()):
            if seat not in state.seating.resigned and not fresh.state.seating.taken(seat):
                with contextlib.suppress(RuleViolation):
                    await self.act(
                        new_id,
                        0,
                        {"type": game.GIVE_TO_BOT, "seat": seat, "level": level},
                        f"rematch-bot-{seat}",
                        table=True,
                    )
        joined = None
        seat = caller.seat
        name = state.seating.names.get(seat or 0, "")
        if seat and name and not (await self.load(new_id)).state.seating.taken(seat):
            joined = await self._claim(new_id, seat, name)
        return created, joined

    # -- import ---------------------------------------------------------------

    async def import_game(self, header: JSON, records: list[Record], game_id: str = "") -> Created:
        if not records:
            raise BadCommand("the log has no events")
        self.kinds.game(str(header.get("kind", "")))  # an unknown kind is named first
        rules = self.kinds.for_created(records[0])
        bad = check_chain(records)
        if bad:
            raise BadCommand(f"the log's hash chain is broken at version {bad}")
        seed = bytes.fromhex(header["seed_hex"]) if header.get("seed_hex") else None
        report = audit.verify(rules, records, seed)
        if not report.ok:
            raise BadCommand(f"the log does not verify: {report.describe()}")
        try:
            state = game.fold(rules, records)
        except Exception as err:  # a chain-only check lets any body through
            raise BadCommand(f"the log cannot be folded ({type(err).__name__})") from None
        if seed is None:
            # without the seed nobody could act fairly again: only finished games travel bare
            if not state.over:
                raise BadCommand("a running game can only be imported with its seed")
            seed = bytes.fromhex(state.seed)
        game_id = game_id or str(header.get("game_id") or uuid.uuid4().hex[:12])
        tokens = {s: new_token() for s in range(1, state.seats + 1)}
        meta = {
            **_game_meta(rules, state.seats),
            **{f"{SEAT_TOKEN}{s}": token_hash(t) for s, t in tokens.items()},
        }
        await self.store.import_game(game_id, meta, seed, records)
        # a snapshot at the head, so the first load of a long imported game is cheap
        await self.store.save_snapshot(
            game_id,
            state.version,
            rules.rules_version,
            canonical(game.dump(rules, state)),
            state.head_hash,
        )
        if state.over:
            await self.store.set_meta(game_id, {"over": "1"})
        elif state.seating.move_seconds:
            await self.store.set_meta(game_id, {"timed": "1"})
            self.bots.poke(game_id)
        return Created(game_id, state.version, tokens)


def _game_meta(rules: Rules, seats: int) -> dict[str, str]:
    """What a game's meta hash says of it; `pack` is the digest of its content pack."""
    meta = {"kind": rules.kind, "rules_version": rules.rules_version, "seats": str(seats)}
    if rules.pack is not None:
        meta["pack"] = rules.pack.digest
    return meta


def _decide(
    game_id: str, loaded: Loaded, command: Any, seat: int
) -> tuple[list[Event], game.GameState]:
    """game.decide; a rules module that raises on a malformed command refuses it (logged
    by type and place: the command may hold a secret choice)."""
    try:
        return game.decide(loaded.rules, loaded.state, command, seat, loaded.seed)
    except (RuleViolation, BadCommand):
        raise
    except Exception as err:
        frame = traceback.extract_tb(err.__traceback__)[-1:]
        where = f"{frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else "?"
        log.error(
            "game=%s seat=%d: the rules raised %s at %s", game_id, seat, type(err).__name__, where
        )
        raise BadCommand("the command is malformed for this game") from None


def _shown(
    rec: Record,
    sees_as: int | None,
    rules: Rules,
    report: game.HookReport,
    names: dict[int, str] | None = None,
) -> JSON:
    """`rec` redacted for the eyes of `sees_as` (a seat, or None for the public) and
    worded in the game's words; nothing else about the caller counts."""
    shown = rec.shown_to(sees_as)
    shown["text"] = game.describe(rules, rec.type, shown["body"], report, names)
    return shown


# what a watch's wording depends on besides the event: each seat's display name
NamesKey = tuple[tuple[int, str], ...]
SHOWN_PER_GAME = 32  # recent (version, audience, names) entries kept per game


def _names_key(names: dict[int, str]) -> NamesKey:
    return tuple(sorted(names.items()))


class Shown(dict[str, Any]):
    """An event as one audience sees it, shared by every watcher of that audience: read
    it, never change it. `memo` keeps what a transport makes of it (the API's message),
    so that too is made once for all of them."""

    __slots__ = ("_memo",)

    def __init__(self, shown: JSON) -> None:
        super().__init__(shown)
        self._memo: dict[str, Any] = {}

    def memo(self, kind: str, make: Callable[[Shown], Any]) -> Any:
        made = self._memo.get(kind)
        if made is None:
            made = self._memo[kind] = make(self)
        return made


ShownKey = tuple[int, str, int | None, NamesKey]


class ShownCache:
    """The recent events of each game as each audience sees them (see
    GameService._shown_once), for the watchers that come after the first. The oldest
    entries, and the least recently watched games, go first."""

    def __init__(self, games: int = CACHE_GAMES, per_game: int = SHOWN_PER_GAME) -> None:
        self.games = games
        self.per_game = per_game
        self._games: OrderedDict[str, OrderedDict[ShownKey, Shown]] = OrderedDict()

    def get(self, game_id: str, key: ShownKey) -> Shown | None:
        entries = self._games.get(game_id)
        return None if entries is None else entries.get(key)

    def entries(self, game_id: str) -> list[tuple[ShownKey, Shown]]:
        return list(self._games.get(game_id, {}).items())

    def put(self, game_id: str, key: ShownKey, shown: Shown) -> Shown:
        entries = self._games.get(game_id)
        if entries is None:
            entries = self._games[game_id] = OrderedDict()
            while len(self._games) > self.games:
                self._games.popitem(last=False)
        else:
            self._games.move_to_end(game_id)
        entries[key] = shown
        while len(entries) > self.per_game:
            entries.popitem(last=False)
        return shown


def _renamed(names: dict[int, str], rec: Record) -> dict[int, str]:
    """Display names after a table event streams past (a watch sees seats fill)."""
    seat = rec.body.get("seat")
    if rec.type == game.SEAT_CLAIMED and isinstance(seat, int):
        return {**names, seat: str(rec.body.get("name"))}
    if rec.type == game.SEAT_GIVEN_TO_BOT and isinstance(seat, int) and seat not in names:
        return {**names, seat: f"Bot {seat}"}
    return names


def _stamp(unix: float) -> str:
    """A record's time: UTC, ISO 8601 with milliseconds."""
    return datetime.fromtimestamp(unix, UTC).isoformat(timespec="milliseconds")


def _table_facts(table: JSON | None) -> JSON | None:
    """What a game's creation records of its table: an open game's {"open", "listed"}
    and a timed game's "move_seconds" (the engine checks the value); None: neither."""
    if not table:
        return None
    facts: JSON = {}
    if table.get("open"):
        facts = {"open": True, "listed": bool(table.get("listed"))}
    if table.get("move_seconds"):
        facts["move_seconds"] = table["move_seconds"]
    return facts or None
