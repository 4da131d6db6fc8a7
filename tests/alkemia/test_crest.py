"""The CREST Phase, the Crest recipe, Artifacts and winning (AK-CRP, AK-CRS, AK-ART,
AK-WIN, AK-WK-05..08, AK-INV-04, AK-Q-27..30, AK-Q-50)."""

from __future__ import annotations

import pytest

from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import RuleViolation, game
from athanor.games.alkemia import content, crest
from athanor.games.alkemia.rules import GAME, RULES
from athanor.store import GameFeeds, MemoryEventStore
from tests.alkemia.arena import in_alchemy, in_crest
from tests.alkemia.play import Table
from tests.alkemia.support import Scripted, act, change, legal, me, rs, types_of

C = content.load()


def of_type(kind: str, skip: int = 0) -> str:
    return [r.id for r in C.reagents if kind in r.types][skip]


def item_of(kind: str, skip: int = 0) -> str:
    return [i.id for i in C.items if i.item_type == kind][skip]


def reveal(state, seat, tiles, done=()):  # type: ignore[no-untyped-def]
    def change_slots(s: dict) -> None:
        p = s["players"][str(seat)]
        for i, t in enumerate(tiles):
            p["slots"][i] = {"tile": t, "done": i in done}
            s["bag"].remove(t)

    return change(state, change_slots)


def finish_all(state, seats=3, first="FinishCrest"):  # type: ignore[no-untyped-def]
    events = []
    for seat in range(1, seats + 1):
        if {"type": first} in legal(state, seat):
            events, state = act(state, seat, {"type": first}, Scripted())
    return events, state


@pytest.mark.rule("AK-CRS-01", "AK-CRS-02", "AK-CRS-04", "AK-CRS-05", "AK-CRS-06", "AK-CRS-13",
                  "AK-CRP-03", "AK-CRS-09", "AK-Q-42")  # fmt: skip
def test_franks_c_step_satisfies_revealed_base_ingredients_with_matching_types() -> None:
    flora, wood = of_type("Flora"), of_type("Wood")
    state = reveal(in_crest(3), 1, ["square:Flora:0", "circle:Gear:0", "square:Wood:0"])
    state = change(state, lambda s: s["players"]["1"].update(hand=[flora, wood]))
    options = [c for c in legal(state, 1) if c["type"] == "Sacrifice"]
    assert {"type": "Sacrifice", "slot": 1, "card": flora} in options
    assert {"type": "Sacrifice", "slot": 3, "card": wood} in options
    assert {"type": "Sacrifice", "slot": 1, "card": wood} not in options or "Flora" in C.reagent(
        wood
    ).types
    assert not [c for c in options if c["slot"] in (2, 4, 5, 6)]  # nothing fits / unrevealed
    _, state = act(state, 1, {"type": "Sacrifice", "slot": 3, "card": wood})
    _, state = act(state, 1, {"type": "Sacrifice", "slot": 1, "card": flora})
    assert [x["done"] for x in me(state, 1)["slots"]] == [True, False, True, False, False, False]
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "Sacrifice", "slot": 2, "card": flora})
    events, state = finish_all(state)
    assert "CrestRevealed" in types_of(events)
    assert flora in rs(state)["discards"][C.reagent(flora).element]


@pytest.mark.rule(
    "AK-CRS-03",
    "AK-CRS-07",
    "AK-CRS-08",
    "AK-CRP-11",
    "AK-Q-45",
    "AK-Q-23",
    "AK-INV-06",
    "AK-ITM-06",
)
def test_items_satisfy_circles_and_a_depleted_one_costs_a_seed_once_per_phase() -> None:
    gear1, gear2, recipe = item_of("Gear", 0), item_of("Gear", 2), item_of("Gear", 4)
    state = reveal(in_crest(3), 1, ["square:Flora:0", "circle:Gear:0", "square:Wood:0",
                                    "circle:Gear:1"], done=())  # fmt: skip

    def inv(s: dict) -> None:
        p = s["players"]["1"]
        p["inventory"] += [
            {"card": gear1, "made": True, "depleted": True},
            {"card": gear2, "made": True, "depleted": True},
            {"card": recipe, "made": False, "depleted": False},
        ]
        p["seed"] = 2
        p["hand"] = []
        p["unsealed"] = True
        p["artifact"] = "seekers-amulet"

    state = change(state, inv)
    cards = {c["card"] for c in legal(state, 1) if c["type"] == "Sacrifice"}
    assert cards == {gear1, gear2}  # not a recipe, never the Artifact
    _, state = act(state, 1, {"type": "Sacrifice", "slot": 2, "card": gear1})
    assert me(state, 1)["seed"] == 1 and me(state, 1)["paid_depleted"]
    assert not [c for c in legal(state, 1) if c["type"] == "Sacrifice"]  # one per phase
    with pytest.raises(RuleViolation) as refused:
        act(state, 1, {"type": "Sacrifice", "slot": 4, "card": gear2})
    assert refused.value.rule_id == "AK-CRS-04"
    _, state = finish_all(state)
    assert rs(state)["posts"]["Gear"][-1] == gear1  # under its Trading Post deck


