"""The hub: the link keeps the model current; LEDs and OLED follow it; buttons act.

Everything runs on one asyncio loop. gpiozero's callbacks only put a gesture on the
loop's queue; one task takes gestures in order and turns them into commands.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import grpc.aio

from athanor_hub.buttons import AdvanceButton, DiceButton, Gesture
from athanor_hub.config import HubConfig
from athanor_hub.display import Frame, SunTrackDisplay
from athanor_hub.framing import table_frame
from athanor_hub.leds import SeatLeds
from athanor_hub.link import CommandRefused, GameLink
from athanor_hub.model import Roll, TableModel, TableView

log = logging.getLogger(__name__)

TICK_S = 0.25  # how often a roll's time on screen and the dimming are checked
FLASH_S = 1.5  # how long "not now" stays up after a press at the wrong time


class NotNow(Exception):
    """A press the game cannot take now; the reason is shown under "not now"."""


@dataclass
class FaceChoice:
    """Physical dice: the face the dice button has cycled to, for the seat rolling."""

    seat: int
    commands: list[dict[str, Any]]  # the roll commands, one per face, as the server lists them
    index: int = 0

    @property
    def command(self) -> dict[str, Any]:
        return self.commands[self.index]

    @property
    def face(self) -> str:
        return str(self.command["face"])


class Hub:
    def __init__(
        self,
        config: HubConfig,
        leds: SeatLeds,
        display: SunTrackDisplay,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.model = TableModel()
        self.link = GameLink(config, self.model, clock)
        self.link.on_change = self.refresh
        self.link.on_online = self._online_changed
        self.leds = leds
        self.display = display
        self.clock = clock
        self.dice: DiceButton | None = None
        self.advance: AdvanceButton | None = None
        self.gestures: asyncio.Queue[Gesture] = asyncio.Queue()
        self.updates = asyncio.Condition()  # notified after every refresh (tests wait on it)
        self.choice: FaceChoice | None = None
        self._roll_shown: Roll | None = None
        self._roll_until = 0.0
        self._flash = ("", "")  # (word, why) shown until _flash_until
        self._flash_until = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None

    def attach_buttons(self) -> None:
        """Create the buttons the configuration names (after the pin factory is set)."""
        b = self.config.buttons
        if b.dice is not None:
            self.dice = DiceButton(b.dice, self.handoff, b.bounce_s, b.hold_s)
        if b.advance is not None:
            self.advance = AdvanceButton(b.advance, self.handoff, b.bounce_s)

    def handoff(self, gesture: Gesture) -> None:
        """Called on gpiozero's threads: queue the gesture on the loop, nothing more."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.gestures.put_nowait, gesture)

    async def run(self) -> None:
        self._loop = asyncio.get_running_loop()
        await self.refresh()  # the offline frame until the server answers
        tasks = [
            asyncio.create_task(self.link.follow(), name="link"),
            asyncio.create_task(self._take_gestures(), name="gestures"),
            asyncio.create_task(self._tick(), name="tick"),
        ]
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self.link.close()

    def close(self) -> None:
        for part in (self.dice, self.advance, self.leds, self.display):
            if part is not None:
                part.close()

    # -- showing --------------------------------------------------------------------

    async def refresh(self) -> None:
        table = self.model.table
        if self.dice is not None and table is not None:
            self.dice.physical = table.physical_dice
        if self.choice is not None and (table is None or not table.die_step):
            self.choice = None  # the roll happened elsewhere, or the step moved on
        roll = self.model.last_roll
        if roll is not None and roll is not self._roll_shown:
            self._roll_shown = roll
            self._roll_until = self.clock() + self.config.display.roll_shown_s
        self.leds.show(table)
        self.display.show(self.frame())
        async with self.updates:
            self.updates.notify_all()

    def frame(self) -> Frame:
        table = self.model.table
        if not self.link.online or table is None:
            return Frame(offline=True, problem=self.link.problem)
        now = self.clock()
        if now < self._flash_until:
            return Frame(flash=self._flash[0], flash_why=self._flash[1])
        rolling = self._roll_shown is not None and now < self._roll_until
        choosing = (self.choice.seat, self.choice.face) if self.choice else (0, "")
        return table_frame(table, now, self._roll_shown if rolling else None, choosing)

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 30.0) -> None:
        """Wait until `predicate` holds after a refresh (for tests and benchmarks); the
        limit is generous, so only a hub that never gets there fails, not a slow one."""
        async with self.updates:
            await asyncio.wait_for(self.updates.wait_for(predicate), timeout)

    async def _online_changed(self, online: bool) -> None:
        await self.refresh()

    async def flash(self, why: str, word: str = "not now") -> None:
        """Say for a moment that a press was not taken, and why."""
        self._flash = (word, why)
        self._flash_until = self.clock() + FLASH_S
        await self.refresh()

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK_S)
            self.display.tick()
            if self.display.frame != self.frame():
                await self.refresh()

    # -- acting ---------------------------------------------------------------------

    async def _take_gestures(self) -> None:
        while True:
            gesture = await self.gestures.get()
            try:
                await self.handle(gesture)
            except NotNow as err:
                log.info("%s ignored: %s", gesture, err)
                await self.flash(str(err))
            except CommandRefused as err:
                log.warning("%s not taken: %s", gesture, err)
                await self.flash(_refusal_words(err))
            except grpc.aio.AioRpcError as err:
                log.warning("%s not taken: %s %s", gesture, err.code().name, err.details())
                await self.flash(err.code().name.replace("_", " ").lower())

    async def handle(self, gesture: Gesture) -> None:
        """Act on one press. While the link is briefly down a press still goes out, from
        the table last seen: the link retries it with one command id for act_retry_s."""
        table = self.model.table
        if table is None:
            raise NotNow("no game yet")
        if table.over:
            raise NotNow("the game is over")
        if gesture == "advance":
            await self._advance(table)
        elif gesture == "roll":
            seat, commands = await self._roller(table)
            await self.link.act(commands[0], seat)
        elif gesture == "cycle":
            await self._cycle(table)
        elif gesture == "confirm":
            await self._confirm()

    async def _advance(self, table: TableView) -> None:
        seats = [table.seat] if not self.config.operator else sorted(table.advance)
        for seat in seats:
            if seat in table.advance:
                await self.link.act(table.advance[seat], seat)
                return
        raise NotNow("nothing to end now")

    async def _roller(self, table: TableView) -> tuple[int, list[dict[str, Any]]]:
        """The seat the die is rolled for, and its roll commands (one per face with
        physical dice): those of the types the table summary declares."""
        if not table.die_step:
            raise NotNow("no roll awaited")
        if self.config.operator:
            others = [s for s in range(1, table.seats + 1) if s not in table.awaiting]
            candidates = [*table.awaiting, *others]
        else:
            candidates = [table.seat]
        for seat in candidates:
            legal = await self.link.legal(seat, retry=True)
            rolls = [c for c in legal if c.get("type") in table.roll_commands]
            if rolls:
                return seat, rolls
        raise NotNow("not your roll")

    async def _cycle(self, table: TableView) -> None:
        if self.choice is None:
            seat, commands = await self._roller(table)
            faces = [c for c in commands if "face" in c]
            if not faces:
                return
            self.choice = FaceChoice(seat, faces)
        else:
            self.choice.index = (self.choice.index + 1) % len(self.choice.commands)
        await self.refresh()

    async def _confirm(self) -> None:
        choice = self.choice
        if choice is None:
            raise NotNow("press to pick a face")
        self.choice = None
        await self.link.act(choice.command, choice.seat)
        await self.refresh()


def _refusal_words(err: CommandRefused) -> str:
    """A refused press in a few words: a rule said no, or the server stayed away."""
    if err.code == grpc.StatusCode.FAILED_PRECONDITION:
        return "the rules say no"
    if err.code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
        return "server unreachable"
    return err.code.name.replace("_", " ").lower()
