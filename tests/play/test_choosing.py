"""Choosing in the real client: a many-variant type a part at a time, and the cursor
after a send (never a different command that happens to sit on the same row)."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from athanor.play.app import ConfirmScreen
from athanor.play.link import LogLine
from athanor.v1 import athanor_pb2 as pb
from tests.play.test_play import SIZE, bots, make_app, my_turn, option_labels, wait_for
from tests.server_process import ServerProcess


def create(server: ServerProcess, kind: str, seats: int) -> tuple[str, dict[int, str]]:
    created = server.stub().CreateGame(
        pb.CreateGameRequest(kind=kind, seats=seats, seed_hex="0badcafe"),
        metadata=server.operator(),
    )
    return created.game_id, {t.seat: t.token for t in created.seat_tokens}


@pytest.mark.slow  # about 6 s; the choice itself is quick in test_parts.py
async def test_five_roles_are_chosen_one_at_a_time(server: ServerProcess) -> None:
    game, tokens = create(server, "witchs_brew", 3)
    app = make_app(server, game, tokens[1])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app), "the legal commands")
        assert app.snapshot is not None and len(app.snapshot.commands) == 792
        assert option_labels(app) == ["Choose Roles (792)"]
        pane = app.query_one("#commands", OptionList)
        await pilot.press("enter")
        assert str(pane.border_title).endswith("roles 1: 792 left")
        first = option_labels(app)[1:]
        assert len(first) == 12 and first[0] == "Wolf Keeper (330)"
        assert not any(set(text) & set('{["_') for text in first)
        for _ in range(4):
            await pilot.press("enter")
        assert str(pane.border_title).endswith("roles 5: 8 left")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the confirmation")
        chosen = app.screen.command  # type: ignore[attr-defined]
        assert chosen in app.snapshot.commands and len(chosen["roles"]) == 5
        await pilot.press("escape")  # back to the last part, then one part further back
        assert str(pane.border_title).endswith("roles 5: 8 left")
        await pilot.press("escape")
        assert str(pane.border_title).endswith("roles 4: 36 left")


async def test_after_a_send_the_cursor_is_on_a_command_still_legal_or_the_first(
    server: ServerProcess,
) -> None:
    game, tokens = create(server, "valley", 2)
    app = make_app(server, game, tokens[1])
    async with app.run_test(size=SIZE) as pilot:
        with bots(server, game, [2]):
            await wait_for(pilot, lambda: my_turn(app), "the skills to assign")
            await pilot.press("enter", "down")  # Assign Skills, its second variant (row 2)
            pane = app.query_one("#commands", OptionList)
            assert app.group_type == "AssignSkills" and pane.highlighted == 2
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "confirmation")
            await pilot.press("enter")
            await wait_for(
                pilot,
                lambda: (
                    my_turn(app) and app.group_type is None and "End Turn" in option_labels(app)
                ),
                "our first turn",
            )
        # the row the cursor was on now holds another command: the cursor is on the first
        assert pane.highlighted == 0 and option_labels(app)[0] == "End Turn"


async def test_a_long_log_line_wraps_at_words_and_keeps_its_middle(
    server: ServerProcess,
) -> None:
    game, tokens = create(server, "valley", 2)
    app = make_app(server, game, tokens[1])
    long = (
        "Bot 2 makes Orange/Yellow L4 round (9 EP; cost O2 Y2) to place 8 and Purple/Red "
        "L3 triangular (5 EP; cost P1 R2 +Water +Yellow) to place 3, scoring twice."
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app), "the game")
        await app.add_event(LogLine(999, "Made", 2, long, False))
        app.write_log()
        text = app.query_one("#log-text", Static)
        await wait_for(pilot, lambda: text.size.height > 1, "the log laid out")
        await pilot.pause()
        rows = [text.render_line(y).text.rstrip() for y in range(text.size.height)]
        start = next(n for n, row in enumerate(rows) if row.startswith(" 999 "))
        shown: list[str] = []
        for row in rows[start:]:
            shown.append(row.strip())
            if row.rstrip().endswith("twice."):
                break
        assert " ".join(shown) == f"999 {long}"  # the whole text, nothing lost
        words = set(long.split())
        assert all(w in words or w == "999" for row in shown for w in row.split())
