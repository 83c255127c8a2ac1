"""A secret inside an encoded layer (JSON in a JSON string, a percent-encoded ``data:`` URL,
base64 of a config, and the other shapes found widening them) followed along every route:
a committed file and a commit message to the prompt ``--dry-run`` prints, a ``Memory-Fact``
trailer through the pre-push hook to the remote, a memory file written by hand to the
pre-push scan's lines (issue 31: the sealed19 part leaked the first two through the model
request)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from testing import secret_routes as routes
from testing.attack_checks import fake
from testing.gitrepo import commit_file, gitmemory
from testing.secret_routes import ANTHROPIC

ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
KEY = fake("", 40, "layered-e2e-key", ALNUM)
PW = "Hv7qXe3Lp" + "9Tn2Wc6K"
WEAK = "tsjokte" + "2024!"

KUMA = json.dumps({"notificationList": [{"name": "Spryng", "config": json.dumps(
    {"type": "spryng", "spryngSender": "Tsjokte", "spryngApiKey": KEY})}]})
IGNITION = ('{"storage": {"files": [{"path": "/etc/app.toml", "contents": {"source": '
            '"data:,dbPassword%20%3D%20%22' + PW + '%22%0A"}}]}}')
ENV_B64 = base64.b64encode(f"DB_HOST=db\nDB_PASSWORD={WEAK}\n".encode()).decode()

BODY = fake("", 64, "layered-e2e-body", ALNUM + "+/")
HEX_KEY = "0x" + fake("", 64, "layered-e2e-hex", "0123456789abcdef")

CASES = {
    "json in a json string": (KUMA, KEY),
    "a percent-encoded data: URL": (IGNITION, PW),
    "base64 of a .env": (f"The staging config is {ENV_B64} (a Secret's config.env)", WEAK),
    # the same principle widened: a name apart from its value, a key in pieces
    "an ODBC braced password": (f"Server=db;Uid=app;Pwd={{{WEAK}}};", WEAK),
    "an INSERT's password column": (
        f"INSERT INTO users (name, password) VALUES ('ops', '{WEAK}')", WEAK),  # noqa: S608
    "a key in joined literals": ('"-----BEGIN " + "PRIVATE KEY-----\\n" + "' + BODY
                                 + '\\n-----END PRIVATE KEY-----"', BODY),
    "a key as one hex number": (f"PRIVATE_KEY={HEX_KEY}", HEX_KEY[2:]),
}


def test_committed_files_reach_the_prompt_redacted(repo: Path) -> None:
    commit_file(repo, "ops/kuma/backup.json", KUMA + "\n", "ops: keep the monitor backup")
    commit_file(repo, "flatcar/app.ign", IGNITION + "\n", "ops: provision the app host")
    done = gitmemory(repo, "memorize", "--dry-run", "--provider", "anthropic", env=ANTHROPIC)
    assert "--- anthropic: prompt ---" in done.stdout, done.stdout + done.stderr
    assert "spryngApiKey" in done.stdout and "dbPassword" in done.stdout  # the files went
    assert KEY not in done.stdout and PW not in done.stdout
    assert "[REDACTED:" in done.stdout


@pytest.mark.parametrize("case", list(CASES))
def test_a_commit_message_reaches_the_prompt_redacted(repo: Path, case: str) -> None:
    routes.message_to_prompt(repo, *CASES[case], "monitor")


@pytest.mark.parametrize("case", list(CASES))
def test_the_remote_gets_no_layered_secret(repo: Path, tmp_path: Path, case: str) -> None:
    routes.trailer_to_remote(repo, tmp_path, *CASES[case], "monitor")


@pytest.mark.parametrize("case", list(CASES))
def test_a_hand_written_layered_secret_stops_the_push_unprinted(repo: Path, tmp_path: Path,
        case: str) -> None:
    routes.hand_written_push(repo, tmp_path, *CASES[case], "monitor")


@pytest.mark.parametrize("case", list(CASES))
def test_a_teammates_layered_secret_reaches_no_agent_file_or_reader(repo: Path, case: str) -> None:
    routes.teammate_to_readers(repo, *CASES[case], "monitor")
