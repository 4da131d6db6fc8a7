"""Every limit the API puts on a request, in one place (documented in the README's API
section), and the checks that apply them.

A request outside a limit is refused with INVALID_ARGUMENT and a short reason of our
own; a reason quotes at most QUOTE_CHARS of what the client sent.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from athanor.engine.game import MAX_MOVE_SECONDS, MIN_MOVE_SECONDS
from athanor.engine.violations import BadCommand

# the largest request message of any method but ImportGame (checked before parsing)
MAX_REQUEST_BYTES = 256 * 1024
# ImportGame carries a whole operator log in one message: about 330 bytes an event
MAX_IMPORT_BYTES = 256 * 1024 * 1024
MAX_COMMAND_BYTES = 64 * 1024  # command_json, UTF-8
MAX_DEPTH = 32  # nesting of arrays and objects in a command
MAX_STORED_DEPTH = 64  # ... and in a stored event of an imported log
MAX_NUMBER_CHARS = 32  # digits (with sign, point and exponent) of one JSON number
MAX_SEED_HEX = 128  # seed_hex: up to 64 bytes
MAX_OPTIONS = 32
MAX_OPTION_KEY = 64
MAX_OPTION_VALUE = 256
MAX_KIND = 64  # kind and content pack ids
MAX_COMMAND_ID = 128
MAX_STORED_EVENT_BYTES = 1024 * 1024  # one stored event of an imported log
QUOTE_CHARS = 32  # of client input, in an error message
MAX_MESSAGE_CHARS = 400  # of any error message (a status must fit gRPC's trailers)
MAX_CODE_CHARS = 32  # a join code as typed (10 symbols, with dashes and spaces)
MAX_NAME_INPUT = 256  # a seat's name as typed, before it is cleaned to 24 characters
MAX_LEVEL = 16  # a bot's level
MAX_BATCH = 64  # events in one message of a watch

HEX = re.compile(r"[0-9a-fA-F]*")
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def quote(text: object) -> str:
    """At most QUOTE_CHARS of client input, repr-quoted, marked when cut."""
    s = str(text)
    n = QUOTE_CHARS
    # an unprintable character's repr takes up to 10 characters: keep the whole quote short
    while n and len(repr(s[:n])) > QUOTE_CHARS * 4:
        n -= 1
    return repr(s[:n]) + ("…" if len(s) > n else "")


def clip(message: str) -> str:
    """An error message short enough for any status."""
    return message if len(message) <= MAX_MESSAGE_CHARS else message[: MAX_MESSAGE_CHARS - 1] + "…"


def _depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings (no recursion, so no limit hit)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def _int(text: str) -> int:
    # checked before int(): Python refuses more than 4300 digits with a ValueError
    if len(text) > MAX_NUMBER_CHARS:
        raise BadCommand(f"a number has more than {MAX_NUMBER_CHARS} characters")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise BadCommand(f"a number has more than {MAX_NUMBER_CHARS} characters")
    value = float(text)
    if not math.isfinite(value):  # 1e400
        raise BadCommand("a number is too large")
    return value


def _constant(name: str) -> Any:
    raise BadCommand(f"{name} is not a JSON number")


def _check_text(value: Any) -> None:
    """Every string must be valid Unicode (a lone surrogate such as \\ud800 is not)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode()
            except UnicodeEncodeError:
                raise BadCommand("a string holds a lone surrogate (not valid Unicode)") from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


# json.loads with these arguments builds this very decoder on every call
_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant)


