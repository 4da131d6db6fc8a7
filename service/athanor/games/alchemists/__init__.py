"""Alchemists (Czech Games Edition): the card reader and the full game."""
