"""Reader mode: the server as the card reader for a table with the printed game."""

from __future__ import annotations

import pytest

from athanor.engine import BadCommand, RuleViolation, game
from athanor.engine.audit import verify
from athanor.engine.local import LocalGame
from athanor.games.alchemists import alchemicals as al
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import DEMO, act, legal, rs, start, types_of

TIME = "2024-01-01T00:00:00Z"


def reader(seats: int = 2, **options: str) -> game.GameState:
    return start(seats, mode="reader", **options)


@pytest.mark.rule("AL-CR-04", "AL-CR-06", "AL-EXP-02")
def test_demo_test_on_student_tells_the_result_to_all_and_the_ingredients_to_the_asker() -> None:
    state = reader(code="DEMO")
    events, state = act(state, 1, {"type": "TestOnStudent", "ingredients": ["mushroom", "toad"]})
    (ev,) = events
    assert ev.type == "Mixed"
    assert ev.body == {
        "seat": 1,
        "action": "student",
        "ingredients": ["mushroom", "toad"],
        "result": "R+",
    }
    assert ev.body_for(2) == {"seat": 1, "action": "student", "result": "R+"}
    assert ev.body_for(None) == ev.body_for(2)
    events, _ = act(state, 2, {"type": "DrinkPotion", "ingredients": ["bird-claw", "toad"]})
    assert events[0].body["result"] == "N" and events[0].body["action"] == "drink"


@pytest.mark.rule("AL-CR-07")
def test_sell_tells_only_the_quality_even_to_the_seller() -> None:
    state = reader(code="DEMO")
    events, _ = act(
        state, 1, {"type": "SellPotion", "wanted": "G+", "ingredients": ["mushroom", "toad"]}
    )
    (ev,) = events
    assert ev.body["result"] == "R+" and ev.body["quality"] == "sign"  # the operator's log
    for seat in (1, 2, None):
        assert ev.body_for(seat) == {"seat": 1, "wanted": "G+", "quality": "sign"}


@pytest.mark.rule("AL-CR-08", "AL-DBK-03")
def test_apprentice_debunk_reveals_one_sign() -> None:
    state = reader(code="DEMO", variant="apprentice")
    events, _ = act(state, 1, {"type": "DebunkApprentice", "ingredient": "toad", "colour": "G"})
    assert events[0].body == {"seat": 1, "ingredient": "toad", "colour": "G", "sign": "+"}
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "DebunkMaster", "ingredients": ["toad", "fern"], "potion": "N"})


@pytest.mark.rule("AL-CR-09", "AL-SET-02")
def test_master_debunk_reveals_the_actual_result() -> None:
    state = reader(code="DEMO", variant="master")
    events, _ = act(
        state, 2, {"type": "DebunkMaster", "ingredients": ["scorpion", "bird-claw"], "potion": "R-"}
    )
    assert events[0].body["result"] == "G-" and events[0].body["potion"] == "R-"
    assert events[0].visibility.scope == "public"
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "DebunkApprentice", "ingredient": "toad", "colour": "G"})


@pytest.mark.rule("AL-CR-10")
def test_exhibit_tells_only_success() -> None:
    state = reader(code="DEMO")
    events, _ = act(
        state, 1, {"type": "ExhibitPotion", "potion": "R+", "ingredients": ["mushroom", "toad"]}
    )
    assert events[0].body_for(1) == {"seat": 1, "potion": "R+", "success": True}
    events, _ = act(
        state, 1, {"type": "ExhibitPotion", "potion": "B+", "ingredients": ["mushroom", "toad"]}
    )
    assert events[0].body_for(2) == {"seat": 1, "potion": "B+", "success": False}
    assert events[0].body["result"] == "R+"


@pytest.mark.rule("AL-CR-13", "AL-CR-12")
def test_the_triangle_export_goes_to_the_asker_only() -> None:
    state = reader(code="DEMO")
    events, _ = act(state, 2, {"type": "ExportTriangle"})
    assert events[0].body["triangle"] == al.triangle(al.DEMO_ASSIGNMENT)
    assert events[0].body_for(1) == {"seat": 2}


@pytest.mark.rule("AL-CR-11", "AL-SCR-07")
def test_show_answers_ends_the_game_and_the_public_view_carries_the_assignment() -> None:
    state = reader(code="DEMO")
    assert "assignment" not in RULES.view(rs(state), None)
    events, state = act(state, 1, {"type": "ShowAnswers"})
    assert state.over and "GameEnded" in types_of(events)
    assert RULES.view(rs(state), None)["assignment"] == DEMO
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "TestOnStudent", "ingredients": ["mushroom", "toad"]})


