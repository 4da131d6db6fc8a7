"""Options, the opening state, the table set-up (AK-FSU, AK-ASU) and field building
(AK-FSU-04..12, AK-Q-04)."""

from __future__ import annotations

from collections.abc import Mapping

from athanor.engine import SERVER, BadCommand, Event, Rng, RuleViolation, only_seats, turns
from athanor.engine import dice as die_steps
from athanor.engine.settle import check_known, flag
from athanor.games.alkemia import field
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.edition import CURRENT, Edition
from athanor.games.alkemia.state import JSON, State


def validate_options(
    content: Content, options: Mapping[str, str], seats: int, edition: Edition = CURRENT
) -> JSON:
    """The options, checked; `max_weeks` is an optional cap for tests and bots: the game
    ends by a completed Crest alone unless a cap is named (AK-WK-08, AK-Q-47)."""
    check_known(options, {"two_player_removal", "max_weeks", "alchemists", "physical_dice"})
    try:
        weeks = int(options.get("max_weeks", str(edition.default_max_weeks)))
    except ValueError:
        raise BadCommand("max_weeks is a whole number (0: no limit)") from None
    if weeks < 0:
        raise BadCommand("max_weeks is 0 (no limit) or more")
    chosen = [a.strip() for a in options.get("alchemists", "").split(",") if a.strip()]
    known = [a.id for a in content.alchemists]
    if chosen and (len(chosen) != seats or len(set(chosen)) != seats):
        raise BadCommand(f"alchemists names {seats} different Alchemists, one per seat")
    if any(a not in known for a in chosen):
        raise BadCommand(f"alchemists are among {', '.join(known)}")
    return {
        "two_player_removal": flag(options, "two_player_removal", True),
        "max_weeks": weeks,
        "alchemists": chosen,
        # the table rolls the D3 and each roll command names its face (dice.py)
        "physical_dice": flag(options, "physical_dice", False),
    }


def initial_state(content: Content, options: JSON, seats: int) -> State:
    s = content.settings
    return {
        "phase": "setup",
        "week": 0,
        "seats": seats,
        "options": dict(options),
        "first": 1,
        "field": {},
        "build": {
            "stack": [],
            "builder": 0,
            "first_builder": 0,
            "tried": 0,
            "left_out": [],
            "unseen": 0,
        },
        "beast": {"pos": None, "active": False},
        "glade": {"pos": None, "joined": None, "week": 0},
        "decks": {e: [] for e in s.elements},
        "discards": {e: [] for e in s.elements},
        "posts": {t: [] for t in s.item_types},
        "posts_unseen": {t: 0 for t in s.item_types},
        "bag": [],
        "supply_seed": s.seed_supply,
        "sprouts": s.sprouts,
        "tokens": 0,
        "players": {},
        "order": [],
        "turn": None,
        "pending": None,
        "barter": None,
        "shown": None,
        "result": None,
        "order_all": list(range(1, seats + 1)),
        "draws": [],
        "last_roll": None,
    }


def setup(content: Content, state: State, rng: Rng) -> list[Event]:
    s = content.settings
    seats = state["seats"]
    options = state["options"]
    chosen = options["alchemists"] or [a.id for a in rng.shuffled(list(content.alchemists))[:seats]]
    removed = list(s.two_player_removed) if seats == 2 and options["two_player_removal"] else []
    posts = {
        t: rng.shuffled([i.id for i in content.items if i.item_type == t and i.name not in removed])
        for t in s.item_types
    }
    decks = {
        e: rng.shuffled([r.id for r in content.reagents if r.element == e]) for e in s.elements
    }
    bag = [f"square:{t}:{i}" for t in s.reagent_types for i in range(s.squares_per_type)]
    bag += [f"circle:{t}:{i}" for t in s.item_types for i in range(s.circles_per_item_type)]
    artifacts = rng.shuffled([a.id for a in content.artifacts])[:seats]  # AK-Q-21
    stack = rng.shuffled([t.id for t in content.tiles if t.kind not in ("city", "glade")])
    # AK-Q-04: a roll among the seats, always the server's (set-up has no command)
    first_builder = die_steps.roll(turns.clockwise(seats), {}, rng, physical=False)
    table = {
        "alchemists": {str(i + 1): a for i, a in enumerate(chosen)},
        "artifacts": {str(i + 1): a for i, a in enumerate(artifacts)},
        "decks": decks,
        "posts": posts,
        "bag": sorted(bag),
        "stack": stack,
        "first_builder": first_builder,
        "removed": removed,
    }
    public = {k: table[k] for k in ("alchemists", "first_builder", "removed")}
    events = [Event("TableSet", table, SERVER, public)]
    for seat in range(1, seats + 1):
        cards = [decks[e][i] for e in s.elements for i in [seat - 1]]  # AK-ASU-06
        events.append(
            Event("StartingHand", {"seat": seat, "cards": cards}, only_seats(seat), {"seat": seat})
        )
    events.append(Event("TilePlaced", {"seat": 0, "tile": "city", "x": 0, "y": 0, "rot": 0}))
    return events


# ---------------------------------------------------------------- field building


def drawn_tile(state: State) -> str | None:
    build = state["build"]
    return build["stack"][0] if state["phase"] == "build" and build["stack"] else None


def place_commands(content: Content, state: State, seat: int) -> list[JSON]:
    tile = drawn_tile(state)
    if tile is None or state["build"]["builder"] != seat:
        return []
    return [
        {"type": "PlaceTile", "x": x, "y": y, "rotation": r}
        for x, y, r in field.placements(content, state["field"], tile)
    ]


def place(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    tile = drawn_tile(state)
    if tile is None or state["build"]["builder"] != seat:
        raise RuleViolation("NOT_YOUR_TILE", "it is not your turn to place a tile", "AK-FSU-05")
    x, y, rot = int(command.get("x", 0)), int(command.get("y", 0)), int(command.get("rotation", 0))
    if not 0 <= rot <= 3:
        raise BadCommand("rotation is 0 to 3 quarter turns")
    if not field.touches(content, state["field"], tile, field.key(x, y), rot):
        raise RuleViolation(
            "NO_TOUCHING_ARROWS",
            "the tile must border the Field with one pair of touching arrows",
            "AK-FSU-06",
        )
    return [Event("TilePlaced", {"seat": seat, "tile": tile, "x": x, "y": y, "rot": rot})]


def advance_build(content: Content, state: State) -> list[Event]:
    """Tiles that fit nowhere go to the bottom; when none left fits, the rest are left
    out (AK-Q-04); once the stack is empty, week 1 begins."""
    build = state["build"]
    stack = build["stack"]
    if not stack:
        return [Event("FieldBuilt", {"left_out": list(build["left_out"])})]
    if field.placements(content, state["field"], stack[0]):
        return []
    if build["tried"] >= len(stack):
        return [Event("TilesLeftOut", {"tiles": list(stack)})]
    return [Event("TileDeferred", {"tile": stack[0]})]
