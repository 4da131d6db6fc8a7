"""The actions of a turn (VA-TURN-02): collect, brew, make, rearrange; and the free
decoction-transformation token. Selling lives in selling.py."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations, permutations, product
from typing import Any

from athanor.engine import BadCommand, Event, RuleViolation
from athanor.games.valley.content import Content
from athanor.games.valley.events import (
    REGISTRY,
    ActionTaken,
    DecoctionsBrewed,
    DecoctionsTransformed,
    ElixirsMade,
    ElixirsRearranged,
    IngredientsCollected,
)
from athanor.games.valley.state import (
    Player,
    State,
    active_seat,
    decoctions_of,
    moved,
    player,
    skill,
)

TRANSFORMATION, REARRANGE = "transformation", "rearrange"
Command = dict[str, Any]


def require_action(state: State, seat: int, rule: str = "VA-TURN-02") -> Player:
    """The seat may take an action now: its turn, no open decision, an action left."""
    p = require_turn(state, seat)
    if state["actions_left"] < 1:
        raise RuleViolation("NO_ACTIONS_LEFT", "you have used your actions this turn", rule)
    return p


def require_turn(state: State, seat: int) -> Player:
    if state["phase"] != "play" or active_seat(state) != seat or state.get("pending"):
        raise RuleViolation("NOT_YOUR_TURN", "it is not your turn", "VA-TURN-01")
    return player(state, seat)


@REGISTRY.handles("ActionTaken")
def _action(state: State, body: ActionTaken) -> None:
    state["actions_left"] -= 1


def action_event(seat: int, action: str) -> Event:
    return Event("ActionTaken", {"seat": seat, "action": action})


# -- 1 collecting ----------------------------------------------------------------------


def collect(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    p = require_action(state, seat)
    take = command.get("take")
    s = content.settings
    if (
        not isinstance(take, dict)
        or not all(k in s.ingredients for k in take)
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in take.values())
    ):
        kinds = ", ".join(s.ingredients)
        raise BadCommand(
            f'"take" maps ingredient kinds ({kinds}) to counts of 1 or more (VA-COLL-01)'
        )
    if not 1 <= len(take) <= 2:
        raise RuleViolation("TWO_KINDS", "collect one or two different kinds", "VA-COLL-02")
    for kind, n in take.items():
        limit = skill(content, p, kind)  # the value under the marker, not its space (VA-Q-03)
        if n > limit:
            raise RuleViolation("SKILL_LIMIT", f"your {kind} skill allows {limit}", "VA-COLL-03")
        if n > collect_room(content, p, kind):  # within the skill: the cap is what stops it
            raise RuleViolation(
                "SIX_PER_KIND", f"no more than {s.max_ingredients_per_kind} of a kind", "VA-LIM-01"
            )
    return [
        action_event(seat, "collect"),
        Event("IngredientsCollected", {"seat": seat, "take": take}),
    ]


@REGISTRY.handles("IngredientsCollected")
def _collected(state: State, body: IngredientsCollected) -> None:
    p = player(state, body["seat"])
    for kind, n in body["take"].items():
        p["ingredients"][kind] += n
        p["reserve_ingredients"][kind] -= n


def collect_room(content: Content, p: Player, kind: str) -> int:
    """The most of a kind one collect may take: the value under the skill marker, and no
    more than 6 on the board (VA-COLL-03, VA-LIM-01)."""
    cap = content.settings.max_ingredients_per_kind - p["ingredients"][kind]
    return min(skill(content, p, kind), cap)


def collect_commands(content: Content, state: State, seat: int) -> list[Command]:
    """Every distinct collect: one kind or two, any count up to skill and room."""
    p = player(state, seat)
    ingredients = content.settings.ingredients
    room = {k: collect_room(content, p, k) for k in ingredients}
    kinds = [k for k in ingredients if room[k] > 0]
    out = [{"type": "Collect", "take": {k: n}} for k in kinds for n in range(1, room[k] + 1)]
    out += [
        {"type": "Collect", "take": {a: x, b: y}}
        for a, b in combinations(kinds, 2)
        for x in range(1, room[a] + 1)
        for y in range(1, room[b] + 1)
    ]
    return out


# -- 2 brewing -------------------------------------------------------------------------


def needed(content: Content, brew: dict[str, int]) -> dict[str, int]:
    """The ingredients a brew of {color: count} uses, by kind (VA-BREW-01, VA-DIAG-*)."""
    out: dict[str, int] = {}
    for color, n in brew.items():
        for kind, k in content.settings.recipe(color).items():
            out[kind] = out.get(kind, 0) + k * n
    return out


def brew(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    p = require_action(state, seat)
    s = content.settings
    wanted = command.get("decoctions")
    if (
        not isinstance(wanted, dict)
        or not wanted
        or not all(c in s.decoction_colors for c in wanted)
        or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in wanted.values()
        )
    ):
        colors = ", ".join(s.decoction_colors)
        raise BadCommand(
            f'"decoctions" maps decoction colors ({colors}) to how many to brew (VA-BREW-02)'
        )
    for kind, n in needed(content, wanted).items():
        if p["ingredients"][kind] < n:
            raise RuleViolation(
                "MISSING_INGREDIENTS",
                f"that brew needs {n} {kind} and you hold {p['ingredients'][kind]}",
                "VA-BREW-01",
            )
    for color, n in wanted.items():
        if p["decoctions"][color] + n > s.max_decoctions_per_color:
            raise RuleViolation(
                "THREE_PER_COLOR",
                f"no more than {s.max_decoctions_per_color} of a color",
                "VA-LIM-02",
            )
        if p["reserve_decoctions"][color] < n:  # the others lie on the token (VA-Q-14)
            raise RuleViolation(
                "NO_MARKERS", f"your resource board has too few {color} decoctions", "VA-LIM-04"
            )
    return [
        action_event(seat, "brew"),
        Event("DecoctionsBrewed", {"seat": seat, "decoctions": wanted}),
    ]


@REGISTRY.handles_with_content("DecoctionsBrewed")
def _brewed(content: Content, state: State, body: DecoctionsBrewed) -> None:
    p = player(state, body["seat"])
    for kind, n in needed(content, body["decoctions"]).items():
        p["ingredients"][kind] -= n
        p["reserve_ingredients"][kind] += n  # back to the resource board (VA-BREW-05)
    for color, n in body["decoctions"].items():
        p["decoctions"][color] += n
        p["reserve_decoctions"][color] -= n


def brew_room(content: Content, p: Player, color: str) -> int:
    """How many decoctions of a color can still be brewed: the cap of 3 on the board and
    the markers left on the resource board (VA-LIM-02, VA-LIM-04)."""
    cap = content.settings.max_decoctions_per_color - p["decoctions"][color]
    return max(0, min(cap, p["reserve_decoctions"][color]))


def brew_commands(content: Content, state: State, seat: int) -> list[Command]:
    """Every reachable brew: each mix of decoction counts the ingredients, the cap and the
    markers allow (the ingredients bound it to a few dozen at most)."""
    p = player(state, seat)
    colors = content.settings.decoction_colors
    out: list[Command] = []

    def extend(i: int, chosen: dict[str, int]) -> None:
        if i == len(colors):
            if chosen:
                out.append({"type": "Brew", "decoctions": dict(chosen)})
            return
        color = colors[i]
        for n in range(brew_room(content, p, color) + 1):
            trial = {**chosen, color: n} if n else dict(chosen)
            if all(p["ingredients"][k] >= v for k, v in needed(content, trial).items()):
                extend(i + 1, trial)
            else:
                break  # more of this color needs even more ingredients

    extend(0, {})
    return out


# -- 3 making ---------------------------------------------------------------------------


def make_cost(content: Content, cards: Iterable[str]) -> dict[str, int]:
    """The decoctions making these elixirs together costs, by color (VA-MAKE-01)."""
    out: dict[str, int] = {}
    for card in cards:
        for color, n in content.elixir(card).cost.items():
            out[color] = out.get(color, 0) + n
    return out


def affordable(p: Player, cost: dict[str, int]) -> bool:
    """Whether the player holds `cost` in decoctions (the token's pool counts, VA-Q-14)."""
    return all(decoctions_of(p, color) >= n for color, n in cost.items())


def make(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    p = require_action(state, seat)
    orders = command.get("cards")
    if (
        not isinstance(orders, list)
        or not orders
        or not all(isinstance(o, dict) and isinstance(o.get("card"), str) for o in orders)
        or not all(isinstance(o.get("place"), int) for o in orders)
    ):
        raise BadCommand(
            f'"cards" lists {{"card": id, "place": 1-{len(p["chest"])}}} for each elixir to make'
            " (VA-MAKE-03)"
        )
    places = set()
    made: list[Command] = []
    for order in orders:
        card, place = order["card"], order["place"]
        if card not in state["display"]:
            raise RuleViolation(
                "NOT_IN_DISPLAY", "only a card in the display can be made", "VA-MAKE-02"
            )
        if (
            not 1 <= place <= len(p["chest"])
            or p["chest"][place - 1] is not None
            or place in places
        ):
            raise RuleViolation(
                "PLACE_TAKEN", "each elixir needs an empty chest place", "VA-MAKE-06"
            )
        places.add(place)
        made.append({"card": card, "place": place})
        cost = make_cost(content, (o["card"] for o in made))
        if not affordable(p, cost):
            short = [f"{n} {c} (you hold {decoctions_of(p, c)})" for c, n in cost.items()]
            raise RuleViolation(
                "MISSING_DECOCTIONS", f"that costs decoctions: {', '.join(short)}", "VA-MAKE-01"
            )
    if len({o["card"] for o in made}) != len(made):
        raise BadCommand('each card can be made once: name a card once in "cards" (VA-MAKE-03)')
    return [action_event(seat, "make"), Event("ElixirsMade", {"seat": seat, "made": made})]


@REGISTRY.handles_with_content("ElixirsMade")
def _made(content: Content, state: State, body: ElixirsMade) -> None:
    p = player(state, body["seat"])
    for order in body["made"]:
        card = content.elixir(order["card"])
        state["display"][state["display"].index(order["card"])] = None  # refilled at turn end
        p["chest"][order["place"] - 1] = order["card"]
        for color, n in card.cost.items():
            pay(p, color, n)
        for track in card.bonus:  # one space right at once (VA-MAKE-08); past the end: lost
            p["skill_spaces"][track] = moved(content, p, track, 1)
        p["made"] += 1


def pay(p: Player, color: str, n: int) -> None:
    """Spend decoctions: the board's first, then the transformation pool's (VA-Q-14)."""
    from_board = min(n, p["decoctions"][color])
    p["decoctions"][color] -= from_board
    p["reserve_decoctions"][color] += from_board
    rest = n - from_board
    if rest:
        pool = p["pool"]
        assert pool is not None  # what the board lacks lies on the token (affordable)
        pool["n"] -= rest
        p["reserve_decoctions"][pool["from"]] += rest  # markers go back by physical color
        if pool["n"] == 0:
            p["pool"] = None


def makeable(content: Content, state: State, seat: int) -> Iterator[tuple[str, ...]]:
    """Every affordable set of display cards that fits the chest."""
    p = player(state, seat)
    empty = sum(1 for c in p["chest"] if c is None)
    shown = [c for c in state["display"] if c]
    for size in range(1, min(empty, len(shown)) + 1):
        for group in combinations(shown, size):
            if affordable(p, make_cost(content, group)):
                yield group


def empty_places(state: State, seat: int) -> list[int]:
    return [i for i, c in enumerate(player(state, seat)["chest"], 1) if c is None]


def make_command(group: Iterable[str], places: Iterable[int]) -> Command:
    orders = [{"card": c, "place": at} for c, at in zip(group, places, strict=True)]
    return {"type": "Make", "cards": orders}


def make_commands(content: Content, state: State, seat: int) -> list[Command]:
    """Every affordable set of display cards that fits the chest, each card into any
    empty place (where it lands decides the lines it can be sold in, VA-MAKE-06)."""
    empty = empty_places(state, seat)
    return [
        make_command(group, places)
        for group in makeable(content, state, seat)
        for places in permutations(empty, len(group))
    ]


# -- 4 rearranging ------------------------------------------------------------------------


def rearrange(state: State, command: Command, seat: int) -> list[Event]:
    use_token = command.get("token", False)
    if not isinstance(use_token, bool):
        raise BadCommand('"token" is true or false (VA-TREA-01)')
    if use_token:
        p = require_turn(state, seat)
        if REARRANGE not in p["tokens"]:
            raise RuleViolation("TOKEN_USED", "your rearranging token is used", "VA-TREA-02")
    else:
        p = require_action(state, seat)
    src, dst = command.get("from"), command.get("to")
    size = len(p["chest"])
    if not all(isinstance(x, int) and 1 <= x <= size for x in (src, dst)) or src == dst:
        raise BadCommand(
            f'"from" and "to" are two different chest places from 1 to {size} (VA-REAR-01)'
        )
    if p["chest"][src - 1] is None:
        raise RuleViolation("EMPTY_PLACE", "there is no elixir to move there", "VA-REAR-01")
    events = [] if use_token else [action_event(seat, "rearrange")]
    return [
        *events,
        Event("ElixirsRearranged", {"seat": seat, "from": src, "to": dst, "token": use_token}),
    ]


@REGISTRY.handles("ElixirsRearranged")
def _rearranged(state: State, body: ElixirsRearranged) -> None:
    p = player(state, body["seat"])
    a, b = body["from"] - 1, body["to"] - 1
    p["chest"][a], p["chest"][b] = p["chest"][b], p["chest"][a]  # a move is a swap with nothing
    if body["token"]:
        p["tokens"].remove(REARRANGE)


def rearrange_commands(state: State, seat: int, token: bool) -> list[Command]:
    """Every distinct move to an empty place and every swap of two elixirs."""
    p = player(state, seat)
    base: Command = {"type": "Rearrange", "token": True} if token else {"type": "Rearrange"}
    out = []
    for a, b in combinations(range(1, len(p["chest"]) + 1), 2):
        if p["chest"][a - 1]:  # a swap, or a move when b is empty
            out.append({**base, "from": a, "to": b})
        elif p["chest"][b - 1]:  # a move into the empty a
            out.append({**base, "from": b, "to": a})
    return out


# -- the decoction transformation token ---------------------------------------------------


def transform(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    """Convert decoctions of one color into another, onto the token (VA-TDEC-01..03)."""
    p = require_turn(state, seat)
    if TRANSFORMATION not in p["tokens"]:
        raise RuleViolation("TOKEN_USED", "your transformation token is used", "VA-SPEC-02")
    colors = content.settings.decoction_colors
    src, dst, n = command.get("from"), command.get("to"), command.get("n")
    if src not in colors or dst not in colors or src == dst:
        raise BadCommand(
            f'"from" and "to" are two different decoction colors: {", ".join(colors)} (VA-TDEC-01)'
        )
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= p["decoctions"][src]:
        raise RuleViolation("NOT_ENOUGH", "convert only decoctions you hold", "VA-TDEC-01")
    return [Event("DecoctionsTransformed", {"seat": seat, "from": src, "to": dst, "n": n})]


@REGISTRY.handles("DecoctionsTransformed")
def _transformed(state: State, body: DecoctionsTransformed) -> None:
    p = player(state, body["seat"])
    p["decoctions"][body["from"]] -= body["n"]
    p["pool"] = {"color": body["to"], "n": body["n"], "from": body["from"]}
    p["tokens"].remove(TRANSFORMATION)


def transform_commands(content: Content, state: State, seat: int) -> list[Command]:
    p = player(state, seat)
    if TRANSFORMATION not in p["tokens"]:
        return []
    colors = content.settings.decoction_colors
    return [
        {"type": "Transform", "from": a, "to": b, "n": n}
        for a, b in product(colors, colors)
        if a != b
        for n in range(1, p["decoctions"][a] + 1)
    ]
