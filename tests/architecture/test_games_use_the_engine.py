"""What card games repeat lives in the engine (decks, turn order, pending decisions,
dice, handler tables, preview scaffolding): no game writes its own. This walks every
game's code for the obvious cases of doing it by hand."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from tests.architecture.imports import PACKAGE

GAMES = PACKAGE / "games"


def game_modules() -> Iterator[tuple[str, ast.AST]]:
    for path in sorted(GAMES.glob("*/**/*.py")):
        if path.name.endswith(("_pb2.py", "_pb2_grpc.py")):
            continue
        yield str(path.relative_to(GAMES)), ast.parse(path.read_text(), str(path))


def _rotates(node: ast.BinOp) -> bool:
    """`order[1:] + order[:1]`, `order[i:] + order[:i]`: a turn order turned by hand."""
    left, right = node.left, node.right
    return (
        isinstance(node.op, ast.Add)
        and isinstance(left, ast.Subscript)
        and isinstance(right, ast.Subscript)
        and isinstance(left.slice, ast.Slice)
        and isinstance(right.slice, ast.Slice)
        and ast.dump(left.value) == ast.dump(right.value)
        and left.slice.lower is not None
        and right.slice.upper is not None
        and ast.dump(left.slice.lower) == ast.dump(right.slice.upper)
    )


def _modulo_seats(node: ast.BinOp) -> bool:
    """`x % seats`, `x % len(order)`, `x % n`: a seat number wrapped by hand."""
    if not isinstance(node.op, ast.Mod):
        return False
    right = node.right
    if isinstance(right, ast.Call) and isinstance(right.func, ast.Name):
        return right.func.id == "len"
    text = ast.unparse(right)
    return "seat" in text or text in ("n", "players")


def _die(node: ast.Call) -> bool:
    """`rng.randint(1, 6)`: a die with its faces written out, past engine.dice (a
    sampler's coin, `randint(0, 1)`, is no die)."""
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "randint"
        and len(node.args) == 2
        and all(isinstance(a, ast.Constant) for a in node.args)
        and getattr(node.args[0], "value", None) == 1
    )


# lists that are queues of seats or steps, not piles of cards
NOT_CARDS = ("queue", "order")


def _off_the_top(node: ast.AST) -> bool:
    """`deck.pop(0)` or `del deck[:n]`: cards taken off a deck by hand."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return (
            node.func.attr == "pop"
            and not any(word in ast.unparse(node.func.value) for word in NOT_CARDS)
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == 0
        )
    if isinstance(node, ast.Delete):
        return any(
            isinstance(t, ast.Subscript)
            and isinstance(t.slice, ast.Slice)
            and not any(word in ast.unparse(t.value) for word in NOT_CARDS)
            for t in node.targets
        )
    return False


def _own_machinery(node: ast.AST) -> str | None:
    if isinstance(node, ast.ClassDef):
        if "Pending" in node.name:
            return f"class {node.name}: a pending decision (engine.decisions)"
        if node.name in ("Registry", "Handlers"):
            return f"class {node.name}: a handler table (engine.handlers.Registry)"
        if node.name == "Seen" and not node.bases:
            return "class Seen: preview scaffolding (engine.previews.Seen)"
    if isinstance(node, ast.FunctionDef) and node.name == "registry":
        return "def registry: handlers bound by hand (engine.handlers.Registry.bind)"
    if isinstance(node, ast.BinOp) and _rotates(node):
        return f"{ast.unparse(node)}: turn order by hand (engine.turns)"
    if isinstance(node, ast.BinOp) and _modulo_seats(node):
        return f"{ast.unparse(node)}: seat rotation by hand (engine.turns)"
    if isinstance(node, ast.Call) and _die(node):
        return f"{ast.unparse(node)}: a die by hand (engine.dice.roll)"
    if _off_the_top(node):
        return f"{ast.unparse(node)}: a deck by hand (engine.decks)"
    return None


def findings() -> list[str]:
    found = []
    for name, tree in game_modules():
        for node in ast.walk(tree):
            what = _own_machinery(node)
            if what:
                found.append(f"{name}:{getattr(node, 'lineno', 0)} {what}")
    return found


def test_no_game_does_by_hand_what_the_engine_does() -> None:
    assert findings() == []


def test_the_walk_finds_each_kind_of_hand_made_machinery() -> None:
    # each pattern the walk looks for, written as a game might: all are found
    source = """
class SpellPending: ...
class Registry: ...
class Seen: ...
def registry(content): ...
nxt = order[1:] + order[:1]
other = seat % seats + 1
face = rng.randint(1, 6)
top = deck.pop(0)
del deck[:2]
coin = rng.randint(0, 1)
seat = queue.pop(0)
"""
    hits = [w for n in ast.walk(ast.parse(source)) if (w := _own_machinery(n))]
    assert len(hits) == 9
