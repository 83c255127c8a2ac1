"""Leaks (part build): a planted secret must reach no remote, model request, printed line or
CI log.  The routes of issue 31 first, then the ones before it that must keep holding."""

from __future__ import annotations

import sys

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, LabError, Repo, attack, through_commit

GITHUB = fake("gh" + "p_", 36, "build-github")
GITHUB2 = fake("gh" + "p_", 36, "build-github-2")
AWS = fake("AK" + "IA", 16, "build-aws", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def _memory_with(repo: Repo, branch: str, item: str, message: str) -> str:
    repo.memory(branch, memory_text(branch, {"facts": [item]}))
    return repo.commit_all(message, hooks=False)


def _token_then_removed(repo: Repo, branch: str) -> None:
    _memory_with(repo, branch, f"The CI token is {GITHUB}", "Note the CI token")
    _memory_with(repo, branch, "The CI token lives in the vault", "Take the token out")


# -- every version on every route --------------------------------------------------------

@attack("leak", "a merge commit alone writes the token (removed by the next commit)")
def merge_only(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "topic")
    repo.work()
    repo.git("checkout", "-q", "main")
    repo.commit("docs/notes.md", "notes\n", "Add notes", hooks=False)
    repo.git("merge", "-q", "--no-ff", "--no-commit", "topic")
    repo.memory("main", memory_text("main", {"facts": [f"The CI token is {GITHUB}"]}))
    repo.commit_all("Merge branch 'topic'", hooks=False)
    _memory_with(repo, "main", "The CI token lives in the vault", "Take the token out")
    repo.push("origin", "main", policy="off")


@attack("leak", "pre-commit route: a raw sha on no local ref, pushed beside a clean branch")
def precommit_raw_sha(lab: Lab) -> None:
    repo = lab.repo(init=False)
    precommit(lab, repo)
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "leaky")
    _memory_with(repo, "leaky", f"The CI token is {GITHUB}", "Note the CI token")
    sha = repo.head()
    repo.git("checkout", "-q", "main")
    repo.git("branch", "-D", "leaky")
    repo.git("checkout", "-q", "-b", "clean")
    repo.work(hooks=False)
    repo.push("origin", "clean", f"{sha}:refs/heads/x", policy="off")


@attack("leak", "history on another remote counts as published for a new remote")
def other_remote(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    mirror = lab.root / "mirror.git"  # a remote that had it already: not what we check
    lab.git(lab.root, "init", "-q", "--bare", str(mirror))
    repo.git("remote", "add", "mirror", str(mirror))
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "feature")
    _token_then_removed(repo, "feature")
    repo.git("push", "-q", "mirror", "feature", env={"GITMEMORY_DISABLE": "1"})
    repo.push("origin", "feature", policy="off")


@attack("leak", "a token removed by a later commit is still pushed")
def removed_later(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "feature")
    _token_then_removed(repo, "feature")
    repo.push("origin", "feature", policy="off")


@attack("leak", "a tag on a commit no branch holds")
def tag_only(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "tmp")
    _memory_with(repo, "tmp", f"The CI token is {GITHUB}", "Note the CI token")
    repo.git("tag", "-a", "v9.9", "-m", "release 9.9")
    repo.git("checkout", "-q", "main")
    repo.git("branch", "-D", "tmp")
    repo.push("origin", "v9.9", policy="off")


@attack("leak", "a detached HEAD pushed to a new branch")
def detached(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "--detach")
    _memory_with(repo, "main", f"The CI token is {GITHUB}", "Note the CI token")
    repo.push("origin", "HEAD:refs/heads/side", policy="off")


@attack("leak", "git push --all: the second branch carries the token")
def push_all(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "b-clean")
    repo.work(hooks=False)
    repo.git("checkout", "-q", "-b", "b-leaky")
    _memory_with(repo, "b-leaky", f"The CI token is {GITHUB}", "Note the CI token")
    repo.push("--all", "origin", policy="off")


@attack("leak", "another branch's memory file, carried on this branch")
def other_file(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "feature")
    _memory_with(repo, "release", f"The CI token is {GITHUB}", "Keep release notes")
    repo.push("origin", "feature", policy="off")


@attack("leak", "a token in the memory file's header line")
def header_token(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "feature")
    repo.memory("feature", memory_text("feature", {"facts": ["Sessions live in Redis"]},
                                       header="> Auto-generated by gitmemory | Last updated: "
                                              f"{GITHUB} | Through: abc1234"))
    repo.commit_all("Notes", hooks=False)
    repo.push("origin", "feature", policy="off")


