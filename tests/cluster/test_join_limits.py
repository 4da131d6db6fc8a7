"""The join limits on a Redis Cluster: both buckets share the {join} slot, so one script
spends an address's attempt and a wrong code's place together there too."""

from __future__ import annotations

from athanor.store.embedded import ClusterClient
from athanor.store.keys import JOIN_ATTEMPTS, WRONG_CODES
from athanor.store.limits import ADDRESSES, WRONG, Rate, RedisJoinLimits
from tests.local_cluster import LocalCluster


async def test_the_limits_run_in_one_slot_of_a_cluster(
    cluster: LocalCluster, client: ClusterClient
) -> None:
    assert cluster.owner(JOIN_ATTEMPTS + "ipv4:1").port == cluster.owner(WRONG_CODES).port
    joins = RedisJoinLimits(client, Rate(10, 2), Rate(1, 3))
    assert await joins.take("ipv4:1") is None
    assert await joins.take("ipv4:1") is None
    assert (await joins.take("ipv4:1")).limit == ADDRESSES  # type: ignore[union-attr]
    assert await joins.take("ipv4:2") is None
    assert (await joins.take("ipv4:3")).limit == WRONG  # type: ignore[union-attr]
    await joins.refund()
    assert await joins.take("ipv4:3") is None
