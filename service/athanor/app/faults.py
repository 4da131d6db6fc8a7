"""Where game code that raised is told: a log line naming the error's type and place,
never its text (which may name what a seat holds), and a metric."""

from __future__ import annotations

import logging
import traceback

from athanor.app.metrics import Metrics
from athanor.engine import game
from athanor.engine.rules import Rules

hook_log = logging.getLogger("athanor.hooks")


def where(err: BaseException) -> str:
    """The file and line the error was raised at ("?" when unknown)."""
    frame = traceback.extract_tb(err.__traceback__)[-1:]
    return f"{frame[0].filename.rsplit('/', 1)[-1]}:{frame[0].lineno}" if frame else "?"


def hook_reporter(metrics: Metrics, game_id: str, rules: Rules, version: int) -> game.HookReport:
    """Where a presentation part that raised is told; the call goes on without that
    part's output."""

    def report(hook: str, err: Exception) -> None:
        hook_log.warning(
            "game=%s version=%s hook=%s failed: %s at %s",
            game_id, version, hook, type(err).__name__, where(err),
        )  # fmt: skip
        metrics.hook_failed(rules.kind, hook)

    return report
