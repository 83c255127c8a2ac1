"""The secrets sealed20 let through and the shapes found widening them (a user flag's long
key before its secret, a token behind capitals and a dot, key bytes named for a key, a bare
``user:password`` in prose) followed along every route: a commit message to the prompt
``--dry-run`` prints, a ``Memory-Fact`` trailer through the pre-push hook to the remote, a
memory file written by hand to the pre-push scan's lines, and a teammate's memory file to
the agent files and the readers; and key files committed (a firmware header's key bytes,
a keypair file's numbers) to the prompt (issue 31)."""

from __future__ import annotations

from pathlib import Path

import pytest

from testing import secret_routes as routes
from testing.attack_checks import fake
from testing.gitrepo import commit_file, gitmemory
from testing.secret_routes import ANTHROPIC

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
USER_KEY = fake("", 80, "s20-e2e-user", B64)
SECRET = fake("", 64, "s20-e2e-secret", B64)
PART = fake("", 52, "s20-e2e-part", BASE32)
DIGITS = fake("", 32, "s20-e2e-bytes", "0123456789abcdef")
BYTES = ", ".join("0x" + DIGITS[i:i + 2] for i in range(0, 32, 2))
PW = "Tq7wXe2" + "Lp9Nk"

CASES = {
    "a long key as a user flag's user": (
        f"`wget --user '{USER_KEY}:{SECRET}' https://fw.example/api/core/backup/download`",
        SECRET),
    "a token behind capitals and a dot": (
        f"The gateways register with GWK.{fake('', 39, 's20-e2e-first', BASE32)}.{PART}",
        PART),
    "key bytes named for a key": (
        "static const u1_t PROGMEM APPKEY[16] = { " + BYTES + " };", BYTES[6:40]),
    "a bare user:password in prose": (
        f"The switch in rack 3 still takes admin:{PW} from the console", PW),
}
KEYPAIR_DIGITS = fake("", 128, "s20-e2e-keypair", "0123456789abcdef")
KEYPAIR = ",".join(str(int(KEYPAIR_DIGITS[i:i + 2], 16)) for i in range(0, 128, 2))


def test_committed_key_files_reach_the_prompt_redacted(repo: Path) -> None:
    commit_file(repo, "firmware/lorawan_keys.h",
                "#pragma once\nstatic const u1_t PROGMEM APPKEY[16] = {\n    "
                + BYTES.replace(", 0x", ",\n    0x", 4) + "\n};\n",
                "firmware: keys for the weigh units")
    commit_file(repo, "deploy/keypair.json", f"[{KEYPAIR}]\n", "deploy: the program's keypair")
    done = gitmemory(repo, "memorize", "--dry-run", "--provider", "anthropic", env=ANTHROPIC)
    assert "--- anthropic: prompt ---" in done.stdout, done.stdout + done.stderr
    assert "PROGMEM APPKEY" in done.stdout and "keypair.json" in done.stdout  # the files went
    assert BYTES[6:40] not in done.stdout and KEYPAIR[10:40] not in done.stdout
    assert "[REDACTED:" in done.stdout


@pytest.mark.parametrize("case", list(CASES))
def test_a_commit_message_reaches_the_prompt_redacted(repo: Path, case: str) -> None:
    routes.message_to_prompt(repo, *CASES[case], "gateway")


@pytest.mark.parametrize("case", list(CASES))
def test_the_remote_gets_no_such_secret(repo: Path, tmp_path: Path, case: str) -> None:
    routes.trailer_to_remote(repo, tmp_path, *CASES[case], "gateway")


@pytest.mark.parametrize("case", list(CASES))
def test_a_hand_written_secret_stops_the_push_unprinted(repo: Path, tmp_path: Path,
        case: str) -> None:
    routes.hand_written_push(repo, tmp_path, *CASES[case], "gateway")


@pytest.mark.parametrize("case", list(CASES))
def test_a_teammates_secret_reaches_no_agent_file_or_reader(repo: Path, case: str) -> None:
    routes.teammate_to_readers(repo, *CASES[case], "gateway")
