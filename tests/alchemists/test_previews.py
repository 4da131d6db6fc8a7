"""Previews say what the command does, by the rules' numbers: the bid track at every
level, what a purchase, a debunk and an exhibit give."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.games.alchemists.rules import RULES

JSON = dict[str, Any]


def said(command: JSON, **me: Any) -> str:
    player = {"hand": [], "gold": 5, "reputation": 10, "artifacts": [], **me}
    view = {"players": {"1": player}, "theories": {}, "exhibited_first": []}
    preview = RULES.presentation.preview
    assert preview is not None
    text = preview(view, command)
    assert text is not None
    return text


@pytest.mark.rule("AL-SELL-05", "AL-SELL-07", "AL-SELL-08", "AL-Q-15")
def test_the_bid_preview_gives_every_level_of_the_track() -> None:
    assert said({"type": "Bid", "discount": 0}) == (
        "Bids a discount of 0, face down: 0 smileys for the selling order (most smileys "
        "sell first); you could guarantee exact for 4 gold, the right sign for 3 gold, "
        "neutral for 2 gold and anything for 1 gold."
    )
    assert said({"type": "Bid", "discount": 2}) == (
        "Bids a discount of 2, face down: 2 smileys for the selling order (most smileys "
        "sell first); you could guarantee exact for 2 gold and the right sign for 1 gold; "
        "not neutral or anything (a price below 1 gold)."
    )


@pytest.mark.rule("AL-SELL-13", "AL-REP-04", "AL-REP-05")
def test_the_bid_preview_follows_the_reputation_zones() -> None:
    blue = said({"type": "Bid", "discount": 2}, reputation=18)
    assert "3 smileys" in blue and "neutral for 1 gold" in blue
    assert said({"type": "Bid", "discount": 3}, reputation=5).endswith(
        "no guarantee would pay 1 gold or more: you would have to decline."
    )


@pytest.mark.rule("AL-ART-13")
def test_buying_the_witchs_trunk_says_it_draws_seven() -> None:
    text = said({"type": "BuyArtifact", "artifact": "witchs-trunk"})
    assert (
        text == "Buys Witch's Trunk for 3 gold: gold 5 to 2; you draw 7 ingredients; "
        "2 points at game end."
    )


@pytest.mark.rule("AL-DBK-06")
def test_an_apprentice_debunk_says_what_it_gains() -> None:
    text = said({"type": "DebunkApprentice", "ingredient": "toad", "colour": "R"})
    assert "the theory falls, you gain 2 reputation" in text


@pytest.mark.rule("AL-EXH-03", "AL-EXH-05")
def test_an_exhibit_counts_the_first_showing_and_both_potions_of_a_colour() -> None:
    command = {"type": "ExhibitPotion", "potion": "R+", "ingredients": ["toad", "fern"]}
    assert said(command).startswith(
        "Exhibits Healing from Toad and Fern: success, reputation 10 to 11; failure,"
    )
    both = said(command, exhibited=["R-"], mastery=[])
    assert "success, reputation 10 to 13 (with 2 for both red potions)" in both
