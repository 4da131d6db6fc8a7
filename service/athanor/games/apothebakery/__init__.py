"""Apothebakery: The Culinary Alchemists, for 2 to 4 players."""
