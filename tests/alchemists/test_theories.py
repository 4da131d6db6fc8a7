"""Publishing, endorsing, grants and debunking."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import RuleViolation
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import DEMO, act, at_action, legal, me, rs


def board(
    theories: dict[str, tuple[str, list[tuple[int, str]]]] | None = None,
    gold: int = 10,
    **per_seat: Any,
) -> Any:
    """DEMO assignment, `theories`: ingredient -> (token, [(seat, seal)])."""

    def change(s: dict[str, Any]) -> None:
        s["assignment"] = dict(DEMO)
        for p in s["players"].values():
            p["gold"] = gold
        for ing, (token, seals) in (theories or {}).items():
            s["theories"][ing] = {
                "alchemical": token,
                "seals": [{"seat": seat, "seal": seal, "revealed": False} for seat, seal in seals],
                "conflicts": [],
            }
            for seat, seal in seals:
                s["players"][str(seat)]["seals"][seal] -= 1

    return change


@pytest.mark.rule("AL-PUB-01", "AL-PUB-02", "AL-PUB-03", "AL-SET-17", "AL-DAT-17")
def test_publish_a_sealed_theory() -> None:
    state = at_action(2, {1: {"publish": 1}, 2: {"drink": 1}}, setup=board())
    events, state = act(
        state,
        1,
        {"type": "PublishTheory", "ingredient": "toad", "alchemical": "A8", "seal": "gold"},
    )
    ev = events[0]
    assert ev.body["seal"] == "gold" and "seal" not in ev.body_for(2)
    assert me(state, 1)["gold"] == 9 and me(state, 1)["reputation"] == 11
    assert me(state, 1)["seals"]["gold"] == 1
    assert RULES.view(rs(state), 2)["theories"]["toad"]["seals"] == [{"seat": 1, "seal": None}]
    assert RULES.view(rs(state), 1)["theories"]["toad"]["seals"] == [{"seat": 1, "seal": "gold"}]


@pytest.mark.rule("AL-PUB-04", "AL-PUB-05")
def test_one_theory_per_ingredient_and_token() -> None:
    state = at_action(
        2, {1: {"publish": 1}, 2: {"drink": 1}}, setup=board({"toad": ("A8", [(2, "silver")])})
    )
    with pytest.raises(RuleViolation):
        act(
            state,
            1,
            {"type": "PublishTheory", "ingredient": "toad", "alchemical": "A1", "seal": "gold"},
        )
    with pytest.raises(RuleViolation):
        act(
            state,
            1,
            {"type": "PublishTheory", "ingredient": "fern", "alchemical": "A8", "seal": "gold"},
        )
    commands = legal(state, 1)
    assert all(
        c["alchemical"] != "A8" and c["ingredient"] != "toad"
        for c in commands
        if c["type"] == "PublishTheory"
    )
    poor = at_action(2, {1: {"publish": 1}, 2: {"drink": 1}}, setup=board(gold=0))
    assert legal(poor, 1) == [{"type": "Decline"}]
    with pytest.raises(RuleViolation):
        act(
            poor,
            1,
            {"type": "PublishTheory", "ingredient": "fern", "alchemical": "A4", "seal": "gold"},
        )


@pytest.mark.rule(
    "AL-END-01", "AL-END-02", "AL-END-03", "AL-END-05", "AL-SEAL-05", "AL-Q-24", "AL-Q-26"
)
def test_endorsing_pays_the_bank_and_each_seal_holder() -> None:
    state = at_action(
        3,
        {1: {"publish": 1}, 2: {"drink": 1}, 3: {}},
        setup=board({"toad": ("A8", [(2, "silver"), (3, "hedge-R")])}),
    )
    events, state = act(state, 1, {"type": "EndorseTheory", "ingredient": "toad", "seal": "silver"})
    assert events[0].body["cost"] == 3
    assert me(state, 1)["gold"] == 7 and me(state, 2)["gold"] == 11 and me(state, 3)["gold"] == 11
    assert me(state, 1)["reputation"] == 10
    assert "seal" not in events[0].body_for(2)


@pytest.mark.rule("AL-SEAL-05", "AL-END-01")
def test_no_second_seal_and_no_endorsing_a_conflicted_theory() -> None:
    def conflicted(s: dict[str, Any]) -> None:
        board({"toad": ("A8", [(1, "silver")]), "fern": ("A1", [(2, "gold")])})(s)
        s["theories"]["fern"]["conflicts"] = ["toad"]
        s["theories"]["toad"]["conflicts"] = ["fern"]

    state = at_action(2, {1: {"publish": 1}, 2: {"drink": 1}}, setup=conflicted)
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "EndorseTheory", "ingredient": "toad", "seal": "gold"})
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "EndorseTheory", "ingredient": "fern", "seal": "gold"})
    assert not [c for c in legal(state, 1) if c["type"] == "EndorseTheory"]


@pytest.mark.rule("AL-GRT-01", "AL-GRT-02", "AL-GRT-03", "AL-GRT-04", "AL-Q-28", "AL-Q-29")
def test_grants_two_then_three() -> None:
    state = at_action(
        2, {1: {"publish": 2}, 2: {"drink": 1}}, setup=board({"mushroom": ("A2", [(1, "hedge-B")])})
    )
    events, state = act(
        state,
        1,
        {"type": "PublishTheory", "ingredient": "fern", "alchemical": "A4", "seal": "silver"},
    )
    claimed = [e for e in events if e.type == "GrantClaimed"]
    assert [e.body["grant"] for e in claimed] == ["grant-1"]
    assert me(state, 1)["grants"] == ["grant-1"] and me(state, 1)["gold"] == 10 - 1 + 2
    assert "grant-1" not in rs(state)["grants"]
    while rs(state)["queue"][0][1] != 1:
        _, state = act(state, 2, {"type": "Decline"})
    # grant-3 (scorpion, feather, mushroom) now needs all three
    events, state = act(
        state,
        1,
        {"type": "PublishTheory", "ingredient": "scorpion", "alchemical": "A5", "seal": "silver"},
    )
    assert not [e for e in events if e.type == "GrantClaimed"]


@pytest.mark.rule("AL-DBK-01", "AL-DBK-03", "AL-DBK-04")
def test_a_failed_apprentice_debunk_costs_one() -> None:
    state = at_action(
        2, {1: {"debunk": 1}, 2: {"drink": 1}}, setup=board({"toad": ("A8", [(2, "gold")])})
    )
    assert {c["ingredient"] for c in legal(state, 1) if c["type"] == "DebunkApprentice"} == {"toad"}
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "DebunkApprentice", "ingredient": "fern", "colour": "R"})
    events, state = act(state, 1, {"type": "DebunkApprentice", "ingredient": "toad", "colour": "R"})
    assert events[0].body["sign"] == "+" and events[0].body["reputation"] == {"1": 9}
    assert "toad" in rs(state)["theories"]
    assert {"kind": "sign", "ingredient": "toad", "colour": "R", "sign": "+"} in me(state, 2)[
        "facts"
    ]


@pytest.mark.rule(
    "AL-DBK-05",
    "AL-DBK-06",
    "AL-DBK-07",
    "AL-DBK-08",
    "AL-DBK-09",
    "AL-SEAL-03",
    "AL-SEAL-04",
    "AL-END-04",
)
def test_a_successful_apprentice_debunk() -> None:
    seals = [(2, "gold"), (3, "hedge-B"), (4, "hedge-R")]
    state = at_action(
        4, {1: {"debunk": 1}, 2: {"drink": 1}}, setup=board({"toad": ("A6", seals)})
    )  # truth A8
    events, state = act(state, 1, {"type": "DebunkApprentice", "ingredient": "toad", "colour": "B"})
    body = events[0].body
    assert body["sign"] == "+" and body["debunked"] == ["toad"] and body["aspects"] == {"toad": "B"}
    assert body["reputation"] == {"1": 12, "2": 5, "4": 5}  # 3 hedged blue: no loss, not listed
    assert [s["seal"] for s in body["seals"]["toad"]] == ["gold", "hedge-B", "hedge-R"]
    assert "toad" not in rs(state)["theories"]
    assert me(state, 2)["seals"]["gold"] == 1  # the seal is gone for good
    assert "A6" not in {t["alchemical"] for t in rs(state)["theories"].values()}


@pytest.mark.rule("AL-DBK-11", "AL-REP-08")
def test_debunking_ones_own_theory_nets_the_changes() -> None:
    state = at_action(
        2, {1: {"debunk": 1}, 2: {"drink": 1}}, setup=board({"toad": ("A6", [(1, "gold")])})
    )
    events, _ = act(state, 1, {"type": "DebunkApprentice", "ingredient": "toad", "colour": "B"})
    assert events[0].body["reputation"] == {"1": 7}  # +2 - 5 = -3


@pytest.mark.rule("AL-DBK-02", "AL-DBK-12", "AL-DBK-14", "AL-Q-34")
def test_master_debunks_one_or_two_theories() -> None:
    theories = {"toad": ("A1", [(2, "gold")]), "mushroom": ("A4", [(2, "silver")])}  # truth A8, A2
    state = at_action(
        2, {1: {"debunk": 1}, 2: {"drink": 1}}, variant="master", setup=board(theories)
    )
    assert not [c for c in legal(state, 1) if c["type"] == "DebunkApprentice"]
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "DebunkMaster", "ingredients": ["fern", "flower"], "potion": "G+"})
    events, state = act(
        state, 1, {"type": "DebunkMaster", "ingredients": ["mushroom", "toad"], "potion": "R+"}
    )
    body = events[0].body
    assert body["result"] == "R+" and sorted(body["debunked"]) == ["mushroom", "toad"]
    assert body["reputation"] == {"1": 14, "2": 1}
    assert events[0].visibility.scope == "public"


@pytest.mark.rule("AL-DBK-13", "AL-DBK-15", "AL-DBK-16", "AL-Q-35")
def test_master_conflicts_and_invalid_demonstrations() -> None:
    # mushroom (truth A2) + toad (truth A8) = R+. Tokens A6 and A8 are both red-positive,
    # so neither is debunked, but A6 + A8 makes G+: the two theories cannot both hold
    theories = {"mushroom": ("A6", [(2, "gold")]), "toad": ("A8", [(2, "silver")])}
    state = at_action(
        2, {1: {"debunk": 2}, 2: {"drink": 1}}, variant="master", setup=board(theories)
    )
    events, state = act(
        state, 1, {"type": "DebunkMaster", "ingredients": ["mushroom", "toad"], "potion": "R+"}
    )
    body = events[0].body
    assert body["conflict"] and body["debunked"] == [] and body["reputation"] == {"1": 12}
    assert rs(state)["theories"]["mushroom"]["conflicts"] == ["toad"]
    assert "seals" not in body
    while rs(state)["queue"][0][1] != 1:
        _, state = act(state, 2, {"type": "Decline"})
    events, state = act(
        state, 1, {"type": "DebunkMaster", "ingredients": ["toad", "mushroom"], "potion": "R+"}
    )
    assert events[0].body["reputation"] == {"1": 11} and not events[0].body.get("conflict")


@pytest.mark.rule("AL-DBK-13")
def test_a_wrong_claim_is_invalid() -> None:
    state = at_action(
        2,
        {1: {"debunk": 1}, 2: {"drink": 1}},
        variant="master",
        setup=board({"toad": ("A1", [(2, "gold")])}),
    )
    events, _ = act(
        state, 1, {"type": "DebunkMaster", "ingredients": ["mushroom", "toad"], "potion": "B+"}
    )
    assert events[0].body["result"] == "R+" and events[0].body["reputation"] == {"1": 9}
    assert events[0].body["debunked"] == []


@pytest.mark.rule("AL-DBK-15", "AL-Q-34")
def test_a_neutral_result_never_debunks() -> None:
    # bird claw (A7) + toad (A8) = N; toad's token A6 is wrong but N cannot debunk it
    state = at_action(
        2,
        {1: {"debunk": 1}, 2: {"drink": 1}},
        variant="master",
        setup=board({"toad": ("A6", [(2, "gold")])}),
    )
    events, _ = act(
        state, 1, {"type": "DebunkMaster", "ingredients": ["bird-claw", "toad"], "potion": "N"}
    )
    assert events[0].body["debunked"] == [] and events[0].body["reputation"] == {"1": 9}


@pytest.mark.rule("AL-Q-29", "AL-GRT-02", "AL-GRT-03")
def test_several_grants_the_player_picks_then_the_check_repeats() -> None:
    theories = {"mushroom": ("A2", [(1, "gold")]), "bird-claw": ("A7", [(1, "silver")])}
    state = at_action(2, {1: {"publish": 1}, 2: {"drink": 1}}, setup=board(theories))
    events, state = act(
        state,
        1,
        {"type": "PublishTheory", "ingredient": "fern", "alchemical": "A4", "seal": "gold"},
    )
    assert not [e for e in events if e.type == "GrantClaimed"]
    assert rs(state)["grant_check"] == 1 and legal(state, 2) == []
    assert legal(state, 1) == [
        {"type": "ClaimGrant", "grant": "grant-1"},
        {"type": "ClaimGrant", "grant": "grant-4"},
    ]
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "ClaimGrant", "grant": "grant-2"})
    events, state = act(state, 1, {"type": "ClaimGrant", "grant": "grant-4"})
    assert [e.type for e in events][:2] == ["GrantClaimed", "GrantsChecked"]  # grant-1 now needs 3
    assert me(state, 1)["grants"] == ["grant-4"] and me(state, 1)["gold"] == 10 - 1 + 2


@pytest.mark.rule("AL-Q-35", "AL-DBK-07")
def test_a_debunk_removes_the_conflict_tokens_of_both_theories() -> None:
    def change(s: dict[str, Any]) -> None:
        board({"mushroom": ("A6", [(2, "gold")]), "toad": ("A8", [(2, "silver")])})(s)
        s["theories"]["mushroom"]["conflicts"] = ["toad"]
        s["theories"]["toad"]["conflicts"] = ["mushroom"]

    state = at_action(2, {1: {"debunk": 1}, 2: {"drink": 1}}, setup=change)
    _, state = act(state, 1, {"type": "DebunkApprentice", "ingredient": "mushroom", "colour": "G"})
    assert "mushroom" not in rs(state)["theories"]
    assert rs(state)["theories"]["toad"]["conflicts"] == []
