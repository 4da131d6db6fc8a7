"""Join codes, and the limits on joining by them.

A code is 10 characters of Crockford's base32 without I, L, O and U (0-9 and 22
letters: 32 symbols, so 50 bits), shown as XXXXX-XXXXX. Read back, case, spaces and
dashes do not matter, and the look-alikes a person may type for a digit are taken as
it (O as 0, I and L as 1).

Two limits, kept in the store (store.limits) so every worker and server sharing it
counts together. Each address may try JOIN_BURST at once, then JOINS_PER_MINUTE: about
5.3 million guesses a year. Every address together may send WRONG_CODE_BURST wrong
codes at once, then WRONG_CODES_PER_MINUTE: about 31.6 million a year, however many
addresses a guesser has. Against 2^50 (about 1.1e15) codes and 10,000 open games, that
finds one with probability 3.16e7 * 1e4 / 1.1e15, about 3 in 10,000 a year (one every
3,600 years or so); a given game is guessed with a chance of 2.8e-8 a year.
"""

from __future__ import annotations

import secrets

from athanor.engine.violations import BadCommand

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 10
LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
JOINS_PER_MINUTE = 10  # per client address, right codes or wrong
JOIN_BURST = 10
WRONG_CODES_PER_MINUTE = 60  # from every address together
WRONG_CODE_BURST = 100


def new_code() -> str:
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:5]}-{raw[5:]}"


def normalize(text: str) -> str:
    """The canonical form (XXXXX-XXXXX) of a code as typed, or BadCommand."""
    raw = "".join(text.split()).replace("-", "").upper().translate(LOOK_ALIKES)
    if len(raw) != LENGTH or any(ch not in ALPHABET for ch in raw):
        raise BadCommand(f"a join code is {LENGTH} letters and digits, like 7KQ2M-9XW4D")
    return f"{raw[:5]}-{raw[5:]}"


class NoSuchCode(LookupError):
    """No game takes players with this code (none has it, or its game is full or over):
    one answer for all, so a guess learns nothing."""

    def __init__(self) -> None:
        super().__init__("no open game has that code")


class RateLimited(Exception):
    """Too many attempts from one address, or too many wrong codes from all: wait and
    try again."""


def client_address(peer: str) -> str:
    """The address of a gRPC peer ("ipv4:1.2.3.4:5678" -> "ipv4:1.2.3.4"), port dropped."""
    if peer.startswith(("ipv4:", "ipv6:")):
        return peer.rsplit(":", 1)[0]
    return peer