@attack("leak", "a token split by a zero-width space in a memory file")
def zero_width(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB[4:])
    repo.git("checkout", "-q", "-b", "feature")
    _memory_with(repo, "feature", f"The bot uses {GITHUB[:14]}\u200b{GITHUB[14:]}", "Notes")
    repo.push("origin", "feature", policy="off")


@attack("leak", "a token in full-width letters in a memory file")
def full_width(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in GITHUB)
    lab.plant(wide[4:], GITHUB[4:])
    repo.git("checkout", "-q", "-b", "feature")
    _memory_with(repo, "feature", f"The bot uses {wide}", "Notes")
    repo.push("origin", "feature", policy="off")


# -- the branch name ----------------------------------------------------------------------

@attack("leak", "memorize prints a branch name that holds a token")
def branch_memorize(lab: Lab) -> None:
    repo = lab.repo()
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", f"hotfix/{GITHUB}")
    repo.work()
    repo.gm("memorize")


@attack("leak", "memorize --dry-run prints a branch name that holds a token")
def branch_dry_run(lab: Lab) -> None:
    repo = lab.repo()
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", f"hotfix/{GITHUB}")
    repo.work()
    repo.gm("memorize", "--dry-run")


@attack("leak", "a branch name with a token, pushed (memory commit, file name, hook lines)")
def branch_push(lab: Lab) -> None:
    repo = lab.repo()
    lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", f"hotfix/{GITHUB}")
    repo.work("Cache order lookups\n\nMemory-Decision: Lookups are cached: the store is slow",
              hooks=False)
    repo.push("origin", f"hotfix/{GITHUB}")
    repo.push("origin", f"hotfix/{GITHUB}")


# -- redaction misses: each from a commit to the model and, as a trailer, to the remote ------

BODY = fake("", 36, "build-body")
PASSWORD = "Vq7#Lm2x" + "Tz9k"


def _miss(lab: Lab, sentence: str, *secrets: str) -> None:
    through_commit(lab, sentence, *secrets)


@attack("leak", "a token prefix with a Cyrillic look-alike letter")
def cyrillic_prefix(lab: Lab) -> None:
    _miss(lab, f"CI pulls with gh\u0440_{BODY} since March", BODY)


@attack("leak", "a percent-encoded token prefix")
def percent_prefix(lab: Lab) -> None:
    _miss(lab, f"CI pulls with ghp%5F{BODY} since March", BODY)


@attack("leak", "an HTML-entity token prefix")
def entity_prefix(lab: Lab) -> None:
    _miss(lab, f"CI pulls with ghp&#95;{BODY} since March", BODY)


@attack("leak", "'the root password was rotated and is now X'")
def rotated(lab: Lab) -> None:
    _miss(lab, f"The root password was rotated and is now {PASSWORD}", PASSWORD)


@attack("leak", "'PASSWD X'")
def passwd(lab: Lab) -> None:
    _miss(lab, f"For the legacy box use PASSWD {PASSWORD}", PASSWORD)


@attack("leak", "'login with admin / X'")
def admin_slash(lab: Lab) -> None:
    _miss(lab, f"The staging console: login with admin / {PASSWORD}", PASSWORD)


@attack("leak", "'-pX' before the word mysql")
def dash_p(lab: Lab) -> None:
    _miss(lab, f"Connect with `-uroot -p{PASSWORD} mysql` from the db container", PASSWORD)


@attack("leak", "'the deploy key <40 random characters> lives in vault'")
def deploy_key(lab: Lab) -> None:
    key = fake("", 40, "build-deploy-key")
    _miss(lab, f"the deploy key {key} lives in vault", key)


@attack("leak", "'the root password was rotated and is now X', typed in a session")
def rotated_in_session(lab: Lab) -> None:
    from testing.agent_sessions import gitmemory_bin, run_session_hook
    from testing.transcripts import Recorder, hook_input, write_claude

    repo = lab.repo()
    repo.init({}, "--agent-hook")
    lab.origin(repo)
    lab.plant(PASSWORD)
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(hooks=False)
    rec = Recorder(str(repo.path), "feature")
    rec.user("Move the order cache to Redis")
    rec.say("Done: the cache now lives in Redis.")
    rec.user(f"Remember: the root password was rotated and is now {PASSWORD}")
    transcript = write_claude(lab.root / "home", str(repo.path), rec)
    run_session_hook(repo.path, "SessionEnd", hook_input("SessionEnd", str(transcript),
                                                         str(repo.path)),
                     gitmemory_bin(lab.root / "bin"), env=lab.env)
    repo.push("origin", "feature")
    repo.push("origin", "feature")


