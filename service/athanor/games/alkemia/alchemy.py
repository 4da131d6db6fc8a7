"""The Alchemy Phase (AK-ALC), played by every seat at once in secret: sessions are
private events until the phase closes, then the made Items are revealed and their
ingredient tiles drawn in seat order from the First Player (AK-Q-46)."""

from __future__ import annotations

from athanor.engine import Event, Rng, RuleViolation, decks, only_seats
from athanor.engine.decisions import answer_visibility, awaits
from athanor.games.alkemia.content import Content, Item
from athanor.games.alkemia.edition import CURRENT, Edition
from athanor.games.alkemia.state import JSON, Player, State, player

MAX_LISTED = 3  # covering sets listed per recipe (see the README: alchemy listing)


def units(item: Item) -> list[str]:
    """A recipe's ingredients one Reagent each (AK-ALC-05)."""
    return [need.need for need in item.recipe for _ in range(need.n)]


def needs_for(content: Content, p: Player, item: Item) -> list[str]:
    """The units a player must cover: one Water fewer while their Water Spirit is in
    play (AK-ITM-09)."""
    needs = units(item)
    if "Water" in needs and any(c["card"].startswith("r-") for c in p["inventory"]):
        needs.remove("Water")
    return needs


def covers(content: Content, card: str, need: str) -> bool:
    """One Reagent covers one ingredient by its element or one of its types (AK-ALC-04)."""
    r = content.reagent(card)
    return r.element == need or need in r.types


def assignments(content: Content, needs: list[str], hand: list[str], limit: int) -> list[list[str]]:
    """Up to `limit` ways to cover `needs` in order with distinct cards of `hand`."""
    found: list[list[str]] = []

    def walk(i: int, chosen: list[str]) -> None:
        if len(found) >= limit:
            return
        if i == len(needs):
            found.append(list(chosen))
            return
        for card in hand:
            if card not in chosen and covers(content, card, needs[i]):
                chosen.append(card)
                walk(i + 1, chosen)
                chosen.pop()

    walk(0, [])
    return found


def awaited(state: State, seat: int) -> bool:
    pending = state["pending"]
    return state["phase"] == "alchemy" and pending is not None and awaits(pending, seat)


def glade_ready(state: State, p: Player) -> bool:
    return p["glade_ok"] and not p["glade_active"] and p["seed"] >= 1


def wild_rests(needs: list[str], edition: Edition) -> list[list[str]]:
    """What the Reagents must cover when a wild (the Sprout or the Glade's pair) covers
    one ingredient: any one of them (AK-Q-18, AK-CS-11), each distinct rest once; the
    edition before alkemia-0.3 let a wild cover only the last."""
    if not needs:
        return []
    if not edition.wilds_anywhere:
        return [needs[:-1]]
    rests: dict[tuple[str, ...], list[str]] = {}
    for i in range(len(needs)):
        rest = needs[:i] + needs[i + 1 :]
        rests.setdefault(tuple(rest), rest)
    return list(rests.values())


def synth_commands(
    content: Content, state: State, seat: int, edition: Edition = CURRENT
) -> list[JSON]:
    if not awaited(state, seat):
        return []
    p = player(state, seat)
    out: list[JSON] = []
    for c in p["inventory"]:
        if c["made"] or c["card"] not in content.by_id or c["card"].startswith("r-"):
            continue
        recipe = c["card"]
        needs = needs_for(content, p, content.item(recipe))
        for way in assignments(content, needs, p["hand"], MAX_LISTED):
            out.append({"type": "Synthesize", "recipe": recipe, "reagents": way})
        wild_ways: dict[tuple[str, ...], list[str]] = {}  # one way for each rest
        for rest in wild_rests(needs, edition):
            for way in assignments(content, rest, p["hand"], 1):
                wild_ways.setdefault(tuple(way), way)
        for way in wild_ways.values():
            session = {"type": "Synthesize", "recipe": recipe, "reagents": way}
            if p["sprout"] == "up":
                out.append({**session, "sprout": True})
            pair = [h for h in p["hand"] if h not in way][:2]
            if p["glade_active"] and not p["glade_used"] and len(pair) == 2:
                out.append({**session, "pair": pair})
    return out


