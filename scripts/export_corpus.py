"""Export a release's games into the log corpus: tests/corpus/<release>/.

Usage: python scripts/export_corpus.py [--release NAME] [--source DIR] [--out DIR]

Starts that release's `athanor serve` (the code under --source, default this
repository) on a free port with a temporary data directory, creates a planned set of
games of every kind it serves (player counts, options, modes; open tables, undo,
resign, abandon and timers where its CLI has them), plays each with its own `athanor
bot` and writes each operator log with its own `athanor log`. Everything goes through
that release's command line, so the same script exports an older checkout (a git
worktree of an earlier commit) as it does the current one.

The corpus is never regenerated: a release adds its own folder, once. A change that
makes one of its logs stop verifying needs a new rules version (see the README).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
JSON = dict[str, Any]
CALL_TIMEOUT = 600.0
START_TIMEOUT = 60.0


@dataclass(frozen=True)
class Plan:
    """One game to export: its kind, seats, options and what happens at its table.

    `steps` beyond plain bot play, each used only where the release's CLI has it:
    "open" (seats claimed by name, the last given to the server's bot), "undo" (a
    seat takes back its last command mid-game), "resign", "abandon" (the operator
    ends it mid-game), "timed" (a time per move, long enough never to run out).
    `cut`: stop after this many bot commands and export the game still running.
    """

    name: str
    kind: str
    players: int
    options: dict[str, str] = field(default_factory=dict)
    seed: str = ""  # the game's secret seed as text (default: corpus-<name>)
    bot_seed: int = 1
    steps: tuple[str, ...] = ()
    cut: int = 0


PLANS: tuple[Plan, ...] = (
    # Apothebakery: solo against Corruption to 4 players; eor-2 reaches a Poltergeist
    Plan("solo", "apothebakery", 1),
    Plan("eor-2", "apothebakery", 2, seed="eor-2"),
    Plan("difficult", "apothebakery", 2, {"difficult": "true"}, bot_seed=2),
    Plan("solo-tweaks", "apothebakery", 1, {"low_mana": "true", "extra_failed": "true"}),
    Plan("3p-physical-dice", "apothebakery", 3, {"physical_dice": "true"}, bot_seed=2),
    Plan("4p-no-objectives", "apothebakery", 4, {"objectives": "false"}, bot_seed=3),
    Plan("undo", "apothebakery", 2, bot_seed=4, steps=("undo",)),
    # The Valley of Alchemists: solo against the virtual opponent, with and without events
    Plan("solo", "valley", 1),
    Plan("2p-events", "valley", 2, {"events": "true"}),
    Plan("3p-first-2", "valley", 3, {"first_player": "2"}, bot_seed=2, cut=150),
    Plan("open", "valley", 2, bot_seed=3, steps=("open",)),
    Plan("timed-resign", "valley", 2, bot_seed=4, steps=("timed", "resign")),
    # Alchemists: both variants, and the card reader for a physical table
    Plan("2p-apprentice", "alchemists", 2),
    Plan("3p-master-hints", "alchemists", 3, {"variant": "master", "hints": "true"}, bot_seed=2),
    Plan("4p", "alchemists", 4, bot_seed=3),
    Plan("reader", "alchemists", 1, {"mode": "reader", "code": "ABCD"}, cut=30),
    Plan("reader-master", "alchemists", 2, {"mode": "reader", "variant": "master"}, cut=30),
    Plan("undo", "alchemists", 2, bot_seed=4, steps=("undo",)),
    # Alkemia: 2 to 6 players on a field they build
    Plan("2p", "alkemia", 2, {"max_weeks": "2", "two_player_removal": "false"}),
    Plan("4p", "alkemia", 4, {"max_weeks": "1"}, bot_seed=2),
    Plan("6p", "alkemia", 6, {"max_weeks": "1"}, bot_seed=3),
    Plan("abandon", "alkemia", 3, bot_seed=4, steps=("abandon",)),
    Plan("3p-physical-dice", "alkemia", 3, {"max_weeks": "1", "physical_dice": "true"}, bot_seed=5),
    # Witch's Brew: 3 to 5 players
    Plan("3p", "witchs_brew", 3, {"ravens": "2"}),
    Plan("4p-ravens", "witchs_brew", 4, {"ravens": "1"}, bot_seed=2),
    Plan("5p", "witchs_brew", 5, {"ravens": "1"}, bot_seed=3),
    Plan("running", "witchs_brew", 3, bot_seed=4, cut=40),
)


class Release:
    """One release's `athanor` command and its server, run from its source tree."""

    def __init__(self, source: Path, work: Path) -> None:
        self.source = source
        self.work = work
        self.env = {**os.environ, "PYTHONPATH": str(source / "service")}
        self.env.pop("ATHANOR_GAMES", None)  # the release's built-in games alone
        self.env.pop("ATHANOR_TOKEN", None)
        self.server: subprocess.Popen[str] | None = None
        self.address = ""
        self.data = work / "data"

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "athanor.cli.main", *args],
            env=self.env,
            cwd=self.work,
            capture_output=True,
            text=True,
            timeout=CALL_TIMEOUT,
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"athanor {' '.join(args[:2])}: {done.stderr.strip()[-500:]}")
        return done

    def client(self, *args: str, token: str = "", check: bool = True) -> str:
        """A client command against the server (the operator's token unless given)."""
        extra = ["--token", token] if token else []
        where = ["--server", self.address, "--data-dir", str(self.data), *extra]
        return self.run(*args, *where, check=check).stdout

    def help_text(self, *command: str) -> str:
        return self.run(*command, "--help", check=False).stdout

    def start(self) -> None:
        port = _free_port()
        serve = ["serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(self.data)]
        serving = self.help_text("serve")
        if "--no-web" in serving:
            serve.append("--no-web")
        if "--bot-pace" in serving:
            serve += ["--bot-pace", "0"]  # the server's bot at once: nobody watches these
        self.server = subprocess.Popen(
            [sys.executable, "-m", "athanor.cli.main", *serve],
            env=self.env,
            cwd=self.work,
            stdout=subprocess.PIPE,
            stderr=(self.work / "server.log").open("w"),
            text=True,
        )
        assert self.server.stdout is not None
        line = self.server.stdout.readline()  # blocks until the server says where it is
        if not line.startswith("athanor serving on "):
            raise RuntimeError(f"the server did not start: {line!r}")
        self.address = f"127.0.0.1:{port}"

    def stop(self) -> None:
        if self.server is not None:
            self.server.send_signal(signal.SIGTERM)
            try:
                self.server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait(timeout=30)
            self.server = None

    def kinds(self) -> set[str]:
        return {line.split("\t")[0] for line in self.client("kinds").splitlines() if line}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def play(release: Release, plan: Plan) -> tuple[str, list[str]]:
    """Create and play one planned game; its id and the steps actually taken."""
    new = ["new", plan.kind, "--players", str(plan.players), "--json"]
    new += ["--seed", plan.seed or f"corpus-{plan.kind}-{plan.name}"]
    for key, value in sorted(plan.options.items()):
        new += ["--option", f"{key}={value}"]
    taken: list[str] = []
    if "open" in plan.steps:
        new.append("--open")
        taken.append("open")
    if "timed" in plan.steps:
        new += ["--move-seconds", "86400"]  # a day: the server's bot never steps in
        taken.append("timed")
    created = json.loads(release.client(*new))
    game_id = created["game_id"]
    tokens: dict[str, str] = created.get("seat_tokens", {})
    if "open" in plan.steps:
        names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
        for seat in range(1, plan.players):
            joined = json.loads(
                release.client("join", created["join_code"], "--name", names[seat - 1], "--json")
            )
            tokens[str(joined["seat"])] = joined["token"]
        release.client("seat", game_id, str(plan.players), "--bot")
    bot = ["bot", game_id, "--seats", "all", "--rng-seed", str(plan.bot_seed), "--quiet"]
    if "undo" in plan.steps and _undo(release, game_id, tokens, bot):
        taken.append("undo")
    if "resign" in plan.steps:
        release.client(*bot, "--max-commands", "12")
        release.client("resign", game_id, token=tokens["1"])
        taken.append("resign")
    if "abandon" in plan.steps:
        release.client(*bot, "--max-commands", "15")
        release.client("abandon", game_id)
        taken.append("abandon")
        return game_id, taken
    # where the server's bot plays a seat, wait for its turns rather than stop at them
    follow = ["--follow"] if taken and "--follow" in release.help_text("bot") else []
    release.client(*bot, *follow, *(["--max-commands", str(plan.cut)] if plan.cut else []))
    return game_id, taken


def _undo(release: Release, game_id: str, tokens: dict[str, str], bot: list[str]) -> bool:
    """Play until some seat may take back its last command, and take it back."""
    release.client(*bot, "--max-commands", "6")
    for _ in range(40):
        for token in tokens.values():
            if release.client("undo", game_id, token=token, check=False).startswith("undone"):
                return True
        release.client(*bot, "--max-commands", "1")  # that one revealed something: go on
    return False


def export(
    release: Release, plans: Sequence[Plan], folder: Path, name: str
) -> tuple[list[JSON], list[JSON]]:
    """Play and export every plan the release can; the logs made and the plans skipped
    (a kind it does not serve, a step its CLI lacks, a game it refused)."""
    kinds = release.kinds()
    commands = set(re.findall(r"^ {4}(\w+) ", release.help_text(), re.MULTILINE))
    new = release.help_text("new")
    features = {
        "open": "--open" in new,
        "timed": "--move-seconds" in new,
        **{step: step in commands for step in ("undo", "resign", "abandon")},
    }
    made: list[JSON] = []
    skipped: list[JSON] = []
    for plan in plans:
        label = f"{plan.kind}-{plan.name}"
        if plan.kind not in kinds or not all(features[s] for s in plan.steps):
            continue  # the release has no such game or table: nothing to skip
        try:
            game_id, taken = play(release, plan)
        except RuntimeError as err:
            skipped.append({"plan": label, "why": str(err)})
            print(f"{name}/{label}: skipped: {err}", file=sys.stderr)
            continue
        plain = release.work / f"{label}.jsonl"
        release.client("log", game_id, "--out", str(plain))
        text = plain.read_bytes()
        # gzipped as archive bundles are (verify and import read either): a sixth of
        # the bytes, and no time in the gzip header, so the same log is the same file
        path = folder / f"{label}.jsonl.gz"
        path.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
        lines = text.decode().splitlines()
        made.append(
            {
                "file": path.name,
                "kind": plan.kind,
                "players": plan.players,
                "options": plan.options,
                "steps": taken,
                "events": len(lines) - 1,
                "over": '"type\\":\\"GameEnded' in lines[-1],
            }
        )
        print(f"{name}/{path.name}: {len(lines) - 1} events", file=sys.stderr)
    return made, skipped


def commit_of(source: Path) -> tuple[str, str]:
    """The source tree's commit and its date (YYYY-MM-DD)."""
    out = subprocess.run(
        ["git", "-C", str(source), "log", "-1", "--format=%H %cs"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return out[0], out[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT, help="the release's checkout")
    parser.add_argument("--release", help="the folder's name (default: DATE-COMMIT)")
    parser.add_argument("--out", type=Path, default=CORPUS, help="the corpus folder")
    args = parser.parse_args()
    source = args.source.resolve()
    commit, date = commit_of(source)
    name = args.release or f"{date}-{commit[:7]}"
    folder = args.out / name
    if folder.exists():
        sys.exit(f"{folder} exists: the corpus is never regenerated")
    with tempfile.TemporaryDirectory(prefix="athanor-corpus-") as tmp:
        release = Release(source, Path(tmp))
        release.start()
        try:
            folder.mkdir(parents=True)
            made, skipped = export(release, PLANS, folder, name)
        finally:
            release.stop()
    manifest = {
        "release": name,
        "commit": commit,
        "exported": datetime.now(UTC).strftime("%Y-%m-%d"),
        "logs": made,
        **({"skipped": skipped} if skipped else {}),
    }
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"wrote {len(made)} logs to {folder}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
