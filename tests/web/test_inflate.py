"""gzip request bodies inflated under a ceiling (athanor.web.inflate)."""

from __future__ import annotations

import gzip
import os
import random

import pytest

from athanor.web.inflate import PIECE, NotGzip, TooLarge, gunzip

LIMIT = 256 * 1024


async def test_a_member_inflates_whole() -> None:
    data = os.urandom(3 * PIECE + 17)  # several pieces, incompressible
    assert await gunzip(gzip.compress(data), len(data)) == data
    assert await gunzip(gzip.compress(b""), 0) == b""


async def test_a_bomb_stops_at_the_limit() -> None:
    bomb = gzip.compress(b"\0" * 100_000_000, 9)  # 100 MB in about 100 KB
    with pytest.raises(TooLarge):
        await gunzip(bomb, LIMIT)
    with pytest.raises(TooLarge):
        await gunzip(gzip.compress(b"x" * (LIMIT + 1)), LIMIT)  # one byte over


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"{}",
        gzip.compress(b"{}", mtime=0)[:-3],  # cut short
        gzip.compress(b"{}", mtime=0) + b"more",  # bytes after the member
        gzip.compress(b"{}", mtime=0) * 2,  # a second member
        # fixed bytes: every test worker must collect the same parameters
        b"\x1f\x8b" + random.Random(7).randbytes(40),
    ],
    ids=["empty", "json", "cut-short", "trailing-bytes", "two-members", "garbage"],
)
async def test_what_is_not_one_gzip_member(data: bytes) -> None:
    with pytest.raises(NotGzip):
        await gunzip(data, LIMIT)
