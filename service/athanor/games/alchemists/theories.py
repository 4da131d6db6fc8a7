"""The theory board: publishing, endorsing, grants and debunking (AL-PUB, AL-SEAL,
AL-END, AL-GRT, AL-DBK). A seal's kind is seen only by its owner until a debunk or the
final revelation turns it up."""

from __future__ import annotations

from typing import Any

from athanor.engine import BadCommand, Event, RuleViolation
from athanor.engine.events import PUBLIC, only_seats
from athanor.games.alchemists import mixing, names
from athanor.games.alchemists.alchemicals import (
    ALCHEMICAL_NAMES,
    MIX,
    potion_sign,
    sign,
)
from athanor.games.alchemists.content import SEALS, Content
from athanor.games.alchemists.scoring import reputations
from athanor.games.alchemists.spaces import turn_of
from athanor.games.alchemists.state import State, player

Command = dict[str, Any]


def _seal(command: Command) -> str:
    seal = command.get("seal", "")
    if seal not in SEALS:
        raise BadCommand(f"seal is one of {', '.join(SEALS)} (AL-Q-23)")
    return str(seal)


def free_tokens(state: State) -> list[str]:
    used = {t["alchemical"] for t in state["theories"].values()}
    return [a for a in ALCHEMICAL_NAMES if a not in used]


def publish_cost(state: State, seat: int) -> int:
    return 0 if "printing-press" in player(state, seat)["artifacts"] else 1  # AL-ART-08


def endorse_cost(state: State, ingredient: str) -> int:
    return 1 + len(state["theories"][ingredient]["seals"])  # AL-END-02


