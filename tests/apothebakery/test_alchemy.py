"""Phase 2, processing resource cards into elixirs (AB-ALC-01..12 and their rulings).

The helpers at the top are shared with test_abilities.py and test_inventory.py: a game
brought to its first Alchemy turn, then edited into the scenario a test needs. Draws
are scripted: `Scripted(["pure", "impure"])` answers the bag's draws in order.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import pytest

from athanor.engine import Event, RuleViolation
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import (
    Scripted,
    act,
    at_step,
    edit,
    legal,
    play_until,
    shown_pending,
    start,
)

CARDS = RULES.cards

# -- shared helpers -------------------------------------------------------------------


def active(g: GameState) -> int:
    rs = g.rules_state
    return int(rs["order"][rs["turn"]])


def alchemy_turn(seats: int = 2, seed: int = 0) -> tuple[GameState, int]:
    """A game at round 1's first Alchemy turn, and the seat whose turn it is."""
    g = play_until(start(seats, objectives="false"), at_step("alchemy"), seed=seed)
    return g, active(g)


def resource_card(kind: str, potency: int, skip: Collection[str] = ()) -> str:
    """A Wilderness card of this type and potency from the content pack."""
    for card in CARDS.content.wilderness:
        if card.type == kind and card.potency == potency and card.id not in skip:
            return card.id
    raise LookupError(f"the content pack has no {kind} card of potency {potency}")


def other_type(kind: str) -> str:
    return next(t for t in CARDS.elixir_types() if t != kind)


def prepare(
    g: GameState,
    seat: int,
    *,
    resources: Sequence[str] | None = None,
    inventory: Sequence[str] | None = None,
    mana: int | None = None,
    bags: dict[str, dict[str, int]] | None = None,
    **fields: Any,
) -> GameState:
    """The same game with `seat`'s station set up as given (cards handed to the seat
    are taken from wherever else they were, so each card exists once)."""

    def change(rs: dict[str, Any]) -> None:
        p = rs["players"][str(seat)]
        if resources is not None:
            wild = rs["wilderness"]
            wild["deck"] = [c for c in wild["deck"] if c not in resources]
            wild["discard"] = [c for c in wild["discard"] if c not in resources]
            wild["slots"] = [None if c in resources else c for c in wild["slots"]]
            for other in rs["players"].values():
                other["resources"] = [c for c in other["resources"] if c not in resources]
            p["resources"] = list(resources)
        if inventory is not None:
            p["inventory"] = list(inventory)
        if mana is not None:
            p["mana"] = mana
        for bag, contents in (bags or {}).items():
            rs["bags"][bag].update(contents)
        p.update(fields)

    return edit(g, change)


def process(
    g: GameState, seat: int, card: str, draws: Sequence[str], **abilities: Any
) -> tuple[list[Event], GameState]:
    """ProcessCard with the bag's draws scripted."""
    return act(g, seat, {"type": "ProcessCard", "card": card, **abilities}, Scripted(draws))


def refused(
    g: GameState,
    seat: int,
    command: dict[str, Any],
    code: str,
    rule_id: str,
    draws: Sequence[str] = (),
) -> None:
    with pytest.raises(RuleViolation) as err:
        act(g, seat, command, Scripted(draws))
    assert (err.value.code, err.value.rule_id) == (code, rule_id)


def end_alchemy_turns(g: GameState) -> GameState:
    """Every remaining seat ends its Alchemy turn; play moves to Healing."""
    while g.rules_state["phase"] == "alchemy":
        _, g = act(g, active(g), {"type": "EndAlchemy"})
    return g


def final_round_alchemy(seats: int = 2) -> tuple[GameState, int]:
    """The first Alchemy turn with the Sun moved to 'Closed' (the final round)."""
    g, seat = alchemy_turn(seats)
    g = edit(g, lambda rs: rs.update(round=CARDS.rounds(), sun=CARDS.rounds()))
    return g, seat


def player(g: GameState, seat: int) -> dict[str, Any]:
    return g.rules_state["players"][str(seat)]


def bag(g: GameState, kind: str) -> dict[str, int]:
    return dict(g.rules_state["bags"][kind])


class Recording(Scripted):
    """A Scripted Rng that also records the pool offered for every draw."""

    def __init__(self, choices: Sequence[Any]) -> None:
        super().__init__(choices)
        self.pools: list[list[Any]] = []

    def choice(self, items: Sequence[Any]) -> Any:
        self.pools.append(list(items))
        return super().choice(items)


