"""Event sentences: the presentation's `describe(event_type, body)` part.

Each event is worded from the body the reader was sent, so a redacted body (another
seat's gathered card, a secret alchemy session, a sealed set-up) still reads as a
sentence that tells nothing the body does not: every field is read with a default and
an empty card ("") reads as "a Reagent". Ids read as their printed names (labels.py);
cells read as "cell x,y" (a body holds no Field to name the tile there). Seats read as
"Seat N"/"seat N", which the engine turns into the players' names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from athanor.games.alkemia.content import Content
from athanor.games.alkemia.labels import SPROUT, for_pack, tile_name
from athanor.games.alkemia.state import given_cards
from athanor.games.wording import count, listing

JSON = dict[str, Any]
Word = Callable[["Words", JSON], str]

WHY_NO_TILE = {
    "sealed": "the last three wait for the Artifact to unseal",
    "complete": "all six ingredients are already revealed",
    "bag": "the bag holds no tile of the shape needed",
}


class Words:
    """The pack's names, for the sentences."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.names: Mapping[str, str] = for_pack(content).all()

    def name(self, ident: Any, unknown: str = "a Reagent") -> str:
        """An id as printed; an empty (redacted) id reads as `unknown`."""
        if not ident:
            return unknown
        return self.names.get(str(ident), str(ident))

    def names_of(self, ids: Any) -> str:
        return listing([self.name(i) for i in ids or []])

    def card(self, ident: Any) -> str:
        """A sacrificed card: a Reagent, a made Item or the Sprout."""
        return "their Sprout" if ident == SPROUT else self.name(ident)


def a(word: Any) -> str:
    """ "a Fire Reagent", "an Earth Reagent"."""
    return f"{'an' if str(word)[:1] in 'AEIOU' else 'a'} {word}"


def seat(n: Any) -> str:
    return f"seat {n}"


def seats(ns: Any) -> str:
    return listing([seat(n) for n in ns or []])


def cell(k: Any) -> str:
    return f"cell {k}" if k else "a cell"


def per_seat(w: Words, by_seat: Any, verb: str, none: str) -> str:
    """{"1": [cards], "2": []} as "seat 1 made X"; `none` when no seat has any."""
    parts = [
        f"seat {k} {verb} {w.names_of(v)}"
        for k, v in sorted((by_seat or {}).items(), key=lambda kv: int(kv[0]))
        if v
    ]
    return "; ".join(parts) or none


# ---------------------------------------------------------------- set-up and building


def table_set(w: Words, b: JSON) -> str:
    chosen = sorted((b.get("alchemists") or {}).items(), key=lambda kv: int(kv[0]))
    who = listing([f"seat {k} plays {w.name(a)}" for k, a in chosen]) or "the Alchemists are dealt"
    text = f"The table is set: {who}; each takes a sealed Artifact"
    if b.get("first_builder"):
        text += f"; seat {b['first_builder']} builds first"
    removed = b.get("removed") or []
    if removed:
        text += f". Left out of a 2-player game: {listing(list(removed))}"
    return text + "."


def starting_hand(w: Words, b: JSON) -> str:
    text = f"Seat {b.get('seat')} takes a starting hand, one Reagent of each element"
    cards = b.get("cards")
    return text + (f": {w.names_of(cards)}." if cards else ".")


def tile_placed(w: Words, b: JSON) -> str:
    where = cell(f"{b.get('x', 0)},{b.get('y', 0)}")
    tile = w.name(b.get("tile"), "a tile")
    if not b.get("seat"):
        return f"The {tile} lies at {where}."
    turns = int(b.get("rot", 0))
    turned = f", turned {count(turns, 'quarter turn')}" if turns else ""
    return f"Seat {b['seat']} places the {tile} at {where}{turned}."


def field_built(w: Words, b: JSON) -> str:
    out = b.get("left_out") or []
    left = f"; left out: {w.names_of(out)}" if out else ""
    return f"The Foraging Field is built{left}."


# ---------------------------------------------------------------- the Field turn


def item_used(w: Words, b: JSON) -> str:
    if "effect" not in b:
        return f"Seat {b.get('seat')} uses an Item."
    return f"Seat {b.get('seat')} uses {w.name(b.get('card'), 'an Item')}" + effect(w, b)


def artifact_used(w: Words, b: JSON) -> str:
    if "effect" not in b:
        return f"Seat {b.get('seat')} uses their Artifact."
    return f"Seat {b.get('seat')} uses their Artifact" + effect(w, b)


