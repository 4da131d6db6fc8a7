"""The action turns of the game mode (AL-FOR, AL-TRN, AL-BUY, AL-SELL, AL-EXP, AL-EXH)
and declining (AL-RES-03). Each command acts for the action turn at the head of the
queue; the event that ends the turn carries "turn": true."""

from __future__ import annotations

from typing import Any

from athanor.engine import BadCommand, Event, Rng, RuleViolation, decisions
from athanor.engine.events import SERVER, only_seats
from athanor.games.alchemists import favors, mixing, names
from athanor.games.alchemists.alchemicals import NEGATIVE, QUALITIES, quality
from athanor.games.alchemists.content import Content
from athanor.games.alchemists.draws import Draws
from athanor.games.alchemists.reputation import price
from athanor.games.alchemists.scoring import reputations
from athanor.games.alchemists.spaces import slot_cost, turn_of
from athanor.games.alchemists.state import State, bids, player
from athanor.games.wording import count

Command = dict[str, Any]


def _has(state: State, seat: int, cards: list[str], rule: str, empty_rule: str) -> None:
    """The cards are in the seat's hand; else why not: an empty hand can only decline
    (`empty_rule`), a card not held is refused by the action's own rule."""
    hand = list(player(state, seat)["hand"])
    if len(hand) < len(cards):
        held = count(len(hand), "ingredient card") if hand else "no ingredient card"
        raise RuleViolation(
            "NOT_ENOUGH_CARDS",
            f"you hold {held} and this action takes {len(cards)}: decline it",
            empty_rule,
        )
    for c in cards:
        if c not in hand:
            raise RuleViolation("NOT_IN_HAND", f"you hold no {names.ingredient(c)}", rule)
        hand.remove(c)


def decline(state: State, command: Command, seat: int) -> list[Event]:
    head = turn_of(state, seat, *(q[0] for q in state["queue"][:1]))
    body = {"seat": seat, "space": head[0], "cubes": slot_cost(head[0], head[2]), "turn": True}
    return [Event("ActionDeclined", body)]


def forage(content: Content, state: State, command: Command, seat: int, rng: Rng) -> list[Event]:
    turn_of(state, seat, "forage")
    take = command.get("take", "")
    if take == "deck":
        draws = Draws(state, rng)
        if not draws.ingredients(seat, 1, "forage"):
            raise RuleViolation("DECK_EMPTY", "no ingredient is left to draw", "AL-RES-04")
        return [Event("Foraged", {"seat": seat, "take": "deck", "turn": True}), *draws.events]
    mixing.ingredient(command, "take")
    if take not in state["row"]:
        raise RuleViolation(
            "NOT_IN_ROW", f"no {names.ingredient(take)} lies face up in the row", "AL-FOR-02"
        )
    return [Event("Foraged", {"seat": seat, "take": take, "turn": True})]


def transmute(state: State, command: Command, seat: int) -> list[Event]:
    turn_of(state, seat, "transmute")
    ing = mixing.ingredient(command)
    sage = favors.played(command, ("sage",), state, seat)
    _has(state, seat, [ing], "AL-TRN-01", "AL-TRN-02")
    gain = 2 if sage else 1  # AL-TRN-01, AL-FAV-09
    public: dict[str, Any] = {
        "seat": seat,
        "gold": {str(seat): player(state, seat)["gold"] + gain},
        "turn": True,
    }
    if sage:
        public["favors"] = sage
    return [Event("Transmuted", {**public, "ingredient": ing}, only_seats(seat), public)]


def buy(content: Content, state: State, command: Command, seat: int, rng: Rng) -> list[Event]:
    turn_of(state, seat, "buy")
    art = command.get("artifact", "")
    if art not in {a.id for a in content.artifact}:
        raise BadCommand(f"unknown artifact {art!r} (AL-DAT-10)")
    if art not in state["artifact_row"]:
        raise RuleViolation(
            "NOT_IN_ROW", f"{names.artifact(art)} is not in the artifact row now", "AL-BUY-01"
        )
    p = player(state, seat)
    shop = favors.played(command, ("shopkeeper",), state, seat)
    cost = artifact_cost(content, art, bool(shop))
    if p["gold"] < cost:
        raise RuleViolation(
            "NO_GOLD",
            f"{names.artifact(art)} costs {cost} gold and you have {p['gold']}",
            "AL-BUY-02",
        )
    body: dict[str, Any] = {
        "seat": seat,
        "artifact": art,
        "cost": cost,
        "gold": {str(seat): p["gold"] - cost},
        "turn": True,
    }
    if shop:
        body["favors"] = shop
    events = [Event("ArtifactBought", body)]
    if art == "witchs-trunk":  # AL-ART-13
        draws = Draws(state, rng)
        draws.ingredients(seat, 7, "witchs-trunk")
        events += draws.events
    return events


def artifact_cost(content: Content, artifact: str, shopkeeper: bool) -> int:
    """The printed cost, 1 less with a Shopkeeper, never below 0 (AL-FAV-08, AL-Q-47)."""
    return max(0, content.artifact_by_id(artifact).cost - (1 if shopkeeper else 0))


