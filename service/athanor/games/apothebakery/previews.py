"""Command previews: what a legal command would do, in a sentence, before it is sent.

The engine hands `preview` the acting seat's view (views.py) and one of its legal
commands, never the state, so a preview can only tell what that seat may already see:
its own hand, resources, objectives and spell; the board, the bags' counts, every
inventory, Mana and reputation. Besides the view it reads the content pack, which
is the printed cards (public). It is pure: the view is shared by every command of a
listing and is never changed.

Previews are offered where the consequence is worth knowing before sending: what a
heal earns (AB-HEAL-04, AB-HEAL-05, AB-SE-01), what a card costs and what is left
(AB-FOR-09, AB-FOR-10, AB-FOR-12, AB-FEED-01, AB-FOR-14), what a pick reveals (AB-FOR-04,
AB-TO-02, AB-IRI-03), what processing draws and costs (AB-ALC-03, AB-ABL-02, AB-ABL-03,
AB-ABL-06, AB-ABL-08, AB-Q-13), what Rainbow and Purge take (AB-ABL-11, AB-ABL-14,
AB-END-06, AB-END-07), which tokens an overflow keeps (AB-INV-03), which spell is kept
(AB-SPL-02, AB-SPL-04), what each spell does (AB-SPL-09..30), and which elixir a
discard or a Poltergeist takes (AB-INV-04, AB-GV-11, AB-GV-12, AB-Q-22, AB-Q-25), and
the inventory order a free rearranging gives (AB-INV-02).
Commands whose outcome is the die's or hidden (a roll, passing, the blind draw's
cards) say only what is certain, or nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.engine import previews
from athanor.games.apothebakery import (
    alchemy,
    foraging,
    ghosts,
    healing,
    inventory,
    scoring,
    spells,
)
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.state import FAILED, SPECTRAL
from athanor.games.wording import count, listing, title

JSON = dict[str, Any]


class Seen(previews.Seen):
    """The acting seat's view, with the look-ups Apothebakery's previews need; the
    content is the rules' `Cards`."""

    def __init__(self, cards: Cards, view: JSON, seat: str) -> None:
        super().__init__(cards, view, seat)
        self.cards = cards

    def mana_text(self, abilities: int) -> str:
        cost = alchemy.mana_for(self.cards, self.me["activations"], abilities)
        return f"for {cost} Mana; {self.me['mana'] - cost} Mana left"

    def free_slots(self) -> int:
        return self.cards.inventory_size() - len(self.me["inventory"])

    def inventory(self, slot: int) -> str:
        return str(self.me["inventory"][slot - 1])

    def token(self, token: str) -> str:
        return token_name(self.cards, token)

    def resource(self, card: str) -> str:
        return resource_name(self.cards, card)

    def adventurer(self, pos: JSON) -> str:
        return self.cards.adventurer_name(pos["adventurer"])

    def spell(self, card: str) -> str:
        return self.cards.spell_name(card)


def acting_seat(view: JSON) -> str | None:
    """The seat whose view this is: the one player shown with its Forrie hand."""
    players = view.get("players") or {}
    mine = [s for s, p in players.items() if isinstance(p.get("forrie_hand"), list)]
    return mine[0] if len(mine) == 1 else None


# -- words --------------------------------------------------------------------------


def token_name(cards: Cards, token: str) -> str:
    return cards.names().get(token, token)


def resource_name(cards: Cards, card: str) -> str:
    """A Wilderness card by its printed face ("Rock 2": type and potency), never its id."""
    return cards.names().get(card) or f"{title(cards.resource(card).type)} card"


def bag_text(view: JSON, bag: str) -> str:
    b = view["bags"][bag]
    return f"the {title(bag)} bag ({b['pure']} Pure, {b['impure']} Impure, {b['failed']} Failed)"


def draws_possible(view: JSON, bag: str, wanted: int) -> int:
    """Draws a bag gives: a Failed token goes straight back, so a bag holding one never
    runs dry; otherwise an empty bag ends the draws (AB-ALC-09, AB-Q-13)."""
    b = view["bags"][bag]
    return wanted if b["failed"] else min(wanted, b["pure"] + b["impure"])


def removed_tokens(tokens: list[str]) -> str:
    failed = sum(t == FAILED for t in tokens)
    vials = sum(t == SPECTRAL for t in tokens)
    parts = [count(failed, "Failed Elixir")] if failed else []
    parts += [count(vials, "Spectral Vial")] if vials else []
    return listing(parts) if parts else "no Failed Elixirs or Spectral Vials"


# -- setup and Foraging -------------------------------------------------------------


