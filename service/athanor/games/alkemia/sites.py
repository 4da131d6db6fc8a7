"""Curious Sites (AK-CS) and bartering (AK-BAR): each costs 1 SEED, once per site per
turn, never on the Beast's tile, at any Field Action count (AK-Q-31)."""

from __future__ import annotations

from itertools import combinations

from athanor.engine import SERVER, Event, Rng, RuleViolation, decks, only_seats
from athanor.engine.decisions import awaits
from athanor.games.alkemia import beast, dice, field
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.edition import CURRENT, Edition
from athanor.games.alkemia.fieldturn import rolled
from athanor.games.alkemia.state import JSON, Player, State, given_cards, listed, norm, player

SITE_COMMANDS = {
    "SwapBeast": "swamp",
    "Barter": "city",
    "Temple": "temple",
    "Steal": "den",
    "SiftPost": "post",
    "TakeRecipe": "post",
    "TakeSprout": "tree",
}


def site_here(content: Content, state: State, seat: int) -> str:
    """The kind of Curious Site the seat may activate now ("" if none)."""
    if not rolled(state, seat):
        return ""
    p = player(state, seat)
    here = p["pos"]
    if p["seed"] < 1 or state["beast"]["pos"] == here:  # AK-CS-02, AK-CS-04
        return ""
    if here in state["turn"]["used_sites"]:  # type: ignore[index]  # AK-CS-03
        return ""
    kind = field.tile_at(content, state["field"], here).kind
    return "" if kind in ("patch", "glade") else kind


def matches(content: Content, card: str, request: JSON) -> bool:
    r = content.reagent(card)
    if request["kind"] == "type":
        return request["value"] in r.types
    return r.element == request["value"]


def holders(content: Content, state: State, seat: int, request: JSON) -> list[int]:
    """The other players still in the session after AK-BAR-03."""
    out = []
    for other in state["order_all"]:
        if other == seat:
            continue
        q = player(state, other)
        if request["kind"] == "seed":
            ok = q["seed"] >= request["value"]
        else:
            ok = any(matches(content, c, request) for c in q["hand"])
        if ok:
            out.append(other)
    return out


def sifting(state: State, seat: int) -> bool:
    """Whether the seat has paid a Trading Post's activation by sifting and must now
    sift again or take its top recipe (AK-Q-16; only alkemia-0.3 sifts pay)."""
    return rolled(state, seat) and state["turn"].get("sifted", 0) > 0  # type: ignore[union-attr]


def site_commands(content: Content, state: State, seat: int) -> list[JSON]:
    if sifting(state, seat):  # the activation is paid: nothing else until the recipe
        return post_commands(content, state, seat)
    kind = site_here(content, state, seat)
    p = player(state, seat)
    s = content.settings
    out: list[JSON] = []
    if kind == "swamp" and state["beast"]["pos"] is not None:
        out.append({"type": "SwapBeast"})
    elif kind == "city" and state["seats"] > 1:
        out += [{"type": "Barter", "reagent_type": t} for t in s.reagent_types]
        out += [{"type": "Barter", "element": e} for e in s.elements]
        free = p["forge"] - (p["seed"] - 1)  # after paying for the site (AK-Q-11)
        out += [{"type": "Barter", "seed": n} for n in range(1, free + 1)]
    elif kind == "temple":
        for e in s.elements:
            if state["decks"][e]:
                out.append({"type": "Temple", "element": e})
            else:  # AK-CS-14: pick from the discards; AK-Q-20: nothing to refresh
                out += [{"type": "Temple", "element": e, "card": c} for c in state["discards"][e]]
    elif kind == "den":
        out += [
            steal
            for o in state["order_all"]
            if o != seat and player(state, o)["hand"]
            for steal in dice.with_faces(state, {"type": "Steal", "target": o})
        ]
    elif kind == "post":
        out += post_commands(content, state, seat)
    elif kind == "tree" and state["sprouts"] > 0 and p["sprout"] is None:
        out.append({"type": "TakeSprout"})
    return out + glade_commands(content, state, seat)


def post_commands(content: Content, state: State, seat: int) -> list[JSON]:
    """Sifting (a Reagent discarded, the top recipe under) and taking the top recipe,
    while that Trading Post's deck has cards (AK-Q-16, AK-Q-17)."""
    p = player(state, seat)
    post = field.tile_at(content, state["field"], p["pos"]).item_type
    if not state["posts"][post]:
        return []
    out: list[JSON] = [{"type": "SiftPost", "card": c} for c in p["hand"]]
    if len(p["inventory"]) < content.settings.inventory_limit:
        out.append({"type": "TakeRecipe"})
    else:  # AK-INV-02: make room first
        out += [{"type": "TakeRecipe", "discard": c["card"]} for c in p["inventory"]]
    return out


