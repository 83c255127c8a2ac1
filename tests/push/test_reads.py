"""How often a push has git read the commit it pushes (issue 31, "Bounded time"): every
git process that peels, walks or opens a commit inflates it whole, and a commit whose
message is 42 MB made each of the 17 such processes of a push cost a read of it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from testing.gitrepo import commit_file, git
from testing.pushes import offline_remote

# Processes of pre-push that name the pushed commit (or its branch) and must read it: the
# history scan, memorize's walk, own-commit check, patch, message and the repository's
# recent history.  (``cat-file`` reads names from its input: headers and trees only.)
MOST = 6


@pytest.mark.slow
def test_a_push_reads_its_commit_a_bounded_number_of_times(repo: Path, tmp_path: Path
                                                          ) -> None:
    offline_remote(repo, tmp_path)
    tip = commit_file(repo, "app.py", "VALUE = 2\n", "Rework the session cache\n\n" +
                      "the cache keeps sessions for an hour\n" * 50)
    trace = tmp_path / "trace.json"
    done = git(repo, "push", "-q", "origin", "main",
               env=dict(os.environ, GIT_TRACE2_EVENT=str(trace)), check=False)
    assert done.returncode == 0, done.stderr
    runs = [json.loads(line)["argv"] for line in trace.read_text().splitlines()
            if json.loads(line).get("event") == "start"]
    hook = [argv for argv in runs if "-C" in argv]  # gitmemory's own, run in the work tree
    # nothing peels a name to its commit: an object's header says what it is
    assert not [argv for argv in hook if any(a.endswith("^{commit}") for a in argv)]
    # files are read from the tree, never through the commit
    assert not [argv for argv in hook if "ls-tree" in argv and tip in argv]
    naming = [argv for argv in runs if any(tip in a or a.endswith("/main") or a == "main"
                                           for a in argv[1:]) and "push" not in argv]
    assert len(naming) <= MOST, "\n".join(" ".join(argv)[:160] for argv in naming)