@pytest.mark.rule("AK-CRS-11", "AK-CRS-10", "AK-CRS-12")
def test_only_the_sprout_stands_in_for_a_crest_ingredient_and_only_for_squares() -> None:
    state = reveal(in_crest(3), 1, ["square:Flora:0", "circle:Gear:0"])
    state = change(state, lambda s: s["players"]["1"].update(sprout="up", hand=[]))
    state = change(state, lambda s: s.update(sprouts=5))
    options = [c for c in legal(state, 1) if c["type"] == "Sacrifice"]
    assert options == [{"type": "Sacrifice", "slot": 1, "card": "sprout"}]
    _, state = act(state, 1, options[0])
    _, state = finish_all(state)
    assert me(state, 1)["sprout"] is None and rs(state)["sprouts"] == 6


@pytest.mark.rule("AK-CRP-01", "AK-CRP-04", "AK-CRP-05", "AK-ART-02", "AK-ART-03", "AK-ART-05",
                  "AK-Q-27", "AK-CRP-09", "AK-WK-07")  # fmt: skip
def test_r_flips_the_sprout_e_unseals_and_draws_the_fourth_tile_after_c() -> None:
    flora = of_type("Flora")
    tiles = ["square:Flora:0", "circle:Gear:0", "square:Wood:0"]
    state = reveal(in_crest(3), 1, tiles, done=(1, 2))
    state = change(state, lambda s: s["players"]["1"].update(hand=[flora], sprout="down"))
    _, state = act(state, 1, {"type": "Sacrifice", "slot": 1, "card": flora})
    events, state = finish_all(state)
    kinds = types_of(events)
    assert kinds.index("CrestRevealed") < kinds.index("Evoked") < kinds.index("IngredientDrawn")
    assert kinds.index("IngredientDrawn") < kinds.index("SeedStepBegan")
    p = me(state, 1)
    assert p["unsealed"] and p["sprout"] == "up"
    assert p["slots"][3]["tile"].startswith("circle:") and not p["slots"][3]["done"]
    assert rs(state)["phase"] == "seed"
    view = RULES.view(rs(state), 2)
    assert view["players"]["1"]["artifact"] == p["artifact"]  # face up now


@pytest.mark.rule("AK-ART-02", "AK-ART-01")
def test_the_artifact_stays_sealed_until_all_three_base_ingredients_are_satisfied() -> None:
    state = reveal(in_crest(3), 1, ["square:Flora:0", "circle:Gear:0", "square:Wood:0"], (0, 1))
    _, state = finish_all(state)
    assert not me(state, 1)["unsealed"] and me(state, 1)["slots"][3]["tile"] is None


@pytest.mark.rule("AK-CRP-06", "AK-CRP-07", "AK-CRP-08", "AK-INV-04", "AK-Q-50", "AK-WK-05",
                  "AK-WK-06", "AK-CRP-02", "AK-ITM-03")  # fmt: skip
def test_the_s_step_turns_reagents_into_seed_the_hand_limit_and_t_refreshes() -> None:
    state = in_crest(3)
    extra = rs(state)["decks"]["Earth"][:12]
    item = item_of("Relic")

    def load(s: dict) -> None:
        p = s["players"]["2"]
        s["decks"]["Earth"] = s["decks"]["Earth"][12:]
        for c in p["hand"]:
            s["discards"][C.reagent(c).element].append(c)
        p["hand"] = list(extra)  # 12 cards
        p["seed"] = 3
        p["inventory"].append({"card": item, "made": True, "depleted": True})

    state = change(state, load)
    _, state = finish_all(state)
    assert rs(state)["phase"] == "seed"
    options = legal(state, 2)
    assert {"type": "FinishWeek"} not in options  # 12 cards in hand
    with pytest.raises(RuleViolation) as refused:
        act(state, 2, {"type": "FinishWeek"})
    assert refused.value.rule_id == "AK-INV-04"
    for card in extra[:2]:
        _, state = act(state, 2, {"type": "ConvertToSeed", "card": card})
    assert me(state, 2)["seed"] == 5
    assert not [c for c in legal(state, 2) if c["type"] == "ConvertToSeed"]  # Forge full
    assert {"type": "FinishWeek"} in legal(state, 2)
    assert game.table(RULES, state).phase == "CREST Phase: S"
    _, state = act(state, 2, {"type": "FinishWeek"})
    first = rs(state)["first"]
    events, state = finish_all(state, first="FinishWeek")
    assert types_of(events)[-3:-1] == ["WeekEnded", "WeekStarted"]
    assert rs(state)["week"] == 2 and rs(state)["first"] == first % 3 + 1
    assert not me(state, 2)["inventory"][-1]["depleted"]
    assert extra[0] in rs(state)["discards"][C.reagent(extra[0]).element]