def publish(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    turn_of(state, seat, "publish")
    ing = mixing.ingredient(command)
    token = mixing.alchemical(command)
    seal = _seal(command)
    p = player(state, seat)
    if ing in state["theories"]:
        raise RuleViolation(
            "HAS_THEORY", f"{names.ingredient(ing)} already has a theory", "AL-PUB-04"
        )
    if token not in free_tokens(state):
        raise RuleViolation(
            "TOKEN_USED", f"the {token} token already lies on another ingredient", "AL-PUB-04"
        )
    if p["seals"].get(seal, 0) < 1:
        raise RuleViolation("NO_SEAL", f"you have no {names.seal(seal)} left", "AL-PUB-05")
    cost = publish_cost(state, seat)
    if p["gold"] < cost:
        raise RuleViolation(
            "NO_GOLD", f"publishing costs {cost} gold and you have {p['gold']}", "AL-PUB-05"
        )
    gain = 1 + (2 if "seal-of-authority" in p["artifacts"] else 0)  # AL-PUB-03, AL-ART-10
    public = {
        "seat": seat,
        "ingredient": ing,
        "alchemical": token,
        "gold": {str(seat): p["gold"] - cost},
        "reputation": reputations(state, {seat: gain}),
        "turn": True,
    }
    event = Event("TheoryPublished", {**public, "seal": seal}, only_seats(seat), public)
    return [event]


def endorse(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    turn_of(state, seat, "publish")
    ing = mixing.ingredient(command)
    seal = _seal(command)
    theory = state["theories"].get(ing)
    p = player(state, seat)
    if theory is None:
        raise RuleViolation(
            "NO_THEORY", f"{names.ingredient(ing)} has no theory to endorse", "AL-END-01"
        )
    if any(s["seat"] == seat for s in theory["seals"]):
        raise RuleViolation("SEALED", "your seal is already on that theory", "AL-SEAL-05")
    if theory["conflicts"]:
        raise RuleViolation("CONFLICT", "a theory marked in conflict cannot be endorsed", "AL-Q-26")
    if p["seals"].get(seal, 0) < 1:
        raise RuleViolation("NO_SEAL", f"you have no {names.seal(seal)} left", "AL-END-01")
    cost = endorse_cost(state, ing)
    if p["gold"] < cost:
        raise RuleViolation(
            "NO_GOLD",
            f"endorsing it costs {cost} gold (1 to the bank, 1 to each seal on it) and you "
            f"have {p['gold']}",
            "AL-END-02",
        )
    gold = {str(seat): p["gold"] - cost}
    for s in theory["seals"]:
        gold[str(s["seat"])] = player(state, s["seat"])["gold"] + 1
    public: dict[str, Any] = {
        "seat": seat,
        "ingredient": ing,
        "cost": cost,
        "gold": gold,
        "turn": True,
    }
    if "seal-of-authority" in p["artifacts"]:
        public["reputation"] = reputations(state, {seat: 2})  # AL-END-03, AL-ART-10
    event = Event("TheoryEndorsed", {**public, "seal": seal}, only_seats(seat), public)
    return [event]


def qualifying(content: Content, state: State, seat: int) -> list[str]:
    """AL-GRT-02/03: the tiles the seat's seals now cover; the first grant needs 2 of a
    tile's ingredients sealed, every later one 3 (any seal, conflicted or not, AL-Q-29)."""
    sealed = {
        ing for ing, t in state["theories"].items() if any(s["seat"] == seat for s in t["seals"])
    }
    need = 2 if not player(state, seat)["grants"] else 3
    return [
        g.id
        for g in content.grant
        if g.id in state["grants"]
        and sum(1 for i in g.ingredients if i in sealed) >= min(need, len(g.ingredients))
    ]


def grant_step(content: Content, state: State) -> list[Event] | None:
    """After a publish or endorse: one qualifying tile is claimed at once; with several
    the seat picks (`ClaimGrant`), then the check repeats (AL-Q-29). None: no check."""
    seat = state["grant_check"]
    if not seat:
        return None
    tiles = qualifying(content, state, seat)
    if not tiles:
        return [Event("GrantsChecked", {"seat": seat})]
    if len(tiles) > 1:
        return []  # the seat chooses
    return [_claim(state, seat, tiles[0])]


def _claim(state: State, seat: int, grant: str) -> Event:
    gold = {str(seat): player(state, seat)["gold"] + 2}
    return Event("GrantClaimed", {"seat": seat, "grant": grant, "gold": gold})


def claim_grant(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    grant = command.get("grant", "")
    if grant not in {g.id for g in content.grant}:
        raise BadCommand(f"unknown grant {grant!r} (AL-Q-28)")
    if state["grant_check"] != seat:
        raise RuleViolation("NOT_NOW", "you have no grant to choose now", "AL-GRT-02")
    if grant not in qualifying(content, state, seat):
        raise RuleViolation(
            "NOT_COVERED",
            f"your seals do not cover {names.grant(content, grant)} (a first grant needs 2 of "
            "its ingredients, a later one 3)",
            "AL-GRT-03",
        )
    return [_claim(state, seat, grant)]


def grant_options(content: Content, state: State, seat: int) -> list[Command]:
    if state["grant_check"] != seat:
        return []
    tiles = qualifying(content, state, seat)
    return [{"type": "ClaimGrant", "grant": g} for g in tiles] if len(tiles) > 1 else []


def _consequences(state: State, debunker: int, debunked: dict[str, str]) -> dict[str, Any]:
    """AL-DBK-06/08/11: +2 per theory for the debunker, -5 per starred or wrongly hedged
    seal, all netted per seat (AL-REP-08); the seals revealed."""
    deltas: dict[int, int] = {debunker: 2 * len(debunked)}
    revealed = {}
    for ing, aspect in debunked.items():
        seals = state["theories"][ing]["seals"]
        revealed[ing] = [{**s, "revealed": True} for s in seals]
        for s in seals:
            if s["seal"] != f"hedge-{aspect}":
                deltas[s["seat"]] = deltas.get(s["seat"], 0) - 5
    return {
        "debunked": list(debunked),
        "aspects": dict(debunked),
        "seals": revealed,
        "reputation": reputations(state, deltas),
    }


def debunk_apprentice(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    turn_of(state, seat, "debunk")
    if state["variant"] != "apprentice":
        raise RuleViolation("WRONG_VARIANT", "this game debunks the master way", "AL-DBK-02")
    ing, col = mixing.ingredient(command), mixing.colour(command)
    theory = state["theories"].get(ing)
    if theory is None:
        raise RuleViolation(
            "NO_THEORY", f"{names.ingredient(ing)} has no theory to debunk", "AL-DBK-01"
        )
    truth = mixing.true_sign(state, ing, col)
    claimed = "+" if sign(mixing.number(theory["alchemical"]), col) > 0 else "-"
    body: dict[str, Any] = {
        "seat": seat,
        "ingredient": ing,
        "colour": col,
        "sign": truth,
        "turn": True,
    }
    if truth == claimed:  # AL-DBK-04
        body["reputation"] = reputations(state, {seat: -1})
        body["debunked"] = []
    else:  # AL-DBK-05
        body.update(_consequences(state, seat, {ing: col}))
    return [Event("SignRevealed", body, PUBLIC)]


def debunk_master(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    """AL-DBK-12..16, AL-Q-34/35."""
    turn_of(state, seat, "debunk")
    if state["variant"] != "master":
        raise RuleViolation("WRONG_VARIANT", "this game debunks the apprentice way", "AL-DBK-02")
    a, b = mixing.ingredients(command)
    claimed = mixing.potion(command, "potion", coloured=False)
    theories = state["theories"]
    if a not in theories and b not in theories:
        raise RuleViolation(
            "NO_THEORY",
            f"neither {names.ingredient(a)} nor {names.ingredient(b)} has a theory",
            "AL-DBK-12",
        )
    result = mixing.answer(state, a, b)
    body: dict[str, Any] = {
        "seat": seat,
        "ingredients": [a, b],
        "potion": claimed,
        "result": result,
        "turn": True,
    }
    debunked: dict[str, str] = {}
    conflict = False
    if result == claimed:
        if result != "N":
            col, want = result[0], potion_sign(result)
            for ing in (a, b):
                if (
                    ing in theories
                    and sign(mixing.number(theories[ing]["alchemical"]), col) != want
                ):
                    debunked[ing] = col  # AL-DBK-14
        if not debunked and a in theories and b in theories:
            ta, tb = (mixing.number(theories[x]["alchemical"]) for x in (a, b))
            seen = sorted([a, b]) in state["conflicts_seen"]
            conflict = MIX[ta][tb] != result and not seen  # AL-DBK-15/16
    if debunked:
        body.update(_consequences(state, seat, debunked))
    elif conflict:
        body["conflict"] = True
        body["reputation"] = reputations(state, {seat: 2})
        body["debunked"] = []
    else:  # AL-DBK-13
        body["reputation"] = reputations(state, {seat: -1})
        body["debunked"] = []
    return [Event("MasterMixed", body, PUBLIC)]
