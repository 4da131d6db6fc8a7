"""The play client, driven headlessly through Textual's pilot against a real server.

Each test opens the real application at 80x24 and chooses commands with keys only.
Bots (the CLI's random bot, through the operator token) play the other seats.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import grpc
import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from athanor.cli import bot
from athanor.play.app import ConfirmScreen, LogPane, PlayApp
from athanor.play.link import LogLine, Settings
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from tests.integration.test_free_commands import game_with_free_commands
from tests.server_process import ServerProcess

SIZE = (80, 24)
PATIENCE = 2400  # pauses of 50 ms: a safety net against a hang, not a timing assertion
FINISHERS = ("EndForaging", "EndAlchemy", "PassHealing", "PassReaction")


def new_game(server: ServerProcess, seats: int = 2) -> tuple[str, dict[int, str]]:
    created = server.stub().CreateGame(
        pb.CreateGameRequest(
            kind="apothebakery", seats=seats, options={"objectives": "false"}, seed_hex="0badcafe"
        ),
        metadata=server.operator(),
    )
    return created.game_id, {t.seat: t.token for t in created.seat_tokens}


def make_app(
    server: ServerProcess, game: str, token: str | None, spectate: bool = False
) -> PlayApp:
    settings = Settings(server=server.address, game=game, token=token, backoff_cap_s=1.0)
    return PlayApp(settings, spectate=spectate)


@contextmanager
def bots(server: ServerProcess, game: str, seats: list[int]) -> Iterator[None]:
    """Random bots on `seats` in a thread, acting whenever those seats may act."""
    stop = threading.Event()

    def run() -> None:
        rng = random.Random(7)
        while not stop.is_set():
            try:
                with server.channel() as channel:
                    stub = pb_grpc.AthanorStub(channel)
                    bot.play(stub, game, seats, server.token, rng, max_commands=5)
            except grpc.RpcError:
                pass  # a refused race or a restarting server: look again
            stop.wait(0.05)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=30)


async def wait_for(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    for _ in range(PATIENCE):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"gave up waiting for {what}")


def my_turn(app: PlayApp) -> bool:
    snap = app.snapshot
    return snap is not None and bool(snap.commands) and not app.sending


def next_round(app: PlayApp) -> bool:
    return app.snapshot is not None and app.snapshot.table["track_position"] >= 2


def option_labels(app: PlayApp) -> list[str]:
    pane = app.query_one("#commands", OptionList)
    return [str(pane.get_option_at_index(i).prompt) for i in range(pane.option_count)]


async def open_confirmation(pilot: Pilot[None], app: PlayApp) -> str:
    """Pick a command with the keyboard only: a type, then (if several) its first variant."""
    assert app.snapshot is not None
    types = list(dict.fromkeys(c["type"] for c in app.snapshot.commands))
    wanted = next((t for t in types if t in FINISHERS), types[0])
    index = types.index(wanted)
    app.query_one("#commands", OptionList).focus()
    await pilot.press("home", *["down"] * index, "enter")
    if app.group_type is not None:  # the second list: the variants of that type
        await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the confirmation")
    return wanted


async def choose_and_send(pilot: Pilot[None], app: PlayApp) -> str:
    wanted = await open_confirmation(pilot, app)
    before = app.message
    await pilot.press("enter")
    await wait_for(pilot, lambda: app.message != before and not app.sending, "the answer")
    return wanted


def can(app: PlayApp, kind: str) -> bool:
    snap = app.snapshot
    return my_turn(app) and snap is not None and any(c["type"] == kind for c in snap.commands)


async def choose_type_and_send(pilot: Pilot[None], app: PlayApp, kind: str) -> None:
    """Send the first variant of the command type `kind`, with the keyboard only."""
    assert app.snapshot is not None
    types = list(dict.fromkeys(c["type"] for c in app.snapshot.commands))
    app.query_one("#commands", OptionList).focus()
    await pilot.press("home", *["down"] * types.index(kind), "enter")
    if app.group_type is not None:
        await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the confirmation")
    before = app.message
    await pilot.press("enter")
    await wait_for(pilot, lambda: app.message != before and not app.sending, "the answer")


async def wait_for_line(pilot: Pilot[None], app: PlayApp, kind: str) -> LogLine:
    def found() -> LogLine | None:
        return next((x for x in app.log_lines if x.type == kind and x.mine), None)

    await wait_for(pilot, lambda: found() is not None, f"our {kind} in the log")
    line = found()
    assert line is not None
    return line


def log_text(app: PlayApp) -> str:
    """The log as shown (its wrapped lines joined again)."""
    log = app.query_one("#log", LogPane)
    return " ".join(" ".join(line.split()) for line in log.lines)


async def test_join_a_seat_and_see_the_legal_commands(server: ServerProcess) -> None:
    game, tokens = new_game(server)
    app = make_app(server, game, tokens[1])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app), "the legal commands")
        labels = option_labels(app)
        assert labels == ["Pick Forries (7)"]
        status = str(app.query_one("#status").render())
        assert "Seat 1" in status and "YOUR TURN" in status and "waiting for you, Seat 2" in status
        # the board first: the table as printed, our own Forries; the whole view folded
        view = str(app.query_one("#view").render())
        assert view.startswith("TABLE\n  Round 1") and "ADVENTURERS" in view
        assert "WILDERNESS" in view and "· costs 1" in view
        assert "YOU (SEAT 1" in view and "Forrie hand: Plant " in view  # our private hand
        assert "+ the whole view (f unfolds)" in view and "Seat 1 (you)" not in view
        await pilot.press("v", "f")  # unfold: the whole view below the board
        view = str(app.query_one("#view").render())
        assert "Seat 1 (you)" in view and "forrie hand: Plant " in view
        assert "Seat 2:" in view and "forrie hand: 3" in view  # theirs: only a count
        await pilot.press("f", "c")
        assert "Seat 1 (you)" not in str(app.query_one("#view").render())
        await wait_for(pilot, lambda: bool(app.log_versions), "the event log")
        assert app.log_versions == list(range(1, len(app.log_versions) + 1))
        # the second list offers the variants, and Escape goes back to the types
        await pilot.press("enter")
        assert app.group_type == "PickForries" and option_labels(app)[1].startswith("cards: ")
        await pilot.press("escape")
        assert app.group_type is None


async def test_the_highlighted_command_shows_its_preview(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Apothebakery previews what a pick reveals: under the commands, and when sending."""
    monkeypatch.setenv("NO_COLOR", "1")
    game, tokens = new_game(server)
    app = make_app(server, game, tokens[1])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app), "the legal commands")
        assert app.snapshot is not None
        assert len(app.snapshot.previews) == len(app.snapshot.commands)
        box = app.query_one("#preview")
        assert box.display
        # it fits beside the lists at 80x24 (once laid out: the snapshot may have just come)
        await wait_for(pilot, lambda: box.region.height >= 3, "the preview box laid out")
        assert "Enter lists the variants" in str(box.render())  # seven picks to choose from
        await pilot.press("enter", "down")  # Pick Forries, then its second variant
        assert app.group_type == "PickForries"
        chosen = app.snapshot.commands[1]
        expected = app.snapshot.previews[1]
        assert expected.startswith("Reveals ") and "stamina" in expected
        await wait_for(pilot, lambda: app.preview_text == expected, "the variant's preview")
        assert expected.split(";")[0] in " ".join(str(box.render()).split())
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the confirmation")
        assert app.screen.command == chosen  # type: ignore[attr-defined]
        confirm = " ".join(str(app.screen.query_one("#confirm").render()).split())
        assert f"=> {expected}" in confirm and "Enter/y: send" in confirm
        await pilot.press("escape")


