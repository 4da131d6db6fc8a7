"""The request limits: any text at all is parsed within them or refused with BadCommand
(never another exception), and a refusal quotes only a short prefix."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from athanor.api import limits
from athanor.api.errors import Abort, check_game_id
from athanor.engine.violations import BadCommand

json_values = st.recursive(
    # a number is at most 32 characters (limits.MAX_NUMBER_CHARS), its sign included
    st.none() | st.booleans() | st.integers(-(10**31) + 1, 10**31 - 1) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=500)
@given(st.text(max_size=200))
def test_any_text_parses_or_is_a_bad_command(text: str) -> None:
    try:
        limits.parse_json(text, "command_json")
    except BadCommand as err:
        assert len(str(err)) <= limits.MAX_MESSAGE_CHARS


@settings(max_examples=300)
@given(json_values)
def test_valid_json_within_the_limits_round_trips(value: object) -> None:
    assert limits.parse_json(json.dumps(value), "command_json") == value


@settings(max_examples=200)
@given(
    st.integers(min_value=limits.MAX_DEPTH + 1, max_value=5000),
    st.sampled_from(["[", '{"a":']),
)
def test_deep_nesting_is_refused_without_recursion(depth: int, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    text = opener * depth + ("1" if opener != "[" else "") + closer * depth
    with pytest.raises(BadCommand, match="nested"):
        limits.parse_json(text, "command_json")


@given(st.integers(min_value=limits.MAX_NUMBER_CHARS + 1, max_value=20_000))
def test_long_numbers_are_refused(digits: int) -> None:
    with pytest.raises(BadCommand, match="number"):
        limits.parse_json("[" + "7" * digits + "]", "command_json")


@pytest.mark.parametrize(
    "text", ["NaN", "[Infinity]", '{"a": -Infinity}', "1e400", '"\\ud800"', '{"\\udc00": 1}']
)
def test_non_numbers_and_lone_surrogates_are_refused(text: str) -> None:
    with pytest.raises(BadCommand):
        limits.parse_json(text, "command_json")


@given(st.text(min_size=0, max_size=5000))
@example("\U000e0000" * 40)  # unprintable: each quoted as 10 characters
def test_a_quote_is_short(text: str) -> None:
    assert len(limits.quote(text)) <= limits.QUOTE_CHARS * 4 + 8


@given(st.dictionaries(st.text(max_size=300), st.text(max_size=600), max_size=40))
def test_options_are_checked_with_short_reasons(options: dict[str, str]) -> None:
    try:
        limits.check_options(options)
    except BadCommand as err:
        assert len(str(err)) < 200


@given(st.text(max_size=300))
@example("a\n")  # a pattern's "$" matches before a final newline: the whole text must be hex
def test_seed_hex_is_hex_of_bounded_length(text: str) -> None:
    try:
        seed = limits.seed_bytes(text)
    except BadCommand:
        return
    assert seed is None or (len(text) <= limits.MAX_SEED_HEX and seed.hex() == text.lower())


@pytest.mark.parametrize("game_id", ["abc\n", "abc\n\n", "", "a" * 65, "a{b}"])
def test_a_game_id_is_letters_digits_dash_underscore_and_nothing_after(game_id: str) -> None:
    with pytest.raises(Abort):
        check_game_id(game_id)
