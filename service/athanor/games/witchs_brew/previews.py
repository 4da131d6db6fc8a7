"""Command previews: what a legal command would do, from the acting seat's view alone.

The engine hands `preview` the seat's view (views.py) and one of its legal commands,
never the state: the acting seat is the one whose hand the view holds. A preview names
the role chosen and what a favor or a full action takes and gives (drops, gold, vials,
the top cauldron of an open stack), with the holdings before and after. Nothing hidden
is read: other hands are not in the view, and a closed spell book names its top spell
only to a seat the view shows it to.

The numbers are the rules' (roles.py: the favor and full action constants, the
cauldron surcharge; the pack's printed cauldrons and shelves).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from athanor.engine.previews import Seen, previewer
from athanor.games.witchs_brew import roles
from athanor.games.witchs_brew.content import KINDS, Content, Spell
from athanor.games.witchs_brew.labels import shelf_label, spell_effect
from athanor.games.wording import count, listing

JSON = dict[str, Any]
# what each role's full action does, as the rulebook's role cards say (roles.py numbers)
FULL_TEXT = {
    "alchemist": f"give 1 drop for {roles.ALCHEMIST_FULL} gold",
    "fortune_teller": f"pay 1 gold for {count(roles.FORTUNE_FULL, 'vial')}",
    "assistant": f"pay 1 gold for {count(roles.ASSISTANT_FULL, 'drop')} of any kinds",
    "warlock": "cast the top spell of the spell book",
    "cutpurse": "collect a share of every seat's gold for the gold shelf",
    "begging_monk": "collect a share of every seat's drops for the ingredient shelf",
    **{r: f"take {count(roles.GREEN_FULL, k + ' drop')}" for r, k in roles.GREEN_KIND.items()},
    **{r: f"take the top {s} cauldron, paying its drops" for r, s in roles.CAULDRON_STACK.items()},
}


def spell_name(spell: Spell) -> str:
    return f"{spell.name} ({spell_effect(spell)})"


class BrewSeen(Seen):
    """What a Witch's Brew preview reads besides the view: the role being played, the
    top card of a stack and of the spell book as the view shows them."""

    content: Content

    def __init__(self, content: Content, view: JSON, seat: str) -> None:
        super().__init__(content, view, seat)
        play = view.get("play") or {}
        self.role = str(play.get("role", ""))

    def role_name(self, role: str | None = None) -> str:
        return roles.NAMES.get(role or self.role, "role")

    def top(self, stack: str) -> str | None:
        cards = (self.view.get("stacks") or {}).get(stack) or []
        return str(cards[0]) if cards else None

    def top_spell(self) -> str | None:
        spells = self.view.get("spells") or {}
        order = spells.get("order") or []
        top = order[0] if order else spells.get("top")  # a closed book: only when shown
        return str(top) if top else None


def acting_seat(view: JSON) -> str | None:
    own = [k for k, p in (view.get("players") or {}).items() if "hand" in p]
    return own[0] if len(own) == 1 else None


# -- words --------------------------------------------------------------------------


def drops_noun(drops: dict[str, int]) -> str:
    return "drop" if sum(drops.values()) == 1 else "drops"


def drops_words(drops: dict[str, int]) -> str:
    return listing([f"{n} {k}" for k in KINDS if (n := drops.get(k, 0))])


def after(s: BrewSeen, drops: dict[str, int], gold: int = 0, vials: int = 0) -> str:
    """The acting seat's holdings that change, before and after ("red 2 to 1")."""
    parts = []
    for k in KINDS:
        if drops.get(k):
            have = int(s.me["drops"].get(k, 0))
            parts.append(f"{k} {have} to {have + drops[k]}")
    if gold:
        parts.append(f"gold {s.me['gold']} to {int(s.me['gold']) + gold}")
    if vials and "vials" in s.me:
        parts.append(f"vials {s.me['vials']} to {int(s.me['vials']) + vials}")
    return f" ({', '.join(parts)})" if parts else ""


