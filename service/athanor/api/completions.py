"""grpc.aio's completions reach the event loop as fast as they come.

grpc.aio hands every completion (a call arrived, a message was sent) from its poller
thread to the event loop through a queue and a socket pair: one byte written per
completion, and the loop's reader takes one byte and then every queued completion.
With hundreds of watchers the completions come faster than the loop turns, so the
bytes pile up until the socket's buffer is full; then the poller thread blocks on its
next byte and passes on one completion per turn of the loop, and a new call (an Act)
waits behind the send completions of every watcher, for tens of milliseconds
(bench_watch at 1,000 watchers: 75-110 ms between the client sending an Act and its
handler starting, with the loop itself answering within 3 ms).

`keep_draining` wraps that reader so that it takes every byte waiting but one before
grpc's own handler takes the last and runs the queue. The bytes taken belong to
completions queued before them, which the handler then runs, so none is left without
its wake-up. It reaches into grpc and asyncio internals (the selector's map, the
reader's callback), so it checks what it finds and changes nothing it does not
recognise; `tests/integration/test_completions.py` fails if a grpcio upgrade moves
them.
"""

from __future__ import annotations

import asyncio
import fcntl
import functools
import logging
import socket
import termios
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

GRPC_HANDLER = "_handle_events"  # PollerCompletionQueue's reader of the socket pair
GRPC_QUEUE = "PollerCompletionQueue"


def waiting_bytes(sock: socket.socket) -> int:
    """How many bytes `sock` holds unread."""
    answer = fcntl.ioctl(sock.fileno(), termios.FIONREAD, bytes(4))
    return int.from_bytes(answer, "little")


def drain_then(sock: socket.socket, handle: Callable[[], Any]) -> None:
    """Take every waiting byte but the last, then let grpc's handler take that one
    (its blocking read of one byte must find it) and run every queued completion."""
    extra = waiting_bytes(sock) - 1
    if extra > 0:
        sock.recv(extra)
    handle()


def keep_draining(loop: asyncio.AbstractEventLoop) -> bool:
    """Wrap grpc.aio's completion reader on `loop` (see the module's docstring); True
    when it is wrapped (now or before), False when it was not found."""
    selector = getattr(loop, "_selector", None)
    keys = list(selector.get_map().values()) if selector is not None else []
    for key in keys:
        callback = getattr(key.data[0] if key.data else None, "_callback", None)
        if not isinstance(key.fileobj, socket.socket) or callback is None:
            continue
        if isinstance(callback, functools.partial) and callback.func is drain_then:
            return True
        if _is_grpc_reader(callback):
            sock = key.fileobj
            loop.remove_reader(sock)
            loop.add_reader(sock, functools.partial(drain_then, sock, callback))
            return True
    log.warning("grpc.aio's completion reader was not found: left as it is")
    return False


def _is_grpc_reader(callback: Any) -> bool:
    func = callback.func if isinstance(callback, functools.partial) else callback
    owner = getattr(func, "__self__", None)
    return getattr(func, "__name__", "") == GRPC_HANDLER and type(owner).__name__ == GRPC_QUEUE
