"""The round's flow (AL-RND, AL-ORD, AL-DEC, AL-RES, AL-EOR): what happens on its own
between the seats' decisions, and the order and declaration commands.

`advance` returns the next automatic events, or [] once some seat must act. The phase
names: favors (setup choice), order, declare, resolve (the queue of action turns),
bid (the secret sell bids), end (end-of-round steps), between, over.
"""

from __future__ import annotations

from typing import Any

from athanor.engine import BadCommand, Event, Rng, RuleViolation, decisions, turns
from athanor.games.alchemists import names, reputation, scoring
from athanor.games.alchemists.content import Content
from athanor.games.alchemists.draws import Draws
from athanor.games.alchemists.favors import herbalist_step
from athanor.games.alchemists.spaces import (
    BEAKER,
    SPACES,
    cost,
    max_actions,
    open_spaces,
)
from athanor.games.alchemists.state import State, player
from athanor.games.alchemists.theories import grant_step
from athanor.games.wording import count

# ---------------------------------------------------------------- order spaces


def free_order_spaces(content: Content, state: State, seat: int) -> list[str]:
    p = player(state, seat)
    return [
        o.id
        for o in content.order
        if o.id not in state["track"]
        and o.min_players <= state["seats"]  # AL-ORD-04
        and p["gold"] >= o.cost  # AL-ORD-08
    ]


