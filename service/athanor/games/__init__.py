"""One package per game; each exposes a module-level ``RULES`` object."""