# -- fields sent to a model ----------------------------------------------------------------

@attack("leak", "a token in the author's name and in a file name, to the model")
def author_and_file(lab: Lab) -> None:
    repo = lab.repo()
    fake_model = lab.model()
    fake_model.text('{"no_content_to_extract": true}')
    lab.plant(GITHUB, AWS)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write(f"fixtures/{AWS}.json", '{"login": "octocat"}\n')
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "Record the user answer", env={
        "GIT_AUTHOR_NAME": f"bot {GITHUB}", "GITMEMORY_DISABLE": "1"})
    repo.work(hooks=False)
    repo.gm("memorize", "--provider", "anthropic")


@attack("leak", "a token wrapped at 72 columns in a commit body, to the model")
def wrapped(lab: Lab) -> None:
    repo = lab.repo()
    fake_model = lab.model()
    fake_model.text('{"no_content_to_extract": true}')
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "feature")
    repo.work(f"Rotate the deploy bot\n\nThe deploy bot now authenticates with {GITHUB[:20]}\n"
              f"{GITHUB[20:]} which CI keeps.", hooks=False)
    repo.gm("memorize", "--provider", "anthropic")


@attack("leak", "the pull-request job prints no secret of a memory file")
def ci_review_secret(lab: Lab) -> None:
    repo = lab.repo()
    remote = lab.origin(repo)
    lab.plant(GITHUB)
    repo.git("checkout", "-q", "-b", "feature/a")
    _memory_with(repo, "feature/a", f"The deploy token is {GITHUB}", "Notes")
    repo.git("push", "-q", "origin", "feature/a", env={"GITMEMORY_DISABLE": "1"})
    ci = lab.root / "ci"
    lab.git(lab.root, "clone", "-q", "-b", "feature/a", str(remote), str(ci))
    summary = lab.summary()
    lab.gitmemory(ci, "ci", "review", env={"GITHUB_STEP_SUMMARY": str(summary),
                                           "GITHUB_BASE_REF": "main"})
    lab.remotes.remove(remote)  # pushed by hand on purpose: the job's output is the test


def precommit(lab: Lab, repo: Repo) -> None:
    """gitmemory (no hooks of its own) behind the real pre-commit framework, its pre-push
    hook a local one that runs this checkout's gitmemory: no environment to build."""
    repo.init({}, "--hooks", "none")
    repo.write(".pre-commit-config.yaml", (
        "default_install_hook_types: [pre-push]\nrepos:\n  - repo: local\n    hooks:\n"
        "      - id: gitmemory-pre-push\n        name: gitmemory pre-push\n"
        f"        entry: {sys.executable} -m gitmemory hook pre-push\n"
        "        language: system\n        always_run: true\n        pass_filenames: false\n"
        "        stages: [pre-push]\n"))
    repo.commit_all("Run gitmemory through pre-commit", hooks=False)
    done = lab.run([sys.executable, "-m", "pre_commit", "install", "-t", "pre-push"], repo.path)
    if done.code != 0:
        raise LabError(f"pre-commit install failed: {done.text[-300:]}")


@attack("leak", "ci sync's log and job summary name a merged branch that holds a token")
def ci_sync_branch(lab: Lab) -> None:
    dev = lab.repo("dev")
    server = lab.origin(dev)
    lab.plant(GITHUB)
    branch = f"hotfix/{GITHUB}"
    dev.git("checkout", "-q", "-b", branch)
    dev.work("Cache order lookups\n\nMemory-Decision: Lookups are cached: the store is slow",
             hooks=False)
    # The branch's memory, made beforehand: what it prints is another attack's concern.
    lab.run([sys.executable, "-m", "gitmemory", "memorize"], dev.path)
    dev.git("push", "-q", "origin", branch, env={"GITMEMORY_DISABLE": "1"})
    merger = lab.root / "merger"
    lab.git(lab.root, "clone", "-q", str(server), str(merger))
    lab.git(merger, "merge", "-q", "--no-ff", f"origin/{branch}", "-m", "Merge pull request 2")
    lab.git(merger, "push", "-q", "origin", "main")
    lab.git(merger, "push", "-q", "origin", "--delete", branch)
    ci = lab.root / "ci-sync"
    lab.git(lab.root, "clone", "-q", str(server), str(ci))
    lab.gitmemory(ci, "ci", "sync", env={"GITHUB_STEP_SUMMARY": str(lab.summary())})
