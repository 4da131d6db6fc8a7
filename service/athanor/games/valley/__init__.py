"""The Valley of Alchemists."""
