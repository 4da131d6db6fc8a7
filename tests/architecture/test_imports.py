"""The package's import graph: no circles, and every arrow points down the layers."""

from __future__ import annotations

import ast

from tests.architecture.imports import cycles, graph, imports_in

# Each part of the package and the parts it may import. The engine knows no game; a game
# knows the engine only; the service (app) knows the store and the engine; the gRPC API
# serves the app; the web port serves the same servicer; the server puts the store, the
# app and both ports together; the CLI and the terminal client are the outside, which
# starts the servers.
MAY_IMPORT: dict[str, set[str]] = {
    "engine": set(),
    "games": {"engine"},
    "store": {"engine"},
    "app": {"engine", "store", "games"},
    "api": {"app", "engine", "store", "v1", "retry"},
    "web": {"api", "app", "engine", "v1"},
    "retry": {"v1"},
    "play": {"v1", "retry", "engine"},
    "v1": set(),
    "server": {"api", "app", "store", "web"},
    "cli": {"api", "app", "engine", "games", "play", "server", "store", "v1", "web", "retry"},
}
SHARED_GAME_MODULES = {"packs", "wording", "labelling"}
# the terminal client words commands with the games' shared plain-English pieces
CLIENT_MAY_IMPORT = {"play": {"athanor.games.wording"}}


def part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_the_package_has_no_import_circles() -> None:
    assert cycles(graph()) == []


def test_every_import_points_down_the_layers() -> None:
    wrong = sorted(
        f"{a} imports {b}"
        for a, targets in graph().items()
        for b in targets
        if part(a) != part(b) and part(a) and part(b) not in MAY_IMPORT.get(part(a), set())
        if b not in CLIENT_MAY_IMPORT.get(part(a), set())
    )
    assert wrong == []


def test_no_game_imports_another() -> None:
    def game(module: str) -> str | None:
        parts = module.split(".")
        if len(parts) < 3 or parts[1] != "games" or parts[2] in SHARED_GAME_MODULES:
            return None
        return parts[2]

    wrong = sorted(
        f"{a} imports {b}"
        for a, targets in graph().items()
        for b in targets
        if game(a) and game(b) and game(a) != game(b)
    )
    assert wrong == []


def test_the_graph_sees_lazy_and_typing_imports() -> None:
    # the checks above are only as good as the graph: a function-level import, a
    # TYPE_CHECKING import and a relative import are edges too
    source = """
from typing import TYPE_CHECKING
from . import sibling
if TYPE_CHECKING:
    from athanor.app.service import GameService
def later():
    import athanor.engine.game
    from athanor.store import keys
"""
    modules = {
        "athanor.app.bots",
        "athanor.app.sibling",
        "athanor.app.service",
        "athanor.engine.game",
        "athanor.store.keys",
        "athanor.store",
    }
    found = imports_in(ast.parse(source), "athanor.app.bots", False, modules)
    assert {
        "athanor.app.sibling",
        "athanor.app.service",
        "athanor.engine.game",
        "athanor.store.keys",
    } <= found
