"""Display names for the ids in a seat's view: the presentation's `labels(view)` part.

Every name comes from the content pack, which is the printed cards (public), and a name
is given only for an id that occurs in the view handed in (views.py), so labels never
tell a seat more than its view does. The engine also drops any label for an id absent
from the view.

| id | label | from |
|---|---|---|
| Forrie (`plant-06`) | `Plant 2/2`: species, stamina/strength | forries.toml |
| Iridescent Forrie (`plant-iri`) | `Iridescent Plant 0/0` | forries.toml |
| Wilderness card (`res-04`) | `Rock 1`: type, potency | wilderness.toml |
| adventurer (`adv-01`) | `Aldric the Bold` | adventurers.toml |
| Diagnosis (`dia-03`) | `Lemon Drizzle (health 3)`: cake, starting hearts | diagnoses.toml |
| Cure (`cure-02`) | `Water Rock Plant (3 rep)`: elixirs, reputation | cures.toml |
| spell (`spell-04`) | `Stasis` | spells.toml |
| objective (`obj-01`) | `Busy Kitchen (+3)`: title, bonus | objectives.toml |
| Corruption card (`cor-02`) | `Stamina 4 / Heart 2 / Spoils 2+4` | corruption.toml |
| Ghost Vengeance (`fennic_doiet`) | `Fennic Doiet` | ghost_vengeance.toml |
| token (`pure:water`, `failed`, ...) | `Pure Water`, `Failed Elixir`, `Spectral Vial` | game.toml |

Labels are short (they are shown in lists: none holds a comma) and two ids share a
label only when their cards are the same in every printed respect (the three Plant
1/3 Forries); should a content pack print two different cards that would read the
same, both get their id added ("Aldric the Bold (adv-01)").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from athanor.games.apothebakery import content
from athanor.games.apothebakery.state import FAILED, RAINBOW, SPECTRAL
from athanor.games.labelling import Entry, PackLabels, face
from athanor.games.wording import title

JSON = dict[str, Any]
TOKEN_NAMES = {RAINBOW: "Rainbow", FAILED: "Failed Elixir", SPECTRAL: "Spectral Vial"}


def pack_labels(pack: content.Content) -> PackLabels[content.Content]:
    """The labels of one pack (cards.Cards keeps them): `all()` gives the label of every
    id the pack prints (and of every token), made unique where two cards differ in print;
    `for_view(view)` those of the ids that occur in `view` as values (keys are names: the
    bags' "failed" count is no token)."""
    return PackLabels(_entries, lambda: pack)


def _entries(pack: content.Content) -> Iterator[Entry]:
    """(id, label, printed face) of every card and token; the face is everything the
    card prints except its id, with its kind."""
    for f in pack.forries:
        name = f"{title(f.species)} {f.stamina}/{f.strength}"
        yield f.id, f"Iridescent {name}" if f.iridescent else name, face("forrie", f)
    for r in pack.wilderness:
        yield r.id, f"{title(r.type)} {r.potency}", face("wilderness", r)
    for a in pack.adventurers:
        yield a.id, a.name, face("adventurer", a)
    for d in pack.diagnoses:
        yield d.id, f"{d.cake} (health {d.health})", face("diagnosis", d)
    for c in pack.cures:
        needs = " ".join(title(e) for e in c.elixirs)
        yield c.id, f"{needs} ({c.reputation} rep)", face("cure", c)
    for s in pack.spells:
        kind = pack.spell_kinds[s.spell]
        yield s.id, kind.name, ("spell", kind.id, kind.name, kind.text)
    for o in pack.objectives:
        yield o.id, f"{o.title} (+{o.bonus})", face("objective", o)
    for k in pack.corruption:
        spoils = "+".join(str(n) for n in k.spoils)
        yield k.id, f"Stamina {k.stamina} / Heart {k.heart} / Spoils {spoils}", face("cor", k)
    for g in pack.ghost_vengeance:
        yield g.id, g.name, face("vengeance", g)
    for token, name in token_labels(pack).items():
        yield token, name, ("token", token)


def token_labels(pack: content.Content) -> dict[str, str]:
    """Inventory tokens (state.py): Pure and Impure of each elixir type, and the rest."""
    out = {
        f"{kind}:{t}": f"{title(kind)} {title(t)}"
        for kind in ("pure", "impure")
        for t in pack.settings.elixir_types
    }
    return out | TOKEN_NAMES
