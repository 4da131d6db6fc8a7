"""`athanor serve --workers N`: N server processes sharing one port.

The service is CPU-bound in Python, so one process uses one core. Here the parent
holds what must exist once per data directory (its lock, the operator token, the
embedded Redis) and starts N workers, each a whole server (`serve_worker`) on the
same Redis or cluster and on the same port: the kernel spreads new connections over
them (SO_REUSEPORT). Any worker serves any game, as several servers sharing a Redis
do: the append's version check arbitrates and each worker's feeds read every append.

The parent reserves the ports (gRPC and web) with bound, never-listening sockets before
the workers start: `--port 0` then names one port for all of them, and another server
cannot take a port while a worker restarts. A worker that dies is started again; one
that cannot start at all stops the whole server. Every worker serves both ports, so
one worker's death leaves the web client served by the others; metrics, when asked
for, by worker i on `--metrics-port` + i.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import signal
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType

from athanor.api.server import GRACE_SECONDS, ServeError
from athanor.app.kinds import Kinds
from athanor.server.config import ServeConfig, data_dir_lock, operator_token
from athanor.server.logs import logging_off_loop
from athanor.server.run import DEFAULT_WEB_PORT, no_web_port, serve_worker
from athanor.store import EmbeddedRedis, StoreUnsafe

log = logging.getLogger("athanor.workers")
START_TIMEOUT_SECONDS = 60.0
RESTART_FIRST, RESTART_MAX = 1.0, 30.0
# a worker that ran this long before dying is restarted after the first delay again
STEADY_SECONDS = 60.0
LOG_FORMAT = "%(asctime)s %(levelname)s {worker} %(name)s %(message)s"
PARENT_FORMAT = LOG_FORMAT.format(worker="workers")


@dataclass
class _Worker:
    index: int
    process: BaseProcess
    lines: Connection
    started: float
    ready: bool = False


def serve_workers(config: ServeConfig, workers: int, ready: Callable[[str], None]) -> None:
    """Run `workers` server processes on one port until SIGTERM or SIGINT."""
    if workers < 1:
        raise ServeError("--workers takes 1 or more")
    # a bad pack or game stops the start here, once, rather than in every worker
    kinds = Kinds.discover(config.games)
    for kind, directory in config.content:
        kinds.add_pack(kind, directory)
    with data_dir_lock(config.data_dir), contextlib.ExitStack() as stack:
        operator_token(config.data_dir)  # made once, before the workers read it
        if _embedded(config):
            redis = stack.enter_context(EmbeddedRedis(config.data_dir / "redis"))
            config = replace(config, redis_url=redis.url)
        reserved = stack.enter_context(reserve_port(config.host, config.port))
        config = replace(config, port=reserved.getsockname()[1])
        config = reserve_web_port(config, stack)
        Supervisor(config, workers, ready).run()


def _embedded(config: ServeConfig) -> bool:
    return not config.redis_url and not config.redis_cluster


def reserve_web_port(config: ServeConfig, stack: contextlib.ExitStack) -> ServeConfig:
    """The web port held like the gRPC one, for every worker to share."""
    if not config.web:
        return config
    port = DEFAULT_WEB_PORT if config.web_port is None else config.web_port
    try:
        reserved = stack.enter_context(reserve_port(config.host, port))
    except ServeError:
        no_web_port(config, port)
        return replace(config, web=False)
    return replace(config, web_port=reserved.getsockname()[1])


def reserve_port(host: str, port: int) -> socket.socket:
    """A socket bound to the port with SO_REUSEPORT and never listening: it takes no
    connections, yet holds the port for the workers. A port some other program holds
    is refused first, by binding without the option."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    if port:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                raise ServeError(f"cannot listen on {host}:{port} (is the port in use?)") from None
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port} (is the port in use?)") from None
    return sock


