"""The events whose sentences need more than a template: lists of tokens, maps by
seat, a name looked up, a private body told apart from its redacted copy.

Each phrase reads only the body the reader was sent (words.py): a field the body lacks
is not said, so a seat never reads what it may not see. Seats are worded "seat N" (the
engine reads them as the players' names), never "its": a name is a person.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.inventory import tokens_of
from athanor.games.wording import count, listing, title

JSON = dict[str, Any]
Phrase = Callable[[Cards, JSON], str | None]

ABILITY_WORDS = {"transmute": "Transmute", "potency": "+1 Potency", "rainbow": "Rainbow"}
DIE_PURPOSES = {
    "turn_order": "for turn order",
    "side_effect": "for a side effect",
    "vengeance": "for the Ghost Vengeance",
    "corruption": "for Corruption's kill roll",
}
VENGEANCE_NEEDS = {
    "roll": "rolling the die",
    "pass": "passing an elixir",
    "discard": "discarding an elixir",
}


def _name(cards: Cards, item: Any, fallback: str) -> str:
    return cards.names().get(str(item), fallback) if item else fallback


def _names(cards: Cards, items: list[Any]) -> str:
    return listing([_name(cards, i, str(i)) for i in items])


def _seats(seats: list[Any]) -> str:
    return listing([f"seat {s}" for s in seats])


def _mana(body: JSON) -> str:
    mana = body.get("mana")
    return f" for {mana} Mana" if isinstance(mana, int) else ""


def processed(cards: Cards, body: JSON) -> str | None:
    """CardProcessed: the card, the bag, each token drawn, the abilities and their Mana
    (AB-ALC-03, AB-ABL-02, AB-ABL-06, AB-ABL-08, AB-ABL-13)."""
    if not {"seat", "card", "bag", "draws"} <= body.keys():
        return None
    bag = str(body["bag"])
    drawn = _names(cards, tokens_of(bag, list(body["draws"])))
    used = [str(a) for a in body.get("abilities") or []]
    text = f"Seat {body['seat']} processes {_name(cards, body['card'], 'a card')}"
    if used:
        words = [
            f"Transmute to {title(bag)}" if a == "transmute" else ABILITY_WORDS.get(a, title(a))
            for a in used
        ]
        text += f" with {listing(words)}{_mana(body)}"
    text += f", drawing from the {title(bag)} bag: {drawn}"
    if "rainbow" in used:
        text += " (two Pure, from the draw first, make a Rainbow when there are two)"
    return text + "."


def rainbow_made(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    inputs = body.get("inputs")
    what = f"{_names(cards, inputs)} into a Rainbow" if inputs else "a Rainbow elixir"
    verb = "turns" if inputs else "makes"
    return f"Seat {body['seat']} {verb} {what}{_mana(body)}."


def purged(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    removed = body.get("removed")
    gone = _names(cards, removed) if removed else "nothing"
    return f"Seat {body['seat']} purges {gone}{_mana(body)}."


def revealed(cards: Cards, body: JSON) -> str | None:
    """ForriesRevealed: every seat's stamina, strength and count, and an Iridescent's
    claim, which set the turn order (AB-TO-01..05, AB-IRI-03)."""
    picks = body.get("picks")
    if not isinstance(picks, dict):
        return None
    parts = []
    for seat, pick in sorted(picks.items(), key=lambda kv: int(kv[0])):
        part = (
            f"seat {seat} shows {pick.get('stamina')} stamina and {pick.get('strength')}"
            f" strength in {count(int(pick.get('count', 0)), 'Forrie')}"
        )
        if pick.get("benefit") == "first":
            part += ", claiming first place with the Iridescent"
        elif pick.get("benefit") == "draw":
            part += ", taking the Iridescent's free draw"
        parts.append(part)
    return f"The Forries are revealed: {'; '.join(parts)}."


def turn_order(cards: Cards, body: JSON) -> str | None:
    """TurnOrderSet, with the rule that made it (AB-TO-02..06, AB-TO-11)."""
    order = body.get("order")
    if not isinstance(order, list):
        return None
    return (
        f"Turn order: {_seats(order)} (the least stamina goes first; on a tie fewer "
        "Forries, then more strength, then the roll-off; an Iridescent claim before all)."
    )


def rolloff_started(cards: Cards, body: JSON) -> str | None:
    groups = body.get("groups")
    if not isinstance(groups, list) or not groups:
        return None
    tied = "; ".join(_seats(g) for g in groups)
    return f"Tied on stamina, Forries and strength, {tied} roll off for turn order."


def rolloff(cards: Cards, body: JSON) -> str | None:
    again = body.get("again")
    if again:
        tied = "; ".join(_seats(group) for group in again)
        return f"The roll-off ties: {tied} roll again."
    return "The turn-order roll-off is settled."


def vengeance_awaits(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "event" not in body:
        return None
    name = _name(cards, body["event"], "a Ghost Vengeance")
    need = VENGEANCE_NEEDS.get(str(body.get("need")))
    how = f", by {need}" if need else ""
    return f"Seat {body['seat']} must resolve the Ghost Vengeance {name}{how}."


def vengeance_resolved(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "event" not in body:
        return None
    name = _name(cards, body["event"], "a Ghost Vengeance")
    vial = " and receives a Spectral Vial" if body.get("vial") else ""
    return f"Seat {body['seat']} resolves the Ghost Vengeance {name}{vial}."


def reputation_lost(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "amount" not in body:
        return None
    amount = int(body["amount"])
    why = f" ({_name(cards, body['why'], '')})" if body.get("why") else ""
    lost = f"loses {amount} reputation" if amount else "loses no reputation"
    return f"Seat {body['seat']} {lost}{why}."


def poltergeist_awaits(cards: Cards, body: JSON) -> str | None:
    seats = body.get("seats")
    if not isinstance(seats, list):
        return None
    name = _name(cards, body.get("event"), "Poltergeist Activity")
    each = "chooses" if len(seats) == 1 else "each choose"
    return f"{name}: {_seats(seats)} {each} in secret who gets an elixir."


def pass_chosen(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    if "to" in body:  # the chooser's own copy
        return f"Seat {body['seat']} chooses to pass an elixir to seat {body['to']}."
    return f"Seat {body['seat']} chooses in secret who gets an elixir."


def poltergeist_moves(cards: Cards, body: JSON) -> str | None:
    moves = [
        f"seat {p['seat']}'s {_name(cards, p['token'], 'elixir')} to seat {p['to']}"
        for p in body.get("passes", [])
    ]
    return f"The Poltergeist moves {listing(moves)}."


def discarded(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    return f"Seat {body['seat']} discards {_name(cards, body.get('token'), 'an elixir')}."


def passed(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "to" not in body:
        return None
    token = _name(cards, body.get("token"), "an elixir")
    return f"Seat {body['seat']} passes {token} to seat {body['to']}."


def room_made(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    token = _name(cards, body.get("token"), "an elixir")
    placed = _name(cards, body.get("placed"), "a token")
    return f"Seat {body['seat']} discards {token} to make room for a {placed}."


def to_corruption(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    token = _name(cards, body.get("token"), "an elixir")
    vial = "; one of Corruption's Spectral Vials takes the slot" if body.get("vial") else ""
    return f"Seat {body['seat']} loses {token} to Corruption{vial}."


def overflow_settled(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "kept" not in body:
        return None
    dropped = body.get("dropped") or []
    text = f"Seat {body['seat']} keeps {_names(cards, body['kept'])}"
    return text + (f" and drops {_names(cards, dropped)}." if dropped else ".")


def exchanged(cards: Cards, body: JSON) -> str | None:
    """ObjectivesExchanged: the exchanger's copy names the cards, the others' a count."""
    if "seat" not in body:
        return None
    seat = body["seat"]
    if "returned" in body:
        if not body["returned"]:
            return f"Seat {seat} keeps the objectives dealt."
        back, drawn = _names(cards, body["returned"]), _names(cards, body.get("drawn") or [])
        return f"Seat {seat} returns {back} and draws {drawn}."
    n = int(body.get("count", 0))
    if not n:
        return f"Seat {seat} keeps the objectives dealt."
    return f"Seat {seat} exchanges {count(n, 'objective')}."


def _seat_cards(private: str, public: str) -> Phrase:
    """A seat's cards, named in its own copy only ("cards" in the body)."""

    def phrase(cards: Cards, body: JSON) -> str | None:
        if "seat" not in body:
            return None
        if body.get("cards"):
            return private.format(seat=body["seat"], cards=_names(cards, body["cards"]))
        return public.format(seat=body["seat"], n=count(int(body.get("count") or 0), "spell"))

    return phrase


