"""What `athanor serve` was asked for, and what belongs to its data directory (the
operator token and the lock that keeps it to one server)."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from athanor.api.server import ServeError
from athanor.app.auth import new_token
from athanor.app.bots import DEFAULT_PACE_S

TOKEN_FILE = "operator.token"
LOCK_FILE = "athanor.lock"


@dataclass
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 50051
    data_dir: Path = Path(".athanor")
    redis_url: str | None = None
    # a Redis Cluster instead: HOST:PORT or redis[s]:// URLs, comma-separated
    redis_cluster: str | None = None
    # an append is acknowledged once this many replicas confirm it (WAIT), within
    # replica_timeout seconds; else it fails UNAVAILABLE
    min_replicas: int = 0
    replica_timeout: float = 1.0
    tls_cert: Path | None = None
    tls_key: Path | None = None
    metrics_port: int | None = None
    # the web client and the Connect API on HTTP; web_port None is 8080 when free (a second
    # server on one machine then runs without pages rather than not at all)
    web: bool = True
    web_port: int | None = None
    # proxies whose X-Forwarded-For names the web client (addresses or networks); from
    # anyone else the header is ignored, so no client can pick the address it is seen as
    trusted_proxies: list[str] = field(default_factory=list)
    snapshot_every: int = 100
    heartbeat_seconds: float = 15.0
    games: list[str] = field(default_factory=list)
    # a table's own content packs served beside the built-in ones: (kind, folder)
    content: list[tuple[str, Path]] = field(default_factory=list)
    # finished games' bundles (None: <data_dir>/archive); servers sharing a Redis share it
    archive_dir: Path | None = None
    # archive games finished more than this many days ago (None: only when asked)
    archive_after_days: float | None = None
    # seconds between a game's latest event and a move by the server's bot (--bot-pace)
    bot_pace: float = DEFAULT_PACE_S


def operator_token(data_dir: Path) -> str:
    """The operator token kept in the data directory (made on first start, mode 0600)."""
    path = data_dir / TOKEN_FILE
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    token = new_token()
    path.touch(mode=0o600)
    path.write_text(token + "\n")
    return token


@contextlib.contextmanager
def data_dir_lock(data_dir: Path) -> Iterator[None]:
    """One server per data directory: two would share (and stop) one embedded Redis."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / LOCK_FILE
    handle: IO[str] = path.open("a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            other = handle.read().strip() or "?"
            raise ServeError(
                f"another athanor serve (pid {other}) is using {data_dir}; stop it first"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield
    finally:
        handle.close()  # releases the lock
