"""Which commits memorize still has to read (pending.py), against real git."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from gitmemory import state
from gitmemory.graph import Graph
from gitmemory.memory.committer import message
from gitmemory.pipeline import pending
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import WORK_TREE
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from gitmemory.sources.commits import examined
from testing.gitrepo import commit_file, git, set_up

BUG = "Memory-Bug: Cache keys must include the tenant id"


def _memory_commit(repo: Path, branch: str = "feature") -> str:
    """What pre-push makes: the memory file alone, with gitmemory's trailer."""
    path = repo / ".gitmemory" / "branches" / f"{branch}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# Branch Memory: {branch}\n")
    git(repo, "add", str(path))
    git(repo, "commit", "-q", "-m", message(branch, f"{branch}: success +1 ~0 -0"))
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def _pending(repo: Path, branch: str = "feature") -> list[str]:
    return pending.shas(Repo.open(str(repo)), branch, pending.Range(None))


def test_gitmemorys_own_commits_are_not_pending(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    own = _memory_commit(repo)
    assert own not in _pending(repo)


def test_an_amended_memory_commit_that_carries_work_is_pending(repo: Path) -> None:
    """``git commit --amend`` right after a blocked push lands on the memory commit."""
    git(repo, "checkout", "-q", "-b", "feature")
    _memory_commit(repo)
    (repo / "cache.py").write_text("def key(tenant, name):\n    return f'{tenant}:{name}'\n")
    git(repo, "add", "cache.py")
    git(repo, "commit", "-q", "--amend", "--no-edit")
    amended = git(repo, "rev-parse", "HEAD").stdout.strip()
    assert amended in _pending(repo)


def test_a_squash_message_quoting_the_trailer_is_user_work(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    squashed = commit_file(repo, "cache.py", "def key(t, n):\n    return f'{t}:{n}'\n",
                           "feat(cache): tenant-aware keys (#12)\n\n* feat(cache): keys\n\n"
                           "* gitmemory: update memory for feature\n\n"
                           f"Gitmemory-Update: true\n{BUG}\n")
    assert squashed in _pending(repo)
    result = memorize(Repo.open(str(repo)), "feature", OfflineProvider(), WORK_TREE)
    assert result.status == "success", result.line()
    text = (repo / ".gitmemory" / "branches" / "feature.md").read_text()
    assert "Cache keys must include the tenant id" in text


def test_examined_marks_keep_branch_names_with_line_separators(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "a\u2028b")
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    info = Repo.open(str(repo)).info
    examined.mark_examined(info.state_dir, "a\u2028b", sha, model=False)
    assert examined.examined(info.state_dir, "a\u2028b", model=False) == sha
    assert examined.examined(info.state_dir, "b", model=False) is None


def test_what_rules_found_empty_is_offered_again_to_a_model(repo: Path) -> None:
    first = git(repo, "rev-parse", "HEAD").stdout.strip()
    git(repo, "commit", "-q", "--allow-empty", "-m", "second")
    second = git(repo, "rev-parse", "HEAD").stdout.strip()
    state_dir = Repo.open(str(repo)).info.state_dir
    examined.mark_examined(state_dir, "main", first, model=True)
    examined.mark_examined(state_dir, "main", second, model=False)
    assert examined.examined(state_dir, "main", model=False) == second
    assert examined.examined(state_dir, "main", model=True) == first  # rules' not trusted


def test_marks_are_keyed_on_the_providers_property_not_its_name() -> None:
    """A provider says whether a model reads the commits; the mark keeps that, so a new
    provider (or a renamed one) is judged by what it is, not by what it is called."""
    from gitmemory.providers import REGISTRY
    from gitmemory.providers.base import Provider

    settings = SimpleNamespace(model="m", sources={})
    kinds = {entry.name: entry.make(settings).language_model for entry in REGISTRY}
    assert kinds == {"anthropic": True, "claude-cli": True, "openai": True,
                     "offline": False}
    assert Provider.language_model is True  # a new provider is a model unless it says not


@pytest.mark.parametrize(("written", "counts_for_a_model"), [
    ("", False),  # 0.1 named no reader
    ("\toffline", False), ("\tanthropic", True), ("\tclaude-cli", True),  # 0.2 named it
    ("\trules", False), ("\tmodel", True),
])
def test_marks_of_older_versions_keep_their_meaning(
        repo: Path, written: str, counts_for_a_model: bool) -> None:
    sha = git(repo, "rev-parse", "HEAD").stdout.strip()
    state_dir = Repo.open(str(repo)).info.state_dir
    Path(state_dir).mkdir(parents=True, exist_ok=True)
    Path(state_dir, state.EXAMINED.name).write_text(f"main\t{sha}{written}\n")
    assert examined.examined(state_dir, "main", model=False) == sha
    assert examined.examined(state_dir, "main", model=True) == (
        sha if counts_for_a_model else None)


@pytest.mark.slow
def test_work_squashed_into_the_through_commit_is_read_again(repo: Path) -> None:
    """Through is X; Y comes after it, then `rebase -i` squashes Y into X: the new
    commit holds Y's work (and message), which memory does not cover yet."""
    from testing.gitrepo import gitmemory

    set_up(repo, provider="offline")
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "cache.py", "def key(t, n):\n    return t + n\n",
                "feat(cache): tenant keys\n\nMemory-Convention: Cache keys start with the tenant")
    gitmemory(repo, "memorize")
    commit_file(repo, "cache.py", "def key(t, n):\n    return f'{t}:{n}'\n",
                f"squash! feat(cache): tenant keys\n\n{BUG}")
    git(repo, "-c", "sequence.editor=true", "-c", "core.editor=true", "rebase", "-q", "-i",
        "--autosquash", "main")
    # the squashed commit, then the memory commit the first memorize made
    assert git(repo, "rev-list", "--count", "main..feature").stdout.strip() == "2"
    assert "Gitmemory-Update: true" in git(repo, "log", "-1", "--format=%B").stdout
    gitmemory(repo, "memorize")
    text = (repo / ".gitmemory" / "branches" / "feature.md").read_text()
    assert "Cache keys start with the tenant" in text
    assert "Cache keys must include the tenant id" in text


def test_the_fork_is_asked_of_git_once_for_the_same_tips(repo: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """plan and prune both ask where the branch left main: one ``git merge-base`` while
    neither tip moves, a new one when a tip does."""
    from gitmemory import git as gitmodule

    fork = git(repo, "rev-parse", "HEAD").stdout.strip()
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "a.py", "x = 1\n", "feat: a")
    asked: list[str] = []
    real = gitmodule.run_status
    monkeypatch.setattr(gitmodule, "run_status", lambda args, cwd=None: (
        asked.append(args[0]), real(args, cwd))[1])
    opened = Repo.open(str(repo))
    assert pending.merge_base(opened, "feature") == fork
    assert pending.merge_base(opened, "feature") == fork
    assert asked.count("merge-base") == 1
    git(repo, "checkout", "-q", "main")
    later = commit_file(repo, "b.py", "y = 2\n", "feat: b")
    git(repo, "checkout", "-q", "feature")
    git(repo, "merge", "-q", "--no-edit", "main")
    assert pending.merge_base(opened, "feature") == later
    assert asked.count("merge-base") == 2


def _vendored(repo: Path, tmp: Path) -> tuple[str, str]:
    """A library's whole history merged in with ``--allow-unrelated-histories`` (a subtree
    or vendored copy), beside a side branch of the project's own."""
    lib = tmp / "lib"
    lib.mkdir()
    git(lib, "init", "-q", "-b", "trunk")
    old = commit_file(lib, "pool.c", "int acquire(void);\n", "Replace acquire with with_pool")
    git(repo, "checkout", "-q", "-b", "side")
    own = commit_file(repo, "api.c", "int serve(void);\n", "Serve the API from one place")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "--no-edit", "side")
    git(repo, "fetch", "-q", str(lib), "trunk")
    git(repo, "merge", "-q", "--no-edit", "--allow-unrelated-histories", "-s", "ours",
        "FETCH_HEAD")
    return own, old


