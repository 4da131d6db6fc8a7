"""Action 5, selling a line of elixirs (VA-SELL-01..20, VA-Q-01/02/09/10): the line
bonus, the sale itself, the worked examples and the declarations offered to the seller."""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.games.valley.content import load
from athanor.games.valley.rules import RULES
from athanor.games.valley.selling import CHANGES, best_declaration, bonus, looks
from athanor.games.valley.state import LINES
from tests.valley.support import act, edit, legal, me, playing

# Cards of the built-in pack, by what the tests need of them.
R1_SQ, R1_TRI, R1_ROUND = "elx-13", "elx-14", "elx-12"
R2_SQ, R2_SQ_B, R2_TRI, R3_TRI, R3_SQ = "elx-16", "elx-19", "elx-17", "elx-20", "elx-22"
Y1_SQ, Y2_SQ, Y2_TRI = "elx-01", "elx-07", "elx-05"
B1_TRI, B1_SQ, B2_ROUND, B3_SQ = "elx-23", "elx-25", "elx-27", "elx-31"
O1_SQ, G1_ROUND = "elx-34", "elx-45"
RED_ORANGE_SQ2, RED_ORANGE_TRI3, PURPLE_RED_TRI3 = "elx-67", "elx-68", "elx-77"
JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4, JOKER_SQ2_B = "elx-79", "elx-80", "elx-81", "elx-82"


def scene(
    chest: dict[int, str],
    tokens: list[str] | None = None,
    actions: int = 2,
    **player_fields: Any,
) -> Any:
    """Seat 1's turn with this chest (place -> card id), these tokens, these actions."""

    def change(rs: dict[str, Any]) -> None:
        p = rs["players"]["1"]
        p["chest"] = [chest.get(i) for i in range(1, 10)]
        if tokens is not None:
            p["tokens"] = list(tokens)
        p.update(player_fields)
        rs["actions_left"] = actions

    return edit(playing(), change)


def line_of(cards: list[str], line: str = "row1") -> dict[int, str]:
    return dict(zip(LINES[line], cards, strict=True))