@pytest.mark.rule("AK-WIN-01", "AK-WIN-02", "AK-Q-28", "AK-ART-04")
def test_completing_the_crest_ends_the_game_after_the_c_step() -> None:
    tiles = ["square:Flora:0", "circle:Gear:0", "square:Wood:0", "circle:Relic:0",
             "square:Shell:0", "circle:Concoction:0"]  # fmt: skip
    flora = of_type("Flora")
    state = reveal(in_crest(3), 1, tiles, done=(0, 1, 2, 3, 4))
    state = change(state, lambda s: s["players"]["1"].update(hand=[flora]))
    potion = item_of("Concoction")
    state = change(
        state,
        lambda s: s["players"]["1"]["inventory"].append(
            {"card": potion, "made": True, "depleted": False}
        ),
    )
    _, sealed = act(state, 1, {"type": "Sacrifice", "slot": 6, "card": potion})
    events, sealed = finish_all(sealed)
    assert rs(sealed)["phase"] != "over"  # not without the Artifact unsealed
    state = change(state, lambda s: s["players"]["1"].update(unsealed=True))
    _, state = act(state, 1, {"type": "Sacrifice", "slot": 6, "card": potion})
    events, state = finish_all(state)
    assert types_of(events)[-2:] == ["CrestRevealed", "GameOver"]
    outcome = RULES.outcome(rs(state))
    assert outcome is not None and outcome.winners == (1,)
    assert all(legal(state, s) == [] for s in (1, 2, 3))


@pytest.mark.rule("AK-WIN-03", "AK-WIN-04", "AK-WIN-06", "AK-Q-29", "AK-Q-30", "AK-WIN-05")
def test_the_tiebreak_counts_reagents_seed_items_and_the_aspiration() -> None:
    asp = next(a.id for a in C.aspirations if a.alchemist == "kinn")
    p = {
        "hand": [of_type("Flora", i) for i in range(4)],
        "seed": 3,
        "inventory": [
            {"card": item_of("Gear", 0), "made": True, "depleted": False},
            {"card": item_of("Relic", 0), "made": True, "depleted": True},
            {"card": asp, "made": True, "depleted": False},
            {"card": item_of("Gear", 3), "made": False, "depleted": False},  # a recipe: 0
        ],
    }
    assert crest.tiebreak(C, p) == 4 + 3 + 10 + 6 == 23  # type: ignore[arg-type]
    state = in_crest(3)
    s = rs(state)
    for seat in ("1", "2"):
        s["players"][seat].update(hand=[], seed=2, inventory=[])
    result = crest.result(C, s, [1, 2], "crest")
    assert result["winners"] == [1, 2]  # an equal tiebreak: both share the win
    s["players"]["2"]["seed"] = 3
    assert crest.result(C, s, [1, 2], "crest")["winners"] == [2]


@pytest.mark.rule("AK-WK-08", "AK-Q-47")
def test_weeks_repeat_until_a_win_or_the_optional_cap() -> None:
    assert RULES.validate_options({}, 2)["max_weeks"] == 0  # no cap unless one is named
    assert RULES.validate_options({"max_weeks": "0"}, 2)["max_weeks"] == 0
    state = in_crest(2, max_weeks="1")
    events, state = finish_all(state, 2)
    events, state = finish_all(state, 2, first="FinishWeek")
    assert types_of(events)[-1] == "GameOver" and RULES.outcome(rs(state)) is not None
    assert rs(state)["result"]["reason"] == "cap"


@pytest.mark.rule("AK-CS-12")
def test_the_glade_leaves_the_field_at_the_crest_phase_and_its_pawns_go_to_the_joined_tile() -> (
    None
):
    state = in_alchemy(3)

    def glade(s: dict) -> None:
        s["field"]["2,1"] = {"tile": "glade", "rot": 0}
        s["glade"] = {"pos": "2,1", "joined": "2,0", "week": 1}
        s["players"]["2"]["pos"] = "2,1"
        s["beast"]["pos"] = "2,1"

    state = change(state, glade)
    _, state = finish_all(state, first="FinishAlchemy")
    assert "2,1" not in rs(state)["field"]
    assert me(state, 2)["pos"] == "2,0" and rs(state)["beast"]["pos"] == "2,0"


@pytest.mark.rule("AK-WK-08", "AK-Q-47")
async def test_a_game_created_without_options_ends_only_by_a_completed_crest() -> None:
    store = MemoryEventStore()
    feeds = GameFeeds(store)
    service = GameService(store, feeds, Kinds([GAME]))
    try:  # as `athanor new alkemia --players 3` creates it
        created = await service.tables.create("alkemia", 3, {})
        loaded = await service.games.load(created.game_id)
    finally:
        await feeds.close()
    assert loaded.state.options["max_weeks"] == 0
    assert loaded.state.rules_state["options"]["max_weeks"] == 0
    # week 40 ends and week 41 begins
    state = change(in_crest(2), lambda s: s.update(week=40))
    _, state = finish_all(state, 2)
    events, state = finish_all(state, 2, first="FinishWeek")
    assert "GameOver" not in types_of(events) and rs(state)["week"] == 41


@pytest.mark.rule("AK-Q-47")
def test_a_random_game_with_a_week_cap_still_ends() -> None:
    t = Table(3, 7, weeks=2, eager=False)
    t.play()
    result = rs(t.state)["result"]
    assert result["reason"] in ("cap", "crest") and rs(t.state)["week"] <= 2
