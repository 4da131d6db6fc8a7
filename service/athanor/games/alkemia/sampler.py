"""The hidden-information sampler (`Rules.sample`): a twin of a state that one seat
(None: a spectator) cannot tell apart from it.

Drawn again from the Rng:

- the order of every Reagent deck, and which Reagents the other seats hold: their
  hands and the decks are pooled and dealt again, each deck its own element and its
  count, each hand its count;
- the Trading Post cards below each top and the field-building tiles below the drawn
  one that nobody has seen (`posts_unseen`, `build["unseen"]`); cards seen going under
  keep their places;
- the sealed Artifacts, among those nobody has unsealed (hidden from their owners too);
- a barter's offer, for a seat that is not one of its two parties;
- in a secret phase (Alchemy, the C step, the S step), every other seat's choices
  since the phase began: the seat is wound back to what the table was shown then
  (``shown``), dealt a hand of the count shown, and plays random legal choices of its
  own again, finishing when it had finished.

Kept, because the seat sees it: its own hand and choices, the Field, the piles, every
count and top card a view shows, and what the table learnt in public that the rules
still depend on: a barter's partners each hold a card it asks for; an unfinished seat
still owes an Elixir's discards, or still holds more than the hand limit in the S step
(its advance command shows on the table); a deck or the SEED supply that the seat's
own listing finds empty stays empty, and one it finds stocked stays stocked. When
random choices miss those facts `ATTEMPTS` times, the other seats' secret choices are
kept as they are and only their hands and the decks are dealt again.

Wider than the seat's knowledge (never narrower, so the undo check only errs towards
refusing): what past events told a seat about a particular card in another hand (a
trade, a card taken from a discard pile, a gathered card's element) and how many
secret actions of each kind the others took (their events name the kind) are not
kept in the state, so twins do not keep them either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from athanor.engine import Rng
from athanor.engine.decisions import is_closed
from athanor.engine.handlers import Handlers
from athanor.engine.settle import Decider, copy_state
from athanor.games.alkemia import alchemy, sites
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.edition import Edition
from athanor.games.alkemia.state import JSON, Player, State, given_cards, player


class AlkemiaRules(Protocol):
    """What a replay of the secret phase needs of the rules (the rules module passes
    itself; naming the class here would make the two modules import each other)."""

    cards: Content
    commands: Mapping[str, Decider]
    registry: Handlers
    edition: Edition

    def legal_commands(self, state: Any, seat: int) -> list[JSON]: ...


T = TypeVar("T")
SECRET_PHASES = {"alchemy": "FinishAlchemy", "crest": "FinishCrest", "seed": "FinishWeek"}
ATTEMPTS = 8  # random replays of the secret phase before keeping the choices made
MAX_STEPS = 60  # secret commands one seat replays, at most
STOP = 3  # a replaying seat stops (or finishes) after each choice with chance 1 in STOP
EAGER = {"Synthesize", "Sacrifice"}  # chosen half the time when a replaying seat can


def sample(rules: AlkemiaRules, state: State, seat: int | None, rng: Rng) -> State:
    """A state `seat` cannot tell from `state` (see the module docstring); `state` is
    left as it is."""
    content = rules.cards
    twin: State | None = None
    if _secret(state):
        for _ in range(ATTEMPTS):
            twin = _replayed(rules, state, seat, rng)
            if twin is not None:
                break
    if twin is None:  # no secret phase, or no replay kept to what the seat has seen
        twin = copy_state(state)
        _deal_again(content, state, twin, seat, rng)
    _under_the_top(state, twin, rng)
    _artifacts(content, twin, rng)
    _offer(twin, seat, rng, rules.edition)
    return twin


def _secret(state: State) -> bool:
    pending = state["pending"]
    return (
        state["phase"] in SECRET_PHASES
        and state["shown"] is not None
        and pending is not None
        and pending["secret"]
        and not is_closed(pending)
    )


def _others(state: State, seat: int | None) -> list[int]:
    return [s for s in state["order_all"] if s != seat]


def _element(content: Content, card: str) -> str:
    return content.reagent(card).element


def _deal(
    content: Content,
    twin: State,
    pool: list[str],
    sizes: dict[str, int],
    hands: dict[int, int],
    rng: Rng,
) -> dict[int, list[str]] | None:
    """Deal `pool` again: each deck `sizes[e]` cards of its element, in a random order,
    the rest to the seats of `hands` (seat -> how many); None when the pool cannot."""
    by_element: dict[str, list[str]] = {e: [] for e in twin["decks"]}
    for card in pool:
        by_element[_element(content, card)].append(card)
    rest: list[str] = []
    for e, cards in by_element.items():
        mixed = rng.permuted(cards)
        if len(mixed) < sizes.get(e, 0):
            return None
        twin["decks"][e] = mixed[: sizes.get(e, 0)]
        rest += mixed[sizes.get(e, 0) :]
    if len(rest) != sum(hands.values()):
        return None
    rest = rng.permuted(rest)
    dealt: dict[int, list[str]] = {}
    for s, n in hands.items():
        dealt[s], rest = rest[:n], rest[n:]
    return dealt


# ---------------------------------------------------------------- outside a secret phase


def _deal_again(content: Content, state: State, twin: State, seat: int | None, rng: Rng) -> None:
    """The other seats' hands and the decks dealt again, every count kept. A card the
    seat saw offered in a barter stays in the offering hand; a barter's partners each
    keep a card it asks for (when random deals miss that, their hands are kept)."""
    others = _others(state, seat)
    fixed: dict[int, list[str]] = {s: [] for s in others}  # cards of a hand the seat saw
    offered = _offered_cards(state, seat)
    if offered is not None:
        fixed[offered[0]] += offered[1]
    barter = state["barter"]
    wants: list[int] = []  # partners whose hands must hold a card the barter asks for
    if barter is not None and barter["request"]["kind"] != "seed":
        wants = [s for s in barter["partners"] if s in fixed]
    for attempt in range(ATTEMPTS + 1):
        if attempt == ATTEMPTS:  # keep the partners' hands as they are
            for s in wants:
                fixed[s] = list(player(state, s)["hand"])
            wants = []
        pool = [c for deck in state["decks"].values() for c in deck]
        hands: dict[int, int] = {}
        for s in others:
            hand = list(player(state, s)["hand"])
            for card in fixed[s]:
                hand.remove(card)
            pool += hand
            hands[s] = len(hand)
        sizes = {e: len(d) for e, d in state["decks"].items()}
        dealt = _deal(content, twin, pool, sizes, hands, rng)
        if dealt is None:  # cannot happen on a state the rules made; kept as it is
            twin["decks"] = {e: rng.permuted(d) for e, d in state["decks"].items()}
            return
        for s in others:
            player(twin, s)["hand"] = rng.permuted(fixed[s] + dealt[s])
        if all(_holds_asked(content, twin, s) for s in wants):
            return


def _offered_cards(state: State, seat: int | None) -> tuple[int, list[str]] | None:
    """(the offering seat, its cards) of an open barter offer the seat may see, when the
    cards lie in another seat's hand."""
    pending, barter = state["pending"], state["barter"]
    if pending is None or pending["kind"] != "trade" or barter is None:
        return None
    cards = given_cards(pending["details"])
    parties = (barter["seat"], *pending["seats"])
    if not cards or seat not in parties or barter["seat"] == seat:
        return None
    return barter["seat"], cards


