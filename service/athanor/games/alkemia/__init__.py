"""Alkemia: alchemists build a Foraging Field, gather Reagents, make Items and race to
complete the Crest of Creation."""
