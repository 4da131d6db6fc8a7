"""Apothebakery's event handlers: modules register with `@handles("Type")`; a handler
mutates the state it is given, which `evolve` has already copied."""

from __future__ import annotations

from athanor.engine.handlers import Handlers

REGISTRY = Handlers("apothebakery")
HANDLERS = REGISTRY.by_type
handles = REGISTRY.handles
