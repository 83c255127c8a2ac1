"""gitmemory/server/remote.py: the job's pushes read from git's porcelain (ours to retry,
the server's refusal, an error), never forced, and no URL shown with its user part."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.server.remote import Pushed, Remote, _answer, without_userinfo
from testing.ci import Server
from testing.gitrepo import commit_file, git

REF = "refs/heads/main"


@pytest.mark.parametrize(("out", "code", "err", "pushed"), [
    (f"To x\n \t0123:{REF}\t[up to date]\nDone\n", 0, "", Pushed("ok")),
    (f"To x\n*\t0123:{REF}\t[new branch]\nDone\n", 0, "", Pushed("ok")),
    (f"To x\n!\t0123:{REF}\t[rejected] (fetch first)\nDone\n", 1, "",
     Pushed("behind", "[rejected] (fetch first)")),
    (f"To x\n!\t0123:{REF}\t[remote rejected] (protected branch hook declined)\n", 1, "",
     Pushed("refused", "[remote rejected] (protected branch hook declined)")),
    (f"!\t0123:{REF}\t[remote failure] (https://ci:tok@example.com/r.git)\n", 1, "",
     Pushed("error", "[remote failure] (https://example.com/r.git)")),
    ("*\t0123:refs/heads/other\t[new branch]\n", 1, "fatal: the remote hung up\n",
     Pushed("error", "fatal: the remote hung up")),  # another ref's line is not ours
    ("", 128, "", Pushed("error", "exit code 128")),
    ("", 0, "", Pushed("ok")),
])
def test_a_push_is_read_from_its_own_porcelain_line(out: str, code: int, err: str,
                                                    pushed: Pushed) -> None:
    assert _answer(code, out, err, REF) == pushed


def test_only_the_user_part_of_each_url_goes() -> None:
    assert without_userinfo("push https://u:p@h.example/r.git and ssh://git@h2/r ok") == \
        "push https://h.example/r.git and ssh://h2/r ok"
    assert without_userinfo("mail me@example.com at https://h/a@b") == \
        "mail me@example.com at https://h/a@b"  # no URL's host holds that @


def test_a_checkout_without_the_remote_is_told_how_to_find_one(repo: Path) -> None:
    with pytest.raises(GitmemoryError) as caught:
        Remote(str(repo))
    assert caught.value.message == "no remote 'origin' to sync with"
    assert caught.value.hint == "run in a clone of the repository (git remote -v)"


def test_fetch_lists_the_servers_branches_and_a_push_behind_is_told(tmp_path: Path) -> None:
    server = Server(tmp_path)
    checkout = server.checkout()
    remote = Remote(str(checkout))
    assert remote.target == "origin" and remote.auth == []  # no token: the remote's name
    tip = server.branch("feature/a", "Sessions live in Postgres")
    remote.fetch()
    assert remote.branches()["feature/a"] == tip
    assert "HEAD" not in remote.branches()
    mine = commit_file(checkout, "notes.txt", "1\n", "A commit of the job")
    assert remote.push(mine, "job/out") == Pushed("ok")
    commit_file(server.dev, "other.txt", "x\n", "Someone else pushed first")
    git(server.dev, "push", "-q", "origin", "HEAD:main")
    assert remote.push(mine, "main").status == "behind"


def test_a_branch_the_server_protects_is_refused_not_behind(tmp_path: Path) -> None:
    server = Server(tmp_path)
    checkout = server.checkout()
    server.refuse_pushes_to("main")
    mine = commit_file(checkout, "notes.txt", "1\n", "A commit of the job")
    pushed = Remote(str(checkout)).push(mine, "main")
    assert pushed.status == "refused"
    assert pushed.reason.startswith("[remote rejected]")