def exchange_objectives(s: Seen, command: JSON) -> str:
    returned = command.get("return", [])
    kept = [o for o in s.me["objectives"] if o not in returned]

    def names(ids: list[str]) -> str:
        return listing([f"'{s.cards.objective(o).title}'" for o in ids])

    if not returned:
        return f"Keeps your {count(len(kept), 'objective')}: {names(kept)}."
    text = f"Returns {names(returned)} for {count(len(returned), 'unseen objective')}"
    return text + (f"; keeps {names(kept)}." if kept else ".")


def pick_forries(s: Seen, command: JSON) -> str:
    shown = foraging.pick_totals(s.cards, command["cards"])
    stamina, strength, forries = shown["stamina"], shown["strength"], shown["count"]
    text = f"Reveals {stamina} stamina and {strength} strength with {count(forries, 'Forrie')}"
    benefit = command.get("benefit")
    if benefit == "first":
        return f"{text}; the Iridescent claims first place in turn order."
    if benefit == "draw":
        drawn = s.cards.blind_draw()[1]
        return f"{text}; the Iridescent gives {drawn} Wilderness cards free."
    return f"{text}; the lowest stamina forages first."


def feed_forries(s: Seen, command: JSON) -> str:
    potency = s.cards.resource(command["card"]).potency
    stamina = s.me["stamina"]
    return (
        f"Feeds {s.resource(command['card'])} to your Forries: "
        f"{stamina} stamina becomes {stamina + potency}."
    )


def take_card(s: Seen, command: JSON) -> str:
    w = s.view["wilderness"]
    slot = command["slot"]
    card = w["slots"][slot - 1]
    printed = w["costs"][slot - 1]
    species = foraging.forager_species(s.me)
    match = s.cards.resource(card).type == species
    cost = foraging.card_cost(s.cards, printed, card, species)
    why = f" (slot cost {printed}, 1 less for {title(species)})" if match else ""
    left = s.me["stamina"] - cost
    return f"Takes {s.resource(card)} for {cost} stamina{why}; {left} stamina left."


def draw_blind(s: Seen, command: JSON) -> str:
    cost, wanted = s.cards.blind_draw()
    w = s.view["wilderness"]
    n = min(wanted, w["deck"] + len(w["discard"]))
    free = bool(command.get("iridescent"))
    paid = 0 if free else cost
    how = "free with your Iridescent" if free else f"for {paid} stamina"
    left = s.me["stamina"] - paid
    return f"Draws {count(n, 'unseen Wilderness card')} {how}; {left} stamina left."


def end_foraging(s: Seen, command: JSON) -> str | None:
    stamina = s.me["stamina"]
    if stamina <= 0:
        return None
    return f"Ends your foraging turn; {stamina} unspent stamina is lost."


# -- Alchemy ------------------------------------------------------------------------


def process_card(s: Seen, command: JSON) -> str:
    resource = s.cards.resource(command["card"])
    bag, wanted = alchemy.draw_plan(
        s.cards, command["card"], command.get("transmute"), bool(command.get("potency"))
    )
    n = draws_possible(s.view, bag, wanted)
    abilities = len(
        alchemy.requested(
            bool(command.get("transmute")),
            bool(command.get("potency")),
            bool(command.get("rainbow")),
        )
    )
    text = f"Draws {n} from {bag_text(s.view, bag)}"
    if command.get("transmute") and bag != resource.type:
        text += f" instead of the {title(resource.type)} bag"
    elif command.get("transmute"):  # listed by apothebakery-0.2 rules only (edition.py)
        text += ", its own bag: the Transmute changes nothing"
    if command.get("potency"):
        text += ", one more for +1 Potency"
    text += f" {s.mana_text(abilities)}" if abilities else " for no Mana"
    if command.get("rainbow"):
        text += (
            "; two Pure, from the draw first, become one Rainbow"
            " (paid for even if the draw brings no Pure, or too few, and none is made)"
        )
    free = s.free_slots()
    if n > free:
        text += f"; room for {free}, then you choose what to keep"
    return text + "."


def make_rainbow(s: Seen, command: JSON) -> str:
    inputs = [s.token(s.inventory(i)) for i in command["slots"]]
    return f"Turns {listing(inputs)} into one Rainbow {s.mana_text(1)}."


def purge(s: Seen, command: JSON) -> str:
    chosen = command.get("discard", [])
    inv = s.me["inventory"]
    gone = alchemy.purged(inv, [])
    forced = [t for t, out in zip(inv, gone, strict=True) if out]
    extra = [s.token(inv[i - 1]) for i in chosen if not gone[i - 1]]
    saved = -sum(scoring.penalties(s.cards, forced))
    text = f"Removes {removed_tokens(forced)}"
    if extra:
        text += f", and discards {listing(extra)}"
    if saved:
        text += f" (-{saved} reputation at the end)"
    return f"{text} {s.mana_text(1)}."


