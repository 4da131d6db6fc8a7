"""Command previews say what the command then does (previews.py).

Every preview is built from the acting seat's view alone. The checks below read the
numbers and names out of a preview's text and compare them with what happens when
that very command is decided on the same state, with the same seed: the skill values
of the setup points (VA-SETUP-13) and of an elixir's bonus (VA-MAKE-08, VA-Q-28), the
ingredients a collect leaves and the room left (VA-COLL-02, VA-COLL-03, VA-LIM-01),
the ingredients a brew uses and leaves (VA-BREW-01, VA-BREW-05), the decoctions making
pays and leaves and the printed EP it adds (VA-MAKE-01, VA-MAKE-05, VA-SCORE-01,
VA-Q-14), the lines a chest change fills, breaks or re-prices (VA-REAR-01, VA-TREA-01,
VA-MAKE-06), the EP a sale pays, part by part, with its tokens and jokers (VA-SELL-04
..13, VA-SELL-16, VA-TSHP-01, VA-TCOL-02, VA-TLVL-01), the decoctions a transformation
leaves (VA-TDEC-01, VA-TDEC-02), the actions a turn leaves unused (VA-Q-07), what an
event takes from a seat that does not protect itself (VA-TPRO-01, VA-TPRO-02,
VA-EVE-01..10, VA-Q-18) and the elixir it gives up (VA-EVE-01, VA-EVE-03). Previews
never change when the hidden deck order does (VA-Q-26).
"""

from __future__ import annotations

import json
import random
import re
import textwrap
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.game import GameState
from athanor.games.valley import previews, scoring
from athanor.games.valley.content import load
from athanor.games.valley.rules import RULES
from athanor.games.valley.selling import full_line
from athanor.games.valley.state import LINES, decoctions_of, player, skills
from tests.valley.support import SEED, edit, legal
from tests.valley.test_invariants import Table

JSON = dict[str, Any]
Check = Callable[["Trial", str], bool]
PREVIEW = RULES.presentation.preview  # called directly where an error must show
assert PREVIEW is not None

RULE_IDS = (
    "VA-SETUP-13", "VA-COLL-02", "VA-COLL-03", "VA-LIM-01", "VA-BREW-01", "VA-BREW-05",
    "VA-MAKE-01", "VA-MAKE-05", "VA-MAKE-06", "VA-MAKE-08", "VA-Q-28", "VA-Q-14",
    "VA-SCORE-01", "VA-REAR-01", "VA-TREA-01", "VA-SELL-04", "VA-SELL-05", "VA-SELL-06",
    "VA-SELL-10", "VA-SELL-12", "VA-SELL-13", "VA-SELL-16", "VA-TSHP-01", "VA-TCOL-02",
    "VA-TLVL-01", "VA-TDEC-01", "VA-TDEC-02", "VA-Q-07", "VA-TPRO-01", "VA-TPRO-02",
    "VA-EVE-01", "VA-EVE-03", "VA-EVE-08", "VA-EVE-09", "VA-EVE-10", "VA-Q-18", "VA-Q-26",
)  # fmt: skip


