"""No planted secret reaches a provider, a memory file or CLAUDE.md; the pre-push scan stops
one that was written by hand.  Real git, real anthropic SDK, fake Messages API."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git, gitmemory, set_up

# Assembled at run time so that no scanner mistakes this file for a leak.
AWS_KEY = "AKIA" + "Q3EGRBXW7TZ5KJ4P"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzq8Lm2Tq9vNs"
GITHUB = "ghp_" + "r8Kf2LmQ9xTz4VbN7wYc1HsJ6dPq3UeA0gXo"
STRIPE = "sk_live_" + "51HqLyjWDarjtT1zdp7dcXhV4Wq8Rb2"
DB_PASSWORD = "Tr0ub4dor&3-" + "horse-battery"
KEY_BODY = "MIIEowIBAAKCAQEA7x" + "Yk3Lm9Qz2Wp8Rt5Vn1Bc4Xs6Df0Gh"
PLANTED = [AWS_KEY, AWS_SECRET, GITHUB, STRIPE, DB_PASSWORD, KEY_BODY]

DIFF_WITH_SECRETS = f"""\
import os

AWS_ACCESS_KEY_ID = "{AWS_KEY}"
AWS_SECRET_ACCESS_KEY = "{AWS_SECRET}"
DATABASE_URL = "postgres://app:{DB_PASSWORD}@db.internal:5432/app"
STRIPE_KEY = "{STRIPE}"
PRIVATE_KEY = '''-----BEGIN RSA PRIVATE KEY-----
{KEY_BODY}
-----END RSA PRIVATE KEY-----'''
TOKEN = os.environ["GITHUB_TOKEN"]
"""

# Split over two lines of a commit message: no single line holds the token, so
# only the pass over the provider's output can catch the model re-joining it.
SPLIT_HEAD, SPLIT_TAIL = GITHUB[:14], GITHUB[14:]
REJOINED = json.dumps({"extractions": [{
    "section": "facts", "confidence": 0.95, "refs": [],
    "content": f"The deploy bot authenticates with token {GITHUB} (kept in CI secrets)"}]})


@pytest.fixture
def leaky(repo: Path) -> Path:
    set_up(repo)
    git(repo, "checkout", "-q", "-b", "feature")
    (repo / ".env").write_text(f"GITHUB_TOKEN={GITHUB}\nDB_PASSWORD={DB_PASSWORD}\n")
    git(repo, "add", "-f", ".env")
    commit_file(repo, "settings.py", DIFF_WITH_SECRETS,
                f"feat(config): connect to the billing database\n\n"
                f"Use the key {AWS_KEY} for the staging bucket and token\n"
                f"{SPLIT_HEAD}\n{SPLIT_TAIL} for the deploy bot.")
    return repo


def _everything_written(repo: Path) -> str:
    parts = [p.read_text(errors="replace") for p in (repo / ".gitmemory").rglob("*.md")]
    claude = repo / "CLAUDE.md"
    if claude.exists():
        parts.append(claude.read_text())
    parts.append(git(repo, "log", "--all", "-p", "--format=%B", "--", ".gitmemory").stdout)
    return "\n".join(parts)


def test_no_planted_secret_is_sent_stored_or_rendered(leaky: Path,
                                                      fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(REJOINED)
    done = gitmemory(leaky, "memorize")
    assert "feature: success" in done.stdout
    assert fake_anthropic.requests, "the provider was never called"
    sent = "\n".join(request.text for request in fake_anthropic.requests)
    for secret in [*PLANTED, SPLIT_HEAD, SPLIT_TAIL]:
        assert secret not in sent
    assert "[REDACTED:" in sent
    assert 'os.environ[\\"GITHUB_TOKEN\\"]' in sent or "os.environ" in sent  # references stay
    written = _everything_written(leaky)
    for secret in PLANTED:
        assert secret not in written
    assert "[REDACTED:" in written  # the re-joined token was caught on the way back
    assert "The deploy bot authenticates with token" in written


def test_dry_run_shows_only_redacted_text(leaky: Path) -> None:
    done = gitmemory(leaky, "memorize", "--dry-run", "--provider", "offline")
    for secret in PLANTED:
        assert secret not in done.stdout
    assert "[REDACTED:" in done.stdout


def test_pre_push_scan_stops_a_hand_written_secret(repo: Path, tmp_path: Path) -> None:
    gitmemory(repo, "init")
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    memory = repo / ".gitmemory" / "branches" / "main.md"
    memory.parent.mkdir(parents=True, exist_ok=True)
    memory.write_text("# Branch Memory: main\n\n## Facts\n\n- The CI token is "
                      f"{GITHUB}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory with a careless note")
    env = dict(os.environ, GITMEMORY_PUSH_POLICY="follow")
    done = git(repo, "push", "origin", "main", env=env, check=False)
    assert done.returncode != 0
    assert ".gitmemory/branches/main.md line 5" in done.stderr
    assert "github" in done.stderr.lower()
    assert GITHUB not in done.stderr + done.stdout
    assert git(repo, "ls-remote", "origin").stdout == ""
    memory.write_text("# Branch Memory: main\n\n## Facts\n\n- The CI token lives in the "
                      "vault\n")
    git(repo, "commit", "-qam", "Remove the token")
    still = git(repo, "push", "origin", "main", env=env, check=False)
    assert still.returncode != 0  # the token still travels in the earlier commit
    assert "a later commit that deletes it is not enough" in still.stderr
    assert "git rebase -i" in still.stderr
    git(repo, "reset", "-q", "--soft", "HEAD~2")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    clean = git(repo, "push", "origin", "main", env=env, check=False)
    assert clean.returncode == 0, clean.stderr


# A branch, two file names, a hand-added memory item, a trailer and prose in the memory
# file, each holding a token: none may reach the provider, a file, a commit message or a log.
BRANCH_TOKEN = "ghp_" + "Bq7Wm2Xc4Vb6Nn1Zr3Kk5Jj7Hh9Gg0Ff2Dd4"
FILE_TOKEN = "ghp_" + "Lp3Rt8Yu2Io6Pa4Sd9Fg1Hj5Kl7Zx0Cv3Bn8"
FILE_AWS = "AKIA" + "ZX4CV7BN2MQ9WE5RT8YU"
HAND_STRIPE = "sk_live_" + "51KfQwErTyUiOp7AsDfGhJkLzX"
PROSE_TOKEN = "xoxb-" + "2048-4096-" + "QwErTyUiOpAsDfGhJkLzXcVb"
TRAILER_AWS = "AKIA" + "PL0OK9IJ8UH7YG6TF5RD"
EVERYWHERE = [BRANCH_TOKEN, FILE_TOKEN, FILE_AWS, HAND_STRIPE, PROSE_TOKEN, TRAILER_AWS]
EXTRACTED = json.dumps({"extractions": [{
    "section": "facts", "confidence": 0.95, "refs": [],
    "content": "Recorded GitHub API answers live in fixtures/ and are replayed in tests"}]})


EVOLVED = json.dumps({"sections": {"facts": [
    {"content": "Recorded GitHub API answers live in fixtures/ and are replayed in tests",
     "refs": []}], "architectural-decisions": [], "conventions": [
    {"content": "Deploy keys are rotated every quarter", "refs": []}], "bug-patterns": []},
    "changes": []})


@pytest.fixture
def tokens_everywhere(repo: Path) -> tuple[Path, str]:
    from gitmemory.memory.filenames import name_for

    set_up(repo)
    branch = f"hotfix/{BRANCH_TOKEN}"
    git(repo, "checkout", "-q", "-b", branch)
    memory = repo / ".gitmemory" / "branches" / name_for(branch)
    memory.parent.mkdir(parents=True, exist_ok=True)
    memory.write_text(
        f"# Branch Memory: hotfix/{BRANCH_TOKEN[:4]}[REDACTED]\n\n"
        f"Notes kept by hand: the old bot used {PROSE_TOKEN} before the move.\n\n"
        "## Conventions\n\n- Deploy keys are rotated every quarter\n"
        f"- The billing sandbox answers to {HAND_STRIPE}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "docs: note how deploy keys are rotated")
    commit_file(repo, f"fixtures/{FILE_TOKEN}.json", '{"login": "octocat"}\n',
                "test: record the GitHub user answer\n\n"
                "The fixture replays what the API answers for the token check, so the\n"
                "suite runs without network.\n\n"
                f"Memory-Fact: The staging bucket is read with key {TRAILER_AWS}")
    commit_file(repo, f"keys/{FILE_AWS}", "rotated\n",
                "chore(keys): keep the rotation marker for the staging key\n\n"
                "The marker file says when the key was last rotated.")
    return repo, branch


def _sent(fake: FakeAnthropic) -> str:
    return "\n".join(request.text for request in fake.requests)


def test_no_field_carries_a_token_to_the_provider(tokens_everywhere: tuple[Path, str],
                                                   fake_anthropic: FakeAnthropic) -> None:
    repo, _ = tokens_everywhere
    fake_anthropic.text(EXTRACTED)
    fake_anthropic.text(EVOLVED)
    done = gitmemory(repo, "memorize")
    assert "success" in done.stdout, done.stdout + done.stderr
    assert len(fake_anthropic.requests) == 2  # the extraction and the evolution
    sent = _sent(fake_anthropic)
    for secret in EVERYWHERE:
        assert secret not in sent, secret
    assert "Files: fixtures/[REDACTED:github-token].json" in sent
    assert "keys/[REDACTED:aws-access-key]" in sent
    assert "[REDACTED:stripe-key]" in sent  # the hand-added item, on its way to evolve
    assert "hotfix/ghp_[REDACTED]" in sent  # the branch as its memory file's title shows it
    written = "\n".join([*(p.read_text() for p in (repo / ".gitmemory").rglob("*.md")),
                         (repo / "CLAUDE.md").read_text(),
                         *(p.name for p in (repo / ".gitmemory").rglob("*"))])
    for secret in EVERYWHERE:
        assert secret not in written, secret


def test_dry_run_prints_the_evolve_prompt_redacted(tokens_everywhere: tuple[Path, str],
                                                   fake_anthropic: FakeAnthropic) -> None:
    repo, _ = tokens_everywhere
    done = gitmemory(repo, "memorize", "--dry-run")
    assert not fake_anthropic.requests
    prompts, _, result = done.stdout.rpartition("hotfix/ghp_[REDACTED]: skipped (dry run")
    assert result  # every line names the branch as its memory file's title does
    assert BRANCH_TOKEN not in done.stdout + done.stderr
    assert "--- anthropic: prompt ---" in done.stdout
    assert "--- anthropic: evolve prompt" in done.stdout
    assert "Deploy keys are rotated every quarter" in done.stdout  # the current memory
    assert "The staging bucket is read with key [REDACTED:aws-access-key]" in done.stdout
    for secret in EVERYWHERE:
        assert secret not in prompts, secret


def test_a_memory_commit_names_the_branch_masked(tokens_everywhere: tuple[Path, str]) -> None:
    repo, branch = tokens_everywhere
    git(repo, "checkout", "-q", "main")
    done = gitmemory(repo, "memorize", branch, "--provider", "offline")
    assert "committed on" in done.stdout, done.stdout + done.stderr
    log = git(repo, "log", "-1", "--format=%B", branch).stdout
    assert "gitmemory: update memory for hotfix/ghp_[REDACTED]" in log
    assert BRANCH_TOKEN not in log
    assert BRANCH_TOKEN not in git(repo, "reflog", "show", "--format=%gs", branch).stdout
    tree = git(repo, "ls-tree", "-r", "--name-only", branch).stdout
    assert BRANCH_TOKEN not in tree and FILE_TOKEN[:12] not in git(
        repo, "show", f"{branch}:.gitmemory/branches/{tree.split(chr(10))[0].split('/')[-1]}",
        check=False).stdout


def test_no_line_a_command_prints_names_the_branch_in_full(
        tokens_everywhere: tuple[Path, str], tmp_path: Path) -> None:
    """memorize and memorize --dry-run printed a branch name holding a token in full
    (issue 31); so did the pre-push hook's notes."""
    repo, branch = tokens_everywhere
    printed = []
    for args in (("memorize", "--dry-run", "--provider", "offline"),
                 ("memorize", "--provider", "offline")):
        done = gitmemory(repo, *args)
        printed.append(done.stdout + done.stderr)
        assert "hotfix/ghp_[REDACTED]" in done.stdout, done.stdout
    clean = tmp_path / "clean"  # a branch of the same name with nothing else to hide
    git(tmp_path, "init", "-q", "-b", "main", str(clean))
    commit_file(clean, "README.md", "hello\n", "Initial commit")
    set_up(clean, provider="offline")
    git(clean, "checkout", "-q", "-b", branch)
    git(clean, "config", "gitmemory.pushPolicy", "block")
    commit_file(clean, "deploy.md", "Keys rotate quarterly.\n",
                "docs: rotate the deploy keys\n\n"
                "Memory-Convention: Deploy keys are rotated every quarter")
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(clean, "remote", "add", "origin", str(remote))
    pushed = git(clean, "push", "origin", branch, check=False)
    ours = "\n".join(line for line in pushed.stderr.splitlines()
                     if line.startswith("gitmemory:"))  # git prints the refs it pushes
    printed.append(ours)
    assert "memory for hotfix/ghp_[REDACTED] committed" in ours, pushed.stderr
    for text in printed:
        assert BRANCH_TOKEN not in text and BRANCH_TOKEN[4:] not in text


