"""Command arguments, seats and outcomes in words, for any game.

Every value is shown as words, never as JSON: a labelled id by its label, a word id
("wolf_keeper", "bird-claw") titled ("Wolf Keeper"), counts by colour or kind as "2 red
and 1 yellow", a small record as its main name and the rest ("Red L3 square (6 EP),
place 1"), a list as its items. Seats go by the names the table gives them ("names" in
the view or the table summary), "Seat N" without one, "you" for one's own seat.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping
from typing import Any

from athanor.games.wording import listing, title

Labels = Mapping[str, str]
NO_LABELS: Labels = {}
# an id made of lowercase words ("wolf_keeper", "bird-claw", "ingredient-1"): shown
# titled, as printed, where the game gives it no label
_WORD_ID = re.compile(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+")


def words(key: str) -> str:
    """forrie_hand -> forrie hand; ProcessCard -> Process Card."""
    out = []
    for i, ch in enumerate(key.replace("_", " ")):
        if ch.isupper() and i and key[i - 1].islower():
            out.append(" ")
        out.append(ch)
    return "".join(out)


def scalar(value: Any) -> str:
    if value is None:
        return "-"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def is_scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


def word_id(value: Any) -> bool:
    """An id made of words ("wolf_keeper", "bird-claw"): one a player reads titled."""
    return isinstance(value, str) and _WORD_ID.fullmatch(value) is not None


def titled_keys(commands: Iterable[Mapping[str, Any]]) -> set[str]:
    """The argument names whose values include a word id among `commands`: all the
    plain words of such an argument are titled alike ("Wolf Keeper, Alchemist")."""
    keys: set[str] = set()
    for command in commands:
        for key, value in command.items():
            items = value if isinstance(value, list) else [value]
            if key != "type" and any(word_id(x) for x in items):
                keys.add(key)
    return keys


def shown(
    value: Any, labels: Labels = NO_LABELS, tagged: Container[str] = (), titled: bool = False
) -> str:
    """A scalar as text; a labelled id as its label (with "[id]" when `tagged` holds it);
    a word id, or any plain word when `titled`, titled."""
    if isinstance(value, str) and value in labels:
        return f"{labels[value]} [{value}]" if value in tagged else labels[value]
    if isinstance(value, str) and (word_id(value) or (titled and value.isalpha())):
        return title(value.replace("-", " "))
    return scalar(value)


def value_words(
    value: Any, labels: Labels = NO_LABELS, tagged: Container[str] = (), titled: bool = False
) -> str:
    """Any argument value in words: lists by their items, counts as "2 red and 1
    yellow", a record as its main name then its other fields."""
    if isinstance(value, list):
        if not value:
            return "none"
        if all(is_scalar(x) for x in value):
            return ", ".join(shown(x, labels, tagged, titled) for x in value)
        return "; ".join(value_words(x, labels, tagged, titled) for x in value)
    if isinstance(value, dict):
        if not value:
            return "none"
        if all(isinstance(n, int) and not isinstance(n, bool) for n in value.values()):
            return listing([f"{n} {shown(k, labels, tagged)}" for k, n in value.items()])
        return record(value, labels, tagged, titled)
    return shown(value, labels, tagged, titled)


def record(value: Mapping[str, Any], labels: Labels, tagged: Container[str], titled: bool) -> str:
    """A small record: its labelled ids by name first, then "field value" for the rest
    ("Red L3 square (6 EP), place 1")."""
    named = [v for v in value.values() if isinstance(v, str) and v in labels]
    rest = [
        f"{words(k)} {value_words(v, labels, tagged, titled)}"
        for k, v in value.items()
        if not (isinstance(v, str) and v in labels)
    ]
    return ", ".join([shown(v, labels, tagged) for v in named] + rest)


def arguments(
    command: Mapping[str, Any],
    labels: Labels = NO_LABELS,
    tagged: Container[str] = (),
    titled: Container[str] = (),
) -> str:
    """A variant's arguments in words: 'cards: Plant 1/3 [plant-01], Plant 2/2 · benefit:
    draw' (labelled ids by their labels, with "[id]" for those in `tagged`; the plain
    words of the arguments in `titled` titled)."""
    parts = [
        f"{words(key)}: {value_words(value, labels, tagged, key in titled)}"
        for key, value in command.items()
        if key != "type"
    ]
    return " · ".join(parts) or "(no arguments)"


# -- seats ------------------------------------------------------------------------


def names_of(*sources: Mapping[str, Any] | None) -> dict[int, str]:
    """What the table calls each seat, from the first source that gives names or bots:
    a player's name ("names": {"1": "Ana"}), else "Bot N" for a seat the server's bot
    plays ("bots": {"2": "basic"}), as the server's own texts call them."""
    for source in sources:
        given, bots = (source or {}).get("names"), (source or {}).get("bots")
        found = {
            int(k): f"Bot {k}" for k in (bots if isinstance(bots, dict) else {}) if str(k).isdigit()
        }
        if isinstance(given, dict):
            found |= {
                int(k): v.strip()
                for k, v in given.items()
                if str(k).isdigit() and isinstance(v, str) and v.strip()
            }
        if found:
            return found
    return {}


def seat_name(seat: int, names: Mapping[int, str], my_seat: int = 0, you: bool = False) -> str:
    """A seat as the table names it ("Ana"), "Seat 2" without a name; with `you`, one's
    own seat is "you"."""
    if you and my_seat and seat == my_seat:
        return "you"
    return names.get(seat) or f"Seat {seat}"


def outcome_words(outcome: Any, names: Mapping[int, str], my_seat: int = 0) -> list[str]:
    """How the game ended, in words: each seat's name and score, best first, then the
    winners. Read from the outcome only (the running table summary may differ)."""
    if not isinstance(outcome, dict):
        return [] if outcome in (None, "") else [value_words(outcome)]
    scores = outcome.get("scores")
    scores = scores if isinstance(scores, dict) else {}
    winners = [int(s) for s in outcome.get("winners") or [] if str(s).isdigit()]
    lines = []
    ranked = sorted(scores.items(), key=lambda kv: (-_number(kv[1]), int(kv[0])))
    for seat, score in ranked:
        who = seat_name(int(seat), names)
        mark = " (you)" if my_seat and int(seat) == my_seat else ""
        won = " - wins" if int(seat) in winners else ""
        lines.append(f"{who}{mark}: {value_words(score)}{won}")
    if winners:
        named = [seat_name(s, names, my_seat, you=True) for s in winners]
        verb = "wins" if named != ["you"] and len(named) == 1 else "win"
        said = f"{listing(named)} {verb}"
        lines.append(said[0].upper() + said[1:])
    elif scores:
        lines.append("Nobody wins")
    return lines


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0
