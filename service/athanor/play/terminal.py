"""Keeping the screen the client's own while it runs.

gRPC's C core logs straight to file descriptor 2 (a GOAWAY, a failed connection), and
Textual draws the screen through `sys.__stderr__`, which is the same descriptor: a
core line would land in the middle of the screen. GRPC_VERBOSITY is read only when
grpc is first imported, which the CLI has done long before, so the descriptor itself
is moved aside while the screen is up: Python's stderr (the screen, a traceback after
a crash) keeps the terminal, descriptor 2 goes nowhere, and both are put back after.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def core_logs_aside() -> Iterator[None]:
    """While inside: what is written to descriptor 2 below Python is dropped, and
    Python's `sys.stderr` and `sys.__stderr__` still reach the terminal."""
    screen = sys.__stderr__
    try:
        fd = screen.fileno() if screen is not None else -1
    except (OSError, ValueError):  # no real stderr (a test's capture): nothing to keep
        fd = -1
    if screen is None or fd < 0:
        yield
        return
    saved = sys.stderr
    screen.flush()
    saved.flush()
    terminal = os.dup(fd)
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, fd)
    os.close(nowhere)
    stream = open(  # noqa: SIM115 - closed below, after the descriptor is put back
        terminal, "w", encoding=screen.encoding, errors=screen.errors, buffering=1
    )
    # setattr: typeshed calls sys.__stderr__ final, but it is a plain attribute
    setattr(sys, "__stderr__", stream)  # noqa: B010
    sys.stderr = stream
    try:
        yield
    finally:
        stream.flush()
        os.dup2(terminal, fd)
        setattr(sys, "__stderr__", screen)  # noqa: B010
        sys.stderr = saved
        stream.close()