class Trial:
    """One legal command decided on a state, without playing it on."""

    def __init__(self, state: GameState, seat: int, command: JSON, seed: bytes) -> None:
        self.state, self.seat, self.command, self.seed = state, seat, command, seed
        self.events, self.after = game.decide(RULES, state, command, seat, seed)
        self.after = replace(self.after, version=state.version + len(self.events))

    @property
    def was(self) -> JSON:
        return player(self.state.rules_state, self.seat)

    @property
    def now(self) -> JSON:
        return player(self.after.rules_state, self.seat)

    def bodies(self, event_type: str) -> list[JSON]:
        return [e.body for e in self.events if e.type == event_type]

    def body(self, event_type: str) -> JSON:
        found = self.bodies(event_type)
        assert found, f"{self.command} caused no {event_type}: {[e.type for e in self.events]}"
        return found[0]

    def resolving(self, event_type: str) -> list[JSON]:
        """The bodies of `event_type` up to the end of the event being resolved (the
        refill goes on after it and may reveal another)."""
        out = []
        for e in self.events:
            if e.type == event_type:
                out.append(e.body)
            if e.type == "EventDone":
                break
        return out

    def once_struck(self) -> JSON:
        """The seat's player right after the event struck it (before the refill goes on)."""
        state = self.state
        for e in self.events:
            state = game.evolve(RULES, state, e)
            if e.type == "EventStruck" and e.body["seat"] == self.seat:
                return player(state.rules_state, self.seat)
        raise AssertionError(f"seat {self.seat} was not struck")

    def struck(self) -> JSON | None:
        mine = [b for b in self.resolving("EventStruck") if b["seat"] == self.seat]
        return mine[0] if mine else None

    def card_ep(self, state: GameState) -> int:
        return scoring.final_ep(RULES.cards, state.rules_state, self.seat)["cards"]


def number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found, f"{pattern!r} is not in the preview {text!r}"
    return int(found.group(1))


def amounts(text: str) -> dict[str, int]:
    """'2 Yellow, 1 Red and 1 Water' as {"yellow": 2, "red": 1, "water": 1}."""
    return {name.lower(): int(n) for n, name in re.findall(r"(\d+) (\w+)", text)}


def section(pattern: str, text: str) -> str:
    found = re.search(pattern, text)
    assert found, f"{pattern!r} is not in the preview {text!r}"
    return found.group(1)


def actions_left(t: Trial, text: str) -> None:
    found = re.search(r"(\d+) actions? left|no actions left", text)
    assert found, text
    assert t.after.rules_state["actions_left"] == int(found.group(1) or 0)


def raised(t: Trial, text: str) -> set[str]:
    """Each 'Red from 2 to 3' is the skill value before and after; returns the tracks."""
    before, after = skills(RULES.cards, t.was), skills(RULES.cards, t.now)
    named = set()
    for name, old, new in re.findall(r"(\w+) from (\d+) to (\d+)", text):
        track = name.lower()
        assert (before[track], after[track]) == (int(old), int(new)), (track, text)
        named.add(track)
    return named


def sale_pays(state: GameState, seat: int, line: str) -> int:
    """The EP a plain sale of `line` earns, decided by the rules on `state` made the
    seat's turn with an action left."""

    def turn(rs: JSON) -> None:
        rs.update(phase="play", pending=None, refilling=False, actions_left=1)
        rs["turn"] = rs["order"].index(seat)

    ready = edit(state, turn)
    events, after = game.decide(RULES, ready, {"type": "Sell", "line": line}, seat, SEED)
    (sold,) = [e.body for e in events if e.type == "LineSold"]
    gained = player(after.rules_state, seat)["ep"] - player(ready.rules_state, seat)["ep"]
    assert gained == sold["bonus"]["total"]
    return gained


def lines(t: Trial, text: str) -> None:
    """The lines the chest change fills, breaks or re-prices, and what their sale pays."""
    was, now = t.was["chest"], t.now["chest"]
    news = text.split("Lines before tokens: ", 1)[1] if "Lines before" in text else ""
    for line in LINES:
        filled = full_line(was, line) is None and full_line(now, line) is not None
        broken = full_line(was, line) is not None and full_line(now, line) is None
        assert filled == (f"{line} full" in news), (line, text)
        assert broken == (f"{line} no longer full" in news), (line, text)
    for line, ep in re.findall(r"(\w+\d) full, (\d+) EP", news):
        assert sale_pays(t.after, t.seat, line) == int(ep)
    for line, ep, old in re.findall(r"(\w+\d) (\d+) EP, was (\d+)", news):
        assert sale_pays(t.after, t.seat, line) == int(ep)
        assert sale_pays(t.state, t.seat, line) == int(old)


