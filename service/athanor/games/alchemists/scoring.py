"""Reputation changes, conferences, the Top Alchemist award and final scoring
(AL-REP, AL-CONF, AL-EOR-02, AL-SCR, AL-ART-02/03/12)."""

from __future__ import annotations

from athanor.engine import Event
from athanor.engine.events import PUBLIC
from athanor.games.alchemists.alchemicals import COLOURS, sign
from athanor.games.alchemists.content import Content
from athanor.games.alchemists.reputation import changed
from athanor.games.alchemists.state import State, player

STAR_VP = {"gold": 5, "silver": 3}


def reputations(state: State, deltas: dict[int, int]) -> dict[str, int]:
    """New reputation per seat for changes that land at one moment (each already netted,
    AL-REP-08), with zones and the Robe of Respect applied once each."""
    out = {}
    for seat, delta in deltas.items():
        p = player(state, seat)
        new = changed(p["reputation"], delta, "robe-of-respect" in p["artifacts"])
        out[str(seat)] = new
    return out


def sealed_theories(state: State, seat: int) -> int:
    return sum(1 for t in state["theories"].values() if any(s["seat"] == seat for s in t["seals"]))


def conference(content: Content, state: State) -> Event:
    """AL-CONF-01..04 with the tile data of AL-Q-30 and the new artifacts of AL-Q-31."""
    tile = content.conference[state["variant"]]
    need = tile.need[0 if state["round"] == 3 else 1]
    deltas = {}
    for seat in range(1, state["seats"] + 1):
        have = sealed_theories(state, seat)
        deltas[seat] = 1 if have >= need else -tile.loss * (need - have)
    deck = "2" if state["round"] == 3 else "3"
    return Event(
        "ConferenceHeld",
        {
            "need": need,
            "reputation": reputations(state, deltas),
            "deck": deck,
            "row": list(state["artifact_later"].get(deck, [])),
        },
    )


def top_alchemist(state: State) -> Event:
    """AL-EOR-02, AL-Q-36: most seals on the board, every tied seat; none at 0."""
    counts = {
        s: sum(1 for t in state["theories"].values() for x in t["seals"] if x["seat"] == s)
        for s in range(1, state["seats"] + 1)
    }
    best = max(counts.values())
    seats = [s for s, n in counts.items() if n == best and best > 0]
    return Event(
        "TopAlchemist",
        {"seats": seats, "reputation": reputations(state, dict.fromkeys(seats, 1))},
    )


def properly_hedged(token: int, truth: int, seal: str) -> bool:
    """AL-Q-25: the token's sign is wrong on exactly one aspect, the seal's colour."""
    wrong = [c for c in COLOURS if sign(token, c) != sign(truth, c)]
    return seal.startswith("hedge-") and wrong == [seal[-1]]


def seal_vp(token: int, truth: int, seal: str) -> int:
    """AL-SCR-08/09."""
    if token == truth:
        return STAR_VP.get(seal, 0)
    return 0 if properly_hedged(token, truth, seal) else -4


def final(content: Content, state: State) -> Event:
    """AL-SCR-01..11, in the printed order."""
    truth = {ing: int(a[1:]) - 1 for ing, a in state["assignment"].items()}
    scores: dict[str, dict[str, int]] = {}
    for seat, p in state["players"].items():
        rep = p["reputation"]
        arts = 0
        if "magic-mirror" in p["artifacts"]:
            arts += rep // 5  # AL-ART-03, scored first
        for a in p["artifacts"]:
            arts += content.artifact_by_id(a).vp
        if "feather-in-cap" in p["artifacts"]:
            arts += len(set(p["set_aside"]))  # AL-ART-02, AL-Q-38
        grants = sum(content.grant_by_id(g).vp for g in p["grants"])
        money = p["gold"] + 2 * len(p["favors"])  # AL-SCR-05
        seals = 0
        idol = 0
        for ing, theory in state["theories"].items():
            token = int(theory["alchemical"][1:]) - 1
            for s in theory["seals"]:
                if s["seat"] == int(seat):
                    seals += seal_vp(token, truth[ing], s["seal"])
                    if token == truth[ing] and "wisdom-idol" in p["artifacts"]:
                        idol += 1  # AL-ART-12
        total = rep + arts + grants + money // 3 + seals + idol
        scores[seat] = {
            "reputation": rep,
            "artifacts": arts,
            "grants": grants,
            "gold_vp": money // 3,
            "gold_left": money % 3,
            "seals": seals,
            "wisdom_idol": idol,
            "total": total,
        }
    best = max(s["total"] for s in scores.values())
    tied = [seat for seat, s in scores.items() if s["total"] == best]
    most_gold = max(scores[s]["gold_left"] for s in tied)  # AL-SCR-10, AL-Q-48
    winners = sorted(int(s) for s in tied if scores[s]["gold_left"] == most_gold)
    revealed = {
        ing: [dict(s) | {"revealed": True} for s in t["seals"]]
        for ing, t in state["theories"].items()
    }
    return Event(
        "GameScored",
        {
            "scores": scores,
            "winners": winners,
            "assignment": dict(state["assignment"]),
            "code": state["code"],
            "seals": revealed,
        },
        PUBLIC,
    )