def cauldron_name(s: BrewSeen, stack: str) -> str:
    """The top cauldron of an open stack, with its printed value."""
    card = s.top(stack)
    if card is None:
        return f"the top {stack} cauldron"
    return f"the top {stack} cauldron ({count(s.content.cauldron(card).value, 'point')})"


def cauldron(s: BrewSeen, stack: str, surcharge: int, vial: str | None, verb: str = "Takes") -> str:
    card = s.top(stack)
    if card is None:
        return f"{verb} the top {stack} cauldron."
    printed = s.content.cauldron(card)
    paid = {k: -n for k, n in printed.cost.items()}
    text = f"{verb} {cauldron_name(s, stack)}, paying {drops_words(dict(printed.cost))}"
    if surcharge:
        text += f" and {surcharge} gold"
    if vial:
        paid[vial] = paid.get(vial, 0) - 1
        text += f", and 1 more {vial} drop for a vial"
    return text + after(s, paid, -surcharge, 1 if vial else 0) + "."


# -- choosing and playing role cards --------------------------------------------------


def choose_roles(s: BrewSeen, command: JSON) -> str:
    chosen = [roles.NAMES.get(r, r) for r in command.get("roles", [])]
    return (
        f"Keeps {listing(chosen)} for set {s.view.get('set')}; the others sit out. "
        "Nobody sees your choice until you play a card."
    )


def lead_role(s: BrewSeen, command: JSON) -> str:
    role = str(command.get("role"))
    name = s.role_name(role)
    return (
        f"Plays the {name}: I am the {name}! Unless a later holder claims it, its full "
        f"action is yours: {FULL_TEXT.get(role, 'the role card')}."
    )


def claim(s: BrewSeen, command: JSON) -> str:
    holder = (s.view.get("play") or {}).get("holder")
    return (
        f"Claims the {s.role_name()}: its full action ({FULL_TEXT.get(s.role, 'the role')}) "
        f"passes to you unless a later holder claims it; seat {holder} gets nothing."
    )


def pass_(s: BrewSeen, command: JSON) -> str:
    return f"Plays the {s.role_name()} for nothing: no favor and no full action."


def favor(s: BrewSeen, command: JSON) -> str:
    role = s.role
    if role in roles.GREEN_KIND:
        kind = roles.GREEN_KIND[role]
        gain = {kind: roles.GREEN_FAVOR}
        return f"So be it! Takes {drops_words(gain)} drop{after(s, gain)}."
    if role == "warlock":
        return f"So be it! Takes {roles.WARLOCK_FAVOR} gold{after(s, {}, roles.WARLOCK_FAVOR)}."
    if role in roles.SHARE:
        what = "gold" if roles.SHELF_OF[role] == "gold" else "drops"
        return f"So be it! Nothing now; the {s.role_name()} will collect a share of your {what}."
    return "So be it! " + exchange(s, command, favor=True)


def full_action(s: BrewSeen, command: JSON) -> str:
    return exchange(s, command, favor=False)


def exchange(s: BrewSeen, command: JSON, favor: bool) -> str:
    """What a favor's or a full action's exchange takes and gives (roles.py rows)."""
    role, give, take = s.role, command.get("give"), command.get("take")
    if not any(command.get(k) for k in ("use", "give", "take", "pay", "vial", "stack")):
        if favor:
            return "Takes nothing."
        # the plain FullAction gives the action up (RC-ROLE-27, RC-Q-28): say what is lost
        what = FULL_TEXT.get(role, "the role card's action")
        return f"Gives up the {s.role_name()}'s full action ({what}): nothing changes."
    if role == "alchemist" and give:
        gold = roles.ALCHEMIST_FAVOR if favor else roles.ALCHEMIST_FULL
        return f"Gives 1 {give} drop for {gold} gold{after(s, {give: -1}, gold)}."
    if role == "fortune_teller":
        vials = roles.FORTUNE_FAVOR if favor else roles.FORTUNE_FULL
        return (
            f"Pays 1 gold for {count(vials, 'vial')}, as many as the supply has"
            f"{after(s, {}, -1, vials)}."
        )
    if role == "assistant" and take:
        got = dict(Counter([take] if isinstance(take, str) else take))
        return f"Pays 1 gold for {drops_words(got)} {drops_noun(got)}{after(s, got, -1)}."
    if role in roles.CAULDRON_STACK:
        surcharge = roles.FAVOR_SURCHARGE if favor else 0
        return cauldron(s, roles.CAULDRON_STACK[role], surcharge, command.get("vial"))
    if role == "warlock":
        return spell(s, command)
    return "Carries out the exchange."