# -- processing -----------------------------------------------------------------------


@pytest.mark.rule("AB-ALC-01")
def test_AB_ALC_01_a_seat_may_process_no_card() -> None:
    g, seat = alchemy_turn()
    card = resource_card("berry", 2)
    g = prepare(g, seat, resources=[card], inventory=[])
    _, g = act(g, seat, {"type": "EndAlchemy"})
    assert player(g, seat)["resources"] == [card]
    assert player(g, seat)["inventory"] == []
    assert active(g) != seat  # the next seat's turn: ending without processing is allowed


@pytest.mark.rule("AB-ALC-01")
def test_AB_ALC_01_a_seat_may_process_several_cards_in_its_turn() -> None:
    g, seat = alchemy_turn()
    a, b = resource_card("plant", 1), resource_card("rock", 2)
    c = resource_card("water", 1)
    g = prepare(g, seat, resources=[a, b, c], inventory=[])
    _, g = process(g, seat, a, ["pure"])
    _, g = process(g, seat, b, ["pure", "impure"])
    assert active(g) == seat and g.rules_state["phase"] == "alchemy"
    assert player(g, seat)["resources"] == [c]
    assert player(g, seat)["inventory"] == ["pure:plant", "pure:rock", "impure:rock"]


@pytest.mark.rule("AB-ALC-03", "AB-Q-32")
@pytest.mark.parametrize("potency", [1, 2, 3])
def test_AB_ALC_03_draws_potency_tokens_from_the_cards_own_bag(potency: int) -> None:
    g, seat = alchemy_turn()
    card = resource_card("insect", potency)
    assert CARDS.resource(card).potency == potency
    g = prepare(g, seat, resources=[card], inventory=[])
    before = {t: bag(g, t) for t in CARDS.elixir_types()}
    events, g = process(g, seat, card, ["pure"] * potency)
    (processed,) = [e for e in events if e.type == "CardProcessed"]
    assert processed.body["bag"] == "insect"
    assert processed.body["draws"] == ["pure"] * potency  # exactly potency: no partial draws
    assert player(g, seat)["inventory"] == ["pure:insect"] * potency
    assert bag(g, "insect")["pure"] == before["insect"]["pure"] - potency
    assert {t: bag(g, t) for t in CARDS.elixir_types() if t != "insect"} == {
        t: before[t] for t in CARDS.elixir_types() if t != "insect"
    }


@pytest.mark.rule("AB-ALC-04", "AB-PUB-04")
def test_AB_ALC_04_tokens_are_drawn_one_at_a_time() -> None:
    g, seat = alchemy_turn()
    card = resource_card("rock", 3)
    g = prepare(g, seat, resources=[card], bags={"rock": {"pure": 1, "impure": 1, "failed": 1}})
    rng = Recording(["pure", "impure", "failed"])
    act(g, seat, {"type": "ProcessCard", "card": card}, rng)
    # one draw per token, each from the bag as the earlier draws left it
    assert [sorted(p) for p in rng.pools] == [
        ["failed", "impure", "pure"],
        ["failed", "impure"],
        ["failed"],
    ]


@pytest.mark.rule("AB-ALC-05")
def test_AB_ALC_05_the_processed_card_is_discarded_face_up_to_the_wilderness() -> None:
    g, seat = alchemy_turn()
    card = resource_card("water", 2)
    g = prepare(g, seat, resources=[card], inventory=[])
    discard = list(g.rules_state["wilderness"]["discard"])
    _, g = process(g, seat, card, ["pure", "pure"])
    assert card not in player(g, seat)["resources"]
    assert g.rules_state["wilderness"]["discard"] == [*discard, card]


@pytest.mark.rule("AB-ALC-06", "AB-ALC-07")
def test_AB_ALC_06_07_pure_and_impure_draws_are_kept_as_elixirs_of_the_bag_type() -> None:
    g, seat = alchemy_turn()
    card = resource_card("berry", 2)
    g = prepare(g, seat, resources=[card], inventory=["pure:plant"])
    before = bag(g, "berry")
    _, g = process(g, seat, card, ["impure", "pure"])
    assert player(g, seat)["inventory"] == ["pure:plant", "impure:berry", "pure:berry"]
    assert bag(g, "berry") == dict(before, pure=before["pure"] - 1, impure=before["impure"] - 1)