def effect(w: Words, b: JSON) -> str:
    """What an Item's or an Artifact's power did (the body's effect and amount)."""
    n = int(b.get("amount", 1))
    kind = b.get("effect")
    if kind == "actions":
        return f": {count(n, 'Field Action')} more."
    if kind == "draw":
        return f" to draw {count(n, 'Reagent')}."
    if kind == "seed":
        return f": {n} SEED gained."
    if kind == "mirror":
        other = "the Beast" if b.get("beast") else seat(b.get("target"))
        return f" to swap places with {other}."
    if kind == "dagger":
        return f" to take 1 SEED from {seat(b.get('target'))} and draw 2 Reagents."
    if kind == "hinder":
        return f": {seat(b.get('target'))} loses {n} SEED."
    if kind == "elixir":
        return f" and rolls {n}: that many Reagents to discard, 1 SEED each."
    if kind == "discard_pick":
        return f" to take {w.name(b.get('card'))} from the {b.get('element', '')} discards."
    return "."


def bonus_drawn(w: Words, b: JSON) -> str:
    if not b.get("card"):
        return f"Seat {b.get('seat')} draws a Reagent."
    return f"Seat {b['seat']} draws {w.name(b['card'])} from the {b.get('element', '')} deck."


def gathered(w: Words, b: JSON) -> str:
    text = f"Seat {b.get('seat')} gathers from the {b.get('element', 'element')} deck"
    if b.get("patch"):
        text += f" at {cell(b['patch'])}"
    return text + (f": {w.name(b['card'])}." if b.get("card") else ".")


def beast_choice(w: Words, b: JSON) -> str:
    options = [cell(k) if k else "staying put" for k in b.get("options") or []]
    return (
        f"Seat {b.get('seat')} rolled {b.get('roll', '')} and chooses where the Beast goes: "
        f"{listing(options).replace(' and ', ' or ')}."
    )


def beast_took(w: Words, b: JSON) -> str:
    if b.get("seed"):
        return f"Seat {b.get('seat')} gives the Beast 1 SEED."
    return f"Seat {b.get('seat')} gives the Beast {w.name(b.get('card'))}, to its discard pile."


def barter_opened(w: Words, b: JSON) -> str:
    request = b.get("request") or {}
    kind, value = request.get("kind"), request.get("value")
    if kind == "seed":
        wanted = f"{value} SEED"
    elif kind == "element":
        wanted = a(f"{value} Reagent")
    else:
        wanted = a(f"{value} Reagent") if value else "a Reagent"
    partners = b.get("partners") or []
    hands = f"{seats(partners)} can trade" if partners else "nobody can trade"
    return (
        f"Seat {b.get('seat')} pays 1 SEED to barter at the City of Crasis, asking for "
        f"{wanted}: {hands}."
    )


def offer_parts(w: Words, b: JSON) -> list[str]:
    """A barter offer's Reagents and SEED, as the body names them."""
    parts = [w.name(card) for card in given_cards(b)]
    if b.get("give_seed"):
        parts.append(f"{b['give_seed']} SEED")
    return parts


def trade_proposed(w: Words, b: JSON) -> str:
    text = f"Seat {b.get('seat')} makes {seat(b.get('partner'))} an offer"
    if "give_card" not in b and "give_cards" not in b:  # an offer others were not shown
        return text + "."
    parts = offer_parts(w, b)
    return text + (f": {listing(parts)}." if parts else ": nothing in return.")


def trade_done(w: Words, b: JSON) -> str:
    partner = seat(b.get("partner"))
    gives = f"{b['seed']} SEED" if b.get("seed") else w.name(b.get("card"))
    text = f"Seat {b.get('seat')} trades with {partner}, who gives {gives}"
    back = offer_parts(w, b)
    return text + (f" and gets {listing(back)}." if back else ".")


def temple_drew(w: Words, b: JSON) -> str:
    e = b.get("element", "")
    where = f"the {e} discards" if b.get("from_discard") else f"the refreshed {e} deck"
    return (
        f"Seat {b.get('seat')} pays 1 SEED at the Temple and takes "
        f"{w.name(b.get('card'))} from {where}."
    )


def steal_rolled(w: Words, b: JSON) -> str:
    return (
        f"Seat {b.get('seat')} pays 1 SEED at the Thieves' Den and rolls {b.get('roll', '')} "
        f"to steal from {seat(b.get('target'))}."
    )


def recipe_taken(w: Words, b: JSON) -> str:
    paid = "pays 1 SEED and takes" if b.get("site", True) else "takes"  # "": paid by a sift
    text = (
        f"Seat {b.get('seat')} {paid} the recipe "
        f"{w.name(b.get('card'), 'on top')} from the {b.get('post', '')} Trading Post"
    )
    if b.get("discard"):
        text += f", giving up {w.name(b['discard'])}"
    return text + "."