def _holds_asked(content: Content, twin: State, s: int) -> bool:
    request = twin["barter"]["request"]  # type: ignore[index]
    return any(sites.matches(content, c, request) for c in player(twin, s)["hand"])


# ---------------------------------------------------------------- in a secret phase


def _replayed(rules: AlkemiaRules, state: State, seat: int | None, rng: Rng) -> State | None:
    """The secret phase played again by every other seat, from what the table was shown
    when it began; None when the replay strays from what the seat has seen."""
    content = rules.cards
    twin = copy_state(state)
    shown: JSON = twin["shown"]  # type: ignore[assignment]
    pending = twin["pending"]
    assert pending is not None
    others = _others(state, seat)
    drawn: dict[str, list[str]] = shown.get("drawn", {})
    pool = [c for deck in state["decks"].values() for c in deck]
    sizes = {e: len(d) for e, d in state["decks"].items()}
    hands: dict[int, int] = {}
    for s in others:
        given = _wind_back(content, twin, s)
        if given is None:
            return None
        pool += given
        hands[s] = shown["players"][str(s)]["hand"]
        for card in drawn.pop(str(s), []):  # back on its deck before the replay
            sizes[_element(content, card)] += 1
        pending["answers"].pop(str(s), None)
    dealt = _deal(content, twin, pool, sizes, hands, rng)
    if dealt is None:
        return None
    for s in others:
        player(twin, s)["hand"] = dealt[s]
    for s in others:
        if rng.randint(0, 1):
            _enable(content, twin, s, others, rng)
    twin["supply_seed"] = content.settings.seed_supply - sum(
        p["seed"] for p in twin["players"].values()
    )
    twin["sprouts"] = content.settings.sprouts - sum(
        (p["sprout"] is not None) + p["sacrificed"].count("sprout")
        for p in twin["players"].values()
    )
    twin["tokens"] = sum(p["tokens"] for p in twin["players"].values())
    if twin["supply_seed"] < 0:
        return None
    for s in others:
        if not _replay(rules, state, twin, s, seat is not None, rng):
            return None
    if seat is not None and _seen_stock(state) != _seen_stock(twin):
        return None
    return twin


