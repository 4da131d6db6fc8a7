"""A real `athanor serve` with its web port, in its own process."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0
ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM = os.environ.get("ATHANOR_CHROMIUM", "/usr/bin/chromium")
# the flags this machine's headless Chromium needs (a closed network, no sandbox as root)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

try:
    import axe_playwright_python  # noqa: F401 - axe-core's script, for the browser tests
    from playwright.sync_api import Browser, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs them
    sync_playwright = None  # type: ignore[assignment]


class WebServer:
    """`athanor serve --port 0 --web-port 0`, restartable on the same ports."""

    def __init__(self, data_dir: Path, *extra: str) -> None:
        self.data_dir = data_dir
        self.extra = list(extra)
        self.grpc_port = 0
        self.web_port = 0
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        # the server's bots at once, not at a person's pace: tests wait for states
        args = ["--port", str(self.grpc_port), "--web-port", str(self.web_port), "--bot-pace", "0"]
        args += self.extra
        log = (self.data_dir / "server.log").open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "athanor.cli.main", "serve", "--data-dir", ".", *args],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            env=env,
            cwd=self.data_dir,
        )
        log.close()
        assert self.proc.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if line.startswith("athanor serving on "):
                self.grpc_port = int(line.split()[-1].rsplit(":", 1)[1])
            elif line.startswith("athanor web on "):
                self.url = line.split()[-1]
                self.web_port = int(self.url.rstrip("/").rsplit(":", 1)[1])
                return
            elif not line and self.proc.poll() is not None:
                break
        raise RuntimeError("the server did not start: see server.log")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    @property
    def operator(self) -> str:
        return (self.data_dir / "operator.token").read_text().strip()

    def call(
        self,
        method: str,
        body: bytes | dict[str, Any],
        token: str | None = None,
        content_type: str = "application/json",
    ) -> tuple[int, Any]:
        """One Connect unary call: (HTTP status, the JSON answer)."""
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers = {"content-type": content_type}
        if token:
            headers["authorization"] = f"Bearer {token}"
        request = urllib.request.Request(
            f"{self.url}athanor.v1.Athanor/{method}", data=data, headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"{}")


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    server = WebServer(tmp_path_factory.mktemp("web"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI must run the browser tests")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium, headless (skipped without it, failed under CI)."""
    if sync_playwright is None:
        _missing("playwright or axe-playwright-python is not installed (pip install -e '.[dev]')")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()
