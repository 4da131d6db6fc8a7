"""How a game shows itself, through the engine: events as sentences, each seat's view
(with the game's labels and board), the table summary, the legal, free and awaited
commands, previews and the outcome.

Every part of a game's `Presentation` is called guarded: a part that raises is told
to the caller's `HookReport` and costs only its own output. The parts that show a seat
anything are given that seat's view, never the state, so they cannot show more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from athanor.engine.record import read_back
from athanor.engine.rules import Outcome, Rules, Section, Table
from athanor.engine.seating import NO_SEATING, SEAT_WORD, TABLE_EVENTS, Seating
from athanor.engine.state import GAME_CREATED, GAME_ENDED, GameState, replaced

JSON = dict[str, Any]
HookReport = Callable[[str, Exception], None]


def _raise(hook: str, err: Exception) -> None:
    raise err


def describe(
    rules: Rules,
    event_type: str,
    body: JSON,
    report: HookReport = _raise,
    names: Mapping[int, str] | None = None,
) -> str:
    """An event as a sentence, from the body the reader may see (so it cannot tell more).

    The game's `Presentation.describe` words its events; without one, or for a type it
    does not word, the event is listed plainly. With `names` ({seat: name}), the
    sentence is read with them (`named`).
    """
    return named(_describe(rules, event_type, body, report), names)


def seat_names(seating: Seating) -> dict[int, str]:
    """What every text calls each seat: its player's name, or "Bot N" for a seat the
    server's bot plays; a seat with neither keeps its number."""
    bots = {s: f"Bot {s}" for s in seating.bots if s not in seating.names}
    return {**bots, **seating.names}


def named(text: str, names: Mapping[int, str] | None) -> str:
    """`text` with every "Seat N"/"seat N" read as that seat's name: the one naming rule
    for every text the engine hands a seat (sentences, board, previews, the table
    summary). Games word seats that way and never need to know the names; where a game
    says "you" it stays "you". A name cannot read as a seat (`seating.check_name`), so
    no name is taken for another seat."""
    if not names:
        return text
    return SEAT_WORD.sub(lambda m: names.get(int(m.group(2)), m.group(0)), text)


def _describe(rules: Rules, event_type: str, body: JSON, report: HookReport) -> str:
    if event_type in TABLE_EVENTS:
        return _describe_table(event_type, body)
    if event_type == GAME_CREATED:
        return f"A game of {rules.title} for {body.get('seats', '?')} players begins."
    if event_type == GAME_ENDED:
        winners = (body.get("outcome") or {}).get("winners") or []
        who = ", ".join(f"seat {w}" for w in winners) or "nobody"
        if (body.get("outcome") or {}).get("abandoned"):
            return "The game is abandoned. The secret seed is revealed."
        return f"The game is over; the winner: {who}. The secret seed is revealed."
    worded = rules.presentation.describe
    text = _guarded("describe", report, worded, event_type, body) if worded else None
    if isinstance(text, str) and text:
        return text
    fields = ", ".join(f"{k} {v}" for k, v in body.items())
    return f"{event_type}" + (f": {fields}" if fields else "")


def _describe_table(event_type: str, body: JSON) -> str:
    seat = body.get("seat", "?")
    match event_type:
        case "TableOpened":
            return "The seats are open: the game starts once every seat is taken."
        case "SeatClaimed":
            return f"Seat {seat} joins the table."  # read with `names`: "Ana joins the table."
        case "SeatGivenToBot":
            # read with names: "The server's bot now plays for Ana." / "... for Bot 2."
            return f"The server's bot now plays for seat {seat}."
        case "Resigned":
            return f"Seat {seat} resigns."
        case "Abandoned":
            return "The game is abandoned."
        case "TokenReissued":
            return f"Seat {seat} is given a new token; the old one no longer works."
        case "MoveTimeSet":
            seconds = body.get("seconds", "?")
            return f"Each move has {seconds} seconds; then the server's bot plays it."
        case "MoveTimedOut":
            return f"Seat {seat} ran out of time: the server's bot makes the move for them."
        case _:  # Undone
            return f"Seat {seat} takes back their last command."


