"""A Field turn (AK-FLD): the Foraging roll, moving along arrows, gathering, ending the
turn, and using Items and the Artifact (AK-ITM, AK-ART)."""

from __future__ import annotations

from athanor.engine import Event, Rng, RuleViolation, decks, only_seats
from athanor.engine import dice as die_steps
from athanor.games.alkemia import beast, dice, field
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.state import JSON, State, listed, player


def active(state: State, seat: int) -> bool:
    """The seat whose Field turn runs, with nothing pending and no barter open."""
    turn = state["turn"]
    return (
        state["phase"] == "field"
        and turn is not None
        and turn["seat"] == seat
        and state["pending"] is None
        and state["barter"] is None
    )


def rolled(state: State, seat: int) -> bool:
    return active(state, seat) and state["turn"]["roll"] > 0  # type: ignore[index]


def roll_commands(state: State, seat: int) -> list[JSON]:
    """The Foraging roll, once per face with physical dice."""
    if not active(state, seat) or rolled(state, seat):
        return []
    return die_steps.roll_commands("RollForage", dice.FACES, dice.physical(state))


def roll(content: Content, state: State, command: JSON, seat: int, rng: Rng) -> list[Event]:
    if not active(state, seat) or state["turn"]["roll"]:  # type: ignore[index]
        raise RuleViolation("NO_ROLL", "the Foraging roll starts your Field turn", "AK-FLD-01")
    face = dice.roll(state, command, rng)
    fa = content.settings.field_actions + face
    return [
        Event("ForageRolled", {"seat": seat, "roll": face, "fa": fa}),
        *beast.after_roll(content, state, seat, face),
    ]


def move_commands(content: Content, state: State, seat: int) -> list[JSON]:
    if not rolled(state, seat):
        return []
    turn = state["turn"]
    here = player(state, seat)["pos"]
    reach = field.reachable(content, state["field"], here, turn["fa"])  # type: ignore[index]
    out = []
    for k in sorted(reach, key=field.cell):
        x, y = field.cell(k)
        out.append({"type": "Move", "x": x, "y": y})
    return out


