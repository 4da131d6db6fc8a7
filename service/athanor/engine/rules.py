"""The interface every game implements: a narrow core of rules, and one explicit,
typed presentation part.

A game registers a `GameKind`: its name, how to read its content pack, and `build`,
which makes the game's `Rules` for one pack. The rules object is built with its pack
(no rules module reaches for a process-wide pack), and `GameCreated` records that
pack's id and digest, so a replay always uses the cards the game was played with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from athanor.engine.events import Event
from athanor.engine.pack import Pack, PackFormat
from athanor.engine.rng import Rng

JSON = dict[str, Any]
Upcaster = Callable[[JSON], JSON]


@dataclass(frozen=True)
class Table:
    """The table summary clients and the hub show: track, phase and step, who is
    awaited, the last roll, the scores.

    A game's `Presentation.table` fills the track, phase, step, roll and scores, and
    declares its layout, its counters and whether its dice are physical; the engine
    fills `awaiting`, `die_step`, `advance` and `roll_commands` from the seats' legal
    commands and the presentation
    (`athanor.engine.presenting.table`), so they can never disagree with what a seat may do.
    """

    track_position: int = 0
    track_label: str = ""
    track_length: int = 0
    phase: str = ""
    step: str = ""
    awaiting: tuple[int, ...] = ()
    last_roll: str = ""
    last_roll_seat: int = 0
    scores: Mapping[int, int] = field(default_factory=dict)
    die_step: bool = False  # an awaited seat may roll (one of Presentation.roll_commands)
    advance: Mapping[int, JSON] = field(default_factory=dict)  # seat -> its "done/pass" command
    # how the hub lays the table out: "sun" (the track as a sun's course), "gauge" (the
    # track as a bar beside the first counter) or "plain" (words); "": the hub chooses
    layout: str = ""
    counters: Mapping[str, int] = field(default_factory=dict)  # e.g. {"actions": 2}, in order
    # the engine fills these from Presentation.roll_commands and the legal commands
    roll_commands: tuple[str, ...] = ()  # command types that roll a die (the dice button)
    physical_dice: bool = False  # the table rolls its own dice: a roll command names a face

    def to_json(self) -> JSON:
        return {
            "track_position": self.track_position,
            "track_label": self.track_label,
            "track_length": self.track_length,
            "phase": self.phase,
            "step": self.step,
            "awaiting": list(self.awaiting),
            "last_roll": self.last_roll,
            "last_roll_seat": self.last_roll_seat,
            "scores": {str(k): v for k, v in self.scores.items()},
            "die_step": self.die_step,
            "advance": {str(k): v for k, v in self.advance.items()},
            "layout": self.layout,
            "counters": dict(self.counters),
            "roll_commands": list(self.roll_commands),
            "physical_dice": self.physical_dice,
        }


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: a score per seat and the winners."""

    scores: Mapping[int, int]
    winners: tuple[int, ...]

    def to_json(self) -> JSON:
        return {
            "scores": {str(k): v for k, v in self.scores.items()},
            "winners": list(self.winners),
        }


@dataclass(frozen=True)
class Section:
    """One part of a game's board: a title and its lines, already in words."""

    title: str
    lines: tuple[str, ...] = ()

    def to_json(self) -> JSON:
        return {"title": self.title, "lines": list(self.lines)}


@dataclass(frozen=True)
class Presentation:
    """How a game shows itself; every part is optional and all are pure.

    The engine calls these through `athanor.engine.presenting`, which reports a part that
    raises (hook name, game, version) instead of swallowing it.

    - `describe(event_type, body)`: an event as a sentence, from the body the reader
      may see, so the sentence cannot tell more than the body.
    - `preview(view, command)`: what a legal command would do ("Scores 6 reputation"),
      from the acting seat's view (never the state), so it cannot tell anything the
      seat may not see. One view serves a whole listing: it must not change the view.
    - `labels(view)`: display names for ids in a seat's view ("plant-06" -> "Plant
      2/2"). The engine keeps only labels of ids that occur in that view.
    - `free_commands(state, seat)`: commands a seat may send at any time that do not
      advance the game (rearranging one's inventory), listed apart from the legal ones
      so random bots never send them.
    - `table(state)`: the summary clients and the hub show (track, phase, step, last
      roll, scores); who is awaited is derived by the engine.
    - `board(view)`: the table's first screen for one seat, as titled sections of
      lines, built from that seat's view (the engine's view with the game's under
      "game", its "seat" and "labels"), never the state, so it shows nothing the seat
      may not see. Clients show it first and the whole view folded below.
    - `roll_commands`: command types that roll a die (the hub's dice button).
    - `advance_commands`: command types that end a seat's turn or pass (the hub's
      advance button), in order of preference.
    - `optional_commands`: command types a seat may send without being awaited (a
      spell cast at any time): a seat whose legal commands are all of these is not
      awaited.
    - `players`: which counts each mode allows, in words, for a game whose modes
      differ ("2 to 4 in the full game, 1 to 4 with the card reader"): every refusal of
      a player count says it (`athanor.engine.game.check_seats`).
    """

    describe: Callable[[str, JSON], str | None] | None = None
    preview: Callable[[JSON, JSON], str | None] | None = None
    labels: Callable[[JSON], Mapping[str, str] | None] | None = None
    free_commands: Callable[[Any, int], list[JSON]] | None = None
    table: Callable[[Any], Table] | None = None
    board: Callable[[JSON], list[Section]] | None = None
    roll_commands: frozenset[str] = frozenset()
    advance_commands: tuple[str, ...] = ()
    optional_commands: frozenset[str] = frozenset()
    players: str = ""