def sell(game: Any, line: str, *changes: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """Seat 1 sells; returns the LineSold body and the game after."""
    command: dict[str, Any] = {"type": "Sell", "line": line}
    if changes:
        command["changes"] = list(changes)
    events, after = act(game, 1, command)
    (sold,) = [e.body for e in events if e.type == "LineSold"]
    return sold, after


def line_bonus(cards: list[str], changes: dict[int, dict[str, Any]] | None = None) -> dict:
    changes = changes or {}
    return bonus(RULES.cards, [looks(RULES.cards, c, changes.get(i)) for i, c in enumerate(cards)])


def total_of(cards: list[str], places: tuple[int, ...], uses: list[dict[str, Any]]) -> int:
    by_place = {u["place"]: u for u in uses}
    return bonus(
        RULES.cards,
        [looks(RULES.cards, c, by_place.get(i)) for c, i in zip(cards, places, strict=True)],
    )["total"]


# -- the bonus table (VA-SELL-04..12) ------------------------------------------------------

BONUS_ROWS = [
    # (rule ids, cards, shape, color, level)
    ("VA-SELL-04 shape only", [R1_SQ, Y2_SQ, B3_SQ], 5, 0, 0),
    ("VA-SELL-05 color only", [R1_ROUND, R2_SQ, R3_TRI], 0, 4, 0),
    ("VA-SELL-06 level only", [Y2_TRI, R2_SQ, B2_ROUND], 0, 0, 3),
    ("VA-SELL-07 all three", [R2_SQ, R2_SQ_B, RED_ORANGE_SQ2], 5, 4, 3),
    ("VA-Q-09 nothing shared", [R1_SQ, Y2_TRI, B2_ROUND], 0, 0, 0),
    ("VA-SELL-09 two shared colors", [RED_ORANGE_SQ2, RED_ORANGE_TRI3, JOKER_ROUND4], 0, 8, 0),
    ("VA-SELL-09 one shared color", [RED_ORANGE_SQ2, PURPLE_RED_TRI3, R1_ROUND], 0, 4, 0),
    ("VA-SELL-10 joker takes the best", [R2_SQ, R2_SQ_B, JOKER_TRI3], 5, 4, 3),
    ("VA-Q-10 joker has one shape and level", [R1_SQ, R1_TRI, JOKER_TRI3], 0, 4, 3),
    ("VA-Q-10 joker cannot join two colors", [R1_SQ, B1_SQ, JOKER_SQ2], 5, 0, 3),
    ("VA-SELL-11 three jokers", [JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4], 5, 24, 3),
]


@pytest.mark.rule(
    "VA-SELL-04",
    "VA-SELL-05",
    "VA-SELL-06",
    "VA-SELL-07",
    "VA-SELL-09",
    "VA-SELL-10",
    "VA-SELL-12",
    "VA-Q-10",
)
@pytest.mark.parametrize(("name", "cards", "shape", "color", "level"), BONUS_ROWS)
def test_bonus_rows(name: str, cards: list[str], shape: int, color: int, level: int) -> None:
    expected = {"shape": shape, "color": color, "level": level, "total": shape + color + level}
    assert line_bonus(cards) == expected
    # the same line sold from the chest pays exactly that, whichever line it lies in
    for line in ("row2", "col3", "diag2"):
        sold, after = sell(scene(line_of(cards, line)), line)
        assert sold["bonus"] == expected
        assert me(after, 1)["ep"] == expected["total"]


@pytest.mark.rule("VA-SELL-12")
def test_VA_SELL_12_color_part_is_four_per_shared_color() -> None:
    rate = load().settings.line_bonus.color
    assert rate == 4
    assert line_bonus([R1_SQ, R2_SQ, B1_SQ])["color"] == 0
    assert line_bonus([R1_SQ, R2_SQ, R3_TRI])["color"] == 4
    assert line_bonus([RED_ORANGE_SQ2, RED_ORANGE_TRI3, JOKER_SQ2])["color"] == 8
    assert line_bonus([JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4])["color"] == 24


@pytest.mark.rule("VA-SELL-08", "VA-Q-01")
def test_VA_SELL_08_level_is_the_number_of_decoctions_in_the_cost() -> None:
    pack = load()
    for card in pack.elixirs:
        assert card.level == sum(card.cost.values()), card.id
    # three cards costing 2 decoctions each (of different colors) earn the level bonus
    costs = [sum(pack.elixir(c).cost.values()) for c in (Y2_TRI, R2_SQ, B2_ROUND)]
    assert costs == [2, 2, 2]
    assert line_bonus([Y2_TRI, R2_SQ, B2_ROUND])["level"] == 3
    # one costing 1 breaks it
    assert line_bonus([Y2_TRI, R2_SQ, B1_TRI])["level"] == 0


@pytest.mark.rule("VA-SELL-11")
def test_VA_SELL_11_three_jokers_earn_32() -> None:
    sold, after = sell(scene(line_of([JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4], "col2")), "col2")
    assert sold["bonus"] == {"shape": 5, "color": 24, "level": 3, "total": 32}
    assert me(after, 1)["ep"] == 32
    assert me(after, 1)["sold"] == [JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4]


# -- the sale (VA-SELL-01..03, 13..17, VA-Q-02, VA-Q-09) ------------------------------------

FULL_CHEST = {
    i: c
    for i, c in enumerate(
        [R1_SQ, R2_SQ, B1_TRI, Y2_TRI, JOKER_SQ2, O1_SQ, G1_ROUND, R3_TRI, B2_ROUND], 1
    )
}


@pytest.mark.rule("VA-SELL-01", "VA-SELL-02", "VA-Q-09")
def test_VA_SELL_02_a_full_chest_offers_eight_lines() -> None:
    game = scene(FULL_CHEST, tokens=[])
    lines = [c["line"] for c in legal(game, 1) if c["type"] == "Sell"]
    assert sorted(lines) == sorted(
        ["row1", "row2", "row3", "col1", "col2", "col3", "diag1", "diag2"]
    )


@pytest.mark.rule("VA-SELL-01", "VA-SELL-14", "VA-Q-09")
@pytest.mark.parametrize("line", list(LINES))
def test_VA_SELL_01_a_sale_takes_exactly_the_three_of_the_line(line: str) -> None:
    places = {
        "row1": (1, 2, 3),
        "row2": (4, 5, 6),
        "row3": (7, 8, 9),
        "col1": (1, 4, 7),
        "col2": (2, 5, 8),
        "col3": (3, 6, 9),
        "diag1": (1, 5, 9),
        "diag2": (3, 5, 7),
    }[line]
    sold, after = sell(scene(FULL_CHEST), line)
    chest = me(after, 1)["chest"]
    assert [i for i in range(1, 10) if chest[i - 1] is None] == list(places)
    assert sold["cards"] == [FULL_CHEST[i] for i in places]
    assert me(after, 1)["sold"] == [FULL_CHEST[i] for i in places]


@pytest.mark.rule("VA-SELL-03")
def test_VA_SELL_03_an_incomplete_line_cannot_be_sold() -> None:
    chest = dict(FULL_CHEST)
    del chest[5]
    game = scene(chest)
    for line in ("row2", "col2", "diag1", "diag2"):
        with pytest.raises(RuleViolation) as err:
            sell(game, line)
        assert err.value.code == "INCOMPLETE_LINE"
        assert err.value.rule_id == "VA-SELL-03"
    offered = {c["line"] for c in legal(game, 1) if c["type"] == "Sell"}
    assert offered == {"row1", "row3", "col1", "col3"}
    with pytest.raises(RuleViolation):
        sell(scene({}), "row1")


@pytest.mark.rule("VA-SELL-03")
@pytest.mark.parametrize("line", ["row4", "corners", "", None, 1, ["row1"]])
def test_VA_SELL_03_only_named_lines_can_be_sold(line: Any) -> None:
    with pytest.raises(BadCommand):
        act(scene(FULL_CHEST), 1, {"type": "Sell", "line": line})


@pytest.mark.rule("VA-SELL-13", "VA-SELL-17", "VA-Q-02")
def test_VA_SELL_13_bonus_paid_at_once_and_only_the_bonus() -> None:
    chest = {
        **line_of([JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4], "row1"),
        **line_of([R2_SQ, R2_SQ_B, RED_ORANGE_SQ2], "row3"),
    }
    game = scene(chest, ep=0)
    _, game = sell(game, "row1")
    assert me(game, 1)["ep"] == 32  # at once, not at game end
    second, game = sell(game, "row3")
    assert second["bonus"]["total"] == 12
    ep = me(game, 1)["ep"]
    assert ep == 44 and isinstance(ep, int)  # an integer, supply never runs out (VA-Q-02)
    printed = sum(load().elixir(c).ep for c in me(game, 1)["sold"])
    assert printed > 0 and ep == 44  # the cards' own EP wait for the end (VA-SELL-17)


@pytest.mark.rule("VA-Q-09")
def test_VA_Q_09_a_line_with_no_bonus_may_be_sold_for_nothing() -> None:
    cards = [R1_SQ, Y2_TRI, B2_ROUND]
    game = scene(line_of(cards, "diag2"))
    assert {"type": "Sell", "line": "diag2"} in legal(game, 1)
    sold, after = sell(game, "diag2")
    assert sold["bonus"]["total"] == 0
    assert me(after, 1)["ep"] == 0
    assert me(after, 1)["sold"] == cards
    assert after.rules_state["actions_left"] == 1  # still an action


@pytest.mark.rule("VA-SELL-15")
def test_VA_SELL_15_the_seller_picks_the_line_and_only_it_scores() -> None:
    # row1 would pay 12; col1 shares place 1 and pays 4
    chest = {1: R2_SQ, 2: R2_SQ_B, 3: RED_ORANGE_SQ2, 4: R1_ROUND, 7: R3_TRI}
    game = scene(chest)
    sold, after = sell(game, "col1")
    assert sold["bonus"]["total"] == 4
    assert me(after, 1)["ep"] == 4
    with pytest.raises(RuleViolation) as err:  # row1 lost its first elixir
        sell(after, "row1")
    assert err.value.code == "INCOMPLETE_LINE"
    assert me(after, 1)["chest"][1:3] == [R2_SQ_B, RED_ORANGE_SQ2]


@pytest.mark.rule("VA-SELL-01", "VA-SPEC-01")
def test_a_sale_is_an_action() -> None:
    game = scene(FULL_CHEST, actions=0)
    with pytest.raises(RuleViolation) as err:
        sell(game, "row1")
    assert err.value.code == "NO_ACTIONS_LEFT"
    assert not [c for c in legal(game, 1) if c["type"] == "Sell"]
    with pytest.raises(RuleViolation) as err:  # not seat 2's turn
        act(scene(FULL_CHEST), 2, {"type": "Sell", "line": "row1"})
    assert err.value.code == "NOT_YOUR_TURN"


# -- the worked example: 12 EP (VA-SELL-18..20, VA-TSHP-04) --------------------------------


def example_start() -> Any:
    """Five elixirs; a red-orange square (elx-67) waits in the display, paid for."""
    chest = {1: R2_TRI, 5: JOKER_SQ2_B, 6: O1_SQ, 7: B1_TRI, 8: G1_ROUND}

    def change(rs: dict[str, Any]) -> None:
        p = rs["players"]["1"]
        p["chest"] = [chest.get(i) for i in range(1, 10)]
        p["decoctions"].update(red=1, orange=1)
        rs["display"][0] = RED_ORANGE_SQ2
        rs["actions_left"] = 2

    return edit(playing(), change)


@pytest.mark.rule("VA-SELL-18", "VA-SELL-19", "VA-SELL-20", "VA-TSHP-04", "VA-SELL-13")
def test_VA_SELL_18_to_20_the_twelve_point_sale() -> None:
    game = example_start()
    card = load().elixir(RED_ORANGE_SQ2)
    assert set(card.colors) == {"red", "orange"} and card.shape == "square"
    assert sum(c is not None for c in me(game, 1)["chest"]) == 5
    # first action: make the red-orange square into the bottom-right place
    _, game = act(game, 1, {"type": "Make", "cards": [{"card": RED_ORANGE_SQ2, "place": 9}]})
    chest = me(game, 1)["chest"]
    assert chest[8] == RED_ORANGE_SQ2 and sum(c is not None for c in chest) == 6
    # only row A (row3) and diagonal B (diag1) are full; A pays less, whatever tokens do
    offered = [c for c in legal(game, 1) if c["type"] == "Sell"]
    assert {c["line"] for c in offered} == {"row3", "diag1"}
    best = {
        line: max(
            total_of([chest[i - 1] for i in LINES[line]], LINES[line], c.get("changes", []))
            for c in offered
            if c["line"] == line
        )
        for line in ("row3", "diag1")
    }
    assert best == {"row3": 3, "diag1": 12}
    # diagonal B without the token: 7 (color 4 + level 3, shapes differ)
    assert line_bonus([R2_TRI, JOKER_SQ2_B, RED_ORANGE_SQ2])["total"] == 7
    # second action: change the square bottle to triangular and sell B
    sold, game = sell(game, "diag1", {"place": 9, "token": "change_shape", "value": "triangular"})
    assert sold["bonus"] == {"shape": 5, "color": 4, "level": 3, "total": 12}
    p = me(game, 1)
    assert p["ep"] == 12
    assert p["sold"] == [R2_TRI, JOKER_SQ2_B, RED_ORANGE_SQ2]  # beside the board
    assert "change_shape" not in p["tokens"]
    assert [i for i, c in enumerate(p["chest"], 1) if c] == [6, 7, 8]  # 3 unsold
    assert game.rules_state["actions_left"] == 0


@pytest.mark.rule("VA-SELL-19", "VA-TSHP-04")
def test_VA_SELL_19_the_offered_best_declaration_is_the_twelve() -> None:
    game = example_start()
    _, game = act(game, 1, {"type": "Make", "cards": [{"card": RED_ORANGE_SQ2, "place": 9}]})
    with_tokens = [
        c for c in legal(game, 1) if c["type"] == "Sell" and c["line"] == "diag1" and "changes" in c
    ]
    assert with_tokens
    # every improving declaration is offered; the best one is a single shape change
    command = max(with_tokens, key=lambda c: total_of_line(game, c))
    assert [u["token"] for u in command["changes"]] == ["change_shape"]
    _, after = act(game, 1, command)
    assert me(after, 1)["ep"] == 12


def total_of_line(game: Any, command: dict[str, Any]) -> int:
    _, after = act(game, 1, command)
    return int(me(after, 1)["ep"]) - int(me(game, 1)["ep"])


# -- the declarations offered (VA-SELL-16, VA-SPEC-03/04) -----------------------------------


def offered_for(game: Any, line: str) -> list[list[dict[str, Any]]]:
    return [
        c.get("changes", []) for c in legal(game, 1) if c["type"] == "Sell" and c["line"] == line
    ]


@pytest.mark.rule("VA-SELL-16", "VA-SPEC-03")
def test_two_tokens_offered_when_they_pay_more_than_one() -> None:
    cards = [R1_SQ, R1_TRI, R3_TRI]  # plain 4; shape on place 1 +5; level on place 3 +3
    game = scene(line_of(cards))
    declarations = offered_for(game, "row1")
    totals = sorted(total_of(cards, (1, 2, 3), d) for d in declarations)
    # as it is, each improving single change, and the two together
    assert totals[0] == 4 and totals[-1] == 12 and 9 in totals and 7 in totals
    assert all(
        total_of(cards, (1, 2, 3), d) > total_of(cards, (1, 2, 3), [u for u in d if u is not use])
        for d in declarations
        for use in d
    )  # no use in an offered declaration is spent for nothing
    (best,) = [d for d in declarations if total_of(cards, (1, 2, 3), d) == 12]
    assert sorted(u["token"] for u in best) == ["change_level", "change_shape"]
    sold, after = sell(game, "row1", *best)
    assert sold["bonus"]["total"] == 12
    assert sorted(sold["tokens"]) == ["change_level", "change_shape"]
    assert "change_color" in me(after, 1)["tokens"]


@pytest.mark.rule("VA-SPEC-04")
def test_best_declaration_keeps_one_token_per_elixir() -> None:
    # place 3 is the odd one in shape and level; blue at place 2 is the odd color
    cards = [R1_SQ, B1_SQ, R3_TRI]
    uses = best_declaration(RULES.cards, cards, (1, 2, 3), list(CHANGES))
    assert len({u["place"] for u in uses}) == len(uses)
    assert total_of(cards, (1, 2, 3), uses) == 5 + 4 + 0
    game = scene(line_of(cards))
    with pytest.raises(RuleViolation) as err:
        sell(
            game,
            "row1",
            {"place": 3, "token": "change_shape", "value": "square"},
            {"place": 3, "token": "change_level", "value": 1},
        )
    assert err.value.code == "ONE_TOKEN_EACH"


def test_no_token_offered_when_none_helps() -> None:
    cards = [R2_SQ, R2_SQ_B, RED_ORANGE_SQ2]  # already 12 with every part won
    assert offered_for(scene(line_of(cards)), "row1") == [[]]
    jokers = [JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4]
    assert offered_for(scene(line_of(jokers)), "row1") == [[]]
    assert offered_for(scene(line_of([R1_SQ, R1_TRI, R3_TRI]), tokens=[]), "row1") == [[]]


def _all_declarations(cards: list[str], tokens: list[str]) -> list[dict[int, dict[str, Any]]]:
    """Every legal declaration, by brute force: each elixir gets no token or one token the
    seller still owns, each token at most once, named values other than the printed."""
    s = load().settings
    per_place: list[list[dict[str, Any] | None]] = []
    for card_id in cards:
        card = load().elixir(card_id)
        options: list[dict[str, Any] | None] = [None]
        if "change_shape" in tokens:
            options += [{"token": "change_shape", "value": v} for v in s.shapes if v != card.shape]
        if "change_level" in tokens:
            options += [
                {"token": "change_level", "value": v} for v in load().levels if v != card.level
            ]
        if "change_color" in tokens:
            options += [
                {"token": "change_color", "value": v, "replace": r}
                for r in card.colors
                for v in s.decoction_colors
                if v != r
            ]
        per_place.append(options)
    out = []
    for combo in product(*per_place):
        kinds = [c["token"] for c in combo if c]
        if len(kinds) == len(set(kinds)):
            out.append({i: c for i, c in enumerate(combo) if c})
    return out


@pytest.mark.rule("VA-SELL-10", "VA-SELL-16", "VA-SPEC-03", "VA-SPEC-04")
def test_the_best_declaration_is_offered_to_the_seller() -> None:
    """Against brute force on random lines and token sets: the best offered declaration
    pays as much as any legal one."""
    rng = random.Random(20240611)
    ids = [c.id for c in load().elixirs]
    for _ in range(30):
        cards = rng.sample(ids, 3)
        tokens = [t for t in CHANGES if rng.random() < 0.7]
        brute = max(line_bonus(cards, d)["total"] for d in _all_declarations(cards, tokens))
        game = scene(line_of(cards, "col1"), tokens=tokens)
        declared = offered_for(game, "col1")
        totals = [total_of(cards, LINES["col1"], d) for d in declared]
        assert max(totals) == brute, (cards, tokens)
        for d in declared:  # each offered declaration is accepted and pays what it says
            sold, _ = sell(game, "col1", *d)
            assert sold["bonus"]["total"] == total_of(cards, LINES["col1"], d)
