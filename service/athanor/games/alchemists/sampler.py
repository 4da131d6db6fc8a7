"""The hidden-information sampler (`Rules.sample`): a twin of the state that one seat,
or a spectator, cannot tell from it.

Drawn again from the Rng, in the game mode:
- the assignment, uniformly among those that agree with what the seat knows (its
  notebook: its own experiments, sales, exhibits, Periscope glimpses and every public
  debunk answer; a spectator: the public answers only), and the code naming it;
- other seats' facts whose ingredients the seat never saw, so that they agree with the
  new assignment (their results, sale qualities and exhibit outcomes are public: kept);
- ingredient cards the seat cannot see: the deck's order, the discard pile, other
  seats' hands and set-aside cards (a Feather in Cap's pairs still make the potions
  exhibited with them);
- favor cards: the deck's order, the discard pile, other seats' favors and the pairs
  they drew at setup; during the setup, the favor each other seat kept (a Herbalist
  not yet played, or a card);
- the adventurer stack with the adventurer removed unseen, other seats' unused seals
  by kind with the kinds of their unrevealed seals on the board, and bids not yet
  revealed.
Counts, everything public and everything the seat holds stay as they are.

The card reader hides nothing the state holds (reader_rules.py): its twin is a copy.

Not modelled, because no view or legal listing depends on them: where the seat saw
cards go (a discarded row or its own mixed cards in the discard pile, a card another
seat took from the row), the order in which several seats kept a Herbalist at setup,
and which of another seat's mixes a Periscope glimpse was of.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from athanor.engine import Rng
from athanor.engine.settle import copy_state
from athanor.games.alchemists.alchemicals import (
    ALCHEMICAL_NAMES,
    COUNT,
    INGREDIENTS,
    MIX,
    Assignment,
    code_of,
    rank,
    unrank,
)
from athanor.games.alchemists.notebook import Fact, Notebook, results_allowed
from athanor.games.alchemists.state import Player, State

HERBALIST = "herbalist"
# a Feather in Cap's set-aside pairs may not fit the cards left for a drawn assignment:
# draw again this many times, then keep the true assignment and set-aside cards
ATTEMPTS = 20
Pair = tuple[str, str]
# the 28 unordered pairs of ingredients, with their positions in an assignment
PAIRS: tuple[tuple[Pair, int, int], ...] = tuple(
    ((a, b), i, i + 1 + k)
    for i, a in enumerate(INGREDIENTS)
    for k, b in enumerate(INGREDIENTS[i + 1 :])
)


def sample(state: State, seat: int | None, rng: Rng) -> State:
    """A state `seat` (None: a spectator) cannot tell from `state` (see the module)."""
    twin: State = copy_state(state)
    knower = seat if seat is not None and str(seat) in state["players"] else None
    others = [k for k in state["players"] if knower is None or int(k) != knower]
    _adventurers(twin, rng)
    _bids(twin, others, rng)
    _seals(twin, others, rng)
    _favors(twin, others, rng)
    truth = _assignment_of(state)
    over = state["phase"] == "over"
    known = facts_known(state, knower)
    chosen: tuple[Assignment, dict[str, list[str]]] | None = None
    for _ in range(0 if over else ATTEMPTS):
        assignment = unrank(draw_rank(known, rng))
        cards = _ingredients(state, others, assignment, rng)
        if cards is not None:
            chosen = (assignment, cards)
            break
    if chosen is None:  # over (the assignment is public), or nothing else fitted
        cards = _ingredients(state, others, truth, rng, keep_set_aside=True)
        if cards is None:  # never: with the true set-aside cards kept there is nothing to fit
            raise RuntimeError("the hidden ingredient cards could not be dealt")
        chosen = (truth, cards)
    assignment, cards = chosen
    _place_ingredients(twin, others, cards)
    twin["assignment"] = {
        ing: ALCHEMICAL_NAMES[a] for ing, a in zip(INGREDIENTS, assignment, strict=True)
    }
    twin["code"] = state["code"] if assignment == truth else code_of(rank(assignment))
    _others_facts(twin, others, assignment, rng)
    return twin


# ---------------------------------------------------------------- the assignment


def _key(fact: Fact) -> str:
    return json.dumps(fact, sort_keys=True)


def _assignment_of(state: State) -> Assignment:
    return tuple(int(state["assignment"][ing][1:]) - 1 for ing in INGREDIENTS)


def public_facts(state: State) -> list[Fact]:
    """The answers every seat was told: apprentice debunk signs and master debunk mixes.
    A mix fact counts as public when every seat holds it (the state does not mark them;
    a private mix that every seat also made is a fact each of them knows anyway)."""
    lists = [p["facts"] for p in state["players"].values()]
    if not lists:
        return []
    out = [f for f in lists[0] if f["kind"] == "sign"]
    if state["variant"] == "master":
        common = Counter(_key(f) for f in lists[0] if f["kind"] == "mix")
        for facts in lists[1:]:
            common &= Counter(_key(f) for f in facts if f["kind"] == "mix")
        out += [json.loads(k) for k in sorted(common.elements())]
    return out


def facts_known(state: State, knower: int | None) -> tuple[str, ...]:
    """What the seat (None: a spectator) knows of the assignment, as sorted fact keys."""
    facts = state["players"][str(knower)]["facts"] if knower is not None else public_facts(state)
    return tuple(sorted({_key(f) for f in facts}))


BLOCK = 64  # ranks per block of the cached prefix counts


@lru_cache(maxsize=256)
def worlds_of(keys: tuple[str, ...]) -> tuple[str, tuple[int, ...]]:
    """The assignments agreeing with the facts: a string of 40,320 "0"/"1" indexed by
    rank, and the number of ones before each block of BLOCK ranks (the last entry: how
    many there are). Cached: the undo check and bots draw many twins of one state."""
    worlds = Notebook(json.loads(k) for k in keys).worlds
    bits = format(worlds, f"0{COUNT}b")[::-1]  # format puts rank 0 last
    before = [0]
    for start in range(0, COUNT, BLOCK):
        before.append(before[-1] + bits.count("1", start, start + BLOCK))
    return bits, tuple(before)


def draw_rank(keys: tuple[str, ...], rng: Rng) -> int:
    """A uniform rank among the assignments agreeing with the facts: the k-th one,
    found through the block counts, then within its block."""
    bits, before = worlds_of(keys)
    if before[-1] == 0:  # facts that contradict each other: never folded from real answers
        raise ValueError("no assignment agrees with these facts")
    k = rng.randint(0, before[-1] - 1)
    block = bisect_right(before, k) - 1
    at = bits.find("1", block * BLOCK)
    for _ in range(k - before[block]):
        at = bits.find("1", at + 1)
    return at


# ---------------------------------------------------------------- other seats' facts


def _pairs_making(assignment: Assignment, results: Iterable[str]) -> list[Pair]:
    wanted = set(results)
    return [pair for pair, i, j in PAIRS if MIX[assignment[i]][assignment[j]] in wanted]


def _redrawn(fact: Fact, assignment: Assignment, rng: Rng) -> Fact:
    """A private fact with the ingredients the seat saw drawn again, keeping what every
    seat was told (the result, the wanted potion and quality, the exhibit's outcome)."""
    if fact["kind"] == "one_of":
        i = {ing: n for n, ing in enumerate(INGREDIENTS)}
        makers = [
            x
            for x in INGREDIENTS
            if any(
                j != x and MIX[assignment[i[x]]][assignment[i[j]]] == fact["result"]
                for j in INGREDIENTS
            )
        ]
        return {**fact, "ingredient": rng.choice(makers)}
    pair = rng.choice(_pairs_making(assignment, results_allowed(fact)))
    if rng.randint(0, 1):
        pair = (pair[1], pair[0])
    return {**fact, "ingredients": list(pair)}


def _others_facts(twin: State, others: list[str], assignment: Assignment, rng: Rng) -> None:
    public = Counter(_key(f) for f in public_facts(twin))
    for k in others:
        p = twin["players"][k]
        left = Counter(public)
        facts = []
        for fact in p["facts"]:
            key = _key(fact)
            if fact["kind"] == "sign" or (fact["kind"] == "mix" and left[key] > 0):
                left[key] -= 1
                facts.append(fact)
            else:
                facts.append(_redrawn(fact, assignment, rng))
        p["facts"] = facts


# ---------------------------------------------------------------- cards and choices


def _adventurers(twin: State, rng: Rng) -> None:
    """The stack's order and the adventurer removed unseen (AL-SET-03)."""
    stack = twin["adventurers"]
    drawn = rng.shuffled(sorted(stack + twin["removed_adventurer"]))
    twin["adventurers"] = drawn[: len(stack)]
    twin["removed_adventurer"] = drawn[len(stack) :]


def _bids(twin: State, others: list[str], rng: Rng) -> None:
    """Bids not yet revealed (AL-SELL-04): any of the four cards."""
    sale = twin["sale"]
    if sale is None or sale["order"] or twin["phase"] == "over":
        return
    answers = sale["bidding"]["answers"]
    for k in sorted(answers):
        if k in others:
            answers[k] = rng.randint(0, 3)


def _seals(twin: State, others: list[str], rng: Rng) -> None:
    """Each other seat's unrevealed seals on the board and its unused seals, dealt again
    from the same kinds (seals lost to a debunk were shown to everyone: not drawn)."""
    for k in others:
        p = twin["players"][k]
        hidden = [
            s
            for t in twin["theories"].values()
            for s in t["seals"]
            if s["seat"] == int(k) and not s["revealed"]
        ]
        if not hidden:  # the unused kinds are then what the table saw go: nothing to draw
            continue
        kinds = Counter(p["seals"]) + Counter(s["seal"] for s in hidden)
        drawn = rng.shuffled(sorted(kinds.elements()))
        for s, kind in zip(hidden, drawn, strict=False):
            s["seal"] = kind
        rest = Counter(drawn[len(hidden) :])
        p["seals"] = {kind: rest.get(kind, 0) for kind in p["seals"]}


def _deal(rng: Rng, pool: Counter[str], plain: int) -> tuple[list[str], list[str]]:
    """`plain` cards that are not a Herbalist, then the rest of `pool` shuffled: a
    uniform deal given that the first slots hold no Herbalist."""
    others = sorted(c for c in pool.elements() if c != HERBALIST)
    for i in range(plain):  # the first `plain` of a Fisher-Yates shuffle: a uniform pick
        j = rng.randint(i, len(others) - 1)
        others[i], others[j] = others[j], others[i]
    first = others[:plain]
    left = pool - Counter(first)
    return first, rng.shuffled(sorted(left.elements()))


def _favors(twin: State, others: list[str], rng: Rng) -> None:
    """Favor cards the seat cannot see, dealt again to the same places and counts.

    A Herbalist is never held: it is played when drawn (AL-FAV-06), so the seats' held
    favors get none. During the setup each other seat that chose holds one hidden slot,
    its kept favor: a Herbalist drawn there becomes one still to play (its card in the
    discard pile), as FavorKept folds it. The knower's own Herbalists to play, and
    outside the setup every one still to play, stay as they are.
    """
    setup = twin["phase"] == "favors"
    pending = list(twin["herbalists"])
    players = twin["players"]
    keepers = [
        k
        for k in others
        if setup and not players[k]["drawn_favors"] and (players[k]["favors"] or int(k) in pending)
    ]
    staying = [s for s in pending if str(s) not in keepers]
    discard = Counter(twin["favor_discard"])
    kept_in_discard = Counter({HERBALIST: min(discard[HERBALIST], len(staying))})
    # a keeper's Herbalist lies in the discard pile: it is that seat's slot, not a card
    # of the pile
    redrawn_pending = [s for s in pending if str(s) in keepers]
    free_discard = discard.total() - kept_in_discard.total() - len(redrawn_pending)
    pool = Counter(twin["favor_deck"]) + discard - kept_in_discard
    held = {k: 1 if k in keepers else len(players[k]["favors"]) for k in others}
    for k in others:
        pool += Counter(players[k]["favors"]) + Counter(players[k]["drawn_favors"])
    plain_slots = sum(n for k, n in held.items() if k not in keepers)
    plain, rest = _deal(rng, pool, plain_slots)
    deck_n = len(twin["favor_deck"])
    twin["favor_deck"], rest = rest[:deck_n], rest[deck_n:]
    new_discard = Counter(rest[:free_discard]) + kept_in_discard
    rest = rest[free_discard:]
    new_pending = [s for s in pending if str(s) not in keepers]
    for k in others:
        p: Player = players[k]
        if k in keepers:
            card, rest = rest[0], rest[1:]
            if card == HERBALIST:
                new_pending.insert(rng.randint(0, len(new_pending)), int(k))
                new_discard[HERBALIST] += 1
                p["favors"] = []
            else:
                p["favors"] = [card]
        else:
            n = held[k]
            p["favors"], plain = sorted(plain[:n]), plain[n:]
        n = len(p["drawn_favors"])
        p["drawn_favors"], rest = sorted(rest[:n]), rest[n:]
    twin["favor_discard"] = sorted(new_discard.elements())
    twin["herbalists"] = new_pending


def _ingredients(
    state: State,
    others: list[str],
    assignment: Assignment,
    rng: Rng,
    keep_set_aside: bool = False,
) -> dict[str, list[str]] | None:
    """The hidden ingredient cards dealt again: "deck" (in order), "discard", and each
    other seat's hand and set-aside cards ("hand:K", "aside:K"). None when a Feather in
    Cap's exhibited potions cannot be made from the cards left under `assignment`."""
    pool = Counter(state["deck"]) + Counter(state["discard"])
    for k in others:
        p = state["players"][k]
        pool += Counter(p["hand"]) + Counter(p["set_aside"])
    out: dict[str, list[str]] = {}
    loose = []  # seats whose set-aside cards are not the pairs of their exhibits
    for k in others:
        p = state["players"][k]
        aside = p["set_aside"]
        if keep_set_aside or not aside:
            out[f"aside:{k}"] = list(aside)
            pool -= Counter(aside)
        elif len(aside) != 2 * len(p["exhibited"]):
            loose.append(k)
        else:  # each success set its two cards aside (AL-ART-02): they make its potion
            cards: list[str] = []
            for potion in p["exhibited"]:
                fits = [pair for pair in _pairs_making(assignment, [potion]) if _has(pool, pair)]
                if not fits:
                    return None
                pair = rng.choice(fits)
                pool -= Counter(pair)
                cards += pair
            out[f"aside:{k}"] = cards
    rest = rng.shuffled(sorted(pool.elements()))
    for k in others:
        p = state["players"][k]
        if k in loose:
            n = len(p["set_aside"])
            out[f"aside:{k}"], rest = rest[:n], rest[n:]
        n = len(p["hand"])
        out[f"hand:{k}"], rest = sorted(rest[:n]), rest[n:]
    n = len(state["deck"])
    out["deck"], out["discard"] = rest[:n], sorted(rest[n:])
    return out


def _has(pool: Counter[str], pair: Pair) -> bool:
    return all(pool[c] >= n for c, n in Counter(pair).items())


def _place_ingredients(twin: State, others: list[str], cards: dict[str, list[str]]) -> None:
    twin["deck"] = cards["deck"]
    twin["discard"] = cards["discard"]
    for k in others:
        p = twin["players"][k]
        p["hand"] = cards[f"hand:{k}"]
        p["set_aside"] = cards[f"aside:{k}"]
