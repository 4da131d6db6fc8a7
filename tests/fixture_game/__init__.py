"""A small game used to test the engine: Crucible (hidden hands, a die, a secret choice)."""

from tests.fixture_game.crucible import RULES, CrucibleRules, CrucibleState

__all__ = ["RULES", "CrucibleRules", "CrucibleState"]