@pytest.mark.rule("AL-CR-01", "AL-CR-02", "AL-CR-03")
def test_a_new_reader_shows_a_code_that_reproduces_it_elsewhere() -> None:
    first = reader(seed=b"evening one")
    code = RULES.view(rs(first), 1)["code"]
    assert code != "DEMO" and len(code) == 4
    second = reader(seed=b"another server", code=code.lower())
    assert rs(second)["assignment"] == rs(first)["assignment"]
    for pair in (["fern", "flower"], ["scorpion", "feather"], ["toad", "mandrake"]):
        cmd = {"type": "TestOnStudent", "ingredients": pair}
        assert act(first, 1, cmd)[0][0].body == act(second, 1, cmd)[0][0].body


@pytest.mark.rule("AL-CR-05", "AL-POT-05")
def test_the_order_of_the_ingredients_never_changes_an_answer() -> None:
    state = reader(code="QWER")
    for a in al.INGREDIENTS:
        for b in al.INGREDIENTS:
            if a != b:
                x = act(state, 1, {"type": "TestOnStudent", "ingredients": [a, b]})[0][0].body[
                    "result"
                ]
                y = act(state, 1, {"type": "TestOnStudent", "ingredients": [b, a]})[0][0].body[
                    "result"
                ]
                assert x == y


@pytest.mark.rule("AL-POT-03")
def test_bad_reader_queries() -> None:
    state = reader(code="DEMO")
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "TestOnStudent", "ingredients": ["toad", "toad"]})
    with pytest.raises(BadCommand):
        act(state, 1, {"type": "TestOnStudent", "ingredients": ["toad"]})
    with pytest.raises(BadCommand):
        act(state, 1, {"type": "TestOnStudent", "ingredients": ["toad", "newt"]})
    with pytest.raises(BadCommand):
        act(state, 1, {"type": "SellPotion", "wanted": "X", "ingredients": ["toad", "fern"]})
    with pytest.raises(BadCommand):
        act(state, 1, {"type": "TestOnStudent", "ingredients": ["toad", "fern"], "extra": 1})
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "Declare", "actions": {}})
    with pytest.raises(BadCommand):
        start(2, mode="reader", code="TOOLONG")
    with pytest.raises(BadCommand):
        start(2, code="ABCD")  # codes are for the reader only


def test_every_legal_reader_query_is_accepted_and_the_log_verifies() -> None:
    g = LocalGame(
        RULES, RULES.validate_options({"mode": "reader", "variant": "master"}, 1), 1, b"r", TIME
    )
    commands = legal(g.state, 1)
    assert {c["type"] for c in commands} >= {
        "TestOnStudent",
        "DrinkPotion",
        "SellPotion",
        "DebunkMaster",
        "ExportTriangle",
        "ShowAnswers",
    }
    for cmd in commands[::7]:
        if cmd["type"] != "ShowAnswers":
            g.submit(1, cmd)
    g.submit(1, {"type": "ShowAnswers"})
    assert g.state.over and legal(g.state, 1) == []
    assert verify(RULES, g.records).ok


@pytest.mark.rule("AL-CR-03", "AL-CR-11")
def test_the_mode_chooses_the_rules_and_each_refuses_the_others_commands() -> None:
    assert type(RULES.part("reader")).__name__ == "ReaderRules"
    assert type(RULES.part("game")).__name__ == "GameRules"
    with pytest.raises(RuleViolation) as refused:
        act(reader(code="DEMO"), 1, {"type": "Forage", "take": "deck"})
    assert refused.value.rule_id == "AL-CR-03"
    with pytest.raises(RuleViolation) as refused:
        act(start(2), 1, {"type": "ExportTriangle"})
    assert refused.value.rule_id == "AL-CR-11"
    # the reader keeps no cards and no players; the game's view keeps the reader's keys
    state = reader(code="DEMO")
    assert rs(state)["players"] == {} and rs(state)["grants"] == []
    shown = RULES.view(rs(state), 1)
    assert set(shown) == {"mode", "variant", "phase", "answers", "last", "code"}
    assert set(shown) - {"code"} <= set(RULES.view(rs(start(2)), 1))
