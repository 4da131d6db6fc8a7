"""Seat names: text a player typed, cleaned before anyone else reads it.

NFKC first (full-width and compatibility letters become plain ones), then every
control, format (bidi overrides, zero-width joiners), private-use and unassigned
character goes, runs of spaces become one, and the result must be 1-24 characters.
Cheap look-alike tricks are refused: letters from more than one alphabet (a Latin
name with a Cyrillic a in it), a pile of combining marks, and a name that reads as a seat
("Seat 2", "Bot 2", "you"), which the texts a seat is shown would take for another seat.
"""

from __future__ import annotations

import unicodedata

from athanor.engine import game
from athanor.engine.violations import BadCommand

MAX_NAME_CHARS = game.MAX_NAME_CHARS
MAX_INPUT_CHARS = 256  # of the raw text, before cleaning (a request may hold more)
# scripts that one name may mix: Japanese writes kanji with both kana
SAME_SCRIPT = {"HIRAGANA": "HAN", "KATAKANA": "HAN", "CJK": "HAN", "KATAKANA-HIRAGANA": "HAN"}


def _script(ch: str) -> str:
    word = unicodedata.name(ch, "?").split(" ", 1)[0]
    return SAME_SCRIPT.get(word, word)


def clean_name(text: str) -> str:
    """The name as seats will read it, or BadCommand saying what is wrong."""
    if len(text) > MAX_INPUT_CHARS:
        raise BadCommand(f"a name is at most {MAX_NAME_CHARS} characters")
    try:
        text.encode()
    except UnicodeEncodeError:
        raise BadCommand("a name must be valid Unicode") from None
    text = unicodedata.normalize("NFKC", text)
    kept = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category[0] == "C":
            kept.append(" " if ch in "\t\n\r" else "")
            continue
        # one combining mark after a letter is an accent; more is a smear over the line
        marks = marks + 1 if category[0] == "M" else 0
        if marks > 1:
            raise BadCommand("a name has too many combining marks")
        kept.append(" " if category == "Zs" else ch)
    name = " ".join("".join(kept).split())
    if not name:
        raise BadCommand("a name needs at least one visible character")
    if len(name) > MAX_NAME_CHARS:
        raise BadCommand(f"a name is at most {MAX_NAME_CHARS} characters")
    scripts = {_script(ch) for ch in name if ch.isalpha()}
    if len(scripts) > 1:
        raise BadCommand("a name mixes alphabets (letters that look alike are refused)")
    try:
        return game.check_name(name)
    except BadCommand:
        raise BadCommand("a name may not read as a seat (Seat 2, Bot 2, you)") from None