def glade_commands(content: Content, state: State, seat: int) -> list[JSON]:
    """Summoning the Phasing Glade (AK-CS-07, AK-CS-08)."""
    if not rolled(state, seat):
        return []
    glade = state["glade"]
    p = player(state, seat)
    if glade["pos"] is not None or glade["week"] == state["week"] or p["seed"] < 1:
        return []
    out = []
    for k in field.outward(content, state["field"], p["pos"]):
        x, y = field.cell(k)
        out.append({"type": "SummonGlade", "x": x, "y": y})
    return out


def activate(
    content: Content,
    state: State,
    command: JSON,
    seat: int,
    rng: Rng,
    edition: Edition = CURRENT,
) -> list[Event]:
    kind = command["type"]
    if not listed(command, site_commands(content, state, seat)):
        here = site_here(content, state, seat)
        if SITE_COMMANDS.get(kind) != here:
            raise RuleViolation(
                "NO_SITE",
                "you must stand on that Curious Site, with 1 SEED, once per turn, "
                "and not with the Beast",
                "AK-CS-02",
            )
        raise RuleViolation("NOT_ALLOWED", "that activation is not possible now", "AK-CS-01")
    p = player(state, seat)
    here = p["pos"]
    paid = {"seat": seat, "site": here}
    if kind == "SwapBeast":
        to = state["beast"]["pos"]
        events = [Event("BeastSwapped", {**paid, "to": to})]
        return events + beast.landing(content, state, here, spare=seat)
    if kind == "Barter":
        if command.get("reagent_type"):
            request = {"kind": "type", "value": command["reagent_type"]}
        elif command.get("element"):
            request = {"kind": "element", "value": command["element"]}
        else:
            request = {"kind": "seed", "value": command["seed"]}
        partners = holders(content, state, seat, request)
        return [Event("BarterOpened", {**paid, "request": request, "partners": partners})]
    if kind == "Temple":
        return temple(state, command, seat, rng, paid)
    if kind == "Steal":
        target = command["target"]
        face = dice.roll(state, command, rng)
        events = [Event("StealRolled", {**paid, "target": target, "roll": face})]
        if face >= 2:  # AK-CS-16
            card = decks.pick(player(state, target)["hand"], rng)  # blind, from the hand
            body = {"seat": seat, "target": target, "card": card}
            events.append(Event("Stolen", body, only_seats(seat, target), {**body, "card": ""}))
        return events
    post = field.tile_at(content, state["field"], here).item_type
    site = "" if sifting(state, seat) else here  # "": paid with the first sift
    if kind == "SiftPost":  # AK-Q-16: discard a Reagent, the top recipe goes under
        if not edition.sift_pays:  # before alkemia-0.3: free, the recipe not owed
            return [Event("PostSifted", {"seat": seat, "post": post, "card": command["card"]})]
        body = {"seat": seat, "site": site, "post": post, "card": command["card"]}
        return [Event("PostSifted", body)]
    if kind == "TakeRecipe":
        card = state["posts"][post][0]
        body = {"seat": seat, "site": site, "post": post, "card": card}
        return [Event("RecipeTaken", {**body, "discard": command.get("discard", "")})]
    return [Event("SproutTaken", paid)]


def temple(state: State, command: JSON, seat: int, rng: Rng, paid: JSON) -> list[Event]:
    """AK-CS-13/14: refresh one element's deck and take a card."""
    e = command["element"]
    deck, pile = state["decks"][e], state["discards"][e]
    if deck:
        new = decks.shuffled_in(deck, pile, rng)
        drew = {"seat": seat, "element": e, "card": new[0], "from_discard": False}
        return [
            Event(
                "DeckRefreshed", {**paid, "element": e, "deck": new}, SERVER, {**paid, "element": e}
            ),
            Event("TempleDrew", drew, only_seats(seat), {**drew, "card": ""}),
        ]
    card = command["card"]
    rest = list(pile)
    rest.remove(card)
    drew = {"seat": seat, "element": e, "card": card, "from_discard": True}
    new = decks.shuffled_in(deck, rest, rng)  # the deck is empty: the rest alone
    return [
        Event("TempleDrew", drew),
        Event("DeckRefreshed", {**paid, "element": e, "deck": new}, SERVER, {**paid, "element": e}),
    ]


