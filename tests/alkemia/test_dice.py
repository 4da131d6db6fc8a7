"""The D3 (AK-FLD-01, AK-CS-16, AK-ITM-10): rolled by the server through the engine's
dice, or by the table with the `physical_dice` option; and the event handlers, which
are module-level functions that can be called alone."""

from __future__ import annotations

import pytest

from athanor.engine import BadCommand, Rng, decks
from athanor.engine import dice as die_steps
from athanor.engine.game import table
from athanor.games.alkemia import content, dice
from athanor.games.alkemia.events import REGISTRY
from athanor.games.alkemia.events import field as field_events
from athanor.games.alkemia.rules import RULES
from tests.alkemia.arena import arena
from tests.alkemia.support import act, change, legal, me, put, rs, types_of
from tests.alkemia.test_items import holding

C = content.load()
ELIXIR = next(i.id for i in C.items if i.name == "Enrichment Elixir")


def before_roll(state):  # type: ignore[no-untyped-def]
    return change(state, lambda s: s["turn"].update(roll=0, fa=0))


def test_the_engine_roll_draws_as_randint_did() -> None:
    """Old logs re-run: `roll((1, 2, 3))` reads the Rng exactly as `randint(1, 3)`."""
    for n in range(300):
        key = f"d3 {n}".encode()
        old, new = Rng(key), Rng(key)
        before = [old.randint(1, 3) for _ in range(5)]
        after = [die_steps.roll(dice.FACES, {}, new, physical=False) for _ in range(5)]
        assert before == after
        assert old.randint(1, 1000) == new.randint(1, 1000)  # the same draws consumed


def test_a_blind_pick_draws_as_choice_did() -> None:
    """The stolen card and the ingredient tile: `decks.pick` reads the Rng as `choice`."""
    pile = [f"card-{i}" for i in range(7)]
    for n in range(100):
        key = f"pick {n}".encode()
        old, new = Rng(key), Rng(key)
        assert [old.choice(pile) for _ in range(4)] == [decks.pick(pile, new) for _ in range(4)]
    with pytest.raises(ValueError):
        decks.pick([], Rng(b"empty"))


def test_physical_dice_is_an_option_off_by_default() -> None:
    assert RULES.validate_options({}, 2)["physical_dice"] is False
    assert RULES.validate_options({"physical_dice": "true"}, 2)["physical_dice"] is True
    with pytest.raises(BadCommand):
        RULES.validate_options({"physical_dice": "sometimes"}, 2)


@pytest.mark.rule("AK-FLD-01")
def test_with_physical_dice_the_forage_roll_names_its_face() -> None:
    state = before_roll(arena(3, physical_dice="true"))
    assert legal(state, 1) == [{"type": "RollForage", "face": f} for f in (1, 2, 3)]
    assert table(RULES, state).die_step
    events, after = act(state, 1, {"type": "RollForage", "face": 2})
    assert events[0].type == "ForageRolled" and events[0].body["roll"] == 2
    assert rs(after)["turn"]["fa"] == C.settings.field_actions + 2
    for bad in ({"type": "RollForage"}, {"type": "RollForage", "face": 4}):
        with pytest.raises(BadCommand):
            act(state, 1, bad)


def test_without_physical_dice_the_server_rolls_and_a_face_is_refused() -> None:
    state = before_roll(arena(3))
    assert legal(state, 1) == [{"type": "RollForage"}]
    assert RULES.presentation.roll_commands == frozenset({"RollForage"})
    with pytest.raises(BadCommand):
        act(state, 1, {"type": "RollForage", "face": 3})


@pytest.mark.rule("AK-CS-16")
def test_with_physical_dice_the_den_takes_the_face_the_table_rolled() -> None:
    state = put(arena(3, fa=4, week=2, physical_dice="true"), 1, (1, 1))
    state = change(state, lambda s: s["beast"].update(pos="0,1"))
    steals = [c for c in legal(state, 1) if c["type"] == "Steal"]
    assert steals == [{"type": "Steal", "target": t, "face": f} for t in (2, 3) for f in (1, 2, 3)]
    events, _ = act(state, 1, {"type": "Steal", "target": 2, "face": 1})
    assert types_of(events) == ["StealRolled"] and events[0].body["roll"] == 1
    events, after = act(state, 1, {"type": "Steal", "target": 2, "face": 2})
    assert types_of(events) == ["StealRolled", "Stolen"]
    assert events[1].body["card"] in me(after, 1)["hand"]


@pytest.mark.rule("AK-ITM-10")
def test_with_physical_dice_the_elixir_takes_the_face_the_table_rolled() -> None:
    state = holding(arena(3, physical_dice="true"), 1, ELIXIR)
    uses = [c for c in legal(state, 1) if c.get("card") == ELIXIR]
    assert uses == [{"type": "UseItem", "card": ELIXIR, "face": f} for f in (1, 2, 3)]
    events, after = act(state, 1, {"type": "UseItem", "card": ELIXIR, "face": 3})
    assert events[0].body["amount"] == 3
    assert me(after, 1)["elixir_owed"] == min(3, len(me(state, 1)["hand"]))


def test_a_handler_folds_its_event_alone() -> None:
    state = rs(before_roll(arena(3)))
    field_events.forage_rolled(state, {"seat": 1, "roll": 3, "fa": 8})
    assert state["turn"]["fa"] == 8 and state["last_roll"] == {"seat": 1, "roll": 3}


def test_every_topic_registers_before_the_rules_bind() -> None:
    bound = REGISTRY.bind(C)
    assert set(bound.by_type) == REGISTRY.types() == set(RULES.registry.by_type)
    assert {"TableSet", "ForageRolled", "BeastTook", "TradeDone", "TempleDrew"} <= set(
        bound.by_type
    )
    assert {"ItemUsed", "Synthesized", "Sacrificed", "WeekEnded", "GameOver"} <= set(bound.by_type)
