"""The spell book (RC-SPELL-*, RC-Q-23, RC-Q-24), ravens and the end of the game
(RC-RAVEN-*, RC-Q-14), scoring (RC-Q-15) and the vial supply (RC-Q-26)."""

from __future__ import annotations

import pytest

from athanor.engine import BadCommand
from athanor.games.witchs_brew.rules import RULES, outcome
from tests.rules_support import edit
from tests.witchs_brew.support import act, give, lead, legal, me, playing, rs, run

CARDS = RULES.cards


def _warlock(spell: str, **options: str):  # type: ignore[no-untyped-def]
    s = playing({1: ["warlock"]}, **options)

    def top(state: dict) -> None:
        state["spells"].remove(spell)
        state["spells"].insert(0, spell)

    return lead(edit(s, top), 1, "warlock")


@pytest.mark.rule("RC-SPELL-01", "RC-Q-23", "RC-REF-05", "RC-REF-06")
def test_copia_takes_any_three_drops() -> None:
    s = _warlock("copia")
    assert len([c for c in legal(s, 1) if "take" in c]) == 10
    s = act(s, 1, {"type": "FullAction", "take": ["white", "white", "white"]})[1]
    assert me(s, 1)["drops"]["white"] == 4


@pytest.mark.rule("RC-SPELL-05", "RC-VIAL-05")
def test_magus_acquires_paying_drops_of_any_kinds_without_a_vial_bonus() -> None:
    s = _warlock("magus")
    s = give(s, 1, {"red": 0, "white": 0, "green": 3})
    top = rs(s)["stacks"]["copper"][0]
    commands = legal(s, 1)
    assert {"type": "FullAction", "pay": ["green", "green"]} in commands
    assert not any(c.get("vial") for c in commands)
    s = act(s, 1, {"type": "FullAction", "pay": ["green", "green"]})[1]
    assert me(s, 1)["cards"] == [top] and me(s, 1)["vials"] == 0


@pytest.mark.rule("RC-Q-23")
def test_optio_and_the_vial_spells() -> None:
    s = _warlock("optio")
    stacks = {c["stack"] for c in legal(s, 1) if "stack" in c}
    assert stacks == {"copper", "iron", "silver"}  # each top card costs two of the three
    s = act(s, 1, {"type": "FullAction", "stack": "iron"})[1]
    assert me(s, 1)["cards"] == [CARDS.stack("iron")[0]]
    s = _warlock("lupus")
    s = act(s, 1, {"type": "FullAction", "use": True})[1]
    assert me(s, 1)["drops"]["red"] == 0 and me(s, 1)["vials"] == 2


@pytest.mark.rule("RC-SPELL-02", "RC-SPELL-03", "RC-SPELL-04", "RC-Q-24")
def test_the_book_turns_one_card_every_set_whether_or_not_cast() -> None:
    s = playing(
        {
            seat: ["wolf_keeper", "snake_hunter", "herb_collector", "witch", "druid"]
            for seat in (1, 2, 3)
        }
    )
    book = list(rs(s)["spells"])
    n = len(book)
    for k in range(1, 3):
        while (rs(s)["set"] == k and rs(s)["phase"] != "choose") or rs(s)["set"] < k:
            seat, cmd = next((seat, c[0]) for seat in (1, 2, 3) if (c := legal(s, seat)))
            s = act(s, seat, cmd)[1]
        assert rs(s)["spells"][0] == book[k % n]  # card ((k) mod N) + 1 is on top in set k+1
        assert rs(s)["spells"][-1] == book[k - 1]
        if k < 2:
            for seat in (1, 2, 3):
                s = act(
                    s,
                    seat,
                    {
                        "type": "ChooseRoles",
                        "roles": [
                            "wolf_keeper",
                            "snake_hunter",
                            "herb_collector",
                            "witch",
                            "druid",
                        ],
                    },
                )[1]
    assert sorted(rs(s)["spells"]) == sorted(book)


@pytest.mark.rule("RC-Q-24")
def test_casting_leaves_the_spell_on_top_and_a_closed_book_hides_it() -> None:
    s = _warlock("copia")
    s = act(s, 1, {"type": "FullAction", "take": ["red", "red", "red"]})[1]
    assert rs(s)["spells"][0] == "copia"
    closed = playing({1: ["warlock"]}, spells_open="false")
    seen = RULES.view(rs(closed), 2)["spells"]
    assert "order" not in seen and seen["count"] == 8


