"""Objective conditions: the closed vocabulary a pack's objectives are written in, the
check of one condition, and whether a player's end-of-game facts meet it.

Objective conditions (``objectives.toml``, ``condition = { kind = ..., ... }``) use the
closed vocabulary in ``CONDITION_KINDS``. Each reads only end-of-game public facts of one
player (``PlayerFacts``), evaluated by ``objective_met``:

- ``heals_at_least {n}``: cures the player administered (``PlayerFacts.heals``; a heal
  whose side-effect Skull killed the adventurer counts, AB-GV-01) >= n.
- ``cure_cards_at_least {n}``: collected Cure cards >= n.
- ``cure_type_count_at_least {type, n}``: copies of ``type`` (an elixir type or
  ``rainbow``) printed on the collected Cure cards >= n.
- ``distinct_cure_types_at_least {n}``: different types (``rainbow`` included) printed on
  the collected Cure cards >= n.
- ``cure_elixirs_at_least {n}``: elixirs printed on the collected Cure cards, all types,
  >= n.
- ``cures_worth_at_least {reputation, n}``: collected Cure cards whose printed reputation
  is >= ``reputation``, at least n of them.
- ``diagnoses_at_least {n}``: collected Diagnosis cards >= n.
- ``diagnosis_health_count_at_least {health, n}``: collected Diagnosis cards whose printed
  starting health equals ``health`` (1..3), at least n of them.
- ``inventory_at_least {token, n[, type]}``: inventory tokens of kind ``token`` (pure,
  impure, rainbow, failed, spectral), optionally only of elixir ``type`` (pure/impure
  only), >= n.
- ``no_failed_or_vials {}``: the inventory holds no Failed Elixir and no Spectral Vial.
- ``reputation_at_least {n}``: reputation after the Scoring Card and penalties, before any
  objective bonus (the order of AB-END-01), >= n.
- ``mana_at_least {n}``: unused Mana >= n ('End with Unused Mana', expansion only per
  AB-PUB-02 / AB-Q-20).
- ``spells_cast_at_least {n}``: spells the player cast during the game >= n.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

from athanor.games.apothebakery.printed import TOKENS, Cure, Diagnosis, Objective


class PrintedCards(Protocol):
    """The look-ups a condition needs (a `content.Content`)."""

    def cure(self, card_id: str) -> Cure: ...

    def diagnosis(self, card_id: str) -> Diagnosis: ...


@dataclass(frozen=True)
class InventoryToken:
    kind: str  # one of TOKENS
    type: str | None = None  # elixir type, for pure and impure tokens


@dataclass(frozen=True)
class PlayerFacts:
    """The end-of-game public facts one objective condition may read."""

    heals: int
    cures: tuple[str, ...]  # collected Cure card ids
    diagnoses: tuple[str, ...]  # collected Diagnosis card ids
    inventory: tuple[InventoryToken, ...]
    mana: int
    reputation: int  # before objective bonuses
    spells_cast: int


# Field kinds: "count" an integer >= 1, "integer" any integer, "cure_type" an elixir type
# or rainbow, "token" one of TOKENS, "elixir" an elixir type, "health" 1..3.
# A field name ending in "?" is optional.
CONDITION_KINDS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "heals_at_least": {"n": "count"},
        "cure_cards_at_least": {"n": "count"},
        "cure_type_count_at_least": {"type": "cure_type", "n": "count"},
        "distinct_cure_types_at_least": {"n": "count"},
        "cure_elixirs_at_least": {"n": "count"},
        "cures_worth_at_least": {"reputation": "count", "n": "count"},
        "diagnoses_at_least": {"n": "count"},
        "diagnosis_health_count_at_least": {"health": "health", "n": "count"},
        "inventory_at_least": {"token": "token", "n": "count", "type?": "elixir"},
        "no_failed_or_vials": {},
        "reputation_at_least": {"n": "integer"},
        "mana_at_least": {"n": "count"},
        "spells_cast_at_least": {"n": "count"},
    }
)


def objective_met(content: PrintedCards, objective: Objective, facts: PlayerFacts) -> bool:
    """Whether ``facts`` satisfy the objective's condition (AB-END-09)."""
    cond = objective.condition
    kind = cond["kind"]
    cures = [content.cure(c) for c in facts.cures]
    printed = [e for cure in cures for e in cure.elixirs]
    match kind:
        case "heals_at_least":
            return facts.heals >= cond["n"]
        case "cure_cards_at_least":
            return len(cures) >= cond["n"]
        case "cure_type_count_at_least":
            return printed.count(cond["type"]) >= cond["n"]
        case "distinct_cure_types_at_least":
            return len(set(printed)) >= cond["n"]
        case "cure_elixirs_at_least":
            return len(printed) >= cond["n"]
        case "cures_worth_at_least":
            return sum(c.reputation >= cond["reputation"] for c in cures) >= cond["n"]
        case "diagnoses_at_least":
            return len(facts.diagnoses) >= cond["n"]
        case "diagnosis_health_count_at_least":
            healths = [content.diagnosis(d).health for d in facts.diagnoses]
            return healths.count(cond["health"]) >= cond["n"]
        case "inventory_at_least":
            wanted = [
                t
                for t in facts.inventory
                if t.kind == cond["token"] and ("type" not in cond or t.type == cond["type"])
            ]
            return len(wanted) >= cond["n"]
        case "no_failed_or_vials":
            return not any(t.kind in ("failed", "spectral") for t in facts.inventory)
        case "reputation_at_least":
            return facts.reputation >= cond["n"]
        case "mana_at_least":
            return facts.mana >= cond["n"]
        case "spells_cast_at_least":
            return facts.spells_cast >= cond["n"]
    raise ValueError(f"unknown objective condition kind {kind!r}")


def check_condition(
    obj: Objective, cure_types: set[str], types: set[str], note: Callable[[str], None]
) -> None:
    where = f"objectives.toml, card {obj.id}"
    cond = obj.condition
    kind = cond.get("kind")
    spec = CONDITION_KINDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        note(f"{where}: unknown condition kind {kind!r} (known: {', '.join(CONDITION_KINDS)}).")
        return
    fields = {name.rstrip("?"): (kind_, name.endswith("?")) for name, kind_ in spec.items()}
    for name, (ftype, optional) in fields.items():
        if name not in cond:
            if not optional:
                note(f"{where}: condition {kind} needs {name}.")
            continue
        value = cond[name]
        valid = {
            "count": lambda v: _is_int(v) and v >= 1,
            "integer": _is_int,
            "health": lambda v: _is_int(v) and 1 <= v <= 3,
            "cure_type": lambda v: v in cure_types,
            "elixir": lambda v: v in types,
            "token": lambda v: v in TOKENS,
        }[ftype]
        if not valid(value):
            note(f"{where}: condition {kind} field {name} = {value!r} is not a valid {ftype}.")
    for name in cond:
        if name != "kind" and name not in fields:
            note(f"{where}: condition {kind} has unknown field {name!r}.")
    if (
        kind == "inventory_at_least"
        and "type" in cond
        and cond.get("token") not in ("pure", "impure")
    ):
        note(
            f"{where}: condition inventory_at_least may name a type only for pure or impure tokens."
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
