"""Alchemists' events: how each one folds into the state.

Shared body keys, applied by `_common` for every event that has them:
- "gold" / "reputation": {seat: new value} (public consequences of an action);
- "turn": true when the event ends the action turn at the head of the queue.
Mixing events carry "ingredients": [a, b] and "result" (the operator's log always has
both; who sees them is the event's visibility, see the deciders). These are the full
game's handlers; the card reader folds its own (reader_events.py).
"""

from __future__ import annotations

from typing import Any

from athanor.engine import decisions, decks
from athanor.engine.handlers import Registry
from athanor.games.alchemists.alchemicals import ALCHEMICAL_NAMES, INGREDIENTS, assignment_of
from athanor.games.alchemists.state import Player, State, player

REGISTRY = Registry("alchemists")
on = REGISTRY.handles
Body = dict[str, Any]


def answered(state: State, body: Body, **last: Any) -> None:
    """One more mixing answer given; the table shows the last public one."""
    state["answers"] += 1
    state["last"] = {"seat": body["seat"], **last}


def _common(state: State, body: Body) -> None:
    if body.get("favors"):
        _spend(state, body["seat"], body["favors"])
    for key in ("gold", "reputation"):
        for seat, value in body.get(key, {}).items():
            state["players"][seat][key] = value  # type: ignore[literal-required]
    if body.get("turn"):
        del state["queue"][0]


def _hand_out(p: Player, cards: list[str]) -> None:
    for c in cards:
        p["hand"].remove(c)


def set_code(state: State, code: str) -> None:
    state["code"] = code
    assignment = assignment_of(code)
    state["assignment"] = {
        ing: ALCHEMICAL_NAMES[a] for ing, a in zip(INGREDIENTS, assignment, strict=True)
    }


@on("AssignmentDrawn")
def _drawn(state: State, body: Body) -> None:
    set_code(state, body["code"])


def _mixed_cards(state: State, body: Body) -> None:
    """The cards of a mix leave the hand: discarded, kept (Magic Mortar) or set aside."""
    p = player(state, body["seat"])
    _hand_out(p, body["ingredients"])
    kept = body.get("kept")
    gone = list(body["ingredients"])
    if kept:
        gone.remove(kept)
        p["hand"].append(kept)
        p["hand"].sort()
    if body.get("set_aside"):
        p["set_aside"] += gone
    else:
        state["discard"] += gone


def _fact(state: State, seats: list[str], fact: dict[str, Any]) -> None:
    for seat in seats:
        state["players"][seat]["facts"].append(fact)


@on("Mixed")
def _mixed(state: State, body: Body) -> None:
    answered(state, body, action=body["action"], result=body["result"])
    _common(state, body)
    _mixed_cards(state, body)
    p = player(state, body["seat"])
    p["potions"].append(body["result"])
    _fact(state, [str(body["seat"])], _mix_fact(body))
    if body.get("student_sick"):
        state["student_sick"] = True
    if body.get("effect"):
        p["sick"].append(body["result"])
        if body["result"] == "G-":
            p["paralyzed"] = True
            state["paralysis"].append(body["seat"])
        if body["result"] == "R-":
            p["hospital"] += 1


def _mix_fact(body: Body) -> dict[str, Any]:
    return {"kind": "mix", "ingredients": list(body["ingredients"]), "result": body["result"]}


@on("Sold")
def _sold(state: State, body: Body) -> None:
    answered(state, body, action="sell", quality=body["quality"])
    _common(state, body)
    _mixed_cards(state, body)
    sale = state["sale"]
    assert sale is not None
    if body["wanted"] not in sale["blocked"]:
        sale["blocked"].append(body["wanted"])
    sale["sold"] += 1


@on("SaleNoted")
def _sale_noted(state: State, body: Body) -> None:
    fact = {
        "kind": "sell",
        "ingredients": list(body["ingredients"]),
        "wanted": body["wanted"],
        "quality": body["quality"],
    }
    _fact(state, [str(body["seat"])], fact)