def _raven_ready(**options: str):  # type: ignore[no-untyped-def]
    """Seat 1 about to take a raven cauldron as the 4th raven."""
    s = playing({1: ["witch"]}, **options)
    s = give(s, 1, {"red": 9, "white": 9, "green": 9}, gold=9)

    def setup(state: dict) -> None:
        state["stacks"]["iron"] = [CARDS.stack("iron")[-1]]
        state["ravens"] = 3

    return edit(s, setup)


@pytest.mark.rule("RC-Q-14", "RC-RAVEN-03", "RC-REF-04", "RC-RAVEN-04")
def test_by_default_the_game_ends_when_the_fourth_raven_is_taken() -> None:
    """RC-Q-14 [published]: the game ends when the last raven is taken, in mid-set."""
    assert RULES.validate_options({}, 3)["play_out_set"] is False
    s = lead(_raven_ready(), 1, "witch")
    assert rs(s)["ravens"] == 3 and not s.over
    s = act(s, 1, {"type": "FullAction", "use": True})[1]
    assert s.over and rs(s)["ravens"] == 4
    assert any(rs(s)["players"][k]["hand"] for k in rs(s)["players"])  # cards left unplayed
    assert RULES.view(rs(s), 3)["ravens"] == 4


@pytest.mark.rule("RC-Q-14")
def test_play_out_set_plays_the_set_out_and_ravens_is_an_option() -> None:
    """The option keeps the earlier default: the set in which the raven is taken is
    played to its end (RC-Q-14 [invented])."""
    s = lead(_raven_ready(play_out_set="true"), 1, "witch")
    s = act(s, 1, {"type": "FullAction", "use": True})[1]
    assert rs(s)["ravens"] == 4 and not s.over  # the set is played out
    while not s.over:
        seat, cmd = next((seat, c[0]) for seat in (1, 2, 3) if (c := legal(s, seat)))
        s = act(s, seat, cmd)[1]
    assert rs(s)["set"] == 1
    assert not any(p["hand"] for p in rs(s)["players"].values())
    s = lead(_raven_ready(ravens="5"), 1, "witch")
    s = act(s, 1, {"type": "FullAction", "use": True})[1]
    assert rs(s)["options"]["ravens"] == 5 and not s.over


@pytest.mark.rule("RC-Q-15", "RC-REF-10")
def test_score_is_card_values_plus_vials_ties_to_more_vials() -> None:
    s = playing({1: ["witch"]})

    def over(state: dict) -> None:
        state["phase"] = "over"
        state["players"]["1"].update(cards=["copper-1"], vials=3)  # 2 + 3
        state["players"]["2"].update(cards=["copper-2"], vials=2)  # 3 + 2
        state["players"]["3"].update(cards=[], vials=1)

    done = edit(s, over)
    result = outcome(CARDS, rs(done))
    assert result is not None and dict(result.scores) == {1: 5, 2: 5, 3: 1}
    assert result.winners == (1,)
    shared = edit(done, lambda st: st["options"].update(tie_break="shared"))
    assert outcome(CARDS, rs(shared)).winners == (1, 2)  # type: ignore[union-attr]


@pytest.mark.rule("RC-Q-26", "RC-SUP-02", "RC-REF-14")
def test_vials_are_limited_and_a_short_supply_gives_what_is_left() -> None:
    s = playing({1: [], 2: [], 3: []}, vials="1")
    s = lead(s, 1, "fortune_teller")
    s = run(s, (2, {"type": "SoBeIt"}), (3, {"type": "SoBeIt"}))
    s = act(s, 1, {"type": "FullAction", "use": True})[1]
    assert me(s, 1)["vials"] == 1 and rs(s)["supply"]["vials"] == 0
    s = playing({1: [], 2: [], 3: []}, vials="0")
    s = lead(s, 1, "fortune_teller")
    assert {"type": "SoBeIt", "use": True} not in legal(s, 2)


@pytest.mark.rule("RC-Q-25")
def test_cauldron_limit_option() -> None:
    with pytest.raises(BadCommand):  # 1 a player could never reach a stack's bottom raven
        playing({1: ["witch"]}, cauldron_limit="1")
    s = playing({1: ["witch"]}, cauldron_limit="3")
    s = give(s, 1, {"red": 9, "white": 9, "green": 9})
    for _ in range(3):
        s = edit(s, lambda st: st["players"]["1"]["cards"].append(st["stacks"]["iron"].pop()))
    s = lead(s, 1, "witch")
    assert legal(s, 1) == [{"type": "FullAction"}]
