"""Phase 2: process resource cards into elixirs, with the station's four abilities.

Alchemy turns run one seat at a time in turn order, which settles bag contention the
way the rulebook asks (AB-ALC-02). In the final round the same commands are open to
the seat taking its healing turn (AB-FIN-05).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, TypedDict

from athanor.engine import BadCommand, Event, Rng, RuleViolation, decks
from athanor.games.apothebakery import inventory, steps, waits
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.edition import CURRENT, Edition
from athanor.games.apothebakery.events import handles, handles_with_content
from athanor.games.apothebakery.state import (
    FAILED,
    RAINBOW,
    SPECTRAL,
    Player,
    State,
    active_seat,
    is_elixir,
    player,
    token_kind,
)
from athanor.games.wording import title

TRANSMUTE, POTENCY, RAINBOW_ABILITY, PURGE = "transmute", "potency", "rainbow", "purge"


def advance(state: State) -> list[Event]:
    if not player(state, active_seat(state))["turn_over"]:
        return []
    turn = state["turn"] + 1
    if turn < len(state["order"]):
        return [steps.step("alchemy", "alchemy", turn)]
    return steps.healing()


def station_open(cards: Cards, state: State, seat: int) -> bool:
    """The seat may use its Alchemy Station now: its Alchemy turn, or a final-round
    healing turn (AB-ALC-12, AB-FIN-05, AB-Q-34)."""
    if active_seat(state) != seat or state.get("pending"):
        return False
    if state["phase"] == "alchemy":
        return True
    return state["phase"] == "healing" and cards.is_final_round(state["round"])


def _require_station(cards: Cards, state: State, seat: int, outside: str) -> Player:
    """The acting seat's player, when its station is open; `outside` is the rule that
    keeps the station shut outside the Alchemy phase (AB-ALC-12 for processing, AB-Q-34
    for abilities). Waiting for one's turn in the phase is AB-ALC-02."""
    if not station_open(cards, state, seat):
        _settle_first(state, seat)
        raise RuleViolation(
            "NOT_YOUR_ALCHEMY",
            "you can use your station only in your Alchemy turn",
            "AB-ALC-02" if state["phase"] == "alchemy" else outside,
        )
    return player(state, seat)


def _settle_first(state: State, seat: int) -> None:
    """Refuse anything else while the seat's own overflow choice is open (AB-INV-03)."""
    if waits.waits_for(state, seat, waits.OVERFLOW) is not None:
        raise RuleViolation("SETTLE_FIRST", "first choose which elixirs to keep", "AB-INV-03")


def mana_for(cards: Cards, used: int, count: int) -> int:
    """Mana for activating `count` abilities after `used` this round: the round's first
    costs 1, an overcharged second 2 (AB-ABL-02, AB-ABL-03). Previews say it too."""
    rules = cards.settings().abilities
    return sum(rules.first_cost if used + i == 0 else rules.overcharge_cost for i in range(count))


def ability_cost(cards: Cards, state: State, seat: int, abilities: list[str]) -> int:
    """Mana for activating `abilities` now: 1 for the round's first, 2 for the second
    (overcharge), never a third (AB-ABL-02, AB-ABL-03, AB-FIN-06)."""
    p = player(state, seat)
    rules = cards.settings().abilities
    used = p["activations"]
    if used + len(abilities) > rules.max_per_round:
        raise RuleViolation(
            "ABILITY_LIMIT", "only two abilities can be activated in a round", "AB-ABL-03"
        )
    for name in abilities:
        if not p["ready"][name]:
            raise RuleViolation(
                "ABILITY_BURNED", f"your {name} ability is burned until the next round", "AB-ABL-05"
            )
    cost = mana_for(cards, used, len(abilities))
    if cost > p["mana"]:
        raise RuleViolation(
            "NOT_ENOUGH_MANA", f"that costs {cost} Mana and you have {p['mana']}", "AB-ABL-04"
        )
    return cost


def draw_plan(cards: Cards, card: str, transmute: str | None, potency: bool) -> tuple[str, int]:
    """The bag a processed card draws from and how many tokens it asks for: the card's
    type or the transmuted one, its potency plus one for +1 Potency (AB-ALC-03,
    AB-ABL-06, AB-ABL-08). Previews say it too."""
    resource = cards.resource(card)
    return transmute or resource.type, resource.potency + (1 if potency else 0)


def transmute_allowed(cards: Cards, card: str, transmute: str, edition: Edition) -> bool:
    """Whether a Transmute of `card` may name `transmute`: another type than the card's
    own, since naming its own changes no draw (AB-ABL-06; edition.py)."""
    return not edition.transmute_to_another or transmute != cards.resource(card).type


