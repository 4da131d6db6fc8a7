"""What a caller may read of a game, and the list of games: a seat's view and the
table, a seat's legal commands, the log's header, one page of the games."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from athanor.app.access import require_seat
from athanor.app.auth import Caller
from athanor.app.faults import hook_reporter
from athanor.app.loading import Games
from athanor.app.metrics import Metrics
from athanor.app.records import Records
from athanor.engine import game
from athanor.engine.violations import BadCommand
from athanor.store import PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, EventStore, GameCursor
from athanor.store.archive import stub_of

JSON = dict[str, Any]


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


class Reads:
    def __init__(
        self,
        store: EventStore,
        records: Records,
        games: Games,
        metrics: Metrics,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.records = records
        self.games = games
        self.metrics = metrics
        # wall-clock Unix seconds: the seconds left on a turn timer
        self.clock = clock

    async def view(
        self, game_id: str, caller: Caller, at_version: int = 0
    ) -> tuple[int, JSON, JSON]:
        games = self.games
        loaded = (
            await games.state_at(game_id, at_version) if at_version else await games.load(game_id)
        )
        state = loaded.state
        report = hook_reporter(self.metrics, game_id, loaded.rules, state.version)
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
        seat = require_seat(caller)
        loaded = await self.games.load(game_id)
        report = hook_reporter(self.metrics, game_id, loaded.rules, loaded.state.version)
        commands = game.legal_commands(loaded.rules, loaded.state, seat)
        free = game.free_commands(loaded.rules, loaded.state, seat, report)
        # one view for both lists: previews are index-aligned with commands + free
        previews = game.previews(loaded.rules, loaded.state, commands + free, seat, report)
        n = len(commands)
        return Legal(loaded.state.version, seat, commands, previews[:n], free, previews[n:])

    async def header(self, game_id: str, caller: Caller) -> JSON:
        head = await self.store.head(game_id)
        seed = (await self.records.seed(head)).hex() if caller.operator else ""
        return {
            "game_id": game_id,
            "kind": head.kind,
            "rules_version": head.rules_version,
            "version": head.version,
            "seed_hex": seed,
        }

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
        out = [
            {
                "game_id": head.game_id,
                "kind": head.kind,
                "seats": int(head.meta.get("seats", "0")),
                "version": head.version,
                "over": head.meta.get("over") == "1",
                "created": head.created,
                "archived": stub_of(head.meta) is not None,
            }
            for head in heads[:size]
        ]
        return out, token
