"""What the commands share: the defaults, the options of every client command, and
--content's KIND=DIR."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from athanor.cli.client import TOKEN_ENV, TOKEN_FILE, ClientError

DEFAULT_SERVER = "localhost:50051"
DEFAULT_DATA_DIR = Path(".athanor")
Subparsers = argparse._SubParsersAction  # what add_subparsers returns


def add_client(
    sub: Subparsers, name: str, run: Callable[..., int], help_: str
) -> argparse.ArgumentParser:
    """A client command's parser, with the options every client command takes."""
    c = sub.add_parser(name, help=help_)
    # SUPPRESS: a --server given before the command stays unless repeated after it
    c.add_argument(
        "--server", default=argparse.SUPPRESS, help=f"HOST:PORT (default {DEFAULT_SERVER})"
    )
    c.add_argument("--token", help=f"seat or operator token (else {TOKEN_ENV}, else --data-dir's)")
    c.add_argument(
        "--data-dir",
        type=Path,
        default=DEFAULT_DATA_DIR,
        help=f"where a local server keeps {TOKEN_FILE} (default ./.athanor)",
    )
    c.add_argument("--tls-ca", type=Path, help="CA certificate for a TLS server")
    c.set_defaults(run=run, client=True)
    return c


def content_arg(text: str) -> tuple[str, Path]:
    """KIND=DIR, as --content takes it."""
    kind, sep, directory = text.partition("=")
    if not sep or not kind or not directory:
        raise ClientError(f"--content takes KIND=DIR, not {text!r}")
    return kind, Path(directory)
