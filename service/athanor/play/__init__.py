"""`athanor play`: a full-screen terminal client for one seat of any game (Textual)."""

from __future__ import annotations

from athanor.play.link import Settings


def run(settings: Settings, spectate: bool = False) -> int:
    """Run the application until the player quits."""
    from athanor.play.app import PlayApp

    PlayApp(settings, spectate=spectate).run()
    return 0