def keep_tokens(s: Seen, command: JSON) -> str | None:
    pending = s.view.get("pending") or {}
    if pending.get("kind") != "overflow":
        return None
    choices = pending["choices"]
    kept = [s.token(choices[i - 1]) for i in command["keep"]]
    dropped = [s.token(t) for i, t in enumerate(choices, 1) if i not in command["keep"]]
    forced = [s.token(t) for t in pending.get("forced", [])]
    must = f"the {listing(forced)} that must stay"
    if not kept:
        text = f"Keeps only {must}"
    else:
        text = f"Keeps {listing(kept)}" + (f", plus {must}" if forced else "")
    return f"{text}; drops {listing(dropped)}."


# -- Healing ------------------------------------------------------------------------


def heal(s: Seen, command: JSON) -> str | None:
    if "stasis" in command:
        pos = s.me["stasis"][command["stasis"] - 1]
    else:
        pos = s.view["adventurers"][command["position"] - 1]
    if not pos:
        return None
    cure = s.cards.cure(pos["cure"]).reputation
    hearts = pos["hearts"]
    bonus = s.cards.heal_bonus(hearts)
    used = [s.inventory(i) for i in command["tokens"]]
    impure = healing.impure_count(used)
    text = (
        f"Heals {s.adventurer(pos)} for {cure + bonus} reputation: {cure} for the Cure "
        f"and {bonus} for {count(hearts, 'heart')}; uses {listing([s.token(t) for t in used])}"
    )
    if impure:
        text += f"; then {count(impure, 'side-effect roll')} for the Impure"
    return text + "."


def keep_spell(s: Seen, command: JSON) -> str | None:
    pending = s.view.get("pending") or {}
    if pending.get("kind") != "keep_spell" or "cards" not in pending:
        return None
    card, oven = command["card"], s.me.get("oven")
    others = [s.spell(c) for c in pending["cards"] if c != card]
    if oven is None or command.get("replace", True):
        text = f"Puts {s.spell(card)} in your oven"
        if oven is not None:
            text += f", discarding {s.spell(oven)}"
    else:
        text = f"Keeps {s.spell(oven)} in your oven; {s.spell(card)} goes back to the deck"
        return text + (f", with {listing(others)}." if others else ".")
    if others:
        text += f"; {listing(others)} {'goes' if len(others) == 1 else 'go'} back to the deck"
    return text + "."


# -- spells -------------------------------------------------------------------------


def cast_spell(s: Seen, command: JSON) -> str | None:
    spell = s.cards.spell_of(command["card"])
    effect = SPELLS.get(spell)
    words = effect(s, command) if effect else None
    name = s.spell(command["card"])
    return f"Casts {name}: {words}" if words else None


def stasis(s: Seen, command: JSON) -> str:
    pos = s.view["adventurers"][command["position"] - 1]
    return (
        f"{s.adventurer(pos)} ({count(pos['hearts'], 'heart')}) moves beside your station, "
        "loses no hearts and only you can heal it."
    )


def cleanse(s: Seen, command: JSON) -> str:
    target = command["target"]
    gone = removed_tokens(spells.cleansed(s.view["players"][str(target)]["inventory"]))
    return f"you gain {spells.CLEANSE_REPUTATION} reputation and seat {target} loses {gone}."


def free_sample(s: Seen, command: JSON) -> str:
    position, delta = command["position"], command["hearts"]
    pending = s.view.get("pending") or {}
    healing = (pending.get("then") or {}).get("heal") if pending.get("kind") == "reaction" else None
    if healing and healing.get("position") == position and not s.view["adventurers"][position - 1]:
        hearts = healing["hearts"]
        after = hearts + delta
        bonus = s.cards.heal_bonus(after)
        return (
            f"{s.adventurer(healing)}, being healed, goes from {hearts} to "
            f"{count(after, 'heart')}: the healer's health bonus becomes {bonus}."
        )
    pos = s.view["adventurers"][position - 1]
    hearts = pos["hearts"]
    after = hearts + delta
    if after <= 0:
        name = s.adventurer(pos)
        return f"{name} loses its last heart and dies; you resolve its Ghost Vengeance."
    return f"{s.adventurer(pos)} goes from {hearts} to {count(after, 'heart')}."


def metamorphosis(s: Seen, command: JSON) -> str:
    return f"your Forries count as {title(command['species'])} for one foraging turn."


def helping_hand(s: Seen, command: JSON) -> str:
    to, bag = command["to"], command["bag"]
    token = s.token(s.inventory(command["slot"]))
    full = inventory.is_full(s.cards, s.view["players"][str(to)]["inventory"])
    given = (
        f"your {token} is discarded (seat {to} has no room)"
        if full
        else f"seat {to} gets your {token}"
    )
    return f"{given}; then you draw 2 from {bag_text(s.view, bag)}."


