"""The server's log lines are written by a thread of their own, not the event loop.

The service logs a line per command. Formatting and writing it on the event loop took
a few per cent of an Act; handing each record to a queue that wakes a listener thread
took more (a profile of Act put a fifth of the server's samples in that hand-off and
the thread's wake-ups, each one taking the GIL from the loop). So the loop only appends
the record to a deque, which wakes nothing, and the writer thread takes what has
gathered every FLUSH_SECONDS and writes it in one go; a warning or an error wakes it
at once. Our log calls pass only numbers
and short strings as arguments, so a record can cross threads unformatted.
"""

from __future__ import annotations

import collections
import logging
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
FLUSH_SECONDS = 0.05  # how late an INFO line may reach stderr
# what a record gathers that FORMAT never prints, left out as the logging HOWTO's
# "Optimization" section describes: the caller's file and line (a walk up the stack on
# every record), the thread, the process
SKIPPED = {
    "_srcfile": None,
    "logThreads": False,
    "logProcesses": False,
    "logMultiprocessing": False,
}


class _Gathered(logging.Handler):
    """Keeps each record for the writer thread: a deque append, no lock, and a wake-up
    only for a warning or worse."""

    def __init__(self) -> None:
        super().__init__()
        self.records: collections.deque[logging.LogRecord] = collections.deque()
        self.wake = threading.Event()

    def handle(self, record: logging.LogRecord) -> bool:
        # no filters or handler lock here: the deque's append is atomic
        self.emit(record)
        return True

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        if record.levelno >= logging.WARNING:
            self.wake.set()


class _Formatter(logging.Formatter):
    """logging.Formatter with the time's text made once a second: strftime was half of
    a line's formatting, and the writer formats one line per command."""

    def __init__(self, fmt: str) -> None:
        super().__init__(fmt)
        self._second = -1
        self._text = ""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        second = int(record.created)
        if second != self._second:
            self._text = time.strftime(self.default_time_format, self.converter(record.created))
            self._second = second
        return self.default_msec_format % (self._text, record.msecs)


class _Writer(threading.Thread):
    """Formats and writes the gathered records every FLUSH_SECONDS, and all of them
    once stopped."""

    def __init__(self, gathered: _Gathered, formatter: logging.Formatter, stream: TextIO) -> None:
        super().__init__(name="athanor-logs", daemon=True)
        self.gathered = gathered
        self.formatter = formatter
        self.stream = stream
        self.stopping = False

    def run(self) -> None:
        wake = self.gathered.wake
        while not self.stopping:
            wake.wait(FLUSH_SECONDS)
            wake.clear()
            self.flush()
        self.flush()

    def stop(self) -> None:
        self.stopping = True
        self.gathered.wake.set()
        self.join()

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
    writer = _Writer(gathered, _Formatter(fmt), sys.stderr)
    root = logging.getLogger()
    saved_handlers, saved_level = root.handlers[:], root.level
    saved_skipped = {name: getattr(logging, name) for name in SKIPPED}
    root.handlers = [gathered]
    root.setLevel(level)
    for name, value in SKIPPED.items():
        setattr(logging, name, value)
    writer.start()
    try:
        yield
    finally:
        writer.stop()
        root.handlers = saved_handlers
        root.setLevel(saved_level)
        for name, value in saved_skipped.items():
            setattr(logging, name, value)