def requested(transmute: bool, potency: bool, rainbow: bool) -> list[str]:
    """The abilities a ProcessCard activates, in the order their Mana is counted.
    Previews say it too."""
    wanted = ((TRANSMUTE, transmute), (POTENCY, potency), (RAINBOW_ABILITY, rainbow))
    return [a for a, on in wanted if on]


class CardProcessed(TypedDict):
    seat: int
    card: str
    bag: str
    draws: list[str]  # "pure" | "impure" | "failed", in draw order
    abilities: list[str]
    mana: int


def process(
    cards: Cards,
    state: State,
    command: dict[str, Any],
    seat: int,
    rng: Rng,
    edition: Edition = CURRENT,
) -> list[Event]:
    p = _require_station(cards, state, seat, "AB-ALC-12")
    card = command.get("card")
    if not isinstance(card, str):
        raise BadCommand('"card" is a resource card id (AB-ALC-01)')
    if card not in p["resources"]:
        raise RuleViolation("NOT_IN_HAND", "process a resource card from your hand", "AB-ALC-01")
    transmute = command.get("transmute")
    if transmute is not None and transmute not in cards.elixir_types():
        types = ", ".join(cards.elixir_types())
        raise BadCommand(f'"transmute" names an elixir type: {types} (AB-ABL-06)')
    if transmute is not None and not transmute_allowed(cards, card, transmute, edition):
        own = title(transmute)
        raise RuleViolation(
            "TRANSMUTE_TO_OWN_TYPE",
            f"this card already draws from the {own} bag: Transmute names another type",
            "AB-ABL-06",
        )
    potency = command.get("potency", False)
    if not isinstance(potency, bool):
        raise BadCommand('"potency" is true or false (AB-ABL-08)')
    rainbow = command.get("rainbow", False)
    if not isinstance(rainbow, bool):
        raise BadCommand('"rainbow" is true or false (AB-ABL-13)')
    abilities = requested(transmute is not None, potency, rainbow)
    mana = ability_cost(cards, state, seat, abilities) if abilities else 0
    # the first rulings took (and charged for) a Rainbow that could not be made
    first = state.get("first_rulings")
    if rainbow and not first and not rainbow_possible(cards, state, seat, card, transmute, potency):
        raise RuleViolation(
            "RAINBOW_IMPOSSIBLE",
            "this draw and your Pure elixirs cannot make a Rainbow",
            "AB-ABL-13",
        )
    bag, wanted = draw_plan(cards, card, transmute, potency)
    draws = inventory.draw_from_bag(state, bag, wanted, rng)
    body = CardProcessed(seat=seat, card=card, bag=bag, draws=draws, abilities=abilities, mana=mana)
    return [Event("CardProcessed", body)]


def _pay(state: State, seat: int, abilities: list[str], mana: int) -> None:
    p = player(state, seat)
    p["mana"] -= mana
    p["activations"] += len(abilities)
    for name in abilities:
        p["ready"][name] = False


@handles_with_content("CardProcessed")
def _processed(cards: Cards, state: State, body: CardProcessed) -> None:
    seat = body["seat"]
    p = player(state, seat)
    decks.move(p["resources"], state["wilderness"]["discard"], [body["card"]])  # AB-ALC-05
    _pay(state, seat, body["abilities"], body["mana"])
    inventory.take_from_bag(state, body["bag"], body["draws"])
    new = inventory.tokens_of(body["bag"], body["draws"])
    if RAINBOW_ABILITY in body["abilities"]:
        new = _rainbow_from_draw(state, seat, new)
    inventory.place(cards, state, seat, new)


def _rainbow_from_draw(state: State, seat: int, new: list[str]) -> list[str]:
    """A Rainbow declared before the draw (AB-ABL-13): the draw's Pure elixirs feed it
    first, then the left-most Pure already held; with fewer than two Pure it is paid for
    and nothing is made (the game README records this)."""
    held = player(state, seat)["inventory"]
    drawn = [i for i, t in enumerate(new) if token_kind(t) == "pure"][:2]
    kept = [i for i, t in enumerate(held) if token_kind(t) == "pure"][: 2 - len(drawn)]
    if not drawn or len(drawn) + len(kept) < 2:
        return new
    inputs = [new[i] for i in drawn] + [held[i] for i in kept]
    for i in reversed(kept):
        held.pop(i)
    inventory.return_tokens(state, inputs)  # Rainbow inputs go back to their bags (AB-Q-14)
    return [t for i, t in enumerate(new) if i not in drawn] + ["rainbow"]


class OverflowSettled(TypedDict):
    seat: int
    kept: list[str]
    dropped: list[str]
    removed_slots: list[int]  # held tokens dropped, by slot
    placed: list[str]  # forced and kept new tokens, appended