# -- the checks, one per command type: True when a number was compared ---------------


def assign_skills(t: Trial, text: str) -> bool:
    assert raised(t, text) == set(t.command["tracks"])
    most = amounts(text.split("up to ", 1)[1])
    assert most == {k: v for k, v in skills(RULES.cards, t.now).items() if k in most}
    return True


def collect(t: Trial, text: str) -> bool:
    taken = t.body("IngredientsCollected")["take"]
    assert amounts(section(r"^Collects (.*?):", text)) == taken
    cap = load().settings.max_ingredients_per_kind
    held = re.findall(r"(\d+) (\w+) \((?:room for (\d+) more|full)\)", text)
    assert {name.lower() for _, name, _ in held} == set(taken)
    for n, name, room in held:
        assert t.now["ingredients"][name.lower()] == int(n)
        assert cap - int(n) == int(room or 0)
    actions_left(t, text)
    return True


def brew(t: Trial, text: str) -> bool:
    assert amounts(section(r"^Brews (.*?) for", text)) == t.body("DecoctionsBrewed")["decoctions"]
    used = amounts(section(r" for (.*?) \(left", text))
    left = amounts(section(r"\(left: (.*?)\)", text))
    for kind in load().settings.ingredients:
        spent = t.was["ingredients"][kind] - t.now["ingredients"][kind]
        assert spent == used.get(kind, 0)
        if kind in used:
            assert t.now["ingredients"][kind] == left[kind]
    actions_left(t, text)
    return True


def make(t: Trial, text: str) -> bool:
    made = t.body("ElixirsMade")["made"]
    if len(made) == 1:  # the card by its label: "Yellow L2 triangular (2 EP; cost Y2)"
        name = previews.card_name(load(), made[0]["card"])
        assert text.startswith(f"Makes {name}") and f" in place {made[0]['place']} " in text
    else:
        cards = previews.listing(
            [f"{previews.card_name(load(), m['card'])} in place {m['place']}" for m in made]
        )
        assert text.startswith(f"Makes {cards} for "), text
    paid = amounts(section(r" for (.*?) decoctions \(left", text))
    left = amounts(section(r"decoctions \(left: (.*?)\)", text))
    for color in load().settings.decoction_colors:
        spent = decoctions_of(t.was, color) - decoctions_of(t.now, color)
        assert spent == paid.get(color, 0), (color, text)
        if color in paid:
            assert decoctions_of(t.now, color) == left[color]
    moves = Counter(track for m in made for track in load().elixir(m["card"]).bonus)
    named = raised(t, text.split("Raises ", 1)[1].split(".")[0]) if moves else set()
    assert named == set(moves)
    lost = sum(int(n) for n in re.findall(r"(\d+) moves? lost", text))
    gained = sum(t.now["skill_spaces"][k] - t.was["skill_spaces"][k] for k in moves)
    assert gained + lost == sum(moves.values())
    assert t.card_ep(t.after) - t.card_ep(t.state) == number(r"Worth (\d+) EP", text)
    actions_left(t, text)
    lines(t, text)
    return True


def rearrange(t: Trial, text: str) -> bool:
    src, dst = t.command["from"], t.command["to"]
    assert t.now["chest"][dst - 1] == t.was["chest"][src - 1]
    assert t.now["chest"][src - 1] == t.was["chest"][dst - 1]
    assert text.startswith("Swaps" if t.was["chest"][dst - 1] else "Moves")
    if "no action used" in text:
        assert t.after.rules_state["actions_left"] == t.state.rules_state["actions_left"]
        assert "rearrange" in t.was["tokens"] and "rearrange" not in t.now["tokens"]
    else:
        actions_left(t, text)
    lines(t, text)
    return True


