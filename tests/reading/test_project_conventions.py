"""How work is done here, read from the repository (issue 29, item "conventions"): which
git hook runs what, the generated files CI checks, the test libraries, how changelog
entries are written, and a pull request template's checklist."""

from __future__ import annotations

import json

from gitmemory.reading.project import bootstrap_extractions
from tests.reading.test_project import lines, one, snapshot

LEFTHOOK = """\
output:
  - success
pre-push:
  parallel: true
  jobs:
    - name: test
      run: go test -v ./...
    - name: lint
      run: golangci-lint run
pre-commit:
  commands:
    fmt:
      glob: "*.go"
      run: gofmt -l {staged_files}
"""


def test_lefthook_says_which_git_hook_runs_what() -> None:
    found = lines(snapshot({"lefthook.yml": LEFTHOOK, "go.mod": "module x\n\ngo 1.22\n"}))
    assert one(found, "Hooks:") == (
        "Hooks: lefthook (lefthook.yml): pre-commit runs `gofmt -l {staged_files}`, "
        "pre-push runs `go test -v ./...`, `golangci-lint run`")
    [hooks] = [e for e in bootstrap_extractions(snapshot({"lefthook.yml": LEFTHOOK}))
               if e.content.startswith("Hooks:")]
    assert hooks.paths == ("lefthook.yml",)


def test_husky_simple_git_hooks_and_lint_staged() -> None:
    package = {"name": "x", "lint-staged": {"*.{js,ts}": ["eslint --fix", "prettier --write"]},
               "simple-git-hooks": {"commit-msg": "npx commitlint --edit $1"}}
    found = lines(snapshot({"package.json": json.dumps(package),
                            ".husky/pre-commit": '#!/bin/sh\n. "$(dirname "$0")/_/husky.sh"\n\n'
                                                 "npx lint-staged\n"}))
    assert one(found, "Hooks:") == (
        "Hooks: husky: pre-commit runs `npx lint-staged`; simple-git-hooks: commit-msg runs "
        "`npx commitlint --edit $1`; lint-staged runs `eslint --fix`, `prettier --write` on "
        "`*.{js,ts}`")


def test_pre_commit_hooks_of_other_stages_are_named_with_their_stage() -> None:
    config = ("repos:\n- repo: local\n  hooks:\n  - id: ruff\n  - id: pytest\n"
              "    stages: [pre-push]\n  - id: check-manual\n    stages: [manual]\n")
    found = lines(snapshot({".pre-commit-config.yaml": config}))
    assert one(found, "Hooks:") == ("Hooks: `pre-commit run --all-files` runs ruff; at "
                                    "pre-push pre-commit runs pytest")


def test_no_hook_manager_says_nothing_about_hooks() -> None:
    found = lines(snapshot({"package.json": json.dumps({"name": "x", "husky": "^9"}),
                            "lefthook.yml": "output: [success]\n"}))
    assert not [x for x in found if x.startswith("Hooks:")]
