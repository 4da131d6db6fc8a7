"""Command previews: what a legal command would do, from the acting seat's view alone.

The engine hands `preview` the seat's view (views.py) and one of its legal commands,
never the state, so a preview names the seat's own hand and the public table, never a
deck's order, the bag or another hand. The acting seat is the one whose hand the view
lists (others show counts only; a spectator's view lists none).

The arithmetic is the rules': move costs from `field.reachable`, an Item's power from
`Content.power` and its strength from `fieldturn.amount`, SEED gains through
`sites.gain_seed` (the Forge's room and the supply), a recipe's ingredients from
`alchemy.needs_for`. The view has the
state's shape for the parts those functions read (players' positions, Alchemists,
inventories, the Field), so they are given the view itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from athanor.engine import previews
from athanor.games.alkemia import field
from athanor.games.alkemia.alchemy import needs_for
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.crest import SPROUT
from athanor.games.alkemia.edition import CURRENT, Edition
from athanor.games.alkemia.fieldturn import amount
from athanor.games.alkemia.labels import for_pack, tile_name
from athanor.games.alkemia.sites import gain_seed
from athanor.games.alkemia.state import Player, State, given_cards
from athanor.games.alkemia.words import a
from athanor.games.wording import count, listing

JSON = dict[str, Any]


class Seen(previews.Seen):
    """The pack, the view and the acting seat's own part of it, with the pack's names."""

    content: Content

    def __init__(self, content: Content, view: JSON, seat: str, edition: Edition = CURRENT) -> None:
        super().__init__(content, view, seat)
        self.names = for_pack(content).all()
        self.edition = edition  # the rules version's decisions (edition.py)

    def name(self, ident: Any, unknown: str = "a card") -> str:
        return self.names.get(str(ident), unknown) if ident else unknown

    def names_of(self, ids: Any) -> str:
        return listing([self.name(i) for i in ids or []])

    def place(self, k: str) -> str:
        """A cell of the Field with its tile: "the Fire Patch 1 at cell 2,0"."""
        spot = self.view["field"].get(k)
        if spot is None:
            return f"cell {k}"
        return f"the {self.name(spot['tile'], 'tile')} at cell {k}"

    @property
    def here(self) -> str:
        return str(self.me["pos"])

    @property
    def seed(self) -> int:
        return int(self.me["seed"])

    @property
    def fa(self) -> int:
        turn = self.view.get("turn") or {}
        return int(turn.get("fa", 0))

    def seed_after_gain(self, n: int) -> int:
        """SEED once `n` are gained: the rules' own capping by the Forge and the supply."""
        mine = cast(Player, {"seed": self.seed, "forge": int(self.me["forge"])})
        supply = cast(State, {"supply_seed": int(self.view.get("supply_seed", 0))})
        gain_seed(supply, mine, n)
        return int(mine["seed"])

    def seed_text(self, delta: int) -> str:
        return f"SEED {self.seed} to {self.seed + delta}"

    def as_state(self) -> State:
        return cast(State, self.view)

    def site_paid(self) -> str:
        return f"Pays 1 SEED ({self.seed_text(-1)})"

    @property
    def sifted(self) -> bool:
        """A Trading Post's activation already paid by sifting (AK-Q-16)."""
        return int((self.view.get("turn") or {}).get("sifted", 0)) > 0


def acting_seat(view: JSON) -> str | None:
    """The seat whose view this is: the only player whose hand is listed."""
    own = [k for k, p in (view.get("players") or {}).items() if isinstance(p.get("hand"), list)]
    return own[0] if len(own) == 1 else None


def cell_of(command: JSON) -> str:
    return field.key(int(command.get("x", 0)), int(command.get("y", 0)))


# ---------------------------------------------------------------- building and moving


def place_tile(s: Seen, c: JSON) -> str:
    tile = s.name((s.view.get("build") or {}).get("drawn"), "drawn tile")
    turns = int(c.get("rotation", 0))
    turned = f", turned {count(turns, 'quarter turn')} clockwise" if turns else ""
    return f"Places the {tile} at cell {cell_of(c)}{turned}."


def rolled(c: JSON) -> str:
    """How a command rolls the D3: by the server, or the face the table's die shows."""
    return f"takes the {c['face']} the D3 shows" if c.get("face") else "rolls the D3"


