"""Apothebakery tests."""