def summon(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    if not listed(command, glade_commands(content, state, seat)):
        raise RuleViolation(
            "NO_SUMMON",
            "summon the Glade once a week, for 1 SEED, at an arrow of your tile pointing off "
            "the Field",
            "AK-CS-08",
        )
    at = field.key(command.get("x", 0), command.get("y", 0))
    here = player(state, seat)["pos"]
    return [Event("GladeSummoned", {"seat": seat, "at": at, "joined": here})]


# ---------------------------------------------------------------- the barter session


def offers(p: Player, edition: Edition) -> list[JSON]:
    """The offers listed to each partner: nothing, each amount of SEED held, each
    Reagent of the hand and each pair of them. The partner may receive any number of
    Reagents and SEED (AK-BAR-08): any such offer is accepted, but listing every subset
    of a hand would be huge. Before alkemia-0.3: nothing, 1 SEED or one Reagent."""
    if not edition.barter_any_number:
        old: list[JSON] = [{"give_card": "", "give_seed": 0}]
        if p["seed"]:
            old.append({"give_card": "", "give_seed": 1})
        return old + [{"give_card": c, "give_seed": 0} for c in p["hand"]]
    out: list[JSON] = [{"give_cards": [], "give_seed": n} for n in range(p["seed"] + 1)]
    out += [{"give_cards": [c], "give_seed": 0} for c in p["hand"]]
    return out + [{"give_cards": list(two), "give_seed": 0} for two in combinations(p["hand"], 2)]


def initiator_commands(state: State, seat: int, edition: Edition = CURRENT) -> list[JSON]:
    """Each listed offer to each partner still in the session, or turning every offer
    down (AK-BAR-06..09)."""
    barter = state["barter"]
    if not barter or barter["seat"] != seat or state["pending"] is not None:
        return []
    p = player(state, seat)
    out: list[JSON] = [{"type": "CloseBarter"}]
    for partner in barter["partners"]:
        out += [
            {"type": "ProposeTrade", "partner": partner, **norm(offer)}
            for offer in offers(p, edition)
        ]
    return out


def offer_problem(state: State, command: JSON, seat: int) -> str:
    """Why an offer of any number of Reagents and SEED cannot be made ("" when it can)."""
    barter = state["barter"]
    if not barter or barter["seat"] != seat or state["pending"] is not None:
        return "only the seat that opened the barter makes offers, one at a time"
    if command.get("partner") not in barter["partners"]:
        return "offer a partner still in the barter"
    p = player(state, seat)
    if not 0 <= command.get("give_seed", 0) <= p["seed"]:
        return "offer no more SEED than you hold"
    cards = given_cards(command)
    if len(set(cards)) != len(cards) or any(c not in p["hand"] for c in cards):
        return "offer distinct Reagents from your hand"
    return ""


def propose(state: State, command: JSON, seat: int, edition: Edition = CURRENT) -> list[Event]:
    if command["type"] == "CloseBarter" or not edition.barter_any_number:
        if not listed(command, initiator_commands(state, seat, edition)):
            raise RuleViolation(
                "NO_OFFER", "offer one remaining partner nothing, 1 SEED or a Reagent", "AK-BAR-06"
            )
        if command["type"] == "CloseBarter":
            return [Event("BarterClosed", {"seat": seat})]
        offer: JSON = {
            "give_card": command.get("give_card", ""),
            "give_seed": command.get("give_seed", 0),
        }
    else:
        why = offer_problem(state, command, seat)
        if why:
            raise RuleViolation("NO_OFFER", why, "AK-BAR-08")
        offer = {"give_cards": given_cards(command), "give_seed": command.get("give_seed", 0)}
    body = {"seat": seat, "partner": command["partner"], **offer}
    who = only_seats(seat, command["partner"])
    return [Event("TradeProposed", body, who, {"seat": seat, "partner": command["partner"]})]


def answer_commands(content: Content, state: State, seat: int) -> list[JSON]:
    pending = state["pending"]
    if not pending or pending["kind"] != "trade" or not awaits(pending, seat):
        return []
    request = state["barter"]["request"]  # type: ignore[index]
    out: list[JSON] = [{"type": "AnswerTrade", "accept": False}]
    q = player(state, seat)
    if request["kind"] == "seed":
        if q["seed"] >= request["value"]:
            out.append({"type": "AnswerTrade", "accept": True})
    else:
        out += [
            {"type": "AnswerTrade", "accept": True, "card": c}
            for c in q["hand"]
            if matches(content, c, request)
        ]
    return out


def answer(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    if not listed(command, answer_commands(content, state, seat)):
        raise RuleViolation(
            "BAD_ANSWER", "accept with a card that meets the request, or decline", "AK-BAR-07"
        )
    barter = state["barter"]
    if not command.get("accept"):
        return [Event("TradeDeclined", {"seat": barter["seat"], "partner": seat})]  # type: ignore[index]
    offer = state["pending"]["details"]  # type: ignore[index]
    request = barter["request"]  # type: ignore[index]
    body = {
        "seat": barter["seat"],  # type: ignore[index]
        "partner": seat,
        "card": command.get("card", ""),
        "seed": request["value"] if request["kind"] == "seed" else 0,
        **offer,  # give_cards (or the older give_card) and give_seed
    }
    hidden = {**body, "card": ""}  # the others see the SEED move, not the cards
    if "give_card" in body:
        hidden["give_card"] = ""
    if "give_cards" in body:
        hidden["give_cards"] = []
    return [Event("TradeDone", body, only_seats(body["seat"], seat), hidden)]


def gain_seed(state: State, p: Player, n: int) -> None:
    """SEED above the Forge's size, or that the supply lacks, is lost (AK-Q-11)."""
    got = max(0, min(n, p["forge"] - p["seed"], state["supply_seed"]))
    p["seed"] += got
    state["supply_seed"] -= got
