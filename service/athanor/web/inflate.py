"""gzip request bodies inflated with a ceiling, a piece at a time.

A few hundred kilobytes of gzip can inflate to gigabytes, so the inflated size is
checked while inflating: no more than the method's limit (plus one piece) is ever
made, and the event loop, which the gRPC port shares, runs between pieces.
"""

from __future__ import annotations

import asyncio
import zlib

PIECE = 64 * 1024  # bytes inflated between two turns of the event loop
GZIP = 16 + zlib.MAX_WBITS  # a gzip header and trailer, not a bare zlib stream


class NotGzip(ValueError):
    """The bytes are not one whole gzip member."""


class TooLarge(ValueError):
    """The bytes inflate to more than the limit."""


async def gunzip(data: bytes, limit: int) -> bytes:
    """The gzip member `data` inflated; NotGzip, or TooLarge as soon as more than
    `limit` bytes come out."""
    inflater = zlib.decompressobj(GZIP)
    out = bytearray()
    pending = data
    while not inflater.eof:
        try:
            piece = inflater.decompress(pending, PIECE)
        except zlib.error:
            raise NotGzip from None
        out += piece
        if len(out) > limit:
            raise TooLarge
        pending = inflater.unconsumed_tail
        if not piece and not pending:
            break  # every byte read and nothing more comes out: cut short
        await asyncio.sleep(0)
    if not inflater.eof or inflater.unused_data:
        raise NotGzip  # cut short, or more after the member's end
    return bytes(out)
