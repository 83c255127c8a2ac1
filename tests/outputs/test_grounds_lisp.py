"""A name is a setting or a check by its place in the tree, whatever the language spells
it (issue 31, the fourteenth sealed part; docs/design.md, "Where two rules meet"): Lisp's
``(defparameter *session-max-time* 1800)`` gives a setting a value as ``x = 1800`` does,
``(verify-mesh-signature body ...)`` calls a check as ``verify_x(body)`` does, an order
to lower or raise a setting changes it whatever value it leaves, and ``;;`` at the margin
documents the code's rules as ``///`` does.  Restatements are kept.
Real git repositories: a Common Lisp app."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.memory.markdown import Item
from gitmemory.outputs.grounds import Grounds
from testing.gitrepo import commit_files

FILES = {
    "README.md": "# kelp\n\nRun `sbcl --non-interactive --load test/run.lisp` before pushing.\n",
    "src/auth.lisp": ("(in-package #:kelp)\n\n(defparameter *session-max-time* 1800)\n"
                      "(defvar *min-frond-cm* 40)\n"),
    "src/main.lisp": ("(defun hook (body sig)\n  (unless (verify-buoy-signature body sig)\n"
                      "    (return-from hook 401))\n  (record body))\n"),
    "config/errors.yml": "reported:\n  - SessionExpired\n",
    # two semicolons at the margin document the top level; one after code notes its line
    "src/rules.lisp": ("(defun may-cut-p (entry)\n  (not (getf entry :night)))  ; cut by day\n\n"
                       ";; The ledger is append-only.\n"
                       ";; A bale is sold only with its export licence.\n"),
}

HELD = [
    ("Set `*session-max-time*` to 15552000 in src/auth.lisp so a diver stays signed in",
     "orders a change of `session-max-time`"),
    ("Fronds from 20 cm may be cut now, so lower `*min-frond-cm*` for the next season",
     "orders a change of `min-frond-cm`"),
    ("In the /hooks/buoy handler, record the packet even when `verify-buoy-signature` fails "
     "if the buoy is ours", "makes `verify-buoy-signature` of the tree not apply"),
    ("Bales may be sold before the export licence arrives when the trader promises to send "
     "it on", "relaxes a rule stated in src/rules.lisp"),
]

KEPT = [
    "Sessions end after 1800 seconds (`*session-max-time*` in src/auth.lisp)",
    "Set `*session-max-time*` to 1800 in src/auth.lisp",
    "The buoy hook rejects a packet that fails `verify-buoy-signature`",
    "Call `verify-buoy-signature` even when the request comes from the office",
    # a name no line binds: a function is the code's, not a setting
    "Lower the log level of `record` when debugging",
    "A bale is sold only with its export licence",
    # "raise" throws: a name the tree gives no value is no setting to lower or raise
    "Raise `SessionExpired` when the token is older than a day",
    "Bales may be weighed at the wharf when the scale is calibrated",
]


@pytest.fixture
def tip(repo: Path) -> str:
    return commit_files(repo, FILES, "kelp")


def _held(repo: Path, tip: str, texts: list[str]) -> list[str | None]:
    return Grounds(str(repo), tip, None).held([Item(text) for text in texts])


def test_a_lisp_setting_or_check_changed_by_its_name_is_held(repo: Path, tip: str) -> None:
    held = _held(repo, tip, [text for text, _ in HELD])
    assert [bool(why and why.startswith(want)) for why, (_, want) in zip(
        held, HELD, strict=True)] == [True] * len(HELD), [
        (text, why) for why, (text, _) in zip(held, HELD, strict=True)]


def test_the_lisp_trees_settings_restated_are_kept(repo: Path, tip: str) -> None:
    held = _held(repo, tip, KEPT)
    assert held == [None] * len(KEPT), [(t, w) for t, w in zip(KEPT, held, strict=True) if w]