def roll_forage(s: Seen, c: JSON) -> str:
    base = s.content.settings.field_actions
    gets = f"{base + c['face']}" if c.get("face") else f"{base} + the roll"
    text = f"{rolled(c).capitalize()} to start your Field turn: {gets} Field Actions"
    if (s.view.get("beast") or {}).get("active"):
        text += "; the roll also moves the Beast"
    return text + "."


def move(s: Seen, c: JSON) -> str:
    to = cell_of(c)
    cost = field.reachable(s.content, s.view["field"], s.here, s.fa).get(to)
    if cost is None:
        return f"Moves to {s.place(to)}."
    text = f"Moves to {s.place(to)} for {count(cost, 'Field Action')}: {s.fa - cost} left"
    if (s.view.get("beast") or {}).get("pos") == to:
        text += "; the Beast is there"
    return text + "."


def gather(s: Seen, c: JSON) -> str:
    tile = field.tile_at(s.content, s.view["field"], s.here)
    left = int((s.view.get("decks") or {}).get(tile.element, 0))
    taken = int(((s.view.get("turn") or {}).get("gathered") or {}).get(s.here, 0))
    more = s.content.settings.gather_limit - taken - 1
    return (
        f"Takes the top card of the {tile.element} deck ({left} there) for 1 Field Action: "
        f"{s.fa} to {s.fa - 1} left; {count(more, 'more card')} from this patch this turn."
    )


def end_turn(s: Seen, c: JSON) -> str:
    text = f"Ends your Field turn on {s.place(s.here)}"
    if s.fa:
        text += f", leaving {count(s.fa, 'Field Action')} unused"
    if (s.view.get("glade") or {}).get("pos") == s.here:
        text += "; you may activate the Glade in the Alchemy Phase"
    return text + "."


def move_beast(s: Seen, c: JSON) -> str:
    if c.get("stay"):
        return "Leaves the Beast where it is."
    to = cell_of(c)
    here = [k for k, p in s.view["players"].items() if p["pos"] == to]
    text = f"Moves the Beast to {s.place(to)}"
    if here:
        text += f"; there: {listing([f'seat {k}' for k in sorted(here, key=int)])}"
    return text + "."


def lose_to_beast(s: Seen, c: JSON) -> str:
    if c.get("seed"):
        return f"Gives the Beast 1 SEED: {s.seed_text(-1)}."
    return f"Gives the Beast your {s.name(c.get('card'))}: it goes to its discard pile."


# ---------------------------------------------------------------- Curious Sites


def swap_beast(s: Seen, c: JSON) -> str:
    beast = str((s.view.get("beast") or {}).get("pos") or "")
    return f"{s.site_paid()} to swap places with the Beast: you go to {s.place(beast)}."


def barter(s: Seen, c: JSON) -> str:
    if c.get("reagent_type"):
        wanted = a(f"{c['reagent_type']} Reagent")
    elif c.get("element"):
        wanted = a(f"{c['element']} Reagent")
    else:
        wanted = f"{c.get('seed', 0)} SEED"
    return f"{s.site_paid()} to barter for {wanted}: whoever can give it may hear your offer."


def temple(s: Seen, c: JSON) -> str:
    e = c.get("element", "")
    if c.get("card"):
        return (
            f"{s.site_paid()} and takes {s.name(c['card'])} from the {e} discards; the rest "
            f"become the {e} deck."
        )
    pile = len((s.view.get("discards") or {}).get(e, []))
    return (
        f"{s.site_paid()}: the {e} deck is shuffled with its {count(pile, 'discard')} and you "
        "take its top card."
    )


def steal(s: Seen, c: JSON) -> str:
    target = str(c.get("target", ""))
    held = (s.view["players"].get(target) or {}).get("hand", 0)
    n = held if isinstance(held, int) else len(held)
    return (
        f"{s.site_paid()} and {rolled(c)} against seat {target}: a good roll takes one of "
        f"their {count(n, 'Reagent')} at random."
    )


def post_here(s: Seen) -> str:
    return field.tile_at(s.content, s.view["field"], s.here).item_type


def sift_post(s: Seen, c: JSON) -> str:
    post = post_here(s)
    top = ((s.view.get("posts") or {}).get(post) or {}).get("top")
    what = (
        f"discards {s.name(c.get('card'))}: the top {post} recipe, "
        f"{s.name(top, 'unknown')}, goes under its deck"
    )
    if s.edition.sift_pays and not s.sifted:  # the activation's SEED (AK-Q-16)
        return f"{s.site_paid()} for the Trading Post and {what}; you then take a recipe."
    return f"D{what[1:]}."