def _enable(content: Content, twin: State, s: int, others: list[int], rng: Rng) -> None:
    """Seat `s` dealt, where the cards allow, a hand that can make one of its recipes
    (Alchemy) or satisfy one of its revealed squares (the C step): some of its cards
    change places with cards of the same element in the decks or the other replaying
    hands, so every count stays. Done for half the twins: a reveal that differs only
    when a seat holds a rare hand must show up among a few twins, not one in fifty."""
    p = player(twin, s)
    wants: list[list[str]] = []  # each: the needs one choice would cover
    if twin["phase"] == "alchemy":
        wants = [
            alchemy.needs_for(content, p, content.item(c["card"]))
            for c in p["inventory"]
            if not c["made"] and not c["card"].startswith("r-")
        ]
    elif twin["phase"] == "crest":
        wants = [
            [tile.split(":")[1]]
            for x in p["slots"]
            if (tile := x["tile"]) is not None and not x["done"] and tile.startswith("square:")
        ]
    if not wants:
        return
    needs = rng.permuted(rng.choice(wants))
    hand = p["hand"]
    spare: dict[str, list[str]] = {e: list(d) for e, d in twin["decks"].items()}
    for o in others:
        if o != s:
            for card in player(twin, o)["hand"]:
                spare[_element(content, card)].append(card)
    used: set[int] = set()
    swaps: dict[int, str] = {}  # hand index -> the card that takes its place
    for need in needs:
        slots = [i for i in rng.permuted(range(len(hand))) if i not in used]
        fit = next((i for i in slots if alchemy.covers(content, hand[i], need)), None)
        if fit is None:
            for i in slots:
                same = spare[_element(content, hand[i])]
                pick = [
                    c for c in same if alchemy.covers(content, c, need) and c not in swaps.values()
                ]
                if pick:
                    fit, swaps[i] = i, rng.choice(pick)
                    break
        if fit is None:
            return  # these cards cannot cover it: the hand stays as dealt
        used.add(fit)
    homes = [*twin["decks"].values(), *(player(twin, o)["hand"] for o in others if o != s)]
    for i, card in swaps.items():
        home = next(h for h in homes if card in h)
        home[home.index(card)] = hand[i]
        hand[i] = card


def _wind_back(content: Content, twin: State, s: int) -> list[str] | None:
    """Seat `s` as the table was shown it when the phase began, its hand empty; the
    Reagents it held or gave up since (to be dealt again), or None when the state does
    not add up (a state edited by hand)."""
    phase = twin["phase"]
    p = player(twin, s)
    was = twin["shown"]["players"][str(s)]  # type: ignore[index]
    held = Counter(p["hand"] + p["spent"] + [c for c in p["sacrificed"] if c.startswith("r-")])
    held.update(_reagents(p))
    p["inventory"] = [dict(c) for c in was["inventory"]]  # type: ignore[misc]
    held.subtract(_reagents(p))  # a Spirit it took back to hand was in play
    if any(n < 0 for n in held.values()):
        return None
    p["hand"], p["spent"], p["sacrificed"] = [], [], []
    p["seed"] = was["seed"]
    p["slots"] = [dict(x) for x in was["slots"]]  # type: ignore[misc]
    p["sprout"] = was["sprout"]
    p["tokens"] = _tokens(content, p)
    if phase == "alchemy":
        p["made"] = []
        p["glade_active"] = p["glade_used"] = False
        p["elixir_owed"] = 0
        p["artifact_used_week"] = was.get("artifact_used_week", p["artifact_used_week"])
    if phase == "crest":
        p["paid_depleted"] = False
    return list(held.elements())


