"""deploy/: the TLS script makes a CA and certificate a real server and client accept;
the Pi guide gives the hub a credential it can read on a fresh install."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import grpc
import pytest

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc
from tests.server_process import ROOT, ServerProcess

DEPLOY = ROOT / "deploy"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")
def test_make_tls_makes_a_ca_and_a_certificate_the_server_serves(tmp_path: Path) -> None:
    tls = tmp_path / "tls"
    subprocess.run(
        ["sh", str(DEPLOY / "make-tls.sh"), str(tls), "localhost", "127.0.0.1"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    assert (tls / "server.key").stat().st_mode & 0o077 == 0
    server = ServerProcess(
        tmp_path / "srv",
        100,
        0,
        "--tls-cert",
        str(tls / "server.pem"),
        "--tls-key",
        str(tls / "server.key"),
    )
    server.start()
    try:
        creds = grpc.ssl_channel_credentials((tls / "ca.pem").read_bytes())
        for host in ("localhost", "127.0.0.1"):
            with grpc.secure_channel(f"{host}:{server.port}", creds) as channel:
                kinds = athanor_pb2_grpc.AthanorStub(channel).ListKinds(
                    pb.ListKindsRequest(), timeout=30
                )
                assert any(k.kind == "crucible" for k in kinds.kinds)
    finally:
        server.stop()


def test_the_pi_guide_gives_the_hub_its_own_readable_token() -> None:
    guide = (DEPLOY / "PI_SETUP.md").read_text()
    section = guide[guide.index("## 5.") : guide.index("## 6.")]
    path = tomllib.loads((DEPLOY / "hub-i2c.example.toml").read_text())["hub"][
        "operator_token_file"
    ]
    # not inside the server's 0750 state directory, which the hub user cannot enter
    assert not path.startswith("/var/lib/athanor/")
    install = re.search(r"install -o root -g athanor-hub -m 0640 \\\s+(\S+) (\S+)", section)
    assert install is not None and install.group(2) == path
    # the copy is made once the server has written the token
    assert section.index("enable --now athanor.service") < section.index(install.group(0))
    assert "operator.token" in install.group(1)
    # and the guide says what plain text risks, with TLS set up by the script
    assert "make-tls.sh" in guide and "plain text" in guide
