"""The frame a table shows: what the game declares in its table summary, the roll on
screen and a physical die's face being chosen, in the `Frame` the OLED draws."""

from __future__ import annotations

from athanor_hub.display import PLAIN, SUN, Frame, clock_text
from athanor_hub.model import Roll, TableView


def table_frame(
    table: TableView,
    now: float,
    roll: Roll | None = None,
    choosing: tuple[int, str] = (0, ""),
) -> Frame:
    """`roll`: the roll shown (None: none); `choosing`: the seat setting a physical die
    and the face the dice button has cycled to."""
    return Frame(
        # the game's declared layout; a server that declares none: the track, or words
        layout=table.layout or (SUN if table.track_length else PLAIN),
        counters=table.counters,
        roll_purpose=roll.purpose if roll else "",
        track_position=table.track_position,
        track_length=table.track_length,
        track_label=table.track_label,
        phase=table.phase,
        step=table.step,
        awaiting=table.awaiting,
        roll_face=roll.face if roll else "",
        roll_seat=roll.seat if roll else 0,
        choosing_seat=choosing[0],
        choosing_face=choosing[1],
        over=table.over,
        winners=table.winners,
        scores=tuple(sorted(table.scores.items())),
        # a timed game's countdown; the tick redraws when the text changes (each second)
        time_left=clock_text(table.time_left(now)),
        names=tuple(sorted(table.names.items())),
    )