def choose_order(
    content: Content, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    if state["phase"] != "order" or not state["choosers"] or state["choosers"][0] != seat:
        raise RuleViolation(
            "NOT_YOUR_TURN", "it is not your turn to choose an order space", "AL-ORD-01"
        )
    space = command.get("space", "")
    _check_order_space(content, state, seat, space)
    o = content.order_space(space)
    p = player(state, seat)
    events = [
        Event(
            "OrderChosen", {"seat": seat, "space": space, "gold": {str(seat): p["gold"] - o.cost}}
        )
    ]
    draws = Draws(state, rng)
    _reward(draws, state, seat, o.ingredients, o.favors, "order")
    return events + draws.events


def _check_order_space(content: Content, state: State, seat: int, space: Any) -> None:
    """Why `space` cannot be chosen, each reason with its rule; nothing when it can."""
    here = [o.id for o in content.order if o.min_players <= state["seats"]]
    known = {o.id for o in content.order}
    if space == "paralysis" and space not in known:  # on the board, never to be taken
        raise RuleViolation(
            "PARALYSIS_SPACE",
            "the paralysis space is never chosen: only drinking Paralysis puts a marker there",
            "AL-ORD-03",
        )
    if space not in known:
        raise BadCommand(
            f"{space!r} is not an order space at this table; they are {', '.join(here)} (AL-Q-07)"
        )
    o = content.order_space(space)
    what = names.order_space(content, space)
    if o.min_players > state["seats"]:
        side = "four-player side" if o.min_players == 4 else "3-4-player icon"
        rule = "AL-SET-01" if o.min_players == 4 else "AL-ORD-04"
        raise RuleViolation(
            "NOT_AT_TABLE",
            f"{what} is not an order space at this table: it is for {o.min_players} or more "
            f"players ({side} of the board)",
            rule,
        )
    if space in state["track"]:
        raise RuleViolation("SPACE_TAKEN", f"{what} already holds a marker", "AL-ORD-02")
    gold = player(state, seat)["gold"]
    if gold < o.cost:
        raise RuleViolation(
            "NO_GOLD", f"you cannot pay for {what}: you have {gold} gold", "AL-ORD-08"
        )


def _reward(draws: Draws, state: State, seat: int, ingredients: int, favors: int, why: str) -> None:
    if ingredients and "witchs-trunk" not in player(state, seat)["artifacts"]:  # AL-ART-13
        draws.ingredients(seat, ingredients, why)
    if favors:
        draws.favors(seat, favors, why)


# ---------------------------------------------------------------- declarations


def declare_options(content: Content, state: State, seat: int) -> list[dict[str, int]]:
    """Every declaration the seat may make: up to its cubes (AL-DEC-04), at most the
    space's actions (AL-DEC-05); placing fewer cubes is allowed (AL-Q-11)."""
    cubes = player(state, seat)["cubes"]
    spaces = open_spaces(state, content)
    # cubes for 0..most actions per space: a cost only grows with the actions, so the
    # walk below stops at the first too dear instead of pricing every product
    prices = [[cost(s, n) for n in range(max_actions(state, seat, s) + 1)] for s in spaces]
    out: list[dict[str, int]] = []
    chosen: list[int] = []

    def walk(i: int, left: int) -> None:  # in itertools.product's order
        if i == len(spaces):
            out.append({s: n for s, n in zip(spaces, chosen, strict=True) if n})
            return
        for n, price in enumerate(prices[i]):
            if price > left:
                break
            chosen.append(n)
            walk(i + 1, left - price)
            chosen.pop()

    walk(0, cubes)
    return out


def declare(content: Content, state: State, command: dict[str, Any], seat: int) -> list[Event]:
    if state["phase"] != "declare" or not state["declarers"] or state["declarers"][0] != seat:
        raise RuleViolation("NOT_YOUR_TURN", "it is not your turn to declare", "AL-DEC-01")
    actions = {k: int(v) for k, v in dict(command.get("actions", {})).items() if int(v) != 0}
    for space, n in actions.items():
        if space not in SPACES:
            raise BadCommand(
                f"unknown action space {space!r}; they are {', '.join(SPACES)} (AL-RES-01)"
            )
        if n < 0:
            raise BadCommand("a number of actions is 0 or more (AL-DEC-05)")
        if space not in open_spaces(state, content):
            rule, why = _closed(content, state, space)
            raise RuleViolation(
                "SPACE_CLOSED", f"{names.space(space)} cannot be declared: {why}", rule
            )
        if n > max_actions(state, seat, space):
            rule = "AL-FAV-05" if space == "custodian" else "AL-DEC-05"
            most = max_actions(state, seat, space)
            raise RuleViolation(
                "TOO_MANY",
                f"at most {count(most, 'action')} on {names.space(space)}"
                + (" (one per Custodian you hold)" if space == "custodian" else ""),
                rule,
            )
    used = sum(cost(s, n) for s, n in actions.items())
    cubes = player(state, seat)["cubes"]
    if used > cubes:
        raise RuleViolation(
            "TOO_MANY_CUBES",
            f"that declaration takes {count(used, 'cube')} and you have {cubes} this round",
            "AL-DEC-04",
        )
    ordered = {s: actions[s] for s in SPACES if s in actions}
    return [
        Event(
            "ActionsDeclared",
            {"seat": seat, "actions": ordered, "cubes": used, "unused": cubes - used},
        )
    ]


def _closed(content: Content, state: State, space: str) -> tuple[str, str]:
    """The rule that closes an action space this round, and why."""
    if space in BEAKER:
        return "AL-RND-03", "the beaker actions open in round 2"
    if space == "exhibit":
        return "AL-EXH-01", f"the exhibition opens in the last round ({content.rounds})"
    return "AL-EXH-01", "the exhibition covers it in the last round"


# ---------------------------------------------------------------- the flow


def advance(content: Content, state: State, rng: Rng) -> list[Event]:
    phase = state["phase"]
    chosen = phase != "favors" or all(not p["drawn_favors"] for p in state["players"].values())
    if chosen:  # a Herbalist resolves before anything else (AL-FAV-06, AL-Q-45)
        step = herbalist_step(state, rng)
        if step is not None:
            return step
    grants = grant_step(content, state)  # right after a publish or endorse (AL-GRT-02)
    if grants is not None:
        return grants
    if phase == "favors":
        if all(not p["drawn_favors"] for p in state["players"].values()):
            return start_round(content, state, rng)
    elif phase == "order":
        if not state["choosers"]:
            return [_open_declarations(content, state)]
    elif phase == "declare":
        if not state["declarers"]:
            return [_open_resolution(content, state)]
    elif phase == "resolve":
        return _resolve(content, state)
    elif phase == "bid":
        sale = state["sale"]
        assert sale is not None
        sellers = sorted({q[1] for q in state["queue"] if q[0] == "sell"})
        if decisions.is_closed(sale["bidding"]):
            return [_reveal_bids(content, state, sellers)]
    elif phase == "end":
        return _end_step(content, state, rng)
    elif phase == "between":
        return start_round(content, state, rng)
    return []


def start_round(content: Content, state: State, rng: Rng) -> list[Event]:
    r = state["round"] + 1
    full = content.cubes[str(state["seats"])]
    seats = list(range(1, state["seats"] + 1))
    cubes, unused, held = {}, {}, {}
    for seat in seats:
        p = player(state, seat)
        held[str(seat)] = p["held"]
        # AL-SET-13: 3 cubes in round 1; later the full set minus the hospital's
        cubes[str(seat)] = content.first_round_cubes if r == 1 else full - p["held"]
        unused[str(seat)] = p["held"]  # AL-Q-52: they count as unused at this round's end
    clockwise = turns.seats_from(seats, state["start_player"])
    paralyzed = [s for s in state["paralysis"] if player(state, s)["paralyzed"]]
    choosers = [s for s in clockwise if s not in paralyzed]  # AL-ORD-10
    events = [
        Event(
            "RoundStarted",
            {"round": r, "cubes": cubes, "unused": unused, "held": held, "choosers": choosers},
        )
    ]
    draws = Draws(state, rng)
    for seat in paralyzed:  # AL-Q-09: they draw first, in the order they were paralyzed
        _reward(
            draws, state, seat, content.paralysis.ingredients, content.paralysis.favors, "paralysis"
        )
    return events + draws.events


def _open_declarations(content: Content, state: State) -> Event:
    on_track = [state["track"][o.id] for o in content.order if o.id in state["track"]]
    paralyzed = [s for s in state["paralysis"] if player(state, s)["paralyzed"]]
    order = on_track + [s for s in paralyzed if s not in on_track]  # AL-ORD-09..11
    return Event("DeclarationOpened", {"play_order": order, "declarers": list(reversed(order))})


def _open_resolution(content: Content, state: State) -> Event:
    queue: list[list[Any]] = []
    for space in SPACES:  # AL-RES-01; exhibit takes the place of test and drink
        # AL-FAV-03: an Associate's cubes take the top row, the latest on top
        pushed = list(reversed(state["associates"].get(space, [])))
        rows = pushed + [s for s in state["play_order"] if s not in pushed]
        most = max((n for d in state["declared"].values() for n in [d.get(space, 0)]), default=0)
        for slot in range(1, most + 1):
            for seat in rows:  # AL-RES-02: top row first
                if state["declared"].get(str(seat), {}).get(space, 0) >= slot:
                    queue.append([space, seat, slot])
    return Event("ResolutionOpened", {"queue": queue})


def _resolve(content: Content, state: State) -> list[Event]:
    queue = state["queue"]
    if state["row"] and not any(q[0] == "forage" for q in queue):
        return [Event("RowDiscarded", {"n": len(state["row"])})]  # AL-FOR-03
    if not queue:
        conference = state["round"] in (3, 5) and state["round"] < content.rounds
        return [Event("EndStarted", {"round": state["round"], "conference": conference})]
    if queue[0][0] == "sell" and state["sale"] is None:
        sellers = sorted({q[1] for q in queue if q[0] == "sell"})
        return [Event("SaleOpened", {"sellers": sellers})]
    return []


def _reveal_bids(content: Content, state: State, sellers: list[int]) -> Event:
    """AL-SELL-04/05: bids shown at once; most smileys first, ties by play order;
    beyond the player count's limit a seller must decline (AL-SELL-03, AL-Q-14)."""
    sale = state["sale"]
    assert sale is not None
    bids = {str(s): sale["bidding"]["answers"][str(s)] for s in sellers}
    play = state["play_order"]
    ranked = sorted(
        sellers,
        key=lambda s: (
            -reputation.smileys(bids[str(s)], player(state, s)["reputation"]),
            play.index(s),
        ),
    )
    limit = content.sellers[str(state["seats"])]
    refused = {str(s): 2 for s in ranked[limit:]}
    return Event(
        "BidsRevealed",
        {"bids": bids, "order": ranked[:limit], "refused": refused, "unused": refused},
    )


def _end_step(content: Content, state: State, rng: Rng) -> list[Event]:
    step = state["end_step"]
    last = state["round"] == content.rounds
    if step == 1:
        return [scoring.conference(content, state)]
    if step == 2:
        return [scoring.top_alchemist(state)]
    if step == 3:
        draws = Draws(state, rng)
        counted = {}
        for seat in range(1, state["seats"] + 1):
            n = player(state, seat)["unused"] // 2  # AL-EOR-03
            counted[str(seat)] = n
            if n:
                draws.favors(seat, n, "cubes")
        return [Event("CubesCounted", {"favors": counted}), *draws.events]
    if step == 4:
        held = {seat: p["hospital"] for seat, p in state["players"].items()}
        return [Event("HospitalReleased", {"held": held})]
    if last:  # AL-Q-54: only steps 2-4, then final scoring
        return [scoring.final(content, state)]
    events = []
    if state["round"] >= 2 and state["adventurers"]:  # AL-Q-13
        events.append(
            Event("AdventurerRevealed", {"next": True, "adventurer": state["adventurers"][0]})
        )
    draws = Draws(state, rng)
    row = draws.take("ingredients", content.row_size)
    events += draws.events
    events.append(Event("RowDealt", {"row": row}))
    events.append(
        Event("RoundEnded", {"round": state["round"], "start_player": _next_start(state)})
    )
    return events


def _next_start(state: State) -> int:
    """The starting player token passes left, past paralyzed players (AL-ORD-12)."""
    # clockwise from the next seat round to the start player itself, who keeps the
    # token only when everyone else is paralyzed; if all are, the next seat takes it
    ahead = turns.pass_first(turns.clockwise(state["seats"], state["start_player"]))
    return next((s for s in ahead if not player(state, s)["paralyzed"]), ahead[0])
