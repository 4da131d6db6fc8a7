"""Who is calling a game, and what a caller may do: the bearer token a call brings
names a seat, the operator, or no one (a spectator).

A game's seat token hashes are cached for TOKEN_CACHE_SECONDS and operator tokens (only
ever added) for good, so a call costs no Redis round trip to authenticate. A seat's
token changes when it is reissued: the old one stops working at once on the server that
reissued it and, elsewhere, once the cache there is older than the reissue. A stream
(Watch, GetLog) holds its token (HeldToken) and looks at it again as it runs, so a
reissued token's streams end too.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from cachetools import TTLCache

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
from athanor.engine import game
from athanor.engine.record import Record
from athanor.engine.violations import BadCommand
from athanor.store import EventStore, GameNotFound

SEAT_TOKEN = "seat_token:"
CACHE_GAMES = 1024
# how long a server trusts the seat tokens it read: a token reissued on another server
# sharing the Redis stops working here within this time (on the reissuing one at once)
TOKEN_CACHE_SECONDS = 4.0
# a stream held with a seat token looks at it again after this long without an event
# (and before each event): it ends within TOKEN_CACHE_SECONDS + this of a reissue, and
# at once where the TokenReissued event reaches it first
TOKEN_CHECK_SECONDS = 1.0
REISSUED = "this seat's token was reissued"


def seat_token_meta(tokens: dict[int, str]) -> dict[str, str]:
    """The meta fields that store each seat's token (as its hash)."""
    return {f"{SEAT_TOKEN}{s}": token_hash(t) for s, t in tokens.items()}


def require_operator(caller: Caller) -> None:
    if caller.spectator:
        raise Unauthenticated("this call needs the operator token")
    if not caller.operator:
        raise Forbidden("only the operator may do this")


def require_seat(caller: Caller) -> int:
    if caller.spectator:
        raise Unauthenticated("this call needs a seat token")
    if caller.seat is None:
        raise Forbidden("the operator names a seat to act for")
    return caller.seat


@dataclass(frozen=True)
class SeatTokens:
    """A game's seat token hashes (hash -> seat) as read at one version of the game."""

    seats: dict[str, int]
    version: int


@dataclass
class HeldToken:
    """The caller a stream's token names, looked at again while the stream runs. Only a
    seat token is (`access` set): a spectator has none, and operator tokens stay."""

    caller: Caller
    access: Access | None = None
    game_id: str = ""
    digest: str = ""
    confirmed: int = 0  # the game's version when the token was last read as this seat's

    @property
    def checked(self) -> bool:
        return self.access is not None

    async def check(self) -> None:
        """Unauthenticated once the token is no longer the seat's (through the cache:
        a reissue on another server shows within TOKEN_CACHE_SECONDS)."""
        if self.access is None:
            return
        found = await self.access.seat_of(self.game_id, self.digest, self.confirmed)
        if found is None or found[0] != self.caller.seat:
            raise Unauthenticated(REISSUED)
        self.confirmed = found[1]

    def revoked_by(self, rec: Record) -> bool:
        """Whether `rec` reissues this seat's token after the token was read as valid,
        so the token is dead (its new hash may not be written yet, but will be)."""
        return (
            self.access is not None
            and rec.type == game.TOKEN_REISSUED
            and rec.body.get("seat") == self.caller.seat
            and rec.version > self.confirmed
        )


class Access:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._seat_tokens: TTLCache[str, SeatTokens] = TTLCache(
            maxsize=CACHE_GAMES, ttl=TOKEN_CACHE_SECONDS, timer=time.monotonic
        )
        # one read of a game's tokens at a time, shared by every call that missed the
        # cache (a game's watchers all miss it together when it expires)
        self._reading: dict[str, asyncio.Future[SeatTokens]] = {}
        self._issued = 0  # tokens issued here: a read begun before one is not cached
        self._operator_hashes: set[str] = set()

    async def caller(self, game_id: str | None, token: str | None) -> Caller:
        """The caller a bearer token names; no token is a spectator."""
        return (await self.hold(game_id, token)).caller

    async def hold(self, game_id: str | None, token: str | None) -> HeldToken:
        """The caller a bearer token names, held for a stream to look at again."""
        if not token:
            return HeldToken(SPECTATOR)
        digest = token_hash(token)
        if digest in self._operator_hashes:
            return HeldToken(OPERATOR)
        if game_id:
            found = await self.seat_of(game_id, digest)
            if found is not None:
                return HeldToken(Caller(seat=found[0]), self, game_id, digest, found[1])
        if await self.store.is_operator(digest):
            self._operator_hashes.add(digest)
            return HeldToken(OPERATOR)
        raise Unauthenticated(
            "the token is not valid for this game"
            if game_id
            else "this call needs the operator token"
        )

    async def seat_of(self, game_id: str, digest: str, since: int = 0) -> tuple[int, int] | None:
        """The seat whose token hashes to `digest`, and the game's version when that was
        read (at least `since`); None when no seat has it. The token is judged before
        the game is looked up: a stranger cannot tell a missing game from one they hold
        no token for."""
        for fresh in (False, True):  # a token issued since the cache was read: read again
            try:
                tokens = await self._tokens(game_id, fresh)
            except GameNotFound:
                return None
            if tokens.version >= since:
                for known, seat in tokens.seats.items():
                    if same_hash(known, digest):
                        return seat, tokens.version
        return None

    async def _tokens(self, game_id: str, fresh: bool) -> SeatTokens:
        if not fresh:
            cached = self._seat_tokens.get(game_id)
            if cached is not None:
                return cached
            reading = self._reading.get(game_id)
            if reading is not None:
                return await asyncio.shield(reading)
        reading = asyncio.ensure_future(self._read_tokens(game_id))
        if not fresh:  # a fresh read is one begun now: nobody joins it
            self._reading[game_id] = reading
        reading.add_done_callback(lambda done: self._read_done(game_id, done))
        return await asyncio.shield(reading)

    def _read_done(self, game_id: str, done: asyncio.Future[SeatTokens]) -> None:
        if self._reading.get(game_id) is done:
            del self._reading[game_id]
        if not done.cancelled():
            done.exception()  # seen here, so a read nobody awaits any more logs nothing

    async def _read_tokens(self, game_id: str) -> SeatTokens:
        issued = self._issued
        head = await self.store.head(game_id)
        tokens = SeatTokens(
            {
                value: int(key[len(SEAT_TOKEN) :])
                for key, value in head.meta.items()
                if key.startswith(SEAT_TOKEN)
            },
            head.version,
        )
        cached = self._seat_tokens.get(game_id)
        # not from before a token issued here, nor older than a read that came back first
        if issued == self._issued and (cached is None or cached.version <= tokens.version):
            self._seat_tokens[game_id] = tokens
        return tokens

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

    async def issue(self, game_id: str, seat: int) -> str:
        """A new token for `seat`, stored as its hash; the seat's old one stops working
        here at once (on other servers sharing the Redis within TOKEN_CACHE_SECONDS)."""
        token = new_token()
        await self.store.set_meta(game_id, seat_token_meta({seat: token}))
        self._issued += 1
        self._seat_tokens.pop(game_id, None)
        self._reading.pop(game_id, None)
        return token
