"""The 12 roles and what each full action and favor may do: the choices a seat has and
the change each choice makes (the rulebook's numbers; RC-ROLE-*).

A choice is a command (normalized: falsy fields left out, drop lists in kind order) and
its Change: what the seat pays and gains, and the cauldron it takes. The legal listing
and the decider share these lists, so a command is accepted exactly when it is listed.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Any, NotRequired, TypedDict

from athanor.games.witchs_brew.content import KINDS, STACKS, Content
from athanor.games.witchs_brew.state import Player, State, player

# RC-GRP-01..06: 3 green + 3 gold + 3 light blue + 1 gray + 2 red = 12
GROUPS: dict[str, tuple[str, ...]] = {
    "green": ("wolf_keeper", "snake_hunter", "herb_collector"),
    "gold": ("alchemist", "fortune_teller", "assistant"),
    "light_blue": ("wizard", "witch", "druid"),
    "gray": ("warlock",),
    "red": ("cutpurse", "begging_monk"),
}
ROLES: tuple[str, ...] = tuple(r for group in GROUPS.values() for r in group)
NAMES: dict[str, str] = {
    "wolf_keeper": "Wolf keeper",
    "snake_hunter": "Snake hunter",
    "herb_collector": "Herb collector",
    "alchemist": "Alchemist",
    "fortune_teller": "Fortune teller",
    "assistant": "Assistant",
    "wizard": "Wizard",
    "witch": "Witch",
    "druid": "Druid",
    "warlock": "Warlock",
    "cutpurse": "Cutpurse",
    "begging_monk": "Begging monk",
}
GREEN_KIND = {"wolf_keeper": "red", "snake_hunter": "white", "herb_collector": "green"}
CAULDRON_STACK = {"wizard": "copper", "witch": "iron", "druid": "silver"}  # RC-CAUL-01
POTION = {"copper": "charm potion", "iron": "witch potion", "silver": "healing potion"}
SHELF_OF = {"cutpurse": "gold", "begging_monk": "drops"}  # RC-SHELF-01
SHARE = {"cutpurse": 3, "begging_monk": 4}  # RC-CUT-01 a third, RC-MONK-01 a quarter

GREEN_FULL, GREEN_FAVOR = 3, 1  # RC-ROLE-01..06
ALCHEMIST_FULL, ALCHEMIST_FAVOR = 5, 2  # RC-ROLE-07/08
FORTUNE_FULL, FORTUNE_FAVOR = 2, 1  # RC-ROLE-09/10
ASSISTANT_FULL, ASSISTANT_FAVOR = 3, 1  # RC-ROLE-11/13
FAVOR_SURCHARGE = 2  # RC-CAUL-05
WARLOCK_FAVOR = 1  # RC-ROLE-21


class Change(TypedDict):
    drops: dict[str, int]  # by kind: + gained from the supply, - paid to it
    gold: int
    vials: int
    card: NotRequired[str]  # a cauldron taken from the top of `stack`
    stack: NotRequired[str]


Choice = tuple[dict[str, Any], Change]


def change(
    drops: dict[str, int] | None = None, gold: int = 0, vials: int = 0, **card: str
) -> Change:
    out: Change = {
        "drops": {k: (drops or {}).get(k, 0) for k in KINDS},
        "gold": gold,
        "vials": vials,
    }
    out.update(card)  # type: ignore[typeddict-item]
    return out


NOTHING: Change = change()


def command(kind: str, **fields: Any) -> dict[str, Any]:
    """A command in normal form: falsy fields left out."""
    return {"type": kind, **{k: v for k, v in fields.items() if v}}


def normal(cmd: dict[str, Any]) -> dict[str, Any]:
    """A received command in the form the listing uses."""
    out: dict[str, Any] = {"type": cmd["type"]}
    for key, value in cmd.items():
        if key == "type" or not value:
            continue
        if key in ("take", "pay") and isinstance(value, list):
            value = sorted(value, key=_kind_index)
        elif key in ("drops",):
            value = {k: v for k, v in sorted(value.items(), key=lambda kv: _kind_index(kv[0])) if v}
            if not value:
                continue
        out[key] = value
    return out


def _kind_index(kind: str) -> int:
    return KINDS.index(kind) if kind in KINDS else len(KINDS)


def multisets(n: int, limit: dict[str, int] | None = None) -> Iterator[list[str]]:
    """Every multiset of `n` drop kinds (in kind order), within `limit` when given."""
    for combo in itertools.combinations_with_replacement(KINDS, n):
        if limit is None or all(limit.get(k, 0) >= c for k, c in Counter(combo).items()):
            yield list(combo)


def vials_left(state: State) -> int:
    return state["supply"]["vials"]


def owns_of_stack(content: Content, p: Player, stack: str) -> int:
    return sum(1 for c in p["cards"] if getattr(content.card(c), "stack", None) == stack)


def _can_own(content: Content, state: State, p: Player, stack: str) -> bool:
    limit = state["options"]["cauldron_limit"]
    return limit <= 0 or owns_of_stack(content, p, stack) < limit


def cauldron_choices(
    content: Content, state: State, seat: int, stack: str, surcharge: int, kind: str
) -> list[Choice]:
    """Acquiring the top cauldron of `stack` by paying its shown drops (+ `surcharge`
    gold), with the optional vial bonus (RC-CAUL-03..07, RC-VIAL-01..04)."""
    p = player(state, seat)
    cards = state["stacks"][stack]
    if not cards or not _can_own(content, state, p, stack):  # RC-CAUL-09
        return []
    top = content.cauldron(cards[0])
    left = {k: p["drops"][k] - top.cost.get(k, 0) for k in KINDS}
    if any(v < 0 for v in left.values()) or p["gold"] < surcharge:  # RC-CAUL-06
        return []
    paid = {k: -top.cost.get(k, 0) for k in KINDS}
    out: list[Choice] = [
        (command(kind, use=True), change(paid, -surcharge, card=top.id, stack=stack))
    ]
    if vials_left(state) > 0:  # RC-Q-26: no vial left, no bonus
        for k in KINDS:
            if left[k] > 0:  # RC-VIAL-04: an extra drop, beyond the price
                bonus = {**paid, k: paid[k] - 1}
                out.append(
                    (
                        command(kind, use=True, vial=k),
                        change(bonus, -surcharge, 1, card=top.id, stack=stack),
                    )
                )
    return out


def favor_choices(content: Content, state: State, seat: int, role: str) -> list[Choice]:
    """What "So be it!" may do for `seat` (RC-ROLE-*, favor rows). The plain
    `SoBeIt {}` is listed first: it is the whole favor of the green, gray and red roles,
    and declines an exchange (RC-Q-13, the empty_favor option) for the others."""
    p = player(state, seat)
    empty = state["options"]["empty_favor"]
    if role in GREEN_KIND:  # RC-ROLE-02/04/06
        return [(command("SoBeIt"), change({GREEN_KIND[role]: GREEN_FAVOR}))]
    if role == "warlock":  # RC-ROLE-21, RC-SPELL-06
        return [(command("SoBeIt"), change(gold=WARLOCK_FAVOR))]
    if role in SHARE:  # RC-PLAY-06: passive
        return [(command("SoBeIt"), NOTHING)]
    out: list[Choice] = [(command("SoBeIt"), NOTHING)] if empty else []
    if role == "alchemist":  # RC-ROLE-08
        out += [
            (command("SoBeIt", give=k), change({k: -1}, ALCHEMIST_FAVOR))
            for k in KINDS
            if p["drops"][k] > 0
        ]
    elif role == "fortune_teller":  # RC-ROLE-10
        if p["gold"] >= 1 and vials_left(state) > 0:
            out.append((command("SoBeIt", use=True), change(gold=-1, vials=FORTUNE_FAVOR)))
    elif role == "assistant":  # RC-ROLE-13
        if p["gold"] >= 1:
            out += [(command("SoBeIt", take=k), change({k: 1}, -1)) for k in KINDS]
    elif role in CAULDRON_STACK:  # RC-ROLE-15/17/19
        out += cauldron_choices(
            content, state, seat, CAULDRON_STACK[role], FAVOR_SURCHARGE, "SoBeIt"
        )
    return out


def full_choices(content: Content, state: State, seat: int, role: str) -> list[Choice]:
    """What the full action may do (RC-ROLE-*, full rows); `FullAction {}` forgoes it
    (RC-ROLE-27, RC-Q-28). Green roles and the red roles' collections run by themselves."""
    p = player(state, seat)
    out: list[Choice] = [(command("FullAction"), NOTHING)]
    if role == "alchemist":  # RC-ROLE-07
        out += [
            (command("FullAction", give=k), change({k: -1}, ALCHEMIST_FULL))
            for k in KINDS
            if p["drops"][k] > 0
        ]
    elif role == "fortune_teller":  # RC-ROLE-09, RC-Q-26
        if p["gold"] >= 1 and vials_left(state) > 0:
            got = min(FORTUNE_FULL, vials_left(state))
            out.append((command("FullAction", use=True), change(gold=-1, vials=got)))
    elif role == "assistant":  # RC-ROLE-11/12
        if p["gold"] >= 1:
            out += [
                (command("FullAction", take=m), change(dict(Counter(m)), -1))
                for m in multisets(ASSISTANT_FULL)
            ]
    elif role in CAULDRON_STACK:  # RC-ROLE-14/16/18
        out += cauldron_choices(content, state, seat, CAULDRON_STACK[role], 0, "FullAction")
    elif role == "warlock":  # RC-ROLE-20
        out += spell_choices(content, state, seat)
    return out


