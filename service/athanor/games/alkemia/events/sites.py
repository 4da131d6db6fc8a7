"""The Curious Sites (AK-CS): the Temple, the Thieves' Den, the Trading Posts and the
Tree (the Swamp is the Beast's, the City the barter's)."""

from __future__ import annotations

from athanor.engine import decks
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.events.registry import REGISTRY, pay_site, saw_top, to_discard
from athanor.games.alkemia.state import JSON, Player, State, player


def leave_inventory(content: Content, state: State, p: Player, card: str) -> None:
    """A recipe or Item goes under its Trading Post deck; an Aspiration card leaves
    the game (AK-Q-39, AK-Q-43); its tokens go back (AK-Q-44)."""
    entry = next(c for c in p["inventory"] if c["card"] == card)
    p["inventory"].remove(entry)
    if card.startswith("r-"):
        to_discard(content, state, card)  # a special Reagent goes to its pile (AK-Q-39)
        return
    item = content.item(card)
    if entry["made"] and item.tokens:
        p["tokens"] -= item.tokens
        state["tokens"] -= item.tokens
    if not item.alchemist:
        state["posts"][item.item_type].append(card)


@REGISTRY.handles("DeckRefreshed")
def deck_refreshed(state: State, b: JSON) -> None:
    # AK-CS-13/14: the discards shuffled in with what is left of the deck
    deck, pile = state["decks"][b["element"]], state["discards"][b["element"]]
    decks.move(pile, deck, list(pile))
    decks.apply_order(deck, b["deck"])


@REGISTRY.handles("TempleDrew")
def temple_drew(state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    pay_site(state, {"seat": b["seat"], "site": p["pos"]})
    if b["from_discard"]:
        decks.move(state["discards"][b["element"]], p["hand"], [b["card"]])
    else:  # the top of the deck just refreshed
        decks.apply_draw(state["decks"][b["element"]], [b["card"]])
        p["hand"].append(b["card"])


@REGISTRY.handles("StealRolled")
def steal_rolled(state: State, b: JSON) -> None:
    pay_site(state, b)


@REGISTRY.handles("Stolen")
def stolen(state: State, b: JSON) -> None:
    decks.move(player(state, b["target"])["hand"], player(state, b["seat"])["hand"], [b["card"]])


@REGISTRY.handles_with_content("PostSifted")
def post_sifted(content: Content, state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    if "site" in b:  # alkemia-0.3: the first sift pays the activation (AK-Q-16)
        if b["site"]:
            pay_site(state, b)
        state["turn"]["sifted"] += 1  # type: ignore[index]
    p["hand"].remove(b["card"])
    to_discard(content, state, b["card"])
    deck = state["posts"][b["post"]]
    decks.move(deck, deck, decks.peek(deck, 1))  # the top recipe goes under
    saw_top(state.get("posts_unseen"), b["post"])


@REGISTRY.handles_with_content("RecipeTaken")
def recipe_taken(content: Content, state: State, b: JSON) -> None:
    p = pay_site(state, b) if b["site"] else player(state, b["seat"])  # "": paid by a sift
    state["turn"]["sifted"] = 0  # type: ignore[index]
    if b["discard"]:
        leave_inventory(content, state, p, b["discard"])
    decks.apply_draw(state["posts"][b["post"]], [b["card"]])  # the top card
    saw_top(state.get("posts_unseen"), b["post"])
    p["inventory"].append({"card": b["card"], "made": False, "depleted": False})


@REGISTRY.handles("SproutTaken")
def sprout_taken(state: State, b: JSON) -> None:
    p = pay_site(state, b)
    p["sprout"] = "down"
    state["sprouts"] -= 1
