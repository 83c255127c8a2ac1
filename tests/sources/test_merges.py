"""A merge commit read for the pull-request text it carries (sources/commits/merges.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gitmemory.graph import Graph
from gitmemory.memory import markdown
from gitmemory.memory.filenames import find
from gitmemory.pipeline import pending
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import DRY_RUN, WORK_TREE
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from gitmemory.sources.commits.merges import pull_request
from testing.gitrepo import commit_file, git

BODY = ("The parser kept a reference to the input buffer, which was freed by the caller "
        "before the lazy tokens were read, so long files crashed at random.")


@pytest.mark.parametrize(("message", "expected"), [
    # GitHub's merge button and merge queue
    (f"Merge pull request #12 from ada/lazy\n\nCopy tokens out of the buffer\n\n{BODY}\n",
     ("Copy tokens out of the buffer", BODY)),
    # homu / bors
    (f"Auto merge of #12 - ada:lazy, r=bob\n\nCopy tokens out of the buffer\n\n{BODY}\n",
     ("Copy tokens out of the buffer", BODY)),
    # bors-ng: the number and the approvals go
    (f"Merge #12\n\n12: Copy tokens out of the buffer r=bob a=ada\n\n{BODY}\n",
     ("Copy tokens out of the buffer", BODY)),
    # GitLab: the link back goes
    (f"Merge branch 'lazy' into 'main'\n\nCopy tokens out of the buffer\n\n{BODY}\n\n"
     "See merge request group/parser!12\n", ("Copy tokens out of the buffer", BODY)),
    # a subject its author wrote
    (f"Copy tokens out of the buffer\n\n{BODY}\n", ("Copy tokens out of the buffer", BODY)),
])
def test_the_title_and_description_of_a_pull_request(message: str,
                                                      expected: tuple[str, str]) -> None:
    assert pull_request(message) == expected


@pytest.mark.parametrize("message", [
    "Merge branch 'main' into lazy\n",  # git's line alone
    "Merge pull request #12 from ada/lazy\n\nCopy tokens out of the buffer\n",  # a title alone
    "Merge branch 'lazy'\n\nConflicts:\n\tparser.c\n\tlexer.c\n",  # git's own text
    "Merge branch 'lazy'\n\n# Conflicts:\n#\tparser.c\n",
    "Merge branch 'lazy'\n\n* lazy:\n  Copy tokens out of the buffer\n  Free the buffer later\n",
    f"Merge #12 #13\n\n12: Copy tokens r=bob a=ada\n13: Free later r=bob a=ada\n\n{BODY}\n",
])
def test_git_s_own_lines_carry_no_pull_request(message: str) -> None:
    assert pull_request(message) is None


TITLE = "Fix crash: copy tokens out of the buffer"
PULL_REQUEST = f"Merge pull request #12 from ada/lazy\n\n{TITLE}\n\n{BODY}"


def _merged_pull_request(repo: Path, message: str, commit: str = "Copy tokens",
                         env: dict[str, str] | None = None) -> str:
    git(repo, "checkout", "-q", "-b", "lazy")
    commit_file(repo, "parser.c", "char *tok(char *b) { return strdup(b); }\n", commit)
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "-m", message, "lazy", env=env)
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def _memory(repo: Path) -> markdown.Memory:
    path = find(str(repo / ".gitmemory" / "branches"), "main")
    assert path is not None, "no memory file written"
    found = markdown.parse(Path(path).read_text())
    assert found is not None
    return found


def test_a_merge_carrying_a_pull_request_is_pending_and_a_bare_one_is_not(repo: Path) -> None:
    merge = _merged_pull_request(repo, PULL_REQUEST)
    git(repo, "checkout", "-q", "-b", "side")
    commit_file(repo, "lexer.c", "int lex(void) { return 0; }\n", "Add the lexer entry point")
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "main.c", "int main(void) { return lex(); }\n", "Call the lexer")
    git(repo, "merge", "-q", "--no-edit", "side")
    bare = git(repo, "rev-parse", "HEAD").stdout.strip()
    handle = Repo.open(str(repo))
    root = git(repo, "rev-list", "--max-parents=0", "HEAD").stdout.strip()
    rng = pending.Range(root)
    listed = pending.shas(handle, "main", rng)
    assert merge in listed and bare not in listed
    graph = Graph(str(repo))  # as `gitmemory list` counts them
    graph.load([root])
    assert sorted(pending.shas(handle, "main", rng, graph=graph)) == sorted(listed)
    order = pending.ordered(handle, "main", rng).shas
    assert sorted(order) == sorted(listed)
    branch = git(repo, "rev-parse", f"{merge}^2").stdout.strip()
    assert order.index(branch) < order.index(merge)  # after the commits it merges


def test_a_pull_requests_description_is_read_with_the_files_it_merged(repo: Path) -> None:
    """The cause is in the pull request's text alone; its title is the history's line."""
    merge = _merged_pull_request(repo, PULL_REQUEST)
    memorize(Repo.open(), "main", OfflineProvider(), WORK_TREE)
    memory = _memory(repo)
    bugs = memory.sections["bug-patterns"]
    assert [(i.refs, i.paths) for i in bugs] == [((merge[:7],), ("parser.c",))]
    assert "freed by the caller" in bugs[0].text
    lines = [i.text for i in memory.sections[markdown.HISTORY]]
    assert any(line.startswith(TITLE) for line in lines)
    assert not any("Merge pull request" in line for line in lines)


def test_what_a_merge_repeats_of_its_own_commit_is_one_item(repo: Path) -> None:
    """A pull request of one commit carries that commit's message as its description."""
    _merged_pull_request(repo, PULL_REQUEST, commit=f"{TITLE}\n\n{BODY}")
    memorize(Repo.open(), "main", OfflineProvider(), WORK_TREE)
    memory = _memory(repo)
    assert len(memory.sections["bug-patterns"]) == 1
    assert sum(i.text.startswith(TITLE) for i in memory.sections[markdown.HISTORY]) == 1


