"""The server's bots: random legal commands for the seats given to them.

One task per process. It looks at a game after every append this process makes and,
at start-up, at every running game that has a bot; whenever a bot's seat is awaited
(`game.awaited`) it plays one of that seat's legal commands through the same `act`
as everyone else. The choice and the command id both follow from (game, version,
seat), so a retry after a crash is a duplicate; when several servers share a Redis,
the append's version check picks one and the others' conflicts are dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from typing import TYPE_CHECKING

from athanor.engine import game
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.store import ChainMismatch, GameNotFound, VersionConflict

if TYPE_CHECKING:
    from athanor.app.service import GameService

log = logging.getLogger("athanor.bots")


class ServerBots:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self._pending: dict[str, None] = {}  # games to look at, in order, once each
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def poke(self, game_id: str) -> None:
        """Look at `game_id` soon (cheap: the task decides whether a bot is awaited)."""
        self._pending[game_id] = None
        self._wake.set()

    async def start(self) -> None:
        """Start the task and look at every running game with a bot."""
        self._task = asyncio.create_task(self._run())
        for head in await self.service.store.list_games():
            if head.meta.get("bots") == "1" and head.meta.get("over") != "1":
                self.poke(head.game_id)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until no game is pending (tests)."""
        async with asyncio.timeout(timeout):
            while self._pending or self._wake.is_set():
                await asyncio.sleep(0.01)

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
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
        """One command for the first awaited bot seat; True when one was appended (the
        append pokes the game again, so the bots play on until a human is awaited)."""
        loaded = await self.service.load(game_id)
        state = loaded.state
        bots = state.seating.bots
        if state.over or not bots:
            return False
        for seat, commands in sorted(game.awaited(loaded.rules, state).items()):
            if seat not in bots or not commands:
                continue
            choice = random.Random(f"{game_id}:{state.version}:{seat}").choice(commands)
            try:
                result = await self.service.act(
                    game_id,
                    seat,
                    choice,
                    f"bot:{seat}:v{state.version}",
                    expected_version=state.version,
                    bot=True,
                )
            except (VersionConflict, ChainMismatch, GameNotFound):
                return False  # another server or a player moved first: they poke it
            except (RuleViolation, BadCommand) as err:
                log.warning("game=%s seat=%d bot command refused: %s", game_id, seat, err)
                return False
            return not result.duplicate
        return False