@pytest.mark.rule("AB-ALC-08")
def test_AB_ALC_08_a_failed_draw_goes_back_and_a_failed_elixir_is_taken() -> None:
    g, seat = alchemy_turn()
    card = resource_card("plant", 1)
    g = prepare(g, seat, resources=[card], inventory=[])
    before = bag(g, "plant")
    _, g = process(g, seat, card, ["failed"])
    assert bag(g, "plant") == before  # the Failed token is back in the bag
    assert player(g, seat)["inventory"] == ["failed"]  # one from the supply pile instead


@pytest.mark.rule("AB-ALC-09")
def test_AB_ALC_09_a_later_draw_for_the_same_card_can_fail_again() -> None:
    g, seat = alchemy_turn()
    card = resource_card("plant", 3)
    g = prepare(g, seat, resources=[card], inventory=[], bags={"plant": {"failed": 1}})
    rng = Recording(["failed", "failed", "pure"])
    _, g = act(g, seat, {"type": "ProcessCard", "card": card}, rng)
    assert all("failed" in pool for pool in rng.pools)
    assert player(g, seat)["inventory"] == ["failed", "failed", "pure:plant"]
    assert bag(g, "plant")["failed"] == 1


@pytest.mark.rule("AB-ALC-10")
def test_AB_ALC_10_a_failed_elixir_cannot_heal() -> None:
    g, _ = alchemy_turn()
    cure = next(
        c for c in CARDS.content.cures if len(c.elixirs) == 2 and "rainbow" not in c.elixirs
    )
    first, second = cure.elixirs
    g = end_alchemy_turns(g)
    healer = active(g)
    g = prepare(g, healer, inventory=["failed", f"pure:{second}", f"pure:{first}"])
    g = edit(g, lambda rs: rs["table"]["positions"][0].update(cure=cure.id))
    refused(
        g, healer, {"type": "Heal", "position": 1, "tokens": [1, 2]}, "CURE_NOT_MET", "AB-HEAL-02"
    )
    _, healed = act(g, healer, {"type": "Heal", "position": 1, "tokens": [2, 3]})
    assert player(healed, healer)["inventory"][:1] == ["failed"]  # the control heal works


@pytest.mark.rule("AB-ALC-10")
def test_AB_ALC_10_a_failed_elixir_keeps_its_slot_into_the_next_round() -> None:
    g, seat = alchemy_turn()
    # no Mana: no Purge can remove it; nothing else may take a Failed Elixir away
    g = prepare(g, seat, inventory=["failed", "pure:rock"], mana=0)
    g = play_until(g, lambda s: s.rules_state["round"] == 2 and at_step("alchemy")(s), seed=3)
    assert "failed" in player(g, seat)["inventory"]


@pytest.mark.rule("AB-ALC-11")
def test_AB_ALC_11_example_potency_3_berry_into_two_free_slots() -> None:
    g, seat = alchemy_turn()
    card = resource_card("berry", 3)
    held = ["pure:plant", "pure:water", "impure:rock", "pure:insect"]  # 2 of 6 slots free
    g = prepare(g, seat, resources=[card], inventory=held)
    before = bag(g, "berry")
    _, g = process(g, seat, card, ["pure", "pure", "impure"])
    pending = shown_pending(g.rules_state)
    assert pending["kind"] == "overflow" and pending["room"] == CARDS.inventory_size()
    new = pending["choices"][len(held) :]
    assert new == ["pure:berry", "pure:berry", "impure:berry"]  # all three drawn first
    keep = [1, 2, 3, 4, len(held) + 1, len(held) + 2]
    _, g = act(g, seat, {"type": "KeepTokens", "keep": keep})
    assert player(g, seat)["inventory"] == [*held, "pure:berry", "pure:berry"]
    assert len(player(g, seat)["inventory"]) == CARDS.inventory_size()  # full
    assert bag(g, "berry") == dict(before, pure=before["pure"] - 2)  # the Impure went back
    assert shown_pending(g.rules_state) is None


@pytest.mark.rule("AB-ALC-12", "AB-Q-34")
def test_AB_ALC_12_no_processing_outside_alchemy_in_rounds_1_to_5() -> None:
    g, seat = alchemy_turn()
    card = resource_card("water", 1)
    g = end_alchemy_turns(prepare(g, seat, resources=[card]))
    assert g.rules_state["phase"] == "healing"
    g = prepare(g, active(g), resources=[card])
    refused(g, active(g), {"type": "ProcessCard", "card": card}, "NOT_YOUR_ALCHEMY", "AB-ALC-12")
    assert not any(c["type"] == "ProcessCard" for c in legal(g, active(g)))


