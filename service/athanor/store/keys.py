"""Redis key names. Every key of one game shares the hash tag {game_id}, so a game's
script touches a single Redis Cluster slot; the global indexes live elsewhere."""

from __future__ import annotations

import functools
from dataclasses import dataclass

GAMES = "ath:games"  # sorted set: game_id scored by creation unix time
OPERATORS = "ath:operators"  # set: sha256 hex of operator tokens
# the lobby: two keys, each touched alone by every command (one slot per command in
# Redis Cluster); a game's own table facts live in its events and meta
CODES = "ath:codes"  # hash: join code -> game_id, while the game takes players
LOBBY = "ath:lobby"  # sorted set: listed open game_id scored by creation unix time
# joining by code: both limits under one hash tag (one Redis Cluster slot), so one script
# spends an address's attempt and the wrong codes' share together (see store.limits)
JOIN_ATTEMPTS = "ath:{join}:attempts:"  # + client address: string, its bucket (ms)
WRONG_CODES = "ath:{join}:wrong"  # string: the bucket of wrong codes from every address (ms)


@dataclass(frozen=True)
class GameKeys:
    game_id: str
    events: str
    meta: str
    cmd: str
    snap: str
    seed: str

    @classmethod
    def of(cls, game_id: str) -> GameKeys:
        return _game_keys(game_id)


# every append names its game's keys, and a frozen dataclass is slow to build: the
# games in play keep theirs (an invalid id raises, and is not kept)
@functools.lru_cache(maxsize=4096)
def _game_keys(game_id: str) -> GameKeys:
    check_game_id(game_id)
    tag = f"ath:{{{game_id}}}"
    return GameKeys(
        game_id=game_id,
        events=f"{tag}:events",
        meta=f"{tag}:meta",
        cmd=f"{tag}:cmd",
        snap=f"{tag}:snap",
        seed=f"{tag}:seed",
    )


def check_game_id(game_id: str) -> None:
    # braces would change the hash tag and split a game across slots
    if not game_id or "{" in game_id or "}" in game_id:
        raise ValueError(f"invalid game id {game_id!r}")
