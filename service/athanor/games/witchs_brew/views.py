"""What a seat sees, the table summary, and events as sentences.

Open to all: drops and gold in every play area, the cauldron and shelf stacks
(RC-INFO-01), what lies on the top shelves, the spell book when open (RC-Q-24), raven
cards taken (RC-RAVEN-04), each seat's number of face-down cards, the role cards
played this set, the top spell once the Warlock cast it. A seat's own: its hand for the
set (RC-Q-06), its vials and the faces of its face-down cards (RC-Q-27; everything is
open with open_holdings), the top spell of a closed book while it holds the Warlock's
full action (its choices name it). At the end everything is open."""

from __future__ import annotations

from typing import Any

from athanor.engine import Table, decisions
from athanor.games import wording
from athanor.games.witchs_brew.content import Content
from athanor.games.witchs_brew.roles import NAMES
from athanor.games.witchs_brew.state import State, score_parts, top_spell_known


def _player(content: Content, state: State, key: str, seat: int | None) -> dict[str, Any]:
    p = state["players"][key]
    own = seat is not None and str(seat) == key
    open_ = own or state["options"]["open_holdings"] or state["phase"] == "over"
    ravens = [c for c in p["cards"] if content.card(c).raven]
    out: dict[str, Any] = {
        "drops": dict(p["drops"]),
        "gold": p["gold"],
        "ravens": ravens,  # RC-RAVEN-02: face up
        "face_down": len(p["cards"]) - len(ravens),
        "played": list(p["played"]),
        "hand_size": len(p["hand"]),
    }
    if open_:
        out["vials"] = p["vials"]
        out["cards"] = list(p["cards"])
    if own or state["phase"] == "over":  # cards left at an early end are open then
        out["hand"] = list(p["hand"])
    return out


def view(content: Content, state: State, seat: int | None) -> dict[str, Any]:
    opts = state["options"]
    play = state["play"]
    shown_play = None
    if play is not None:
        shown_play = {
            "role": play["role"],
            "leader": play["leader"],
            "holder": play["holder"],
            "claimants": list(play["claimants"]),
            "favors": list(play["favors"]),
            "passed": list(play["passed"]),
            "stage": play["stage"],
            # only who answers now: the later holders follow from hidden hands
            "answering": play["queue"][0] if play["stage"] == "respond" else None,
            "owed": dict(play.get("owed", {})),
        }
    spells: dict[str, Any] = {"count": len(state["spells"]), "seen": list(state["seen_spells"])}
    if opts["spells_open"] or state["phase"] == "over":
        spells["order"] = list(state["spells"])
    elif state["spells"] and top_spell_known(state, seat):
        spells["top"] = state["spells"][0]  # cast this set, or the Warlock's holder's own
    supply: dict[str, Any] = {
        "drops": dict(state["supply"]["drops"]),
        "gold": state["supply"]["gold"],
    }
    if opts["open_holdings"] or state["phase"] == "over":
        supply["vials"] = state["supply"]["vials"]
    else:
        supply["vials_left"] = state["supply"]["vials"] > 0
    out: dict[str, Any] = {
        "phase": state["phase"],
        "set": state["set"],
        "leader": state["leader"],
        "options": dict(opts),
        "play": shown_play,
        "stacks": {k: list(v) for k, v in state["stacks"].items()},
        "shelves": {k: list(v) for k, v in state["shelves"].items()},
        "on_shelf": {"gold": state["on_shelf"]["gold"], "drops": dict(state["on_shelf"]["drops"])},
        "spells": spells,
        "ravens": state["ravens"],
        "ravens_to_end": opts["ravens"],
        "supply": supply,
        "last": state["last"],
        "players": {k: _player(content, state, k, seat) for k in state["players"]},
        "choice": None if state["pending"] is None else decisions.seen_by(state["pending"], seat),
    }
    if state["phase"] == "over":
        out["scores"] = {k: score_parts(content, state, int(k)) for k in state["players"]}
    return out


def table(content: Content, state: State) -> Table:
    """The set, the role being played and who holds its full action (the engine adds
    who is awaited: the seats still to choose, or the seat that answers)."""
    play = state["play"]
    phase = state["phase"]
    if phase == "choose":
        step = "Choosing role cards"
    elif play is not None:
        role, leader, holder = NAMES[play["role"]], play["leader"], play["holder"]
        step = f"{role} led by seat {leader}; full action: seat {holder}"
    elif phase == "play":
        step = f"Seat {state['leader']} leads"
    else:
        step = ""
    scores = {}
    if phase == "over":
        scores = {int(k): score_parts(content, state, int(k))["total"] for k in state["players"]}
    return Table(
        track_position=state["ravens"],
        track_label=f"Set {state['set']}; ravens {state['ravens']} of {state['options']['ravens']}",
        track_length=state["options"]["ravens"],
        phase=phase,
        step=step,
        scores=scores,
        layout="plain",  # the ravens are counted in the label; the step needs the room
    )


