"""Athanor: a game service for tables that play alchemy board games."""

__version__ = "0.1.0"