def valid(
    content: Content, state: State, command: JSON, seat: int, edition: Edition = CURRENT
) -> str:
    """Why a session cannot run ("" when it can): every ingredient covered at once,
    each card once, a wild covering any one ingredient (AK-ALC-02..05, AK-CS-11,
    AK-Q-18)."""
    p = player(state, seat)
    entry = next((c for c in p["inventory"] if c["card"] == command.get("recipe")), None)
    if entry is None or entry["made"] or entry["card"].startswith("r-"):
        return "name a recipe in your inventory"
    needs = needs_for(content, p, content.item(entry["card"]))
    reagents = list(command.get("reagents", []))
    pair = list(command.get("pair", []))
    wild = bool(pair) + bool(command.get("sprout"))
    if wild > 1 or (pair and len(pair) != 2):
        return "one wild ingredient at most: the Sprout or a pair through the Glade"
    if pair and not (p["glade_active"] and not p["glade_used"]):
        return "activate the Phasing Glade first"
    if command.get("sprout") and p["sprout"] != "up":
        return "you have no flipped Sprout"
    used = reagents + pair
    if len(set(used)) != len(used) or any(c not in p["hand"] for c in used):
        return "use distinct Reagents from your hand"
    if len(reagents) != len(needs) - wild or (wild and not needs):
        return "cover every ingredient of the recipe"
    rests = wild_rests(needs, edition) if wild else [needs]
    if not any(all(map(lambda c, n: covers(content, c, n), reagents, rest)) for rest in rests):
        return "each Reagent must match its ingredient by element or type"
    return ""


def synthesize(
    content: Content, state: State, command: JSON, seat: int, edition: Edition = CURRENT
) -> list[Event]:
    if not awaited(state, seat):
        raise RuleViolation("NOT_ALCHEMY", "Items are made in the Alchemy Phase", "AK-ALC-17")
    why = valid(content, state, command, seat, edition)
    if why:
        raise RuleViolation("RECIPE_NOT_COVERED", why, "AK-ALC-03")
    body = {
        "seat": seat,
        "recipe": command["recipe"],
        "reagents": list(command.get("reagents", [])),
        "pair": list(command.get("pair", [])),
        "sprout": bool(command.get("sprout")),
    }
    return [Event("Synthesized", body, answer_visibility(state["pending"], seat), {"seat": seat})]


def activate_glade(state: State, seat: int) -> list[Event]:
    p = player(state, seat)
    if not awaited(state, seat) or not glade_ready(state, p):
        raise RuleViolation(
            "NO_GLADE",
            "only a player who ended the Field turn on the Glade may activate it, once, for 1 SEED",
            "AK-CS-10",
        )
    return [Event("GladeActivated", {"seat": seat}, only_seats(seat), {"seat": seat})]


def finish(state: State, seat: int) -> list[Event]:
    if not awaited(state, seat):
        raise RuleViolation("NOT_ALCHEMY", "you have finished the Alchemy Phase", "AK-WK-04")
    return [Event("AlchemyFinished", {"seat": seat})]


def commands(content: Content, state: State, seat: int, edition: Edition = CURRENT) -> list[JSON]:
    if not awaited(state, seat):
        return []
    out: list[JSON] = [{"type": "FinishAlchemy"}]
    if glade_ready(state, player(state, seat)):
        out.append({"type": "ActivateGlade"})
    return out + synth_commands(content, state, seat, edition)


def draw_tile(content: Content, state: State, seat: int, rng: Rng) -> Event:
    """The next ingredient tile for `seat` (AK-ALC-10..14, AK-Q-26): a random tile of
    the needed shape, which is what redrawing until one comes out amounts to."""
    p = player(state, seat)
    slots = p["slots"]
    i = next((n for n, s in enumerate(slots) if s["tile"] is None), len(slots))
    if i >= len(slots) or (i >= 3 and not p["unsealed"]):
        return Event("NoTileDrawn", {"seat": seat, "why": "sealed" if i < 6 else "complete"})
    shape = content.alchemist(p["alchemist"]).slots[i]
    pool = [t for t in state["bag"] if t.startswith(shape + ":")]
    if not pool:
        return Event("NoTileDrawn", {"seat": seat, "why": "bag"})
    tile = decks.pick(pool, rng)  # the bag is drawn from blind
    return Event("IngredientDrawn", {"seat": seat, "slot": i + 1, "tile": tile})