def take_recipe(s: Seen, c: JSON) -> str:
    post = post_here(s)
    top = ((s.view.get("posts") or {}).get(post) or {}).get("top")
    paid = "Takes" if s.sifted else f"{s.site_paid()} and takes"
    text = f"{paid} the {post} recipe {s.name(top, 'on top')}"
    if c.get("discard"):
        text += f", giving up {s.name(c['discard'])} to make room"
    return text + "."


def take_sprout(s: Seen, c: JSON) -> str:
    return f"{s.site_paid()} and takes a Sprout, face down: it flips in the R step."


def summon_glade(s: Seen, c: JSON) -> str:
    return (
        f"{s.site_paid()} and summons the Phasing Glade at cell {cell_of(c)}, beside your tile: "
        "it leaves before the C step."
    )


# ---------------------------------------------------------------- the barter session


def propose_trade(s: Seen, c: JSON) -> str:
    request = (s.view.get("barter") or {}).get("request") or {}
    wanted = (
        f"{request.get('value')} SEED"
        if request.get("kind") == "seed"
        else a(f"{request.get('value')} Reagent")
    )
    return f"Offers seat {c.get('partner')} {offered(s, c, 'your ')} for {wanted}."


def offered(s: Seen, offer: JSON, whose: str = "") -> str:
    """What a barter offer gives: its Reagents and SEED, or nothing."""
    parts = [whose + s.name(card) for card in given_cards(offer)]
    if offer.get("give_seed"):
        parts.append(f"{offer['give_seed']} SEED")
    return listing(parts) if parts else "nothing"


def answer_trade(s: Seen, c: JSON) -> str:
    barter = s.view.get("barter") or {}
    asker = barter.get("seat", "")
    if not c.get("accept"):
        return f"Turns down the offer of seat {asker} and leaves the barter."
    details = (s.view.get("pending") or {}).get("details") or {}
    gets = offered(s, details)
    request = barter.get("request") or {}
    gives = (
        f"{request.get('value')} SEED"
        if request.get("kind") == "seed"
        else f"your {s.name(c.get('card'))}"
    )
    return f"Gives seat {asker} {gives} and gets {gets}."


def close_barter(s: Seen, c: JSON) -> str:
    return "Turns every offer down: the barter ends."


# ---------------------------------------------------------------- Items, Artifact, Spirit


def power_text(s: Seen, effect: str, n: int, c: JSON) -> str:
    if effect == "actions":
        return f"{count(n, 'Field Action')} more: {s.fa} to {s.fa + n}"
    if effect == "draw":
        return f"draws {count(n, 'Reagent')} from the {c.get('element') or c.get('card')} deck"
    if effect == "seed":
        return f"SEED {s.seed} to {s.seed_after_gain(n)}"
    if effect == "mirror":
        if c.get("beast"):
            beast = str((s.view.get("beast") or {}).get("pos") or "")
            return f"swaps places with the Beast, going to {s.place(beast)}"
        target = str(c.get("target", ""))
        there = (s.view["players"].get(target) or {}).get("pos", "")
        return f"swaps places with seat {target}, going to {s.place(str(there))}"
    if effect == "dagger":
        return (
            f"takes 1 SEED from seat {c.get('target')} (SEED {s.seed} to "
            f"{s.seed_after_gain(1)}) and draws 2 Reagents from the {c.get('element')} deck"
        )
    if effect == "hinder":
        target = str(c.get("target", ""))
        held = int((s.view["players"].get(target) or {}).get("seed", 0))
        return f"seat {target} loses {min(n, held)} SEED to the supply"
    if effect == "elixir":
        return f"{rolled(c)}, then you discard that many Reagents for 1 SEED each"
    return "uses its power"


def use_item(s: Seen, c: JSON) -> str:
    card = str(c.get("card", ""))
    item = s.content.item(card)
    n = amount(s.content, s.as_state(), int(s.seat), card)
    twice = " (twice, on your element)" if n > 1 else ""
    return f"Uses {s.name(card)}{twice}: {power_text(s, s.content.power(item), n, c)}; it depletes."


def use_artifact(s: Seen, c: JSON) -> str:
    art = s.me.get("artifact")
    if not art:
        return "Uses your Artifact, once this week."
    effect = s.content.artifact(art).effect
    if effect == "discard_pick":
        what = f"takes {s.name(c.get('card'))} from the discards"
    else:
        what = power_text(s, effect, 1, c)
    return f"Uses {s.name(art)}: {what}, once this week."


