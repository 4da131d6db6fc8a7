"""Apothebakery's event handlers: modules register with `@handles("Type")`; a handler
mutates the state it is given, which `evolve` has already copied.

A few handlers read the pack (the inventory size, the final round, a species'
Iridescent Forrie): they register with `@handles_with_content` and are given the rules
object's `Cards` first. `REGISTRY.bind(cards)` makes the handler table for one rules
object, so folding never reaches for a process-wide pack.
"""

from __future__ import annotations

from athanor.engine.handlers import Registry

REGISTRY = Registry("apothebakery")
handles = REGISTRY.handles
handles_with_content = REGISTRY.handles_with_content