@on("Exhibited")
def _exhibited(state: State, body: Body) -> None:
    answered(state, body, action="exhibit", success=body["success"])
    _common(state, body)
    _mixed_cards(state, body)
    p = player(state, body["seat"])
    if body["success"]:
        p["exhibited"].append(body["potion"])
        if body["potion"] not in state["exhibited_first"]:
            state["exhibited_first"].append(body["potion"])
    if body.get("mastery"):
        p["mastery"].append(body["mastery"])


@on("ExhibitNoted")
def _exhibit_noted(state: State, body: Body) -> None:
    fact = {
        "kind": "exhibit",
        "ingredients": list(body["ingredients"]),
        "potion": body["potion"],
        "success": body["success"],
    }
    _fact(state, [str(body["seat"])], fact)


def _debunked(state: State, body: Body) -> None:
    """Theories debunked (AL-DBK-07/09): token and seals leave the board."""
    for ing in body.get("debunked", []):
        for other in state["theories"][ing]["conflicts"]:
            if other in state["theories"]:
                state["theories"][other]["conflicts"].remove(ing)
        del state["theories"][ing]


@on("SignRevealed")
def _sign(state: State, body: Body) -> None:
    answered(state, body, action="debunk", sign=body["sign"])
    _common(state, body)
    fact = {
        "kind": "sign",
        "ingredient": body["ingredient"],
        "colour": body["colour"],
        "sign": body["sign"],
    }
    _fact(state, list(state["players"]), fact)
    _debunked(state, body)


@on("MasterMixed")
def _master(state: State, body: Body) -> None:
    answered(state, body, action="debunk", result=body["result"])
    _common(state, body)
    _fact(state, list(state["players"]), _mix_fact(body))
    if body.get("conflict"):
        a, b = body["ingredients"]
        state["theories"][a]["conflicts"].append(b)
        state["theories"][b]["conflicts"].append(a)
        state["conflicts_seen"].append(sorted([a, b]))
    _debunked(state, body)


# ---------------------------------------------------------------- setup and decks


@on("DecksReady")
def _decks(state: State, body: Body) -> None:
    state["deck"] = list(body["deck"])
    state["favor_deck"] = list(body["favor_deck"])
    state["adventurers"] = list(body["adventurers"])
    state["removed_adventurer"] = list(body["removed"])
    state["artifact_box"] = list(body["box"])


@on("ArtifactsLaid")
def _artifacts(state: State, body: Body) -> None:
    state["artifact_row"] = list(body["row"])
    state["artifact_later"] = {k: list(v) for k, v in body["later"].items()}


@on("PileShuffled")
def _shuffled(state: State, body: Body) -> None:
    if body["pile"] == "ingredients":
        decks.apply_reshuffle(state["deck"], state["discard"], body["deck"])
    else:
        decks.apply_reshuffle(state["favor_deck"], state["favor_discard"], body["deck"])


@on("IngredientsDrawn")
def _ingredients(state: State, body: Body) -> None:
    decks.apply_draw_any_order(state["deck"], body["cards"])  # the body lists them sorted
    p = player(state, body["seat"])
    p["hand"] = sorted(p["hand"] + body["cards"])


@on("FavorsDrawn")
def _favors(state: State, body: Body) -> None:
    decks.apply_draw_any_order(state["favor_deck"], body["cards"])
    p = player(state, body["seat"])
    if body["why"] == "setup":
        p["drawn_favors"] = sorted(body["cards"])
        return
    for card in body["cards"]:
        if card == "herbalist":  # played as soon as it is drawn (AL-FAV-06)
            state["favor_discard"].append(card)
            state["herbalists"].append(body["seat"])
        else:
            p["favors"] = sorted(p["favors"] + [card])


@on("FavorKept")
def _kept(state: State, body: Body) -> None:
    p = player(state, body["seat"])
    p["drawn_favors"] = []
    state["favor_discard"].append(body["discarded"])
    if body["favor"] == "herbalist":  # resolves once every starting favor is chosen
        state["favor_discard"].append(body["favor"])
        state["herbalists"].append(body["seat"])
    else:
        p["favors"] = sorted(p["favors"] + [body["favor"]])