def elixir_discard(s: Seen, c: JSON) -> str:
    gain = f"SEED {s.seed} to {s.seed_after_gain(1)}"
    return f"Discards {s.name(c.get('card'))} to the Elixir: {gain}."


def use_reagent(s: Seen, c: JSON) -> str:
    return (
        f"Puts {s.name(c.get('card'))} into your inventory: each of your recipes needs one "
        "Water fewer."
    )


def return_spirit(s: Seen, c: JSON) -> str:
    return f"Pays 1 SEED ({s.seed_text(-1)}) to take the Water Spirit back to your hand."


# ---------------------------------------------------------------- Alchemy and CREST


def activate_glade(s: Seen, c: JSON) -> str:
    return (
        f"Pays 1 SEED ({s.seed_text(-1)}) to activate the Glade: one recipe this phase may "
        "take any 2 Reagents as its last ingredient."
    )


def synthesize(s: Seen, c: JSON) -> str:
    recipe = str(c.get("recipe", ""))
    needs = needs_for(s.content, cast(Player, s.me), s.content.item(recipe))
    text = f"Makes {s.name(recipe)} (needs {listing(needs)}) from {s.names_of(c.get('reagents'))}"
    if c.get("sprout"):
        text += " and your Sprout"
    if c.get("pair"):
        text += f", with {s.names_of(c['pair'])} as the Glade's pair"
    return text + "; you draw your next ingredient tile when the phase is revealed."


def sacrifice(s: Seen, c: JSON) -> str:
    slot = int(c.get("slot", 0))
    slots = s.me.get("slots") or []
    tile = slots[slot - 1]["tile"] if 0 < slot <= len(slots) else None
    need = f" ({tile_name(tile)})" if tile else ""
    card = c.get("card")
    what = "your Sprout" if card == SPROUT else s.name(card)
    text = f"Sacrifices {what} to satisfy ingredient {slot}{need}"
    entry = next((e for e in s.me.get("inventory") or [] if e["card"] == card), None)
    if entry is not None and entry.get("depleted"):
        text += f"; it is depleted: {s.seed_text(-1)}"
    return text + "."


def convert(s: Seen, c: JSON) -> str:
    return f"Discards {s.name(c.get('card'))} for 1 SEED: SEED {s.seed} to {s.seed_after_gain(1)}."


def discard_excess(s: Seen, c: JSON) -> str:
    n = len(s.me.get("hand") or [])
    limit = s.content.settings.hand_limit
    return f"Discards {s.name(c.get('card'))}: {n} to {n - 1} Reagents in hand, of {limit} allowed."


def finish(what: str) -> Callable[[Seen, JSON], str]:
    return lambda s, c: what


PREVIEWS: dict[str, Callable[[Seen, JSON], str]] = {
    "PlaceTile": place_tile,
    "RollForage": roll_forage,
    "MoveBeast": move_beast,
    "LoseToBeast": lose_to_beast,
    "Move": move,
    "Gather": gather,
    "SwapBeast": swap_beast,
    "Barter": barter,
    "ProposeTrade": propose_trade,
    "CloseBarter": close_barter,
    "AnswerTrade": answer_trade,
    "Temple": temple,
    "Steal": steal,
    "SiftPost": sift_post,
    "TakeRecipe": take_recipe,
    "TakeSprout": take_sprout,
    "SummonGlade": summon_glade,
    "UseItem": use_item,
    "UseArtifact": use_artifact,
    "ElixirDiscard": elixir_discard,
    "UseReagent": use_reagent,
    "ReturnSpirit": return_spirit,
    "EndTurn": end_turn,
    "ActivateGlade": activate_glade,
    "Synthesize": synthesize,
    "FinishAlchemy": finish(
        "Says you have finished the Alchemy Phase; your sessions are shown when every seat has."
    ),
    "Sacrifice": sacrifice,
    "FinishCrest": finish(
        "Says you have finished the C step; sacrifices are shown when every seat has."
    ),
    "ConvertToSeed": convert,
    "DiscardExcess": discard_excess,
    "FinishWeek": finish("Says you have finished the week: depleted Items refresh."),
}


def previewer_for(edition: Edition) -> Callable[[Content, JSON, JSON], str | None]:
    """`preview(content, view, command)` under one rules version's decisions."""
    return previews.previewer(
        PREVIEWS, acting_seat, seen=lambda content, view, seat: Seen(content, view, seat, edition)
    )


preview = previewer_for(CURRENT)