async def test_cards_show_by_their_labels_and_commands_still_carry_ids(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Apothebakery labels its cards: the hand in the view, the pick variants and the
    confirmation read "Plant 1/3", not "plant-01"; the command sent names the ids."""
    monkeypatch.setenv("NO_COLOR", "1")
    game, tokens = new_game(server)
    app = make_app(server, game, tokens[1])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app), "the legal commands")
        assert app.snapshot is not None
        labels = app.snapshot.view["labels"]
        hand = app.snapshot.view["game"]["players"]["1"]["forrie_hand"]
        assert len(hand) == 3 and set(hand) <= set(labels) and app.labels == labels
        view = str(app.query_one("#view").render())
        shown = ", ".join(labels[c] for c in hand)
        assert f"Forrie hand: {shown}" in view  # by label on the board, in the hand's order
        assert not any(c in view for c in hand)  # the ids are not in the view
        # the variants: by label, with the id only where another card reads the same
        await pilot.press("enter")
        assert app.group_type == "PickForries"
        prompts = option_labels(app)[1:]
        picks = [c for c in app.snapshot.commands if c["type"] == "PickForries"]
        assert len(prompts) == len(picks) == 7
        for prompt, command in zip(prompts, picks, strict=True):
            for card in command["cards"]:
                assert labels[card] in prompt
                alike = [c for c in hand if c != card and labels[c] == labels[card]]
                assert (f"[{card}]" in prompt) == bool(alike), prompt
        assert len(set(prompts)) == len(prompts)  # no two variants read the same
        # the confirmation shows every card with its id; the command sent carries the ids
        await pilot.press("enter")  # the first variant
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the confirmation")
        chosen = app.screen.command  # type: ignore[attr-defined]
        assert chosen == picks[0]
        confirm = " ".join(str(app.screen.query_one("#confirm").render()).split())
        for card in chosen["cards"]:
            assert f"{labels[card]} [{card}]" in confirm
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.message.startswith("sent "), "the answer")
        await wait_for(
            pilot,
            lambda: (
                app.snapshot is not None
                and app.snapshot.view["game"]["players"]["1"]["picked"] == chosen["cards"]
            ),
            "the pick in the view",
        )
        # the log names a Wilderness card by its label: take one when our turn comes
        with bots(server, game, [2]):
            await wait_for(pilot, lambda: can(app, "TakeCard"), "a card to take")
        await choose_type_and_send(pilot, app, "TakeCard")
        assert app.message.startswith("sent "), app.message
        taken = await wait_for_line(pilot, app, "WildernessTaken")
        label = taken.text.split(" takes ")[1].split(" from ")[0]  # "Seat 1 takes Rock 1 ..."
        card = next(c for c, text in app.known_labels.items() if text == label)
        assert card.startswith("res-")  # the game's sentence names the card by its label
        await wait_for(
            pilot,
            lambda: f"Seat 1 takes {label} from slot" in log_text(app),
            "the labelled sentence in the log",
        )
        assert card not in log_text(app)


async def test_play_a_full_round_against_a_bot(server: ServerProcess) -> None:
    game, tokens = new_game(server)
    app = make_app(server, game, tokens[1])
    sent: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        with bots(server, game, [2]):
            while True:
                await wait_for(
                    pilot,
                    lambda: my_turn(app) or next_round(app),
                    "seat 1's turn or the next round",
                )
                if next_round(app):
                    break
                assert app.snapshot is not None
                version = app.snapshot.version
                sent.append(await choose_and_send(pilot, app))
                assert app.message.startswith("sent "), app.message
                await wait_for(
                    pilot,
                    lambda v=version: app.snapshot is not None and app.snapshot.version > v,  # type: ignore[misc]
                    "the view after our command",
                )
        assert app.snapshot.table["track_label"] == "Morning"
        assert {"PickForries", "EndForaging", "EndAlchemy", "PassHealing"} <= set(sent)
        log = "\n".join(line.text for line in app.log_lines)
        assert "The Sun moves to Morning." in log
        assert "Seat 2 " in log  # the bot's moves arrived live
        assert app.log_versions == list(range(1, len(app.log_versions) + 1))


async def test_a_stale_command_is_refused_in_plain_words(server: ServerProcess) -> None:
    game, tokens = new_game(server)
    app = make_app(server, game, tokens[1])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app), "the legal commands")
        await pilot.press("enter", "enter")  # Pick Forries, then its first variant
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the confirmation")
        # meanwhile the same seat picks from elsewhere: the command on screen goes stale
        other = next(c for c in app.snapshot.commands if c != app.screen.command)  # type: ignore[union-attr, attr-defined]
        server.stub().Act(
            pb.ActRequest(
                game_id=game, command_json=json.dumps(other), command_id=uuid.uuid4().hex, seat=1
            ),
            metadata=server.operator(),
        )
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.message.startswith("REFUSED"), "the refusal")
        message = str(app.query_one("#message").render())
        assert message.startswith("REFUSED: ") and "[AB-" in message, message


async def test_spectate_shows_the_public_table(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    game, _ = new_game(server)
    app = make_app(server, game, None, spectate=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.snapshot is not None, "the view")
        assert app.snapshot is not None and app.snapshot.seat == 0
        view = str(app.query_one("#view").render())
        # the public board: every seat among the others, no seat of one's own
        assert "seat 1: " in view and "seat 2: " in view and "YOU (" not in view
        await pilot.press("v", "f")  # the whole public view: hands as counts only
        view = str(app.query_one("#view").render())
        assert "Seat 1:" in view and "forrie hand: 3" in view and "(you)" not in view
        assert option_labels(app) == ["(spectating: view only)"]
        assert "spectator" in str(app.query_one("#status").render())


async def test_survives_a_server_restart(own_server: ServerProcess) -> None:
    game, tokens = new_game(own_server)
    app = make_app(own_server, game, tokens[1])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app), "the legal commands")
        head = app.snapshot.version  # type: ignore[union-attr]
        await wait_for(pilot, lambda: app.log_versions[-1:] == [head], "the log up to the head")
        await asyncio.to_thread(own_server.kill)
        await wait_for(pilot, lambda: bool(app.banner), "the lost-connection banner")
        assert "CONNECTION LOST" in str(app.query_one("#banner").render())
        # a command sent while the server is down is retried, with the same id, until it lands
        await open_confirmation(pilot, app)
        await pilot.press("enter")
        assert app.sending and app.message.startswith("sending")
        await asyncio.to_thread(own_server.start)  # same data dir, same port
        await wait_for(pilot, lambda: not app.banner, "the banner to go")
        await wait_for(pilot, lambda: not app.sending, "the command to land")
        assert app.message.startswith("sent "), app.message
        with bots(own_server, game, [2]):
            await wait_for(
                pilot,
                lambda: (
                    app.snapshot is not None and app.snapshot.table["step"] != "picking Forries"
                ),
                "both picks",
            )
        final = app.snapshot.version  # type: ignore[union-attr]
        await wait_for(pilot, lambda: app.log_versions[-1:] >= [final], "the new events")
        assert app.log_versions == list(range(1, len(app.log_versions) + 1))  # no gaps, no repeats
        picks = [line for line in app.log_lines if line.type == "ForriesPicked" and line.seat == 1]
        assert len(picks) == 1  # the retried command was applied once


@pytest.mark.parametrize(("kind", "title"), [("crucible", "Crucible"), ("valley", "Valley")])
async def test_other_games_play_through_the_same_screens(
    server: ServerProcess, kind: str, title: str
) -> None:
    """The fixture game, and a game that landed after the client: no client changes."""
    created = server.stub().CreateGame(
        pb.CreateGameRequest(kind=kind, seats=2), metadata=server.operator()
    )
    tokens = {t.seat: t.token for t in created.seat_tokens}
    app = make_app(server, created.game_id, tokens[1])
    async with app.run_test(size=SIZE) as pilot:
        with bots(server, created.game_id, [2]):
            await wait_for(pilot, lambda: my_turn(app), "seat 1's turn")
            await choose_and_send(pilot, app)
        assert app.message.startswith("sent "), app.message
        assert title in str(app.query_one("#status").render())
        view = str(app.query_one("#view").render())
        if kind == "valley":  # its board: the display with what each card costs and gives
            assert view.startswith("TABLE") and "DISPLAY" in view and " · cost " in view
            assert "bonus" in view and "YOU (SEAT 1)" in view and "skills:" in view
        else:  # a game without a board keeps the whole view as an outline
            assert "board" not in app.snapshot.view  # type: ignore[union-attr]
            assert "the whole view" not in view
        # the preview box takes room only while some listed command has a preview (a game
        # without previews keeps the whole column for the lists)
        assert app.snapshot is not None
        assert app.query_one("#preview").display == any(app.snapshot.previews)


async def test_a_seat_rearranges_its_inventory_with_a_free_command(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Free commands (Apothebakery: one inventory token to an end) are their own group
    after the legal types, marked "(any time)", and are previewed and sent alike."""
    monkeypatch.setenv("NO_COLOR", "1")
    _, game, tokens, seat = game_with_free_commands(server)
    app = make_app(server, game, tokens[seat])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.snapshot is not None, "the view")
        snap = app.snapshot
        assert snap is not None and snap.free and len(snap.free_previews) == len(snap.free)
        held = snap.view["game"]["players"][str(seat)]["inventory"]
        labels = option_labels(app)
        assert labels[-1].startswith("Arrange Inventory (any time)"), labels
        assert not any(c["type"] == "ArrangeInventory" for c in snap.commands)
        app.query_one("#commands", OptionList).focus()
        await pilot.press("end", "enter")
        if len(snap.free) > 1:  # the variants, each with its preview
            assert app.group_type == "free:ArrangeInventory"
            assert "(any time)" in str(app.query_one("#commands", OptionList).border_title)
            await wait_for(
                pilot, lambda: app.preview_text == snap.free_previews[0], "the first preview"
            )
            await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the confirmation")
        chosen = app.screen.command  # type: ignore[attr-defined]
        assert chosen == snap.free[0]
        confirm = " ".join(str(app.screen.query_one("#confirm").render()).split())
        assert f"=> {snap.free_previews[0]}" in confirm
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.message.startswith("sent "), "the answer")
        expected = [held[i - 1] for i in chosen["order"]]
        await wait_for(
            pilot,
            lambda: (
                app.snapshot is not None
                and app.snapshot.view["game"]["players"][str(seat)]["inventory"] == expected
            ),
            "the new order in the view",
        )
        await wait_for_line(pilot, app, "InventoryArranged")
