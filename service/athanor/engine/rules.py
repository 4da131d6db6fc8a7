"""The protocol every game implements, and what it reports to the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from athanor.engine.events import Event
from athanor.engine.rng import Rng

JSON = dict[str, Any]
Upcaster = Callable[[JSON], JSON]


@dataclass(frozen=True)
class Table:
    """What the table hub shows: track, phase and step, who is awaited, the last roll."""

    track_position: int = 0
    track_label: str = ""
    track_length: int = 0
    phase: str = ""
    step: str = ""
    awaiting: tuple[int, ...] = ()
    last_roll: str = ""
    last_roll_seat: int = 0
    scores: Mapping[int, int] = field(default_factory=dict)
    die_step: bool = False  # a roll command is what the game waits for
    advance: Mapping[int, JSON] = field(default_factory=dict)  # seat -> "done/pass" command

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


@runtime_checkable
class Rules(Protocol):
    """A game's rules: pure functions of state, commands and the injected Rng.

    Seats are numbered 1..N. `evolve` must be total over stored events and must not
    mutate the state it is given after that state was returned to the engine (the
    engine may keep it as the state at an earlier version).

    Four methods are optional (the engine looks them up with getattr, so they are not
    members of this protocol):

    - `describe(event_type, body) -> str | None`: an event as a sentence, from the body
      the reader may see (`athanor.engine.game.describe`).
    - `preview(view, command) -> str | None`: what a legal command would do, in a short
      plain sentence ("Scores 6 reputation: ..."), shown to the seat before it sends
      the command. It receives the acting seat's view, what `view(state, seat)`
      returns, never the state, so a preview cannot tell anything the seat may not
      see (a deck, a bag's order, another hand, the Rng). It must be pure and
      deterministic and must not change the view: one view serves every command of a
      listing. None or "" means no preview; a preview that raises is treated as none
      (`athanor.engine.game.previews`).
    - `labels(view) -> dict[str, str] | None`: display names for the ids in a seat's
      view ("plant-06" -> "Plant 2/2", an adventurer's id -> its name), so clients can
      show cards by name. Like `preview` it receives the seat's view, what
      `view(state, seat)` returns, never the state, and must be pure and must not
      change the view. A label may only be given for an id that occurs in that view
      (the engine drops any other, so a label can never name a card the seat cannot
      see), and should be short (it is shown in lists) and tell apart cards that differ
      in print. The engine puts the result in the view JSON as "labels" ({} for None or
      a hook that raises; no "labels" key for a game without the hook). Labels are
      for display only: commands still carry the ids (`athanor.engine.game.labels`).
    - `free_commands(state, seat) -> list[JSON]`: commands the seat may send at any
      time that do not advance the game (rearranging one's own inventory), listed apart
      from `legal_commands`. Keep the list short (a few moves from which repeated use
      reaches any outcome, not every outcome) and list only commands `decide` accepts
      now. Random bots never send them, so a seat with only free commands has nothing
      to do; none are listed once the game is over (`athanor.engine.game.free_commands`).
    """

    kind: str
    title: str
    rules_version: str
    min_seats: int
    max_seats: int
    # current schema version per event type, and upcasters keyed by (type, old version)
    event_schemas: Mapping[str, int]
    upcasters: Mapping[tuple[str, int], Upcaster]

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        """Parse and check creation options; raise BadCommand when they are wrong."""
        ...

    def initial_state(self, options: JSON, seats: int) -> Any: ...

    def setup(self, state: Any, rng: Rng) -> list[Event]:
        """The events that set the table: shuffles, deals, first step."""
        ...

    def decide(self, state: Any, command: JSON, seat: int, rng: Rng) -> list[Event]:
        """The events a command causes; raise RuleViolation or BadCommand to refuse."""
        ...

    def evolve(self, state: Any, event: Event) -> Any: ...

    def view(self, state: Any, seat: int | None) -> JSON:
        """Exactly what `seat` (None: a spectator) may see."""
        ...

    def legal_commands(self, state: Any, seat: int) -> list[JSON]: ...

    def table(self, state: Any) -> Table: ...

    def outcome(self, state: Any) -> Outcome | None:
        """None while the game runs; the scores once it is over."""
        ...

    def dump_state(self, state: Any) -> JSON: ...

    def load_state(self, data: JSON) -> Any: ...
