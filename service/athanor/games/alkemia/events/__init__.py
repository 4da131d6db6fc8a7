"""How each event changes Alkemia's state: one handler per event type, registered by
topic on the one `REGISTRY`. Importing this package imports every topic module, so the
registry is complete before a Rules object binds it to its content."""

from __future__ import annotations

from athanor.games.alkemia.events import (  # noqa: F401  (each registers its handlers)
    alchemy,
    barter,
    beast,
    build,
    crest,
    field,
    items,
    sites,
    week,
)
from athanor.games.alkemia.events.registry import REGISTRY

__all__ = ["REGISTRY"]
