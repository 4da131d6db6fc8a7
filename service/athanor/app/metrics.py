"""Prometheus metrics: commands by outcome, rejections by code, append latency, watchers,
and stored snapshots refused as untrustworthy.

With no registry (metrics off) every call is a no-op, so the service never checks.
"""

from __future__ import annotations

from typing import Any


class Metrics:
    def __init__(self, registry: Any | None) -> None:
        self.enabled = registry is not None
        if not self.enabled:
            return
        from prometheus_client import Counter, Gauge, Histogram

        self._commands = Counter(
            "athanor_commands_total", "Commands handled", ["kind", "outcome"], registry=registry
        )
        self._rejections = Counter(
            "athanor_rejections_total", "Commands refused, by code", ["code"], registry=registry
        )
        self._command_seconds = Histogram(
            "athanor_command_seconds", "Time to handle a command", registry=registry
        )
        self._append_seconds = Histogram(
            "athanor_append_seconds",
            "Time of the append script in Redis",
            buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1.0),
            registry=registry,
        )
        self._watchers = Gauge("athanor_watchers", "Open Watch streams", registry=registry)
        self._snapshots_rejected = Counter(
            "athanor_snapshot_rejected_total",
            "Stored snapshots not used because they failed their checks (events folded instead)",
            registry=registry,
        )
        self._hook_failures = Counter(
            "athanor_hook_failures_total",
            "Presentation parts (describe, preview, labels, ...) that raised",
            ["kind", "hook"],
            registry=registry,
        )

    def command(self, kind: str, outcome: str, seconds: float) -> None:
        if not self.enabled:
            return
        self._commands.labels(kind, outcome.split(":")[0]).inc()
        if outcome.startswith("rejected:"):
            self._rejections.labels(outcome.split(":", 1)[1]).inc()
        self._command_seconds.observe(seconds)

    def append_latency(self, seconds: float) -> None:
        if self.enabled:
            self._append_seconds.observe(seconds)

    def watchers(self, delta: int) -> None:
        if self.enabled:
            self._watchers.inc(delta)

    def hook_failed(self, kind: str, hook: str) -> None:
        if self.enabled:
            self._hook_failures.labels(kind, hook).inc()

    def snapshot_rejected(self) -> None:
        if self.enabled:
            self._snapshots_rejected.inc()
