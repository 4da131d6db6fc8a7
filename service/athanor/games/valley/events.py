"""The Valley's events: the shape of every event body, and the handlers that fold them.

Bodies stay plain JSON data (a stored log and a snapshot are the data as they are); the
TypedDicts below only name each body's fields in one place. Keys that are Python words
("from") need the functional TypedDict form.

Handlers are registered per module on `REGISTRY`, with `handles` (state, body) or, when
folding the event needs the printed cards (an elixir's cost, the skill track), with
`handles_with_content` (content, state, body). The rules bind them to the pack they were
built with (`REGISTRY.bind(content)`).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from athanor.engine.handlers import Registry
from athanor.games.valley.state import Kit

# -- bodies -----------------------------------------------------------------------------


class ActionTaken(TypedDict):
    seat: int
    action: str  # collect, brew, make, rearrange, sell


class IngredientsCollected(TypedDict):
    seat: int
    take: dict[str, int]  # ingredient kind -> count


class DecoctionsBrewed(TypedDict):
    seat: int
    decoctions: dict[str, int]  # decoction color -> count


class MadeElixir(TypedDict):
    card: str
    place: int  # chest place 1..9


class ElixirsMade(TypedDict):
    seat: int
    made: list[MadeElixir]


ElixirsRearranged = TypedDict(
    "ElixirsRearranged", {"seat": int, "from": int, "to": int, "token": bool}
)
DecoctionsTransformed = TypedDict(
    "DecoctionsTransformed", {"seat": int, "from": str, "to": str, "n": int}
)


class Bonus(TypedDict):
    """What a line sale pays, by part and in total (VA-SELL-04..13)."""

    shape: int
    color: int
    level: int
    total: int


class LineSold(TypedDict):
    seat: int
    line: str  # a key of state.LINES
    cards: list[str]  # the line's elixirs in its places' order
    bonus: Bonus
    tokens: list[str]  # change tokens used, sorted


class KitsHanded(TypedDict):
    kit: Kit  # schema 2: skill markers by space (setup.upcast_kits_1)


class DeckDrawn(TypedDict):
    deck: list[str]
    box: list[str]  # the elixirs left out for this player count


class DisplayDealt(TypedDict):
    display: list[str]


class EventsShuffledIn(TypedDict):
    deck: list[str]


class SkillsStarted(TypedDict):
    turn: int  # index into the order


class SkillsAssigned(TypedDict):
    seat: int
    tracks: list[str]


class TurnStarted(TypedDict):
    seat: int
    turn: int
    actions: int


class TurnEnded(TypedDict):
    seat: int


class CardDealt(TypedDict):
    card: str
    place: int  # display place 1..10


class VirtualTurn(TypedDict):
    card: str | None  # None: the display was empty


class NoBody(TypedDict):
    """DisplayShifted, EndTriggered, GameOver."""


class EventRevealed(TypedDict):
    card: str
    effect: str
    param: str | None


class EventStruck(TypedDict):
    """Schema 2 (event_cards.upcast_struck_1): a skill loss in spaces."""

    seat: int
    effect: str
    param: str | None
    lost: NotRequired[int]  # ingredient or decoction loss
    spaces: NotRequired[int]  # skill loss
    place: NotRequired[int]  # lose_elixir, exchange: the chosen chest place
    card: NotRequired[str]  # the elixir there
    drawn: NotRequired[str | None]  # exchange: the elixir drawn in its stead


class ProtectionDecided(TypedDict):
    seat: int
    use: bool


class DisplayReshuffled(TypedDict):
    display: list[str | None]
    deck: NotRequired[list[str]]  # the redacted body has only the display and a count


class DeckShuffled(TypedDict):
    deck: list[str]


class EventDone(TypedDict):
    card: str


# -- handlers ---------------------------------------------------------------------------

# Every module that folds events registers here: `REGISTRY.handles` for a handler(state,
# body), `REGISTRY.handles_with_content` for one that reads the printed cards too.
REGISTRY = Registry("valley")
