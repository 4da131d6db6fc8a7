"""engine.record.read_back: a value as its canonical JSON reads back, made without the
round trip for plain data, and equal to the round trip (keys in the same order) for
every value."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine.record import canonical, read_back

scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
)
keys = st.text(max_size=6) | st.integers(-5, 5)  # int keys: the round trip's own way


def containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return (
        st.lists(children, max_size=5)
        | st.lists(children, max_size=4).map(tuple)
        | st.dictionaries(st.text(max_size=6), children, max_size=5)
        | st.dictionaries(keys, children, max_size=3)
    )


values = st.recursive(scalars, containers, max_leaves=30)


def round_trip(value: Any) -> Any:
    return json.loads(canonical(value))


def in_order(value: Any) -> str:
    """The value's text with its keys in the order they are held."""
    return json.dumps(value, ensure_ascii=True)


@given(values)
def test_it_reads_back_what_the_round_trip_reads_back(value: Any) -> None:
    try:
        expected = round_trip(value)
    except TypeError:  # keys of mixed types cannot be sorted: both refuse
        with pytest.raises(TypeError):
            read_back(value)
        return
    got = read_back(value)
    assert got == expected
    assert in_order(got) == in_order(expected)


def test_a_copy_shares_no_container_with_its_source() -> None:
    body = {"b": [1, {"x": "é"}], "a": (True, None)}
    got = read_back(body)
    assert got == {"a": [True, None], "b": [1, {"x": "é"}]}
    assert list(got) == ["a", "b"]
    got["b"][1]["x"] = "changed"
    assert body["b"][1]["x"] == "é"


def test_a_lone_surrogate_fails_as_it_fails_in_canonical() -> None:
    with pytest.raises(UnicodeEncodeError):
        canonical({"name": "\ud800"})
    with pytest.raises(UnicodeEncodeError):
        read_back({"name": "\ud800"})
