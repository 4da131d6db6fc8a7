"""Options (both modes), the empty state, and the events that set the game's table
(AL-SET-*); the card reader's setup is reader_rules.py's."""

from __future__ import annotations

from collections.abc import Mapping

from athanor.engine import BadCommand, Event, Rng
from athanor.engine.events import PUBLIC, SERVER
from athanor.engine.game import seats_refused
from athanor.engine.rules import JSON
from athanor.engine.settle import check_known, flag
from athanor.games.alchemists.alchemicals import COUNT, INGREDIENTS, code_of, normal_code
from athanor.games.alchemists.content import FAVORS, Content
from athanor.games.alchemists.draws import Draws
from athanor.games.alchemists.state import Player, State

# AL-SET-01: the full game is for 2 to 4; the card reader (Athanor's mode for a
# physical table) serves a table of any size up to the kind's 4 seats
GAME_SEATS = (2, 4)
PLAYERS = "2 to 4 in the full game, 1 to 4 with the card reader (option mode=reader)"


def check_game_seats(seats: int) -> None:
    low, high = GAME_SEATS
    if not low <= seats <= high:
        said = seats_refused("The full game of Alchemists", low, high, seats, PLAYERS)
        raise BadCommand(f"{said} (AL-SET-01)")


def validate_options(options: Mapping[str, str], seats: int) -> JSON:
    check_known(options, {"mode", "variant", "code", "hints", "first_player"})
    mode = options.get("mode", "game").strip().lower()
    if mode not in ("game", "reader"):
        raise BadCommand("mode is game (the full game) or reader (the card reader, AL-CR-01)")
    variant = options.get("variant", "apprentice").strip().lower()
    if variant not in ("apprentice", "master"):
        raise BadCommand("variant is apprentice or master (AL-SET-02)")
    code = ""
    if "code" in options:
        if mode != "reader":
            raise BadCommand("a game code is entered only in reader mode (AL-CR-02)")
        norm = normal_code(options["code"])
        if norm is None:
            raise BadCommand("a game code is 4 letters A-Z (AL-Q-06)")
        code = norm
    if mode == "game":
        check_game_seats(seats)
    first = 0
    if "first_player" in options:
        try:
            first = int(options["first_player"])
        except ValueError:
            raise BadCommand("first_player is a seat number (AL-Q-49)") from None
        if not 1 <= first <= seats:
            raise BadCommand(f"first_player is a seat from 1 to {seats} (AL-Q-49)")
    hints = flag(options, "hints", False)
    return {"mode": mode, "variant": variant, "code": code, "hints": hints, "first_player": first}


def new_player(content: Content, seat: int) -> Player:
    return {
        "seat": seat,
        "gold": content.starting_gold,
        "reputation": content.starting_reputation,
        "hand": [],
        "favors": [],
        "drawn_favors": [],
        "seals": dict(content.seals),
        "artifacts": [],
        "grants": [],
        "potions": [],
        "cubes": 0,
        "held": 0,
        "hospital": 0,
        "unused": 0,
        "sick": [],
        "paralyzed": False,
        "exhibited": [],
        "mastery": [],
        "set_aside": [],
        "facts": [],
        "periscope_used": False,
    }


def initial_state(content: Content, options: JSON, seats: int) -> State:
    """The state before setup (the card reader empties the players and grants)."""
    return {
        "mode": options["mode"],
        "variant": options["variant"],
        "seats": seats,
        "hints": options["hints"],
        "phase": "setup",
        "code": "",
        "assignment": {},
        "answers": 0,
        "round": 0,
        "deck": [],
        "discard": [],
        "row": [],
        "favor_deck": [],
        "favor_discard": [],
        "adventurers": [],
        "adventurer": None,
        "removed_adventurer": [],
        "artifact_row": [],
        "artifact_later": {},
        "artifact_box": [],
        "grants": [g.id for g in content.grant],
        "start_player": 1,
        "choosers": [],
        "track": {},
        "paralysis": [],
        "play_order": [],
        "declarers": [],
        "declared": {},
        "queue": [],
        "sale": None,
        "student_sick": False,
        "exhibited_first": [],
        "theories": {},
        "conflicts_seen": [],
        "grant_check": 0,
        "herbalists": [],
        "herbal_discard": 0,
        "associates": {},
        "end_step": 0,
        "options": dict(options),
        "players": {str(s): new_player(content, s) for s in range(1, seats + 1)},
    }


def setup(content: Content, state: State, rng: Rng) -> list[Event]:
    options = state["options"]
    events = [
        Event("AssignmentDrawn", {"code": code_of(rng.randint(0, COUNT - 1))}, SERVER, {}),
    ]
    deck = rng.shuffled([i for i in INGREDIENTS for _ in range(content.copies_per_ingredient)])
    favors = rng.shuffled([f for f in FAVORS for _ in range(content.favors[f])])
    stack = rng.shuffled([a.id for a in content.adventurer])
    # AL-SET-03/05: one adventurer out unseen; 3 artifacts of each deck, the rest boxed
    by_deck = {d: rng.shuffled([a.id for a in content.artifact if a.deck == d]) for d in (1, 2, 3)}
    box = [a for d in (1, 2, 3) for a in by_deck[d][3:]]
    events.append(
        Event(
            "DecksReady",
            {
                "deck": deck,
                "favor_deck": favors,
                "adventurers": stack[1:],
                "removed": stack[:1],
                "box": box,
            },
            SERVER,
            {"deck": len(deck), "favor_deck": len(favors), "adventurers": len(stack) - 1},
        )
    )
    events.append(
        Event(
            "ArtifactsLaid",
            {"row": by_deck[1][:3], "later": {"2": by_deck[2][:3], "3": by_deck[3][:3]}},
        )
    )
    events.append(Event("AdventurerRevealed", {"next": True, "adventurer": stack[1]}))
    events.append(Event("RowDealt", {"row": deck[: content.row_size]}))
    # the draws below start from the deck after the row was dealt
    after = dict(state)
    after["deck"] = deck[content.row_size :]
    after["favor_deck"] = favors
    draws = Draws(after, rng)  # type: ignore[arg-type]
    n = content.starting_ingredients[state["variant"]]
    for seat in range(1, state["seats"] + 1):
        draws.ingredients(seat, n, "setup")
    for seat in range(1, state["seats"] + 1):
        draws.favors(seat, 2, "setup")
    events += draws.events
    first = options["first_player"] or rng.randint(1, state["seats"])  # AL-Q-49
    events.append(Event("StartPlayer", {"seat": first}))
    events.append(Event("FavorsOffered", {}, PUBLIC))
    return events
