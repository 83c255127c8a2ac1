"""The memorize pipeline against real git history, with the LLM faked at our interface."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.memory import markdown
from gitmemory.memory.candidates import Extraction
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import DRY_RUN, WORK_TREE
from gitmemory.providers.answers import ProviderError
from gitmemory.repo import Repo
from testing.fake_provider import FakeLLM, extractions_json
from testing.gitrepo import commit_file, git

FIX_MESSAGE = """fix(auth): compare token expiry in UTC

Token expiry was compared in local time, which logged users out early because
the servers run in UTC.
"""


def _memory(repo: Path, branch: str = "feature") -> markdown.Memory:
    from gitmemory.memory.filenames import find

    path = find(str(repo / ".gitmemory" / "branches"), branch)
    assert path is not None, "no memory file written"
    parsed = markdown.parse(Path(path).read_text())
    assert parsed is not None
    return parsed


@pytest.fixture
def feature(repo: Path) -> Path:
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "auth.py", "def expired(t):\n    return t < utcnow()\n", FIX_MESSAGE)
    return repo


def _extraction(text: str, section: str = "bug-patterns", confidence: float = 0.9,
                refs: tuple[str, ...] = ()) -> str:
    return extractions_json(Extraction(section, text, confidence, refs))


def test_success_writes_memory_with_through(feature: Path) -> None:
    head = git(feature, "rev-parse", "HEAD").stdout.strip()
    llm = FakeLLM().enqueue(_extraction("Compare token expiry in UTC; local time logs users out",
                                        refs=(head[:7], "deadbee")))
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "success"
    assert (result.added, result.updated, result.removed) == (1, 0, 0)
    memory = _memory(feature)
    assert memory.through == head
    assert memory.sections["bug-patterns"][0].text.startswith("Compare token expiry in UTC")
    assert memory.sections["bug-patterns"][0].refs == (head[:7],)  # invented ref dropped
    assert "fix(auth): compare token expiry in UTC" in llm.history[0].prompt
    assert "return t < utcnow()" in llm.history[0].prompt  # the diff is sent


def test_a_models_evidence_paths_reach_the_memory_file_and_invented_ones_do_not(
        feature: Path) -> None:
    head = git(feature, "rev-parse", "HEAD").stdout.strip()
    answer = {"extractions": [{
        "section": "bug-patterns", "confidence": 0.9, "refs": [head[:7]],
        "content": "Token expiry compared local times; compare timezone-aware UTC datetimes",
        "paths": ["./auth.py", "src/invented.py", "auth.py", "../outside.py"]}]}
    llm = FakeLLM().enqueue(json.dumps(answer))
    assert memorize(Repo.open(), "feature", llm, WORK_TREE).status == "success"
    [item] = _memory(feature).sections["bug-patterns"]
    assert item.paths == ("auth.py",)
    assert '"paths": ["src/app/plugins/base.py"]' in llm.history[0].system  # asked for


def test_invalid_then_valid_is_retried(feature: Path) -> None:
    llm = FakeLLM().enqueue("not json at all", _extraction("Expiry is compared in UTC"))
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "success"
    assert len(llm.history) == 2
    assert "Expiry is compared in UTC" in _memory(feature).sections["bug-patterns"][0].text


def test_always_invalid_is_an_error_and_writes_nothing(feature: Path) -> None:
    llm = FakeLLM().enqueue('{"extractions": [{"section": "gossip"}]}', "[]", "{")
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "error"
    assert len(llm.history) == 3  # one try and two retries
    assert not (feature / ".gitmemory" / "branches").exists()


def test_provider_failure_is_an_error_and_commits_stay_pending(feature: Path) -> None:
    llm = FakeLLM().enqueue(ProviderError("rate-limit", "anthropic: rate limited"))
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "error"
    assert "rate limited" in result.message
    assert result.remaining == 1


def _reasonless(repo: Path) -> None:
    """The feature commit with a subject alone: a record line that says why is stored by its
    own run (docs/design.md, "History"), so a test of a run that found nothing needs one."""
    git(repo, "commit", "-q", "--amend", "-m", "fix(auth): compare token expiry in UTC")


def test_low_confidence_is_dropped_and_empty_writes_nothing(feature: Path) -> None:
    _reasonless(feature)
    llm = FakeLLM().enqueue(_extraction("A weak guess", confidence=0.5))
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "empty"
    assert not (feature / ".gitmemory" / "branches").exists()
    again = memorize(Repo.open(), "feature", FakeLLM(),
                     WORK_TREE)  # those commits were read already
    assert again.status == "skipped"


def test_no_content_to_extract_is_empty(feature: Path) -> None:
    _reasonless(feature)
    result = memorize(Repo.open(), "feature", FakeLLM().enqueue('{"no_content_to_extract": true}'),
                      WORK_TREE)
    assert result.status == "empty"


def test_a_commit_that_says_why_is_stored_when_the_model_finds_nothing(feature: Path) -> None:
    result = memorize(Repo.open(), "feature", FakeLLM().enqueue('{"no_content_to_extract": true}'),
                      WORK_TREE)
    assert result.status == "success"
    history = [i.text for i in _memory(feature).sections["history"]]
    assert any("servers run in UTC" in line for line in history), history


def test_trailers_are_taken_as_they_are(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "x.py", "x = 1\n", "Add x\n\nMemory-Convention: Settings live in x.py\n"
                                         "Memory-Fact: x is always 1")
    result = memorize(Repo.open(), "feature", FakeLLM().enqueue('{"no_content_to_extract": true}'),
                      WORK_TREE)
    assert result.status == "success"
    memory = _memory(repo)
    assert [i.text for i in memory.sections["conventions"]] == ["Settings live in x.py"]
    assert [i.text for i in memory.sections["facts"]] == ["x is always 1"]


def test_a_trailer_makes_a_tiny_commit_count(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "w.py", "w=1\n", "feat: w\n\nMemory-Fact: w is always 1")
    result = memorize(Repo.open(), "feature", FakeLLM().enqueue('{"no_content_to_extract": true}'),
                      WORK_TREE)
    assert result.status == "success"
    assert [i.text for i in _memory(repo).sections["facts"]] == ["w is always 1"]


def test_trivial_work_is_skipped_without_a_provider_call(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "t.txt", "x\n", "typo")
    llm = FakeLLM()
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "skipped"
    assert llm.history == []


def test_nothing_new_is_skipped(feature: Path) -> None:
    memorize(Repo.open(), "feature", FakeLLM().enqueue(_extraction("Expiry is compared in UTC")),
             WORK_TREE)
    git(feature, "add", ".gitmemory")  # a memory commit holds the memory file alone
    git(feature, "commit", "-q", "-m", "gitmemory: update memory\n\nGitmemory-Update: true")
    llm = FakeLLM()
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "skipped"
    assert llm.history == []  # gitmemory's own commit is not new work


def test_existing_memory_is_evolved(feature: Path) -> None:
    memorize(Repo.open(), "feature", FakeLLM().enqueue(_extraction("Expiry is compared in UTC")),
             WORK_TREE)
    commit_file(feature, "db.py", "POOL = 5\n", "perf: cap the pool at 5 because the db "
                                                "refuses more connections")
    evolved = json.dumps({
        "sections": {"facts": [{"content": "The database accepts 5 connections"}],
                     "architectural-decisions": [], "conventions": [],
                     "bug-patterns": [{"content": "Expiry is compared in UTC"}]},
        "changes": [{"action": "added", "section": "facts",
                     "content": "The database accepts 5 connections"},
                    {"action": "kept", "section": "bug-patterns",
                     "content": "Expiry is compared in UTC"}]})
    llm = FakeLLM().enqueue(_extraction("The database accepts 5 connections", "facts"), evolved)
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "success"
    assert (result.added, result.removed) == (1, 0)
    assert "Expiry is compared in UTC" in llm.history[1].prompt  # existing memory went in
    memory = _memory(feature)
    assert [i.text for i in memory.sections["facts"]] == ["The database accepts 5 connections"]


def test_invalid_evolution_falls_back_to_a_plain_merge(feature: Path) -> None:
    memorize(Repo.open(), "feature", FakeLLM().enqueue(_extraction("Expiry is compared in UTC")),
             WORK_TREE)
    commit_file(feature, "db.py", "POOL = 5\n", "perf: cap the pool at 5 because the db "
                                                "refuses more connections")
    llm = FakeLLM().enqueue(_extraction("The database accepts 5 connections", "facts"),
                            "this is not the evolution you asked for")
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "success"
    assert any("fell back" in note for note in result.notes)
    memory = _memory(feature)
    assert [i.text for i in memory.sections["facts"]] == ["The database accepts 5 connections"]
    assert [i.text for i in memory.sections["bug-patterns"]] == ["Expiry is compared in UTC"]


def test_hand_edits_survive_an_update(feature: Path) -> None:
    memorize(Repo.open(), "feature", FakeLLM().enqueue(_extraction("Expiry is compared in UTC")),
             WORK_TREE)
    path = feature / ".gitmemory" / "branches" / "feature.md"
    path.write_text(path.read_text().replace("## Conventions\n", "## Conventions\n\n"
                                             "A note a person wrote.\n\n- Hand-made rule\n")
                    + "\n## Glossary\n\n- TTL: time to live\n")
    commit_file(feature, "db.py", "POOL = 5\n", "perf: cap the pool at 5 because the db "
                                                "refuses more connections")
    llm = FakeLLM().enqueue(_extraction("The database accepts 5 connections", "facts"), "bad")
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    memory = _memory(feature)
    assert [i.text for i in memory.sections["conventions"]] == ["Hand-made rule"]
    assert memory.notes["conventions"] == ["A note a person wrote."]
    assert memory.extra == [("Glossary", ["- TTL: time to live"])]


def test_caps_on_commits_and_context(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    for n in range(6):
        commit_file(repo, f"f{n}.py", "x = 1\n" * 300, f"feat: module {n} with a long body\n\n"
                    + "because reasons " * 200)
    git(repo, "config", "gitmemory.maxCommitsPerMemorize", "4")
    git(repo, "config", "gitmemory.maxCharsPerCommit", "300")
    git(repo, "config", "gitmemory.maxContextChars", "1500")
    llm = FakeLLM().enqueue(*['{"no_content_to_extract": true}'] * 4)
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    prompt = llm.history[0].prompt
    assert "[...message truncated" in prompt and "[... +" in prompt
    assert "more commits follow in the next request]" in prompt
    assert len(llm.history) > 1  # as many calls as the four commits take
    assert (result.commits, result.remaining) == (4, 2)  # the rest stay pending
    assert "module 0" in prompt
    assert not any("module 4" in call.prompt for call in llm.history)


def test_excluded_binary_lock_and_memory_files_never_reach_the_provider(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    (repo / "config").mkdir()
    (repo / ".env").write_text("API_URL=https://internal.example\n")
    (repo / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00binary")
    (repo / "package-lock.json").write_text('{"lockfileVersion": 3, "marker": "lockmarker"}\n')
    (repo / "server.pem").write_text("pem-body-marker\n")
    (repo / "app.py").write_text("print('visible change')\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "feat: app with config files and assets")
    llm = FakeLLM().enqueue('{"no_content_to_extract": true}')
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    prompt = llm.history[0].prompt
    assert "visible change" in prompt
    for marker in ("internal.example", "lockmarker", "pem-body-marker", "PNG"):
        assert marker not in prompt


def test_code_the_repository_declares_vendored_or_generated_never_reaches_the_provider(
        repo: Path) -> None:
    """mypy vendors typeshed (``mypy/typeshed/** linguist-vendored``): the deprecation notes
    of a stub sync were kept as mypy's own facts, cut from what they applied to."""
    commit_file(repo, ".gitattributes", "# copied from upstream\n"
                "pkg/stubs/** linguist-vendored\napi/*.gen.go linguist-generated=true\n"
                "pkg/own/** -linguist-vendored\n", "attributes")
    git(repo, "checkout", "-q", "-b", "feature")
    for path, marker in (("pkg/stubs/argparse.pyi", "stubmarker"),
                         ("api/client.gen.go", "genmarker"), ("pkg/own/core.py", "ownmarker")):
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(f"# {marker}: deprecated\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Sync stubs and regenerate the client")
    llm = FakeLLM().enqueue('{"no_content_to_extract": true}')
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    prompt = llm.history[0].prompt
    assert "ownmarker" in prompt
    assert "stubmarker" not in prompt and "genmarker" not in prompt


def test_merges_are_skipped(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "a.py", "a = 1\n",
                "feat: a module for the feature branch work, with its settings")
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "b.py", "b = 1\n", "feat: b module on main that the feature pulls in")
    git(repo, "checkout", "-q", "feature")
    git(repo, "merge", "-q", "--no-edit", "main")
    llm = FakeLLM().enqueue('{"no_content_to_extract": true}')
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert "Merge branch" not in llm.history[0].prompt


def test_after_a_merge_through_is_the_tip_and_nothing_is_read_again(feature: Path) -> None:
    memorize(Repo.open(), "feature", FakeLLM().enqueue(_extraction("Expiry is compared in UTC")),
             WORK_TREE)
    git(feature, "add", "-A")
    git(feature, "commit", "-q", "-m", "gitmemory: update memory\n\nGitmemory-Update: true")
    base = git(feature, "rev-parse", "HEAD").stdout.strip()
    commit_file(feature, "a.py", "a = 1\n", "feat: a module that holds the alpha rules for auth")
    git(feature, "checkout", "-q", "-b", "other", base)  # a teammate's line of the branch
    commit_file(feature, "b.py", "b = 1\n", "feat: b module that holds the beta rules for auth")
    git(feature, "checkout", "-q", "feature")
    git(feature, "merge", "-q", "--no-edit", "other")
    tip = git(feature, "rev-parse", "HEAD").stdout.strip()
    llm = FakeLLM().enqueue(_extraction("Alpha and beta rules live in a.py and b.py", "facts"),
                            "bad evolution")
    assert memorize(Repo.open(), "feature", llm, WORK_TREE).through == tip
    again = FakeLLM()
    result = memorize(Repo.open(), "feature", again, WORK_TREE)
    assert (result.status, result.message) == ("skipped", "no new commits")
    assert again.history == []


def test_rewritten_history_is_not_extracted_twice(feature: Path) -> None:
    memorize(Repo.open(), "feature", FakeLLM().enqueue(_extraction("Expiry is compared in UTC")),
             WORK_TREE)
    git(feature, "add", ".gitmemory")  # a memory commit holds the memory file alone
    git(feature, "commit", "-q", "-m", "gitmemory: update memory\n\nGitmemory-Update: true")
    git(feature, "checkout", "-q", "main")
    commit_file(feature, "main.txt", "main moves on\n", "docs: main moves on meanwhile")
    git(feature, "checkout", "-q", "feature")
    git(feature, "rebase", "-q", "main")  # Through is no longer in the branch
    commit_file(feature, "new.py", "n = 2\n", "feat: new module after the rebase, with n = 2")
    llm = FakeLLM().enqueue(_extraction("n is 2", "facts"), "bad evolution")
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.status == "success"
    prompt = llm.history[0].prompt
    assert "new module after the rebase" in prompt
    assert "compare token expiry" not in prompt  # already in memory: not sent again


def test_since_overrides_through(feature: Path) -> None:
    first = git(feature, "rev-parse", "HEAD").stdout.strip()
    commit_file(feature, "z.py", "z = 1\n", "feat: z module that holds the zone rules for billing")
    llm = FakeLLM().enqueue('{"no_content_to_extract": true}')
    memorize(Repo.open(), "feature", llm, WORK_TREE, since=first)
    assert "z module" in llm.history[0].prompt
    assert "compare token expiry" not in llm.history[0].prompt


def test_dry_run_sends_and_writes_nothing(feature: Path) -> None:
    llm = FakeLLM()
    result = memorize(Repo.open(), "feature", llm, DRY_RUN)
    assert llm.history == []
    assert "fix(auth): compare token expiry in UTC" in result.preview
    assert "--- fake: system prompt ---" in result.preview
    assert not (feature / ".gitmemory").exists() or not any(
        (feature / ".gitmemory").rglob("*.md"))


def test_other_branch_gets_a_memory_commit_and_the_index_is_untouched(feature: Path) -> None:
    git(feature, "checkout", "-q", "main")
    (feature / "staged.txt").write_text("staged by the user\n")
    git(feature, "add", "staged.txt")
    before_main = git(feature, "rev-parse", "main").stdout.strip()
    tip = git(feature, "rev-parse", "feature").stdout.strip()
    llm = FakeLLM().enqueue(_extraction("Expiry is compared in UTC"))
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert result.commit_sha
    assert git(feature, "rev-parse", "feature^").stdout.strip() == tip
    assert git(feature, "rev-parse", "main").stdout.strip() == before_main
    log = git(feature, "log", "-1", "--format=%B", "feature").stdout
    assert log.startswith("gitmemory: update memory for feature")
    assert "Gitmemory-Update: true" in log
    shown = git(feature, "show", "feature:.gitmemory/branches/feature.md").stdout
    assert "Expiry is compared in UTC" in shown
    assert git(feature, "diff", "--cached", "--name-only").stdout.split() == ["staged.txt"]
    assert not (feature / ".gitmemory").exists()  # main's work tree is not touched