def spirit_moved(w: Words, b: JSON) -> str:
    if "back" not in b:
        return f"Seat {b.get('seat')} plays a Reagent's ability."
    spirit = w.name(b.get("card"), "their Water Spirit")
    if b["back"]:
        return f"Seat {b.get('seat')} pays 1 SEED to take {spirit} back to their hand."
    return (
        f"Seat {b.get('seat')} puts {spirit} into their inventory: their recipes need one "
        "Water fewer."
    )


# ---------------------------------------------------------------- the secret phases


def synthesized(w: Words, b: JSON) -> str:
    if "recipe" not in b:
        return f"Seat {b.get('seat')} makes an Item in secret."
    text = f"Seat {b.get('seat')} makes {w.name(b['recipe'], 'an Item')}"
    text += f" from {w.names_of(b.get('reagents'))}"
    if b.get("sprout"):
        text += " and their Sprout"
    if b.get("pair"):
        text += f", with {w.names_of(b['pair'])} as the Glade's pair"
    return text + "."


def sacrificed(w: Words, b: JSON) -> str:
    if "card" not in b:
        return f"Seat {b.get('seat')} makes a sacrifice in secret."
    text = (
        f"Seat {b.get('seat')} sacrifices {w.card(b['card'])} to satisfy ingredient "
        f"{b.get('slot', '')}"
    )
    return text + (", paying 1 SEED for a depleted Item." if b.get("paid") else ".")


def reagent_discarded(w: Words, b: JSON) -> str:
    if "card" not in b:
        return f"Seat {b.get('seat')} discards a Reagent in secret."
    why = "for 1 SEED" if b.get("seed") else "to keep to the hand limit"
    return f"Seat {b.get('seat')} discards {w.name(b['card'])} {why}."


def elixir_discarded(w: Words, b: JSON) -> str:
    return (
        f"Seat {b.get('seat')} discards {w.name(b.get('card'))} to the Enrichment Elixir "
        "for 1 SEED."
    )


def ingredient_drawn(w: Words, b: JSON) -> str:
    tile = tile_name(str(b.get("tile", "")))
    return f"Seat {b.get('seat')} draws a {tile} tile for ingredient {b.get('slot', '')}."


def evoked(w: Words, b: JSON) -> str:
    reaped, unsealed = b.get("reaped") or [], b.get("unsealed") or []
    r = f"the Sprouts of {seats(reaped)} flip" if reaped else "no Sprout flips"
    e = f"{seats(unsealed)} unseal their Artifacts" if unsealed else "no Artifact unseals"
    return f"R: {r}. E: {e}."


def game_over(w: Words, b: JSON) -> str:
    winners = b.get("winners") or []
    scores = sorted((b.get("scores") or {}).items(), key=lambda kv: int(kv[0]))
    tally = ", ".join(f"seat {k} {v}" for k, v in scores)
    how = (
        "the week limit is reached and the tiebreak decides"
        if b.get("reason") == "cap"
        else "a Crest of Creation is complete"
    )
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"The game ends, {how}: {seats(winners) or 'nobody'} {verb} (tiebreak: {tally})."


