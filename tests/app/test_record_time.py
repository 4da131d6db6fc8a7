"""A record's time: app.loaded.stamp writes what datetime writes, made faster."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from athanor.app.loaded import stamp


@given(
    st.floats(-2e9, 4e9)
    | st.integers(0, 4_000_000_000).map(lambda s: s + 0.9995)
    | st.integers(0, 4_000_000_000).map(lambda s: s + 0.9999995)
)
def test_a_records_time_is_the_text_datetime_gives(unix: float) -> None:
    assert stamp(unix) == datetime.fromtimestamp(unix, UTC).isoformat(timespec="milliseconds")
