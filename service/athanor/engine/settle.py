"""What games with plain-data state share around their rules: copying the state, the
evolve/snapshot methods, deciding a command (parsed once into its schema's message,
then its decider, then every automatic event that follows until some seat must act),
and checking options."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, TypeVar

from athanor.engine import schema
from athanor.engine.events import Event
from athanor.engine.handlers import Handlers
from athanor.engine.rng import Rng
from athanor.engine.violations import BadCommand

MAX_AUTOMATIC = 2000  # a guard: no game needs this many automatic steps in one batch


class Settled(list[Event]):
    """A batch's events, holding the rules state they leave (`state`, the scratch they
    were folded on): a bot's rollout takes it instead of folding the events again. The
    stored path folds the events as read back from storage (`game._finish`)."""

    def __init__(self, events: list[Event], state: Any) -> None:
        super().__init__(events)
        self.state = state


def copy_state(state: Any) -> Any:
    """A deep copy of plain data (pickle is the fastest deep copy for dicts and lists)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


# a command's decider: given the state, the command parsed (`schema.Command`: the fields
# as sent, and the parsed message), the seat and the Rng
Decider = Callable[[Any, schema.Command, int, Rng], list[Event]]


class PlainStateRules:
    """The Rules methods that are the same for every game whose state is plain JSON data
    folded by a `Handlers` registry: a snapshot is the state itself, and a command is
    parsed once into its message in the game's proto and goes to its decider, then the
    game's flow (`advance`) adds what follows until a seat must act."""

    registry: Handlers
    commands: Mapping[str, Decider]  # command type -> decider
    command_messages: ModuleType  # the game's commands_pb2
    undo_forbidden: frozenset[str] = frozenset()
    undo_checks_twins: bool = True
    state_format: int = 1
    # whether the scratch a batch was folded on equals the fold of its events as stored
    # (JSON round trip: a dict comes back with its keys sorted): a bot's rollout then
    # takes it (`Settled`)
    folds_as_stored: bool = True

    def advance(self, state: Any, rng: Rng) -> list[Event]:
        """The next automatic events, [] once a seat must act (the game's flow)."""
        raise NotImplementedError

    def run_on(self, state: Any, events: list[Event], rng: Rng) -> list[Event]:
        """`events`, then every automatic event that follows them."""
        return settle(self.registry, self.advance, state, events, rng)

    def decide(self, state: Any, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
        """The events `command` (JSON as sent) causes: refused unless the game has a
        decider for its type and it parses into that type's message (wrong types,
        unknown fields), then handed to the decider parsed, as a `schema.Command`."""
        decider = self.commands.get(command["type"])
        if decider is None:
            raise BadCommand(
                f"unknown command {command['type']!r}; known: {', '.join(sorted(self.commands))}"
            )
        parsed = schema.parse(self.command_messages, command)
        return self.run_on(state, decider(state, parsed, seat, rng), rng)

    def evolve(self, state: Any, event: Event) -> Any:
        new = copy_state(state)
        self.registry.apply(new, event.type, event.body)
        return new

    def dump_state(self, state: Any) -> Any:
        return state

    def load_state(self, data: Any) -> Any:
        return copy_state(data)


R = TypeVar("R", bound=PlainStateRules)


def before_twin_undo(rules: type[R], rules_version: str) -> type[R]:
    """`rules` as games of `rules_version` were played: an earlier version that differs
    only in the undo policy of then (every private event refused, no check on sampled
    twins, no command type forbidden). Every game's rules version went up with the twin
    check, and each keeps its previous one this way, so its logs re-run and its games
    go on as they were played."""
    attrs = {"rules_version": rules_version, "undo_checks_twins": False}
    return type(f"{rules.__name__}Before", (rules,), {**attrs, "undo_forbidden": frozenset()})


def settle(
    handlers: Handlers,
    advance: Callable[[Any, Rng], list[Event]],
    state: Any,
    events: list[Event],
    rng: Rng,
) -> Settled:
    """`events`, then what follows from them (`advance` returns [] once a seat must act),
    with the state they leave."""
    scratch = copy_state(state)
    out = list(events)
    for ev in events:
        handlers.apply(scratch, ev.type, ev.body)
    for _ in range(MAX_AUTOMATIC):
        more = advance(scratch, rng)
        if not more:
            return Settled(out, scratch)
        for ev in more:
            handlers.apply(scratch, ev.type, ev.body)
        out += more
    raise RuntimeError(f"{handlers.game}: the flow did not come to rest")


def check_known(options: Mapping[str, str], known: set[str]) -> None:
    """Refuse options the game does not have, naming the ones it has."""
    unknown = set(options) - known
    if unknown:
        raise BadCommand(
            f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}"
        )


def flag(options: Mapping[str, str], name: str, default: bool) -> bool:
    """A true/false option as players type it."""
    raw = str(options.get(name, str(default))).strip().lower()
    if raw not in ("true", "false", "1", "0", "yes", "no"):
        raise BadCommand(f"option {name} is true or false, not {options[name]!r}")
    return raw in ("true", "1", "yes")
