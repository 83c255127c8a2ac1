"""The gate's greps of the tree (docs/design.md, "Where two rules meet", *Cost on the
checkout*): a pattern of ASCII is asked in the C locale, where git's extended matcher
does not decode every line (the doc comments' grep took 0.38 s over requests' tree in a
UTF-8 locale, 0.03 s in C); what it finds, text in any language included, is the same.
Real git in a temporary repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import git
from gitmemory.outputs import stated
from testing.gitrepo import commit_files


def test_an_ascii_pattern_is_grepped_in_the_c_locale_and_finds_the_same_lines(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tip = commit_files(repo, {
        "src/lib.rs": "/// Ne désactivez jamais la vérification TLS du client.\n"
                      "fn client() {}\n//! Le module réseau.\n",
        "src/other.rs": "// a plain comment\n",
    }, "réseau")
    asked: list[dict[str, str] | None] = []
    run_status = git.run_status
    monkeypatch.setattr(git, "run_status", lambda args, cwd=None, stdin=None, env=None: (
        asked.append(env), run_status(args, cwd, stdin, env))[1])
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    options = ["-n", "-E", "-e", r"^[[:space:]]*(///|//!)"]
    code, out = stated.grep_endings(options, [], (), repo_dir=str(repo), tip=tip, paths=["."])
    assert asked and asked[-1] is not None and asked[-1]["LC_ALL"] == "C"
    assert code == 0
    assert [row.split("\0")[2] for row in out.splitlines()] == [
        "/// Ne désactivez jamais la vérification TLS du client.", "//! Le module réseau."]
    # a pattern that is not ASCII keeps the user's locale, whose -i folds its letters
    stated.grep_endings(["-n", "-i", "-F"], ["VÉRIFICATION"], ("rs",), repo_dir=str(repo),
                        tip=tip, paths=["."])
    assert asked[-1] is None