SENTENCES = {
    "SpellsShuffled": "The spell book is shuffled.",
    "SetBegun": "Set {set} begins: every player chooses their role cards; seat {leader} leads.",
    "RolesChosen": "Seat {seat} has chosen their role cards.",
    "HandsTaken": "Every seat has chosen; set {set} is played.",
    "LeadPassed": "Seat {seat} leads.",
    "RoleLed": "Seat {seat} plays the {role}: I am the {role}!",
    "Claimed": "Seat {seat} claims the role being played: I am the one!",
    "Passed": "Seat {seat} plays the card and lets it go.",
    "FavorTaken": "Seat {seat}: So be it! The {role}'s favor: {change}.",
    "FullActionDone": "Seat {seat} carries out the {role}'s full action: {change}.",
    "ShelfLosses": "The {role} collects: {losses}.",
    "DropsGiven": "Seat {seat} gives {drops}.",
    "ShelfAdded": "Seat {seat} adds {added} to the potion shelf.",
    "ShelfTaken": "Seat {seat} takes the top {kind} shelf's potion{returned}.",
    "ShelfStays": "The potion shelf stays, with {on} on it.",
    "PlayEnded": "Seat {seat} held the {role}'s full action and leads next.",
    "SetEnded": "Set {set} ends; the spell book turns.",
    "GameOver": "The game is over ({reason}).",
}


def _amounts(held: dict[str, Any]) -> list[str]:
    """{"drops": {"red": 1}, "gold": 2} as ["1 red", "2 gold"]: nested counts flattened."""
    out = []
    for name, n in sorted(held.items()):
        if isinstance(n, dict):
            out += _amounts(n)
        elif n:
            out.append(f"{n} {name}")
    return out


def _unit(n: int, noun: str) -> str:
    return f"{n} gold" if noun == "gold" else wording.count(n, noun)


def _change(change: Any) -> str:
    """What a favor or a full action paid and gained, as the body shows it (the others
    see no vials and no face-down cauldron): "pays 1 red, gains 5 gold"."""
    if not isinstance(change, dict):
        return "done"
    held = {f"{k} drop": n for k, n in (change.get("drops") or {}).items()}
    held["gold"] = change.get("gold", 0)
    if "vials" in change:
        held["vial"] = change["vials"]
    gains = [_unit(n, k) for k, n in held.items() if isinstance(n, int) and n > 0]
    pays = [_unit(-n, k) for k, n in held.items() if isinstance(n, int) and n < 0]
    parts = []
    if change.get("stack"):
        parts.append(f"takes the top {change['stack']} cauldron")
    if pays:
        parts.append(f"pays {wording.listing(pays)}")
    if gains:
        parts.append(f"gains {wording.listing(gains)}")
    return ", ".join(parts) or "nothing changes"


def named_role(body: dict[str, Any], text: str) -> str:
    return text.format(seat=body.get("seat", "?"), role=NAMES.get(str(body.get("role")), "role"))


def describe(event_type: str, body: dict[str, Any]) -> str | None:
    text = SENTENCES.get(event_type)
    if text is None:
        return None
    fields = {k: v for k, v in body.items()}
    if "role" in fields:
        fields["role"] = NAMES.get(str(fields["role"]), fields["role"])
    fields.setdefault("role", "role")
    # amounts read as words, never as a mapping's repr
    for key in ("drops", "on"):
        if isinstance(fields.get(key), dict):
            fields[key] = wording.listing(_amounts(fields[key])) or "nothing"
    if "change" in fields:
        fields["change"] = _change(fields["change"])
        given_up = not body.get("choice") and fields["change"] == "nothing changes"
        if event_type == "FullActionDone" and given_up:  # RC-ROLE-27
            return named_role(body, "Seat {seat} gives up the {role}'s full action.")
    if event_type == "ShelfAdded":
        added = [f"{fields.get('gold')} gold"] if fields.get("gold") else []
        added += _amounts({"drops": body.get("drops") or {}})
        fields["added"] = wording.listing(added) or "nothing"
    if event_type == "ShelfTaken":
        gold = fields.get("kind") == "gold"
        fields["kind"] = "gold" if gold else "ingredient"
        back = fields.get("returned")
        unit = "gold" if gold else ("drop" if back == 1 else "drops")
        fields["returned"] = f"; the {back} {unit} on it go back to the supply" if back else ""
    if isinstance(fields.get("losses"), dict):
        lost = [f"seat {seat} loses {n}" for seat, n in sorted(fields["losses"].items()) if n]
        fields["losses"] = wording.listing(lost) or "nobody loses anything"
    try:
        return text.format(**fields)
    except (KeyError, IndexError):
        return None
