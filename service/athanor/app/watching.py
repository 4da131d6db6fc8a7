"""Watching a game: its events as each audience may see them, from a version on and
then live, and its whole log.

Each event is redacted and worded once per (version, audience, names) and shared by
every watcher of that audience (ShownCache), with what the API makes of it.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from athanor.app.access import REISSUED, TOKEN_CHECK_SECONDS, HeldToken
from athanor.app.auth import Caller, Unauthenticated
from athanor.app.faults import hook_reporter
from athanor.app.loading import Games
from athanor.app.metrics import Metrics
from athanor.app.records import Records
from athanor.engine import game
from athanor.engine.record import Record
from athanor.engine.rules import Rules
from athanor.store import EventStore, GameFeeds, Head, Subscription
from athanor.store.archive import stub_of
from athanor.store.budget import turn

JSON = dict[str, Any]
CACHE_GAMES = 1024
# recent (version, audience, names) entries kept per game: enough for watchers that
# fall behind a busy process (store.pacing) to find the events their audience was given
SHOWN_PER_GAME = 128
# watch starts whose Redis calls (the head, the rules, the names) run at once: a burst
# of thousands would otherwise take a pooled connection each (the feeds bound their
# own reads alike: store.feed.READS_AT_ONCE)
STARTS_AT_ONCE = 64
# the stored bytes of the events sent together in one message at most (a client's
# limit on a message it receives is 4 MiB by default)
BATCH_BYTES = 1024 * 1024
# what a watch's wording depends on besides the event: each seat's display name
NamesKey = tuple[tuple[int, str], ...]
ShownKey = tuple[int, str, int | None, NamesKey]
# how the events of one message end a watch (Watching._message)
REVOKED, ENDED = "revoked", "ended"


@dataclass(frozen=True)
class Heartbeat:
    head_version: int


class Stopping(Exception):
    """The server is stopping: open streams end so that clients resume elsewhere."""


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


class Wording:
    """The display names a watch words its events with, and their key in the
    ShownCache, followed as seats fill."""

    __slots__ = ("key", "names")

    def __init__(self, names: dict[int, str]) -> None:
        self.names = names
        self.key = _names_key(names)

    def follow(self, rec: Record) -> None:
        renamed = _renamed(self.names, rec)
        if renamed is not self.names:
            self.names, self.key = renamed, _names_key(renamed)


class ShownCache:
    """The recent events of each game as each audience sees them, for the watchers that
    come after the first. The oldest entries of a game, and the least recently watched
    games, go first.

    Plain dicts (an OrderedDict for the games' recency): every watcher looks here for
    every event, and cachetools' pure-Python lookups cost more than the rest of the
    wording's share (bench_watch_path)."""

    def __init__(self, games: int = CACHE_GAMES, per_game: int = SHOWN_PER_GAME) -> None:
        self.games = games
        self.per_game = per_game
        self._games: OrderedDict[str, dict[ShownKey, Shown]] = OrderedDict()

    def get(self, game_id: str, key: ShownKey) -> Shown | None:
        entries = self._games.get(game_id)
        if entries is None:
            return None
        self._games.move_to_end(game_id)
        return entries.get(key)

    def entries(self, game_id: str) -> list[tuple[ShownKey, Shown]]:
        entries = self._games.get(game_id)
        return [] if entries is None else list(entries.items())

    def put(self, game_id: str, key: ShownKey, shown: Shown) -> Shown:
        entries = self._games.get(game_id)
        if entries is None:
            entries = self._games[game_id] = {}
            if len(self._games) > self.games:
                self._games.popitem(last=False)
        else:
            self._games.move_to_end(game_id)
        entries[key] = shown
        if len(entries) > self.per_game:
            del entries[next(iter(entries))]  # the oldest put
        return shown


class Watching:
    def __init__(
        self,
        store: EventStore,
        feeds: GameFeeds,
        records: Records,
        games: Games,
        metrics: Metrics,
        heartbeat_seconds: float,
    ) -> None:
        self.store = store
        self.feeds = feeds
        self.records = records
        self.games = games
        self.metrics = metrics
        self.heartbeat_seconds = heartbeat_seconds
        self.shown_cache = ShownCache()
        self._closing: set[asyncio.Task[None]] = set()
        self._starting = asyncio.Semaphore(STARTS_AT_ONCE)

    def _close_behind(self, subscription: Subscription) -> None:
        """Close a watch's subscription without holding up the watch's end: the last
        one of a game waits for the game's reader to stop, which a blocked XREAD delays
        by up to the feed's block time, and the client would see its stream end late
        (after GameEnded, or a reissue of its token) by as much."""
        closing = asyncio.ensure_future(subscription.close())
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)

    async def watch(
        self,
        game_id: str,
        caller: Caller,
        from_version: int = 1,
        held: HeldToken | None = None,
        most: int = 1,
    ) -> AsyncIterator[JSON | list[Shown] | Heartbeat]:
        """Every event from `from_version` on as `caller` may see it, then live.

        Yields a Heartbeat whenever nothing happened for heartbeat_seconds. `held` is
        the caller's token, looked at again as the watch runs: once it is reissued the
        watch ends (Unauthenticated) before another event. With `most` above 1 and
        the players pausing, the events already at hand after the next one come with
        it, up to `most` in a list (a watcher behind the head is sent fewer messages);
        one alone comes as itself.
        """
        async with turn(self._starting):  # a stalled Redis: UNAVAILABLE in time
            head = await self.store.head(game_id)  # NOT_FOUND first
            archived = stub_of(head.meta) is not None
            if not archived:
                rules = await self.records.rules_of(head)
                if head.meta.get("over") == "1" and from_version > head.version:
                    return  # a finished game has nothing more to send
                names = (await self.games.load(game_id)).names
        if archived:
            async for item in self._watch_archived(head, caller, from_version):
                yield item
            return
        try:
            subscription = await self.feeds.subscribe(game_id, max(1, from_version))
        except RuntimeError:  # the feeds are closed: the server is stopping
            raise Stopping() from None
        self.metrics.watchers(+1)
        try:
            # one loop, not a generator of records under this one: every watcher runs
            # it for every event, and each layer of generators costs (bench_watch_path)
            held = held or HeldToken(caller)
            checked = held.checked  # only a seat's token is looked at again
            heartbeat = self.heartbeat_seconds
            loop = asyncio.get_running_loop()
            last = from_version - 1
            wording = Wording(names)
            sees_as = caller.sees_as
            quiet_since = loop.time()
            while True:
                # a heartbeat after heartbeat_seconds without a record; a held seat
                # token looked at before each record and after TOKEN_CHECK_SECONDS
                # without one (a reissue of it ends the watch)
                wait = quiet_since + heartbeat - loop.time()
                if checked:
                    wait = min(wait, TOKEN_CHECK_SECONDS)
                try:
                    rec = await subscription.next(max(0.0, wait))
                except StopAsyncIteration:  # the feeds closed under it
                    raise Stopping() from None
                if checked:
                    if rec is not None and held.revoked_by(rec):
                        raise Unauthenticated(REISSUED)
                    await held.check()
                now = loop.time()
                if rec is None:
                    if now - quiet_since >= heartbeat:
                        quiet_since = now
                        yield Heartbeat(max(last, 0))
                    continue
                quiet_since = now
                # with a batch asked for, the records at hand after this one go with it
                room = BATCH_BYTES - len(rec.data)
                more = subscription.at_hand(most - 1, room) if most > 1 else []
                item, end = self._message(game_id, rec, more, sees_as, rules, wording, held)
                last = item[-1]["v"] if isinstance(item, list) else rec.version
                yield item
                if end == REVOKED:
                    raise Unauthenticated(REISSUED)
                if end == ENDED:
                    return  # the last event of a finished game ends the stream
        finally:
            self.metrics.watchers(-1)
            self._close_behind(subscription)

    def _message(
        self,
        game_id: str,
        rec: Record,
        more: list[Record],
        sees_as: int | None,
        rules: Rules,
        wording: Wording,
        held: HeldToken,
    ) -> tuple[Shown | list[Shown], str]:
        """What one message carries, as the audience sees it: `rec`, alone or with the
        records `more` after it (a batch) up to the first that ends the watch; and how
        it ends the watch: REVOKED before a reissue of the held token (`rec` was looked
        at already), ENDED after GameEnded, else ""."""
        wording.follow(rec)
        shown = self._shown_once(game_id, rec, sees_as, rules, wording)
        if rec.type == game.GAME_ENDED:
            return shown, ENDED
        if not more:
            return shown, ""
        batch, end = [shown], ""
        for after in more:
            if held.revoked_by(after):
                end = REVOKED
                break
            wording.follow(after)
            batch.append(self._shown_once(game_id, after, sees_as, rules, wording))
            if after.type == game.GAME_ENDED:
                end = ENDED
                break
        return (batch if len(batch) > 1 else shown), end

    def _shown_once(
        self, game_id: str, rec: Record, sees_as: int | None, rules: Rules, wording: Wording
    ) -> Shown:
        """`rec` as the audience `sees_as` sees it, in `wording`: redacted and worded
        once per (version, audience, names), then shared by every watcher of that
        audience, with what the API makes of it (Shown.memo). The operator watches as
        the public does (Caller.sees_as is None), so the audiences are the public and
        each seat."""
        cache = self.shown_cache
        key = (rec.version, rec.hash, sees_as, wording.key)
        shown = cache.get(game_id, key)
        if shown is None:
            report = hook_reporter(self.metrics, game_id, rules, rec.version)
            made = _shown(rec, sees_as, rules, report, wording.names)
            shown = cache.put(game_id, key, Shown(made))
        return shown

    async def _watch_archived(
        self, head: Head, caller: Caller, from_version: int
    ) -> AsyncIterator[JSON]:
        """The watch of an archived game: its events from `from_version` on as the
        caller may see them, as a live watch sends them, then the end (it is over)."""
        rules = await self.records.rules_of(head)
        names = (await self.games.load(head.game_id)).names
        async for rec in self.records.read(head, max(1, from_version)):
            names = _renamed(names, rec)
            report = hook_reporter(self.metrics, head.game_id, rules, rec.version)
            yield _shown(rec, caller.sees_as, rules, report, names)
            if rec.type == game.GAME_ENDED:
                return

    async def log(
        self, game_id: str, caller: Caller, held: HeldToken | None = None
    ) -> AsyncIterator[Record | JSON]:
        """Operator: the stored records. Seat or spectator: each as they may see it. A
        `held` seat token reissued meanwhile ends it (Unauthenticated)."""
        held = held or HeldToken(caller)
        head = await self.store.head(game_id)
        rules = await self.records.rules_of(head)
        names = (await self.games.load(game_id)).names
        async for rec in self.records.read(head):
            if held.revoked_by(rec):
                raise Unauthenticated(REISSUED)
            await held.check()
            if caller.operator:
                yield rec
            else:
                report = hook_reporter(self.metrics, game_id, rules, rec.version)
                yield _shown(rec, caller.sees_as, rules, report, names)


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


def _names_key(names: dict[int, str]) -> NamesKey:
    return tuple(sorted(names.items()))


def _renamed(names: dict[int, str], rec: Record) -> dict[int, str]:
    """Display names after a table event streams past (a watch sees seats fill)."""
    seat = rec.body.get("seat")
    if rec.type == game.SEAT_CLAIMED and isinstance(seat, int):
        return {**names, seat: str(rec.body.get("name"))}
    if rec.type == game.SEAT_GIVEN_TO_BOT and isinstance(seat, int) and seat not in names:
        return {**names, seat: f"Bot {seat}"}
    return names