class Supervisor:
    """Starts the workers, restarts one that dies, stops them all on a signal."""

    def __init__(self, config: ServeConfig, count: int, ready: Callable[[str], None]) -> None:
        self.config = config
        self.count = count
        self.ready = ready
        self.context = multiprocessing.get_context("spawn")  # no fork of gRPC's threads
        self.workers: dict[int, _Worker] = {}
        self.stopping = False
        self.delays = {i: RESTART_FIRST for i in range(count)}
        self.web_line = ""

    def run(self) -> None:
        previous = {
            sig: signal.signal(sig, self._on_signal) for sig in (signal.SIGTERM, signal.SIGINT)
        }
        try:
            for index in range(self.count):
                self._start(index)
            self._await_ready()
            host, port = self.config.host, self.config.port
            # the first line as a single server prints it: tools read the address from it
            self.ready(f"athanor serving on {host}:{port}")
            pids = ", ".join(str(w.process.pid) for w in self.workers.values())
            self.ready(f"athanor workers: {self.count} (pids {pids})")
            if self.web_line:
                self.ready(self.web_line)
            self._supervise()
        finally:
            self._stop_all()
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True

    def _worker_config(self, index: int) -> ServeConfig:
        metrics = self.config.metrics_port
        return replace(self.config, metrics_port=None if metrics is None else metrics + index)

    def _start(self, index: int) -> None:
        ours, theirs = self.context.Pipe(duplex=False)
        process = self.context.Process(
            target=run_worker,
            args=(self._worker_config(index), index, theirs),
            name=f"athanor-worker-{index + 1}",
        )
        process.start()
        theirs.close()
        self.workers[index] = _Worker(index, process, ours, time.monotonic())

    def _await_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while not all(w.ready for w in self.workers.values()):
            if self.stopping:
                raise ServeError("stopped while the workers were starting")
            for w in self.workers.values():
                if not w.ready and not w.process.is_alive() and not w.lines.poll():
                    code = w.process.exitcode
                    raise ServeError(f"worker {w.index + 1} could not start (exit code {code})")
            if time.monotonic() > deadline:
                raise ServeError(f"the workers did not start within {START_TIMEOUT_SECONDS:.0f}s")
            self._read_lines(0.2)

    def _read_lines(self, timeout: float) -> None:
        readers = {w.lines: w for w in self.workers.values() if not w.lines.closed}
        for conn in wait(list(readers), timeout):
            worker = readers[conn]  # type: ignore[index]
            try:
                line = worker.lines.recv()
            except (EOFError, OSError):
                worker.lines.close()
                continue
            if line.startswith("athanor web on"):
                self.web_line = line
            # ready once its last start-up line is in: the web one follows the gRPC one,
            # and the parent prints it only if it has read it by then
            if line.startswith("athanor web on" if self.config.web else "athanor serving on"):
                worker.ready = True

    def _supervise(self) -> None:
        while not self.stopping:
            sentinels = {w.process.sentinel: w for w in self.workers.values()}
            for done in wait(list(sentinels), 0.5):
                worker = sentinels[done]  # type: ignore[index]
                if self.stopping:
                    break
                self._restart(worker)
            self._read_lines(0)

    def _restart(self, worker: _Worker) -> None:
        index = worker.index
        worker.process.join(1.0)  # its exit code
        ran = time.monotonic() - worker.started
        if ran > STEADY_SECONDS:
            self.delays[index] = RESTART_FIRST
        delay = self.delays[index]
        log.warning(
            "worker %d exited (code %s) after %.0fs; starting it again in %.0fs",
            index + 1, worker.process.exitcode, ran, delay,
        )  # fmt: skip
        worker.lines.close()
        end = time.monotonic() + delay
        while not self.stopping and time.monotonic() < end:
            time.sleep(0.1)
        if self.stopping:
            return
        self.delays[index] = min(delay * 2, RESTART_MAX)
        self._start(index)

    def _stop_all(self) -> None:
        alive = [w for w in self.workers.values() if w.process.is_alive()]
        for w in alive:
            with contextlib.suppress(ProcessLookupError):
                w.process.terminate()  # SIGTERM: the worker's graceful stop
        deadline = time.monotonic() + GRACE_SECONDS + 10.0
        for w in alive:
            w.process.join(max(0.0, deadline - time.monotonic()))
            if w.process.is_alive():
                log.warning("worker %d did not stop in time: killed", w.index + 1)
                w.process.kill()
                w.process.join()
        for w in self.workers.values():
            w.lines.close()


def run_worker(config: ServeConfig, index: int, lines: Connection) -> None:
    """A worker process's main: one server, its ready lines sent to the parent."""

    def ready(line: str) -> None:
        with contextlib.suppress(OSError):
            lines.send(line)

    try:
        with logging_off_loop(LOG_FORMAT.format(worker=f"worker-{index + 1}")):
            asyncio.run(serve_worker(config, ready))
    except (ServeError, StoreUnsafe) as err:  # our own one-line reasons
        log.error("worker %d cannot serve: %s", index + 1, err)
        raise SystemExit(2) from None
