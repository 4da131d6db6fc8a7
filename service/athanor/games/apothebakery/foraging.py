"""Phase 1: draw Forries, pick them in secret, reveal, fix turn order, forage in turn."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any, TypedDict

from athanor.engine import (
    SERVER,
    BadCommand,
    Event,
    Rng,
    RuleViolation,
    decisions,
    decks,
    only_seats,
)
from athanor.games.apothebakery import corruption, dice, steps, waits, wilderness
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.events import handles, handles_with_content
from athanor.games.apothebakery.state import (
    Player,
    Revealed,
    State,
    active_seat,
    player,
    seat_numbers,
)
from athanor.games.apothebakery.steps import step

HAND = 3
FIRST, DRAW = "first", "draw"


# -- round start --------------------------------------------------------------------


def start_round(cards: Cards, state: State, rng: Rng, round_no: int) -> list[Event]:
    events = [Event("RoundStarted", {"round": round_no})]
    for s in seat_numbers(state):
        p = player(state, s)
        # the last cards, then the exhausted pile shuffled as the rest (AB-Q-08)
        fact = decks.draw(p["deck"], p["exhausted"], HAND, rng)
        if fact["reshuffled"] is not None:
            added = fact["reshuffled"]
            events.append(
                Event("ForrieDeckReshuffled", {"seat": s, "added": added}, SERVER, {"seat": s})
            )
        drawn = fact["cards"]
        events.append(
            Event("ForriesDrawn", {"seat": s, "cards": drawn}, only_seats(s), {"seat": s})
        )
    events.append(step("foraging", "pick", None, round=round_no))
    return events


class RoundStarted(TypedDict):
    round: int


@handles_with_content("RoundStarted")
def _round_started(cards: Cards, state: State, body: RoundStarted) -> None:
    state["round"] = body["round"]
    for p in state["players"].values():
        p.update(
            picked=[], benefit="", fed=False, collected=0, healed_round=False, revealed=None,
            stamina=0, turn_over=False, benefit_used=False, spent=False,
        )  # fmt: skip
        if not cards.is_final_round(body["round"]):
            p["activations"] = 0
    for pos in state["table"]["positions"]:
        if pos:
            pos["healed"] = False


class ForrieDeckReshuffled(TypedDict):
    seat: int
    added: list[str]  # the exhausted pile, shuffled, under what is left of the deck


@handles("ForrieDeckReshuffled")
def _reshuffled(state: State, body: ForrieDeckReshuffled) -> None:
    p = player(state, body["seat"])
    decks.apply_reshuffle(p["deck"], p["exhausted"], body["added"])


class SeatCards(TypedDict):
    seat: int
    cards: list[str]


@handles("ForriesDrawn")
def _drawn(state: State, body: SeatCards) -> None:
    p = player(state, body["seat"])
    decks.apply_draw(p["deck"], body["cards"])
    p["hand"] = list(body["cards"])


# -- secret pick and reveal -------------------------------------------------------------


def pick(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    p = player(state, seat)
    if state["step"] != "pick":
        raise RuleViolation("NOT_NOW", "Forries are picked at the start of Foraging", "AB-FOR-03")
    if p["picked"]:
        raise RuleViolation("ALREADY_PICKED", "you have already picked your Forries", "AB-FOR-03")
    chosen = command.get("cards")
    if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
        raise BadCommand('"cards" lists 1 to 3 Forrie card ids from your hand (AB-FOR-03)')
    if not 1 <= len(chosen) <= 3 or len(set(chosen)) != len(chosen):
        raise RuleViolation("PICK_ONE_TO_THREE", "pick 1 to 3 different Forries", "AB-FOR-03")
    if not set(chosen) <= set(p["hand"]):
        raise RuleViolation("NOT_IN_HAND", "pick only Forries from your hand", "AB-FOR-03")
    benefit = command.get("benefit", "")
    if p["iridescent"] in chosen:
        if benefit not in (FIRST, DRAW):
            raise RuleViolation(
                "CHOOSE_BENEFIT",
                'the Iridescent Forrie gives one benefit: "first" or "draw"',
                "AB-IRI-03",
            )
    elif benefit:
        raise RuleViolation(
            "NO_IRIDESCENT", "only the Iridescent Forrie gives a benefit", "AB-IRI-03"
        )
    return [
        Event(
            "ForriesPicked",
            {"seat": seat, "cards": chosen, "benefit": benefit},
            only_seats(seat),
            {"seat": seat},
        )
    ]


def pick_commands(state: State, seat: int) -> list[dict[str, Any]]:
    p = player(state, seat)
    out = []
    for n in (1, 2, 3):
        for combo in combinations(p["hand"], n):
            if p["iridescent"] in combo:
                out += [
                    {"type": "PickForries", "cards": list(combo), "benefit": b}
                    for b in (FIRST, DRAW)
                ]
            else:
                out.append({"type": "PickForries", "cards": list(combo)})
    return out


class ForriesPicked(TypedDict):
    seat: int
    cards: list[str]
    benefit: str


@handles("ForriesPicked")
def _picked(state: State, body: ForriesPicked) -> None:
    p = player(state, body["seat"])
    p["picked"] = list(body["cards"])
    p["benefit"] = body["benefit"]


def pick_totals(cards: Cards, picked: list[str]) -> Revealed:
    """What a pick reveals: its stamina, strength and number of Forries (AB-FOR-04,
    AB-TO-02). Previews say it too."""
    forries = [cards.forrie(c) for c in picked]
    return {
        "stamina": sum(f.stamina for f in forries),
        "strength": sum(f.strength for f in forries),
        "count": len(forries),
    }


class Pick(Revealed):
    cards: list[str]
    benefit: str


class ForriesRevealed(TypedDict):
    picks: dict[str, Pick]  # by seat


def reveal(cards: Cards, state: State) -> Event:
    """Everyone's picks at the same moment (AB-TO-01)."""
    picks: dict[str, Pick] = {}
    for s in seat_numbers(state):
        p = player(state, s)
        picks[str(s)] = {
            "cards": list(p["picked"]),
            **pick_totals(cards, p["picked"]),
            "benefit": p["benefit"],
        }
    return Event("ForriesRevealed", {"picks": picks})