def move(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    if not rolled(state, seat):
        raise RuleViolation("NOT_YOUR_TURN", "you can move only in your Field turn", "AK-WK-02")
    to = field.key(command.get("x", 0), command.get("y", 0))
    here = player(state, seat)["pos"]
    fa = state["turn"]["fa"]  # type: ignore[index]
    cost = field.reachable(content, state["field"], here, fa).get(to)
    if cost is None:
        everywhere = field.reachable(content, state["field"], here, 10**6)
        if to in everywhere:
            raise RuleViolation(
                "NOT_ENOUGH_ACTIONS",
                "that move costs more Field Actions than you have",
                "AK-FLD-06",
            )
        raise RuleViolation("NO_ARROW", "no arrows lead from your tile to that tile", "AK-FLD-05")
    return [Event("Moved", {"seat": seat, "to": to, "cost": cost})]


def can_gather(content: Content, state: State, seat: int) -> str:
    """Why the seat cannot gather now ("" when it can)."""
    if not rolled(state, seat):
        return "you can gather only in your Field turn"
    turn = state["turn"]
    here = player(state, seat)["pos"]
    tile = field.tile_at(content, state["field"], here)
    if tile.kind != "patch":
        return "only a fertile patch gives Reagents"
    if state["beast"]["pos"] == here:
        return "the Beast is on this tile"
    if turn["fa"] < 1:  # type: ignore[index]
        return "no Field Actions left"
    if turn["gathered"].get(here, 0) >= content.settings.gather_limit:  # type: ignore[index]
        return "this patch is exhausted for you this turn"
    if not state["decks"][tile.element]:
        return "that element's deck is empty"
    return ""


def gather(content: Content, state: State, seat: int) -> list[Event]:
    why = can_gather(content, state, seat)
    if why:
        rule = {
            "only a fertile patch gives Reagents": "AK-FLD-12",
            "the Beast is on this tile": "AK-BST-08",
            "this patch is exhausted for you this turn": "AK-FLD-13",
            "that element's deck is empty": "AK-Q-19",
        }.get(why, "AK-FLD-01")
        raise RuleViolation("CANNOT_GATHER", why, rule)
    here = player(state, seat)["pos"]
    element = field.tile_at(content, state["field"], here).element
    card = state["decks"][element][0]
    body = {"seat": seat, "element": element, "patch": here, "card": card}
    return [Event("Gathered", body, only_seats(seat), {**body, "card": ""})]


def end_turn(state: State, seat: int) -> list[Event]:
    if not rolled(state, seat):
        raise RuleViolation("NOT_YOUR_TURN", "roll first, then end your Field turn", "AK-Q-48")
    return [Event("TurnEnded", {"seat": seat})]


# ---------------------------------------------------------------- Items and the Artifact


def phase_of(state: State) -> str:
    return "alchemy" if state["phase"] == "alchemy" else "field"


FIELD_ONLY = ("actions", "mirror", "dagger", "hinder")


def usable(effect: str, phase: str) -> bool:
    """The effects' phase icons: Field Actions, and the powers that reach another pawn
    or player, only in the Field Phase (AK-Q-40); the rest in both phases."""
    return phase == "field" or effect not in FIELD_ONLY


def can_act(state: State, seat: int) -> str:
    """Whether the seat may use an Item now: its own Field turn (AK-Q-40) or the
    Alchemy Phase before it is finished."""
    if state["phase"] == "alchemy":
        pending = state["pending"]
        if pending and str(seat) not in pending["answers"]:
            return "alchemy"
        return ""
    return "field" if rolled(state, seat) else ""


def amount(content: Content, state: State, seat: int, card: str) -> int:
    """2 when an Alchemist uses their own Aspiration Item on a tile of their element
    (AK-ASU-08), else 1."""
    it = content.item(card)
    p = player(state, seat)
    if it.alchemist != p["alchemist"]:
        return 1
    element = content.alchemist(p["alchemist"]).element
    tile = field.tile_at(content, state["field"], p["pos"])
    return 2 if element and tile.kind == "patch" and tile.element == element else 1


def item_commands(content: Content, state: State, seat: int) -> list[JSON]:
    phase = can_act(state, seat)
    if not phase:
        return []
    out: list[JSON] = []
    for c in player(state, seat)["inventory"]:
        if not c["made"] or c["depleted"] or c["card"] not in content.by_id:
            continue
        effect = content.power(content.item(c["card"]))
        if not usable(effect, phase):
            continue
        others = [o for o in state["order_all"] if o != seat]
        if effect == "draw":
            out += [
                {"type": "UseItem", "card": c["card"], "element": e}
                for e in content.settings.elements
                if state["decks"][e]
            ]
        elif effect == "mirror":  # swap places with a player or the Beast (AK-BST-12)
            out += [{"type": "UseItem", "card": c["card"], "target": o} for o in others]
            if state["beast"]["pos"] is not None:
                out.append({"type": "UseItem", "card": c["card"], "beast": True})
        elif effect == "dagger":  # a player's SEED, never the Beast's (AK-BST-13)
            out += [
                {"type": "UseItem", "card": c["card"], "target": o, "element": e}
                for o in others
                if player(state, o)["seed"] >= 1
                for e in content.settings.elements
                if state["decks"][e]
            ]
        elif effect == "hinder":  # another player loses SEED (AK-CMP-07: Hinder)
            out += [
                {"type": "UseItem", "card": c["card"], "target": o}
                for o in others
                if player(state, o)["seed"] >= 1
            ]
        elif effect == "elixir":  # the D3 it rolls (AK-ITM-10)
            out += dice.with_faces(state, {"type": "UseItem", "card": c["card"]})
        else:
            out.append({"type": "UseItem", "card": c["card"]})
    return out


def use_item(content: Content, state: State, command: JSON, seat: int, rng: Rng) -> list[Event]:
    if not listed(command, item_commands(content, state, seat)):
        raise RuleViolation(
            "ITEM_NOT_USABLE",
            "use a made, non-depleted Item of yours in a phase its icons allow",
            "AK-ITM-01",
        )
    card = command["card"]
    effect = content.power(content.item(card))
    n = amount(content, state, seat, card)
    secret = state["phase"] == "alchemy"
    if effect == "elixir":  # AK-ITM-10: roll, then discard that many for as many SEED
        n = dice.roll(state, command, rng)
    what: JSON = {"card": card}
    if effect in ("mirror", "dagger", "hinder"):
        what |= {"target": command.get("target", 0), "beast": bool(command.get("beast"))}
    events = _effect(state, seat, "ItemUsed", what, effect, n, command, secret)
    if effect == "mirror" and what["beast"]:  # the Beast lands where the user stood
        events += beast.landing(content, state, player(state, seat)["pos"], spare=seat)
    return events


def _effect(
    state: State,
    seat: int,
    event: str,
    what: JSON,
    effect: str,
    n: int,
    command: JSON,
    secret: bool,
) -> list[Event]:
    body = {"seat": seat, **what, "effect": effect, "amount": n}
    if effect == "seed":
        p = player(state, seat)
        body["amount"] = max(0, min(n, p["forge"] - p["seed"], state["supply_seed"]))
    elif effect == "hinder":  # what the target holds, at most
        body["amount"] = min(n, player(state, what["target"])["seed"])
    vis = only_seats(seat) if secret else None
    events = [Event(event, body, vis, {"seat": seat}) if vis else Event(event, body)]
    if effect in ("draw", "dagger"):
        element = command.get("element") or command.get("card", "")
        for card in decks.peek(state["decks"][element], n if effect == "draw" else 2):
            drawn = {"seat": seat, "element": element, "card": card}
            events.append(Event("BonusDrawn", drawn, only_seats(seat), {"seat": seat}))
    return events


def artifact_commands(content: Content, state: State, seat: int) -> list[JSON]:
    phase = can_act(state, seat)
    p = player(state, seat)
    if not phase or not p["unsealed"] or p["artifact_used_week"] == state["week"]:
        return []
    effect = content.artifact(p["artifact"]).effect
    if effect == "discard_pick":  # Seeker's Amulet: Field turn only (AK-ART-07)
        if phase != "field":
            return []
        cards = sorted({c for pile in state["discards"].values() for c in pile})
        return [{"type": "UseArtifact", "card": c} for c in cards]
    if not usable(effect, phase):
        return []
    if effect == "draw":
        return [
            {"type": "UseArtifact", "card": e}
            for e in content.settings.elements
            if state["decks"][e]
        ]
    return [{"type": "UseArtifact"}]


def use_artifact(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    if not listed(command, artifact_commands(content, state, seat)):
        raise RuleViolation(
            "ARTIFACT_NOT_USABLE", "your Artifact is sealed or already used this week", "AK-ART-01"
        )
    p = player(state, seat)
    effect = content.artifact(p["artifact"]).effect
    secret = state["phase"] == "alchemy"
    if effect == "discard_pick":
        card = command["card"]
        element = content.reagent(card).element
        return [
            Event(
                "ArtifactUsed",
                {"seat": seat, "effect": effect, "card": card, "element": element, "amount": 1},
            )
        ]
    return _effect(state, seat, "ArtifactUsed", {"card": ""}, effect, 1, command, secret)


# ---------------------------------------------------------------- Reagent abilities


def owes(state: State, seat: int) -> int:
    """Reagents still to discard to an Enrichment Elixir roll."""
    return player(state, seat).get("elixir_owed", 0)  # type: ignore[return-value]


def elixir_commands(state: State, seat: int) -> list[JSON]:
    if not owes(state, seat) or not can_act(state, seat):
        return []
    return [{"type": "ElixirDiscard", "card": c} for c in player(state, seat)["hand"]]


def elixir_discard(state: State, command: JSON, seat: int) -> list[Event]:
    if not listed(command, elixir_commands(state, seat)):
        raise RuleViolation(
            "NOTHING_OWED", "discard a Reagent of your hand for the Elixir's roll", "AK-ITM-10"
        )
    body = {"seat": seat, "card": command["card"]}
    if state["phase"] == "alchemy":
        return [Event("ElixirDiscarded", body, only_seats(seat), {"seat": seat})]
    return [Event("ElixirDiscarded", body)]


def spirit_in_play(content: Content, p: JSON) -> str | None:
    return next(
        (c["card"] for c in p["inventory"] if c["card"].startswith("r-")),
        None,
    )


def reagent_commands(content: Content, state: State, seat: int) -> list[JSON]:
    """The Water Spirit (AK-ITM-09): into the inventory, one Spirit at a time (AK-Q-41),
    within the inventory limit (AK-INV-02); back to hand for 1 SEED."""
    if not can_act(state, seat) or owes(state, seat):
        return []
    p = player(state, seat)
    spirit = spirit_in_play(content, p)  # type: ignore[arg-type]
    if spirit is not None:
        return [{"type": "ReturnSpirit"}] if p["seed"] >= 1 else []
    if len(p["inventory"]) >= content.settings.inventory_limit:
        return []
    return [
        {"type": "UseReagent", "card": c}
        for c in p["hand"]
        if content.reagent(c).ability == "ripple"
    ]


def use_reagent(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    if not listed(command, reagent_commands(content, state, seat)):
        raise RuleViolation(
            "REAGENT_NOT_USABLE",
            "only one Spirit may be in play, and your inventory holds at most 6 cards",
            "AK-ITM-09",
        )
    body = {
        "seat": seat,
        "card": command.get("card", ""),
        "back": command["type"] == "ReturnSpirit",
    }
    if body["back"]:
        body["card"] = spirit_in_play(content, player(state, seat))  # type: ignore[arg-type]
    if state["phase"] == "alchemy":
        return [Event("SpiritMoved", body, only_seats(seat), {"seat": seat})]
    return [Event("SpiritMoved", body)]
