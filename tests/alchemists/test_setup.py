"""Setup by player count and variant (AL-SET-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from athanor.engine import BadCommand, RuleViolation, game
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import act, legal, me, play_until, rs, start, types_of


@pytest.mark.rule("AL-SET-01", "AL-DAT-01")
def test_two_to_four_players() -> None:
    for seats in (1, 5):
        with pytest.raises(BadCommand):
            RULES.validate_options({}, seats)
    for seats in (2, 3, 4):
        assert len(rs(start(seats))["players"]) == seats


@pytest.mark.rule("AL-SET-01")
def test_every_refused_player_count_says_which_mode_allows_which() -> None:
    modes = "2 to 4 in the full game, 1 to 4 with the card reader (option mode=reader)"
    with pytest.raises(BadCommand) as one:
        RULES.validate_options({}, 1)
    assert one.value.reason == (
        f"The full game of Alchemists is for 2 to 4 players, not 1: {modes} (AL-SET-01)"
    )
    with pytest.raises(BadCommand) as five:
        game.create(RULES, {"mode": "reader"}, 5, b"seed")
    assert five.value.reason == f"Alchemists is for 1 to 4 players, not 5: {modes}"
    assert RULES.validate_options({"mode": "reader"}, 1)["mode"] == "reader"


@pytest.mark.rule("AL-SET-03", "AL-DAT-08", "AL-Q-12", "AL-Q-13")
def test_one_adventurer_removed_unseen_and_the_top_one_shown() -> None:
    state = start(3)
    s = rs(state)
    assert len(s["removed_adventurer"]) == 1
    assert len(s["adventurers"]) == 4 and s["adventurer"] is not None
    everything = {s["adventurer"], *s["adventurers"], *s["removed_adventurer"]}
    assert len(everything) == 6
    for seat in (1, 2, 3, None):
        view = RULES.view(s, seat)
        assert view["adventurer"]["id"] == s["adventurer"] and len(view["adventurer"]["wants"]) == 3
        assert s["removed_adventurer"][0] not in str(view)
        assert view["adventurers_left"] == 4


@pytest.mark.rule("AL-SET-05", "AL-ART-01", "AL-Q-32")
def test_artifacts_three_per_deck_all_public() -> None:
    s = rs(start(2))
    cards = RULES.cards
    assert [cards.artifact_by_id(a).deck for a in s["artifact_row"]] == [1, 1, 1]
    assert [cards.artifact_by_id(a).deck for a in s["artifact_later"]["2"]] == [2, 2, 2]
    assert [cards.artifact_by_id(a).deck for a in s["artifact_later"]["3"]] == [3, 3, 3]
    assert len(s["artifact_box"]) == 1
    view = RULES.view(s, None)
    assert (
        view["artifact_row"] == s["artifact_row"] and view["artifact_later"] == s["artifact_later"]
    )


@pytest.mark.rule("AL-SET-06", "AL-SET-08", "AL-SET-09", "AL-SET-14", "AL-Q-02", "AL-DAT-02")
@pytest.mark.parametrize(("variant", "n"), [("apprentice", 3), ("master", 2)])
def test_row_hands_gold_and_reputation(variant: str, n: int) -> None:
    state = start(4, variant=variant)
    s = rs(state)
    assert len(s["row"]) == 5
    for seat in range(1, 5):
        p = me(state, seat)
        assert len(p["hand"]) == n and p["gold"] == 2 and p["reputation"] == 10
    total = Counter(s["deck"]) + Counter(s["row"])
    for p in s["players"].values():
        total += Counter(p["hand"])
    assert total == dict.fromkeys(total, 5) and len(total) == 8
    assert len(s["grants"]) == 5 and s["theories"] == {}


@pytest.mark.rule("AL-SET-10", "AL-FAV-01")
def test_draw_two_favors_keep_one() -> None:
    state = start(2)
    p = me(state, 1)
    assert len(p["drawn_favors"]) == 2 and p["favors"] == []
    other = RULES.view(rs(state), 2)["players"]["1"]
    assert "drawn_favors" not in other and "favors" not in other
    keep = next(f for f in p["drawn_favors"] if f != "herbalist")  # herbalists: test_favors
    events, state = act(state, 1, {"type": "KeepFavor", "favor": keep})
    assert events[0].body_for(2) == {"seat": 1}
    assert me(state, 1)["favors"] == [keep] and len(rs(state)["favor_discard"]) == 1
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "KeepFavor", "favor": keep})
    assert legal(state, 1) == []


@pytest.mark.rule("AL-SET-11", "AL-Q-23", "AL-DAT-14")
def test_eleven_seals() -> None:
    seals = me(start(2), 1)["seals"]
    assert seals == {"gold": 2, "silver": 3, "hedge-R": 2, "hedge-G": 2, "hedge-B": 2}


@pytest.mark.rule("AL-SET-12", "AL-SET-13", "AL-RND-03")
@pytest.mark.parametrize(("seats", "cubes"), [(2, 6), (3, 5), (4, 4)])
def test_cubes_by_player_count_three_in_round_one(seats: int, cubes: int) -> None:
    assert RULES.cards.cubes[str(seats)] == cubes
    state = play_until(start(seats), lambda s: rs(s)["phase"] == "order")
    assert rs(state)["round"] == 1
    assert all(p["cubes"] == 3 for p in rs(state)["players"].values())


@pytest.mark.rule("AL-SET-15", "AL-Q-49")
def test_the_starting_player() -> None:
    assert rs(start(3, first_player="2"))["start_player"] == 2
    chosen = {rs(start(3, seed=bytes([n])))["start_player"] for n in range(12)}
    assert chosen == {1, 2, 3}
    with pytest.raises(BadCommand):
        start(3, first_player="4")


@pytest.mark.rule("AL-SET-16", "AL-SET-17")
def test_public_and_private_sections() -> None:
    state = start(2)
    own = RULES.view(rs(state), 1)["players"]["1"]
    seen = RULES.view(rs(state), 2)["players"]["1"]
    for key in (
        "gold",
        "reputation",
        "artifacts",
        "grants",
        "potions",
        "hand_count",
        "favor_count",
    ):
        assert key in seen
    for key in ("hand", "favors", "seals", "facts"):
        assert key in own and key not in seen
    view = RULES.view(rs(state), None)
    assert "assignment" not in view and "code" not in view


@pytest.mark.rule("AL-SET-02", "AL-SET-07")
def test_setup_events() -> None:
    from athanor.engine import game

    events, _ = game.create(RULES, RULES.validate_options({"variant": "master"}, 2), 2, b"s")
    kinds = types_of(events)
    assert kinds[:6] == [
        "GameCreated",
        "AssignmentDrawn",
        "DecksReady",
        "ArtifactsLaid",
        "AdventurerRevealed",
        "RowDealt",
    ]
    drawn = next(e for e in events if e.type == "AssignmentDrawn")
    assert drawn.visibility.scope == "server" and drawn.body_for(1) == {}
    decks = next(e for e in events if e.type == "DecksReady")
    assert "deck" in decks.body and isinstance(decks.body_for(1)["deck"], int)
