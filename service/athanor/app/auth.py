"""Who is calling: a seat, the operator, or a spectator.

Tokens are random and stored only as sha256 hashes; a presented token is hashed and
compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


@dataclass(frozen=True)
class Caller:
    seat: int | None = None  # None: not a seat
    operator: bool = False

    @property
    def spectator(self) -> bool:
        return self.seat is None and not self.operator

    @property
    def sees_as(self) -> int | None:
        """The seat whose eyes redaction uses; the operator sees everything (see Log)."""
        return self.seat


SPECTATOR = Caller()
OPERATOR = Caller(operator=True)


class Unauthenticated(PermissionError):
    """No valid token for this game."""


class Forbidden(PermissionError):
    """A valid caller that may not do this."""