NO_PRESENTATION = Presentation()


@runtime_checkable
class Rules(Protocol):
    """A game's rules, built with its content pack: pure functions of state, commands
    and the injected Rng.

    Seats are numbered 1..N. `evolve` must be total over stored events and must not
    mutate the state it is given after that state was returned to the engine (the
    engine may keep it as the state at an earlier version).
    """

    kind: str
    title: str
    rules_version: str
    min_seats: int
    max_seats: int
    pack: Pack | None  # the content this object was built with (None: the game has none)
    presentation: Presentation
    # current schema version per event type, and upcasters keyed by (type, old version)
    event_schemas: Mapping[str, int]
    upcasters: Mapping[tuple[str, int], Upcaster]
    # command types a seat may never take back, where sampling twins cannot decide it
    undo_forbidden: frozenset[str]
    # False only for the rules of versions from before the twin check (the old undo
    # policy, kept so their logs re-run as they were played)
    undo_checks_twins: bool
    # the shape `dump_state` gives the state in: raised when a change to the code keeps
    # the state differently, so snapshots taken before are folded again, not misread
    state_format: int

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        """Parse and check creation options; raise BadCommand when they are wrong."""
        ...

    def initial_state(self, options: JSON, seats: int) -> Any: ...

    def setup(self, state: Any, rng: Rng) -> list[Event]:
        """The events that set the table: shuffles, deals, first step."""
        ...

    def decide(self, state: Any, command: JSON, seat: int, rng: Rng) -> list[Event]:
        """The events a command causes; raise RuleViolation or BadCommand to refuse.

        `command` is the JSON as sent (the engine has checked only that "type" is a
        string), and is what the records keep. Rules built on
        `athanor.engine.settle.PlainStateRules` parse it once into their game's proto
        message (`athanor.engine.schema.parse`) and hand each decider a
        `schema.Command`: the same fields, read-only, with `.type` and `.message`.
        The undo check re-decides a stored command through this same method."""
        ...

    def evolve(self, state: Any, event: Event) -> Any: ...

    def view(self, state: Any, seat: int | None) -> JSON:
        """Exactly what `seat` (None: a spectator) may see."""
        ...

    def legal_commands(self, state: Any, seat: int) -> list[JSON]:
        """Every distinct command `seat` may send now; a seat with none is not awaited."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """None while the game runs; the scores once it is over."""
        ...

    def sample(self, state: Any, seat: int | None, rng: Rng) -> Any:
        """A state `seat` (None: a spectator) cannot tell apart from `state`: every part
        hidden from that seat (other seats' hands, decks, bags, secret choices, the
        Alchemists' assignment) drawn again from `rng`, consistently with all the seat
        has seen, so that `view(result, seat) == view(state, seat)` and the seat's legal
        commands are the same. The hidden-information sampler: the undo check re-decides
        a command on such twins, the conformance suite compares what each audience sees
        of them, and bots search over them instead of the true state. Must not mutate
        `state`."""
        ...

    def dump_state(self, state: Any) -> JSON: ...

    def load_state(self, data: JSON) -> Any: ...


RulesBuilder = Callable[[Pack | None], Rules]


@dataclass(frozen=True)
class GameKind:
    """What a game registers with a server: its kind, its pack format, and `build`,
    which makes its rules for one pack (None for a game without content).

    `older` keeps the rules of every earlier rules_version, keyed by that string: a
    game is re-run (verify, import, replay) and played on under the rules its
    GameCreated names, so a log stays verifiable under every later release. Where one
    rules_version string named two behaviours, `by_created_schema` tells them apart by
    the schema of the log's GameCreated record: (rules_version, schema) -> the rules of
    those logs, looked up before `older`.
    """

    kind: str
    title: str
    build: RulesBuilder
    packs: PackFormat | None = None
    older: Mapping[str, RulesBuilder] = field(default_factory=dict)
    by_created_schema: Mapping[tuple[str, int], RulesBuilder] = field(default_factory=dict)
    # a sentence the lobby shows beside the kind: what the project decided that a
    # player should know before sitting down (ListKinds' house_rules)
    house_rules: str = ""
