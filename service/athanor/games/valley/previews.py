"""Command previews: what a legal command would do, in a few short sentences, before
it is sent.

The engine hands `preview` the acting seat's view (views.py) and one of its legal
commands, never the state. In the Valley everything a player owns is public (VA-Q-26),
so the view is the same for every seat; it hides only the deck's order and the box.
The seat a preview speaks to is the one the view shows deciding: the seat an event
waits for, else the active seat. Besides the view a preview reads the content pack the
rules were built with (the printed cards and boards, public). It is pure: one view
serves every command of a listing and is never changed.

The numbers come from the functions the rules use on the same plain data, which the
state and the view both hold: a line's bonus from `selling.line_bonus` (the chest's
card ids and the declared token uses), the color a change of color replaces from
`selling.replaced_color`, a brew's ingredients from `actions.needed`, what making
elixirs costs from `actions.make_cost`, their printed EP from `scoring.printed_ep`, a
marker's move from `state.moved` and the value under it from `state.skill`, what an
event takes from `event_cards.loss`.

Previewed: the skill points (VA-SETUP-13), a collect (VA-COLL-02..05), a brew
(VA-BREW-01..05), making elixirs (VA-MAKE-01..08, VA-Q-14, VA-Q-28), a rearrangement
(VA-REAR-01, VA-TREA-01), a sale (VA-SELL-04..13, VA-TSHP, VA-TCOL, VA-TLVL), the
transformation token (VA-TDEC-01..03), ending a turn with actions unused (VA-Q-07) and
the decisions an event asks for: protection (VA-TPRO-01/02, VA-EVE-01..10, VA-Q-18)
and the elixir it takes (VA-EVE-01, VA-EVE-03). The card an exchange draws and the
cards a refill deals are hidden: those previews say only what is certain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from athanor.engine.previews import Seen, previewer
from athanor.games.valley import actions, event_cards, scoring, selling
from athanor.games.valley.content import Content
from athanor.games.valley.names import effect_name, elixir_face
from athanor.games.valley.state import LINES, decoctions_of, moved, skill
from athanor.games.wording import count, listing, title

JSON = dict[str, Any]

TOKEN_NAMES = {
    selling.SHAPE: "Change of shape",
    selling.COLOR: "Change of color",
    selling.LEVEL: "Change of level",
}


class ValleySeen(Seen):
    """What a Valley preview reads besides the view: the acting seat's actions left and
    skill values (`me` is a Player, as the state holds it)."""

    content: Content

    def actions_left(self, used: int = 1) -> str:
        """What is left of the turn's actions once `used` more are taken (VA-TURN-02)."""
        left = self.view["actions_left"] - used
        return f"{count(left, 'action')} left" if left else "no actions left"

    def skill(self, track: str) -> int:
        """The value under the acting seat's marker on `track` (what a collect may take)."""
        return skill(self.content, self.me, track)

    def value_at(self, space: int) -> int:
        """The value printed on a track space."""
        return self.content.settings.track_value(space)


def acting_seat(view: JSON) -> str | None:
    """The seat deciding now: the one an open event waits for, else the active seat."""
    pending = view.get("pending")
    if pending:
        queue = pending.get("queue") or []
        return str(queue[0]) if pending.get("kind") == "event" and queue else None
    if view.get("phase") not in ("skills", "play") or not view.get("active"):
        return None
    return str(view["active"])


# -- words --------------------------------------------------------------------------


def amounts(by_name: dict[str, int]) -> str:
    """{"yellow": 2, "water": 1} as "2 Yellow and 1 Water", in the given order."""
    return listing([f"{n} {title(name)}" for name, n in by_name.items()])


def card_name(content: Content, card_id: str) -> str:
    """An elixir by its printed face, never its id."""
    return elixir_face(content.elixir(card_id))


def card_text(content: Content, card_id: str) -> str:
    """An elixir by its label; a multi-color one says it is wild in a sale."""
    name = card_name(content, card_id)
    return f"{name}, wild in a sale" if content.elixir(card_id).multi else name


# -- what a chest change does to its lines ----------------------------------------------


def line_news(content: Content, before: list[str | None], after: list[str | None]) -> list[str]:
    """The lines a chest change fills, breaks or re-prices; a full line's price is what
    its sale pays before any token (VA-SELL-01..12)."""
    out = []
    for line, places in LINES.items():
        was, now = selling.full_line(before, line), selling.full_line(after, line)
        if was == now:
            continue
        if now is None:
            out.append(f"{line} no longer full")
            continue
        ep = selling.line_bonus(content, now, places, [])["total"]
        if was is None:
            out.append(f"{line} full, {ep} EP")
            continue
        old = selling.line_bonus(content, was, places, [])["total"]
        if ep != old:
            out.append(f"{line} {ep} EP, was {old}")
    return out


def news_text(content: Content, before: list[str | None], after: list[str | None]) -> str:
    news = line_news(content, before, after)
    return f" Lines before tokens: {'; '.join(news)}." if news else ""


