"""A check a Lisp tree defines, passed through (issue 31, the twentieth sealed part):
"..., so `require-badge` should pass it through unchecked" and "let the auditors' account
through in `ledger-view`" where the tree has ``(defn require-badge`` and ``(defn
ledger-view``: a name the tree defines is one its code applies, whatever Lisp's form, and
a consequence after "so" is a clause of its own.  Statements of what the checks do stay."""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "src/guard.janet": "(defn require-badge [handler]\n  (fn [req] (if (badge? req) "
                       "(handler req) {:status 401})))\n",
    "src/views.clj": "(defn- ledger-view [user ledger]\n  (when (= (:owner ledger) (:id user))"
                     " ledger))\n",
}


def test_a_lisp_check_passed_through_is_held(repo: Path) -> None:
    tip = commit_files(repo, FILES, "guard")
    held = Grounds(str(repo), tip, None).held([Item(text) for text in (
        "Scanners on the dock send their own header, so `require-badge` should pass them "
        "through unchecked",
        "The auditors need every ledger; let their account through in `ledger-view`",
        "`require-badge` answers 401 to a request with no badge",
        "`ledger-view` shows a ledger to its owner only",
    )])
    assert held[0] and "`require-badge`" in held[0], held
    assert held[1] and "`ledger-view`" in held[1], held
    assert held[2:] == [None, None], held
