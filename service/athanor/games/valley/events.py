"""The Valley's event handlers (the engine's registry)."""

from __future__ import annotations

from athanor.engine.handlers import Handlers

REGISTRY = Handlers("valley")
handles = REGISTRY.handles
