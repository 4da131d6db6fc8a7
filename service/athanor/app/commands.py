"""Commands: deciding and appending them (Act, and the table's own calls: undo,
resign, abandon, reissue, a seat given to the bot), then the bookkeeping after an
append (snapshot, the lobby, the bots).

The append script in Redis is the authority: it answers a repeated command id and
refuses a stale version, so several servers can share one Redis.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

from athanor.app.access import Access, require_operator, require_seat
from athanor.app.auth import Caller, Forbidden, Unauthenticated
from athanor.app.faults import where
from athanor.app.loaded import Loaded, stamp
from athanor.app.loading import Games
from athanor.app.metrics import Metrics
from athanor.engine import game
from athanor.engine.events import Event
from athanor.engine.record import canonical
from athanor.engine.seating import table_violation
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.store import AppendResult, ChainMismatch, EventStore, VersionConflict
from athanor.store.budget import turn

log = logging.getLogger("athanor.commands")


async def close_lobby(store: EventStore, game_id: str) -> None:
    """The game takes no more players: its join code goes, and it leaves the lobby."""
    code = await store.get_meta_field(game_id, "join_code")
    if code:
        await store.drop_code(code)
    await store.unlist(game_id)


class Commands:
    def __init__(
        self,
        store: EventStore,
        games: Games,
        access: Access,
        metrics: Metrics,
        clock: Callable[[], float],
        poke: Callable[[str], None],
    ) -> None:
        self.store = store
        self.games = games
        self.access = access
        self.metrics = metrics
        # wall-clock Unix seconds: the records' times
        self.clock = clock
        # the server's bots look at a game after an append (ServerBots.poke)
        self.poke = poke
        self._locks: dict[str, asyncio.Lock] = {}

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
        lock = self._locks.get(game_id)
        if lock is None:  # not setdefault: that would make a lock on every call
            lock = self._locks[game_id] = asyncio.Lock()
        started = time.perf_counter()
        cached = self.games.cached(game_id)
        kind = cached.rules.kind if cached else "?"
        try:
            async with turn(lock):  # waiting for it spends the request's Redis budget
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
        loaded = self.games.cached(game_id) or await self.games.load(game_id)
        while True:
            state = loaded.state
            if expected_version is not None and expected_version != state.version:
                loaded = await self.games.load(game_id)
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
                fresh = await self.games.load(game_id)
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
                time=stamp(self.clock()),
            )
            try:
                t0 = time.perf_counter()
                result = await self.store.append(game_id, state.version, records, command_id)
                self.metrics.append_latency(time.perf_counter() - t0)
            except (VersionConflict, ChainMismatch):
                if expected_version is not None:
                    raise
                loaded = await self.games.load(game_id)  # another server moved it
                continue
            if not result.duplicate:
                await self._appended(
                    game_id, loaded, Loaded(loaded.rules, after, loaded.seed, head=records[-1])
                )
            return result, loaded.rules.kind

    async def _appended(self, game_id: str, before: Loaded, new: Loaded) -> None:
        """The bookkeeping after an append: the cache, a snapshot now and then, the
        game's meta, and the table (a full or finished game stops taking players, and
        the server's bots look at a game that has any)."""
        self.games.remember(game_id, new)
        await self._maybe_snapshot(game_id, new, before.state.version)
        was, now = before.state, new.state
        if now.over:
            await self.store.set_meta(game_id, {"over": "1"})
        if now.seating.bots and not was.seating.bots:
            await self.store.set_meta(game_id, {"bots": "1"})  # found again at start-up
        taking = was.seating.open and was.waiting_for_players and not was.over
        if taking and (now.over or not now.waiting_for_players):
            await close_lobby(self.store, game_id)
        if (now.seating.bots or now.seating.move_seconds) and not now.over:
            self.poke(game_id)

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

    # -- the table's own commands ------------------------------------------------

    async def _table(
        self, game_id: str, seat: int, command: dict[str, Any], name: str
    ) -> AppendResult:
        return await self.act(game_id, seat, command, f"{name}-{uuid.uuid4().hex}", table=True)

    async def seat_bot(
        self, game_id: str, caller: Caller, seat: int, level: str, confirm: bool = False
    ) -> AppendResult:
        """Give `seat` to the server's bot: the operator any seat (a player who left:
        BGA's zombie), a seated player only a free seat of a game not yet started. A
        seat a player holds by name goes only with `confirm`: one tap must not take it."""
        if caller.spectator:
            raise Unauthenticated("this call needs a seat or the operator token")
        state = (await self.games.load(game_id)).state
        if not caller.operator:
            taken = 1 <= seat <= state.seats and state.seating.taken(seat)
            if not state.waiting_for_players or taken:
                raise Forbidden("a player may give only a free seat to a bot, before the start")
        held = seat not in state.seating.bots and state.seating.names.get(seat)
        if held and not confirm:
            raise table_violation(
                "NEEDS_CONFIRM", f"seat {seat} is {held}'s: confirm to give it away"
            )
        command = {"type": game.GIVE_TO_BOT, "seat": seat, "level": level or "random"}
        return await self._table(game_id, 0, command, "bot-seat")

    async def resign(self, game_id: str, caller: Caller) -> AppendResult:
        seat = require_seat(caller)
        return await self._table(game_id, seat, {"type": game.RESIGN}, "resign")

    async def abandon(self, game_id: str, caller: Caller) -> AppendResult:
        require_operator(caller)
        return await self._table(game_id, 0, {"type": game.ABANDON}, "abandon")

    async def undo(self, game_id: str, caller: Caller) -> AppendResult:
        seat = require_seat(caller)
        return await self._table(game_id, seat, {"type": game.UNDO}, "undo")

    async def reissue(self, game_id: str, caller: Caller, seat: int) -> tuple[str, AppendResult]:
        """A new token for `seat`; the old one stops working (see Access.issue). The
        event says so, never the token."""
        require_operator(caller)
        result = await self._table(game_id, 0, {"type": game.REISSUE, "seat": seat}, "reissue")
        return await self.access.issue(game_id, seat), result


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
        log.error(
            "game=%s seat=%d: the rules raised %s at %s",
            game_id, seat, type(err).__name__, where(err),
        )  # fmt: skip
        raise BadCommand("the command is malformed for this game") from None