@on("HerbalistPlayed")
def _herbalist(state: State, body: Body) -> None:
    del state["herbalists"][0]
    state["herbal_discard"] = body["seat"]


@on("HerbalistDiscarded")
def _herbal_discard(state: State, body: Body) -> None:
    _hand_out(player(state, body["seat"]), body["ingredients"])
    state["discard"] += body["ingredients"]
    state["herbal_discard"] = 0


def _spend(state: State, seat: int, cards: list[str]) -> None:
    """Played favor cards go to the favor discard pile (AL-FAV-01)."""
    p = player(state, seat)
    for card in cards:
        p["favors"].remove(card)
        state["favor_discard"].append(card)


@on("FavorPlayed")
def _played(state: State, body: Body) -> None:
    _spend(state, body["seat"], [body["favor"]])
    if body["favor"] == "assistant":
        player(state, body["seat"])["cubes"] = body["cubes"]
    else:
        state["associates"].setdefault(body["space"], []).append(body["seat"])


@on("FavorsOffered")
def _offered(state: State, body: Body) -> None:
    state["phase"] = "favors"


@on("AdventurerRevealed")
def _adventurer(state: State, body: Body) -> None:
    state["adventurer"] = None
    if body.get("next"):
        decks.apply_draw(state["adventurers"], [body["adventurer"]])
        state["adventurer"] = body["adventurer"]


@on("RowDealt")
def _row(state: State, body: Body) -> None:
    decks.apply_draw(state["deck"], body["row"])
    state["row"] = list(body["row"])


@on("RowDiscarded")
def _row_gone(state: State, body: Body) -> None:
    state["discard"] += state["row"]
    state["row"] = []


@on("StartPlayer")
def _start(state: State, body: Body) -> None:
    state["start_player"] = body["seat"]


# ---------------------------------------------------------------- the round


@on("RoundStarted")
def _round(state: State, body: Body) -> None:
    state["round"] = body["round"]
    state["phase"] = "order"
    state["choosers"] = list(body["choosers"])
    state["track"] = {}
    state["student_sick"] = False
    state["sale"] = None
    state["declared"] = {}
    state["associates"] = {}
    for seat, p in state["players"].items():
        p["cubes"] = body["cubes"][seat]
        p["unused"] = body["unused"][seat]
        p["held"] = body["held"][seat]
        p["hospital"] = 0
        p["sick"] = []
        p["periscope_used"] = False


@on("OrderChosen")
def _order(state: State, body: Body) -> None:
    _common(state, body)
    state["track"][body["space"]] = body["seat"]
    state["choosers"].remove(body["seat"])


@on("DeclarationOpened")
def _declaring(state: State, body: Body) -> None:
    state["phase"] = "declare"
    state["play_order"] = list(body["play_order"])
    state["declarers"] = list(body["declarers"])
    state["paralysis"] = []
    for p in state["players"].values():
        p["paralyzed"] = False


@on("ActionsDeclared")
def _declared(state: State, body: Body) -> None:
    _spend(state, body["seat"], ["custodian"] * body["actions"].get("custodian", 0))
    state["declared"][str(body["seat"])] = dict(body["actions"])
    state["declarers"].remove(body["seat"])
    player(state, body["seat"])["unused"] += body["unused"]


@on("ResolutionOpened")
def _resolving(state: State, body: Body) -> None:
    state["phase"] = "resolve"
    state["queue"] = [list(q) for q in body["queue"]]


@on("ActionDeclined")
def _declined(state: State, body: Body) -> None:
    _common(state, body)
    player(state, body["seat"])["unused"] += body["cubes"]


@on("Foraged")
def _foraged(state: State, body: Body) -> None:
    _common(state, body)
    if body["take"] != "deck":
        state["row"].remove(body["take"])
        p = player(state, body["seat"])
        p["hand"] = sorted(p["hand"] + [body["take"]])


@on("Transmuted")
def _transmuted(state: State, body: Body) -> None:
    _common(state, body)
    player(state, body["seat"])["hand"].remove(body["ingredient"])
    state["discard"].append(body["ingredient"])