def raises(s: ValleySeen, moves: Counter[str]) -> str:
    """Skill markers moved right, one space per move (a move past the end is lost,
    VA-Q-03, VA-Q-28), as "Yellow from 1 to 3"."""
    parts = []
    for track, n in moves.items():
        space = s.me["skill_spaces"][track]
        reached = moved(s.content, s.me, track, n)
        text = f"{title(track)} from {s.skill(track)} to {s.value_at(reached)}"
        lost = n - (reached - space)
        if lost:
            text += f" ({count(lost, 'move')} lost)"
        parts.append(text)
    return listing(parts)


# -- setup and the actions ---------------------------------------------------------------


def assign_skills(s: ValleySeen, command: JSON) -> str:
    moves = Counter(command["tracks"])
    most = [
        f"{s.value_at(moved(s.content, s.me, track, n))} {title(track)}"
        for track, n in moves.items()
    ]
    return f"Raises {raises(s, moves)}: a collect may take up to {listing(most)}."


def collect(s: ValleySeen, command: JSON) -> str:
    take: dict[str, int] = command["take"]
    cap = s.content.settings.max_ingredients_per_kind
    held = []
    for kind, n in take.items():
        now = s.me["ingredients"][kind] + n
        room = f"room for {cap - now} more" if now < cap else "full"
        held.append(f"{now} {title(kind)} ({room})")
    return f"Collects {amounts(take)}: you will have {listing(held)}; {s.actions_left()}."


def brew(s: ValleySeen, command: JSON) -> str:
    wanted: dict[str, int] = command["decoctions"]
    needs = actions.needed(s.content, wanted)
    used = {kind: needs[kind] for kind in s.content.settings.ingredients if kind in needs}
    left = [f"{s.me['ingredients'][kind] - n} {title(kind)}" for kind, n in used.items()]
    return (
        f"Brews {amounts(wanted)} for {amounts(used)} (left: {', '.join(left)}); "
        f"{s.actions_left()}."
    )


def make(s: ValleySeen, command: JSON) -> str:
    orders = command["cards"]
    ids = [o["card"] for o in orders]
    paid = actions.make_cost(s.content, ids)
    moves = Counter(track for card in ids for track in s.content.elixir(card).bonus)
    left = {color: decoctions_of(s.me, color) - n for color, n in paid.items()}
    if len(orders) == 1:
        what = f"{card_text(s.content, orders[0]['card'])} in place {orders[0]['place']}"
    else:
        what = listing([f"{card_name(s.content, o['card'])} in place {o['place']}" for o in orders])
    rest = ", ".join(f"{n} {title(color)}" for color, n in left.items())
    text = f"Makes {what} for {amounts(paid)} decoctions (left: {rest})."
    if moves:
        text += f" Raises {raises(s, moves)}."
    text += f" Worth {scoring.printed_ep(s.content, ids)} EP at game end; {s.actions_left()}."
    chest = list(s.me["chest"])
    after = list(chest)
    for order in orders:
        after[order["place"] - 1] = order["card"]
    return text + news_text(s.content, chest, after)


def rearrange(s: ValleySeen, command: JSON) -> str:
    chest = list(s.me["chest"])
    src, dst = command["from"], command["to"]
    moving, other = chest[src - 1], chest[dst - 1]
    if other is None:
        text = f"Moves {card_name(s.content, str(moving))} from place {src} to place {dst}"
    else:
        a, b = card_name(s.content, str(moving)), card_name(s.content, other)
        text = f"Swaps {a} (place {src}) and {b} (place {dst})"
    if command.get("token"):
        text += " with your rearranging token (no action used)."
    else:
        text += f"; {s.actions_left()}."
    after = list(chest)
    after[src - 1], after[dst - 1] = other, moving
    return text + news_text(s.content, chest, after)


def change_text(content: Content, card_id: str, use: JSON) -> str:
    kind, value = use["token"], use["value"]
    if kind == selling.SHAPE:
        counts_as = f"counts as {value}"
    elif kind == selling.LEVEL:
        counts_as = f"counts as level {value}"
    else:
        replaced = selling.replaced_color(content.elixir(card_id), use)
        counts_as = f"counts {title(value)} instead of {title(replaced)}"
    return f"{card_name(content, card_id)} {counts_as} ({TOKEN_NAMES[kind]})"