def _guarded(hook: str, report: HookReport, fn: Callable[..., Any], *args: Any) -> Any:
    """A presentation part's answer; None after `report` was told that it raised (a
    broken part costs its own output, never the view or the listing around it)."""
    try:
        return fn(*args)
    except Exception as err:
        report(hook, err)
        return None


def view(rules: Rules, state: GameState, seat: int | None, report: HookReport = _raise) -> JSON:
    """What `seat` (None: a spectator) may see: the engine's part, the game's own view
    under "game", when the game offers labels, "labels": display names for ids in
    that view (see `labels`), and when it offers a board, "board" (see `board`)."""
    # keys in one order: a state folded, loaded from a snapshot or imported holds its
    # mappings in different orders, and a view (or a board, labels or previews made
    # from it) that lists a mapping as it comes would differ between them
    out = in_key_order(
        {
            "kind": state.kind,
            "version": state.version,
            "seats": state.seats,
            "options": state.options,
            "seat": seat or 0,
            "over": state.over,
            "outcome": state.outcome,
            "seed_commitment": state.seed_commitment,
            "game": rules.view(state.rules_state, seat),
            **seating_view(state),
        }
    )
    if rules.presentation.labels is not None:
        out["labels"] = labels(rules, out["game"], report)
    if rules.presentation.board is not None:
        # the view as it was, without it
        out["board"] = board(rules, dict(out), report, seat_names(state.seating))
    return out


def in_key_order(value: JSON) -> JSON:
    """A copy of a JSON object with every object's keys sorted: one order whatever the
    history that built it."""
    ordered: JSON = read_back(value)
    return ordered


def board(
    rules: Rules,
    seen: JSON,
    report: HookReport = _raise,
    names: Mapping[int, str] | None = None,
) -> list[JSON]:
    """The game's board for one seat: [{"title", "lines"}], [] when it offers none.

    `Presentation.board` is given the seat's view (the engine's, "labels" included),
    never the state, so the board cannot show what the seat may not see. Sections that
    are not `Section`s are dropped; a board that raises is reported and left out. Titles
    and lines are read with `names` (`named`).
    """
    hook = rules.presentation.board
    if hook is None:
        return []
    given = _guarded("board", report, hook, seen)
    return [
        {"title": named(s.title, names), "lines": [named(line, names) for line in s.lines]}
        for s in given or ()
        if isinstance(s, Section)
    ]


def seating_view(state: GameState) -> JSON:
    """The table's part of a view or table summary: names, bots, resigned seats, and
    whether the game still waits for players; {} for a game with no table facts."""
    sitting = state.seating
    if sitting == NO_SEATING:
        return {}
    shown = sitting.to_json()
    return {
        "names": shown["names"],
        "bots": shown["bots"],
        "resigned": shown["resigned"],
        "waiting_for_players": state.waiting_for_players,
        **({"move_seconds": sitting.move_seconds} if sitting.move_seconds else {}),
    }


def labels(rules: Rules, seen: JSON, report: HookReport = _raise) -> dict[str, str]:
    """Display names for the ids in a seat's view: {id: label}, {} when the game offers
    none.

    `Presentation.labels` is given the seat's view, never the state, and only labels
    for ids that occur in that view (as a string value or a key) are kept, so a label
    never names a card the seat cannot see. Entries that are not text are dropped.
    """
    hook = rules.presentation.labels
    if hook is None:
        return {}
    given = _guarded("labels", report, hook, seen)
    pairs = dict(given) if isinstance(given, Mapping) else {}
    present = strings_in(seen)
    return {
        key: text
        for key, text in sorted((k, v) for k, v in pairs.items() if isinstance(k, str))
        if key in present and isinstance(text, str) and text
    }


