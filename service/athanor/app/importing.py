"""ImportGame: a game's exported log stored as a new game, once it verifies."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from athanor.app.access import seat_token_meta
from athanor.app.auth import new_token
from athanor.app.kinds import Kinds
from athanor.app.tables import Created, game_meta
from athanor.engine import audit, game
from athanor.engine.record import Record, canonical, check_chain
from athanor.engine.violations import BadCommand
from athanor.store import EventStore

JSON = dict[str, Any]


class Importer:
    def __init__(self, store: EventStore, kinds: Kinds, poke: Callable[[str], None]) -> None:
        self.store = store
        self.kinds = kinds
        # the server's bots look at an imported timed game (ServerBots.poke)
        self.poke = poke

    async def import_game(self, header: JSON, records: list[Record], game_id: str = "") -> Created:
        if not records:
            raise BadCommand("the log has no events")
        self.kinds.game(str(header.get("kind", "")))  # an unknown kind is named first
        rules = self.kinds.for_created(records[0])
        bad = check_chain(records)
        if bad:
            raise BadCommand(f"the log's hash chain is broken at version {bad}")
        seed = bytes.fromhex(header["seed_hex"]) if header.get("seed_hex") else None
        report = audit.verify(rules, records, seed)
        if not report.ok:
            raise BadCommand(f"the log does not verify: {report.describe()}")
        try:
            state = game.fold(rules, records)
        except Exception as err:  # a chain-only check lets any body through
            raise BadCommand(f"the log cannot be folded ({type(err).__name__})") from None
        if seed is None:
            # without the seed nobody could act fairly again: only finished games travel bare
            if not state.over:
                raise BadCommand("a running game can only be imported with its seed")
            seed = bytes.fromhex(state.seed)
        game_id = game_id or str(header.get("game_id") or uuid.uuid4().hex[:12])
        tokens = {s: new_token() for s in range(1, state.seats + 1)}
        meta = {**game_meta(rules, state.seats), **seat_token_meta(tokens)}
        await self.store.import_game(game_id, meta, seed, records)
        # a snapshot at the head, so the first load of a long imported game is cheap
        await self.store.save_snapshot(
            game_id,
            state.version,
            rules.rules_version,
            canonical(game.dump(rules, state)),
            state.head_hash,
        )
        if state.over:
            await self.store.set_meta(game_id, {"over": "1"})
        elif state.seating.move_seconds:
            await self.store.set_meta(game_id, {"timed": "1"})
            self.poke(game_id)
        return Created(game_id, state.version, tokens)
