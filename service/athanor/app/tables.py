"""The table around a game: creating it, the join codes and the lobby of open games,
claiming seats, and rematches."""

from __future__ import annotations

import contextlib
import hashlib
import math
import secrets
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from athanor.app import codes
from athanor.app.access import Access, require_seat, seat_token_meta
from athanor.app.auth import Caller, Unauthenticated, new_token
from athanor.app.codes import NoSuchCode, RateLimited
from athanor.app.commands import Commands, close_lobby
from athanor.app.kinds import Kinds, UnknownPack
from athanor.app.loaded import Loaded, stamp
from athanor.app.loading import Games
from athanor.app.names import clean_name
from athanor.engine import game
from athanor.engine.audit import CREATE_COMMAND
from athanor.engine.rules import Rules
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.store import EventStore, GameNotFound
from athanor.store.limits import WRONG, Rate, join_limits

JSON = dict[str, Any]
CLAIM_TRIES = 5


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
    defaults: list[str]  # the options at the kind's default for this many seats


def _at_default(rules: Rules, options: JSON, seats: int) -> list[str]:
    """The options a table left as its kind makes them when none is given."""
    try:
        made = rules.validate_options({}, seats)
    except Exception:  # a kind that needs an option: none is a default then
        return []
    return sorted(k for k, v in options.items() if k in made and made[k] == v)


