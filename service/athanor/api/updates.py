"""Cheap updates for a client that already holds a view: a JSON Patch (RFC 6902) of a
caller's view against the view this process served it at an earlier version, the views
served lately (so that patch costs no replay), and a digest of a seat's legal commands
(so an unchanged list is not sent again).

A JSON Patch, not a merge patch (RFC 7386): a merge patch sets a list whole, and the
boards are lists of sections whose lines change a few at a time (over a game of
Alchemists or Valley the merge patch, gzipped, was 3 to 4 times the JSON Patch), and
it cannot set a member to null. Made here rather than with the `jsonpatch` package:
its equality takes 1 for true, and the `move` and `copy` operations it makes would
need a larger applier in the page; ours makes `add`, `remove` and `replace` only.

A patch is made only between two views of the same caller, so it never carries more
than that caller's own full view would.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from athanor.app.auth import Caller

JSON = Any
Path = tuple[str | int, ...]
# the views served lately, counted by their JSON text: a view is 5-10 KB in the games
# today, so some thousands of pages find theirs
VIEW_CACHE_BYTES = 32 * 1024 * 1024


def same(a: JSON, b: JSON) -> bool:
    """JSON equality, types included (Python's 1 == True == 1.0 would hide a change)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def pointer(path: Path) -> str:
    """A JSON Pointer (RFC 6901) to `path`."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def json_patch(old: JSON, new: JSON, path: Path = ()) -> list[JSON]:
    """The operations that turn `old` into `new`: objects member by member, lists
    index by index (then removed or added at their end), anything else replaced."""
    if isinstance(old, dict) and isinstance(new, dict):
        ops: list[JSON] = [
            {"op": "remove", "path": pointer((*path, k))} for k in sorted(old.keys() - new.keys())
        ]
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": pointer((*path, key)), "value": value})
            elif not same(old[key], value):
                ops += json_patch(old[key], value, (*path, key))
        return ops
    if isinstance(old, list) and isinstance(new, list):
        kept = min(len(old), len(new))
        ops = []
        for i in range(kept):
            if not same(old[i], new[i]):
                ops += json_patch(old[i], new[i], (*path, i))
        ops += [
            {"op": "remove", "path": pointer((*path, i))} for i in range(len(old) - 1, kept - 1, -1)
        ]
        ops += [{"op": "add", "path": pointer((*path, "-")), "value": v} for v in new[kept:]]
        return ops
    return [] if same(old, new) else [{"op": "replace", "path": pointer(path), "value": new}]


def apply_json_patch(document: JSON, ops: list[JSON]) -> JSON:
    """The operations json_patch makes, applied to `document` (which is changed), as a
    client applies them: the page's copy is service/athanor/web/static/updates.js."""
    for op in ops:
        keys = [k.replace("~1", "/").replace("~0", "~") for k in op["path"].split("/")[1:]]
        if not keys:
            document = op["value"]
            continue
        parent = document
        for key in keys[:-1]:
            parent = parent[int(key)] if isinstance(parent, list) else parent[key]
        last = keys[-1]
        if isinstance(parent, list):
            at = len(parent) if last == "-" else int(last)
            if op["op"] == "add":
                parent.insert(at, op["value"])
            elif op["op"] == "remove":
                del parent[at]
            else:
                parent[at] = op["value"]
        elif op["op"] == "remove":
            del parent[last]
        else:
            parent[last] = op["value"]
    return document


def legal_digest(
    commands: list[str], previews: list[str], free: list[str], free_previews: list[str]
) -> str:
    """What a seat's legal commands are, in 32 hex digits: equal lists, equal digests."""
    text = json.dumps([commands, list(previews), free, list(free_previews)])
    return hashlib.sha256(text.encode()).hexdigest()[:32]


ViewKey = tuple[str, int, bool, int]


def view_key(game_id: str, caller: Caller, version: int) -> ViewKey:
    """A view's key: the game, whose eyes (a seat, the operator, a spectator), the version."""
    return (game_id, caller.seat or 0, caller.operator, version)


class ViewCache:
    """The views served lately, as their JSON text (a parsed view takes several times
    the memory), by game, caller and version; the least recently used go first once
    they pass `limit` bytes. A miss costs bytes only: the whole view is sent."""

    def __init__(self, limit: int = VIEW_CACHE_BYTES) -> None:
        self.limit = limit
        self.size = 0
        self.views: OrderedDict[ViewKey, str] = OrderedDict()

    def get(self, key: ViewKey) -> JSON | None:
        found = self.views.get(key)
        if found is None:
            return None
        self.views.move_to_end(key)
        return json.loads(found)

    def keep(self, key: ViewKey, text: str) -> None:
        if len(text) > self.limit:
            return
        old = self.views.pop(key, None)
        if old is not None:
            self.size -= len(old)
        self.views[key] = text
        self.size += len(text)
        while self.size > self.limit:
            _, dropped = self.views.popitem(last=False)
            self.size -= len(dropped)
