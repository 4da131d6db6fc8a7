"""Which games this server runs, and with which content packs.

Built-in games are listed in BUILTIN; more can be added without code changes through
the ``athanor.games`` entry point group or the ATHANOR_GAMES environment variable
(``module:attr`` items naming a `GameKind`, separated by commas), which is how the
tests load their fixture game into a server started in another process.

Each kind has its built-in pack (id ``builtin``) and any packs the table adds with
``athanor serve --content KIND=DIR``. Rules are built once per pack and looked up by
the pack's digest, which is what a game's first event records. A kind's former
built-in packs (``PackFormat.former``) are opened too, so the games recorded with them
re-run with their own cards, but they are not listed and no new game gets one.

A game is re-run and played on under the rules it was created with: its GameCreated
names their rules_version, and a kind keeps its earlier versions (`GameKind.older`),
built per pack when a game of one is first met. A version no registration knows is
refused (`UnknownRules`), never re-run under other rules.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Mapping
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from athanor.engine.pack import BUILTIN, Pack, PackProblems
from athanor.engine.record import Record
from athanor.engine.rules import GameKind, Rules, RulesBuilder

BUILTIN_GAMES: tuple[str, ...] = (
    "athanor.games.alchemists.rules:GAME",
    "athanor.games.apothebakery.rules:GAME",
    "athanor.games.alkemia.rules:GAME",
    "athanor.games.valley.rules:GAME",
    "athanor.games.witchs_brew.rules:GAME",
)
ENV_VAR = "ATHANOR_GAMES"
PACK_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_.")


def pack_id_of(directory: Path, pack_id: str = "") -> str:
    """The id a table's pack folder is served under (`pack_id`, else the folder's name
    lower-cased); ValueError when it cannot be an id."""
    pack_id = pack_id or directory.resolve().name.lower()
    if not pack_id or not set(pack_id) <= PACK_ID_CHARS or pack_id == BUILTIN:
        raise ValueError(
            f"a pack id is lower-case letters, digits, '-', '_' or '.', and not "
            f"{BUILTIN!r}: {pack_id!r}"
        )
    return pack_id


class UnknownKind(LookupError):
    def __init__(self, kind: str, known: Iterable[str]) -> None:
        shown = kind if len(kind) <= 40 else kind[:40] + "…"
        super().__init__(
            f"unknown game kind {shown!r}; known: {', '.join(sorted(known)) or 'none'}"
        )
        self.kind = kind


class UnknownPack(LookupError):
    """A game names a pack this server does not have: which kind, which pack, and the
    packs it has, so the operator knows what to add with --content."""

    def __init__(self, kind: str, wanted: str, have: Iterable[Pack]) -> None:
        listed = ", ".join(f"{p.id} ({p.digest[:12]})" for p in have) or "none"
        super().__init__(f"this server lacks the {kind} content pack {wanted}; it has: {listed}")


class UnknownRules(LookupError):
    """A game names a rules version this server does not know (a later release's, say):
    which kind, which version, and the versions it knows."""

    def __init__(self, kind: str, wanted: str, known: Iterable[str]) -> None:
        shown = wanted if len(wanted) <= 40 else wanted[:40] + "…"
        super().__init__(
            f"this server does not know the rules version {shown!r} of {kind}; "
            f"it knows: {', '.join(known) or 'none'}"
        )


def load_object(spec: str) -> GameKind:
    module, _, attr = spec.partition(":")
    if not module or not attr:
        raise ValueError(f"a game is named as module:attr, not {spec!r}")
    obj = getattr(importlib.import_module(module), attr)
    if not isinstance(obj, GameKind):
        raise TypeError(f"{spec} is not a GameKind")
    return obj


class Kinds:
    def __init__(self, games: Iterable[GameKind] = ()) -> None:
        self._games: dict[str, GameKind] = {}
        self._packs: dict[str, dict[str, Pack]] = {}  # kind -> pack id -> pack
        self._rules: dict[tuple[str, str], Rules] = {}  # (kind, digest) -> rules
        # (kind, digest, builder) -> the rules of an earlier version, built when first met
        self._older: dict[tuple[str, str, RulesBuilder], Rules] = {}
        for g in games:
            self.add(g)

    def add(self, game: GameKind) -> None:
        self._games[game.kind] = game
        self._packs[game.kind] = {}
        if game.packs is not None:
            self._add(game.kind, game.packs.open())
            for folder in game.packs.former:  # for the games recorded with them only
                pack = game.packs.open(folder)
                self._rules.setdefault((game.kind, pack.digest), game.build(pack))

    def add_pack(self, kind: str, directory: Path | str, pack_id: str = "") -> Pack:
        """Serve a table's own pack beside the built-in one (checked first)."""
        game = self.game(kind)
        directory = Path(directory)
        pack_id = pack_id_of(directory, pack_id)
        if pack_id in self._packs[kind]:
            raise ValueError(f"{kind} already has a pack named {pack_id!r}")
        if game.packs is None:
            raise PackProblems(directory, [f"{kind} has no content pack"])
        pack = game.packs.open(directory, pack_id)
        self._add(kind, pack)
        return pack

    def _add(self, kind: str, pack: Pack) -> None:
        self._packs[kind][pack.id] = pack
        self._rules.setdefault((kind, pack.digest), self._games[kind].build(pack))

    def game(self, kind: str) -> GameKind:
        try:
            return self._games[kind]
        except KeyError:
            raise UnknownKind(kind, self._games) from None

    def get(
        self, kind: str, digest: str = "", rules_version: str = "", created_schema: int = 0
    ) -> Rules:
        """The rules of `kind` for the pack with `digest` ("" : the built-in pack, which
        is also what games stored before packs were recorded were played with), under
        `rules_version` ("": the current one). An earlier version's rules come from the
        kind's `older`, or from its `by_created_schema` with `created_schema` (the
        schema of the game's GameCreated record) where one version string named two
        behaviours; an unknown version raises UnknownRules."""
        current = self._current(kind, digest)
        if not rules_version:
            return current
        game = self._games[kind]
        builder = game.by_created_schema.get((rules_version, created_schema))
        if builder is None:
            if rules_version == current.rules_version:
                return current
            builder = game.older.get(rules_version)
        if builder is None:
            raise UnknownRules(kind, rules_version, self.versions(kind))
        pack = current.pack
        key = (kind, pack.digest if pack is not None else "", builder)
        rules = self._older.get(key)
        if rules is None:
            rules = builder(pack)
            if rules.rules_version != rules_version:  # a registration's mistake, found early
                raise ValueError(
                    f"{kind}: the rules registered for {rules_version!r} "
                    f"say {rules.rules_version!r}"
                )
            self._older[key] = rules
        return rules

    def split_by_schema(self, kind: str, rules_version: str) -> bool:
        """Whether games of this rules_version need their GameCreated record's schema to
        pick their rules (see GameKind.by_created_schema)."""
        game = self._games.get(kind)
        return game is not None and any(v == rules_version for v, _ in game.by_created_schema)

    def versions(self, kind: str) -> list[str]:
        """The rules versions of `kind` this server can re-run: the current one first."""
        game = self.game(kind)
        older = {v for v, _ in game.by_created_schema} | set(game.older)
        current = self._current(kind, "").rules_version
        return [current, *sorted(older - {current}, reverse=True)]

    def _current(self, kind: str, digest: str) -> Rules:
        game = self.game(kind)
        if game.packs is None:
            key = (kind, "")
            if key not in self._rules:
                self._rules[key] = game.build(None)
            return self._rules[key]
        if not digest:
            digest = self._packs[kind][BUILTIN].digest
        rules = self._rules.get((kind, digest))
        if rules is None:
            raise UnknownPack(kind, f"with digest {digest[:12]}", self.packs(kind))
        return rules

    def named(self, kind: str, pack_id: str = "") -> Rules:
        """The rules of `kind` for the pack called `pack_id` ("" : built-in)."""
        game = self.game(kind)
        if game.packs is None:
            if pack_id and pack_id != BUILTIN:
                raise UnknownPack(kind, repr(pack_id[:40]), [])
            return self.get(kind)
        pack = self._packs[kind].get(pack_id or BUILTIN)
        if pack is None:
            raise UnknownPack(kind, repr(pack_id[:40]), self.packs(kind))
        return self._rules[(kind, pack.digest)]

    def for_created(self, created: Record) -> Rules:
        """The rules a game was played with, from its GameCreated record: its kind, its
        pack's digest, its rules_version, and the record's schema where that version
        string named two behaviours."""
        body: Mapping[str, Any] = created.body
        ref = body.get("pack") or {}
        digest = ref.get("digest", "") if isinstance(ref, Mapping) else ""
        kind, version = str(body.get("kind", "")), str(body.get("rules_version", ""))
        return self.get(kind, str(digest), version, created.schema)

    def for_new_game(self, kind: str, digest: str = "") -> Rules:
        """The current rules for a new game with the pack of `digest` (a rematch): a
        former built-in pack, never offered for new games, gives way to the built-in."""
        offered = {p.digest for p in self._packs.get(kind, {}).values()}
        return self.get(kind, digest if digest in offered else "")

    def packs(self, kind: str) -> list[Pack]:
        """The packs a table may choose: the built-in one and the tables' own (not the
        former built-in packs kept for old games)."""
        return sorted(self._packs.get(kind, {}).values(), key=lambda p: (p.id != BUILTIN, p.id))

    def all(self) -> list[Rules]:
        """Each kind's rules with its built-in pack."""
        return [self.get(k) for k in sorted(self._games)]

    def games(self) -> list[GameKind]:
        return [self._games[k] for k in sorted(self._games)]

    @classmethod
    def discover(cls, extra: Iterable[str] = ()) -> Kinds:
        """Every game this process can find, each with its built-in pack."""
        specs = list(BUILTIN_GAMES)
        specs += [ep.value for ep in entry_points(group="athanor.games")]
        specs += [s.strip() for s in os.environ.get(ENV_VAR, "").split(",") if s.strip()]
        specs += list(extra)
        return cls(load_object(s) for s in dict.fromkeys(specs))