def parse_json(
    text: str | bytes, what: str, max_bytes: int = MAX_COMMAND_BYTES, max_depth: int = MAX_DEPTH
) -> Any:
    """JSON within the limits, or BadCommand saying which limit it broke."""
    clean = True  # no raw lone surrogate (bytes are decoded strictly below)
    if isinstance(text, bytes):
        size = len(text)
    else:
        try:
            size = len(text.encode())
        except UnicodeEncodeError:
            size, clean = len(text.encode(errors="surrogatepass")), False
    if size > max_bytes:
        raise BadCommand(f"{what} is larger than {max_bytes} bytes")
    if isinstance(text, bytes):
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise BadCommand(f"{what} is not UTF-8") from None
    # the nesting is no deeper than the count of openers: most commands skip the scan
    if text.count("[") + text.count("{") > max_depth and _depth(text) > max_depth:
        raise BadCommand(f"{what} is nested more than {max_depth} deep")
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as err:
        raise BadCommand(f"{what} is not valid JSON: {err.msg} at position {err.pos}") from None
    except BadCommand as err:
        raise BadCommand(f"{what}: {err}") from None
    except (ValueError, RecursionError):
        raise BadCommand(f"{what} is not valid JSON") from None
    if not clean or "\\u" in text:  # else no string in it can hold a lone surrogate
        _check_text(value)
    return value


def parse_json_object(text: str, what: str) -> dict[str, Any]:
    value = parse_json(text, what)
    if not isinstance(value, dict):
        raise BadCommand(f"{what} must be a JSON object")
    return value


def check_kind(kind: str, what: str = "kind") -> str:
    if len(kind) > MAX_KIND:
        raise BadCommand(f"{what} is longer than {MAX_KIND} characters: {quote(kind)}")
    return kind


def seed_bytes(seed_hex: str) -> bytes | None:
    if not seed_hex:
        return None
    if len(seed_hex) > MAX_SEED_HEX or len(seed_hex) % 2 or not HEX.fullmatch(seed_hex):
        raise BadCommand(f"seed_hex must be hexadecimal, an even number of 2-{MAX_SEED_HEX} digits")
    return bytes.fromhex(seed_hex)


def check_options(options: Mapping[str, str]) -> dict[str, str]:
    if len(options) > MAX_OPTIONS:
        raise BadCommand(f"at most {MAX_OPTIONS} options")
    for key, value in options.items():
        if not key or len(key) > MAX_OPTION_KEY:
            raise BadCommand(f"an option key is 1-{MAX_OPTION_KEY} characters: {quote(key)}")
        if len(value) > MAX_OPTION_VALUE:
            raise BadCommand(f"option {quote(key)} is longer than {MAX_OPTION_VALUE} characters")
    return dict(options)


def check_command_id(command_id: str) -> str:
    if not command_id or len(command_id) > MAX_COMMAND_ID:
        raise BadCommand(f"command_id must be 1-{MAX_COMMAND_ID} characters")
    return command_id


def check_code(code: str) -> str:
    if not code or len(code) > MAX_CODE_CHARS:
        raise BadCommand(f"code is 1-{MAX_CODE_CHARS} characters")
    return code


def check_name_input(name: str) -> str:
    if len(name) > MAX_NAME_INPUT:
        raise BadCommand(f"name is longer than {MAX_NAME_INPUT} characters")
    return name


def check_seat(seat: int) -> int:
    if seat < 0:
        raise BadCommand("seat is 1 or more (0: any free seat)")
    return seat


def check_max_batch(most: int) -> int:
    """WatchRequest.max_batch: 0 to MAX_BATCH events in a message, 0 meaning 1."""
    if not 0 <= most <= MAX_BATCH:
        raise BadCommand(f"max_batch is 0 to {MAX_BATCH} events, not {most}")
    return max(1, most)


def check_move_seconds(seconds: int) -> int:
    """OpenTable.move_seconds: 0 (no timer) or MIN to MAX_MOVE_SECONDS."""
    if seconds and not MIN_MOVE_SECONDS <= seconds <= MAX_MOVE_SECONDS:
        raise BadCommand(
            f"move_seconds is 0 (none) or {MIN_MOVE_SECONDS}-{MAX_MOVE_SECONDS}, not {seconds}"
        )
    return seconds


def check_level(level: str) -> str:
    if len(level) > MAX_LEVEL:
        raise BadCommand(f"level is longer than {MAX_LEVEL} characters")
    return level