@on("ArtifactBought")
def _bought(state: State, body: Body) -> None:
    _common(state, body)
    state["artifact_row"].remove(body["artifact"])
    player(state, body["seat"])["artifacts"].append(body["artifact"])


@on("SaleOpened")
def _sale(state: State, body: Body) -> None:
    state["phase"] = "bid"
    bidding = decisions.ask("bid", list(body["sellers"]), decisions.SIMULTANEOUS)
    state["sale"] = {"bidding": bidding, "order": [], "blocked": [], "sold": 0}


@on("BidPlaced")
def _bid(state: State, body: Body) -> None:
    sale = state["sale"]
    assert sale is not None
    decisions.apply_answer(sale["bidding"], body["seat"], body["discount"])


@on("BidsRevealed")
def _bids(state: State, body: Body) -> None:
    sale = state["sale"]
    assert sale is not None
    sale["order"] = list(body["order"])
    for seat, n in body["refused"].items():
        state["players"][seat]["unused"] += n
    state["phase"] = "resolve"
    rest = [q for q in state["queue"] if q[0] != "sell"]
    sells = [["sell", seat, 1] for seat in body["order"]]
    state["queue"] = sells + rest


@on("TheoryPublished")
def _published(state: State, body: Body) -> None:
    _common(state, body)
    p = player(state, body["seat"])
    p["seals"][body["seal"]] -= 1
    state["grant_check"] = body["seat"]
    state["theories"][body["ingredient"]] = {
        "alchemical": body["alchemical"],
        "seals": [{"seat": body["seat"], "seal": body["seal"], "revealed": False}],
        "conflicts": [],
    }


@on("TheoryEndorsed")
def _endorsed(state: State, body: Body) -> None:
    _common(state, body)
    player(state, body["seat"])["seals"][body["seal"]] -= 1
    state["grant_check"] = body["seat"]
    state["theories"][body["ingredient"]]["seals"].append(
        {"seat": body["seat"], "seal": body["seal"], "revealed": False}
    )


@on("GrantsChecked")
def _checked(state: State, body: Body) -> None:
    state["grant_check"] = 0


@on("GrantClaimed")
def _grant(state: State, body: Body) -> None:
    _common(state, body)
    state["grants"].remove(body["grant"])
    player(state, body["seat"])["grants"].append(body["grant"])


@on("PeriscopeSeen")
def _periscope(state: State, body: Body) -> None:
    p = player(state, body["seat"])
    p["periscope_used"] = True
    if "result" in body:  # a sale's result stays unknown: no fact
        p["facts"].append(
            {"kind": "one_of", "ingredient": body["ingredient"], "result": body["result"]}
        )


# ---------------------------------------------------------------- end of round, end


@on("ConferenceHeld")
def _conference(state: State, body: Body) -> None:
    _common(state, body)
    state["artifact_box"] += state["artifact_row"]
    state["artifact_row"] = list(body["row"])
    state["artifact_later"].pop(body["deck"], None)
    state["end_step"] = 2


@on("TopAlchemist")
def _top(state: State, body: Body) -> None:
    _common(state, body)
    state["end_step"] = 3


@on("CubesCounted")
def _cubes(state: State, body: Body) -> None:
    state["end_step"] = 4


@on("HospitalReleased")
def _hospital(state: State, body: Body) -> None:
    for seat, n in body["held"].items():
        state["players"][seat]["held"] = n
    state["end_step"] = 5


@on("RoundEnded")
def _ended(state: State, body: Body) -> None:
    state["start_player"] = body["start_player"]
    state["end_step"] = 0
    state["phase"] = "between"


@on("EndStarted")
def _end(state: State, body: Body) -> None:
    state["phase"] = "end"
    state["end_step"] = 1 if body["conference"] else 2
    state["queue"] = []
    state["sale"] = None


@on("GameScored")
def _scored(state: State, body: Body) -> None:
    state["phase"] = "over"
    state["scores"] = body["scores"]
    state["winners"] = list(body["winners"])
    for theory in state["theories"].values():
        for s in theory["seals"]:
            s["revealed"] = True
