"""What --redis-cluster takes: HOST:PORT entries or redis[s]:// URLs whose TLS and
credentials apply to every node."""

from __future__ import annotations

import pytest

from athanor.store.embedded import cluster_nodes


def test_host_port_entries() -> None:
    assert cluster_nodes("10.0.0.1:7000, node-b:7001,[::1]:7002") == (
        [("10.0.0.1", 7000), ("node-b", 7001), ("::1", 7002)],
        {},
    )


def test_urls_give_every_node_their_tls_and_credentials() -> None:
    nodes, options = cluster_nodes(
        "rediss://app:s%40cret@a:7000,b:7001,rediss://app:s%40cret@c:7002"
    )
    assert nodes == [("a", 7000), ("b", 7001), ("c", 7002)]
    assert options == {"username": "app", "password": "s@cret", "ssl": True}
    assert cluster_nodes("redis://a:7000/0?ssl_cert_reqs=none")[1] == {"ssl_cert_reqs": "none"}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "a",
        "a:port",
        ":7000",
        "a:0",
        "a:70000",
        "redis://a:7000,rediss://a:7001",  # the URLs disagree
        "redis://u:pw-first@a:7000,redis://u:pw-second@b:7000",
        "redis://a:7000/2",
        "unix:///tmp/redis.sock",
    ],
)
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        cluster_nodes(text)
    assert "pw-" not in str(refused.value)  # no password in a message
