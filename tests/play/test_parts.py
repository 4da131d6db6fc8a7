"""Choosing among many variants a part at a time: every legal variant is reachable,
nothing else is, and each step offers only values some variant still has."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from athanor.play.parts import DONE, Chooser, Field, fields_of

ROLES = [
    "wolf_keeper", "snake_hunter", "herb_collector", "alchemist", "fortune_teller",
    "assistant", "wizard", "witch", "druid", "warlock", "cutpurse", "begging_monk",
]  # fmt: skip


def roles() -> list[dict[str, Any]]:
    return [{"type": "ChooseRoles", "roles": list(c)} for c in itertools.combinations(ROLES, 5)]


def declare() -> list[dict[str, Any]]:
    """Counts by kind, an empty count among them (Alchemists' Declare)."""
    out = []
    for drink, test, buy in itertools.product(range(3), range(3), range(2)):
        actions = {k: n for k, n in (("buy", buy), ("drink", drink), ("test", test)) if n}
        if sum(actions.values()) <= 3:
            out.append({"type": "Declare", "actions": actions})
    return out


def make() -> list[dict[str, Any]]:
    """Lists of records of any length (Valley's Make: cards to places)."""
    pairs = [{"card": c, "place": p} for c in ("elx-1", "elx-2") for p in (1, 2)]
    out = []
    for n in (1, 2):
        for combo in itertools.combinations(pairs, n):
            if len({x["card"] for x in combo}) == n and len({x["place"] for x in combo}) == n:
                out.append({"type": "Make", "cards": list(combo)})
    return out


def tiles() -> list[dict[str, Any]]:
    cells = [(-1, 0), (0, 1), (1, 0), (0, -1)]
    return [
        {"type": "PlaceTile", "x": x, "y": y, "rotation": r}
        for (x, y) in cells
        for r in range(4)
        if (x + r) % 3
    ]


def arrange() -> list[dict[str, Any]]:
    """An order that is part of the move (a permutation)."""
    return [{"type": "Arrange", "order": list(p)} for p in itertools.permutations([1, 2, 3])]


def walk_to(chooser: Chooser, target: dict[str, Any]) -> int:
    """Choose, at each step, the option the target has; the number of steps."""
    steps = 0
    while (step := chooser.step()) is not None:
        steps += 1
        assert all(o.left > 0 for o in step.options)
        assert len({repr(o.value) for o in step.options}) == len(step.options)
        values = [o.value for o in step.options]
        if step.field.is_list:
            have = list(target.get(step.field.key) or [])
            taken = [v for f, v in chooser.picks if f == step.field]
            rest = have[len(taken) :] if step.field.ordered else [x for x in have if x not in taken]
            chooser.pick(rest[0] if rest and rest[0] in values else DONE)
        else:
            chooser.pick(step.field.of(target))
    return steps


@pytest.mark.parametrize("variants", [roles(), declare(), make(), tiles(), arrange()])
def test_every_variant_is_reachable_and_each_path_ends_at_one(
    variants: list[dict[str, Any]],
) -> None:
    # a spread of the 792 role choices (each walk compares them all): quick
    spread = len(variants) // 6 if len(variants) > 100 else 1
    for target in variants[::spread]:
        chooser = Chooser(variants)
        walk_to(chooser, target)
        assert chooser.chosen() == target


def test_five_roles_are_picked_one_at_a_time() -> None:
    chooser = Chooser(roles())
    first = chooser.step()
    assert first is not None and first.field == Field("roles", is_list=True)
    assert len(first.options) == 12 and first.picked == 0
    chooser.pick("witch")
    second = chooser.step()
    assert second is not None and second.picked == 1
    assert "witch" not in [o.value for o in second.options]
    assert sum(1 for _ in chooser.remaining()) == 330  # 11 choose 4
    assert walk_to(chooser, roles()[-1] if "witch" in roles()[-1]["roles"] else roles()[0]) == 4


def test_a_cell_comes_before_its_rotation_and_back_undoes_one_step() -> None:
    fields = fields_of(tiles())
    assert [f.key for f in fields] == ["x,y", "rotation"]
    chooser = Chooser(tiles())
    chooser.pick("0,1")
    step = chooser.step()
    assert step is not None and step.field.key == "rotation"
    assert chooser.back() and chooser.picks == []
    assert not chooser.back()


def test_counts_are_one_field_per_kind() -> None:
    keys = {(f.key, f.part) for f in fields_of(declare())}
    assert keys == {("actions", "buy"), ("actions", "drink"), ("actions", "test")}
