"""The deduction notebook: the bitset notebook agrees with checking every assignment,
it is computed from the seat's own view, and hints are an option."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.games.alchemists import alchemicals as al
from athanor.games.alchemists.notebook import Notebook, naive_counts
from athanor.games.alchemists.rules import RULES
from athanor.games.alchemists.views import notebook as notebook_of

ING = st.sampled_from(al.INGREDIENTS)


@st.composite
def facts(draw: st.DrawFn) -> dict[str, Any]:
    """Facts that are true of some hidden assignment."""
    truth = al.unrank(draw(st.integers(0, 40319)))
    a, b = draw(st.lists(ING, min_size=2, max_size=2, unique=True))
    result = al.MIX[truth[al.INGREDIENTS.index(a)]][truth[al.INGREDIENTS.index(b)]]
    kind = draw(st.sampled_from(["mix", "sell", "exhibit", "sign", "one_of"]))
    if kind == "mix":
        return {"kind": "mix", "ingredients": [a, b], "result": result}
    if kind == "sell":
        wanted = draw(st.sampled_from(al.COLOURED))
        return {
            "kind": "sell",
            "ingredients": [a, b],
            "wanted": wanted,
            "quality": al.quality(wanted, result),
        }
    if kind == "exhibit":
        p = draw(st.sampled_from(al.COLOURED))
        return {"kind": "exhibit", "ingredients": [a, b], "potion": p, "success": p == result}
    if kind == "one_of":
        return {"kind": "one_of", "ingredient": a, "result": result}
    c = draw(st.sampled_from(al.COLOURS))
    s = "+" if al.sign(truth[al.INGREDIENTS.index(a)], c) > 0 else "-"
    return {"kind": "sign", "ingredient": a, "colour": c, "sign": s}


@settings(max_examples=25, deadline=None)
@given(st.lists(facts(), max_size=4))
@pytest.mark.rule("AL-POT-12", "AL-POT-13")
def test_the_fast_notebook_equals_the_naive_one(fs: list[dict[str, Any]]) -> None:
    nb = Notebook(fs)
    assert nb.counts() == naive_counts(fs)
    assert nb.count() == sum(nb.counts()[0])


@pytest.mark.rule("AL-POT-11", "AL-POT-14")
def test_the_tutorial_deductions() -> None:
    nb = Notebook([{"kind": "mix", "ingredients": ["mushroom", "toad"], "result": "R+"}])
    grid = nb.grid(hints=False)
    assert grid["possible"]["mushroom"] == grid["possible"]["toad"] == ["A2", "A3", "A6", "A8"]
    assert "cells" not in grid
    # the pop quiz: bird claw known (A7), bird claw + toad = N pins toad as A8
    nb.add({"kind": "sign", "ingredient": "bird-claw", "colour": "R", "sign": "-"})
    nb.add({"kind": "sign", "ingredient": "bird-claw", "colour": "G", "sign": "-"})
    nb.add({"kind": "sign", "ingredient": "bird-claw", "colour": "B", "sign": "-"})
    nb.add({"kind": "mix", "ingredients": ["bird-claw", "toad"], "result": "N"})
    grid = nb.grid(hints=True)
    assert grid["possible"]["bird-claw"] == ["A7"] and grid["possible"]["toad"] == ["A8"]
    assert grid["cells"]["toad"]["A8"] == grid["worlds"]


@pytest.mark.rule("AL-SET-17")
def test_the_notebook_is_computed_from_the_seats_own_events() -> None:
    """Rebuild each seat's facts from the event bodies it was shown: the same notebook
    as its view's (never from the state)."""
    rng = random.Random(4)
    options = RULES.validate_options({"variant": "master", "hints": "true"}, 3)
    g = LocalGame(RULES, options, 3, b"notebook", "T")
    while not g.state.over:
        seat, cmd = rng.choice(g.legal_moves())
        g.submit(seat, cmd)
        if rng.random() < 0.1 or g.state.over:
            for s in (1, 2, 3):
                seen = _facts_from_log(g, s)
                view = RULES.view(g.state.rules_state, s)
                assert notebook_of(view, s, True) == Notebook(seen).grid(True)
                assert view["notebook"] == Notebook(seen).grid(True)


def _facts_from_log(g: LocalGame, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for rec in g.records:
        body = rec.body if rec.visibility.shows(seat) else (rec.redacted or {})
        t = rec.type
        if t == "Mixed" and "ingredients" in body:
            out.append(
                {"kind": "mix", "ingredients": body["ingredients"], "result": body["result"]}
            )
        elif t == "SaleNoted" and "ingredients" in body:
            out.append(
                {
                    "kind": "sell",
                    "ingredients": body["ingredients"],
                    "wanted": body["wanted"],
                    "quality": body["quality"],
                }
            )
        elif t == "ExhibitNoted" and "ingredients" in body:
            out.append(
                {
                    "kind": "exhibit",
                    "ingredients": body["ingredients"],
                    "potion": body["potion"],
                    "success": body["success"],
                }
            )
        elif t == "SignRevealed":
            out.append(
                {
                    "kind": "sign",
                    "ingredient": body["ingredient"],
                    "colour": body["colour"],
                    "sign": body["sign"],
                }
            )
        elif t == "MasterMixed":
            out.append(
                {"kind": "mix", "ingredients": body["ingredients"], "result": body["result"]}
            )
        elif t == "PeriscopeSeen" and "result" in body:
            out.append(
                {"kind": "one_of", "ingredient": body["ingredient"], "result": body["result"]}
            )
    return out


def test_hints_are_off_by_default() -> None:
    _events, state = game.create(RULES, RULES.validate_options({}, 2), 2, b"x")
    assert "cells" not in RULES.view(state.rules_state, 1)["notebook"]
    assert "notebook" not in RULES.view(state.rules_state, None)
