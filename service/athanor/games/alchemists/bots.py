"""The Alchemists' bots (engine/bots), which play from the notebook (their own view
only): they publish and endorse only what the notebook proves, debunk only what it
shows wrong, sell and exhibit what they know they can make, experiment with the
ingredients they know least about, and otherwise play like the random bot.

`choose(view, seat, legal, rng)` picks one of `legal` (the basic level); `deducible`
keeps the strong bot's search to the theories and debunks the notebook backs. Neither
reads the state.
"""

from __future__ import annotations

import math
from typing import Any, Protocol, TypeVar

from athanor.engine.bots import Hints
from athanor.games.alchemists.alchemicals import ALCHEMICAL_NAMES, POTIONS, sign
from athanor.games.alchemists.notebook import Notebook, fact_bits
from athanor.games.alchemists.scoring import final
from athanor.games.alchemists.state import State, player

Command = dict[str, Any]
T = TypeVar("T")
# commands that stake reputation on a claim about the hidden assignment
CLAIMS = ("DebunkApprentice", "DebunkMaster", "PublishTheory", "EndorseTheory")


class Chooser(Protocol):
    """What the bot draws with: the engine's Rng or Python's random.Random."""

    def choice(self, items: list[T]) -> T: ...


def _n(alchemical: str) -> int:
    return ALCHEMICAL_NAMES.index(alchemical)