def strings_in(value: object, keys: bool = True) -> set[str]:
    """Every string in a JSON value: the values and (with `keys`) the keys of its objects."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            if keys:
                found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def legal_commands(rules: Rules, state: GameState, seat: int) -> list[JSON]:
    if state.over or state.waiting_for_players:
        return []
    return rules.legal_commands(state.rules_state, seat)


def free_commands(
    rules: Rules, state: GameState, seat: int, report: HookReport = _raise
) -> list[JSON]:
    """Commands `seat` may send at any time that do not advance the game; [] once over.

    Listed apart from `legal_commands`, so random bots, which play legal commands until
    none are left, never send them.
    """
    hook = rules.presentation.free_commands
    if hook is None or state.over or state.waiting_for_players:
        return []
    return list(_guarded("free_commands", report, hook, state.rules_state, seat) or [])


def previews(
    rules: Rules,
    state: GameState,
    commands: list[JSON],
    seat: int,
    report: HookReport = _raise,
) -> list[str]:
    """What each of `commands` from `seat` would do, in the game's words (index-aligned;
    "" where the game offers none).

    `Presentation.preview` is given the seat's view (made once for the whole list),
    never the state, so a preview cannot tell the seat anything its view does not. Each
    is read with the seats' names (`named`).
    """
    hook = rules.presentation.preview
    if hook is None or not commands or state.over:
        return [""] * len(commands)
    seen = in_key_order(rules.view(state.rules_state, seat))
    names = seat_names(state.seating)
    out = []
    for command in commands:
        text = _guarded("preview", report, hook, seen, command)
        out.append(named(text, names) if isinstance(text, str) else "")
    return out


def awaited(rules: Rules, state: GameState) -> dict[int, list[JSON]]:
    """The seats the game waits for, each with its legal commands: a seat is awaited
    when it has a legal command that is not one of the game's optional ones."""
    if state.over or state.waiting_for_players:
        return {}
    optional = rules.presentation.optional_commands
    out = {}
    for seat in range(1, state.seats + 1):
        commands = rules.legal_commands(state.rules_state, seat)
        if any(c.get("type") not in optional for c in commands):
            out[seat] = commands
    return out


def table(rules: Rules, state: GameState, report: HookReport = _raise) -> Table:
    """The game's table summary, with who is awaited, whether a die roll is awaited and
    each awaited seat's "done/pass" command derived from the legal commands; its words
    (track label, phase, step) read with the seats' names (`named`)."""
    shown = rules.presentation
    base = _guarded("table", report, shown.table, state.rules_state) if shown.table else None
    t = base if isinstance(base, Table) else Table()
    waiting = awaited(rules, state)
    rolls = any(c.get("type") in shown.roll_commands for cs in waiting.values() for c in cs)
    advance = {}
    for seat, commands in waiting.items():
        by_type: dict[Any, JSON] = {}
        for c in commands:  # the first command of each type: listings put the plain one first
            by_type.setdefault(c.get("type"), c)
        chosen = next((by_type[t] for t in shown.advance_commands if t in by_type), None)
        if chosen is not None:
            advance[seat] = chosen
    # a die the table rolls itself: the game says so, or a roll listed names its face
    physical = t.physical_dice or any(
        "face" in c for cs in waiting.values() for c in cs if c.get("type") in shown.roll_commands
    )
    names = seat_names(state.seating)
    return replaced(
        t,
        track_label=named(t.track_label, names),
        phase=named(t.phase, names),
        step=named(t.step, names),
        awaiting=tuple(waiting),
        die_step=rolls,
        advance=advance,
        roll_commands=tuple(sorted(shown.roll_commands)),
        physical_dice=physical,
    )


def outcome(state: GameState) -> Outcome | None:
    if state.outcome is None:
        return None
    scores = {int(k): int(v) for k, v in state.outcome.get("scores", {}).items()}
    return Outcome(scores, tuple(state.outcome.get("winners", ())))
