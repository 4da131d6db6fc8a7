"""PlayApp: a full-screen terminal client for one seat (or a spectator) of any game.

The screen: two status lines (who, where, whose turn, what the game waits for), a
banner while the link is down, the seat's view as an outline, the legal commands
and the event log. Choosing a command never involves typing: the first list holds
the command types, the second the concrete variants the server offers, and a
confirmation shows the command before it is sent. Where the game offers previews, a
box under the commands says what the highlighted one would do, and the confirmation
repeats it. Free commands (any time, not advancing the game) follow the legal ones as
their own groups, marked "(any time)". Where the game labels the ids of its view, the
view, the variants, the confirmation and the log show the labels (formatting.py says
where the ids stay).
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual import _widget_navigation, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from athanor.play import formatting as fmt
from athanor.play import parts
from athanor.play.arguments import names_of, outcome_words, seat_name, titled_keys
from athanor.play.link import LogLine, PlayLink, Refused, Settings, Snapshot

BACK = "back"
# how long a log line may wait for the view that follows its events (whose labels may
# name a card the events just showed, such as one fed from a hidden hand)
LOG_WAIT_S = 0.5
PREVIEW = "=> "  # marks the game's preview of a command, in words rather than colour


class CommandList(OptionList):
    """The command list: Up and Down stop at the ends instead of wrapping round, so a
    held key never lands on "back" or on the other end's command."""

    def action_cursor_up(self) -> None:
        found = _widget_navigation.find_next_enabled_no_wrap(
            self.options, anchor=self.highlighted, direction=-1
        )
        if found is not None:
            self.highlighted = found

    def action_cursor_down(self) -> None:
        found = _widget_navigation.find_next_enabled_no_wrap(
            self.options, anchor=self.highlighted, direction=1
        )
        if found is not None:
            self.highlighted = found


