"""Which games this server runs.

Built-in games are listed in BUILTIN; more can be added without code changes through
the ``athanor.games`` entry point group or the ATHANOR_GAMES environment variable
(``module:attr`` items separated by commas), which is how the tests load their
fixture game into a server started in another process.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from importlib.metadata import entry_points

from athanor.engine.rules import Rules

BUILTIN: tuple[str, ...] = (
    "athanor.games.apothebakery.rules:RULES",
    "athanor.games.valley.rules:RULES",
)
ENV_VAR = "ATHANOR_GAMES"


class UnknownKind(LookupError):
    def __init__(self, kind: str, known: Iterable[str]) -> None:
        super().__init__(f"unknown game kind {kind!r}; known: {', '.join(sorted(known)) or 'none'}")
        self.kind = kind


def load_object(spec: str) -> Rules:
    module, _, attr = spec.partition(":")
    if not module or not attr:
        raise ValueError(f"a game is named as module:attr, not {spec!r}")
    obj = getattr(importlib.import_module(module), attr)
    if not isinstance(obj, Rules):
        raise TypeError(f"{spec} does not implement the Rules protocol")
    return obj


class Kinds:
    def __init__(self, rules: Iterable[Rules] = ()) -> None:
        self._by_kind: dict[str, Rules] = {}
        for r in rules:
            self.add(r)

    def add(self, rules: Rules) -> None:
        self._by_kind[rules.kind] = rules

    def get(self, kind: str) -> Rules:
        try:
            return self._by_kind[kind]
        except KeyError:
            raise UnknownKind(kind, self._by_kind) from None

    def all(self) -> list[Rules]:
        return [self._by_kind[k] for k in sorted(self._by_kind)]

    @classmethod
    def discover(cls, extra: Iterable[str] = ()) -> Kinds:
        specs = list(BUILTIN)
        specs += [ep.value for ep in entry_points(group="athanor.games")]
        specs += [s.strip() for s in os.environ.get(ENV_VAR, "").split(",") if s.strip()]
        specs += list(extra)
        return cls(load_object(s) for s in dict.fromkeys(specs))
