"""`athanor play`: a full-screen terminal client for one seat of any game (Textual)."""

from __future__ import annotations

from athanor.play.link import Settings


def run(settings: Settings, spectate: bool = False) -> int:
    """Run the application until the player quits."""
    from athanor.play.app import PlayApp
    from athanor.play.terminal import core_logs_aside

    with core_logs_aside():  # gRPC's own log lines never land on the screen
        PlayApp(settings, spectate=spectate).run()
    return 0
