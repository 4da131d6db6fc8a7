"""Command previews: what a legal command would do, from the acting seat's view alone.

The engine hands `preview` the seat's view (views.py) and one of its legal commands,
never the state, so a preview can say costs, gold and reputation, but never a mix's
answer: the assignment is in no view before the end. What a mix, a sale or a debunk
will show is said as what it may show ("if the sign differs ..."), never as an answer.
The acting seat is the one whose own hand the view holds (a spectator's view has none).
The card reader's previews are reader_rules.py's.

The arithmetic is the rules': reputation changes from `reputation.changed` (zones and
the Robe of Respect), sale prices from `reputation.price` and `reputation.smileys`,
cube costs from `spaces.cost`, artifact prices from `actions.artifact_cost`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.engine import previews
from athanor.games.alchemists import names as n
from athanor.games.alchemists.actions import artifact_cost
from athanor.games.alchemists.alchemicals import ALCHEMICAL_NAMES, ALCHEMICALS
from athanor.games.alchemists.content import Content
from athanor.games.alchemists.reputation import changed, price, smileys
from athanor.games.alchemists.spaces import cost, slot_cost
from athanor.games.wording import count, listing

JSON = dict[str, Any]
# the guarantee levels as the bid track names them (AL-SELL-07: "anything" is 1 gold)
BID_WORDS = {"exact": "exact", "sign": "the right sign", "neutral": "neutral", "wrong": "anything"}


class Seen(previews.Seen):
    """The pack, the view and the acting seat's own part of it, with the look-ups the
    previews share."""

    content: Content

    @property
    def gold(self) -> int:
        return int(self.me["gold"])

    @property
    def reputation(self) -> int:
        return int(self.me["reputation"])

    def has(self, artifact: str) -> bool:
        return artifact in self.me["artifacts"]

    def reputation_after(self, delta: int) -> int:
        return changed(self.reputation, delta, self.has("robe-of-respect"))

    def gold_text(self, delta: int) -> str:
        return f"gold {self.gold} to {self.gold + delta}"

    def reputation_text(self, delta: int) -> str:
        return f"reputation {self.reputation} to {self.reputation_after(delta)}"


def acting_seat(view: JSON) -> str | None:
    """The seat whose view this is: the only player with a hand shown."""
    own = [k for k, p in (view.get("players") or {}).items() if "hand" in p]
    return own[0] if len(own) == 1 else None


def _with(command: JSON) -> str:
    used = command.get("favors") or []
    return f" with your {n.favors(used)}" if used else ""


# ---------------------------------------------------------------- setup and the round


def keep_favor(s: Seen, command: JSON) -> str:
    favor = command.get("favor")
    drawn = list(s.me.get("drawn_favors") or [])
    if favor in drawn:
        drawn.remove(favor)
    text = f"Keeps {n.favor(favor)} ({n.FAVOR_EFFECTS.get(str(favor), 'a favor')})"
    if drawn:
        text += f" and discards {n.favor(drawn[0])}"
    if favor == "herbalist":
        text += "; it is played at once once every seat has chosen"
    return text + "."


def choose_order(s: Seen, command: JSON) -> str:
    spot = next((o for o in s.content.order if o.id == command.get("space")), None)
    if spot is None:
        return "Takes that order space."
    taken = sum(1 for o in s.content.order if o.id in (s.view.get("track") or {}))
    text = f"Takes {n.order_space(s.content, spot.id)}"
    if spot.cost:
        text += f": {s.gold_text(-spot.cost)}"
    gets = []
    if spot.ingredients:
        if s.has("witchs-trunk"):  # AL-ART-13: the Trunk's owner draws none
            gets.append("no ingredient (Witch's Trunk)")
        else:
            gets.append(count(spot.ingredients, "ingredient"))
    if spot.favors:
        gets.append(count(spot.favors, "favor"))
    if gets:
        text += f"; you draw {listing(gets)}"
    return text + f". {count(taken, 'seat')} chose before you."


def play_favor(s: Seen, command: JSON) -> str:
    if command.get("favor") == "associate":
        return (
            f"Plays an Associate on {n.space(command.get('space'))}: your actions there "
            "go in the top row, first."
        )
    cubes = int(s.me.get("cubes", 0))
    return f"Plays an Assistant: {cubes} to {count(cubes + 1, 'action cube')} this round."


def declare(s: Seen, command: JSON) -> str:
    actions: dict[str, int] = command.get("actions") or {}
    used = sum(cost(space, k) for space, k in actions.items())
    cubes = int(s.me.get("cubes", 0))
    if not actions:
        return f"Declares nothing: all {count(cubes, 'cube')} stay unused."
    what = listing([f"{k} {n.space(space)}" for space, k in actions.items()])
    text = f"Declares {what}: {count(used, 'cube')} of {cubes}"
    left = cubes - used
    return text + (f", {left} unused." if left else ".")


def forage(s: Seen, command: JSON) -> str:
    take = command.get("take")
    if take == "deck":
        return f"Draws an unseen ingredient from the deck ({s.view.get('deck', 0)} left)."
    return f"Takes {n.ingredient(take)} from the row into your hand."


def transmute(s: Seen, command: JSON) -> str:
    gain = 2 if "sage" in (command.get("favors") or []) else 1
    return (
        f"Discards {n.ingredient(command.get('ingredient'))}{_with(command)} for "
        f"{gain} gold: {s.gold_text(gain)}."
    )


def buy(s: Seen, command: JSON) -> str:
    art = str(command.get("artifact"))
    card = next((a for a in s.content.artifact if a.id == art), None)
    if card is None:
        return f"Buys {n.artifact(art)}."
    paid = artifact_cost(s.content, art, "shopkeeper" in (command.get("favors") or []))
    vp = f"; {count(card.vp, 'point')} at game end" if card.vp else ""
    trunk = "; you draw 7 ingredients" if art == "witchs-trunk" else ""  # AL-ART-13
    return (
        f"Buys {n.artifact(art)}{_with(command)} for {paid} gold: {s.gold_text(-paid)}{trunk}{vp}."
    )


def bid(s: Seen, command: JSON) -> str:
    """Every guarantee level at this bid and reputation: its price, or that it cannot be
    offered (a price below 1, AL-SELL-08/13)."""
    discount = int(command.get("discount", 0))
    got = smileys(discount, s.reputation)
    text = (
        f"Bids a discount of {discount}, face down: {count(got, 'smiley')} for the selling "
        "order (most smileys sell first)"
    )
    prices = {q: price(q, discount, s.reputation) for q in BID_WORDS}
    offered = [f"{BID_WORDS[q]} for {p} gold" for q, p in prices.items() if p >= 1]
    closed = [BID_WORDS[q] for q, p in prices.items() if p < 1]
    if not offered:
        return text + "; no guarantee would pay 1 gold or more: you would have to decline."
    text += f"; you could guarantee {listing(offered)}"
    if closed:
        # "not neutral or anything": each of them is closed, not the pair
        text += f"; not {listing(closed).replace(' and ', ' or ')} (a price below 1 gold)"
    return text + "."


def sell(s: Seen, command: JSON) -> str:
    sale = s.view.get("sale") or {}
    discount = (sale.get("bids") or {}).get(s.seat, 0)
    guarantee = str(command.get("guarantee"))
    offered = price(guarantee, discount, s.reputation)
    text = (
        f"Offers {n.ingredients(command.get('ingredients', []))} as "
        f"{n.potion(command.get('wanted'))}{_with(command)}, guaranteeing "
        f"{n.GUARANTEES.get(guarantee, 'a quality')}, for {offered} gold"
    )
    if guarantee == "wrong":
        text += ": paid whatever it makes"
    else:
        text += ": paid only if it is that good"
    used = command.get("favors") or []
    if "barmaid" in used:  # AL-FAV-04, AL-Q-16
        text += " (Barmaid: it counts one quality better; an exact one gains 1 reputation)"
    if "merchant" in used and (sale.get("order") or [None])[0] == int(s.seat):  # AL-Q-17
        text += " and 1 more gold (Merchant, first to sell)"
    return (
        text + f"; a neutral or wrong-sign potion costs reputation "
        f"({s.reputation_text(-1)}). The cards are discarded."
    )


# ---------------------------------------------------------------- theories


def _theory(s: Seen, ingredient: Any) -> JSON | None:
    return (s.view.get("theories") or {}).get(str(ingredient))


def publish(s: Seen, command: JSON) -> str:
    paid = 0 if s.has("printing-press") else 1  # AL-ART-08
    gain = 1 + (2 if s.has("seal-of-authority") else 0)  # AL-PUB-03, AL-ART-10
    return (
        f"Publishes {n.ingredient(command.get('ingredient'))} as "
        f"{n.alchemical(command.get('alchemical'))} with your {n.seal(command.get('seal'))}: "
        f"{s.gold_text(-paid)}, {s.reputation_text(gain)}."
    )


def endorse(s: Seen, command: JSON) -> str:
    theory = _theory(s, command.get("ingredient")) or {}
    sealed = [m.get("seat") for m in theory.get("seals", [])]
    paid = 1 + len(sealed)  # AL-END-02
    text = (
        f"Endorses the theory of {n.ingredient(command.get('ingredient'))} with your "
        f"{n.seal(command.get('seal'))} for {paid} gold: {s.gold_text(-paid)}"
    )
    if s.has("seal-of-authority"):
        text += f", {s.reputation_text(2)}"
    if sealed:
        text += f"; {n.seats(sealed)} get 1 gold each"
    return text + "."


def claim_grant(s: Seen, command: JSON) -> str:
    return f"Claims {n.grant(s.content, command.get('grant'))}: {s.gold_text(2)}."


def _claimed_sign(theory: JSON | None, colour: str) -> str | None:
    if not theory or theory.get("alchemical") not in ALCHEMICAL_NAMES:
        return None
    aspects = ALCHEMICALS[ALCHEMICAL_NAMES.index(theory["alchemical"])]
    sign = aspects["RGB".index(colour)][0] if colour in "RGB" and colour else 0
    return "+" if sign > 0 else "-"


def debunk_apprentice(s: Seen, command: JSON) -> str:
    ing, colour = command.get("ingredient"), str(command.get("colour"))
    claimed = _claimed_sign(_theory(s, ing), colour)
    text = f"Reveals the true {n.colour(colour)} sign of {n.ingredient(ing)} to everyone"
    if claimed:
        text += f" (the theory claims {claimed})"
    return (
        text + ": if it differs, the theory falls, you gain 2 reputation and its seals not "
        f"hedged on {n.colour(colour)} cost their owners 5 reputation; if not, "
        f"{s.reputation_text(-1)}."
    )


def debunk_master(s: Seen, command: JSON) -> str:
    return (
        f"Mixes {n.ingredients(command.get('ingredients', []))} before everyone, claiming "
        f"{n.potion(command.get('potion'))}: if it is made and a theory disagrees, that "
        "theory falls (2 reputation for you per theory, or for a new conflict); if it is not "
        f"made, or shows nothing new, {s.reputation_text(-1)}."
    )


# ---------------------------------------------------------------- experiments


def _mortar(s: Seen) -> str:
    return " Magic Mortar keeps one card in your hand." if s.has("magic-mortar") else ""


def test(s: Seen, command: JSON) -> str:
    cards = list(command.get("ingredients", []))
    pairs = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    mixes = " and ".join(n.ingredients(p) for p in pairs)
    text = f"Tests {mixes} on the student: you alone learn the result"
    if len(pairs) > 1:
        text += "s (Thinking Cap)"
    elif s.view.get("student_sick") and not s.has("thinking-cap"):
        text += f"; the sick student costs 1 gold, {s.gold_text(-1)}"
    return text + "." + _mortar(s)


def drink(s: Seen, command: JSON) -> str:
    cards = n.ingredients(command.get("ingredients", []))
    text = (
        f"Drinks {cards}: you alone learn the result. Poison sends a cube to the hospital, "
        "Paralysis puts you last in the next order, Insanity costs "
        f"{s.reputation_text(-1)}."
    )
    return text + _mortar(s)


def exhibit(s: Seen, command: JSON) -> str:
    wanted = command.get("potion")
    first = wanted not in (s.view.get("exhibited_first") or [])
    other = str(wanted)[:1] + ("-" if str(wanted)[1:] == "+" else "+")
    done = s.me.get("exhibited") or []
    # AL-EXH-05: both potions of a colour, once per colour
    mastery = other in done and str(wanted)[:1] not in (s.me.get("mastery") or [])
    gain = (1 if first else 0) + (2 if mastery else 0)
    win = s.reputation_text(gain) if gain else "no reputation (it was shown before)"
    if mastery:
        win += f" (with 2 for both {n.colour(str(wanted)[:1])} potions)"
    return (
        f"Exhibits {n.potion(wanted)} from {n.ingredients(command.get('ingredients', []))}: "
        f"success, {win}; failure, {s.reputation_text(-1)}."
    )


def herbalist_discard(s: Seen, command: JSON) -> str:
    hand = list(s.me.get("hand") or [])
    for card in command.get("ingredients", []):
        if card in hand:
            hand.remove(card)
    return (
        f"Discards {n.ingredients(command.get('ingredients', []))}; you keep {n.ingredients(hand)}."
    )


def decline(s: Seen, command: JSON) -> str:
    queue = s.view.get("queue") or []
    if not queue:
        return "Declines your action."
    space, _seat, slot = queue[0]
    cubes = count(slot_cost(str(space), int(slot)), "cube")
    return f"Declines your {n.space(space)} action: its {cubes} count as unused."


PREVIEWS: dict[str, Callable[[Seen, JSON], str]] = {
    "KeepFavor": keep_favor,
    "ChooseOrder": choose_order,
    "PlayFavor": play_favor,
    "Declare": declare,
    "Forage": forage,
    "Transmute": transmute,
    "BuyArtifact": buy,
    "Bid": bid,
    "SellPotion": sell,
    "PublishTheory": publish,
    "EndorseTheory": endorse,
    "ClaimGrant": claim_grant,
    "DebunkApprentice": debunk_apprentice,
    "DebunkMaster": debunk_master,
    "TestOnStudent": test,
    "DrinkPotion": drink,
    "ExhibitPotion": exhibit,
    "HerbalistDiscard": herbalist_discard,
    "Decline": decline,
}
# preview(content, view, command): the full game's; the reader's is reader_rules.py's
preview = previews.previewer(PREVIEWS, acting_seat, seen=Seen)
