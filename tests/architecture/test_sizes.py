"""Small modules and short functions: no hand-written code file over 600 lines, no
Python function over 80 lines (generated protobuf code aside)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDERS = ("service", "devices", "tests", "benchmarks", "scripts")
MAX_LINES = 600
MAX_FUNCTION = 80


def code_files() -> Iterator[Path]:
    for folder in FOLDERS:
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix not in (".py", ".js") or path.name.endswith(("_pb2.py", "_pb2_grpc.py")):
                continue
            if ".venv" in path.parts or "node_modules" in path.parts:
                continue
            yield path


def long_functions(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION:
                yield f"{path.relative_to(REPO)}:{node.lineno} {node.name} ({length} lines)"


def test_no_code_file_is_over_600_lines() -> None:
    files = list(code_files())
    assert len(files) > 100  # the walk found the code
    long = [
        f"{p.relative_to(REPO)} ({n} lines)"
        for p in files
        if (n := len(p.read_text().splitlines())) > MAX_LINES
    ]
    assert long == []


def test_no_function_is_over_80_lines() -> None:
    found = [f for p in code_files() if p.suffix == ".py" for f in long_functions(p)]
    assert found == []
