"""Spells: cast from the oven at any moment that waits for a command (AB-SPL-05).

Casting model (AB-Q-37): a spell may be cast whenever the game is waiting for a
command and no other decision is open, so a seat can cast in the middle of another
seat's turn between its steps; after a heal is declared, every other seat with a
spell in its oven gets a reaction window (cast or pass) before the heal resolves, so
Free Sample can change the hearts that set the bonus (AB-SPL-08, AB-HEAL-12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

from athanor.engine import BadCommand, Event, Rng, RuleViolation, decisions, turns
from athanor.engine.handlers import Handlers
from athanor.games.apothebakery import deaths, ghosts, inventory, waits, wilderness
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.events import REGISTRY, handles, handles_with_content
from athanor.games.apothebakery.state import (
    FAILED,
    SPECTRAL,
    Healed,
    Patient,
    State,
    active_seat,
    clone,
    others,
    player,
    seat_numbers,
)

STASIS, CLEANSE, FREE_SAMPLE = "stasis", "cleanse", "free_sample"
METAMORPHOSIS, HELPING_HAND, FORRIE_TAMER, CLEAN_SWEEP = (
    "metamorphosis",
    "helping_hand",
    "forrie_tamer",
    "clean_sweep",
)
CLEANSE_REPUTATION = 4  # AB-SPL-17
HELPING_HAND_DRAWS = 2  # AB-SPL-26
QUIET_PHASES = ("setup", "scoring", "over")


def in_window(state: State, seat: int) -> bool:
    return waits.waits_for(state, seat, waits.REACTION) is not None


def castable_now(state: State, seat: int) -> bool:
    """Whether `seat` may cast now: a waiting game with no open decision, or its turn in
    a reaction window; never before play starts or once scoring begins (AB-Q-36)."""
    if state["phase"] in QUIET_PHASES or player(state, seat)["oven"] is None:
        return False
    pending = state.get("pending")
    return pending is None or in_window(state, seat)


def _target_position(state: State, command: dict[str, Any], rule: str) -> int:
    positions = state["table"]["positions"]
    position = command.get("position")
    if not isinstance(position, int) or not 1 <= position <= len(positions):
        raise BadCommand(
            f'"position" is an adventurer position from 1 to {len(positions)} ({rule})'
        )
    return position


def _other_seat(state: State, command: dict[str, Any], key: str, seat: int, rule: str) -> int:
    other = command.get(key)
    if not isinstance(other, int) or other == seat or other not in seat_numbers(state):
        raise BadCommand(f'"{key}" is another seat of this game: {others(state, seat)} ({rule})')
    return other


def cast(cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
    p = player(state, seat)
    card = command.get("card")
    if not isinstance(card, str):
        raise BadCommand('"card" is the id of the spell card in your oven (AB-SPL-03)')
    if p["oven"] != card:
        raise RuleViolation("NOT_IN_OVEN", "that spell is not in your oven", "AB-SPL-03")
    if not castable_now(state, seat):
        raise RuleViolation(
            "NOT_NOW", "a spell is cast while the game waits and no choice is open", "AB-SPL-05"
        )
    spell = cards.spell_of(card)
    effect = EFFECTS[spell](cards, state, command, seat, rng)
    handlers = REGISTRY.bind(cards)  # to look ahead at what the effect leads to
    if in_window(state, seat) and _opens_decision(handlers, state, effect):
        # the window holds the heal's resolution in the one `pending` slot, so an effect
        # that needs a decision of its own (an overflow, a Ghost Vengeance) waits until
        # the heal has resolved; it can be cast as soon as the game waits again
        raise RuleViolation(
            "AFTER_THE_HEAL",
            "that effect needs a choice of its own: cast it once the heal has resolved",
            "AB-Q-37",
        )
    cast_event = Event("SpellCast", {"seat": seat, "card": card, "spell": spell})
    return [
        cast_event,
        *effect,
        *_vengeance_now(handlers, state, effect),
        *_window_answer(state, seat),
    ]


def _folded(handlers: Handlers, state: State, events: list[Event]) -> State:
    scratch = clone(state)
    for ev in events:
        handlers.apply(scratch, ev.type, ev.body)
    return scratch


def _opens_decision(handlers: Handlers, state: State, effect: list[Event]) -> bool:
    after = _folded(handlers, state, effect)
    window = waits.kind(after) == waits.REACTION
    return not window or len(after["gv_queue"]) > len(state["gv_queue"])


def _vengeance_now(handlers: Handlers, state: State, effect: list[Event]) -> list[Event]:
    """A Free Sample death is resolved at once by its caster (AB-SPL-19), in whatever
    phase it was cast: the automatic steps now, a roll or choice as the next command."""
    if not any(ev.type == "AdventurerDied" for ev in effect):
        return []
    scratch = _folded(handlers, state, effect)
    out: list[Event] = []
    while more := ghosts.advance(scratch):
        for ev in more:
            handlers.apply(scratch, ev.type, ev.body)
        out += more
    return out


class SpellCast(TypedDict):
    seat: int
    card: str
    spell: str


@handles("SpellCast")
def _cast(state: State, body: SpellCast) -> None:
    p = player(state, body["seat"])
    p["oven"] = None
    p["spells_cast"] = p.get("spells_cast", 0) + 1
    state["spells"]["discard"].append(body["card"])  # AB-SPL-06


def _window_answer(state: State, seat: int) -> list[Event]:
    if in_window(state, seat):
        return [Event("ReactionAnswered", {"seat": seat})]
    return []


def pass_reaction(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    if not in_window(state, seat):
        raise RuleViolation("NO_WINDOW", "no reaction is waiting for you", "AB-Q-37")
    return [Event("ReactionAnswered", {"seat": seat})]


class ReactionAnswered(TypedDict):
    seat: int


@handles("ReactionAnswered")
def _answered(state: State, body: ReactionAnswered) -> None:
    window = waits.open_decision(state, waits.REACTION)
    assert window is not None
    decisions.apply_answer(window, body["seat"], waits.ANSWERED)
    if decisions.is_closed(window):
        state["pending"] = window["details"]["then"]  # the heal resolves


def open_window(state: State, healer: int) -> None:
    """After a heal: the other seats holding a spell, in turn order after the healer."""
    if state["pending"] is None:
        return
    order = list(state["order"])
    after = turns.seats_after(order, healer) if healer in order else order
    seats = [s for s in after if s != healer and player(state, s)["oven"]]
    if seats:
        state["pending"] = waits.reaction(seats, state["pending"])


# -- effects -----------------------------------------------------------------------


Effect = Callable[[Cards, State, dict[str, Any], int, Rng], list[Event]]


def _stasis(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    position = _target_position(state, command, "AB-SPL-09")
    pos = state["table"]["positions"][position - 1]
    if pos is None:
        raise RuleViolation("NO_ADVENTURER", "Stasis needs an adventurer in play", "AB-SPL-09")
    return [Event("AdventurerInStasis", {"seat": seat, "position": position, "adventurer": pos})]


class AdventurerInStasis(TypedDict):
    seat: int
    position: int
    adventurer: Patient  # the whole position: adventurer, Diagnosis, Cure, hearts


@handles("AdventurerInStasis")
def _in_stasis(state: State, body: AdventurerInStasis) -> None:
    state["table"]["positions"][body["position"] - 1] = None  # refilled at end of round
    player(state, body["seat"]).setdefault("stasis", []).append(dict(body["adventurer"]))


def cleansed(inv: list[str]) -> list[str]:
    """What Cleanse takes from an inventory: its Failed Elixirs and Spectral Vials
    (AB-SPL-17). Previews say it too."""
    return [t for t in inv if t in (FAILED, SPECTRAL)]


def _cleanse(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    target = _other_seat(state, command, "target", seat, "AB-SPL-16")  # an opponent (AB-Q-39)
    removed = cleansed(player(state, target)["inventory"])
    return [
        Event(
            "Cleansed",
            {"seat": seat, "target": target, "removed": removed, "reputation": CLEANSE_REPUTATION},
        )
    ]


class Cleansed(TypedDict):
    seat: int
    target: int
    removed: list[str]
    reputation: int


@handles("Cleansed")
def _cleansed(state: State, body: Cleansed) -> None:
    target = player(state, body["target"])
    target["inventory"] = [t for t in target["inventory"] if t not in (FAILED, SPECTRAL)]
    player(state, body["seat"])["reputation"] += body["reputation"]


def _free_sample(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    delta = command.get("hearts")
    if delta not in (1, -1):
        raise BadCommand('"hearts" is 1 (add a heart) or -1 (remove one) (AB-SPL-18)')
    position = _target_position(state, command, "AB-SPL-18")
    healing = _healing_now(state)
    if healing and healing["position"] == position:
        # the adventurer being healed: its hearts set the bonus (AB-HEAL-12); it cannot
        # be killed once the cure is given (our decision, see README)
        if healing["hearts"] + delta < 1:
            raise RuleViolation(
                "CURE_GIVEN", "the adventurer being healed cannot lose its last heart", "AB-Q-37"
            )
        return [
            Event(
                "HeartsChanged",
                {"position": position, "hearts": healing["hearts"] + delta, "healing": True},
            )
        ]
    pos = state["table"]["positions"][position - 1]
    if pos is None:
        raise RuleViolation("NO_ADVENTURER", "Free Sample needs an adventurer in play", "AB-SPL-18")
    hearts = pos["hearts"] + delta
    events = [Event("HeartsChanged", {"position": position, "hearts": hearts, "healing": False})]
    if hearts <= 0:  # only the caster resolves this death (AB-SPL-19)
        events.append(deaths.died(cards, state, position, "free_sample", [seat]))
    return events


def _healing_now(state: State) -> Healed | None:
    window = waits.open_decision(state, waits.REACTION)
    if window is None:
        return None
    return window["details"]["then"]["details"].get("heal")


class HeartsChanged(TypedDict):
    position: int
    hearts: int
    healing: bool  # the adventurer being healed, held by the reaction window


@handles("HeartsChanged")
def _hearts(state: State, body: HeartsChanged) -> None:
    if body["healing"]:
        window = waits.open_decision(state, waits.REACTION)
        assert window is not None
        window["details"]["then"]["details"]["heal"]["hearts"] = body["hearts"]
        return
    state["table"]["positions"][body["position"] - 1]["hearts"] = body["hearts"]


def _metamorphosis(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    species = command.get("species")
    if species not in cards.species():
        raise BadCommand(f'"species" is one of {", ".join(cards.species())} (AB-SPL-20)')
    p = player(state, seat)
    # it holds for the caster's coming foraging turn (foraging drops it when that turn
    # ends), or for the current one if nothing was collected in it yet; once something
    # was, it waits for the next turn (AB-SPL-20, AB-SPL-21, AB-Q-42)
    collecting = (
        state["step"] == "forage"
        and active_seat(state) == seat
        and bool(p["collected"] or p.get("spent"))
    )
    return [Event("SpeciesChanged", {"seat": seat, "species": species, "now": not collecting})]


class SpeciesChanged(TypedDict):
    seat: int
    species: str
    now: bool  # for the current or coming foraging turn; false: the one after


@handles("SpeciesChanged")
def _species(state: State, body: SpeciesChanged) -> None:
    p = player(state, body["seat"])
    p["metamorphosis" if body["now"] else "metamorphosis_next"] = body["species"]


def _helping_hand(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    to = _other_seat(state, command, "to", seat, "AB-SPL-23")
    inv = player(state, seat)["inventory"]
    slot = command.get("slot")
    if not isinstance(slot, int) or not 1 <= slot <= len(inv):
        held = f"1 to {len(inv)}" if inv else "and your inventory is empty"
        raise BadCommand(f'"slot" is one of your inventory slots, {held} (AB-SPL-23)')
    if inv[slot - 1] == SPECTRAL:
        raise RuleViolation("NOT_A_VIAL", "Helping Hand never moves a Spectral Vial", "AB-SPL-25")
    bag = command.get("bag")
    if bag not in cards.elixir_types():
        types = ", ".join(cards.elixir_types())
        raise BadCommand(f'"bag" names an elixir type: {types} (AB-SPL-26)')
    if in_window(state, seat) and inventory.is_full(cards, inv):
        # the two draws could overflow, a choice that must wait for the heal (see cast)
        raise RuleViolation(
            "AFTER_THE_HEAL",
            "with a full inventory, cast Helping Hand once the heal has resolved",
            "AB-Q-37",
        )
    full = inventory.is_full(cards, player(state, to)["inventory"])
    given = Event(
        "ElixirGiven",
        {"seat": seat, "to": to, "slot": slot, "token": inv[slot - 1], "discarded": full},
    )
    # the draws follow the give: a discarded Pure or Impure is back in its bag first
    draws = inventory.draw_from_bag(
        _folded(REGISTRY.bind(cards), state, [given]), bag, HELPING_HAND_DRAWS, rng
    )
    return [given, Event("HelpingHandDrawn", {"seat": seat, "bag": bag, "draws": draws})]


class ElixirGiven(TypedDict):
    seat: int
    to: int
    slot: int
    token: str
    discarded: bool  # the receiver had no room (AB-SPL-24)


@handles("ElixirGiven")
def _given(state: State, body: ElixirGiven) -> None:
    token = player(state, body["seat"])["inventory"].pop(body["slot"] - 1)
    if body["discarded"]:
        inventory.return_tokens(state, [token])  # AB-SPL-24
    else:
        player(state, body["to"])["inventory"].append(token)  # AB-SPL-23


class HelpingHandDrawn(TypedDict):
    seat: int
    bag: str
    draws: list[str]


@handles_with_content("HelpingHandDrawn")
def _hand_drawn(cards: Cards, state: State, body: HelpingHandDrawn) -> None:
    inventory.take_from_bag(state, body["bag"], body["draws"])
    inventory.place(cards, state, body["seat"], inventory.tokens_of(body["bag"], body["draws"]))


def _forrie_tamer(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    other = _other_seat(state, command, "with", seat, "AB-SPL-27")
    return [Event("ForrieDecksSwapped", {"seat": seat, "with": other})]


ForrieDecksSwapped = TypedDict("ForrieDecksSwapped", {"seat": int, "with": int})


@handles("ForrieDecksSwapped")
def _swapped(state: State, body: ForrieDecksSwapped) -> None:
    """Draw decks and exhausted piles change hands with their species (AB-SPL-27, AB-Q-41);
    an Iridescent in a deck travels with it (AB-SPL-28), and a player whose deck held
    theirs puts the received deck's set-aside Iridescent on top (AB-SPL-29)."""
    a, b = player(state, body["seat"]), player(state, body["with"])
    before = {id(p): (p["iridescent_at"] == "deck") for p in (a, b)}
    for key in ("deck", "exhausted", "species", "iridescent", "iridescent_at"):
        a[key], b[key] = b[key], a[key]
    for p in (a, b):
        # this player's old deck held their Iridescent (it went with the deck)
        if before[id(p)] and p["iridescent_at"] != "deck":
            p["deck"].insert(0, p["iridescent"])
            p["iridescent_at"] = "deck"


