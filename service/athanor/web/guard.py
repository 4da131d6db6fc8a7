"""The web port's connections, bounded: in number per client address, and in the time
a request's head may take.

uvicorn closes a connection idle between requests (its keep-alive timeout) but sets
no time for a request's head: a client that opens connections and sends nothing, or a
byte now and then, would hold them for ever. Here uvicorn's h11 protocol gets a
deadline for each request head, from the connection's start or the previous answer,
that more bytes do not push back; and a client address holds at most so many open
connections (a trusted proxy carries everyone's, so it is not counted).
"""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import logging
from collections.abc import Iterable
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("athanor.web")
HEAD_SECONDS = 10.0  # a request line and headers must arrive within this time
CONNECTIONS_PER_ADDRESS = 32  # open at once, from one client address, per worker

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class ConnectionCount:
    """The open connections of each client address, with a cap."""

    def __init__(self, cap: int, trusted: Iterable[str] = ()) -> None:
        self.cap = cap
        self.trusted: list[Network] = [ipaddress.ip_network(t, strict=False) for t in trusted]
        self.open: collections.Counter[str] = collections.Counter()
        self.warned: set[str] = set()

    def _exempt(self, host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.trusted)

    def take(self, host: str) -> bool:
        """Count one more connection of `host`, or False when it has its cap."""
        if self._exempt(host):
            return True
        if self.open[host] >= self.cap:
            if host not in self.warned:  # once while it stays at the cap, not per try
                self.warned.add(host)
                log.warning("%s has %d web connections open: closing its new ones", host, self.cap)
            return False
        self.open[host] += 1
        return True

    def give_back(self, host: str) -> None:
        if self._exempt(host):
            return
        self.open[host] -= 1
        if self.open[host] <= 0:
            del self.open[host]
        self.warned.discard(host)


def guarded_h11(count: ConnectionCount, head_seconds: float = HEAD_SECONDS) -> type[H11Protocol]:
    """uvicorn's h11 protocol with the cap of `count` and a deadline for each head."""

    class GuardedH11(H11Protocol):
        counted: str | None = None
        head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            host = self.client[0] if self.client else ""
            if not count.take(host):
                transport.close()
                return
            self.counted = host
            self._await_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_head_timer()
            if self.counted is not None:
                count.give_back(self.counted)
                self.counted = None
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.our_state is h11.SEND_RESPONSE:
                self._stop_head_timer()  # a whole head came: the app answers it

        def on_response_complete(self) -> None:
            if not self.transport.is_closing():
                self._await_head()  # before a pipelined head is read, which stops it
            super().on_response_complete()

        def _await_head(self) -> None:
            self._stop_head_timer()
            self.head_timer = self.loop.call_later(head_seconds, self._head_late)

        def _stop_head_timer(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _head_late(self) -> None:
            # no head yet, or an answered request whose body still trickles in
            self.head_timer = None
            if self.conn.our_state is not h11.SEND_RESPONSE and not self.transport.is_closing():
                self.transport.close()

    return GuardedH11