class Mind:
    """What the bot can prove from the facts in its view."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        facts = view["players"][str(seat)].get("facts", [])
        self.book = Notebook(facts)
        self.possible = view.get("notebook", {}).get("possible", {})
        self.theories = view.get("theories", {})

    def results(self, a: str, b: str) -> set[str]:
        """Every result the pair can still make."""
        return {
            p
            for p in POTIONS
            if self.book.worlds & fact_bits({"kind": "mix", "ingredients": [a, b], "result": p})
        }

    def sure_sign(self, ing: str, colour: str) -> int:
        signs = {sign(_n(a), colour) for a in self.possible.get(ing, ())}
        return signs.pop() if len(signs) == 1 else 0

    def debunks(self, command: Command) -> bool:
        if command["type"] == "DebunkApprentice":
            ing, colour = command["ingredient"], command["colour"]
            truth = self.sure_sign(ing, colour)
            return truth != 0 and truth != sign(_n(self.theories[ing]["alchemical"]), colour)
        a, b = command["ingredients"]
        made = self.results(a, b)
        if made != {command["potion"]} or command["potion"] == "N":
            return False
        colour, want = command["potion"][0], 1 if command["potion"][1] == "+" else -1
        return any(
            ing in self.theories and sign(_n(self.theories[ing]["alchemical"]), colour) != want
            for ing in (a, b)
        )

    def proven(self, command: Command) -> bool:
        ing = command["ingredient"]
        known = self.possible.get(ing, ())
        if command["type"] == "PublishTheory":
            return list(known) == [command["alchemical"]]
        theory = self.theories.get(ing)
        return theory is not None and list(known) == [theory["alchemical"]]


def choose(view: dict[str, Any], seat: int, legal: list[Command], rng: Chooser) -> Command:
    kinds = {c["type"] for c in legal}
    if kinds <= {
        "Decline",
        "KeepFavor",
        "ChooseOrder",
        "Bid",
        "HerbalistDiscard",
        "ClaimGrant",
        "Forage",
        "Transmute",
        "BuyArtifact",
    }:
        return rng.choice([c for c in legal if c["type"] != "Decline"] or legal)
    if "Declare" in kinds:
        return _declare(view, legal, rng)
    mind = Mind(view, seat)
    sure = [
        c for c in legal if c["type"] in ("DebunkApprentice", "DebunkMaster") and mind.debunks(c)
    ]
    sure += [c for c in legal if c["type"] in ("PublishTheory", "EndorseTheory") and mind.proven(c)]
    if sure:
        starred = [c for c in sure if c.get("seal") in ("gold", "silver")]
        return rng.choice(starred or sure)
    if kinds & {"DebunkApprentice", "DebunkMaster", "PublishTheory", "EndorseTheory"}:
        return {"type": "Decline"}  # nothing proven: a guess would cost reputation
    if "ExhibitPotion" in kinds:
        made = [
            c
            for c in legal
            if c["type"] == "ExhibitPotion" and mind.results(*c["ingredients"]) == {c["potion"]}
        ]
        return rng.choice(made) if made else {"type": "Decline"}
    if "SellPotion" in kinds:
        exact = [
            c
            for c in legal
            if c["type"] == "SellPotion"
            and c["guarantee"] == "exact"
            and not c.get("favors")
            and mind.results(*c["ingredients"]) == {c["wanted"]}
        ]
        safe = [
            c
            for c in legal
            if c["type"] == "SellPotion" and c["guarantee"] == "wrong" and not c.get("favors")
        ]
        return rng.choice(exact or safe or legal)
    mixes = [c for c in legal if c["type"] in ("TestOnStudent", "DrinkPotion")]
    if mixes:

        def doubt(c: Command) -> int:
            return sum(
                len(mind.results(c["ingredients"][k], c["ingredients"][k + 1]))
                for k in range(0, len(c["ingredients"]), 2)
            )

        most = max(doubt(c) for c in mixes)
        if most <= 1:
            return {"type": "Decline"}  # nothing left to learn from these cards
        return rng.choice([c for c in mixes if doubt(c) == most])
    return rng.choice(legal)


def _declare(view: dict[str, Any], legal: list[Command], rng: Chooser) -> Command:
    weights = {
        "test": 3,
        "drink": 2,
        "debunk": 3,
        "publish": 2,
        "sell": 2,
        "exhibit": 3,
        "forage": 1,
        "transmute": 0,
    }

    def worth(c: Command) -> int:
        return sum(weights.get(s, 0) * n for s, n in c.get("actions", {}).items())

    declarations = [c for c in legal if c["type"] == "Declare"]
    best = max(worth(c) for c in declarations)
    return rng.choice([c for c in declarations if worth(c) == best])


def deducible(view: dict[str, Any], seat: int, legal: list[Command]) -> list[Command]:
    """`legal` less the claims the notebook cannot back: a search on sampled worlds
    would otherwise publish whatever the world it drew happened to make true."""
    if not any(c["type"] in CLAIMS for c in legal):
        return legal
    mind = Mind(view["game"], seat)
    return [
        c
        for c in legal
        if c["type"] not in CLAIMS
        or (c["type"].startswith("Debunk") and mind.debunks(c))
        or (c["type"] in ("PublishTheory", "EndorseTheory") and mind.proven(c))
    ]


# choices the notebook has no rule for: basic judges them by `worth`, one ply ahead
UNRULED = frozenset(
    {
        "Bid",
        "BuyArtifact",
        "ChooseOrder",
        "ClaimGrant",
        "Decline",
        "Forage",
        "HerbalistDiscard",
        "KeepFavor",
        "Transmute",
    }
)


def _basic(view: dict[str, Any], seat: int, legal: list[Command], rng: Chooser) -> Command | None:
    if {c["type"] for c in legal} <= UNRULED:
        return None
    return choose(view["game"], seat, legal, rng)


INGREDIENT = 0.4  # an ingredient in hand: more than the coin it transmutes into
KNOWING = 0.6  # a bit of the assignment learnt: what later theories and sales pay for
ALL_WORLDS = math.log2(40320)


def worth(rules: Any, state: State, seat: int) -> float:
    """The points the seat would score if the game ended now (reputation, artifacts,
    grants, gold and favors, its seals judged by the twin's assignment) and what its
    notebook knows (bits of the assignment): an experiment's worth is what it
    teaches, which no score shows."""
    if state.get("mode") == "reader":
        return 0.0  # the table's own cards: nothing for a bot to judge
    p = player(state, seat)
    known = ALL_WORLDS - math.log2(max(1, Notebook(p["facts"]).count()))
    scored = final(rules.cards, state).body["scores"][str(seat)]
    # every coin counts a third of a point, not only each third coin
    points = scored["total"] + scored["gold_left"] / 3
    return points + INGREDIENT * len(p["hand"]) + KNOWING * known


HINTS = Hints(basic=_basic, prune=deducible, worth=worth, lead_scale=6.0)
