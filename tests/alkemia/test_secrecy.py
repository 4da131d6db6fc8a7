"""No seat learns what it may not see: other hands, deck orders, the bag, the Trading
Post cards below the top, sealed Artifacts (even its owner's, AK-ASU-05), and during a
secret simultaneous phase what the others did since it began (AK-ALC-01, AK-CRP-02)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from athanor.engine import BadCommand, RuleViolation, game
from athanor.games.alkemia import content
from athanor.games.alkemia.rules import RULES
from athanor.games.alkemia.state import given_cards
from athanor.games.alkemia.v1 import commands_pb2
from tests.alkemia.arena import in_alchemy
from tests.alkemia.play import Table
from tests.alkemia.support import SEED, act, legal, me

C = content.load()
CARD_IDS = {r.id for r in C.reagents} | {a.id for a in C.artifacts}


def strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings(k) | strings(v) for k, v in obj.items())) if obj else set()
    if isinstance(obj, list | tuple):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return set()


def hidden(s: dict, viewer: int | None) -> set[str]:
    out: set[str] = set(s["bag"])
    for deck in s["decks"].values():
        out |= set(deck)
    for deck in s["posts"].values():
        out |= set(deck[1:])
    for key, p in s["players"].items():
        if not p["unsealed"]:
            out.add(p["artifact"])
        if viewer is None or key != str(viewer):
            out |= set(p["hand"]) | set(p["spent"])
            out |= {c for c in p["sacrificed"] if c.startswith("r-")}
    pending, barter = s["pending"], s["barter"]
    if pending and pending["kind"] == "trade" and viewer in (barter["seat"], *pending["seats"]):
        out -= set(given_cards(pending["details"]))  # offered to the partner openly
    return out


def check_views(t: Table) -> None:
    s = t.state.rules_state
    if s["phase"] == "build":
        return
    for viewer in [None, *range(1, t.seats + 1)]:
        view = game.view(RULES, t.state, viewer)
        leak = strings(view) & hidden(s, viewer)
        assert not leak, f"seat {viewer} sees {leak}"
        if s["shown"] is not None:
            for key, was in s["shown"]["players"].items():
                if viewer is None or key != str(viewer):
                    seen = view["game"]["players"][key] if "game" in view else view["players"][key]
                    assert seen["inventory"] == was["inventory"]
                    assert seen["hand"] == was["hand"] and seen["seed"] == was["seed"]


def check_records(t: Table) -> None:
    private = 0
    for rec in t.records:
        for viewer in [None, *range(1, t.seats + 1)]:
            if rec.visibility.shows(viewer):
                continue
            private += 1
            shown = rec.shown_to(viewer)
            assert shown["redacted"]
            named = strings(shown["body"]) & (CARD_IDS | {"deck"})
            assert not named, f"{rec.type} shows {viewer} {named}"
    assert private > 0


@pytest.mark.rule("AK-ASU-05", "AK-CS-19", "AK-ALC-01", "AK-CRP-02", "AK-WK-04", "AK-WK-05")
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_no_seat_learns_another_seats_secrets(seats: int) -> None:
    t = Table(seats, 7, weeks=5)
    t.play(check_views)
    check_records(t)


@pytest.mark.rule("AK-ALC-01", "AK-WK-04")
def test_a_session_stays_hidden_until_every_seat_has_finished() -> None:
    state = in_alchemy(3)
    flora = [r.id for r in C.reagents if "Flora" in r.types]
    for seat in (1, 2, 3):
        assert me(state, seat)
    synth = [c for c in legal(state, 1) if c["type"] == "Synthesize"]
    if not synth:  # give seat 1 the cards its Aspiration recipe needs
        from athanor.games.alkemia import alchemy
        from tests.alkemia.support import change

        def ready(s: dict) -> None:
            p = s["players"]["1"]
            hand: list[str] = []
            for n in alchemy.units(C.item(p["inventory"][0]["card"])):
                hand.append(
                    next(
                        r.id for r in C.reagents if alchemy.covers(C, r.id, n) and r.id not in hand
                    )
                )
            p["hand"] = hand

        state = change(state, ready)
        synth = [c for c in legal(state, 1) if c["type"] == "Synthesize"]
    events, after = act(state, 1, synth[0])
    assert events[0].visibility.seats == (1,) and events[0].redacted == {"seat": 1}
    theirs = RULES.view(after.rules_state, 2)["players"]["1"]
    mine = RULES.view(after.rules_state, 1)["players"]["1"]
    assert not theirs["inventory"][0]["made"] and mine["inventory"][0]["made"]
    assert theirs["hand"] == after.rules_state["shown"]["players"]["1"]["hand"]
    assert mine["hand"] == me(after, 1)["hand"]
    del flora


COMMANDS = sorted(commands_pb2.DESCRIPTOR.message_types_by_name)
VALUES = st.one_of(
    st.integers(-3, 30), st.text(max_size=12), st.booleans(), st.none(),
    st.lists(st.text(max_size=8), max_size=3),
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(COMMANDS),
    fields=st.dictionaries(
        st.sampled_from(
            [
                "x",
                "y",
                "rotation",
                "card",
                "element",
                "seed",
                "target",
                "slot",
                "recipe",
                "reagents",
                "pair",
                "sprout",
                "accept",
                "partner",
                "stay",
                "give_card",
                "give_cards",
                "give_seed",
                "discard",
                "reagent_type",
                "bogus",
            ]
        ),
        VALUES,
        max_size=4,
    ),
    seat=st.integers(1, 3),
)
def test_malformed_or_refused_commands_are_bad_command_or_rule_violations(
    kind: str, fields: dict[str, Any], seat: int
) -> None:
    state = in_alchemy(3)
    command = {"type": kind, **fields}
    try:
        game.decide(RULES, state, command, seat, SEED)
    except (BadCommand, RuleViolation) as err:
        assert not strings(str(err)) & CARD_IDS
        text = str(err)
        assert not any(card in text for card in me(state, seat % 3 + 1)["hand"])