def bid(state: State, command: Command, seat: int) -> list[Event]:
    sale = state["sale"]
    sellers = {q[1] for q in state["queue"] if q[0] == "sell"}
    if state["phase"] != "bid" or sale is None or seat not in sellers:
        raise RuleViolation("NO_BID", "you are not bidding to sell now", "AL-SELL-04")
    if not decisions.awaits(sale["bidding"], seat):
        raise RuleViolation("BID_PLACED", "you have already bid", "AL-SELL-04")
    discount = command.get("discount", 0)
    if not isinstance(discount, int) or not 0 <= discount <= 3:
        raise BadCommand("discount is 0 to 3 (the bid cards 0, -1, -2, -3; AL-SELL-04)")
    shown = decisions.answer_visibility(sale["bidding"], seat)  # secret until all have bid
    return [Event("BidPlaced", {"seat": seat, "discount": discount}, shown, {"seat": seat})]


def guarantees(state: State, seat: int) -> list[str]:
    """The levels a seller may offer: price at least 1 (AL-SELL-08/13); none before the
    seat's bid is placed."""
    sale = state["sale"]
    if sale is None or str(seat) not in bids(sale):
        return []
    discount = bids(sale)[str(seat)]
    rep = player(state, seat)["reputation"]
    return [q for q in QUALITIES if price(q, discount, rep) >= 1]


def all_wants(content: Content, state: State) -> list[str]:
    if state["adventurer"] is None:
        return []
    return list(next(a.wants for a in content.adventurer if a.id == state["adventurer"]))


def wanted_open(content: Content, state: State) -> list[str]:
    """The current adventurer's wants that no earlier seller took (AL-SELL-06)."""
    sale = state["sale"]
    blocked = sale["blocked"] if sale else []
    if state["adventurer"] is None:
        return []
    wants = next(a.wants for a in content.adventurer if a.id == state["adventurer"])
    return [w for w in wants if w not in blocked]


def _discarding(
    state: State, seat: int, cards: list[str], rng: Rng, set_aside: bool = False
) -> dict[str, Any]:
    """How the mixed cards leave the hand: Magic Mortar keeps one at random (AL-ART-06,
    AL-Q-41), Feather in Cap sets a success aside (AL-ART-02)."""
    if set_aside:
        return {"set_aside": True}
    if "magic-mortar" in player(state, seat)["artifacts"]:
        return {"kept": rng.choice(sorted(cards))}
    return {}


def _periscopes(
    state: State, mixer: int, cards: list[str], result: str | None, rng: Rng
) -> list[Event]:
    """AL-ART-07, AL-Q-40: each opponent with an unused Periscope sees one of the two."""
    out = []
    for seat, p in state["players"].items():
        if int(seat) != mixer and "periscope" in p["artifacts"] and not p["periscope_used"]:
            seen = rng.choice(sorted(cards))
            body: dict[str, Any] = {"seat": int(seat), "of": mixer, "ingredient": seen}
            if result is not None:
                body["result"] = result
            out.append(
                Event(
                    "PeriscopeSeen", body, only_seats(int(seat)), {"seat": int(seat), "of": mixer}
                )
            )
    return out


def sell(content: Content, state: State, command: Command, seat: int, rng: Rng) -> list[Event]:
    turn_of(state, seat, "sell")
    wanted = mixing.potion(command, "wanted")
    level = command.get("guarantee", "")
    if level not in QUALITIES:
        raise BadCommand(f"guarantee is one of {', '.join(QUALITIES)} (AL-SELL-07)")
    cards = mixing.ingredients(command)
    played = favors.played(command, favors.ON_SELL, state, seat)
    sale = state["sale"]
    if sale is None or str(seat) not in bids(sale):  # only mid-batch, never at rest
        raise RuleViolation("NO_SALE", "no sale is open for your bid yet", "AL-SELL-04")
    first = sale["order"][:1] == [seat]
    blocked_ok = "merchant" in played and not first  # AL-FAV-07, AL-Q-17
    if wanted not in (all_wants(content, state) if blocked_ok else wanted_open(content, state)):
        why = (
            "an earlier seller took it this round"
            if wanted in all_wants(content, state)
            else "it is not one of the three potions the adventurer wants"
        )
        raise RuleViolation(
            "NOT_WANTED", f"you cannot sell {names.potion(wanted)}: {why}", "AL-SELL-06"
        )
    p = player(state, seat)
    if level not in guarantees(state, seat):
        offered = price(level, bids(sale)[str(seat)], p["reputation"])
        raise RuleViolation(
            "PRICE_TOO_LOW",
            f"guaranteeing {names.GUARANTEES[level]} would pay {offered} gold with your bid "
            "and reputation: a guarantee needs a price of at least 1",
            "AL-SELL-08",
        )
    _has(state, seat, cards, "AL-SELL-09", "AL-RES-04")
    offered = price(level, bids(sale)[str(seat)], p["reputation"])
    result = mixing.answer(state, *cards)
    got = quality(wanted, result)
    seen = got
    delta = 0
    if "barmaid" in played:  # AL-FAV-04, AL-Q-16: one level better, or +1 on exact
        if got == "exact":
            delta += 1
        else:
            seen = QUALITIES[QUALITIES.index(got) - 1]
    paid = offered if QUALITIES.index(seen) <= QUALITIES.index(level) else 0  # AL-SELL-11
    bonus = 1 if "merchant" in played and first else 0
    if seen in ("neutral", "wrong"):  # AL-SELL-12
        delta -= 1
    public: dict[str, Any] = {
        "seat": seat,
        "wanted": wanted,
        "guarantee": level,
        "quality": got,
        "price": offered,
        "paid": paid,
        "gold": {str(seat): p["gold"] + paid + bonus},
        "turn": True,
    }
    if played:
        public["favors"] = played
        public["perceived"] = seen
    if delta:
        public["reputation"] = reputations(state, {seat: delta})
    full = {
        **public,
        "ingredients": cards,
        "result": result,
        **_discarding(state, seat, cards, rng),
    }
    noted = {"seat": seat, "ingredients": cards, "wanted": wanted, "quality": got}
    return [
        Event("Sold", full, SERVER, public),
        Event("SaleNoted", noted, only_seats(seat), {"seat": seat}),
        *_periscopes(state, seat, cards, None, rng),
    ]