def _reagents(p: Player) -> list[str]:
    """Reagents in play in an inventory (the Water Spirit)."""
    return [c["card"] for c in p["inventory"] if c["card"].startswith("r-")]


def _tokens(content: Content, p: Player) -> int:
    return sum(
        content.item(c["card"]).tokens
        for c in p["inventory"]
        if c["made"] and not c["card"].startswith("r-")
    )


def _replay(
    rules: AlkemiaRules, state: State, twin: State, s: int, keep_stock: bool, rng: Rng
) -> bool:
    """Seat `s` plays random secret choices again on `twin`: it finishes if it had
    finished, else stops where the table shows the same of it (an Elixir still owed, a
    hand still over the limit). False when it cannot."""
    content = rules.cards
    finish = SECRET_PHASES[state["phase"]]
    finished = str(s) in state["pending"]["answers"]  # type: ignore[index]
    target = _showing(content, state, s)
    for _ in range(MAX_STEPS):
        options = rules.legal_commands(twin, s)
        done = [c for c in options if c["type"] == finish]
        moves = [c for c in options if c["type"] != finish]
        if keep_stock:
            moves = _stocked(state, twin, moves)
        if not finished:
            moves = _towards(content, twin, s, moves, target)
        # a deck or the supply still to empty keeps the seat choosing while it can
        stop = not moves or (rng.randint(1, STOP) == 1 and not (keep_stock and _short(state, twin)))
        if finished and done and stop:
            _apply(rules, twin, done[0], s, rng)
            return True
        if not finished and stop and _showing(content, twin, s) == target:
            return True
        if not moves:
            return False
        eager = [c for c in moves if c["type"] in EAGER]  # what a reveal shows most
        _apply(rules, twin, rng.choice(eager if eager and rng.randint(0, 1) else moves), s, rng)
    return False


def _apply(rules: AlkemiaRules, twin: State, command: JSON, s: int, rng: Rng) -> None:
    """A secret command's events folded into `twin` in place (nothing follows them: the
    phase closes only when every seat has finished, and one has not)."""
    for ev in rules.commands[command["type"]](twin, command, s, rng):
        rules.registry.apply(twin, ev.type, ev.body)


def _showing(content: Content, state: State, s: int) -> tuple[bool, ...]:
    """What the table shows of an unfinished seat in a secret phase beyond the fact
    that it is awaited: its advance command is listed only when it owes no Elixir
    discards (Alchemy) and holds no more than the hand limit (the S step)."""
    p = player(state, s)
    if state["phase"] == "alchemy":
        return (p["elixir_owed"] > 0,)
    if state["phase"] == "seed":
        return (len(p["hand"]) > content.settings.hand_limit,)
    return ()


def _towards(
    content: Content, twin: State, s: int, moves: list[JSON], target: tuple[bool, ...]
) -> list[JSON]:
    """The choices that keep an unfinished seat able to end where the table shows it:
    none that would lose a status it must keep (every S step choice gives up a card;
    the last Elixir discard ends the debt), and an Enrichment Elixir (made, then used)
    first when it must end owing discards."""
    p = player(twin, s)
    if _showing(content, twin, s) == target:
        if twin["phase"] == "seed" and target == (True,):
            return [] if len(p["hand"]) - 1 <= content.settings.hand_limit else moves
        if twin["phase"] == "alchemy" and target == (True,) and p["elixir_owed"] <= 1:
            return []
        return moves
    if twin["phase"] == "alchemy" and target == (True,):
        return [c for c in moves if _elixir(content, c)] or moves
    return moves


