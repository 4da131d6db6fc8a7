"""The server's log lines are written by a thread of their own, not the event loop.

The service logs a line per command. Formatting and writing it on the event loop took
a few per cent of an Act; handing each record to a queue that wakes a listener thread
took more (a profile of Act put a fifth of the server's samples in that hand-off and
the thread's wake-ups, each one taking the GIL from the loop). So the loop only appends
the record to a deque, which wakes nothing, and the writer thread takes what has
gathered every FLUSH_SECONDS and writes it in one go. Our log calls pass only numbers
and short strings as arguments, so a record can cross threads unformatted.
"""

from __future__ import annotations

import collections
import logging
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
FLUSH_SECONDS = 0.1  # how late a line may reach stderr; a batch a tenth of a second


class _Gathered(logging.Handler):
    """Keeps each record for the writer thread: a deque append, no lock and no wake-up."""

    def __init__(self) -> None:
        super().__init__()
        self.records: collections.deque[logging.LogRecord] = collections.deque()

    def handle(self, record: logging.LogRecord) -> bool:
        # no filters or handler lock here: the deque's append is atomic
        self.records.append(record)
        return True

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class _Writer(threading.Thread):
    """Formats and writes the gathered records every FLUSH_SECONDS, and all of them
    once stopped."""

    def __init__(self, gathered: _Gathered, formatter: logging.Formatter, stream: TextIO) -> None:
        super().__init__(name="athanor-logs", daemon=True)
        self.gathered = gathered
        self.formatter = formatter
        self.stream = stream
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(FLUSH_SECONDS):
            self.flush()
        self.flush()

    def flush(self) -> None:
        records = self.gathered.records
        if not records:
            return
        lines = []
        while records:
            lines.append(self.formatter.format(records.popleft()))
        try:
            self.stream.write("\n".join(lines) + "\n")
            self.stream.flush()
        except (OSError, ValueError):  # stderr closed under us: nothing to tell
            pass


@contextmanager
def logging_off_loop(fmt: str = FORMAT, level: int = logging.INFO) -> Iterator[None]:
    """Log INFO and up to stderr through a writer thread, until the block ends (then
    every gathered line is written before it returns)."""
    gathered = _Gathered()
    writer = _Writer(gathered, logging.Formatter(fmt), sys.stderr)
    root = logging.getLogger()
    saved_handlers, saved_level = root.handlers[:], root.level
    root.handlers = [gathered]
    root.setLevel(level)
    writer.start()
    try:
        yield
    finally:
        writer.stopping.set()
        writer.join()
        root.handlers = saved_handlers
        root.setLevel(saved_level)
