"""Stored records brought to the current schema of their event type, one step at a
time: the engine's own events by the engine, the rest by the game's upcasters."""

from __future__ import annotations

from athanor.engine.record import Record
from athanor.engine.rules import Rules, Upcaster
from athanor.engine.state import ENGINE_EVENTS, GAME_CREATED, replaced


def _schema_of(rules: Rules, event_type: str) -> int:
    if event_type in ENGINE_EVENTS:
        return ENGINE_EVENTS[event_type]
    return int(rules.event_schemas.get(event_type, 1))


def upcast(rules: Rules, record: Record) -> Record:
    """Bring a stored record's body to the current schema of its type."""
    current = _schema_of(rules, record.type)
    if record.schema == current:  # the common case, kept cheap: replay runs it per event
        return record
    schema, body = record.schema, record.body
    if schema > current:
        raise ValueError(f"{record.type} schema {schema} is newer than these rules ({current})")
    while schema < current:
        step = _engine_upcaster(rules, record.type, schema) or rules.upcasters.get(
            (record.type, schema)
        )
        if step is None:
            raise ValueError(f"no upcaster for {record.type} schema {schema}")
        body, schema = step(body), schema + 1
    if schema == record.schema:
        return record
    return replaced(record, body=body, schema=schema)


def _engine_upcaster(rules: Rules, event_type: str, schema: int) -> Upcaster | None:
    if event_type == GAME_CREATED and schema == 1:
        ref = rules.pack.ref() if rules.pack is not None else None
        return lambda body: {**body, "pack": ref} if ref else body
    return None