def test_background_maintenance_logs_no_token(tokens_everywhere: tuple[Path, str]) -> None:
    repo, _ = tokens_everywhere
    git(repo, "checkout", "-q", "main")
    git(repo, "branch", f"feature/{FILE_TOKEN}")
    done = gitmemory(repo, "maintain", "--background", "--full")
    assert "background maintenance" in done.stdout
    assert FILE_TOKEN not in done.stdout + done.stderr


FETCH_CONFIG = """\
export const client = {
  credentials: 'same-origin',
  mode: 'cors',
  cookie: { secure: true, sameSite: 'strict' },
  token: 'refresh',
  apiSecret: 'qX7v9LmT2kR4wZ8pN3',
};
"""
ORDINARY = ["credentials: 'same-origin'", "secure: true", "sameSite: 'strict'",
            "token: 'refresh'"]


def test_ordinary_literals_reach_the_model_and_the_memory_file_as_written(
        repo: Path, fake_anthropic: FakeAnthropic) -> None:
    """A redaction judges the value, not the key word (issue 34): a config literal such as
    ``credentials: 'same-origin'`` reached the model as ``[REDACTED:secret-assignment]``;
    the real secret beside it is still caught."""
    set_up(repo)
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "src/client.js", FETCH_CONFIG, "feat: send the session cookie to the API")
    item = ("Fetch calls pass `credentials: 'same-origin'`, and the cookie is set with "
            "`secure: true` and `sameSite: 'strict'`")
    fake_anthropic.text(json.dumps({"extractions": [{
        "section": "conventions", "confidence": 0.9, "refs": [], "content": item}]}))
    done = gitmemory(repo, "memorize", "--provider", "anthropic")
    assert "feature: success" in done.stdout, done.stdout + done.stderr
    sent = "\n".join(request.text for request in fake_anthropic.requests)
    for literal in ORDINARY:
        assert json.dumps(literal)[1:-1] in sent, literal
    assert "qX7v9LmT2kR4wZ8pN3" not in sent
    written = (repo / ".gitmemory" / "branches" / "feature.md").read_text()
    for literal in ORDINARY[:3]:
        assert literal in written, written
