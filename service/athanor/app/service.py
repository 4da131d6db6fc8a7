"""The game service: the composition root that builds each part over the store and
wires them together. Callers use the parts:

- access: who is calling (caller, as_seat) and what a caller may do
- games: the games loaded from the store (load, state_at), cached per process
- records: a game's records, seed and rules, in Redis or in its archived bundle
- commands: Act and the table's own commands (undo, resign, abandon, reissue, seat_bot)
- tables: creating games, joining by code, the lobby, rematches
- importer: ImportGame
- watching: the live watch and the log, as each audience may see them
- reads: a view, the legal commands, the header, the list of games
- verifier: VerifyGame
- archiving: the operator's ArchiveGame
- bots: the server's bots and the turn timers
"""

from __future__ import annotations

import time
from collections.abc import Callable

from athanor.app.access import Access
from athanor.app.archiving import Archiver, Archiving
from athanor.app.bots import UNPACED, Agenda, BotPace, ServerBots
from athanor.app.commands import Commands
from athanor.app.importing import Importer
from athanor.app.kinds import Kinds
from athanor.app.loading import Games
from athanor.app.metrics import Metrics
from athanor.app.reads import Reads
from athanor.app.records import Records
from athanor.app.tables import Tables
from athanor.app.verifying import Verifier
from athanor.app.watching import Watching
from athanor.store import EventStore, GameFeeds


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
        bot_pace: BotPace = UNPACED,
    ) -> None:
        self.store = store
        self.feeds = feeds
        self.kinds = kinds
        self.metrics = metrics = metrics or Metrics(None)
        # wall-clock Unix seconds: records' times and the turn timers (tests set it)
        self.clock = clock
        # finished games moved to bundles (athanor.app.archiving); None: no archive
        self.archive = archive
        # the bots' agenda comes first: the commands poke it, the bots' task reads it
        agenda = Agenda()
        self.access = Access(store)
        self.records = Records(store, kinds, archive.bundles if archive else None)
        self.games = Games(store, self.records, metrics)
        self.commands = Commands(store, self.games, self.access, metrics, clock, agenda.poke)
        self.tables = Tables(
            store, kinds, self.games, self.commands, self.access, clock, agenda.poke
        )
        self.importer = Importer(store, kinds, agenda.poke)
        self.watching = Watching(store, feeds, self.records, self.games, metrics, heartbeat_seconds)
        self.reads = Reads(store, self.records, self.games, metrics, clock)
        self.verifier = Verifier(store, self.records, self.games)
        self.archiving = Archiving(archive, self.games)
        # the bots' pace and bound (no pace unless given: athanor serve gives --bot-pace)
        self.bots = ServerBots(store, self.games, self.commands, agenda, clock, bot_pace)
