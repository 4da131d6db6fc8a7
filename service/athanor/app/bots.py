"""The server's bots: the seats given to them played at their level (engine/bots:
random, basic or strong).

One task per process. It looks at a game after every append this process makes and,
at start-up, at every running game that has a bot; whenever a bot's seat is awaited
(`game.awaited`) it plays one of that seat's legal commands through the same `act`
as everyone else. The choice and the command id both follow from (game, version,
seat), so a retry after a crash is a duplicate; when several servers share a Redis,
the append's version check picks one and the others' conflicts are dropped.

It also keeps the turn timers of timed games: the awaited seats' time runs out at the
head event's time plus the game's time per move (`Loaded.deadline`). The task sleeps
until the earliest deadline it knows (or an append wakes it); when one has passed it
records so with table.TimeOut (the engine checks the seat is awaited; the clock is
read here, never by the engine) and then plays one legal command for that seat like
a bot's, at least at the basic level (its player is still there). Both command ids
follow from (seat, version), so servers sharing a Redis and retries agree on them.

A basic or strong bot thinks off the event loop, in one worker thread shared by every
game of the process (a strong move spends up to `BotPace.think`, 1 s by default), so
the loop goes on serving the other tables; stopping the task stops the search between
two of its iterations.

The bots play at a pace (`BotPace`): a bot's move comes no sooner than `seconds` after
the game's latest event (its recorded time), so people can follow a game the bots play
and one all-bot game costs about a command a second, not a core. A game that only the
server's bots play is bounded: after `max_moves` of their moves (counted in the game's
meta, so a restart or another server goes on counting) the server abandons it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from athanor.app.commands import Commands
from athanor.app.loaded import Loaded
from athanor.app.loading import Games
from athanor.engine import bots as levels
from athanor.engine import game
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.store import ChainMismatch, EventStore, GameNotFound, VersionConflict

log = logging.getLogger("athanor.bots")
JSON = dict[str, Any]
# the longest the task sleeps with a deadline pending: a clock that jumps (or a test
# clock moved on) is noticed within this time even if nothing wakes the task
MAX_SLEEP_S = 30.0
# `athanor serve --bot-pace`: seconds between a game's latest event and a bot's move
DEFAULT_PACE_S = 1.0
# moves the bots make in a game that only they play, then the server abandons it: random
# play ends the built-in games well before this, but for Alkemia without a week cap,
# which ends only by a completed Crest and so, played at random, about never
MAX_BOTS_ONLY_MOVES = 3000
# the game's meta field counting them, and the command id of the abandon they lead to
BOTS_ONLY_MOVES = "bots_only_moves"
BOTS_ONLY_ABANDON = "bots-only-abandon"


@dataclass(frozen=True)
class BotPace:
    """How fast and how long the server's bots play. `seconds`: a bot moves no sooner
    than this after the game's latest event (0: at once, as tests and tools want;
    `athanor serve` gives DEFAULT_PACE_S unless told). `max_moves`: a game that only
    bots play is abandoned after this many of their moves."""

    seconds: float = 0.0
    max_moves: int = MAX_BOTS_ONLY_MOVES
    # what a strong bot may spend on a move (tests give it iterations: deterministic)
    think: levels.Budget = field(default_factory=levels.Budget)


UNPACED = BotPace()  # at once, bounded


class Agenda:
    """The games the bots' task is to look at, and its wake-up call: the appends fill
    it (through `poke`), the task empties it. Made before the commands and the task,
    so each is given what it needs and neither refers back to the other."""

    def __init__(self) -> None:
        self.pending: dict[str, None] = {}  # games to look at, in order, once each
        self.wakeup = asyncio.Event()

    def poke(self, game_id: str) -> None:
        """Look at `game_id` soon (cheap: the task decides whether a bot is awaited)."""
        self.pending[game_id] = None
        self.wakeup.set()


class ServerBots:
    def __init__(
        self,
        store: EventStore,
        games: Games,
        commands: Commands,
        agenda: Agenda,
        clock: Callable[[], float],
        pace: BotPace = UNPACED,
    ) -> None:
        self.store = store
        self.games = games
        self.commands = commands
        self.agenda = agenda
        # wall-clock Unix seconds: the turn timers' deadlines
        self.clock = clock
        self.pace = pace
        self._pending = agenda.pending
        self._wake = agenda.wakeup
        # when to look at a game again (Unix s): a timed game's deadline, a paced bot move
        self._deadlines: dict[str, float] = {}
        self._task: asyncio.Task[None] | None = None
        # the bots' thinking: one thread, so a search never holds up the loop's own work
        # for more than the interpreter's switch interval, and one search at a time
        self._stopping = threading.Event()
        self._thinker = ThreadPoolExecutor(1, thread_name_prefix="athanor-bot")
        self._think = replace(pace.think, stop=self._stopping.is_set)

    def poke(self, game_id: str) -> None:
        """Look at `game_id` soon (see Agenda.poke)."""
        self.agenda.poke(game_id)

    def wake(self) -> None:
        """Look at the deadlines now (a test that moved its clock on)."""
        self._wake.set()

    def deadline(self, game_id: str) -> float | None:
        """When the task looks at `game_id` again (a turn timer, a paced move), if set."""
        return self._deadlines.get(game_id)

    async def start(self) -> None:
        """Start the task and look at every running game with a bot or a timer."""
        self._task = asyncio.create_task(self._run())
        for head in await self.store.list_games():
            wanted = head.meta.get("bots") == "1" or head.meta.get("timed") == "1"
            if wanted and head.meta.get("over") != "1":
                self.poke(head.game_id)

    async def stop(self) -> None:
        self._stopping.set()  # a search under way ends after its current iteration
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await asyncio.to_thread(self._thinker.shutdown, wait=True, cancel_futures=True)

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until no game is pending (tests)."""
        async with asyncio.timeout(timeout):
            while self._pending or self._wake.is_set():
                await asyncio.sleep(0.01)

    def _sleep_for(self) -> float | None:
        if not self._deadlines:
            return None
        left = min(self._deadlines.values()) - self.clock()
        return min(max(left, 0.0), MAX_SLEEP_S)

    def _due(self) -> None:
        now = self.clock()
        for game_id, deadline in list(self._deadlines.items()):
            if deadline <= now:
                del self._deadlines[game_id]
                self._pending[game_id] = None

    async def _run(self) -> None:
        while True:
            sleep = self._sleep_for()
            if sleep is None:
                await self._wake.wait()
            elif sleep > 0:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(sleep):
                        await self._wake.wait()
            self._wake.clear()
            self._due()
            while self._pending:
                game_id = next(iter(self._pending))
                del self._pending[game_id]
                try:
                    await self.play_once(game_id)
                except asyncio.CancelledError:
                    raise
                except Exception as err:  # one game's trouble never stops the others
                    log.warning("game=%s bot failed: %s", game_id, type(err).__name__)

    async def play_once(self, game_id: str) -> bool:
        """One command for the first awaited bot seat, else for a seat whose time ran
        out; True when one was appended (the append pokes the game again, so the bots
        play on until a human is awaited). Otherwise a timed game's deadline is kept
        for the task to wake at."""
        loaded = await self.games.load(game_id)
        state = loaded.state
        bots = state.seating.bots
        self._deadlines.pop(game_id, None)
        if state.over or not (bots or state.seating.move_seconds):
            return False
        waiting = game.awaited(loaded.rules, state)
        for seat, commands in sorted(waiting.items()):
            if seat in bots and commands:
                return await self._bot_move(game_id, loaded, seat, commands, bots[seat])
        timed_out = loaded.timed_out_seat
        if waiting.get(timed_out):  # its time ran out at the head: the bot's move is due
            level = bots.get(timed_out, levels.TIMEOUT_LEVEL)
            if level == levels.RANDOM:
                level = levels.TIMEOUT_LEVEL
            return await self._bot_move(game_id, loaded, timed_out, waiting[timed_out], level)
        deadline = loaded.deadline
        if deadline is None:
            return False
        if self.clock() < deadline:
            self._deadlines[game_id] = deadline
            return False
        seat = loaded.timed_seats()[0]
        try:
            result = await self.commands.act(
                game_id,
                0,
                {"type": game.TIME_OUT, "seat": seat},
                f"timeout:{seat}:v{state.version}",
                expected_version=state.version,
                table=True,
            )
        except (VersionConflict, ChainMismatch, GameNotFound):
            return False  # the seat (or another server) moved first: that append pokes it
        except (RuleViolation, BadCommand) as err:
            log.warning("game=%s seat=%d time-out refused: %s", game_id, seat, err)
            return False
        if result.duplicate:  # recorded before (a retry): play the move it calls for
            self.poke(game_id)
        return not result.duplicate

    async def _bot_move(
        self, game_id: str, loaded: Loaded, seat: int, commands: list[JSON], level: str
    ) -> bool:
        """`seat`'s move by the bot once the pace allows it (else the task looks again
        then); in a game only bots play, counted, and past the bound the game is
        abandoned instead."""
        due = self._paced_until(loaded)
        if due is not None:
            self._deadlines[game_id] = due
            return False
        state = loaded.state
        if not all(s in state.seating.bots for s in range(1, state.seats + 1)):
            return await self._play(game_id, loaded, seat, commands, level)
        made = int(await self.store.get_meta_field(game_id, BOTS_ONLY_MOVES) or 0)
        if made >= self.pace.max_moves:
            return await self._abandon(game_id, state.version, made)
        played = await self._play(game_id, loaded, seat, commands, level)
        if played:
            await self.store.set_meta(game_id, {BOTS_ONLY_MOVES: str(made + 1)})
        return played

    def _paced_until(self, loaded: Loaded) -> float | None:
        """When a bot may move (Unix s), if not yet: `pace.seconds` after the time of
        the game's latest event. At once when that time is unknown (a game loaded
        from a snapshot at its head) or ahead of this clock (set back, or another
        server's): a wait measured from it could last until this clock got there."""
        pace = self.pace.seconds
        if pace <= 0 or loaded.head is None or not loaded.head.time:
            return None
        now = self.clock()
        latest = datetime.fromisoformat(loaded.head.time).timestamp()
        return latest + pace if latest <= now < latest + pace else None

    async def _abandon(self, game_id: str, version: int, made: int) -> bool:
        """End a game only bots play once they made `max_moves`: nobody is there to
        see it end, and it would otherwise keep a server busy for as long as it runs.
        One command id for every server and retry: the first abandons, others are
        duplicates."""
        try:
            result = await self.commands.act(
                game_id,
                0,
                {"type": game.ABANDON},
                BOTS_ONLY_ABANDON,
                expected_version=version,
                table=True,
            )
        except (VersionConflict, ChainMismatch, GameNotFound):
            return False
        except (RuleViolation, BadCommand) as err:
            log.warning("game=%s abandon refused: %s", game_id, err)
            return False
        if not result.duplicate:
            log.warning(
                "game=%s abandoned: only the server's bots played it (%d moves)", game_id, made
            )
        return not result.duplicate

    async def _choose(
        self, game_id: str, loaded: Loaded, seat: int, commands: list[JSON], level: str
    ) -> JSON:
        """`seat`'s move at `level`, drawn from (game, version, seat): random in the
        loop, as it always was; the other levels in the bots' thread, from the seat's
        information set (engine/bots)."""
        version = loaded.state.version
        if level not in levels.LEVELS or level == levels.RANDOM:
            return random.Random(f"{game_id}:{version}:{seat}").choice(commands)
        seed = f"{game_id}:{version}:{seat}".encode()
        return await asyncio.get_running_loop().run_in_executor(
            self._thinker,
            levels.choose,
            loaded.rules,
            loaded.state,
            seat,
            level,
            seed,
            self._think,
        )

    async def _play(
        self, game_id: str, loaded: Loaded, seat: int, commands: list[JSON], level: str
    ) -> bool:
        """One of `seat`'s legal commands, chosen and named by (game, version, seat)."""
        version = loaded.state.version
        choice = await self._choose(game_id, loaded, seat, commands, level)
        try:
            result = await self.commands.act(
                game_id,
                seat,
                choice,
                f"bot:{seat}:v{version}",
                expected_version=version,
                bot=True,
            )
        except (VersionConflict, ChainMismatch, GameNotFound):
            return False  # another server or a player moved first: they poke it
        except (RuleViolation, BadCommand) as err:
            log.warning("game=%s seat=%d bot command refused: %s", game_id, seat, err)
            return False
        return not result.duplicate
