"""What a seat's page downloads per move, and how long a tap takes to show, with the
page's two ways of updating side by side on the same games: `full` (GetView and
ListLegalCommands whole after every move: the page's `?updates=full`) and `delta`
(GetView.since_version's JSON Patch and ListLegalCommands.known_digest, the page's
default; the same steps as service/athanor/web/static/updates.js).

    python -m benchmarks.bench_web [--moves 300] [--kinds alchemists,...] [--seed 1]

For each kind at its usual table, one `athanor serve --web-port 0` plays a game
through the Connect API (JSON, `accept-encoding: gzip` as a browser sends it) with
random legal moves, up to --moves moves. Every seat has a page of each way; after
each move every page fetches the table again, as the page does after each burst of
events. Bytes are the response bodies as they travel (gzip); Watch's events are the
same both ways and not counted. The tap-to-update latency is Act's round trip plus the
acting page's fetch that follows (the browser's drawing is not counted); the two ways
fetch in turn, first one then the other, so neither always finds the server warm.
Each delta page's view is checked against the full page's at every move.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import random
import statistics
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from athanor.api.updates import apply_json_patch
from benchmarks._harness import ChildServer, percentile, say

# (kind, seats, options): each kind at a usual table
TABLES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("alchemists", 2, {}),
    ("alkemia", 2, {"max_weeks": "10"}),
    ("apothebakery", 2, {}),
    ("valley", 2, {}),
    ("witchs_brew", 3, {}),
)
WAYS = ("full", "delta")
SERVICE = "/athanor.v1.Athanor/"
SIDE = ThreadPoolExecutor(max_workers=1)  # the delta way's moves, asked beside the view


class WebAthanor(ChildServer):
    """`athanor serve` with its web port, on its embedded Redis in `data_dir`."""

    banner = "athanor web on "

    def __init__(self, data_dir: Path) -> None:
        super().__init__()
        self.data_dir = data_dir

    def command(self) -> list[str]:
        ports = ["--port", "0", "--web-port", "0"]
        return ["-m", "athanor.cli.main", "serve", *ports, "--data-dir", str(self.data_dir)]

    @property
    def operator(self) -> str:
        return (self.data_dir / "operator.token").read_text().strip()


class Connect:
    """Unary Connect calls over one kept-alive connection, counting the bytes received."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)

    def call(self, method: str, request: dict[str, Any], token: str | None) -> tuple[Any, int, int]:
        """The answer, its size as it travelled (headers too) and its size inflated."""
        headers = {
            "content-type": "application/json",
            "connect-protocol-version": "1",
            "accept-encoding": "gzip, deflate, br",
        }
        if token:
            headers["authorization"] = f"Bearer {token}"
        body = json.dumps(request)
        try:
            self.conn.request("POST", SERVICE + method, body=body, headers=headers)
            answer = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # the server closes a connection idle for 5 s: open another
            self.conn.close()
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
            self.conn.request("POST", SERVICE + method, body=body, headers=headers)
            answer = self.conn.getresponse()
        raw = answer.read()
        plain = gzip.decompress(raw) if answer.getheader("content-encoding") == "gzip" else raw
        if answer.status != 200:
            raise RuntimeError(f"{method}: HTTP {answer.status} {plain[:200]!r}")
        # the status line and the headers come with every answer, both ways
        head = len(f"HTTP/1.1 {answer.status} {answer.reason}\r\n") + len(bytes(answer.msg))
        return json.loads(plain or b"{}"), head + len(raw), head + len(plain)


@dataclass
class Page:
    """One seat's page: what it holds and how it fetches the table again (the full
    way asks for the moves after the view, the delta way beside it, on a second
    connection, as a browser does)."""

    way: str
    game_id: str
    token: str
    client: Connect
    side: Connect  # the delta way's second connection
    version: int = 0
    view: Any = None
    table: Any = None
    legal: Any = None
    received: int = 0  # bytes as they travelled
    plain: int = 0  # the same inflated
    views: int = 0  # bytes of GetView (the rest is ListLegalCommands)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ask(self, client: Connect, method: str, request: dict[str, Any]) -> Any:
        got, size, plain = client.call(method, request, self.token)
        with self.lock:
            self.received += size
            self.plain += plain
            if method == "GetView":
                self.views += size
        return got

    def fetch(self) -> None:
        request: dict[str, Any] = {"gameId": self.game_id}
        delta = self.way == "delta"
        if delta and self.view is not None:
            request["sinceVersion"] = self.version
        beside = delta and not (self.view or {}).get("over")
        asking = SIDE.submit(self.fetch_legal, self.side) if beside else None
        got = self.ask(self.client, "GetView", request)
        if got.get("viewPatchJson"):
            self.view = apply_json_patch(self.view, json.loads(got["viewPatchJson"]))
        else:
            self.view = json.loads(got.get("viewJson") or "{}")
        self.version = int(got.get("version", 0))
        self.table = json.loads(got.get("tableJson") or "{}")
        legal = asking.result() if asking else None
        if self.view.get("over"):
            self.legal = None
        elif legal is None:
            self.fetch_legal(self.client)

    def fetch_legal(self, client: Connect) -> Any:
        ask: dict[str, Any] = {"gameId": self.game_id}
        if self.way == "delta" and self.legal is not None:
            ask["knownDigest"] = self.legal.get("digest", "")
        legal = self.ask(client, "ListLegalCommands", ask)
        if not legal.get("unchanged"):
            self.legal = legal
        return legal