class Tables:
    def __init__(
        self,
        store: EventStore,
        kinds: Kinds,
        games: Games,
        commands: Commands,
        access: Access,
        clock: Callable[[], float],
        poke: Callable[[str], None],
    ) -> None:
        self.store = store
        self.kinds = kinds
        self.games = games
        self.commands = commands
        self.access = access
        self.clock = clock
        # the server's bots look at a new timed game (ServerBots.poke)
        self.poke = poke
        # kept in the store, so workers and servers sharing it count together
        self.limits = join_limits(
            store,
            per_address=Rate(codes.JOINS_PER_MINUTE, codes.JOIN_BURST),
            wrong_codes=Rate(codes.WRONG_CODES_PER_MINUTE, codes.WRONG_CODE_BURST),
        )

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
        game.check_seats(rules, seats)
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
            time=stamp(self.clock()),
        )
        tokens = {} if opened else {s: new_token() for s in range(1, seats + 1)}
        meta = {**game_meta(rules, seats), **seat_token_meta(tokens)}
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
        self.games.remember(game_id, Loaded(rules, state, seed, head=records[-1]))
        if state.seating.move_seconds:
            self.poke(game_id)
        return Created(game_id, records[-1].version, tokens, code)

    async def _new_code(self, game_id: str) -> str:
        while True:  # 2^50 codes: a clash is all but impossible, but cheap to rule out
            code = codes.new_code()
            if await self.store.add_code(code, game_id):
                return code

    # -- joining ----------------------------------------------------------------

    async def join(self, code: str, name: str, seat: int, client: str) -> Joined:
        """Claim a seat of an open game by its code: the lowest free one when `seat` is
        0. Every attempt, good or bad, spends one of the client's joins; a wrong code
        also spends one of the wrong codes every address shares. While those run out,
        a right code is refused too: were it let through, the answer would tell a right
        code from a wrong one, and the limit would hold no guesser back."""
        await self._spend(client, guess=True)
        try:
            joined = await self._join(code, name, seat)
        except NoSuchCode:
            raise  # a wrong code (or a full or finished game's): it stays spent
        except Exception:
            await self.limits.refund()  # refused for another reason: not a guess
            raise
        await self.limits.refund()
        return joined

    async def _join(self, code: str, name: str, seat: int) -> Joined:
        code = codes.normalize(code)
        name = clean_name(name)
        game_id = await self.store.game_of_code(code)
        if game_id is None:
            raise NoSuchCode()
        try:
            loaded = await self.games.load(game_id)
        except GameNotFound:
            raise NoSuchCode() from None
        state = loaded.state
        if not state.seating.open or state.over or not state.waiting_for_players:
            raise NoSuchCode()
        return await self._claim(game_id, seat, name)

    async def _spend(self, client: str, guess: bool) -> None:
        """One join of `client`'s (and for a `guess`, one of every address's wrong
        codes), or RateLimited saying how long to wait."""
        refusal = await self.limits.take(client, guess)
        if refusal is None:
            return
        why = (
            "joining by code is paused (too many wrong codes)"
            if refusal.limit == WRONG
            else "too many joins from this address"
        )
        raise RateLimited(f"{why}: try again in {max(1, math.ceil(refusal.wait))} s")

    async def join_rematch(self, old_game: str, caller: Caller, name: str, client: str) -> Joined:
        """A seat of a finished game takes the same seat, under the same name (or `name`),
        in its rematch. It spends one of the client's joins but is no guess (a seat
        token names the seat), so it spends no wrong code."""
        await self._spend(client, guess=False)
        seat = require_seat(caller)
        new_id = await self.store.get_meta_field(old_game, "rematch")
        if not new_id:
            raise RuleViolation("NO_REMATCH", "this game has no rematch yet", "ENGINE-TABLE")
        old = await self.games.load(old_game)
        chosen = clean_name(name) if name else old.state.seating.names.get(seat, "")
        if not chosen:
            raise BadCommand("this seat had no name: give one")
        return await self._claim(new_id, seat, chosen)

    async def _claim(self, game_id: str, seat: int, name: str) -> Joined:
        for _ in range(CLAIM_TRIES):
            loaded = await self.games.load(game_id)
            sitting, seats = loaded.state.seating, loaded.state.seats
            free = [s for s in range(1, seats + 1) if not sitting.taken(s)]
            if not free or loaded.state.over:
                raise NoSuchCode()
            target = seat or free[0]
            command = {"type": game.CLAIM_SEAT, "seat": target, "name": name}
            try:
                result = await self.commands.act(
                    game_id, 0, command, f"join-{uuid.uuid4().hex}", table=True
                )
            except RuleViolation as err:
                if err.code == "SEAT_TAKEN" and not seat:
                    continue  # another player took it a moment ago: the next free seat
                raise
            # after the event: if this write is lost, the seat is reissued, never shared
            token = await self.access.issue(game_id, target)
            return Joined(game_id, target, token, result.last_version, name)
        raise NoSuchCode()

    async def lobby(self) -> list[LobbyEntry]:
        """The listed games still taking players (no tokens, no game secrets)."""
        out = []
        for game_id in await self.store.lobby():
            try:
                loaded = await self.games.load(game_id)
                code = await self.store.get_meta_field(game_id, "join_code") or ""
            except GameNotFound:
                await self.store.unlist(game_id)
                continue
            state = loaded.state
            if state.over or not state.waiting_for_players:
                await close_lobby(self.store, game_id)  # a crash between append and unlisting
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
                    defaults=_at_default(loaded.rules, state.options, state.seats),
                )
            )
        return out

    # -- rematches --------------------------------------------------------------

    async def rematch(self, game_id: str, caller: Caller) -> tuple[Created, Joined | None]:
        """A new open game with the same kind, pack, options, seats, listing and bots
        and a new seed; a seat that asks is seated in it under its name. Asked again
        (by anyone), the same rematch is returned."""
        if caller.spectator:
            raise Unauthenticated("this call needs a seat or the operator token")
        loaded = await self.games.load(game_id)
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
        # (a former built-in pack gives way to the built-in one)
        pack = loaded.rules.pack
        digest = pack.digest if pack is not None else ""
        rules = self.kinds.for_new_game(loaded.rules.kind, digest)
        created = await self._create(rules, state.seats, options, None, table, new_id)
        await self.store.set_meta(game_id, {"rematch": new_id})
        await self._seat_bots_again(new_id, state.seating)
        joined = None
        seat = caller.seat
        name = state.seating.names.get(seat or 0, "")
        if seat and name and not (await self.games.load(new_id)).state.seating.taken(seat):
            joined = await self._claim(new_id, seat, name)
        return created, joined

    async def _seat_bots_again(self, new_id: str, old: game.Seating) -> None:
        """The rematch's bots sit where the finished game's did (not for resigned seats)."""
        fresh = await self.games.load(new_id)
        for seat, level in sorted(old.bots.items()):
            if seat not in old.resigned and not fresh.state.seating.taken(seat):
                with contextlib.suppress(RuleViolation):
                    await self.commands.act(
                        new_id,
                        0,
                        {"type": game.GIVE_TO_BOT, "seat": seat, "level": level},
                        f"rematch-bot-{seat}",
                        table=True,
                    )


def game_meta(rules: Rules, seats: int) -> dict[str, str]:
    """What a game's meta hash says of it; `pack` is the digest of its content pack."""
    meta = {"kind": rules.kind, "rules_version": rules.rules_version, "seats": str(seats)}
    if rules.pack is not None:
        meta["pack"] = rules.pack.digest
    return meta


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
