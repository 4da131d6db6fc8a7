"""athanor: run the game service, and talk to it.

Client commands take --server HOST:PORT (default localhost:50051) and find a token in
--token, ATHANOR_TOKEN or the operator token a local `athanor serve` wrote.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

import grpc

from athanor.cli.client import (
    TOKEN_ENV,
    TOKEN_FILE,
    ClientError,
    Refused,
    describe,
    find_token,
    metadata,
    stub,
)
from athanor.cli.game_logs import add_log_parsers, is_file_target, verify_file
from athanor.cli.options import DEFAULT_SERVER, content_arg
from athanor.cli.playing import add_play_parsers
from athanor.cli.serve import add_serve_parsers
from athanor.cli.tables import add_table_parsers

# options whose value may start with '-' (a seat token does, one time in 64)
DASH_VALUES = ("--token",)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="athanor", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--server",
        default=DEFAULT_SERVER,
        help=f"client commands: the server's HOST:PORT (default {DEFAULT_SERVER})",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    add_serve_parsers(sub)
    add_table_parsers(sub)
    add_play_parsers(sub)
    add_log_parsers(sub)
    return parser


def dash_values(argv: list[str]) -> list[str]:
    """`--token -X` as `--token=-X`: argparse takes a value starting with '-' for an
    option, and a seat token may start with one."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] in DASH_VALUES and i + 1 < len(argv):
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
            continue
        out.append(argv[i])
        i += 1
    return out


def no_token_hint(data_dir: Path) -> str:
    return (
        f"no token was found: pass --token, set {TOKEN_ENV}, or point --data-dir at the "
        f"server's data directory (looked for {data_dir / TOKEN_FILE})"
    )


def main(argv: list[str] | None = None) -> int:
    argv = dash_values(list(sys.argv[1:] if argv is None else argv))
    # a terminal that cannot show a player's name gets escapes, not a traceback
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    args = build_parser().parse_args(argv)
    token: str | None = None
    try:
        if not args.client:
            return int(args.run(args))
        if args.command == "verify" and is_file_target(args.target):
            path = Path(args.target)
            if not path.is_file():
                raise ClientError(f"{path}: no such file (a game id is [A-Za-z0-9_-])")
            return verify_file(path, [content_arg(t) for t in args.content])
        token = find_token(args.token, args.data_dir)
        with stub(args.server, args.tls_ca) as s:
            return int(args.run(args, s, metadata(token)))
    except ClientError as err:
        print(f"athanor: {err}", file=sys.stderr)
        return 2
    except Refused as err:
        print(f"athanor: {err}", file=sys.stderr)
        return 1
    except grpc.RpcError as err:
        print(f"athanor: {describe(err)}", file=sys.stderr)
        if token is None and err.code() in (  # type: ignore[attr-defined]
            grpc.StatusCode.UNAUTHENTICATED,
            grpc.StatusCode.PERMISSION_DENIED,
        ):
            print(f"athanor: {no_token_hint(args.data_dir)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): not an error of ours
        sys.stderr.close()
        return 0
    except OSError as err:  # a file named on the command line (--out, --tls-ca, a token)
        where = f"{err.filename}: " if err.filename else ""
        print(f"athanor: {where}{err.strerror or err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