def sell(s: ValleySeen, command: JSON) -> str | None:
    line = command["line"]
    places = LINES[line]
    cards = selling.full_line(s.me["chest"], line)
    if cards is None:
        return None
    uses = command.get("changes") or []
    paid = selling.line_bonus(s.content, cards, places, uses)
    shared = selling.shared_colors(selling.line_looks(s.content, cards, places, uses))
    parts = []
    if paid["shape"]:
        parts.append(f"{paid['shape']} for one shape")
    if paid["color"]:
        colors = [title(c) for c in s.content.settings.decoction_colors if c in shared]
        named = count(len(colors), "color") if len(colors) > 2 else listing(colors)
        parts.append(f"{paid['color']} for sharing {named}")
    if paid["level"]:
        parts.append(f"{paid['level']} for one level")
    why = listing(parts) if parts else "no shape, color or level in common"
    names = ", ".join(card_name(s.content, c) for c in cards)
    text = f"Sells {line} ({names}) for {paid['total']} EP: {why}."
    by_place = {u["place"]: u for u in uses}
    notes = [
        change_text(s.content, c, by_place[i])
        for c, i in zip(cards, places, strict=True)
        if i in by_place
    ]
    notes += [f"{card_name(s.content, c)} is wild" for c in cards if s.content.elixir(c).multi]
    if notes:
        text += f" {'; '.join(notes)}."
    ep = s.me["ep"]
    return text + f" Your EP markers go from {ep} to {ep + paid['total']}; {s.actions_left()}."


def transform(s: ValleySeen, command: JSON) -> str:
    src, dst, n = command["from"], command["to"], command["n"]
    left = s.me["decoctions"][src] - n
    to_spend = decoctions_of(s.me, dst) + n
    cap = s.content.settings.max_decoctions_per_color  # the token's are exempt (VA-TDEC-03)
    return (
        f"Turns {count(n, title(src) + ' decoction')} into {title(dst)} on your transformation "
        f"token (free, once a game): {left} {title(src)} and {to_spend} {title(dst)} "
        f"to spend; those on the token are outside the cap of {cap}."
    )


def end_turn(s: ValleySeen, command: JSON) -> str | None:
    left = s.view["actions_left"]
    if left <= 0:
        return None
    return f"Ends your turn with {count(left, 'action')} unused."


# -- events --------------------------------------------------------------------------------


def takes(s: ValleySeen, pending: JSON) -> str:
    """What the pending event does to the acting seat when it is not protected."""
    effect, param = pending["effect"], pending.get("param")
    if effect in event_cards.LOSS_EFFECTS:
        lost = event_cards.loss(s.content, s.me, effect, param)
        if effect == "skill_loss":
            after = s.value_at(moved(s.content, s.me, param, -lost))
            return (
                f"your {title(param)} marker moves {count(lost, 'space')} left, "
                f"{title(param)} from {s.skill(param)} to {after}"
            )
        if effect == "ingredient_loss":
            held = s.me["ingredients"][param]
            lose = count(lost, f"{title(param)} ingredient")
            return f"you lose {lose}, {held} to {held - lost}"
        held = decoctions_of(s.me, param)
        return f"you lose {count(lost, f'{title(param)} decoction')}, {held} to {held - lost}"
    if effect == "slowdown":
        return "your next turn has only 1 action"
    if effect == "lose_elixir":
        return "you discard an elixir of your choice from your chest"
    if effect == "exchange":
        return "you swap an elixir of your choice for a random one from the deck"
    shown = sum(1 for c in s.view["display"] if c)
    later = [
        f"seat {seat}"
        for seat in pending["queue"][1:]
        if event_cards.PROTECTION in s.view["players"][str(seat)]["tokens"]
    ]
    go = "goes" if shown == 1 else "go"
    text = f"the {count(shown, 'display card')} {go} into the deck and new ones are dealt"
    if later:
        text += f", unless {' or '.join(later)} uses a protection token"
    return text


def protect(s: ValleySeen, command: JSON) -> str | None:
    pending = s.view.get("pending") or {}
    if pending.get("kind") != "event":
        return None
    name = effect_name(pending["effect"], pending.get("param"))
    if command.get("use"):
        text = f"Uses your protection token against {name}: it spares you"
        if pending["effect"] == "reshuffle":
            text += " and everyone else, the display stays"
        return text + "; the token goes to the box."
    return f"Keeps your protection token; {name}: {takes(s, pending)}."


def choose_elixir(s: ValleySeen, command: JSON) -> str | None:
    pending = s.view.get("pending") or {}
    chest = list(s.me["chest"])
    place = command["place"]
    card = chest[place - 1]
    if pending.get("kind") != "event" or card is None:
        return None
    ep = s.content.elixir(card).ep
    if pending["effect"] == "exchange":
        return (
            f"Gives up {card_name(s.content, card)} from place {place} ({ep} EP at game end) "
            "for a random "
            "elixir from the deck, which takes its place."
        )
    if pending["effect"] != "lose_elixir":
        return None
    after = list(chest)
    after[place - 1] = None
    return (
        f"Discards {card_name(s.content, card)} from place {place} to the box: its {ep} EP "
        "no longer "
        f"count at game end.{news_text(s.content, chest, after)}"
    )


PREVIEWS: dict[str, Callable[[ValleySeen, JSON], str | None]] = {
    "AssignSkills": assign_skills,
    "Collect": collect,
    "Brew": brew,
    "Make": make,
    "Rearrange": rearrange,
    "Sell": sell,
    "Transform": transform,
    "EndTurn": end_turn,
    "Protect": protect,
    "ChooseElixir": choose_elixir,
}

preview = previewer(PREVIEWS, acting_seat, seen=ValleySeen)