def spell(s: BrewSeen, command: JSON) -> str:
    """The Warlock's full action: the top spell, as far as the view and command say."""
    top = s.top_spell()
    printed = s.content.spell(top) if top else None
    cast = f"Casts {spell_name(printed)}: " if printed else "Casts the top spell: "
    if command.get("take"):
        got = dict(Counter(command["take"]))
        return cast + f"takes {drops_words(got)} {drops_noun(got)}{after(s, got)}."
    if command.get("pay"):
        paid = {k: -n for k, n in Counter(command["pay"]).items()}
        stack = printed.stack if printed and printed.stack else None
        what = cauldron_name(s, stack) if stack else "the spell's cauldron"
        return (
            cast
            + f"takes {what}, paying {drops_words(dict(Counter(command['pay'])))}"
            + (after(s, paid) + ".")
        )
    if command.get("stack"):
        return cast + cauldron(s, str(command["stack"]), 0, None, "takes")
    if command.get("use") and printed and printed.kind:
        return (
            cast + f"returns 1 {printed.kind} drop for {count(printed.count, 'vial')}"
            f"{after(s, {printed.kind: -1}, 0, printed.count)}."
        )
    return cast.rstrip(": ") + "."


# -- the red roles' potion shelves -------------------------------------------------------


def give_drops(s: BrewSeen, command: JSON) -> str:
    drops: dict[str, int] = command.get("drops") or {}
    paid = {k: -n for k, n in drops.items()}
    return (
        f"Gives {drops_words(drops) or 'nothing'} to the {s.role_name()}'s ingredient shelf"
        f"{after(s, paid)}."
    )


def add_to_shelf(s: BrewSeen, command: JSON) -> str:
    kind = roles.SHELF_OF.get(s.role, "gold")
    shelves = (s.view.get("shelves") or {}).get(kind) or []
    pile = (s.view.get("on_shelf") or {}).get(kind, 0)
    on = pile if isinstance(pile, int) else sum(pile.values())
    if kind == "gold":
        added = int(command.get("gold", 0))
        what = f"{added} gold"
        change = after(s, {}, -added)
    else:
        drops = command.get("drops") or {}
        added = sum(drops.values())
        what = drops_words(drops) or "no drops"
        change = after(s, {k: -n for k, n in drops.items()})
    if not shelves:
        return f"Adds {what}{change}."
    printed = s.content.shelf(shelves[0])
    total = on + added
    text = f"Adds {what or 'nothing'}{change}: {total} of {printed.need} on the shelf; "
    if total >= printed.need:
        return text + f"you take it ({shelf_label(printed)})."
    return text + "the shelf stays, with all on it."


PREVIEWS: dict[str, Callable[[BrewSeen, JSON], str]] = {
    "ChooseRoles": choose_roles,
    "LeadRole": lead_role,
    "Claim": claim,
    "Pass": pass_,
    "SoBeIt": favor,
    "FullAction": full_action,
    "GiveDrops": give_drops,
    "AddToShelf": add_to_shelf,
}

preview = previewer(PREVIEWS, acting_seat, seen=BrewSeen)
