"""The Valley of Alchemists tests."""
