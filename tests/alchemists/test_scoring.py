"""Conferences, Top Alchemist, final scoring and the scoring artifacts."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.games.alchemists import scoring
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import DEMO, edit, rs, start


def scored(change: Any, seats: int = 2, **options: str) -> dict[str, Any]:
    def with_demo(s: dict[str, Any]) -> None:
        s["assignment"] = dict(DEMO)
        change(s)

    state = edit(start(seats, **options), with_demo)
    return scoring.final(RULES.cards, rs(state)).body


def theory(token: str, *seals: tuple[int, str]) -> dict[str, Any]:
    return {
        "alchemical": token,
        "seals": [{"seat": s, "seal": k, "revealed": False} for s, k in seals],
        "conflicts": [],
    }


@pytest.mark.rule("AL-SCR-01", "AL-SCR-02", "AL-SCR-05", "AL-SCR-06")
def test_reputation_and_money() -> None:
    def change(s: dict[str, Any]) -> None:
        s["players"]["1"].update(reputation=12, gold=5, favors=["sage", "barmaid"])
        s["players"]["2"].update(reputation=12, gold=2, favors=["sage"])

    body = scored(change)
    assert body["scores"]["1"]["gold_vp"] == 3 and body["scores"]["1"]["gold_left"] == 0
    assert body["scores"]["2"]["gold_vp"] == 1 and body["scores"]["2"]["gold_left"] == 1
    assert body["scores"]["1"]["total"] == 15 and body["scores"]["2"]["total"] == 13


@pytest.mark.rule(
    "AL-SCR-07", "AL-SCR-08", "AL-SCR-09", "AL-SEAL-01", "AL-SEAL-02", "AL-SCR-11", "AL-Q-25"
)
def test_the_big_revelation() -> None:
    def change(s: dict[str, Any]) -> None:
        s["theories"] = {
            "toad": theory("A8", (1, "gold"), (2, "silver")),  # right
            "fern": theory("A3", (1, "hedge-R"), (2, "gold")),  # truth A4 r- G+ b+; A3 r+ G- b-
            "mushroom": theory("A6", (1, "hedge-R")),  # truth A2 r+ g- B+; A6 R+ g+ b-: two wrong
            "flower": theory("A5", (2, "hedge-R")),  # truth A6 R+ g+ b-; A5 R- g- b+: all wrong
            "mandrake": theory(
                "A1", (1, "hedge-R")
            ),  # truth A3 r+ G- b-; A1 r- g+ B-: R and G wrong
        }
        s["theories"]["fern"]["conflicts"] = ["toad"]  # no effect on scoring

    body = scored(change)
    assert body["assignment"] == DEMO
    assert all(seal["revealed"] for seals in body["seals"].values() for seal in seals)
    assert body["scores"]["1"]["seals"] == 5 - 4 - 4 - 4
    assert body["scores"]["2"]["seals"] == 3 - 4 - 4
    assert scoring.properly_hedged(0, 2, "hedge-G") is False
    # A3 vs A4 differ on every aspect; A2 (r+ g- B+) vs A4 (r- G+ b+): R and G
    assert scoring.properly_hedged(5, 7, "hedge-G") is False
    assert scoring.properly_hedged(6, 4, "hedge-B") is True  # A7 vs A5: only blue differs
    assert scoring.properly_hedged(6, 4, "hedge-G") is False
    assert scoring.seal_vp(6, 4, "hedge-B") == 0 and scoring.seal_vp(6, 4, "gold") == -4


@pytest.mark.rule(
    "AL-ART-03",
    "AL-ART-04",
    "AL-ART-05",
    "AL-SCR-03",
    "AL-ART-12",
    "AL-Q-43",
    "AL-ART-02",
    "AL-Q-38",
)
def test_scoring_artifacts() -> None:
    def change(s: dict[str, Any]) -> None:
        s["players"]["1"].update(
            reputation=14, artifacts=["magic-mirror", "printing-press", "wisdom-idol"]
        )
        s["players"]["2"].update(
            reputation=15,
            artifacts=["magic-mirror", "feather-in-cap"],
            set_aside=["toad", "toad", "fern"],
        )
        s["theories"] = {
            "toad": theory("A8", (1, "hedge-G"), (2, "gold")),
            "fern": theory("A4", (1, "gold")),
        }

    body = scored(change)
    assert body["scores"]["1"]["artifacts"] == 2 + 2  # mirror 14 -> 2, press 2
    assert body["scores"]["1"]["wisdom_idol"] == 2
    assert body["scores"]["2"]["artifacts"] == 3 + 2  # mirror 15 -> 3, feather 2 types


@pytest.mark.rule("AL-SCR-04")
def test_grants_score_their_vp() -> None:
    body = scored(lambda s: s["players"]["1"].update(grants=["grant-1", "grant-4"]))
    assert body["scores"]["1"]["grants"] == 3


@pytest.mark.rule("AL-SCR-10", "AL-Q-48")
def test_ties_go_to_leftover_gold_then_share() -> None:
    def change(s: dict[str, Any]) -> None:
        s["players"]["1"].update(reputation=10, gold=2)
        s["players"]["2"].update(reputation=10, gold=1)

    assert scored(change)["winners"] == [1]

    def even(s: dict[str, Any]) -> None:
        s["players"]["1"].update(reputation=10, gold=2)
        s["players"]["2"].update(reputation=10, gold=2)

    assert scored(even)["winners"] == [1, 2]


@pytest.mark.rule(
    "AL-CONF-01", "AL-CONF-02", "AL-CONF-03", "AL-CONF-04", "AL-Q-30", "AL-Q-31", "AL-DAT-09"
)
@pytest.mark.parametrize(
    ("variant", "round_", "need", "loss"),
    [("apprentice", 3, 1, 1), ("apprentice", 5, 2, 1), ("master", 5, 3, 2)],
)
def test_conferences(variant: str, round_: int, need: int, loss: int) -> None:
    def change(s: dict[str, Any]) -> None:
        s["round"] = round_
        s["theories"] = {"toad": theory("A8", (1, "gold"))}

    state = edit(start(2, variant=variant), change)
    body = scoring.conference(RULES.cards, rs(state)).body
    assert body["need"] == need
    expected1 = 11 if need <= 1 else 10 - loss * (need - 1)
    assert body["reputation"] == {"1": expected1, "2": 10 - loss * need}
    assert body["row"] == rs(state)["artifact_later"]["2" if round_ == 3 else "3"]


@pytest.mark.rule("AL-EOR-02", "AL-Q-36")
def test_top_alchemist() -> None:
    state = start(3)
    assert scoring.top_alchemist(rs(state)).body["seats"] == []

    def change(s: dict[str, Any]) -> None:
        s["theories"] = {
            "toad": theory("A8", (1, "gold"), (2, "gold")),
            "fern": theory("A4", (2, "gold"), (1, "silver")),
        }

    body = scoring.top_alchemist(rs(edit(state, change))).body
    assert body["seats"] == [1, 2] and body["reputation"] == {"1": 11, "2": 11}
