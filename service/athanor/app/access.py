"""Who is calling a game, and what a caller may do: the bearer token a call brings
names a seat, the operator, or no one (a spectator).

Seat token hashes never change once a seat has one, and operator tokens are only
added: both are cached, so a call costs no Redis round trip to authenticate.
"""

from __future__ import annotations

import time

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
from athanor.engine.violations import BadCommand
from athanor.store import EventStore, GameNotFound

SEAT_TOKEN = "seat_token:"
CACHE_GAMES = 1024
# how long a server trusts its cached seat tokens: a token revoked on another server
# sharing the Redis stops working here within this time (on the revoking one at once)
TOKEN_CACHE_SECONDS = 5.0


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


class Access:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._seat_hashes: TTLCache[str, dict[str, int]] = TTLCache(
            maxsize=CACHE_GAMES, ttl=TOKEN_CACHE_SECONDS, timer=time.monotonic
        )
        self._operator_hashes: set[str] = set()

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
        hashes = None if fresh else self._seat_hashes.get(game_id)
        if hashes is None:
            head = await self.store.head(game_id)
            hashes = {
                value: int(key[len(SEAT_TOKEN) :])
                for key, value in head.meta.items()
                if key.startswith(SEAT_TOKEN)
            }
            self._seat_hashes[game_id] = hashes
        return hashes

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
        self._seat_hashes.pop(game_id, None)
        return token