class LogPane(VerticalScroll):
    """The event log: its lines wrapped at word boundaries to the pane's width, whole
    (a Static re-wraps on every resize), following the end unless scrolled back."""

    MAX_LINES = 2000

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []

    def on_mount(self) -> None:
        self.anchor()  # follow the end as lines come, until scrolled back

    def write(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        del self.lines[: -self.MAX_LINES]
        self.query_one("#log-text", Static).update(Text("\n".join(self.lines)))


class ConfirmScreen(ModalScreen[bool]):
    """Shows the command about to be sent, with the game's preview of what it does;
    Enter sends, Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "answer(True)", "Send"),
        Binding("escape,n", "answer(False)", "Back"),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    #confirm { width: 70; max-width: 100%; height: auto; border: double $accent; padding: 0 1; }
    """

    def __init__(
        self, command: dict[str, Any], preview: str = "", labels: fmt.Labels = fmt.NO_LABELS
    ) -> None:
        super().__init__()
        self.command = command
        self.preview = preview
        self.labels = labels

    def compose(self) -> ComposeResult:
        shown = f"{PREVIEW}{self.preview}\n\n" if self.preview else ""
        # every labelled id with its id: this is exactly what is sent
        body = (
            f"Send {fmt.words(str(self.command.get('type', '?')))}?\n\n"
            f"{fmt.arguments(self.command, self.labels, fmt.EVERY, titled_keys([self.command]))}"
            "\n\n"
            f"{shown}"
            "Enter/y: send    Esc/n: back"
        )
        yield Static(Text(body), id="confirm")

    def action_answer(self, send: bool) -> None:
        self.dismiss(send)


class PlayApp(App[None]):
    TITLE = "athanor play"
    CSS = """
    #status { height: 2; background: $boost; }
    #banner { height: 1; display: none; background: $error; text-style: bold; }
    #banner.down { display: block; }
    #body { height: 1fr; }
    #view-pane { width: 1fr; border: round $primary; }
    #side { width: 45%; min-width: 40; max-width: 90; }
    #commands { height: 1fr; border: round $primary; }
    #preview { height: auto; max-height: 9; border: round $primary; padding: 0 1; display: none; }
    #preview.offered { display: block; }
    #log { height: 1fr; border: round $primary; }
    #message { height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit"),
        Binding("escape", "back", "Back"),
        Binding("c", "focus('commands')", "Commands"),
        Binding("v", "focus('view-pane')", "View"),
        Binding("l", "focus('log')", "Log"),
        Binding("f", "fold", "Fold view"),
    ]

    def __init__(self, settings: Settings, spectate: bool = False) -> None:
        super().__init__()
        self.settings = settings
        self.spectate = spectate
        self.link = PlayLink(settings)
        self.snapshot: Snapshot | None = None
        self.title_text = settings.game
        self.group_type: str | None = None  # the type whose variants are listed, if any
        # a type with many variants is chosen a part at a time (parts.py)
        self.chooser: parts.Chooser | None = None
        self._chooser_of: list[str] = []  # the variants the chooser was made for (keys)
        self._just_sent = False  # the next listing puts the cursor on a fresh command
        self.log_lines: list[LogLine] = []  # every event received, in order (the log)
        self._unwritten: list[LogLine] = []  # received, waiting for the next view's labels
        self.message = ""
        self.banner = ""
        self.preview_text = ""  # the preview shown for the highlighted command
        self.labels: dict[str, str] = {}  # the latest view's labels: {id: label}
        self.known_labels: dict[str, str] = {}  # every label this seat's views gave
        self._previews: tuple[Snapshot | None, dict[str, str]] = (None, {})
        self.sending = False
        self.unfolded = False  # the whole view below the board: folded until asked for
        self._option_keys: list[str | None] = []  # what each listed option stands for
        # a timed game's deadline on this machine's monotonic clock (None: no timer):
        # counted from the server's "seconds_left", so the two clocks need not agree
        self._deadline: float | None = None

    @property
    def log_versions(self) -> list[int]:
        return [line.version for line in self.log_lines]

    def compose(self) -> ComposeResult:
        yield Static("connecting…", id="status")
        yield Static("", id="banner")
        with Horizontal(id="body"):
            with VerticalScroll(id="view-pane", can_focus=True):
                yield Static("", id="view")
            with Vertical(id="side"):
                yield CommandList(id="commands")
                yield Static("", id="preview")
                with LogPane(id="log", can_focus=True):
                    yield Static("", id="log-text")
        yield Label("", id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#view-pane").border_title = "view"
        commands = self.query_one("#commands", OptionList)
        commands.border_title = "spectating" if self.spectate else "commands"
        self.query_one("#log").border_title = "log"
        self.query_one("#preview").border_title = "preview"
        commands.focus()
        self.set_interval(1.0, self.tick_status)  # a timed game's countdown

    def on_ready(self) -> None:
        # the link starts once every widget is mounted, so nothing it triggers (a
        # snapshot, a log line written by a timer) can look for a widget not there yet
        self.link.on_event = self.add_event
        self.link.on_snapshot = self.show_snapshot
        self.link.on_online = self.show_online
        self.run_worker(self.link.run(), name="link", exclusive=True, exit_on_error=False)

    async def on_unmount(self) -> None:
        await self.link.close()

    # -- what the link tells us -------------------------------------------------------

    async def add_event(self, line: LogLine) -> None:
        self.log_lines.append(line)
        self._unwritten.append(line)
        if len(self._unwritten) == 1:  # the view after these events usually comes first
            self.set_timer(LOG_WAIT_S, self.write_log)

    def write_log(self) -> None:
        """Write the lines received so far, naming ids by every label seen by now."""
        found = self.query("#log").results(LogPane)
        log = next(found, None)
        if log is None:  # shutting down: the widgets are gone, and so is the reader
            return
        names = names_of(self.snapshot.view, self.snapshot.table) if self.snapshot else {}
        written = []
        for line in self._unwritten:
            mark = "*" if line.mine else " "  # your own commands, without relying on colour
            text = fmt.sentence(line.text, self.known_labels)
            if not text:
                text = f"{fmt.words(line.type)} ({seat_name(line.seat, names)})"
            written.append(f"{mark}{line.version} {text}")
        if written:
            log.write(written)
        self._unwritten.clear()

    async def show_snapshot(self, snap: Snapshot) -> None:
        if self.snapshot is None and snap.view.get("kind"):
            self.title_text = await self.link.kind_title(str(snap.view["kind"]))
        self.snapshot = snap
        self.labels = fmt.labels_of(snap.view)
        self.known_labels.update(self.labels)
        self.write_log()
        left = snap.table.get("seconds_left")
        timed = isinstance(left, int | float) and not snap.view.get("over")
        self._deadline = time.monotonic() + float(left) if timed else None
        self.show_status()
        self.show_view()
        self.show_commands()

    def show_status(self) -> None:
        snap = self.snapshot
        if snap is None:
            return
        left = None if self._deadline is None else self._deadline - time.monotonic()
        self.query_one("#status", Static).update(
            Text(
                fmt.status(
                    self.title_text,
                    self.settings.game,
                    snap.version,
                    snap.seat,
                    snap.view,
                    snap.table,
                    self.size.width,
                    left,
                )
            )
        )

    def tick_status(self) -> None:
        if self._deadline is not None:
            self.show_status()

    def show_view(self) -> None:
        snap = self.snapshot
        if snap is not None:
            shown = fmt.render_view(snap.view, snap.seat, self.unfolded)
            self.query_one("#view", Static).update(Text(shown))

    def action_fold(self) -> None:
        """Show or hide the whole view below the game's board."""
        self.unfolded = not self.unfolded
        self.show_view()

    async def show_online(self, online: bool, why: str) -> None:
        banner = self.query_one("#banner", Static)
        if online:
            self.banner = ""
            banner.remove_class("down")
            if self.message.startswith("connection"):
                self.say("connection restored")
            return
        if self.link.stopped:  # a bad token or game: waiting would not help
            self.banner = f"!! CANNOT FOLLOW THE GAME: {why} (q quits)"
        else:
            tries = self.link.attempts
            self.banner = f"!! CONNECTION LOST ({why}) - reconnecting, attempt {tries} ..."
        banner.update(Text(self.banner))
        banner.add_class("down")

    # -- the commands pane --------------------------------------------------------

    def groups(self) -> dict[str, list[dict[str, Any]]]:
        """The legal commands by type, then the free ones (keys "free:<type>")."""
        snap = self.snapshot
        return fmt.group(snap.commands, snap.free) if snap else {}

    def preview_of(self, command: dict[str, Any]) -> str:
        """The game's preview of a listed command ("" when it offers none)."""
        snap = self.snapshot
        if snap is None:
            return ""
        if self._previews[0] is not snap:
            commands, previews = snap.commands + snap.free, snap.previews + snap.free_previews
            self._previews = (snap, fmt.previews_by_command(commands, previews))
        return self._previews[1].get(fmt.key(command), "")

    def highlighted_variants(self) -> tuple[list[dict[str, Any]], bool]:
        """The commands the highlighted option stands for, and whether it is one variant
        (a type with several variants, or a part still open, stands for all of them)."""
        pane = self.query_one("#commands", OptionList)
        if pane.highlighted is None or not pane.option_count:
            return [], False
        key = pane.get_option_at_index(pane.highlighted).id or ""
        groups = self.groups()
        if key.startswith("variant:") and self.group_type in groups:
            variants = groups[self.group_type]
            n = int(key[8:])
            return variants[n : n + 1], True
        if key.startswith("part:") and self.chooser is not None:
            chooser = self.chooser
            step = chooser.step()
            if step is None:
                return [], False
            option = step.options[int(key[5:])]
            left = chooser.remaining([*chooser.picks, (step.field, option.value)])
            return [dict(chooser.variants[n]) for n in left], len(left) == 1
        if key.startswith("type:"):
            variants = groups.get(key[5:], [])
            return variants, len(variants) == 1
        return [], False

    def show_preview(self) -> None:
        """The preview box is there while any listed command has a preview (so the lists
        do not jump as the cursor moves) and shows the highlighted command's."""
        box = self.query_one("#preview", Static)
        snap = self.snapshot
        offered = not self.spectate and snap is not None and any(snap.previews + snap.free_previews)
        box.set_class(offered, "offered")
        commands, single = self.highlighted_variants() if offered else ([], False)
        self.preview_text = self.preview_of(commands[0]) if single else ""
        if self.preview_text:
            box.update(Text(self.preview_text))
        elif self.chooser is not None and len(commands) > 1:
            box.update(Text(f"({len(commands)} moves: Enter chooses the next part)"))
        elif any(self.preview_of(c) for c in commands):
            box.update(Text("(Enter lists the variants, each with its preview)"))
        else:
            box.update(Text("(no preview for this one)"))

    @on(OptionList.OptionHighlighted, "#commands")
    def command_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_preview()

    def show_commands(self) -> None:
        pane = self.query_one("#commands", OptionList)
        if self.spectate:
            pane.clear_options()
            pane.add_option(Option("(spectating: view only)", disabled=True))
            return
        groups = self.groups()
        if self.group_type is not None and self.group_type not in groups:
            self.group_type = None  # those commands are gone: back to the types
        highlighted = pane.highlighted
        keys = self._option_keys
        was = keys[highlighted] if highlighted is not None and highlighted < len(keys) else None
        pane.clear_options()
        if self.group_type is None:
            self.chooser = None
            self._list_types(pane, groups)
        elif self._by_parts(groups[self.group_type]):
            self._list_parts(pane)
        else:
            self._list_variants(pane, groups[self.group_type])
        if pane.option_count:
            keys = self._option_keys = [self._option_key(pane, i) for i in range(pane.option_count)]
            if was is not None and was in keys:
                pane.highlighted = keys.index(was)  # the same command, still legal
            elif self._just_sent or was is not None:
                # never a different command that happens to sit on the same row
                pane.highlighted = self._first_command(pane)
            else:
                pane.highlighted = min(highlighted or 0, pane.option_count - 1)
        self._just_sent = False
        self.show_preview()

    def _first_command(self, pane: OptionList) -> int:
        """The row of the first command listed (not "back", not a note)."""
        for i in range(pane.option_count):
            option = pane.get_option_at_index(i)
            if option.id and option.id != BACK and not option.disabled:
                return i
        return 0

    def _list_types(self, pane: OptionList, groups: dict[str, list[dict[str, Any]]]) -> None:
        pane.border_title = "commands"
        snap = self.snapshot
        if snap is not None and snap.view.get("over"):  # the end: the outcome in words
            pane.border_title = "game over"
            names = names_of(snap.view, snap.table)
            for line in outcome_words(snap.view.get("outcome"), names, snap.seat):
                pane.add_option(Option(line, disabled=True))
            return
        if not any(not kind.startswith(fmt.FREE) for kind in groups):
            pane.add_option(Option("(nothing to do now)", disabled=True))
        # the free groups follow the legal ones, "(any time)" after their names
        for kind, variants in groups.items():
            count = f" ({len(variants)})" if len(variants) > 1 else ""
            pane.add_option(Option(f"{fmt.group_title(kind)}{count}", id=f"type:{kind}"))

    def _list_variants(self, pane: OptionList, variants: list[dict[str, Any]]) -> None:
        assert self.group_type is not None
        pane.border_title = fmt.group_title(self.group_type)
        pane.add_option(Option("<- back (Esc)", id=BACK))
        # no two variants read the same: "Plant 1/3 [plant-01]", "Plant 1/3 [plant-02]"
        for n, text in enumerate(fmt.variant_texts(variants, self.labels)):
            pane.add_option(Option(text, id=f"variant:{n}"))

    def _by_parts(self, variants: list[dict[str, Any]]) -> bool:
        """Whether the listed type is chosen a part at a time; keeps the chooser (and
        the parts chosen) while its variants stay the same."""
        if len(variants) <= parts.FLAT_MOST:
            self.chooser = None
            return False
        keys = [fmt.key(v) for v in variants]
        if self.chooser is None or keys != self._chooser_of:
            self.chooser, self._chooser_of = parts.Chooser(variants), keys
        return True

    def _list_parts(self, pane: OptionList) -> None:
        chooser = self.chooser
        assert chooser is not None and self.group_type is not None
        step = chooser.step()
        pane.add_option(Option("<- back (Esc)", id=BACK))
        if step is None:  # one variant left: it is the move (its confirmation is shown)
            pane.border_title = fmt.group_title(self.group_type)
            return
        left = len(chooser.remaining())
        pane.border_title = fmt.part_title(self.group_type, step, left)
        titled = titled_keys(chooser.variants)
        for n, option in enumerate(step.options):
            text = fmt.part_text(step, option, self.labels, titled, self.snapshot_view())
            pane.add_option(Option(text, id=f"part:{n}"))

    def snapshot_view(self) -> dict[str, Any]:
        return self.snapshot.view if self.snapshot is not None else {}

    def _option_key(self, pane: OptionList, index: int | None) -> str | None:
        """What an option stands for, the same across listings: its type, or the
        variant's command (a variant's row number changes when others come or go)."""
        if index is None or not 0 <= index < pane.option_count:
            return None
        key = pane.get_option_at_index(index).id or ""
        if key.startswith("variant:") and self.group_type is not None:
            variants = self.groups().get(self.group_type, [])
            n = int(key[8:])
            return f"{self.group_type}:{fmt.key(variants[n])}" if n < len(variants) else None
        step = self.chooser.step() if key.startswith("part:") and self.chooser else None
        if step is not None:  # a part's value, at this step of this type's choice
            value = step.options[int(key[5:])].value
            return f"{self.group_type}:{len(self.chooser.picks)}:{parts.canon(value)}"  # type: ignore[union-attr]
        return key or None

    @on(OptionList.OptionSelected, "#commands")
    def choose(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        groups = self.groups()
        if key == BACK:
            self.action_back()
        elif key.startswith("type:"):
            variants = groups.get(key[5:], [])
            if len(variants) == 1:
                self.confirm(variants[0])
            elif variants:
                self.group_type = key[5:]
                self.show_commands()
                self.query_one("#commands", OptionList).highlighted = 1  # the first variant
        elif key.startswith("variant:") and self.group_type in groups:
            self.confirm(groups[self.group_type][int(key[8:])])
        elif key.startswith("part:") and self.chooser is not None:
            self.choose_part(int(key[5:]))

    def choose_part(self, n: int) -> None:
        """Take the n-th option of the current part; once one variant is left, confirm
        it (Esc there comes back to the last part)."""
        chooser = self.chooser
        assert chooser is not None
        step = chooser.step()
        if step is None:
            return
        chooser.pick(step.options[n].value)
        chosen = chooser.chosen()
        if chosen is not None:
            chooser.back()  # the confirmation's Esc comes back to this part
            self.confirm(dict(chosen))
            return
        self.show_commands()
        self.query_one("#commands", OptionList).highlighted = 1  # the first option

    def action_back(self) -> None:
        if self.chooser is not None and self.chooser.back():
            self.show_commands()
            return
        if self.group_type is not None:
            self.group_type = None
            self.chooser = None
            self.show_commands()

    def confirm(self, command: dict[str, Any]) -> None:
        def answered(send: bool | None) -> None:
            if send:
                self.run_worker(self.send(command), group="send")

        self.push_screen(ConfirmScreen(command, self.preview_of(command), self.labels), answered)

    async def send(self, command: dict[str, Any]) -> None:
        name = fmt.words(str(command.get("type", "?")))
        self.sending = True
        self.say(f"sending {name} …")
        try:
            reply = await self.link.act(command)
        except Refused as err:
            self.say(f"REFUSED: {err.refusal}")
        else:
            if not (self.group_type or "").startswith(fmt.FREE):
                self.group_type = None  # a free group stays open for the next move
                self.chooser = None
            self._just_sent = True
            note = " (already applied)" if reply.duplicate else ""
            self.say(f"sent {name}: v{reply.first_version}-v{reply.last_version}{note}")
        finally:
            self.sending = False

    def say(self, message: str) -> None:
        self.message = message
        self.query_one("#message", Label).update(Text(message))