SENTENCES: dict[str, Word] = {
    "TableSet": table_set,
    "StartingHand": starting_hand,
    "TilePlaced": tile_placed,
    "TileDeferred": lambda w, b: (
        f"The {w.name(b.get('tile'), 'drawn tile')} fits nowhere yet and goes under the stack."
    ),
    "TilesLeftOut": lambda w, b: f"No place fits {w.names_of(b.get('tiles'))}: left out.",
    "FieldBuilt": field_built,
    "WeekStarted": lambda w, b: (
        f"Week {b.get('week', '')} begins; seat {b.get('first', '')} is First Player."
    ),
    "TurnStarted": lambda w, b: f"Seat {b.get('seat')} begins their Field turn.",
    "ForageRolled": lambda w, b: (
        f"Seat {b.get('seat')} rolls {b.get('roll', '')}: "
        f"{count(int(b.get('fa', 0)), 'Field Action')}."
    ),
    "BeastChoice": beast_choice,
    "BeastMoved": lambda w, b: f"The Beast moves to {cell(b.get('to'))}.",
    "BeastStayed": lambda w, b: f"Seat {b.get('seat')} leaves the Beast where it is.",
    "BeastLanded": lambda w, b: (
        f"The Beast lands on {cell(b.get('at'))}: {seats(b.get('losers'))} must "
        f"{'each ' if len(b.get('losers') or []) > 1 else ''}give up a Reagent or 1 SEED."
    ),
    "BeastTook": beast_took,
    "Moved": lambda w, b: (
        f"Seat {b.get('seat')} moves to {cell(b.get('to'))} for "
        f"{count(int(b.get('cost', 0)), 'Field Action')}."
    ),
    "Gathered": gathered,
    "TurnEnded": lambda w, b: f"Seat {b.get('seat')} ends their Field turn.",
    "BeastSwapped": lambda w, b: (
        f"Seat {b.get('seat')} pays 1 SEED at the Beast's Swamp and swaps places with the "
        f"Beast, to {cell(b.get('to'))}."
    ),
    "BarterOpened": barter_opened,
    "TradeProposed": trade_proposed,
    "TradeDeclined": lambda w, b: (
        f"Seat {b.get('partner')} turns down the offer of {seat(b.get('seat'))} and leaves "
        "the barter."
    ),
    "BarterClosed": lambda w, b: f"Seat {b.get('seat')} turns every offer down: the barter ends.",
    "TradeDone": trade_done,
    "DeckRefreshed": lambda w, b: (
        f"The {b.get('element', '')} deck is shuffled together with its discards."
    ),
    "TempleDrew": temple_drew,
    "StealRolled": steal_rolled,
    "Stolen": lambda w, b: (
        f"Seat {b.get('seat')} steals {w.name(b.get('card'))} from {seat(b.get('target'))}."
    ),
    "PostSifted": lambda w, b: (
        f"Seat {b.get('seat')} {'pays 1 SEED and ' if b.get('site') else ''}discards "
        f"{w.name(b.get('card'))} at the {b.get('post', '')} Trading Post: its top recipe "
        "goes under."
    ),
    "RecipeTaken": recipe_taken,
    "SproutTaken": lambda w, b: (
        f"Seat {b.get('seat')} pays 1 SEED at the Tree and takes a Sprout, face down."
    ),
    "GladeSummoned": lambda w, b: (
        f"Seat {b.get('seat')} pays 1 SEED and summons the Phasing Glade at "
        f"{cell(b.get('at'))}, beside {cell(b.get('joined'))}."
    ),
    "ItemUsed": item_used,
    "ElixirDiscarded": elixir_discarded,
    "SpiritMoved": spirit_moved,
    "ArtifactUsed": artifact_used,
    "BonusDrawn": bonus_drawn,
    "AlchemyBegan": lambda w, b: (
        f"The Alchemy Phase of week {b.get('week', '')} begins: every seat works in secret."
    ),
    "GladeActivated": lambda w, b: f"Seat {b.get('seat')} activates the Phasing Glade.",
    "Synthesized": synthesized,
    "AlchemyFinished": lambda w, b: f"Seat {b.get('seat')} has finished the Alchemy Phase.",
    "AlchemyRevealed": lambda w, b: (
        f"The Alchemy Phase is revealed: {per_seat(w, b.get('made'), 'made', 'no Item made')}; "
        f"{per_seat(w, b.get('spent'), 'spent', 'no Reagent spent')}."
    ),
    "IngredientDrawn": ingredient_drawn,
    "NoTileDrawn": lambda w, b: (
        f"Seat {b.get('seat')} draws no ingredient tile: "
        f"{WHY_NO_TILE.get(str(b.get('why')), 'none is owed')}."
    ),
    "CrestBegan": lambda w, b: (
        f"The CREST Phase of week {b.get('week', '')} begins: every seat sacrifices in secret."
    ),
    "Sacrificed": sacrificed,
    "CrestFinished": lambda w, b: f"Seat {b.get('seat')} has finished the C step.",
    "CrestRevealed": lambda w, b: (
        "The C step is revealed: "
        f"{per_seat(w, b.get('sacrificed'), 'sacrificed', 'nothing sacrificed')}."
    ),
    "Evoked": evoked,
    "SeedStepBegan": lambda w, b: (
        f"The S step of week {b.get('week', '')} begins: Reagents for SEED, in secret."
    ),
    "ReagentDiscarded": reagent_discarded,
    "WeekFinished": lambda w, b: f"Seat {b.get('seat')} has finished the week.",
    "WeekEnded": lambda w, b: (
        f"The week ends: {per_seat(w, b.get('discarded'), 'discarded', 'nothing discarded')}. "
        "Depleted Items refresh."
    ),
    "GameOver": game_over,
}


def describe(words: Words, event_type: str, body: JSON) -> str | None:
    word = SENTENCES.get(event_type)
    return None if word is None else word(words, body)
