"""Every log exported by an earlier release still verifies and imports.

The corpus (tests/corpus/<release>/, see its README) holds operator logs written by
each release's own `athanor log`; they are never regenerated. Each must verify offline
as `athanor verify FILE` does, and import through the service (the API's per-event
checks first) and verify there, under the rules its GameCreated names. A change that
breaks one needs a new rules version, with the old one kept (GameKind.older).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from athanor.api.servicer import imported_records
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.cli import audit_file
from athanor.engine import game
from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, connect
from athanor.v1 import athanor_pb2 as pb

CORPUS = Path(__file__).parent
LOGS = sorted(CORPUS.glob("*/*.jsonl*"))
IDS = [f"{p.parent.name}/{p.name.split('.')[0]}" for p in LOGS]
KINDS = Kinds.discover()  # built once: each kind's rules, older versions when first met


def test_the_corpus_is_there() -> None:
    """A glob that finds nothing would pass every test below."""
    releases = {p.parent.name for p in LOGS}
    assert len(releases) >= 3 and len(LOGS) >= 50
    for folder in releases:
        manifest = json.loads((CORPUS / folder / "manifest.json").read_text())
        assert sorted(m["file"] for m in manifest["logs"]) == sorted(
            p.name for p in LOGS if p.parent.name == folder
        )


@pytest.mark.parametrize("path", LOGS, ids=IDS)
def test_verifies_offline(path: Path) -> None:
    audit = audit_file.read(path)
    rules = audit_file.rules_for(audit, KINDS)
    assert rules.rules_version == audit.records[0].body["rules_version"]
    report = audit_file.verify(audit, rules)
    assert report.ok and report.rerun, report.describe()


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One embedded Redis for the module: each log is imported under its own id."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("corpus") / "redis")
    yield server.url
    server.close()


@pytest.mark.parametrize("path", LOGS, ids=IDS)
async def test_imports_and_verifies_in_the_service(path: Path, redis_url: str) -> None:
    audit = audit_file.read(path)
    # as `athanor import` sends it, through the API's checks of every stored event
    events = [
        pb.StoredEvent(version=r.version, data=e["data"], hash=e["hash"])
        for r, e in zip(audit.records, audit.stored, strict=True)
    ]
    records = imported_records(events)
    header = {k: audit.header.get(k, "") for k in ("game_id", "kind", "seed_hex")}
    game_id = f"{path.parent.name}-{path.name.split('.')[0]}"
    conn = await connect(redis_url)
    service = GameService(RedisEventStore(conn), GameFeeds(conn), KINDS)
    try:
        created = await service.importer.import_game(header, records, game_id)
        assert created.version == records[-1].version
        report = await service.verifier.verify(game_id)
        assert report.ok and report.rerun, report.describe()
        # a game still running goes on under the rules it was started with
        loaded = await service.games.load(game_id)
        assert loaded.rules.rules_version == records[0].body["rules_version"]
        if not loaded.state.over:
            awaited = game.awaited(loaded.rules, loaded.state)
            seat, commands = next(iter(awaited.items()))
            done = await service.commands.act(game_id, seat, commands[0], "corpus-move")
            assert done.last_version > created.version
            assert (await service.verifier.verify(game_id)).ok
    finally:
        await service.feeds.close()
        await asyncio.wait_for(conn.aclose(), 10)
