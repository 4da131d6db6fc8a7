"""Engine tests, run with the Crucible fixture game."""
