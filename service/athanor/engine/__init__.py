"""The rules protocol and what every game shares: events, visibility, violations, dice.

Nothing in this package does I/O, reads a clock or draws randomness except through
the injected :class:`Rng`.
"""

from athanor.engine.events import PUBLIC, SERVER, Event, Visibility, only_seats
from athanor.engine.rng import Rng
from athanor.engine.rules import Outcome, Rules, Table
from athanor.engine.violations import BadCommand, RuleViolation

__all__ = [
    "PUBLIC",
    "SERVER",
    "BadCommand",
    "Event",
    "Outcome",
    "Rng",
    "RuleViolation",
    "Rules",
    "Table",
    "Visibility",
    "only_seats",
]
