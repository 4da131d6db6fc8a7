"""Command previews worded (previews.py): the rarer previews in scenarios, their text
in full, each also compared with what its command does (test_previews.check_state)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from athanor.engine.game import GameState
from athanor.games.valley import previews
from athanor.games.valley.content import load
from athanor.games.valley.rules import RULES
from athanor.games.valley.state import player
from tests import rules_support
from tests.valley.event_tables import EXCHANGE, LOSE, RED_SKILL, RESHUFFLE, SLOW, table
from tests.valley.support import SEED, act, edit, legal, playing, start
from tests.valley.test_previews import JSON, PREVIEW, check_state
from tests.valley.test_selling import (
    JOKER_ROUND4,
    JOKER_SQ2,
    JOKER_TRI3,
    R2_SQ,
    R2_SQ_B,
    RED_ORANGE_SQ2,
    RED_ORANGE_TRI3,
    line_of,
    scene,
)

# -- scenarios: the rarer previews, worded ---------------------------------------------


def previewed(state: GameState, seat: int) -> dict[str, str]:
    return rules_support.previewed(RULES, state, seat)


def preview_of(state: GameState, seat: int, command: JSON) -> str:
    return rules_support.preview_of(RULES, state, seat, command)


@pytest.mark.rule("VA-SELL-04", "VA-SELL-05", "VA-SELL-06", "VA-SELL-07", "VA-SELL-13")
def test_VA_SELL_07_a_sale_preview_names_each_part_and_the_markers() -> None:
    game_ = scene(line_of([R2_SQ, R2_SQ_B, RED_ORANGE_SQ2]), ep=5)
    text = preview_of(game_, 1, {"type": "Sell", "line": "row1"})
    assert text == (
        "Sells row1 (Red L2 square (2 EP), Red L2 square (4 EP), Red/Orange L2 square (3 EP)) "
        "for 12 EP: 5 for one shape, "
        "4 for sharing Red and 3 for one level. Your EP markers go from 5 to 17; "
        "1 action left."
    )
    _, after = act(game_, 1, {"type": "Sell", "line": "row1"})
    assert player(after.rules_state, 1)["ep"] == 17
    assert check_state(game_, SEED)["Sell"] == 1


@pytest.mark.rule("VA-SELL-10", "VA-SELL-11", "VA-SELL-12")
def test_VA_SELL_11_three_jokers_preview_32_ep() -> None:
    game_ = scene(line_of([JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4], "col2"))
    text = preview_of(game_, 1, {"type": "Sell", "line": "col2"})
    assert "for 32 EP: 5 for one shape, 24 for sharing 6 colors and 3 for one level." in text
    assert "Multi L2 square (1 EP) is wild; Multi L3 triangular (2 EP) is wild; " in text
    assert all(card not in text for card in (JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4))
    check_state(game_, SEED)


@pytest.mark.rule("VA-SELL-16", "VA-SELL-19", "VA-TSHP-01", "VA-TSHP-04", "VA-SPEC-04")
def test_VA_SELL_19_a_token_change_is_named_and_counted() -> None:
    game_ = scene(line_of([RED_ORANGE_TRI3, R2_SQ, RED_ORANGE_SQ2]))
    offered = {k: v for k, v in previewed(game_, 1).items() if '"Sell"' in k}
    with_token = [t for k, t in offered.items() if "change_shape" in k]
    assert with_token and all("counts as" in t and "(Change of shape)" in t for t in with_token)
    assert check_state(game_, SEED)["Sell"] == len(offered)


@pytest.mark.rule("VA-MAKE-01", "VA-MAKE-08", "VA-Q-28", "VA-MAKE-06", "VA-SELL-15")
def test_VA_Q_28_making_names_the_cost_the_bonus_lost_and_the_line_it_fills() -> None:
    card = next(
        c for c in load().elixirs if c.bonus and c.level == 2 and c.id not in (R2_SQ, R2_SQ_B)
    )
    track = card.bonus[0]
    last = load().settings.last_space

    def change(rs: JSON) -> None:
        p = rs["players"]["1"]
        p["chest"] = [R2_SQ, R2_SQ_B] + [None] * 7
        rs["display"][0] = card.id
        p["skill_spaces"][track] = last
        for color, n in card.cost.items():
            p["decoctions"][color], p["reserve_decoctions"][color] = n, 3 - n

    game_ = edit(playing(), change)
    text = preview_of(game_, 1, {"type": "Make", "cards": [{"card": card.id, "place": 3}]})
    top = load().settings.track_max
    assert f"{track.title()} from {top} to {top} (1 move lost)" in text
    assert f"Worth {card.ep} EP at game end" in text
    assert "Lines before tokens: row1 full, " in text
    assert check_state(game_, SEED)["Make"] >= 1


def event_at(card: str, change: Callable[[JSON], None] | None = None) -> GameState:
    """Seat 1 (holding protection) is asked about `card`, revealed by its refill."""
    state = table(deck=[card, "elx-11", "elx-12"], protection=(1,), change=change)
    _, state = act(state, 1, {"type": "EndTurn"})
    assert any(c["type"] == "Protect" for c in legal(state, 1)), legal(state, 1)
    return state


def chest_of_two(rs: JSON) -> None:
    for p in rs["players"].values():
        p["chest"] = ["elx-20", "elx-21"] + [None] * 7


@pytest.mark.rule("VA-EVE-10", "VA-TPRO-01", "VA-Q-18")
def test_VA_EVE_10_keeping_the_token_names_the_skill_lost() -> None:
    def red(rs: JSON) -> None:
        rs["players"]["1"]["skill_spaces"]["red"] = 2

    state = event_at(RED_SKILL, red)
    v = load().settings.track_values
    assert preview_of(state, 1, {"type": "Protect", "use": False}) == (
        f"Keeps your protection token; Skill loss (Red): your Red marker moves 1 space "
        f"left, Red from {v[2]} to {v[1]}."
    )
    assert preview_of(state, 1, {"type": "Protect", "use": True}) == (
        "Uses your protection token against Skill loss (Red): it spares you; "
        "the token goes to the box."
    )
    assert check_state(state, SEED)["Protect:skill_loss:keep"] == 1


@pytest.mark.rule("VA-TPRO-02", "VA-EVE-06", "VA-Q-16")
def test_VA_TPRO_02_the_reshuffle_preview_names_who_may_still_stop_it() -> None:
    state = table(deck=[RESHUFFLE, *(f"elx-{i}" for i in range(11, 31))], protection=(1, 2))
    _, state = act(state, 1, {"type": "EndTurn"})
    keep = preview_of(state, 1, {"type": "Protect", "use": False})
    assert keep.endswith("new ones are dealt, unless seat 2 uses a protection token.")
    use = preview_of(state, 1, {"type": "Protect", "use": True})
    assert "it spares you and everyone else, the display stays" in use
    check_state(state, SEED)
    _, state = act(state, 1, {"type": "Protect", "use": False})
    keep = preview_of(state, 2, {"type": "Protect", "use": False})
    assert keep.endswith("the 9 display cards go into the deck and new ones are dealt.")
    assert check_state(state, SEED)["Protect:reshuffle:keep"] == 1


@pytest.mark.rule("VA-EVE-01", "VA-EVE-03", "VA-EVE-02", "VA-Q-19", "VA-SCORE-01")
@pytest.mark.parametrize("card", [LOSE, EXCHANGE, SLOW])
def test_VA_EVE_01_the_elixir_an_event_takes_is_previewed(card: str) -> None:
    state = event_at(card, chest_of_two)
    keep = preview_of(state, 1, {"type": "Protect", "use": False})
    check_state(state, SEED)
    if card == SLOW:
        assert keep.endswith("Slowdown: your next turn has only 1 action.")
        return
    _, state = act(state, 1, {"type": "Protect", "use": False})
    text = preview_of(state, 1, {"type": "ChooseElixir", "place": 2})
    ep = load().elixir("elx-21").ep
    if card == LOSE:
        assert text == (
            f"Discards {previews.card_name(load(), 'elx-21')} from place 2 to the box: its {ep} "
            "EP no longer count at game end."
        )
    else:
        name = previews.card_name(load(), "elx-21")
        assert text.startswith(f"Gives up {name} from place 2 ({ep} EP at game end) for a random")
    effect = "lose_elixir" if card == LOSE else "exchange"
    assert check_state(state, SEED)[f"ChooseElixir:{effect}"] == 2  # either elixir


@pytest.mark.rule("VA-TDEC-01", "VA-TDEC-02", "VA-Q-14", "VA-TREA-01", "VA-Q-07")
def test_VA_TDEC_01_transform_rearrange_token_and_end_turn_previews() -> None:
    def change(rs: JSON) -> None:
        p = rs["players"]["1"]
        p["decoctions"]["red"], p["reserve_decoctions"]["red"] = 3, 0
        p["decoctions"]["green"], p["reserve_decoctions"]["green"] = 1, 2
        p["chest"] = ["elx-20", None, None, "elx-21", None, None, "elx-22", None, None]

    state = edit(playing(), change)
    assert preview_of(state, 1, {"type": "Transform", "from": "red", "to": "green", "n": 2}) == (
        "Turns 2 Red decoctions into Green on your transformation token (free, once a game): "
        "1 Red and 3 Green to spend; those on the token are outside the cap of 3."
    )
    move = {"type": "Rearrange", "token": True, "from": 7, "to": 2}
    assert preview_of(state, 1, move).startswith(
        f"Moves {previews.card_name(load(), 'elx-22')} from place 7 to place 2 with your "
        "rearranging token (no action used). "
        "Lines before tokens: col1 no longer full."
    )
    assert preview_of(state, 1, {"type": "EndTurn"}) == "Ends your turn with 2 actions unused."
    compared = check_state(state, SEED)
    assert compared["Transform"] and compared["Rearrange"] and compared["EndTurn"] == 1


@pytest.mark.rule("VA-SETUP-13", "VA-COLL-03", "VA-LIM-01", "VA-BREW-05")
def test_VA_SETUP_13_skill_points_collect_and_brew_previews() -> None:
    state = start(2)
    assert preview_of(state, 1, {"type": "AssignSkills", "tracks": ["red", "red"]}) == (
        "Raises Red from 1 to 3: a collect may take up to 3 Red."
    )
    assert check_state(state, SEED)["AssignSkills"] == 10

    def change(rs: JSON) -> None:
        p = rs["players"]["1"]
        for kind, n in (("yellow", 5), ("blue", 2), ("water", 2)):
            p["ingredients"][kind], p["reserve_ingredients"][kind] = n, 6 - n

    state = edit(playing(skills=["yellow", "water"]), change)
    assert preview_of(state, 1, {"type": "Collect", "take": {"yellow": 1, "water": 2}}) == (
        "Collects 1 Yellow and 2 Water: you will have 6 Yellow (full) and 4 Water "
        "(room for 2 more); 1 action left."
    )
    assert preview_of(state, 1, {"type": "Brew", "decoctions": {"green": 2}}) == (
        "Brews 2 Green for 2 Yellow, 2 Blue and 2 Water (left: 3 Yellow, 0 Blue, 0 Water); "
        "1 action left."
    )
    compared = check_state(state, SEED)
    assert compared["Collect"] and compared["Brew"]


def test_no_preview_when_nothing_is_worth_saying() -> None:
    state = edit(playing(), lambda rs: rs.update(actions_left=0))
    view = RULES.view(state.rules_state, 1)
    assert PREVIEW(view, {"type": "EndTurn"}) is None
    assert PREVIEW(view, {"type": "Unknown"}) is None
    over = edit(state, lambda rs: rs.update(phase="over"))
    assert PREVIEW(RULES.view(over.rules_state, 1), {"type": "EndTurn"}) is None
