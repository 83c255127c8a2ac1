"""Tool output quoted in a commit body (a shell session, a linter's log line) shows the
problem the commit solved; it is not the author's sentence about it, and an item made of
it tells an agent nothing (seen on spf13/cobra as a new user: "bash-5.1$ tanzu context u
unset ...", "WARN [lintersdb] The name "gas" is deprecated")."""

from __future__ import annotations

from pathlib import Path

from gitmemory.config import DEFAULT_SKIP_AUTHORS, DEFAULT_SKIP_PATHS
from gitmemory.providers.offline.extractor import extract_commits
from gitmemory.sources.commits import triage
from gitmemory.sources.commits.history import History
from testing.gitrepo import commit_file, git


def _contents(repo: Path, since: str) -> list[str]:
    history = History(str(repo))
    commits = history.collect(history.pending("HEAD", since), [])
    found = extract_commits(triage.triage(commits, DEFAULT_SKIP_AUTHORS,
                                          DEFAULT_SKIP_PATHS).sent)
    return [e.content for e in found]


def test_a_shell_session_or_a_log_line_in_a_body_is_no_item(repo: Path) -> None:
    commit_file(repo, "completions.go", "package cli\n", "Start")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "completions.go", "package cli\n\n// bash\n",
                "Print the help of completions for bash beside the other completions\n\n"
                "Before this change:\n\nbash-5.1$ shop cart u unset (Unset the active cart "
                "so that it is not used by default.) use (Set the cart to use)\n\n"
                "Completions in bash now carry their help text, because zsh and fish "
                "already showed it.")
    commit_file(repo, ".golangci.yml", "linters:\n  enable: [gosec]\n",
                "Address the linter's deprecation warnings\n\n"
                'WARN [lintersdb] The name "gas" is deprecated. The linter has been '
                "renamed to gosec, so the configuration names gosec instead.")
    said = " | ".join(_contents(repo, since))
    assert "bash-5.1$" not in said and "WARN [lintersdb]" not in said
    assert "because zsh and fish already showed it" in said


def test_a_diagnostic_with_its_place_in_a_file_is_no_item(repo: Path) -> None:
    """urllib3 (fresh14): zizmor's report quoted in a body became a bug pattern in
    CLAUDE.md, "info[template-injection]: code injection via template expansion -->
    .github/workflows/ci.yml:129:26"; a linter's `path:line:col:` line is the same."""
    commit_file(repo, "ci.yml", "on: push\n", "Start")
    since = git(repo, "rev-parse", "HEAD").stdout.strip()
    commit_file(repo, "ci.yml", "on: [push]\n",
                "Fix three zizmor warnings\n\n"
                "error[template-injection]: code injection via template expansion\n"
                "  --> .github/workflows/changelog.yml:28:67\n   |\n"
                "28 |   run: towncrier check --compare-with origin/${{ github.base_ref }}\n\n"
                "src/shop/cart.py:12:5: E501 security: line too long in the injection check\n\n"
                "The base ref is passed through an environment variable instead, because a "
                "template expanded in a run block can inject code.")
    said = " | ".join(_contents(repo, since))
    assert "-->" not in said and "cart.py:12:5" not in said
    assert "because a template expanded in a run block can inject code" in said