def spell_chosen(cards: Cards, body: JSON) -> str | None:
    """SpellChosen: whether a new spell went into the oven is public, which one is the
    chooser's (AB-SPL-02..04)."""
    if "seat" not in body:
        return None
    seat, card = body["seat"], body.get("card")
    if not body.get("kept", True):
        return f"Seat {seat} keeps the spell already in the oven."
    if not card:
        return f"Seat {seat} puts a new spell in the oven."
    old = body.get("discarded")
    swap = f", discarding {_name(cards, old, 'a spell')}" if old else ""
    return f"Seat {seat} puts {_name(cards, card, 'a spell')} in the oven{swap}."


def die_rolled(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "face" not in body:
        return None
    purpose = DIE_PURPOSES.get(str(body.get("purpose")))
    why = f" {purpose}" if purpose else ""
    return f"Seat {body['seat']} rolls {title(str(body['face']))}{why}."


def side_effect(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    if body.get("killed"):
        return f"A Skull: the adventurer seat {body['seat']} healed dies of a side effect."
    delta = int(body.get("reputation", 0))
    if not delta:
        return f"A side effect leaves seat {body['seat']}'s reputation as it is."
    return f"A side effect changes seat {body['seat']}'s reputation by {delta:+d}."


def in_stasis(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    held = body.get("adventurer") or {}
    name = _name(cards, held.get("adventurer") if isinstance(held, dict) else held, "")
    who = name or "an adventurer"
    return f"Seat {body['seat']} puts {who} in Stasis beside the station."


def cleansed(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "target" not in body:
        return None
    removed = body.get("removed") or []
    gone = f": {_names(cards, removed)} removed" if removed else ""
    gain = body.get("reputation")
    plus = f"; seat {body['seat']} gains {gain} reputation" if gain else ""
    return f"Seat {body['seat']} cleanses seat {body['target']}{gone}{plus}."


def species_changed(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "species" not in body:
        return None
    return f"Seat {body['seat']}'s Forries now count as {title(str(body['species']))}."


def elixir_given(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "to" not in body:
        return None
    token = _name(cards, body.get("token"), "an elixir")
    full = ", who has no room: it is discarded" if body.get("discarded") else ""
    return f"Seat {body['seat']} gives {token} to seat {body['to']}{full}."


def helping_hand(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "bag" not in body:
        return None
    bag = str(body["bag"])
    drawn = _names(cards, tokens_of(bag, list(body.get("draws") or [])))
    return f"Seat {body['seat']} draws from the {title(bag)} bag: {drawn}."


def struck(cards: Cards, body: JSON) -> str | None:
    if "face" not in body:
        return None
    face = title(str(body["face"]))
    killed = body.get("killed")
    if isinstance(killed, dict) and killed.get("adventurer"):
        name = _name(cards, killed["adventurer"], "an adventurer")
        points = body.get("points")
        worth = f" and Corruption scores {points}" if points else ""
        return f"Corruption strikes with {face}: {name} dies{worth}."
    if body.get("vial"):
        return f"Corruption strikes with {face}: it gains a Spectral Vial."
    return f"Corruption strikes with {face}: nobody dies."


def corruption_won(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body or "winner" not in body:
        return None
    if body["winner"] == "player":
        return f"Seat {body['seat']} wins the roll-off against Corruption."
    return f"Corruption wins the roll-off against seat {body['seat']}."


def foraging_ended(cards: Cards, body: JSON) -> str | None:
    if "seat" not in body:
        return None
    nothing = "; nothing was foraged" if body.get("unable") else ""
    return f"Seat {body['seat']}'s foraging turn ends{nothing}."


PHRASES: dict[str, Phrase] = {
    "CardProcessed": processed,
    "RainbowMade": rainbow_made,
    "Purged": purged,
    "ForriesRevealed": revealed,
    "TurnOrderSet": turn_order,
    "RollOffStarted": rolloff_started,
    "RollOffResolved": rolloff,
    "VengeanceAwaits": vengeance_awaits,
    "VengeanceResolved": vengeance_resolved,
    "ReputationLost": reputation_lost,
    "PoltergeistAwaits": poltergeist_awaits,
    "PassChosen": pass_chosen,
    "ElixirsPassed": poltergeist_moves,
    "ElixirDiscarded": discarded,
    "ElixirPassed": passed,
    "RoomMade": room_made,
    "ElixirToCorruption": to_corruption,
    "OverflowSettled": overflow_settled,
    "ObjectivesExchanged": exchanged,
    "SpellsDrawn": _seat_cards("Seat {seat} draws {cards}.", "Seat {seat} draws {n}."),
    "SpellChosen": spell_chosen,
    "DieRolled": die_rolled,
    "SideEffect": side_effect,
    "AdventurerInStasis": in_stasis,
    "Cleansed": cleansed,
    "SpeciesChanged": species_changed,
    "ElixirGiven": elixir_given,
    "HelpingHandDrawn": helping_hand,
    "CorruptionStruck": struck,
    "ForagingEnded": foraging_ended,
    "CorruptionRollOffWon": corruption_won,
}