def spell_choices(content: Content, state: State, seat: int) -> list[Choice]:
    """The top spell book card's spell (RC-SPELL-01, RC-Q-23); a cauldron so acquired
    gives no vial bonus (RC-VIAL-05, RC-SPELL-05)."""
    if not state["spells"]:
        return []
    spell = content.spell(state["spells"][0])
    p = player(state, seat)
    out: list[Choice] = []
    if spell.effect == "take_drops":
        out += [
            (command("FullAction", take=m), change(dict(Counter(m))))
            for m in multisets(spell.count)
        ]
    elif spell.effect == "cauldron" and spell.stack is not None:
        cards = state["stacks"][spell.stack]
        if cards and _can_own(content, state, p, spell.stack):
            top = content.cauldron(cards[0])
            for m in multisets(top.price, p["drops"]):
                paid = {k: -n for k, n in Counter(m).items()}
                out.append(
                    (command("FullAction", pay=m), change(paid, card=top.id, stack=spell.stack))
                )
    elif spell.effect == "any_cauldron":
        for stack in STACKS:
            for cmd, ch in cauldron_choices(content, state, seat, stack, 0, "FullAction"):
                if "vial" not in cmd:
                    out.append((command("FullAction", stack=stack), ch))
    elif spell.effect == "drop_vials" and spell.kind is not None:
        has = p["drops"][spell.kind] > 0 and vials_left(state) > 0  # RC-Q-26
        got = min(spell.count, vials_left(state))
        if has:
            out.append((command("FullAction", use=True), change({spell.kind: -1}, vials=got)))
    return out


def green_full(role: str) -> Change:
    """RC-ROLE-01/03/05: three drops of the role's kind."""
    return change({GREEN_KIND[role]: GREEN_FULL})
