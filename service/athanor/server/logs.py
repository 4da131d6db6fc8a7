"""The server's log lines are written by a thread of their own, not the event loop.

The service logs a line per command; formatting and writing it on the event loop
took a few per cent of an Act. Here the loop only hands the record to a queue; a
listener thread formats and writes it. Our log calls pass only numbers and short
strings as arguments, so a record can cross threads unformatted.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Iterator
from contextlib import contextmanager
from logging.handlers import QueueHandler, QueueListener

FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"


class _Handoff(QueueHandler):
    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        return record  # formatted by the listener thread, not here


@contextmanager
def logging_off_loop(fmt: str = FORMAT, level: int = logging.INFO) -> Iterator[None]:
    """Log INFO and up to stderr through a listener thread, until the block ends
    (then every queued line is written before it returns)."""
    lines: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
    out = logging.StreamHandler()
    out.setFormatter(logging.Formatter(fmt))
    listener = QueueListener(lines, out)
    root = logging.getLogger()
    saved_handlers, saved_level = root.handlers[:], root.level
    root.handlers = [_Handoff(lines)]
    root.setLevel(level)
    listener.start()
    try:
        yield
    finally:
        listener.stop()
        root.handlers = saved_handlers
        root.setLevel(saved_level)
