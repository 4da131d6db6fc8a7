"""The CREST Phase (AK-CRP, AK-CRS, AK-ART) and the end of the game (AK-WIN).

Step C (sacrifices) is one secret simultaneous decision; when every seat has finished
it the sacrifices are revealed and a finished Crest ends the game (AK-Q-28). R (Sprouts
flip) and E (Artifacts unseal, the 4th tile drawn) follow for everyone; step S (Reagents
for SEED, and the hand limit) is a second secret simultaneous decision; T refreshes the
depleted Items and the week ends.
"""

from __future__ import annotations

from athanor.engine import Event, RuleViolation
from athanor.engine.decisions import answer_visibility, awaits
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.state import JSON, Player, State, listed, player

SPROUT = "sprout"


def awaited(state: State, seat: int, phase: str) -> bool:
    pending = state["pending"]
    return state["phase"] == phase and pending is not None and awaits(pending, seat)


def tile_need(tile: str) -> tuple[str, str]:
    shape, kind, _ = tile.split(":")
    return shape, kind


def sacrifice_commands(content: Content, state: State, seat: int) -> list[JSON]:
    if not awaited(state, seat, "crest"):
        return []
    p = player(state, seat)
    out: list[JSON] = []
    for n, slot in enumerate(p["slots"], start=1):
        if slot["tile"] is None or slot["done"]:
            continue
        shape, kind = tile_need(slot["tile"])
        if shape == "square":  # AK-CRS-02, AK-CRS-11
            out += [
                {"type": "Sacrifice", "slot": n, "card": c}
                for c in p["hand"]
                if kind in content.reagent(c).types
            ]
            if p["sprout"] == "up":
                out.append({"type": "Sacrifice", "slot": n, "card": SPROUT})
        else:  # AK-CRS-03, AK-CRS-07, AK-CRS-08, AK-Q-45
            for c in p["inventory"]:
                if not c["made"] or content.item(c["card"]).item_type != kind:
                    continue
                if c["depleted"] and (p["paid_depleted"] or p["seed"] < 1):
                    continue
                out.append({"type": "Sacrifice", "slot": n, "card": c["card"]})
    return out


def sacrifice(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    if not awaited(state, seat, "crest"):
        raise RuleViolation("NOT_CREST", "sacrifices are made in the C step", "AK-CRS-05")
    if not listed(command, sacrifice_commands(content, state, seat)):
        raise RuleViolation(
            "DOES_NOT_SATISFY",
            "sacrifice one card of the revealed ingredient's type (a depleted Item costs "
            "1 SEED, one per phase)",
            "AK-CRS-04",
        )
    p = player(state, seat)
    card = command["card"]
    entry = next((c for c in p["inventory"] if c["card"] == card), None)
    paid = bool(entry and entry["depleted"])
    body = {"seat": seat, "slot": command["slot"], "card": card, "paid": paid}
    return [Event("Sacrificed", body, answer_visibility(state["pending"], seat), {"seat": seat})]


def finish_crest(state: State, seat: int) -> list[Event]:
    if not awaited(state, seat, "crest"):
        raise RuleViolation("NOT_CREST", "you have finished the C step", "AK-CRP-02")
    return [Event("CrestFinished", {"seat": seat})]


def seed_commands(content: Content, state: State, seat: int) -> list[JSON]:
    if not awaited(state, seat, "seed"):
        return []
    p = player(state, seat)
    limit = content.settings.hand_limit
    out: list[JSON] = [] if len(p["hand"]) > limit else [{"type": "FinishWeek"}]
    if p["seed"] < p["forge"] and state["supply_seed"] > 0:  # AK-CRP-06
        out += [{"type": "ConvertToSeed", "card": c} for c in p["hand"]]
    if len(p["hand"]) > limit:  # AK-INV-04, AK-Q-50
        out += [{"type": "DiscardExcess", "card": c} for c in p["hand"]]
    return out


def seed_step(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    if not listed(command, seed_commands(content, state, seat)):
        if awaited(state, seat, "seed") and command["type"] == "FinishWeek":
            raise RuleViolation(
                "HAND_LIMIT", "discard down to 10 Reagents before the week ends", "AK-INV-04"
            )
        raise RuleViolation(
            "NOT_SEED_STEP",
            "in the S step discard a Reagent for 1 SEED while your Forge has room",
            "AK-CRP-06",
        )
    if command["type"] == "FinishWeek":
        return [Event("WeekFinished", {"seat": seat})]
    body = {"seat": seat, "card": command["card"], "seed": command["type"] == "ConvertToSeed"}
    return [
        Event("ReagentDiscarded", body, answer_visibility(state["pending"], seat), {"seat": seat})
    ]


# ---------------------------------------------------------------- winning


def complete(p: Player) -> bool:
    """AK-WIN-01: Artifact unsealed and all 6 ingredients revealed and satisfied."""
    return p["unsealed"] and all(s["tile"] is not None and s["done"] for s in p["slots"])


def tiebreak(content: Content, p: Player) -> int:
    """AK-WIN-03/04, AK-Q-29: 1 per Reagent, 1 per SEED, 5 per made Item, 6 for the made
    Aspiration Item (instead of 5); recipes score nothing."""
    points = len(p["hand"]) + p["seed"]
    for c in p["inventory"]:
        if c["card"].startswith("r-"):
            points += 1  # a Reagent in the inventory (the Water Spirit)
        elif c["made"]:
            points += 6 if content.item(c["card"]).alchemist else 5
    return points


def result(content: Content, state: State, contenders: list[int], reason: str) -> JSON:
    scores = {str(s): tiebreak(content, player(state, s)) for s in state["order_all"]}
    best = max(scores[str(s)] for s in contenders)
    winners = [s for s in contenders if scores[str(s)] == best]  # AK-Q-30: ties share
    return {"winners": sorted(winners), "scores": scores, "reason": reason}