def _elixir(content: Content, command: JSON) -> bool:
    """Using or making an Enrichment Elixir."""
    card = command.get("card") if command["type"] == "UseItem" else command.get("recipe")
    if command["type"] not in ("UseItem", "Synthesize") or not isinstance(card, str):
        return False
    return content.power(content.item(card)) == "elixir"


def _seen_stock(state: State) -> tuple[bool, ...]:
    """The stock the seat's own listing reads in a secret phase: which decks have cards
    (draw powers, Alchemy) and whether the SEED supply has any (the S step)."""
    if state["phase"] == "alchemy":
        return tuple(bool(d) for d in state["decks"].values())
    if state["phase"] == "seed":
        return (state["supply_seed"] > 0,)
    return ()


def _stocked(state: State, twin: State, moves: list[JSON]) -> list[JSON]:
    """The choices that leave the stock the seat's own listing reads as it is in
    `state`: while a deck or the SEED supply is stocked there, no draw that could empty
    it (a draw takes at most 2 cards) and no SEED that could; while one is empty there
    but not yet here, the choices that take from it first."""
    short = _short(state, twin)
    if "seed" in short:
        return [c for c in moves if c["type"] == "ConvertToSeed"] or moves
    if short:
        return [c for c in moves if _drawn_from(c) in short] or moves
    out = []
    for c in moves:
        e = _drawn_from(c)
        if e in state["decks"] and state["decks"][e] and len(twin["decks"][e]) <= 2:
            continue  # could empty a deck the seat's listing finds stocked
        if c["type"] == "ConvertToSeed" and state["supply_seed"] > 0 and twin["supply_seed"] <= 1:
            continue  # could empty the supply
        out.append(c)
    return out


def _short(state: State, twin: State) -> list[str]:
    """What the seat's listing finds empty in `state` but `twin` still has: decks by
    element (Alchemy), "seed" for the SEED supply (the S step)."""
    if state["phase"] == "seed":
        return ["seed"] if state["supply_seed"] == 0 < twin["supply_seed"] else []
    if state["phase"] == "alchemy":
        return [e for e, d in state["decks"].items() if not d and twin["decks"][e]]
    return []


def _drawn_from(command: JSON) -> str:
    """The deck a draw power takes from ("" for any other choice)."""
    if command["type"] == "UseItem":
        return str(command.get("element") or "")
    if command["type"] == "UseArtifact":
        return str(command.get("card") or "")
    return ""


# ---------------------------------------------------------------- the rest


def _under_the_top(state: State, twin: State, rng: Rng) -> None:
    """The Trading Post cards below each top, and the tiles below the drawn one, that
    are still in their shuffled order: shuffled again (cards put under stay below)."""
    unseen = state.get("posts_unseen") or {}
    for t, deck in twin["posts"].items():
        n = unseen.get(t, len(deck))
        deck[1:n] = rng.permuted(deck[1:n])
    build = twin["build"]
    stack = build["stack"]
    n = build.get("unseen", len(stack))
    top = 1 if state["phase"] == "build" else 0  # the drawn tile shows while building
    stack[top:n] = rng.permuted(stack[top:n])


def _artifacts(content: Content, twin: State, rng: Rng) -> None:
    """Sealed Artifacts drawn again from those nobody has unsealed (AK-ASU-05: even
    their owners have not seen them)."""
    players = twin["players"]
    sealed = [k for k, p in players.items() if not p["unsealed"]]
    known = {p["artifact"] for p in players.values() if p["unsealed"]}
    free = [a.id for a in content.artifacts if a.id not in known]
    for k, a in zip(sealed, rng.permuted(free), strict=False):
        players[k]["artifact"] = a


def _offer(twin: State, seat: int | None, rng: Rng, edition: Edition) -> None:
    """A barter offer only its two parties saw: drawn again among those the offering
    seat's listing holds (`sites.offers`)."""
    pending, barter = twin["pending"], twin["barter"]
    if pending is None or pending["kind"] != "trade" or barter is None:
        return
    if seat in (barter["seat"], *pending["seats"]):
        return
    pending["details"] = rng.choice(sites.offers(player(twin, barter["seat"]), edition))