def experiment(
    content: Content, state: State, command: Command, seat: int, rng: Rng, action: str
) -> list[Event]:
    """Test on Student or Drink Potion (AL-EXP-01..11; Thinking Cap AL-ART-11)."""
    turn_of(state, seat, *(("drink", "custodian") if action == "drink" else (action,)))
    p = player(state, seat)
    cap = action == "test" and "thinking-cap" in p["artifacts"]
    n = 4 if cap and len(command.get("ingredients", [])) == 4 else 2
    cards = mixing.ingredients(command, n)
    _has(state, seat, cards, "AL-EXP-01", "AL-EXP-01")
    gold = p["gold"]
    fee = 1 if action == "test" and state["student_sick"] and not cap else 0  # AL-EXP-06
    if gold < fee:
        raise RuleViolation(
            "NO_GOLD",
            f"the sick student now costs {fee} gold and you have {gold}: decline the test",
            "AL-EXP-06",
        )
    events: list[Event] = []
    sick = list(p["sick"])
    for k in range(0, n, 2):
        pair = cards[k : k + 2]
        result = mixing.answer(state, *pair)
        public: dict[str, Any] = {
            "seat": seat,
            "action": "student" if action == "test" else "drink",
            "result": result,
        }
        if k == 0 and fee:
            public["fee"] = fee
            public["gold"] = {str(seat): gold - fee}
        if action == "test" and result in NEGATIVE and not cap:
            public["student_sick"] = True  # AL-EXP-05
        if action == "drink" and result in NEGATIVE and result not in sick:  # AL-EXP-11
            public["effect"] = True
            sick.append(result)
            if result == "B-":  # AL-EXP-08
                public["reputation"] = reputations(state, {seat: -1})
        if k + 2 == n:
            public["turn"] = True
        full = {**public, "ingredients": pair, **_discarding(state, seat, pair, rng)}
        events.append(Event("Mixed", full, only_seats(seat), public))
        if k == 0:  # once per action, even for the Thinking Cap's two mixes
            events += _periscopes(state, seat, pair, result, rng)
    return events


def exhibit(content: Content, state: State, command: Command, seat: int, rng: Rng) -> list[Event]:
    """AL-EXH-02..06: only success or failure is told (AL-CR-10)."""
    turn_of(state, seat, "exhibit")
    promised = mixing.potion(command, "potion")
    cards = mixing.ingredients(command)
    p = player(state, seat)
    if promised in p["exhibited"]:
        raise RuleViolation(
            "DONE", f"you have already exhibited {names.potion(promised)}", "AL-EXH-02"
        )
    _has(state, seat, cards, "AL-EXH-02", "AL-RES-04")
    result = mixing.answer(state, *cards)
    success = result == promised
    delta = -1
    mastery = None
    if success:
        delta = 0 if promised in state["exhibited_first"] else 1  # AL-EXH-03
        other = promised[0] + ("-" if promised[1] == "+" else "+")
        if other in p["exhibited"] and promised[0] not in p["mastery"]:
            delta += 2  # AL-EXH-05
            mastery = promised[0]
    public: dict[str, Any] = {"seat": seat, "potion": promised, "success": success, "turn": True}
    if delta:
        public["reputation"] = reputations(state, {seat: delta})
    if mastery:
        public["mastery"] = mastery
    feather = success and "feather-in-cap" in p["artifacts"]
    full = {
        **public,
        "ingredients": cards,
        "result": result,
        **_discarding(state, seat, cards, rng, feather),
    }
    noted = {"seat": seat, "ingredients": cards, "potion": promised, "success": success}
    return [
        Event("Exhibited", full, SERVER, public),
        Event("ExhibitNoted", noted, only_seats(seat), {"seat": seat}),
    ]