def forrie_tamer(s: Seen, command: JSON) -> str:
    other = s.view["players"][str(command["with"])]
    return (
        f"your Forrie deck ({count(s.me['forrie_deck'], 'card')}) and exhausted pile go to "
        f"seat {command['with']} for theirs ({count(other['forrie_deck'], 'card')}); "
        f"your Forries become {title(other['species'])}."
    )


def clean_sweep(s: Seen, command: JSON) -> str:
    w = s.view["wilderness"]
    on_board = sum(c is not None for c in w["slots"])
    # the discard is shuffled in when the deck is short, before the swept cards join it
    new = min(len(w["slots"]), w["deck"] + len(w["discard"]))
    return (
        f"the {count(on_board, 'Wilderness card')} on the board are discarded and "
        f"{new} new ones dealt."
    )


SPELLS: dict[str, Callable[[Seen, JSON], str]] = {
    "stasis": stasis,
    "cleanse": cleanse,
    "free_sample": free_sample,
    "metamorphosis": metamorphosis,
    "helping_hand": helping_hand,
    "forrie_tamer": forrie_tamer,
    "clean_sweep": clean_sweep,
}


# -- Ghost Vengeance and forced tokens -----------------------------------------------


def discard_elixir(s: Seen, command: JSON) -> str:
    return f"Discards {s.token(s.inventory(command['slot']))} for the Ghost Vengeance."


def make_room(s: Seen, command: JSON) -> str | None:
    pending = s.view.get("pending") or {}
    if pending.get("kind") != "make_room":
        return None
    placed = s.token(pending["token"])
    return f"Discards {s.token(s.inventory(command['slot']))} to make room for a {placed}."


def pass_elixir(s: Seen, command: JSON) -> str | None:
    pending = s.view.get("pending") or {}
    end = ghosts.end_of(str(pending.get("event", "")))
    if end is None:
        return None
    slot = ghosts.nearest(s.me["inventory"], end)
    if slot is None:
        return None
    to = command["to"]
    receiver = s.view["players"][str(to)]["inventory"]
    token = s.inventory(slot)
    text = f"Passes your {end}-most elixir, {s.token(token)}, to seat {to}"
    if pending.get("kind") == "poltergeist":
        # every pass is chosen first and they move together (ghosts.py): where it lands
        # depends on the choices still secret, so only what is certain is said
        others = [p for p in pending["seats"] if p != int(s.seat)]
        if others:
            text += ", when every pass is chosen; all elixirs then move at once"
        if inventory.is_full(s.cards, receiver) and to not in pending["seats"]:
            text += f"; seat {to} has no room, so it replaces their {end}-most elixir (if any)"
        return text + "."
    displaced = ghosts.displaced_by(s.cards, receiver, end)
    if displaced:  # a full receiver gives up its elixir at the same end (AB-GV-12)
        text += f", who discards {s.token(receiver[displaced - 1])} for it"
    elif displaced == 0:
        text += f", who has no room: {s.token(token)} is lost"
    return text + "."


# -- free commands ------------------------------------------------------------------


def arrange_inventory(s: Seen, command: JSON) -> str | None:
    """A free move of one token to an end (inventory.arrange_commands), or any order."""
    inv = s.me["inventory"]
    order = command.get("order")
    if not isinstance(order, list) or sorted(order) != list(range(1, len(inv) + 1)):
        return None
    new = ", ".join(s.token(inv[i - 1]) for i in order)
    for end, slot, rest in (("left", order[0], order[1:]), ("right", order[-1], order[:-1])):
        if rest == sorted(rest):
            return f"Moves {s.token(inv[slot - 1])} to the {end} end: {new}."
    return f"Rearranges the inventory: {new}."


PREVIEWS: dict[str, Callable[[Seen, JSON], str | None]] = {
    "ExchangeObjectives": exchange_objectives,
    "PickForries": pick_forries,
    "FeedForries": feed_forries,
    "TakeCard": take_card,
    "DrawBlind": draw_blind,
    "EndForaging": end_foraging,
    "ProcessCard": process_card,
    "MakeRainbow": make_rainbow,
    "Purge": purge,
    "KeepTokens": keep_tokens,
    "Heal": heal,
    "KeepSpell": keep_spell,
    "CastSpell": cast_spell,
    "DiscardElixir": discard_elixir,
    "MakeRoom": make_room,
    "PassElixir": pass_elixir,
    "ArrangeInventory": arrange_inventory,
}

# preview(cards, view, command): the rules' Presentation.preview
preview = previews.previewer(PREVIEWS, acting_seat, seen=Seen)
