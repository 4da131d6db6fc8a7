"""The model applies each event once and notices a gap; backoff stays under its cap."""

from __future__ import annotations

import json
import random

import pytest

from athanor.retry import Backoff
from athanor_hub.model import MissedEvents, TableModel, TableView

TABLE = {"track_position": 2, "track_label": "Morning", "track_length": 6, "awaiting": [1, 2]}


def view(version: int, **table: object) -> TableView:
    return TableView.parse(version, 0, json.dumps({"seats": 2}), json.dumps(TABLE | table))


def test_a_fresh_model_starts_at_the_head() -> None:
    model = TableModel()
    model.start_at(view(40))
    assert model.version == 40 and not model.needs_view()


def test_events_apply_once_in_order_and_a_gap_is_refused() -> None:
    model = TableModel()
    model.start_at(view(10))
    assert model.apply_event(11, "CardCommitted", "{}")
    assert not model.apply_event(11, "CardCommitted", "{}")  # a resumed stream repeats
    assert not model.apply_event(5, "CardCommitted", "{}")
    with pytest.raises(MissedEvents):
        model.apply_event(13, "DieRolled", "{}")
    assert model.applied == [(11, "CardCommitted")]
    assert model.needs_view()


def test_a_roll_event_is_remembered_for_the_display() -> None:
    model = TableModel()
    model.start_at(view(1))
    model.apply_event(2, "DieRolled", json.dumps({"seat": 2, "face": "skull"}))
    assert model.last_roll is not None
    assert (model.last_roll.seat, model.last_roll.face) == (2, "skull")


def test_an_older_view_never_replaces_a_newer_one() -> None:
    model = TableModel()
    model.start_at(view(9, awaiting=[2]))
    assert not model.apply_view(view(8, awaiting=[1]))
    assert model.table is not None and model.table.awaiting == (2,)
    assert not model.apply_view(view(9, awaiting=[2]))  # the same table: nothing to redraw


def test_backoff_is_jittered_exponential_and_capped() -> None:
    backoff = Backoff(0.1, 2.0, random.Random(7))
    delays = [backoff.next_delay() for _ in range(12)]
    assert all(0 <= d <= min(2.0, 0.1 * 2**i) for i, d in enumerate(delays))
    assert len(set(delays)) == len(delays)  # jitter: no two hubs retry in lockstep
    backoff.reset()
    assert backoff.next_delay() <= 0.1


def test_the_hub_reads_what_the_table_summary_declares() -> None:
    table = view(
        3,
        layout="gauge",
        counters={"actions": 0, "cards": 4},
        roll_commands=["RollForage"],
        physical_dice=True,
        names={"1": "Ann", "2": ""},
    )
    assert table.layout == "gauge" and table.counters == (("actions", 0), ("cards", 4))
    assert table.roll_commands == ("RollForage",) and table.physical_dice
    assert table.names == {1: "Ann"}  # a seat without a name is shown by its number


def test_the_end_shows_the_outcome_not_the_running_scores() -> None:
    outcome = {"scores": {"1": 65, "2": 70, "3": 9}, "winners": [2]}
    ended = {"seats": 3, "over": True, "outcome": outcome}
    counted = json.dumps(TABLE | {"scores": {"1": 8, "2": 4, "3": 0}})
    table = TableView.parse(9, 0, json.dumps(ended), counted)
    assert table.scores == {1: 65, 2: 70, 3: 9} and table.winners == (2,)
    assert TableView.parse(8, 0, json.dumps({"seats": 3}), counted).scores == {1: 8, 2: 4, 3: 0}


def test_a_roll_the_table_summary_shows_is_shown_once() -> None:
    """A game whose roll event is its own (not DieRolled): the summary's last roll."""
    model = TableModel()
    model.start_at(view(1, last_roll="3", last_roll_seat=1))
    assert model.last_roll is None  # history before the hub started is not shown
    model.apply_event(2, "ForageRolled", "{}")
    model.apply_view(view(2, last_roll="5", last_roll_seat=2))
    assert model.last_roll is not None and (model.last_roll.seat, model.last_roll.face) == (2, "5")
    # a DieRolled event already showed the roll: the summary does not show it again
    model.apply_event(3, "DieRolled", json.dumps({"seat": 1, "face": "skull"}))
    shown = model.last_roll
    model.apply_view(view(3, last_roll="skull", last_roll_seat=1))
    assert model.last_roll is shown


def test_a_view_ahead_of_the_events_waits_for_them_before_its_roll_is_shown() -> None:
    """After a reconnect the fresh view can come before the events that led to it."""
    model = TableModel()
    model.start_at(view(1, last_roll="3", last_roll_seat=1))
    model.apply_view(view(5, last_roll="skull", last_roll_seat=2))
    assert model.last_roll is None  # the events up to 5 are not applied yet
    model.apply_event(2, "CardCommitted", "{}")
    model.apply_event(3, "DieRolled", json.dumps({"seat": 2, "face": "skull"}))
    model.apply_event(4, "CardCommitted", "{}")
    model.apply_event(5, "CardCommitted", "{}")
    assert model.last_roll is not None and model.last_roll.version == 3  # the event's own
    # a game whose roll event is its own: the summary's roll, once the events reach it
    model.apply_view(view(7, last_roll="4", last_roll_seat=1))
    model.apply_event(6, "ForageRolled", "{}")
    assert model.last_roll.version == 3
    model.apply_event(7, "CardCommitted", "{}")
    assert (model.last_roll.version, model.last_roll.face) == (7, "4")
