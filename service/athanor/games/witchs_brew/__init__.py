"""Witch's Brew: role cards, favors, cauldrons, potion shelves and ravens."""
