"""Regenerate the committed protobuf and gRPC code from proto/.

Usage: python scripts/gen_proto.py [--check]
With --check, generate into a temporary folder and exit 1 when the committed code
differs (CI runs this to catch stale generated code).
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTO = ROOT / "proto"
OUT = ROOT / "service"


def generate(out: Path) -> list[Path]:
    sources = sorted(PROTO.rglob("*.proto"))
    include = Path(protoc.__file__).parent / "_proto"
    args = [
        "protoc",
        f"-I{PROTO}",
        f"-I{include}",
        f"--python_out={out}",
        f"--pyi_out={out}",
        f"--grpc_python_out={out}",
        *[str(s) for s in sources],
    ]
    if protoc.main(args) != 0:
        sys.exit("protoc failed")
    made = [p for p in out.rglob("*_pb2*.py*")]
    for folder in {p.parent for p in made}:
        init = folder / "__init__.py"
        if not init.exists():
            init.write_text("")
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when committed code is stale")
    args = parser.parse_args()
    if not args.check:
        made = generate(OUT)
        print(f"generated {len(made)} files under {OUT.relative_to(ROOT)}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        made = generate(Path(tmp))
        stale = []
        for path in made:
            rel = path.relative_to(tmp)
            committed = OUT / rel
            if not committed.exists() or not filecmp.cmp(path, committed, shallow=False):
                stale.append(str(rel))
        if stale:
            print("generated code is stale; run: python scripts/gen_proto.py", file=sys.stderr)
            for rel in stale:
                print(f"  {rel}", file=sys.stderr)
            return 1
        print(f"generated code is current ({len(made)} files)")
        shutil.rmtree(tmp, ignore_errors=True)
        return 0


if __name__ == "__main__":
    sys.exit(main())
