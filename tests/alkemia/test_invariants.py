"""Random complete games, 2-6 players on random Fields, checked after every command:

* every Reagent (160), Item card (64, or 56 with the 2-player removal), Aspiration card,
  Sprout (6), ingredient tile (40) and SEED cube (30) is in exactly one place;
* SEED stays within 0..Forge, inventories within 6 cards (AK-INV-01, AK-INV-05);
* the built Field is strongly connected (AK-FSU-09);
* the seats the table shows awaited are those with legal commands: the active seat
  in a Field turn, every unfinished seat in a simultaneous phase;
* at the end the winners completed their Crest (or the optional cap ended the game
  with the best tiebreak) and the sealed log verifies (re-running every command).
"""

from __future__ import annotations

from collections import Counter

import pytest

from athanor.engine import game
from athanor.engine.audit import verify
from athanor.games.alkemia import content, crest, field
from athanor.games.alkemia.rules import RULES
from tests.alkemia.play import Table

C = content.load()
REAGENTS = Counter(r.id for r in C.reagents)


def check(t: Table) -> None:
    s = t.state.rules_state
    if s["phase"] == "build":
        return
    reagents: list[str] = []
    items: list[str] = []
    for e in C.settings.elements:
        reagents += s["decks"][e] + s["discards"][e]
    for deck in s["posts"].values():
        items += deck
    sprouts = s["sprouts"]
    tiles = list(s["bag"])
    seed = s["supply_seed"]
    tokens = 0
    for p in s["players"].values():
        reagents += p["hand"] + p["spent"]
        for c in p["inventory"]:
            if c["card"].startswith("r-"):
                reagents.append(c["card"])  # the Water Spirit in play
            elif not C.item(c["card"]).alchemist:
                items.append(c["card"])
        for card in p["sacrificed"]:
            if card == "sprout":
                sprouts += 1
            elif card.startswith("r-"):
                reagents.append(card)
            elif not C.item(card).alchemist:
                items.append(card)
        sprouts += p["sprout"] is not None
        tiles += [x["tile"] for x in p["slots"] if x["tile"] is not None]
        assert 0 <= p["seed"] <= p["forge"]  # AK-INV-05
        assert len(p["inventory"]) <= C.settings.inventory_limit  # AK-INV-01
        seed += p["seed"]
        tokens += p["tokens"]
    assert Counter(reagents) == REAGENTS, "a Reagent lost or doubled"
    removed = 8 if t.seats == 2 else 0
    assert len(items) == len(set(items)) == 64 - removed
    assert sprouts == 6 and seed == 30 and tokens == s["tokens"]
    assert sorted(tiles) == sorted(set(tiles)) and len(tiles) == 40


def check_awaited(t: Table) -> None:
    s = t.state.rules_state
    shown = game.table(RULES, t.state)
    legal = {seat: game.legal_commands(RULES, t.state, seat) for seat in range(1, t.seats + 1)}
    if t.state.over:
        assert shown.awaiting == () and not any(legal.values())
        return
    assert set(shown.awaiting) == {seat for seat, cs in legal.items() if cs}
    if s["phase"] in ("alchemy", "crest", "seed"):
        unfinished = {int(k) for k in s["players"] if k not in s["pending"]["answers"]}
        assert set(shown.awaiting) == unfinished
    elif s["phase"] == "field" and s["pending"] is None and s["barter"] is None:
        assert shown.awaiting == (s["turn"]["seat"],)
    assert shown.track_label == f"Week {s['week']}"


def check_end(t: Table) -> None:
    s = t.state.rules_state
    outcome = t.state.outcome
    assert outcome is not None and s["phase"] == "over"
    assert field.strongly_connected(
        C, {k: v for k, v in s["field"].items() if v["tile"] != "glade"}
    )
    result = s["result"]
    if result["reason"] == "crest":
        for w in result["winners"]:
            assert crest.complete(s["players"][str(w)])  # AK-WIN-01
    else:
        assert s["week"] == t.options["max_weeks"]
    best = max(result["scores"][str(w)] for w in result["winners"])
    assert all(result["scores"][str(w)] == best for w in result["winners"])
    report = verify(RULES, t.records)
    assert report.ok, report.describe()


FAST = [pytest.param(seats, n, id=f"{seats}p-{n}") for seats in range(2, 7) for n in range(1)]
SLOW = [pytest.param(seats, n, id=f"{seats}p-{n}") for seats in range(2, 7) for n in range(1, 45)]


@pytest.mark.rule("AK-FSU-09", "AK-INV-01", "AK-INV-05", "AK-WIN-01", "AK-Q-07", "AK-WK-08")
@pytest.mark.parametrize(("seats", "n"), FAST)
def test_random_game(seats: int, n: int) -> None:
    t = Table(seats, n, weeks=12)
    t.play(check, check_awaited)
    check_end(t)


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "n"), SLOW)
def test_random_game_many(seats: int, n: int) -> None:
    t = Table(seats, n, eager=n % 4 != 0)
    t.play(check, check_awaited)
    check_end(t)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_purely_random_bots_finish_with_a_week_cap(seats: int) -> None:
    t = Table(seats, 99, eager=False)
    t.play()
    check_end(t)
