"""A master killed with SIGKILL under load, with `--min-replicas 1`: its replica takes
over, clients retry UNAVAILABLE with the same command id, and every acknowledged event
is in the log afterwards."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest

from athanor.store import RedisEventStore, connect_cluster
from athanor.store.keys import GameKeys
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from tests.integration.helpers import bearer, new_game
from tests.local_cluster import LocalCluster
from tests.server_process import ServerProcess
from tests.waiting import wait_until

PACE = 0.1  # seconds between one game's commands: the load spans the failover
LOAD_SECONDS = 90.0  # the clients give up after this (the test then fails)
UNCONFIRMED = "not confirmed by enough replicas"  # the server's word for a refused write


@dataclass
class Player:
    """Plays one game to the end through one server, retrying UNAVAILABLE."""

    server: ServerProcess
    game_id: str
    tokens: dict[int, str]
    deadline: float
    acknowledged: list[tuple[str, int, int]] = field(default_factory=list)  # id, first, last
    acked_at: list[float] = field(default_factory=list)
    unavailable: int = 0
    unconfirmed: int = 0  # of those, writes no replica confirmed
    error: BaseException | None = None

    def run(self) -> None:
        try:
            stub = self.server.stub()
            while (move := self._retry(lambda: self._next_move(stub))) is not None:
                seat, command = move
                request = pb.ActRequest(
                    game_id=self.game_id,
                    command_json=json.dumps(command),
                    command_id=uuid.uuid4().hex,
                )
                done = self._retry(lambda r=request, s=seat: stub.Act(r, metadata=self._md(s)))
                span = (request.command_id, done.first_version, done.last_version)
                self.acknowledged.append(span)
                self.acked_at.append(time.monotonic())
                time.sleep(PACE)
        except BaseException as err:  # the test thread reports it
            self.error = err

    def _md(self, seat: int) -> tuple[tuple[str, str]]:
        return bearer(self.tokens[seat])

    def _next_move(self, stub: pb_grpc.AthanorStub) -> tuple[int, dict] | None:
        for seat in sorted(self.tokens):
            reply = stub.ListLegalCommands(
                pb.ListLegalCommandsRequest(game_id=self.game_id), metadata=self._md(seat)
            )
            if reply.commands_json:
                return seat, json.loads(reply.commands_json[0])
        return None

    def _retry(self, call):  # type: ignore[no-untyped-def]
        """The call's answer; UNAVAILABLE is retried as it is (the same command id)."""
        while True:
            try:
                return call()
            except grpc.RpcError as err:
                if err.code() != grpc.StatusCode.UNAVAILABLE or time.monotonic() > self.deadline:
                    raise
                self.unavailable += 1
                if UNCONFIRMED in (err.details() or ""):
                    self.unconfirmed += 1
                time.sleep(0.1)


@pytest.mark.slow
def test_acknowledged_events_survive_a_master_killed_under_load(
    own_cluster: LocalCluster, tmp_path: Path
) -> None:
    server = ServerProcess(
        tmp_path / "srv",
        100,
        0,
        "--redis-cluster",
        own_cluster.startup_nodes,
        "--min-replicas",
        "1",
    )
    server.start()
    try:
        games: dict[str, dict[int, str]] = {}
        owners: dict[str, int] = {}
        while len(set(owners.values())) < 3 or len(games) < 6:
            game_id, tokens = new_game(server, seats=2, rounds="4")
            games[game_id] = tokens
            owners[game_id] = own_cluster.owner(GameKeys.of(game_id).events).port
        deadline = time.monotonic() + LOAD_SECONDS
        players = [Player(server, g, t, deadline) for g, t in games.items()]
        threads = [threading.Thread(target=p.run, daemon=True) for p in players]
        for thread in threads:
            thread.start()
        # under way: every game has an acknowledged command before the kill
        wait_until(
            lambda: all(p.acknowledged or p.error for p in players),
            "an acknowledged command in every game",
        )
        victim_game = next(iter(games))
        victim = own_cluster.owner(GameKeys.of(victim_game).events)
        orphans = [p for p in players if owners[p.game_id] == victim.port]
        killed_at = time.monotonic()
        own_cluster.kill_master(of_key=GameKeys.of(victim_game).events)
        # the promoted replica has no replica of its own: its games wait (UNAVAILABLE)
        # until the killed node is back, as its replica: it comes back once one did
        wait_until(
            lambda: any(p.unconfirmed for p in orphans),
            "the promoted master to refuse a write no replica confirmed",
        )
        own_cluster.restart(victim)
        for thread in threads:
            thread.join(LOAD_SECONDS)
        for player in players:
            assert player.error is None, f"{player.game_id}: {player.error!r}"
        assert sum(p.unavailable for p in orphans) > 0
        # the kill came mid-game: acknowledged commands before it and after it
        assert any(min(p.acked_at) < killed_at < max(p.acked_at) for p in orphans)

        logs = asyncio.run(read_logs(own_cluster, list(games)))
        for player in players:
            by_command: dict[str, list[int]] = {}
            for rec in logs[player.game_id]:
                by_command.setdefault(rec[0], []).append(rec[1])
            for command_id, first, last in player.acknowledged:
                assert by_command.get(command_id) == list(range(first, last + 1)), command_id
            report = server.stub().Verify(
                pb.VerifyRequest(game_id=player.game_id), metadata=server.operator()
            )
            assert report.ok and report.rerun, report.reason
            assert report.events == len(logs[player.game_id])
    finally:
        server.stop()


async def read_logs(cluster: LocalCluster, game_ids: list[str]) -> dict[str, list[tuple[str, int]]]:
    """Each game's (command id, version) pairs, read from the cluster directly."""
    client = await connect_cluster(cluster.startup_nodes, 5.0)
    try:
        store = RedisEventStore(client)
        return {g: [(r.command_id, r.version) for r in await store.read_all(g)] for g in game_ids}
    finally:
        await client.aclose()