def keep(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    overflow = waits.waits_for(state, seat, waits.OVERFLOW)
    if overflow is None:
        raise RuleViolation("NOTHING_TO_KEEP", "you have no overflow to settle", "AB-INV-03")
    offer = overflow["details"]
    chosen = command.get("keep")
    n = len(offer["choices"])
    if (
        not isinstance(chosen, list)
        or not all(type(i) is int and 1 <= i <= n for i in chosen)
        or len(set(chosen)) != len(chosen)
    ):
        raise BadCommand(f'"keep" lists distinct choice numbers from 1 to {n} (AB-INV-03)')
    if len(chosen) != offer["room"]:
        raise RuleViolation(
            "KEEP_EXACTLY",
            f"keep exactly {offer['room']} elixirs, filling your inventory",
            "AB-INV-03",
        )
    kept = [offer["choices"][i - 1] for i in chosen]
    dropped = [t for i, t in enumerate(offer["choices"], 1) if i not in chosen]
    held = len(offer["slots"])
    removed = [s for i, s in enumerate(offer["slots"], 1) if i not in chosen]
    fresh = [offer["choices"][i - 1] for i in sorted(chosen) if i > held]
    return [
        Event(
            "OverflowSettled",
            {
                "seat": seat,
                "kept": kept,
                "dropped": dropped,
                "removed_slots": removed,
                "placed": offer["forced"] + fresh,
            },
        )
    ]


@handles("OverflowSettled")
def _settled(state: State, body: OverflowSettled) -> None:
    inventory.settle(state, body["seat"], body["removed_slots"], body["placed"])
    inventory.return_tokens(state, body["dropped"])  # back to their bags (AB-Q-14)
    state["pending"] = None


def _slots(command: dict[str, Any], key: str, inv: list[str], rule: str) -> list[int]:
    chosen = command.get(key, [])
    if (
        not isinstance(chosen, list)
        or not all(type(i) is int and 1 <= i <= len(inv) for i in chosen)
        or len(set(chosen)) != len(chosen)
    ):
        held = f"from 1 to {len(inv)}" if inv else "(your inventory is empty)"
        raise BadCommand(f'"{key}" lists distinct inventory slots {held} ({rule})')
    return chosen


class RainbowMade(TypedDict):
    seat: int
    slots: list[int]
    inputs: list[str]
    mana: int


def make_rainbow(cards: Cards, state: State, command: dict[str, Any], seat: int) -> list[Event]:
    p = _require_station(cards, state, seat, "AB-Q-34")
    chosen = _slots(command, "slots", p["inventory"], "AB-ABL-11")
    inputs = [p["inventory"][i - 1] for i in chosen]
    if len(inputs) != 2 or any(token_kind(t) != "pure" for t in inputs):
        # name the rule the inputs break: a Rainbow input (AB-Q-33), an Impure, Failed
        # or Spectral input (AB-ABL-12), or not exactly two (AB-ABL-11)
        rule = "AB-ABL-11"
        if any(token_kind(t) == RAINBOW for t in inputs):
            rule = "AB-Q-33"
        elif any(token_kind(t) != "pure" for t in inputs):
            rule = "AB-ABL-12"
        raise RuleViolation(
            "RAINBOW_NEEDS_TWO_PURE", "a Rainbow takes exactly two Pure elixirs", rule
        )
    mana = ability_cost(cards, state, seat, [RAINBOW_ABILITY])
    body = RainbowMade(seat=seat, slots=chosen, inputs=inputs, mana=mana)
    return [Event("RainbowMade", body)]


@handles("RainbowMade")
def _rainbow(state: State, body: RainbowMade) -> None:
    p = player(state, body["seat"])
    _pay(state, body["seat"], [RAINBOW_ABILITY], body["mana"])
    p["inventory"] = [t for i, t in enumerate(p["inventory"], 1) if i not in body["slots"]]
    inventory.return_tokens(state, body["inputs"])
    p["inventory"].append("rainbow")


def purged(inv: list[str], chosen: list[int]) -> list[bool]:
    """Which tokens a Purge removes: every Failed Elixir and Spectral Vial, and the
    elixirs in the `chosen` slots (AB-ABL-14). Previews say it too."""
    return [i in chosen or token_kind(t) in (FAILED, SPECTRAL) for i, t in enumerate(inv, 1)]


class Purged(TypedDict):
    seat: int
    slots: list[int]
    removed: list[str]
    mana: int


def purge(cards: Cards, state: State, command: dict[str, Any], seat: int) -> list[Event]:
    p = _require_station(cards, state, seat, "AB-Q-34")
    chosen = _slots(command, "discard", p["inventory"], "AB-ABL-14")
    first = state.get("first_rulings")  # which took any Purge, and charged for it
    if not first and any(not is_elixir(p["inventory"][i - 1]) for i in chosen):
        raise BadCommand(
            '"discard" lists elixirs; the Failed Elixirs and Spectral Vials go anyway (AB-ABL-14)'
        )
    mana = ability_cost(cards, state, seat, [PURGE])
    gone = purged(p["inventory"], chosen)
    if not first and not any(gone):
        raise RuleViolation("NOTHING_TO_PURGE", "that Purge would remove nothing", "AB-ABL-14")
    removed = [t for t, out in zip(p["inventory"], gone, strict=True) if out]
    body = Purged(seat=seat, slots=chosen, removed=removed, mana=mana)
    return [Event("Purged", body)]


@handles("Purged")
def _purged(state: State, body: Purged) -> None:
    p = player(state, body["seat"])
    _pay(state, body["seat"], [PURGE], body["mana"])
    gone = purged(p["inventory"], body["slots"])
    p["inventory"] = [t for t, out in zip(p["inventory"], gone, strict=True) if not out]
    inventory.return_tokens(state, body["removed"])


class AlchemyEnded(TypedDict):
    seat: int


def end_turn(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    if state["phase"] != "alchemy" or active_seat(state) != seat or state.get("pending"):
        _settle_first(state, seat)
        raise RuleViolation("NOT_YOUR_ALCHEMY", "it is not your Alchemy turn", "AB-ALC-02")
    return [Event("AlchemyEnded", {"seat": seat})]


@handles("AlchemyEnded")
def _ended(state: State, body: AlchemyEnded) -> None:
    player(state, body["seat"])["turn_over"] = True


def station_commands(
    cards: Cards, state: State, seat: int, edition: Edition = CURRENT
) -> list[dict[str, Any]]:
    """Every processing and ability command the station accepts now: each card with
    every affordable set of abilities (AB-Q-33), a Rainbow from each pair of Pure
    (AB-ABL-11), a Purge of each set of elixirs that removes something (AB-ABL-14)."""
    if not station_open(cards, state, seat):
        return []
    p = player(state, seat)
    out: list[dict[str, Any]] = []

    def affordable(names: list[str]) -> bool:
        try:
            ability_cost(cards, state, seat, names)
        except RuleViolation:
            return False
        return True

    for card in dict.fromkeys(p["resources"]):
        # any other type may be named (AB-ABL-06; the card's own before 0.3, edition.py)
        types = [t for t in cards.elixir_types() if transmute_allowed(cards, card, t, edition)]
        for transmute in (None, *types):
            for potency in (False, True):
                for rainbow in (False, True):
                    names = requested(transmute is not None, potency, rainbow)
                    if names and not affordable(names):
                        continue
                    if rainbow and not rainbow_possible(
                        cards, state, seat, card, transmute, potency
                    ):
                        continue
                    command: dict[str, Any] = {"type": "ProcessCard", "card": card}
                    if transmute is not None:
                        command["transmute"] = transmute
                    if potency:
                        command["potency"] = True
                    if rainbow:
                        command["rainbow"] = True
                    out.append(command)
    pures = [i for i, t in enumerate(p["inventory"], 1) if token_kind(t) == "pure"]
    if len(pures) >= 2 and affordable([RAINBOW_ABILITY]):
        out += [{"type": "MakeRainbow", "slots": list(pair)} for pair in combinations(pures, 2)]
    if affordable([PURGE]):
        inv = p["inventory"]
        forced = any(token_kind(t) in (FAILED, SPECTRAL) for t in inv)
        elixirs = [i for i, t in enumerate(inv, 1) if is_elixir(t)]
        for n in range(len(elixirs) + 1):
            for chosen in combinations(elixirs, n):
                if chosen or forced:
                    out.append({"type": "Purge", "discard": list(chosen)})
    return out


def rainbow_possible(
    cards: Cards, state: State, seat: int, card: str, transmute: str | None, potency: bool
) -> bool:
    """Whether a Rainbow declared before this card's draw could make anything: the draw
    can hold a Pure (its bag has one) and, with the Pure already held, two are in reach
    (AB-ABL-13). A declaration that cannot is refused rather than paid for nothing."""
    bag, wanted = draw_plan(cards, card, transmute, potency)
    in_bag = state["bags"].get(bag, {}).get("pure", 0)
    held = sum(1 for t in player(state, seat)["inventory"] if token_kind(t) == "pure")
    return in_bag >= 1 and held + min(wanted, in_bag) >= 2