def sell(t: Trial, text: str) -> bool:
    sold = t.body("LineSold")
    paid = sold["bonus"]
    assert t.now["ep"] - t.was["ep"] == paid["total"] == number(r" for (\d+) EP:", text)
    for part, pattern in (
        ("shape", r"(\d+) for one shape"),
        ("color", r"(\d+) for sharing"),
        ("level", r"(\d+) for one level"),
    ):
        found = re.search(pattern, text)
        assert paid[part] == (int(found.group(1)) if found else 0), (part, text)
    assert t.was["ep"] == number(r"markers go from (\d+)", text)
    assert t.now["ep"] == number(r"markers go from \d+ to (\d+)", text)
    named = sorted(k for k, name in previews.TOKEN_NAMES.items() if f"({name})" in text)
    assert named == sold["tokens"]
    actions_left(t, text)
    return True


def transform(t: Trial, text: str) -> bool:
    src, dst = t.command["from"], t.command["to"]
    assert decoctions_of(t.now, src) == number(rf"(\d+) {src.title()} and", text)
    assert decoctions_of(t.now, dst) == number(rf"(\d+) {dst.title()} to spend", text)
    assert t.now["pool"]["n"] == t.command["n"] and "transformation" not in t.now["tokens"]
    return True


def end_turn(t: Trial, text: str) -> bool:
    assert t.state.rules_state["actions_left"] == number(r"with (\d+) actions? unused", text)
    assert t.body("TurnEnded")["seat"] == t.seat
    return True


def protect(t: Trial, text: str) -> bool:
    event = t.state.rules_state["pending"]["details"]
    effect, param = event["effect"], event["param"]
    if t.command["use"]:
        assert t.struck() is None and "protection" not in t.now["tokens"]
        if effect == "reshuffle":
            assert not t.resolving("DisplayReshuffled")
        return False
    assert "protection" in t.now["tokens"]
    if effect in ("lose_elixir", "exchange"):  # the seat chooses next
        assert any(c["type"] == "ChooseElixir" for c in legal(t.after, t.seat))
        return False
    hit = t.struck()
    assert hit is not None
    if effect == "slowdown":
        assert t.once_struck()["slowdown"]
        return False
    if effect == "reshuffle":
        if "unless" in text:  # a later seat decides yet
            return False
        shown = sum(1 for c in t.state.rules_state["display"] if c)
        assert shown == number(r"the (\d+) display cards?", text)
        assert t.resolving("DisplayReshuffled")
        return True
    hurt = t.once_struck()
    if effect == "skill_loss":
        assert hit["spaces"] == number(r"moves (\d+) spaces? left", text)
        value = load().settings.track_value
        shown_from, shown_to = (number(p, text) for p in (r"from (\d+)", r" to (\d+)\.$"))
        assert value(t.was["skill_spaces"][param]) == shown_from
        assert value(hurt["skill_spaces"][param]) == shown_to
        return True

    def held(p: JSON) -> int:
        return p["ingredients"][param] if effect == "ingredient_loss" else decoctions_of(p, param)

    assert hit["lost"] == number(r"you lose (\d+)", text)
    assert held(t.was) == number(r", (\d+) to", text)
    assert held(hurt) == number(r" to (\d+)\.$", text)
    return True


def choose_elixir(t: Trial, text: str) -> bool:
    hit = t.struck()
    assert hit is not None and hit["place"] == t.command["place"]
    assert text.split(" from place")[0].endswith(previews.card_name(load(), hit["card"]))
    ep = load().elixir(hit["card"]).ep
    if hit["effect"] == "exchange":
        assert number(r"\((\d+) EP at game end\)", text) == ep
        assert t.once_struck()["chest"][hit["place"] - 1] == hit["drawn"]
        return True
    assert t.card_ep(t.state) - t.card_ep(t.after) == ep == number(r"its (\d+) EP", text)
    lines(t, text)
    return True