def test_another_projects_history_merged_in_is_not_pending(repo: Path, tmp_path: Path
                                                           ) -> None:
    own, old = _vendored(repo, tmp_path)
    order = pending.ordered(Repo.open(str(repo)), "main", pending.Range(None))
    assert own in order.shas
    assert old not in order.shas


def test_another_projects_history_is_not_counted_as_pending(repo: Path, tmp_path: Path
                                                           ) -> None:
    """What ``status`` and ``list`` count as waiting is what a run would read: a vendored
    library's own commits are neither."""
    own, old = _vendored(repo, tmp_path)
    opened = Repo.open(str(repo))
    listed = pending.shas(opened, "main", pending.Range(None))
    assert own in listed
    assert old not in listed
    assert pending.count(opened, "main", None) == len(
        pending.ordered(opened, "main", pending.Range(None)).shas)


def test_another_projects_history_is_not_counted_from_the_graph_list_reads(
        repo: Path, tmp_path: Path) -> None:
    first = git(repo, "rev-list", "--max-parents=0", "HEAD").stdout.split()[0]
    own, old = _vendored(repo, tmp_path)
    opened = Repo.open(str(repo))
    graph = Graph(str(repo))
    graph.load([first])
    listed = pending.shas(opened, "main", pending.Range(first), graph=graph)
    assert own in listed
    assert old not in listed


def test_a_shallow_clones_cut_history_is_still_pending(repo: Path, tmp_path: Path) -> None:
    """A shallow clone's oldest commits look like roots too: there nothing is left out."""
    for n in range(3):
        commit_file(repo, f"f{n}.c", f"int f{n};\n", f"Add f{n}")
    git(repo, "checkout", "-q", "-b", "side", "HEAD~2")
    own = commit_file(repo, "side.c", "int s;\n", "Add the side file")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "--no-edit", "side")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "2", f"file://{repo}", str(clone))
    set_up(clone)
    order = pending.ordered(Repo.open(str(clone)), "main", pending.Range(None))
    assert own in order.shas
