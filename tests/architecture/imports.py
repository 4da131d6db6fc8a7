"""The import graph of the `athanor` package, read from the source (not by importing):
every import statement counts, those inside functions and under `if TYPE_CHECKING:`
included, so a circle cannot hide behind a lazy import or a type hint."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "service"
PACKAGE = ROOT / "athanor"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources() -> dict[str, Path]:
    """Every hand-written module (generated *_pb2 code left out)."""
    return {
        module_name(p): p
        for p in sorted(PACKAGE.rglob("*.py"))
        if not p.name.endswith(("_pb2.py", "_pb2_grpc.py"))
    }


def imports_in(tree: ast.AST, module: str, is_package: bool, modules: set[str]) -> set[str]:
    found: set[str] = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = module.split(".") if is_package else module.split(".")[:-1]
                here = here[: len(here) - (node.level - 1)]
                base = ".".join([*here, base] if base else here)
            # `from athanor.engine import game` imports the module athanor.engine.game;
            # `from athanor.engine import Event` the package itself
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in modules else base)
        todo.extend(ast.iter_child_nodes(node))
    return found


def graph() -> dict[str, set[str]]:
    """module -> the athanor modules it imports (only those that exist)."""
    mods = sources()
    edges: dict[str, set[str]] = {}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(), str(path))
        targets = imports_in(tree, name, path.name == "__init__.py", set(mods))
        edges[name] = {t for t in targets if t in mods and t != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found