CHECKS: dict[str, Check] = {
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


def hidden_moved(rs: JSON, rnd: random.Random) -> JSON:
    """The same table with the hidden cards dealt otherwise: the deck's order and which
    cards are in the deck and which in the box (VA-Q-26)."""
    out = json.loads(json.dumps(rs))
    hidden = out["deck"] + out["box"]
    rnd.shuffle(hidden)
    out["deck"], out["box"] = hidden[: len(out["deck"])], hidden[len(out["deck"]) :]
    return out


def kind_of(state: GameState, command: JSON) -> str:
    """A command type, with the event effect for the event decisions."""
    if command["type"] in ("Protect", "ChooseElixir"):
        use = {True: ":use", False: ":keep"}.get(command.get("use"), "")
        return f"{command['type']}:{state.rules_state['pending']['details']['effect']}{use}"
    return str(command["type"])


def check_state(
    state: GameState, seed: bytes, pick: random.Random | None = None, per_seat: int = 0
) -> Counter[str]:
    """Decide each previewed legal command of each seat (with `pick` and `per_seat`, that
    many chosen at random) and compare it with its preview. Returns the kinds of command
    whose numbers were compared."""
    compared: Counter[str] = Counter()
    rnd = pick or random.Random(state.version)
    for seat in range(1, state.seats + 1):
        commands = game.legal_commands(RULES, state, seat)
        if not commands:
            continue
        view = RULES.view(state.rules_state, seat)
        frozen = json.dumps(view, sort_keys=True)
        texts = [PREVIEW(view, c) for c in commands]  # raw: an error would show
        assert json.dumps(view, sort_keys=True) == frozen, "a preview changed the view"
        listed = game.previews(RULES, state, commands, seat)
        assert listed == [t or "" for t in texts]
        # the deck dealt otherwise: the same view, so the same previews
        hidden = replace(state, rules_state=hidden_moved(state.rules_state, rnd))
        assert game.previews(RULES, hidden, commands, seat) == listed
        shown = [(c, t) for c, t in zip(commands, texts, strict=True) if t]
        assert all(c["type"] == "EndTurn" for c, t in zip(commands, texts, strict=True) if not t)
        if per_seat:
            shown = rnd.sample(shown, min(per_seat, len(shown)))
        for command, text in shown:
            assert len(textwrap.wrap(text, 76)) <= 7, text  # the play client's preview box
            if CHECKS[command["type"]](Trial(state, seat, command, seed), text):
                compared[kind_of(state, command)] += 1
    return compared


def play_checked(table: Table, per_seat: int = 0) -> Counter[str]:
    compared: Counter[str] = Counter()
    pick = random.Random(table.seed)
    for _ in range(4000):
        if table.state.over:
            return compared
        compared += check_state(table.state, table.seed, pick, per_seat)
        table.submit(*table.pick())
    raise AssertionError("the game did not end")


@pytest.mark.rule(*RULE_IDS)
@pytest.mark.slow  # the quick run compares fixed games (below)
@settings(
    max_examples=8,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking a game takes minutes
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seats=st.integers(1, 4), events=st.booleans(), n=st.integers(0, 100_000))
def test_every_preview_matches_what_its_command_does(seats: int, events: bool, n: int) -> None:
    table = Table(seats, events, n)
    compared = play_checked(table, per_seat=6)
    assert compared["AssignSkills"] > 0 and compared["Collect"] > 0


@pytest.mark.rule(*RULE_IDS)
@pytest.mark.slow
def test_random_games_compare_every_kind_of_preview() -> None:
    """Over a few fixed games, deciding every previewed command at every step, each
    command type with a preview was compared."""
    compared: Counter[str] = Counter()
    for seats, events, n in ((2, True, 1), (3, True, 2), (1, True, 3), (4, True, 4)):
        compared += play_checked(Table(seats, events, n))
    types = {k.split(":")[0] for k in compared}
    assert types == set(CHECKS), set(CHECKS) - types
    both = {"ChooseElixir:lose_elixir", "ChooseElixir:exchange", "Protect:ingredient_loss:keep"}
    assert both <= set(compared), both - set(compared)
