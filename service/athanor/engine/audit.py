"""verify: the hash chain holds and re-running every command reproduces the log.

Pure: takes decoded records and (when known) the seed. The seed is the one revealed
in GameEnded, or one the operator supplies for a game still running.
"""

from __future__ import annotations

from dataclasses import dataclass

from athanor.engine import game
from athanor.engine.record import Record, check_chain
from athanor.engine.rules import Rules
from athanor.engine.violations import BadCommand, RuleViolation

CREATE_COMMAND = "CreateGame"


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
        return f"bad at version {self.first_bad_version}: {self.reason}"


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
                    rules, dict(cmd.get("options", {})), int(cmd.get("seats", 0)), seed
                )
            else:
                events, _ = game.decide(rules, state, cmd, head.seat, seed)
            stored = [game.upcast(rules, r) for r in group]
        except (RuleViolation, BadCommand) as err:
            return Report(False, head.version, f"the recorded command is refused on re-run: {err}")
        except Exception as err:  # a log bad enough to break the rules is still a verdict
            return Report(False, head.version, f"the batch cannot be re-run: {err}")
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
            return Report(False, head.version, f"the batch cannot be folded: {err}")
    return Report(True, events=len(records), commands=len(groups), rerun=True)


def _revealed_seed(records: list[Record]) -> bytes | None:
    last = records[-1]
    if last.type == game.GAME_ENDED and last.body.get("seed"):
        try:
            return bytes.fromhex(last.body["seed"])
        except ValueError:
            return None
    return None
