"""`athanor-hub` where the hub extra is not installed: --help still works and says what
the hub needs; a run says so in one line and exits 2 (systemd does not restart it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent

# the extra's modules made unimportable (a None in sys.modules raises ImportError), then
# the hub's entry point run as the console script runs it
BLOCKED = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None
from athanor_hub.main import main
sys.argv[0] = "athanor-hub"
sys.exit(main())
"""


def hub_without(blocked: tuple[str, ...], *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "devices"), str(ROOT)])}
    return subprocess.run(
        [sys.executable, "-c", BLOCKED.format(blocked=blocked), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_help_works_without_the_extra_and_names_it() -> None:
    done = hub_without(("gpiozero", "luma", "luma.oled", "PIL"), "--help")
    assert done.returncode == 0, done.stderr
    assert "--emulate DIR" in done.stdout
    assert "pip install 'athanor[hub]'" in done.stdout
    assert "athanor[hub,pi]" in done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize("blocked", [("gpiozero",), ("luma", "luma.oled"), ("PIL",)])
def test_a_run_without_the_extra_is_one_line_and_exit_2(
    tmp_path: Path, blocked: tuple[str, ...]
) -> None:
    config = tmp_path / "hub.toml"
    config.write_text('[hub]\nserver = "localhost:1"\ngame = "g1"\n')
    done = hub_without(blocked, "--config", str(config), "--emulate", str(tmp_path / "out"))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"athanor-hub: {blocked[-1]} is not installed: pip install 'athanor[hub]'"
    ]
    assert "Traceback" not in done.stdout + done.stderr


def test_an_unknown_log_level_is_a_usage_error_not_a_traceback(tmp_path: Path) -> None:
    config = tmp_path / "hub.toml"
    config.write_text('[hub]\nserver = "localhost:1"\ngame = "g1"\n')
    done = hub_without((), "--config", str(config), "--log-level", "bogus")
    assert done.returncode == 2
    assert "invalid choice: 'BOGUS'" in done.stderr
    assert "Traceback" not in done.stdout + done.stderr
