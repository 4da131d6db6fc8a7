"""End-game scoring: the Scoring Card, penalties, objectives, the winner (AB-END, AB-TIE)."""

from __future__ import annotations

from collections import Counter
from typing import Any, NotRequired, TypedDict

from athanor.engine import Event, Outcome
from athanor.games.apothebakery import conditions, corruption
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import (
    FAILED,
    RAINBOW,
    SPECTRAL,
    CorruptionScore,
    SeatScore,
    State,
    player,
    seat_numbers,
    token_kind,
    token_type,
)
from athanor.games.apothebakery.steps import step


def type_counts(cards: Cards, state: State, seat: int) -> Counter[str]:
    """Printed elixirs on collected Cure cards plus Pure/Impure/Rainbow held (AB-END-02,
    AB-END-04, AB-Q-21)."""
    p = player(state, seat)
    counts: Counter[str] = Counter()
    for cure in p["cures"]:
        counts.update(cards.cure(cure).elixirs)
    for t in p["inventory"]:
        if token_kind(t) in ("pure", "impure"):
            counts[token_type(t)] += 1
        elif t == RAINBOW:
            counts[RAINBOW] += 1
    return counts


CORRUPTION = 0  # Corruption's place in the comparisons: no seat has number 0


def corruption_counts(cards: Cards, state: State) -> Counter[str]:
    """Corruption competes with the elixirs printed on its Cure cards only (AB-Q-44)."""
    counts: Counter[str] = Counter()
    for cure in state["corruption"]["cures"]:
        counts.update(cards.cure(cure).elixirs)
    return counts


def penalties(cards: Cards, tokens: list[str]) -> tuple[int, int]:
    """The end-game points Failed Elixirs and Spectral Vials among `tokens` cost, each
    as a negative number (AB-END-06, AB-END-07). Previews say it too."""
    rules = cards.settings().scoring
    return (
        -rules.failed_penalty * tokens.count(FAILED),
        -rules.spectral_penalty * tokens.count(SPECTRAL),
    )


def tally(cards: Cards, state: State) -> dict[str, Any]:
    rules = cards.settings().scoring
    seats = list(seat_numbers(state))
    counts = {s: type_counts(cards, state, s) for s in seats}
    rivals = list(seats)
    if corruption.active(state):
        counts[CORRUPTION] = corruption_counts(cards, state)
        rivals.append(CORRUPTION)
    out: dict[str, Any] = {}
    for s in rivals:
        out[str(s)] = {"categories": [], "brewed": 0}
    for category in rules.categories:  # every tied leader gains it; a 0 maximum: nobody
        best = max(counts[s][category] for s in rivals)
        for s in rivals:
            if best > 0 and counts[s][category] == best:
                out[str(s)]["categories"].append(category)
    brewed = {s: sum(counts[s].values()) for s in rivals}
    most = max(brewed.values())
    if corruption.active(state):
        c = out.pop(str(CORRUPTION))
        c["brewed"] = rules.most_brewed_bonus if most > 0 and brewed[CORRUPTION] == most else 0
        won = rules.category_bonus * len(c["categories"]) + c["brewed"]
        vials = corruption.score_events(cards, state)
        dial = state["corruption"]["score"]
        out["corruption"] = {
            **c,
            "dial": dial,
            "bonuses": -won,
            **vials,
            "total": dial - won - vials["vial_points"],  # never above 0 (AB-COR-01)
        }
    for s in seats:
        out[str(s)]["reputation"] = player(state, s)["reputation"]
    for s in seats:
        entry = out[str(s)]
        p = player(state, s)
        entry["brewed"] = rules.most_brewed_bonus if most > 0 and brewed[s] == most else 0
        entry["failed"], entry["spectral"] = penalties(cards, p["inventory"])
        before = (
            entry["reputation"]
            + rules.category_bonus * len(entry["categories"])
            + entry["brewed"]
            + entry["failed"]
            + entry["spectral"]
        )
        facts = conditions.PlayerFacts(
            heals=p["heals"],
            cures=tuple(p["cures"]),
            diagnoses=tuple(p["diagnoses"]),
            inventory=tuple(
                conditions.InventoryToken(token_kind(t), token_type(t) or None)
                for t in p["inventory"]
            ),
            mana=p["mana"],
            reputation=before,
            spells_cast=p.get("spells_cast", 0),
        )
        objectives = []
        for oid in p["objectives"]:
            card = cards.objective(oid)
            met = conditions.objective_met(cards.content, card, facts)
            objectives.append({"id": oid, "met": met, "bonus": card.bonus if met else 0})
        entry["objectives"] = objectives
        entry["total"] = before + sum(o["bonus"] for o in objectives)
        entry["mana"] = p["mana"]
    return out


def advance(cards: Cards, state: State) -> list[Event]:
    if state["step"] != "tally":
        return []
    scores = tally(cards, state)
    body: dict[str, Any] = {"seats": {k: v for k, v in scores.items() if k != "corruption"}}
    if "corruption" in scores:
        body["corruption"] = scores["corruption"]
    return [Event("GameScored", body), step("over", "over", None)]


class GameScored(TypedDict):
    seats: dict[str, SeatScore]
    corruption: NotRequired[CorruptionScore]


@handles("GameScored")
def _scored(state: State, body: GameScored) -> None:
    for seat, entry in body["seats"].items():
        state["players"][seat]["scored"] = entry
        state["players"][seat]["reputation"] = entry["total"]
    if "corruption" in body:
        state["corruption"]["scored"] = body["corruption"]


def outcome(state: State) -> Outcome | None:
    if state["phase"] != "over":
        return None
    seats = list(seat_numbers(state))
    totals = {s: player(state, s)["reputation"] for s in seats}
    best = max(totals.values())
    leaders = [s for s in seats if totals[s] == best]
    most_mana = max(player(state, s)["mana"] for s in leaders)  # AB-TIE-01, AB-TIE-02
    winners = tuple(s for s in leaders if player(state, s)["mana"] == most_mana)
    if corruption.active(state):
        # beat Corruption: at least the size of its negative score (AB-COR-12, AB-Q-45,
        # AB-Q-52); otherwise Corruption wins and no seat does
        against = -state["corruption"]["scored"]["total"]
        winners = tuple(s for s in winners if totals[s] >= against)
    return Outcome(totals, winners)
