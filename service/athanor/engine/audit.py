"""verify: the hash chain holds and re-running every command reproduces the log.

Pure: takes decoded records and (when known) the seed. The seed is the one revealed
in GameEnded, or one the operator supplies for a game still running.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from athanor.engine import game
from athanor.engine.record import Record, canonical, check_chain
from athanor.engine.rules import Rules
from athanor.engine.violations import BadCommand, RuleViolation

CREATE_COMMAND = "CreateGame"
# the header fields of an exported log that its header_hash covers; head_hash is the
# chain hash of the log's last event, so the hash ties the header to the whole log
HEADER_FIELDS = ("game_id", "kind", "rules_version", "version", "head_hash")


@dataclass(frozen=True)
class Report:
    ok: bool
    first_bad_version: int = 0
    reason: str = ""
    events: int = 0
    commands: int = 0
    rerun: bool = False  # commands were re-run (the seed was known)

    def describe(self) -> str:
        if self.ok:
            rerun = "re-ran every command" if self.rerun else "seed unknown: chain only"
            return f"ok: {self.events} events, {self.commands} commands; {rerun}"
        if not self.first_bad_version:
            return f"bad: {self.reason}"
        return f"bad at version {self.first_bad_version}: {self.reason}"


def header_hash(header: dict[str, Any]) -> str:
    """sha256 over the header's covered fields, canonical JSON."""
    return hashlib.sha256(canonical({k: header.get(k) for k in HEADER_FIELDS})).hexdigest()


def check_header(header: dict[str, Any], records: list[Record]) -> Report | None:
    """The header of an exported log against its events; None when they agree.

    The header's version must be the last event's (a file cut at any boundary names
    the first missing version), its head_hash that event's chain hash, and its
    header_hash must cover game_id, kind, rules_version, version and head_hash.
    """
    if not records:
        return Report(False, 1, "the log is empty")
    last = records[-1].version
    try:
        version = int(header.get("version", 0))
    except (TypeError, ValueError):
        return Report(False, 0, "the header's version is not a number")
    if version > last:
        return Report(
            False,
            last + 1,
            f"the file ends at version {last}; version {last + 1} is missing "
            f"(the header says {version})",
        )
    if version < last:
        return Report(False, version + 1, f"the header says the log ends at version {version}")
    if "header_hash" not in header:
        return None  # exported before headers were hashed: the version check is all
    created = records[0].body if records[0].type == game.GAME_CREATED else {}
    if created.get("kind") not in (None, header.get("kind")):
        return Report(False, 0, f"the header's kind is not the {created['kind']} of the log")
    made_as = records[0].command_id.removeprefix("create-")
    # an imported game keeps its log under a new id: then only its header_hash tells
    if (
        records[0].command_id.startswith("create-")
        and made_as != header.get("game_id")
        and header.get("header_hash") != header_hash(header)
    ):
        return Report(False, 0, f"the header's game_id was changed (created as {made_as})")
    if header.get("head_hash") != records[-1].hash:
        return Report(False, last, "the header's head_hash is not the last event's hash")
    if header.get("header_hash") != header_hash(header):
        fields = ", ".join(HEADER_FIELDS[:3])
        return Report(False, 0, f"the header was edited: its hash does not cover its {fields}")
    return None


def batches(records: list[Record]) -> list[list[Record]]:
    """Split a log into the runs of records each command produced."""
    out: list[list[Record]] = []
    for rec in records:
        if rec.command is not None or not out:
            out.append([rec])
        else:
            out[-1].append(rec)
    return out


def verify(rules: Rules, records: list[Record], seed: bytes | None = None) -> Report:
    if not records:
        return Report(False, 1, "the log is empty")
    bad = check_chain(records)
    if bad:
        return Report(False, bad, "hash chain broken", len(records))
    groups = batches(records)
    if seed is None:
        seed = _revealed_seed(records)
    if seed is None:
        return Report(True, events=len(records), commands=len(groups))
    first = records[0]
    if first.type != game.GAME_CREATED:
        return Report(False, 1, f"the first event is {first.type}, not {game.GAME_CREATED}")
    if first.body.get("seed_commitment") != game.seed_commitment(seed):
        return Report(False, 1, "the seed does not match the commitment in the first event")
    state: game.GameState | None = None
    for group in groups:
        head = group[0]
        cmd = head.command or {}
        try:
            if state is None:
                if cmd.get("type") != CREATE_COMMAND:
                    return Report(False, head.version, "the log does not start with CreateGame")
                events, _ = game.create(
                    rules,
                    dict(cmd.get("options", {})),
                    int(cmd.get("seats", 0)),
                    seed,
                    # an open game's creation records its table ({"open", "listed"})
                    table=cmd.get("table"),
                )
            else:
                events, _ = game.decide(rules, state, cmd, head.seat, seed)
            stored = [game.upcast(rules, r) for r in group]
        except (RuleViolation, BadCommand) as err:
            return Report(False, head.version, f"the recorded command is refused on re-run: {err}")
        except Exception as err:  # a log bad enough to break the rules is still a verdict
            # the type only: an exception's text is no verdict and may name a secret
            why = type(err).__name__
            return Report(False, head.version, f"the batch cannot be re-run ({why})")
        for i in range(max(len(events), len(stored))):
            version = head.version + i
            if i >= len(events) or i >= len(stored):
                return Report(False, version, "re-run yields a different number of events")
            ev, rec = events[i], stored[i]
            schema = game.schemas(rules).get(ev.type, 1)
            same = (ev.type, schema, ev.body, ev.visibility, ev.redacted) == (
                rec.type,
                rec.schema,
                rec.body,
                rec.visibility,
                rec.redacted,
            )
            if not same:
                return Report(False, version, f"re-run yields a different {ev.type} event")
        try:
            state = game.fold(rules, group, state)
        except Exception as err:
            why = type(err).__name__
            return Report(False, head.version, f"the batch cannot be folded ({why})")
    return Report(True, events=len(records), commands=len(groups), rerun=True)


def _revealed_seed(records: list[Record]) -> bytes | None:
    last = records[-1]
    if last.type == game.GAME_ENDED and last.body.get("seed"):
        try:
            return bytes.fromhex(last.body["seed"])
        except ValueError:
            return None
    return None
