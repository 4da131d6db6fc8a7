"""Group commit of script calls: concurrent calls share pipelines, each gets its own reply."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from athanor.store import RedisEventStore
from athanor.store.batching import ScriptBatcher
from tests.store.helpers import batch, new_game

# returns its key's new length, or an error reply when told to fail
PUSH = """
if ARGV[1] == 'fail' then return redis.error_reply('told to fail') end
return redis.call('RPUSH', KEYS[1], ARGV[1])
"""


async def test_concurrent_calls_share_pipelines_and_each_gets_its_reply(
    client: aioredis.Redis,
) -> None:
    batcher = ScriptBatcher(client)
    push = client.register_script(PUSH)
    replies = await asyncio.gather(
        *(batcher.run(push, [f"k{i % 4}"], [str(i)]) for i in range(100))
    )
    assert sorted(replies) == sorted(i // 4 + 1 for i in range(100))
    for k in range(4):
        assert [int(x) for x in await client.lrange(f"k{k}", 0, -1)] == list(range(k, 100, 4))
    assert batcher.batches < 100  # they did travel together


async def test_one_failing_call_fails_alone(client: aioredis.Redis) -> None:
    batcher = ScriptBatcher(client)
    push = client.register_script(PUSH)
    got = await asyncio.gather(
        batcher.run(push, ["k"], ["a"]),
        batcher.run(push, ["k"], ["fail"]),
        batcher.run(push, ["k"], ["b"]),
        return_exceptions=True,
    )
    assert got[0] == 1 and got[2] == 2
    assert isinstance(got[1], ResponseError) and "told to fail" in str(got[1])


async def test_a_flushed_script_cache_is_reloaded_and_the_calls_run_once(
    client: aioredis.Redis,
) -> None:
    batcher = ScriptBatcher(client)
    push = client.register_script(PUSH)
    assert await batcher.run(push, ["k"], ["a"]) == 1
    await client.script_flush()
    got = await asyncio.gather(*(batcher.run(push, ["k"], [x]) for x in "bcd"))
    assert sorted(got) == [2, 3, 4]
    assert await client.lrange("k", 0, -1) == [b"a", b"b", b"c", b"d"]


async def test_a_dead_server_fails_every_waiting_call_and_the_batcher_recovers(
    client: aioredis.Redis,
) -> None:
    batcher = ScriptBatcher(client)
    push = client.register_script(PUSH)
    await batcher.run(push, ["k"], ["a"])
    dead = aioredis.Redis(host="127.0.0.1", port=1, retry=None)  # nothing listens on port 1
    broken = ScriptBatcher(dead)
    got = await asyncio.gather(
        *(broken.run(push, ["k"], [x]) for x in "bc"), return_exceptions=True
    )
    assert all(isinstance(g, RedisConnectionError | OSError) for g in got), got
    await dead.aclose()
    assert await batcher.run(push, ["k"], ["d"]) == 2  # the live one is untouched


async def test_a_caller_that_goes_away_does_not_break_the_others(client: aioredis.Redis) -> None:
    batcher = ScriptBatcher(client)
    push = client.register_script(PUSH)
    gone = asyncio.ensure_future(batcher.run(push, ["k"], ["a"]))
    stays = asyncio.ensure_future(batcher.run(push, ["k"], ["b"]))
    # one turn of the loop, not a wait for time: both calls are queued, then one leaves
    await asyncio.sleep(0)
    gone.cancel()
    assert await stays in (1, 2)
    with pytest.raises(asyncio.CancelledError):
        await gone


async def test_concurrent_appends_to_many_games_all_land_in_order(
    redis_store: RedisEventStore,
) -> None:
    games = [f"g{i}" for i in range(20)]
    logs = {g: await new_game(redis_store, g) for g in games}

    async def play(game_id: str) -> None:
        log = logs[game_id]
        for step in range(5):
            records = batch(len(log) + 1, log[-1].hash, 1 + step % 2, f"{game_id}-{step}")
            result = await redis_store.append(game_id, len(log), records, f"{game_id}-{step}")
            assert (result.first_version, result.last_version) == (
                len(log) + 1,
                len(log) + len(records),
            )
            log.extend(records)

    await asyncio.gather(*(play(g) for g in games))
    for game_id in games:
        stored = await redis_store.read_all(game_id)
        assert [r.hash for r in stored] == [r.hash for r in logs[game_id]]


async def test_a_lone_call_leaves_at_once(client: aioredis.Redis) -> None:
    # a minute's gathering would show as a call that does not come back in time
    batcher = ScriptBatcher(client, gather_seconds=60)
    push = client.register_script(PUSH)
    push.sha = await client.script_load(PUSH)  # no NOSCRIPT round: one pipeline a call
    for n in range(1, 4):
        assert await asyncio.wait_for(batcher.run(push, ["k"], [str(n)]), 30) == n
    assert batcher.batches == 3


async def test_after_a_shared_pipeline_the_next_waits_for_calls_on_their_way(
    client: aioredis.Redis,
) -> None:
    batcher = ScriptBatcher(client, gather_seconds=3.0)
    push = client.register_script(PUSH)
    push.sha = await client.script_load(PUSH)
    # queued in one turn of the loop, they leave together: the load the wait is for
    assert await asyncio.gather(*(batcher.run(push, ["k"], [x]) for x in "abc")) == [1, 2, 3]
    assert batcher.batches == 1
    first = asyncio.ensure_future(batcher.run(push, ["k"], ["d"]))
    for _ in range(3):  # turns of the loop, in which an ungathered pipeline would leave
        await asyncio.sleep(0)
    assert [call.args[-1] for call in batcher._queue] == ["d"]  # still waiting for more
    second = batcher.run(push, ["k"], ["e"])
    assert sorted(await asyncio.gather(first, second)) == [4, 5]
    assert batcher.batches == 2  # the late call went with the waiting one
    # that pipeline carried two, so the next waits too; it leaves alone
    batcher.gather_seconds = 0.1
    assert await batcher.run(push, ["k"], ["f"]) == 6
    # after a lone pipeline a call leaves at once: a minute's wait would show
    batcher.gather_seconds = 60
    assert await asyncio.wait_for(batcher.run(push, ["k"], ["g"]), 30) == 7
    assert batcher.batches == 4
