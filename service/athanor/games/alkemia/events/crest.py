"""The secret CREST Phase (AK-CRS) and the R and E steps after it."""

from __future__ import annotations

from athanor.games.alkemia.content import Content
from athanor.games.alkemia.events.registry import (
    REGISTRY,
    answered,
    ask_all,
    snapshot,
    to_discard,
)
from athanor.games.alkemia.state import JSON, State, player


def glade_fades(state: State) -> None:
    """The Phasing Glade leaves the Field; whoever stands on it goes back to the tile
    it joined (AK-CS-12, AK-Q-36)."""
    glade = state["glade"]
    if glade["pos"] is None:
        return
    for p in state["players"].values():
        if p["pos"] == glade["pos"]:
            p["pos"] = glade["joined"]
    if state["beast"]["pos"] == glade["pos"]:
        state["beast"]["pos"] = glade["joined"]
    del state["field"][glade["pos"]]
    state["glade"] = {"pos": None, "joined": None, "week": glade["week"]}


@REGISTRY.handles("CrestBegan")
def crest_began(state: State, b: JSON) -> None:
    glade_fades(state)  # before C
    state["phase"] = "crest"
    for p in state["players"].values():
        p["sacrificed"], p["paid_depleted"] = [], False
    snapshot(state)
    ask_all(state, "crest")


@REGISTRY.handles_with_content("Sacrificed")
def sacrificed(content: Content, state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    card = b["card"]
    if card == "sprout":
        p["sprout"] = None
    elif card in p["hand"]:
        p["hand"].remove(card)
    else:
        entry = next(c for c in p["inventory"] if c["card"] == card)
        p["inventory"].remove(entry)
        item = content.item(card)
        p["tokens"] -= item.tokens
        state["tokens"] -= item.tokens
    if b["paid"]:
        p["seed"] -= 1
        state["supply_seed"] += 1
        p["paid_depleted"] = True
    p["slots"][b["slot"] - 1]["done"] = True
    p["sacrificed"].append(card)


REGISTRY.handles("CrestFinished")(answered)


@REGISTRY.handles_with_content("CrestRevealed")
def crest_revealed(content: Content, state: State, b: JSON) -> None:
    state["pending"] = None
    state["shown"] = None
    for p in state["players"].values():
        for card in p["sacrificed"]:
            if card == "sprout":
                state["sprouts"] += 1
            elif card.startswith("r-"):
                to_discard(content, state, card)  # AK-CRS-09
            elif not content.item(card).alchemist:
                state["posts"][content.item(card).item_type].append(card)
        p["sacrificed"] = []
    state["phase"] = "crest_done"


@REGISTRY.handles("Evoked")
def evoked(state: State, b: JSON) -> None:
    for seat in b["reaped"]:  # R
        player(state, seat)["sprout"] = "up"
    state["draws"] = []
    for seat in b["unsealed"]:  # E
        player(state, seat)["unsealed"] = True
        state["draws"].append(seat)
    state["phase"] = "evoked"