@dataclass
class Tally:
    """One way's figures for one kind."""

    per_move: list[int] = field(default_factory=list)  # bytes all pages received per move
    plain: list[int] = field(default_factory=list)  # the same inflated
    views: list[int] = field(default_factory=list)  # of which GetView's
    latency: list[float] = field(default_factory=list)  # seconds, tap to the acting page's update


def create(client: Connect, operator: str, kind: str, seats: int, options: dict[str, str]) -> Any:
    request = {"kind": kind, "seats": seats, "options": options}
    return client.call("CreateGame", request, operator)[0]


def pick(pages: dict[int, dict[str, Page]], rng: random.Random) -> tuple[int, str] | None:
    """A seat with a legal move and one of its moves (None: nobody can move)."""
    for seat, ways in sorted(pages.items()):
        legal = ways["full"].legal
        if legal and legal.get("commandsJson"):
            return seat, rng.choice(legal["commandsJson"])
    return None


def play(
    url: str, operator: str, table: tuple[str, int, dict[str, str]], moves: int, seed: int
) -> tuple[dict[str, Tally], str]:
    """The game played up to `moves` moves: each way's figures, and how it ended."""
    kind, seats, options = table
    client = Connect(url)
    game = create(client, operator, kind, seats, options)
    pages = {
        t["seat"]: {
            way: Page(way, game["gameId"], t["token"], Connect(url), Connect(url)) for way in WAYS
        }
        for t in game["seatTokens"]
    }
    tallies = {way: Tally() for way in WAYS}
    rng = random.Random(seed)
    for ways in pages.values():
        for page in ways.values():
            page.fetch()
    for n in range(moves):
        chosen = pick(pages, rng)
        if chosen is None:
            over = any(p["full"].view.get("over") for p in pages.values())
            return tallies, "game over" if over else "no seat had a move"
        seat, command = chosen
        actor = pages[seat]
        request = {"gameId": game["gameId"], "commandJson": command, "commandId": uuid.uuid4().hex}
        started = time.perf_counter()
        actor["full"].client.call("Act", request, actor["full"].token)
        acted = time.perf_counter() - started
        order = WAYS if n % 2 == 0 else WAYS[::-1]
        before = {way: totals(pages, way) for way in WAYS}
        for way in order:
            started = time.perf_counter()
            actor[way].fetch()
            tallies[way].latency.append(acted + time.perf_counter() - started)
            for other, ways in pages.items():
                if other != seat:
                    ways[way].fetch()
        for way in WAYS:
            after = totals(pages, way)
            tallies[way].per_move.append(after[0] - before[way][0])
            tallies[way].plain.append(after[1] - before[way][1])
            tallies[way].views.append(after[2] - before[way][2])
        check(pages)
    return tallies, f"stopped at {moves} moves"


def totals(pages: dict[int, dict[str, Page]], way: str) -> tuple[int, int, int]:
    """What one way's pages received so far: as it travelled, inflated, GetView's."""
    ways = [p[way] for p in pages.values()]
    return sum(p.received for p in ways), sum(p.plain for p in ways), sum(p.views for p in ways)


def check(pages: dict[int, dict[str, Page]]) -> None:
    for seat, ways in pages.items():
        full, delta = ways["full"], ways["delta"]
        if (full.version, full.view) != (delta.version, delta.view):
            raise AssertionError(f"seat {seat}: the delta page's view differs at v{full.version}")


def report(kind: str, seats: int, tallies: dict[str, Tally], ended: str) -> None:
    """Per page and move (bytes divided among the seats' pages): median, p95, the
    median inflated and GetView's share of all bytes; the whole game per page; the tap
    to the update."""
    moves = len(tallies["full"].per_move)
    ratio = sum(tallies["delta"].per_move) / max(1, sum(tallies["full"].per_move))
    say(f"{kind} at {seats}: {moves} moves ({ended}); delta/full bytes {ratio:.2f}")
    for way in WAYS:
        t = tallies[way]
        wire = [b / seats for b in t.per_move]
        plain = statistics.median(b / seats for b in t.plain)
        share = 100 * sum(t.views) / max(1, sum(t.per_move))
        ms = [1000 * x for x in t.latency]
        say(
            f"  {way:5} bytes/move/page median"
            f" {statistics.median(wire):6.0f} p95 {percentile(wire, 95):6.0f}"
            f" (inflated {plain:6.0f}, GetView {share:3.0f}%) game {sum(wire) / 1e6:5.2f} MB"
            f" | tap-to-update ms median {statistics.median(ms):5.1f} p95 {percentile(ms, 95):5.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--kinds", default=",".join(t[0] for t in TABLES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wanted = args.kinds.split(",")
    with tempfile.TemporaryDirectory() as tmp, WebAthanor(Path(tmp)) as server:
        for table in TABLES:
            if table[0] in wanted:
                tallies, ended = play(server.address, server.operator, table, args.moves, args.seed)
                report(table[0], table[1], tallies, ended)


if __name__ == "__main__":
    main()
