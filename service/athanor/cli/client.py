"""What every client command shares: the channel, the token, errors in plain words."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from athanor.retry import ANSWER_OPTIONS
from athanor.v1 import athanor_pb2_grpc as pb_grpc

TOKEN_ENV = "ATHANOR_TOKEN"
TOKEN_FILE = "operator.token"


class ClientError(Exception):
    """A failed call, said plainly; the CLI prints it and exits 1."""


class Refused(Exception):
    """The file was read and refused: exit 1, like a failed verification."""


def find_token(explicit: str | None, data_dir: Path) -> str | None:
    """--token, else ATHANOR_TOKEN, else the operator token a local server wrote."""
    if explicit:
        return explicit
    if os.environ.get(TOKEN_ENV):
        return os.environ[TOKEN_ENV]
    path = data_dir / TOKEN_FILE
    if path.exists():
        try:
            return path.read_text().strip()
        except UnicodeDecodeError:
            raise ClientError(f"{path}: not a token (not text)") from None
    return None


def metadata(token: str | None) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),) if token else ()


def open_channel(server: str, tls_ca: Path | None = None) -> grpc.Channel:
    if not server.strip():  # gRPC would log its own trace, then fail with UNKNOWN
        raise ClientError("--server takes HOST:PORT, not an empty address")
    if tls_ca is not None:
        creds = grpc.ssl_channel_credentials(tls_ca.read_bytes())
        return grpc.secure_channel(server, creds, options=ANSWER_OPTIONS)
    return grpc.insecure_channel(server, options=ANSWER_OPTIONS)


@contextmanager
def stub(server: str, tls_ca: Path | None = None) -> Iterator[pb_grpc.AthanorStub]:
    channel = open_channel(server, tls_ca)
    try:
        yield pb_grpc.AthanorStub(channel)
    finally:
        channel.close()


def refusal(err: grpc.RpcError) -> str:
    """The rule code of a refused command ("RESIGNED"), or "" for any other error."""
    status = rpc_status.from_call(err)  # type: ignore[arg-type]
    for detail in status.details if status is not None else ():
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return str(info.reason)
    return ""


def describe(err: grpc.RpcError) -> str:
    """A status in plain words, with the rule id when a rule refused the command."""
    code = err.code()  # type: ignore[attr-defined]
    text = f"{code.name}: {err.details()}"  # type: ignore[attr-defined]
    status = rpc_status.from_call(err)  # type: ignore[arg-type]
    if status is not None:
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(info):
                text = f"{code.name}: {info.metadata['reason']} (rule {info.metadata['rule_id']})"
    # gRPC's own words when no server answered; the server's UNAVAILABLE (its store, a
    # replica short) says what to do itself
    if code == grpc.StatusCode.UNAVAILABLE and "connect" in text.lower():
        text += " (is `athanor serve` running, and is --server right?)"
    return text


def print_json(obj: Any) -> None:
    """JSON for people: names and sentences in their own letters, not \\u escapes."""
    json.dump(obj, sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")