@pytest.mark.rule("AB-ALC-12", "AB-FIN-05")
def test_AB_ALC_12_the_final_round_healing_turn_may_process() -> None:
    g, _ = final_round_alchemy()
    g = end_alchemy_turns(g)
    healer = active(g)
    card = resource_card("water", 2)
    g = prepare(g, healer, resources=[card], inventory=[])
    assert {"type": "ProcessCard", "card": card} in legal(g, healer)
    _, g = process(g, healer, card, ["pure", "impure"])
    assert player(g, healer)["inventory"] == ["pure:water", "impure:water"]
    assert g.rules_state["phase"] == "healing" and active(g) == healer  # still their turn


@pytest.mark.rule("AB-ALC-02", "AB-QA-04")
def test_AB_ALC_02_only_the_seat_whose_turn_it_is_may_process() -> None:
    g, first = alchemy_turn()
    second = next(s for s in g.rules_state["order"] if s != first)
    card = resource_card("rock", 1)
    g = prepare(g, second, resources=[card])
    refused(g, second, {"type": "ProcessCard", "card": card}, "NOT_YOUR_ALCHEMY", "AB-ALC-02")
    assert legal(g, second) == []


@pytest.mark.rule("AB-ALC-02", "AB-QA-04", "AB-Q-13")
def test_AB_ALC_02_a_shared_bag_is_drawn_in_turn_order() -> None:
    g, first = alchemy_turn()
    second = next(s for s in g.rules_state["order"] if s != first)
    mine, theirs = resource_card("water", 1), resource_card("water", 2)
    g = prepare(g, first, resources=[mine], inventory=[])
    g = prepare(g, second, resources=[theirs], inventory=[])
    g = prepare(g, first, bags={"water": {"pure": 1, "impure": 1, "failed": 0}})
    _, g = process(g, first, mine, ["pure"])  # the earlier seat takes the last Pure
    _, g = act(g, first, {"type": "EndAlchemy"})
    assert active(g) == second
    rng = Recording(["impure"])
    _, g = act(g, second, {"type": "ProcessCard", "card": theirs}, rng)
    # only the Impure was left; then the bag was empty and the second draw was lost
    assert rng.pools == [["impure"]]
    assert player(g, second)["inventory"] == ["impure:water"]
    assert bag(g, "water") == {"pure": 0, "impure": 0, "failed": 0}
    assert theirs in g.rules_state["wilderness"]["discard"]  # the card is still used up


@pytest.mark.rule("AB-Q-13")
def test_AB_Q_13_an_empty_bag_yields_nothing() -> None:
    g, seat = alchemy_turn()
    card = resource_card("insect", 3)
    g = prepare(
        g,
        seat,
        resources=[card],
        inventory=[],
        bags={"insect": dict.fromkeys(("pure", "impure", "failed"), 0)},
    )
    events, g = process(g, seat, card, [])
    (processed,) = [e for e in events if e.type == "CardProcessed"]
    assert processed.body["draws"] == []
    assert player(g, seat)["inventory"] == []
    assert player(g, seat)["resources"] == []


@pytest.mark.rule("AB-Q-32")
def test_AB_Q_32_the_whole_potency_is_drawn_even_into_a_nearly_full_inventory() -> None:
    g, seat = alchemy_turn()
    card = resource_card("rock", 3)
    g = prepare(g, seat, resources=[card], inventory=["pure:plant"] * 5)
    events, g = process(g, seat, card, ["pure", "impure", "pure"])
    (processed,) = [e for e in events if e.type == "CardProcessed"]
    assert len(processed.body["draws"]) == 3  # not cut short at the free slot
    assert shown_pending(g.rules_state)["kind"] == "overflow"


@pytest.mark.rule("AB-QA-11")
def test_AB_QA_11_unprocessed_cards_stay_in_hand_without_limit() -> None:
    g, seat = alchemy_turn()
    many = [c.id for c in CARDS.content.wilderness][:10]  # more than anyone could forage
    g = prepare(g, seat, resources=many)
    _, g = act(g, seat, {"type": "EndAlchemy"})
    # at the next round's Forrie pick nothing has taken them away (feeding comes later)
    g = play_until(g, lambda s: s.rules_state["round"] == 2 and at_step("pick")(s), seed=1)
    assert player(g, seat)["resources"][: len(many)] == many
