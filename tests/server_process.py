"""Start and stop `athanor serve` as a child process, as an operator would."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc

from athanor.v1 import athanor_pb2_grpc
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_GAME = "tests.fixture_game.crucible:GAME"
START_TIMEOUT = 60.0


class ServerProcess:
    def __init__(
        self, data_dir: Path, snapshot_every: int = 100, port: int = 0, *extra: str
    ) -> None:
        self.data_dir = data_dir
        self.extra = list(extra)
        self.log_path = data_dir / "server.log"
        # with --redis-url the token lands in ./.athanor: run the server from data_dir
        self.external = "--redis-url" in self.extra
        self.token_dir = data_dir / ".athanor" if self.external else data_dir
        self.snapshot_every = snapshot_every
        self.port = port
        self.address = ""
        data_dir.mkdir(parents=True, exist_ok=True)
        self.proc: subprocess.Popen[str] | None = None

    @property
    def token(self) -> str:
        return (self.token_dir / "operator.token").read_text().strip()

    def start(self) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
            "ATHANOR_GAMES": FIXTURE_GAME,
        }
        with self.log_path.open("a") as log:  # the child keeps its own descriptor
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "athanor.cli.main",
                    "serve",
                    "--port",
                    str(self.port),
                    *([] if self.external else ["--data-dir", str(self.data_dir)]),
                    "--snapshot-every",
                    str(self.snapshot_every),
                    # the server's bots at once, not at a person's pace: tests wait for states
                    "--bot-pace",
                    "0",
                    # the web client only where a test asks for it: tests start many servers
                    *([] if any(a.startswith("--web") for a in self.extra) else ["--no-web"]),
                    *self.extra,
                ],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                env=env,
                cwd=self.data_dir,
            )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT
        line = ""
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if line.startswith("athanor serving on "):
                self.address = line.split()[-1]
                self.port = int(self.address.rsplit(":", 1)[1])  # restart on the same port
                return
            if not line and self.proc.poll() is not None:
                break
        raise RuntimeError(f"server did not start (last line: {line!r})")

    def wait_for_lines(self, pattern: str, what: str) -> list[str]:
        """The log's lines matching `pattern`, once there is at least one: the server
        writes its log from a thread of its own a moment after the fact."""
        found: list[str] = []

        def seen() -> bool:
            lines = self.log_path.read_text().splitlines()
            found[:] = [line for line in lines if re.search(pattern, line)]
            return bool(found)

        wait_until(seen, what)
        return found

    def channel(self) -> grpc.Channel:
        return grpc.insecure_channel(self.address)

    def stub(self) -> athanor_pb2_grpc.AthanorStub:
        return athanor_pb2_grpc.AthanorStub(self.channel())

    def operator(self) -> tuple[tuple[str, str]]:
        return (("authorization", f"Bearer {self.token}"),)

    def kill(self) -> None:
        """Kill -9: no graceful shutdown, as in a crash."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=30)
            self.proc = None

    def stop(self) -> None:
        """SIGTERM, the graceful way."""
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=30)
        self.proc = None


def cli_env(
    server: ServerProcess, token: str | None = None, games: str = FIXTURE_GAME
) -> dict[str, str]:
    """The environment of the `athanor` command run against `server`: the same games
    loaded (the CLI must agree with the server on them) and the token (default: the
    operator's)."""
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "ATHANOR_GAMES": games,
        "ATHANOR_TOKEN": token or server.token,
    }


def run_cli(
    server: ServerProcess,
    *args: str,
    token: str | None = None,
    games: str = FIXTURE_GAME,
    timeout: float = 600,
) -> subprocess.CompletedProcess[str]:
    """The `athanor` command as an operator (or `token`'s seat) runs it against `server`."""
    return subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", *args, "--server", server.address],
        capture_output=True,
        text=True,
        env=cli_env(server, token, games),
        timeout=timeout,
    )