@handles("ForriesRevealed")
def _revealed(state: State, body: ForriesRevealed) -> None:
    for seat, info in body["picks"].items():
        p = state["players"][seat]
        rest = [c for c in p["hand"] if c not in info["cards"]]
        p["deck"] = rest + p["deck"]  # unpicked Forries go back on top (AB-FOR-05)
        p["hand"] = []
        p["revealed"] = {k: info[k] for k in ("stamina", "strength", "count")}
        p["stamina"] = info["stamina"]


def order_key(state: State, seat: int) -> tuple[int, int, int, int]:
    """Lower goes first: Iridescent 'first' claims, stamina, fewer Forries, more strength."""
    p = player(state, seat)
    r = p["revealed"]
    claim = 0 if p["benefit"] == FIRST else 1  # AB-TO-11, AB-Q-07
    return (claim, r["stamina"], r["count"], -r["strength"])


def tie_groups(state: State, seats: list[int]) -> list[list[int]]:
    groups: dict[tuple[int, int, int, int], list[int]] = {}
    for s in seats:
        groups.setdefault(order_key(state, s), []).append(s)
    return [g for g in groups.values() if len(g) > 1]


def rolloff(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    if waits.waits_for(state, seat, waits.ROLLOFF) is None:
        raise RuleViolation("NOT_YOUR_ROLL", "you have no turn-order roll to make", "AB-TO-06")
    return [dice.roll(cards, state, command, seat, rng, "turn_order")]


class RollOffStarted(TypedDict):
    groups: list[list[int]]


@handles("RollOffStarted")
def _rolloff_started(state: State, body: RollOffStarted) -> None:
    state["pending"] = waits.rolloff(body["groups"])


class RollOffResolved(TypedDict):
    ranks: dict[str, list[int]]  # seat -> its ranks so far, higher faces first
    again: list[list[int]]  # groups still tied


@handles("RollOffResolved")
def _rolloff_resolved(state: State, body: RollOffResolved) -> None:
    rolloff = waits.open_decision(state, waits.ROLLOFF)
    assert rolloff is not None
    waits.roll_again(rolloff, body["ranks"], body["again"])


def _after_rolls(state: State) -> list[Event]:
    """Rank each finished group by its faces; equal faces roll again (AB-Q-02)."""
    rolloff = waits.open_decision(state, waits.ROLLOFF)
    assert rolloff is not None
    faces, earlier = rolloff["answers"], rolloff["details"]["ranks"]
    ranks: dict[str, list[int]] = {}
    again: list[list[int]] = []
    for group in rolloff["details"]["groups"]:
        by_face: dict[int, list[int]] = {}
        for s in group:
            by_face.setdefault(dice.rank(faces[str(s)]), []).append(s)
        for level, members in by_face.items():
            if len(members) > 1:
                again.append(members)
            for s in members:
                ranks[str(s)] = [*earlier.get(str(s), []), -level]  # higher first
    return [Event("RollOffResolved", {"ranks": ranks, "again": again})]


def turn_order(state: State) -> list[int]:
    rolloff = waits.open_decision(state, waits.ROLLOFF)
    ranks = {} if rolloff is None else rolloff["details"]["ranks"]
    return sorted(
        seat_numbers(state), key=lambda s: (order_key(state, s), ranks.get(str(s), []), s)
    )


class TurnOrderSet(TypedDict):
    order: list[int]


@handles("TurnOrderSet")
def _order(state: State, body: TurnOrderSet) -> None:
    state["order"] = list(body["order"])
    state["pending"] = None


# -- foraging turns ----------------------------------------------------------------------


def advance(cards: Cards, state: State, rng: Rng) -> list[Event]:
    name = state["step"]
    if name == "pick":
        if all(p["picked"] for p in state["players"].values()):
            revealed = [reveal(cards, state)]
            if corruption.active(state):  # after the picks, Corruption's card (AB-SOLO-09)
                revealed += corruption.reveal(cards, state, rng)
            return [*revealed, step("foraging", "order", None)]
        return []
    if name == "placing":
        if state.get("pending"):
            return []
        if state["corruption"]["slot"] is None:
            return corruption.placement(state)
        return [step("foraging", "forage", 0)]
    if name == "order":
        rolloff = state.get("pending")
        if rolloff is None:
            groups = tie_groups(state, list(seat_numbers(state)))
            if groups:
                return [Event("RollOffStarted", {"groups": groups})]
            return _start_foraging(state)
        if decisions.awaiting(rolloff):
            return []
        if rolloff["details"]["groups"]:
            return _after_rolls(state)
        return _start_foraging(state)
    if name == "forage":
        if not player(state, active_seat(state))["turn_over"]:
            # Corruption spoils at its place, before this player forages (AB-SOLO-13)
            return corruption.before_turn(cards, state, state["turn"])
        turn = state["turn"] + 1
        if turn < len(state["order"]):
            return [step("foraging", "forage", turn)]
        return [*corruption.before_turn(cards, state, turn), *steps.alchemy()]
    return []


def _start_foraging(state: State) -> list[Event]:
    order = Event("TurnOrderSet", {"order": turn_order(state)})
    if corruption.active(state):  # then Corruption's place among them (AB-SOLO-10..12)
        return [order, step("foraging", "placing", None)]
    return [order, step("foraging", "forage", 0)]


def _require_forager(state: State, seat: int, rule: str) -> Player:
    if state["step"] != "forage" or active_seat(state) != seat:
        raise RuleViolation("NOT_YOUR_TURN", "it is not your foraging turn", rule)
    return player(state, seat)


def forager_species(p: Mapping[str, Any]) -> str:
    """The species a player's Forries count as: a Metamorphosis's, or the deck's own
    (AB-SPL-20). `p` is the player in the state or in a seat's view."""
    return str(p.get("metamorphosis") or p["species"])


def card_cost(cards: Cards, printed: int, card: str | None, species: str) -> int:
    """The stamina a board card costs: its slot's printed cost, one less when the card's
    type is the forager's species (AB-FOR-09, AB-FOR-10). Previews say it too."""
    if card is not None and cards.resource(card).type == species:
        printed -= 1
    return max(printed, 0)


def slot_cost(cards: Cards, state: State, seat: int, slot: int) -> int:
    """The stamina a slot's card costs this forager (AB-FOR-10 species discount)."""
    card = state["wilderness"]["slots"][slot]
    printed = cards.board_costs(state["seats"])[slot]
    return card_cost(cards, printed, card, forager_species(player(state, seat)))


class ForriesFed(TypedDict):
    seat: int
    card: str
    stamina: int


def feed(cards: Cards, state: State, command: dict[str, Any], seat: int) -> list[Event]:
    p = _require_forager(state, seat, "AB-FEED-02")
    card = command.get("card")
    if not isinstance(card, str):
        raise BadCommand('"card" is the id of a resource card in your hand (AB-FEED-01)')
    if p["fed"]:
        raise RuleViolation("ALREADY_FED", "you may feed one card per round", "AB-FEED-03")
    if p["collected"] or p.get("spent"):
        raise RuleViolation(
            "FEED_AT_START", "feeding is announced at the start of your turn", "AB-FEED-02"
        )
    if card not in p["resources"]:
        raise RuleViolation("NOT_IN_HAND", "feed a resource card from your hand", "AB-FEED-01")
    potency = cards.resource(card).potency
    return [Event("ForriesFed", {"seat": seat, "card": card, "stamina": potency})]


@handles("ForriesFed")
def _fed(state: State, body: ForriesFed) -> None:
    p = player(state, body["seat"])
    decks.move(p["resources"], state["wilderness"]["discard"], [body["card"]])  # AB-Q-11
    p["stamina"] += body["stamina"]
    p["fed"] = True


class WildernessTaken(TypedDict):
    seat: int
    slot: int
    card: str
    cost: int


def take(cards: Cards, state: State, command: dict[str, Any], seat: int) -> list[Event]:
    p = _require_forager(state, seat, "AB-FOR-09")
    slot = command.get("slot")
    slots = state["wilderness"]["slots"]
    if not isinstance(slot, int) or isinstance(slot, bool) or not 1 <= slot <= len(slots):
        raise BadCommand(f'"slot" is a Wilderness slot from 1 to {len(slots)} (AB-FOR-09)')
    if slots[slot - 1] is None:
        raise RuleViolation("EMPTY_SLOT", "that slot is empty this round", "AB-FOR-09")
    cost = slot_cost(cards, state, seat, slot - 1)
    if cost > p["stamina"]:
        raise RuleViolation("NOT_ENOUGH_STAMINA", "you lack the stamina for that card", "AB-FOR-13")
    return [
        Event(
            "WildernessTaken",
            {"seat": seat, "slot": slot, "card": slots[slot - 1], "cost": cost},
        )
    ]


@handles("WildernessTaken")
def _taken(state: State, body: WildernessTaken) -> None:
    p = player(state, body["seat"])
    state["wilderness"]["slots"][body["slot"] - 1] = None
    p["resources"].append(body["card"])
    p["stamina"] -= body["cost"]
    p["collected"] += 1
    p["spent"] = True


class WildernessDrawn(TypedDict):
    seat: int
    cards: list[str]
    cost: int
    iridescent: bool  # the Iridescent's free draw (AB-IRI-03)


def draw_blind(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    p = _require_forager(state, seat, "AB-FOR-12")
    free = command.get("iridescent", False)
    if not isinstance(free, bool):
        raise BadCommand('"iridescent" is true or false (AB-IRI-03)')
    cost = 0 if free else cards.blind_draw()[0]
    if free and (p["benefit"] != DRAW or p.get("benefit_used")):
        raise RuleViolation(
            "NO_FREE_DRAW", "your Iridescent Forrie gave no free draw this round", "AB-IRI-03"
        )
    if cost > p["stamina"]:
        raise RuleViolation("NOT_ENOUGH_STAMINA", "a blind draw costs 8 stamina", "AB-FOR-12")
    if not (state["wilderness"]["deck"] or state["wilderness"]["discard"]):
        # nothing to draw even after a reshuffle: refuse rather than take 8 for nothing (AB-Q-10)
        raise RuleViolation("WILDERNESS_EMPTY", "no Wilderness cards are left to draw", "AB-Q-10")
    events, drawn = wilderness.draw(state, rng, cards.blind_draw()[1])
    events.append(
        Event(
            "WildernessDrawn",
            {"seat": seat, "cards": drawn, "cost": cost, "iridescent": bool(free)},
            only_seats(seat),
            {"seat": seat, "count": len(drawn), "cost": cost, "iridescent": bool(free)},
        )
    )
    return events


@handles("WildernessDrawn")
def _blind(state: State, body: WildernessDrawn) -> None:
    p = player(state, body["seat"])
    decks.apply_draw(state["wilderness"]["deck"], body["cards"])
    p["resources"] += body["cards"]
    p["stamina"] -= body["cost"]
    p["collected"] += len(body["cards"])
    p["spent"] = True
    if body["iridescent"]:
        p["benefit_used"] = True


def could_forage(cards: Cards, state: State, seat: int) -> bool:
    """Whether anything was affordable: the test of 'unable to forage' (AB-Q-06).

    A player who could still feed counts the best feed's stamina: the rulebook's
    "unable to forage" is a player who could not, not one who chose not to feed
    (AB-IRI-02, AB-FEED-01); the game README records this. The first rulings judged
    the stamina in hand alone."""
    p = player(state, seat)
    stamina = p["stamina"]
    if not state.get("first_rulings") and not p["fed"] and not p.get("spent") and p["resources"]:
        stamina += max(cards.resource(c).potency for c in p["resources"])
    slots = state["wilderness"]["slots"]
    if any(
        c is not None and slot_cost(cards, state, seat, i) <= stamina for i, c in enumerate(slots)
    ):
        return True
    blind_cost, _ = cards.blind_draw()
    has_cards = bool(state["wilderness"]["deck"] or state["wilderness"]["discard"])
    free = p["benefit"] == DRAW and not p.get("benefit_used")
    return has_cards and (stamina >= blind_cost or free)


def end_turn(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    p = _require_forager(state, seat, "AB-FOR-14")
    used_now = p["iridescent"] in p["picked"]
    # Shuffled in unless it is still waiting in the deck (AB-IRI-06); one played this very
    # turn has been used, so it goes back in too (AB-IRI-05, AB-PUB-03).
    shuffle_in = (
        p["collected"] == 0
        and not could_forage(cards, state, seat)
        and (p["iridescent_at"] != "deck" or used_now)
    )
    events = [
        Event(
            "ForagingEnded",
            {
                "seat": seat,
                "exhausted": [c for c in p["picked"] if c != p["iridescent"]],
                "iridescent_used": used_now,
                "unable": shuffle_in,
            },
        )
    ]
    if shuffle_in:  # AB-IRI-02, AB-IRI-05
        deck = decks.shuffled_in(p["deck"], [p["iridescent"]], rng)
        events.append(
            Event("IridescentShuffledIn", {"seat": seat, "deck": deck}, SERVER, {"seat": seat})
        )
    return events


class ForagingEnded(TypedDict):
    seat: int
    exhausted: list[str]
    iridescent_used: bool
    unable: bool  # nothing was collected or affordable: the Iridescent goes in (AB-IRI-02)


@handles("ForagingEnded")
def _ended(state: State, body: ForagingEnded) -> None:
    p = player(state, body["seat"])
    p["exhausted"] += body["exhausted"]  # every picked Forrie is exhausted (AB-FOR-16)
    p["picked"] = []  # they have left play: each card is in one place
    if body["iridescent_used"]:
        p["iridescent_at"] = "used"  # set aside after its single use (AB-IRI-04)
    p["stamina"] = 0  # unspent stamina is lost (AB-FOR-14)
    p["turn_over"] = True
    p.pop("metamorphosis", None)
    if "metamorphosis_next" in p:  # a Metamorphosis cast too late for this turn (AB-Q-42)
        p["metamorphosis"] = p.pop("metamorphosis_next")


class IridescentShuffledIn(TypedDict):
    seat: int
    deck: list[str]


@handles("IridescentShuffledIn")
def _iridescent_in(state: State, body: IridescentShuffledIn) -> None:
    p = player(state, body["seat"])
    p["deck"] = list(body["deck"])
    p["iridescent_at"] = "deck"


def forage_commands(cards: Cards, state: State, seat: int) -> list[dict[str, Any]]:
    if state["step"] != "forage" or active_seat(state) != seat:
        return []
    p = player(state, seat)
    out: list[dict[str, Any]] = [{"type": "EndForaging"}]
    for i, card in enumerate(state["wilderness"]["slots"]):
        if card is not None and slot_cost(cards, state, seat, i) <= p["stamina"]:
            out.append({"type": "TakeCard", "slot": i + 1})
    has_cards = bool(state["wilderness"]["deck"] or state["wilderness"]["discard"])
    if has_cards and p["stamina"] >= cards.blind_draw()[0]:
        out.append({"type": "DrawBlind"})
    if has_cards and p["benefit"] == DRAW and not p.get("benefit_used"):
        out.append({"type": "DrawBlind", "iridescent": True})
    if not p["fed"] and not p.get("spent"):
        out += [{"type": "FeedForries", "card": c} for c in p["resources"]]
    return out