def _clean_sweep(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    return wilderness.sweep(state, rng)  # AB-SPL-30


EFFECTS: dict[str, Effect] = {
    STASIS: _stasis,
    CLEANSE: _cleanse,
    FREE_SAMPLE: _free_sample,
    METAMORPHOSIS: _metamorphosis,
    HELPING_HAND: _helping_hand,
    FORRIE_TAMER: _forrie_tamer,
    CLEAN_SWEEP: _clean_sweep,
}


def commands(cards: Cards, state: State, seat: int) -> list[dict[str, Any]]:
    """Every distinct cast of the seat's spell that is possible now, plus passing a window."""
    out: list[dict[str, Any]] = []
    if in_window(state, seat):
        out.append({"type": "PassReaction"})
    if not castable_now(state, seat):
        return out
    p = player(state, seat)
    card = p["oven"]
    spell = cards.spell_of(card)
    base = {"type": "CastSpell", "card": card}
    others = [s for s in seat_numbers(state) if s != seat]
    in_play = [i for i, pos in enumerate(state["table"]["positions"], 1) if pos]
    healing = _healing_now(state)
    window = in_window(state, seat)
    if spell == STASIS:
        out += [{**base, "position": i} for i in in_play]
    elif spell == CLEANSE:
        out += [{**base, "target": s} for s in others]
    elif spell == FREE_SAMPLE:
        being_healed = healing["position"] if healing else 0  # 0: a stasis heal
        for i in in_play + ([being_healed] if being_healed else []):
            hearts = (
                healing["hearts"]
                if i == being_healed
                else state["table"]["positions"][i - 1]["hearts"]
            )
            for d in (1, -1):
                if i == being_healed and hearts + d < 1:
                    continue  # the cure has been given (README decision)
                if window and hearts + d < 1:
                    continue  # a death waits until the heal resolves (see cast)
                out.append({**base, "position": i, "hearts": d})
    elif spell == METAMORPHOSIS:
        out += [{**base, "species": s} for s in cards.species()]
    elif spell == HELPING_HAND:
        # one slot per distinct token; in a window the two draws must not overflow
        movable = {t: i for i, t in reversed(list(enumerate(p["inventory"], 1))) if t != SPECTRAL}
        if not (window and inventory.is_full(cards, p["inventory"])):
            out += [
                {**base, "to": s, "slot": i, "bag": b}
                for i in sorted(movable.values())
                for s in others
                for b in cards.elixir_types()
            ]
    elif spell == FORRIE_TAMER:
        out += [{**base, "with": s} for s in others]
    elif spell == CLEAN_SWEEP:
        out.append(base)
    return out
