"""The service every conformance check plays through: in memory, with every kind."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from athanor.app.service import GameService
from athanor.store import GameFeeds, MemoryEventStore
from tests.conformance.tables import KINDS


@pytest.fixture
async def service() -> AsyncIterator[GameService]:
    store = MemoryEventStore()
    feeds = GameFeeds(store)
    yield GameService(store, feeds, KINDS)
    await feeds.close()