def test_a_title_with_trailers_alone_carries_no_description() -> None:
    """bors-ng writes co-authors under a pull request that had no description."""
    assert pull_request("Merge #456\n\n456: spi: clarify flushing r=bob a=ada\n\n\n\n"
                        "Co-authored-by: Ada Tester <ada@example.com>\n") is None


def test_a_merge_bots_merge_is_read_and_a_bots_pull_request_is_not(repo: Path) -> None:
    """bors commits every merge; what counts is who opened the pull request."""
    bors = {**os.environ, **{f"GIT_{who}_{what}": value for who in ("AUTHOR", "COMMITTER")
                             for what, value in (("NAME", "bors[bot]"),
                                                 ("EMAIL", "bors@example.com"))}}
    _merged_pull_request(repo, f"Merge #12\n\n12: {TITLE} r=bob a=ada\n\n{BODY}", env=bors)
    git(repo, "checkout", "-q", "-b", "bump")
    commit_file(repo, "Cargo.toml", "[dependencies]\nserde = \"1.0.200\"\n", "Bump serde")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "-m", "Merge #13\n\n13: Bump serde from 1.0.199 to "
        "1.0.200 r=bob a=dependabot[bot]\n\nBumps serde from 1.0.199 to 1.0.200, a release "
        "with the usual fixes.", "bump", env=bors)
    memorize(Repo.open(), "main", OfflineProvider(), WORK_TREE)
    text = "\n".join(i.text for items in _memory(repo).sections.values() for i in items)
    assert "freed by the caller" in text and "1.0.199" not in text


def test_a_merge_and_the_commit_it_merged_under_one_subject_are_one_history_line(
        repo: Path) -> None:
    """The merge's line says why (its description), the commit's does not: one line."""
    merge = _merged_pull_request(repo, PULL_REQUEST, commit=TITLE)
    memorize(Repo.open(), "main", OfflineProvider(), WORK_TREE)
    lines = [i for i in _memory(repo).sections[markdown.HISTORY] if i.text.startswith(TITLE)]
    branch = git(repo, "rev-parse", "--short=7", f"{merge}^2").stdout.strip()
    assert [(i.text.endswith("crashed at random"), set(i.refs)) for i in lines] == \
        [(True, {merge[:7], branch})]


def test_dry_run_lists_the_merge_it_reads_as_read(repo: Path) -> None:
    _merged_pull_request(repo, PULL_REQUEST)
    git(repo, "checkout", "-q", "-b", "side")
    commit_file(repo, "lexer.c", "int lex(void) { return 0; }\n", "Add the lexer entry point")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "--no-edit", "side")
    preview = memorize(Repo.open(), "main", OfflineProvider(), DRY_RUN).preview
    assert "1 merge(s) not read" in preview and "Merge branch 'side'" in preview
    assert "Merge pull request" not in preview and "freed by the caller" in preview
