"""How work is done here, read from the repository (issue 29, item "conventions"): which
git hook runs what, the generated files CI checks, the test libraries, how changelog
entries are written, and a pull request template's checklist."""

from __future__ import annotations

import json

from gitmemory.reading.project import bootstrap_extractions
from tests.reading.test_project import lines, one, snapshot
from tests.reading.test_project_ecosystems import texts

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
    # a hook script's shell plumbing (if, echo, git status) is no command it runs
    package = {"name": "x", "lint-staged": {"*.{js,ts}": ["eslint --fix", "prettier --write"]},
               "simple-git-hooks": {"commit-msg": "npx commitlint --edit $1"}}
    found = lines(snapshot({"package.json": json.dumps(package),
                            ".husky/pre-commit": '#!/bin/sh\n. "$(dirname "$0")/_/husky.sh"\n\n'
                                                 'if [ -n "$(git ls-files -o)" ]; then\n'
                                                 '  echo "untracked files";\n  git status;\n'
                                                 "  exit 1\nfi\nnpx lint-staged\n"}))
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


CHECKED = r"""
on: [push, pull_request]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Check test files
        run: |
          SDKROOT=$(xcrun --show-sdk-path) ./gradlew generateTests --stacktrace
          if [ ! -z "$(git status --porcelain)" ]; then git diff; \
            echo -e "Did you run ./gradlew generateTests?"; exit 1; fi
      - run: go mod tidy
      - run: git diff --exit-code
      - name: Test
        run: |
          pytest -v
          git diff --exit-code
      - run: |
          rake update_licenses_branch
          git diff --quiet || gh pr create --fill
"""
ASSETS = """\
on:
  push:
    branches: [main]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: mix deps.get
      - name: Build assets
        run: mix assets.build
      - uses: stefanzweifel/git-auto-commit-action@v7
        with:
          commit_message: Update assets
          file_pattern: priv/static
"""


def test_generated_files_ci_checks_are_to_be_regenerated_and_committed() -> None:
    found = lines(snapshot({".github/workflows/build.yml": CHECKED}))
    # the command a message names, a generator before a standalone check; never a test run
    # before a check, nor a check that only opens a pull request
    assert one(found, "Generated code:") == (
        "Generated code: run `./gradlew generateTests`, `go mod tidy` and commit what they "
        "change: CI fails when the tree then differs")


def test_sources_kept_beside_what_they_compile_to_are_where_a_change_is_made() -> None:
    """LuaRocks keeps each src/luarocks/*.tl beside the .lua `tl gen` makes of it (so it
    runs on plain Lua): an agent edits the .tl and regenerates, never the .lua alone."""
    modules = ("cmd", "deps", "fs", "util")
    tree = [f"src/luarocks/{m}.{e}" for m in modules for e in ("tl", "lua")] + [
        "types/lfs.d.tl", "teal.sh", "spec/util_spec.lua"]
    script = "#!/usr/bin/env bash\ncd src\nfor f in $(find . -name '*.tl'); do\n" \
             "  tl gen --check $f -o ${f%.tl}.lua\ndone\n"
    found = lines(snapshot({"teal.sh": script}, tree))
    assert one(found, "Generated code:") == (
        "Generated code: the `.lua` files beside the `.tl` ones in `src/luarocks/` are "
        "compiled from them (4 pairs): edit the `.tl`, then regenerate with `./teal.sh` (it "
        "runs `tl gen`) and commit both")
    # a few pairs among many sources that compile nowhere say nothing
    sparse = tree + [f"src/luarocks/x{n}.tl" for n in range(6)]
    assert not [x for x in lines(snapshot({"teal.sh": script}, sparse))
                if x.startswith("Generated code:")]


def test_files_ci_commits_itself_are_said_to_be_made_by_ci() -> None:
    found = lines(snapshot({".github/workflows/assets.yml": ASSETS}))
    assert one(found, "Generated code:") == (
        "Generated code: CI runs `mix assets.build` and commits the result itself "
        "(`Update assets`)")
    release = ASSETS.replace("build:", "release:")
    assert not [x for x in lines(snapshot({".github/workflows/release.yml": release}))
                if x.startswith("Generated code:")]


GO_MOD = """\
module github.com/x/kong

go 1.22

require (
\tgithub.com/alecthomas/assert/v2 v2.11.0
\tgithub.com/alecthomas/repr v0.5.2
)

require github.com/stretchr/testify v1.9.0 // indirect
"""


def test_the_test_libraries_are_read_from_the_manifests() -> None:
    found = lines(snapshot({"go.mod": GO_MOD}))
    # an indirect requirement is not what the tests are written with
    assert one(found, "Test libraries:") == "Test libraries: `github.com/alecthomas/assert/v2`"
    package = {"name": "x", "devDependencies": {"ava": "^6", "sinon": "^21", "nock": "^14",
                                                "@vitest/coverage-v8": "^3", "xo": "^1"}}
    cargo = '[package]\nname = "x"\n\n[dev-dependencies]\ninsta = "1"\nserde = "1"\n'
    found = lines(snapshot({"package.json": json.dumps(package), "Cargo.toml": cargo}))
    assert one(found, "Test libraries:") == "Test libraries: `sinon`, `nock`, `insta`"
    assert not [x for x in lines(snapshot({"go.mod": "module x\n\nrequire golang.org/x/sys "
                                                     "v0.1.0\n"})) if "Test libraries" in x]


CHANGELOG = """\
Change Log
==========

Version 7.0.1
-------------

_2026-08-18_

### Common

* Fix: parse an option name that is followed by an extension (#3673 by
  [Thomas][thomas])

### Kotlin

* Fix: escape a oneof named with a Kotlin keyword (#3675)
* New: generate constants for extension fields (#3676)

Version 7.0.0
-------------

### Common

* Security: refuse to write files outside the output directory (#3650)

### Kotlin

* New: a `FieldMask` type (#3640)
* Behavior change: duplicated message fields are merged (#3641)

Version 6.0.0
-------------

* Old entries in another form
"""


def test_the_form_of_changelog_entries_is_read_from_the_newest_releases() -> None:
    found = lines(snapshot({"CHANGELOG.md": CHANGELOG}))
    # the example (`* Fix: escape a oneof named with a Kotlin keyword (#3675)`) would make
    # the agent file's line, paths and all, one character longer than an item's 300: it
    # would be cut inside its code span, so it is left out
    assert one(found, "Changelog entries:") == (
        "Changelog entries: in CHANGELOG.md, entries are grouped under headings such as "
        "`Common`, `Kotlin`; start with their kind (`Fix:`, `New:`, `Security:`, "
        "`Behavior change:`); end with the pull request or issue number")
    shorter = CHANGELOG.replace("named with a Kotlin keyword", "named as a keyword")
    assert one(lines(snapshot({"CHANGELOG.md": shorter})), "Changelog entries:").endswith(
        "; e.g. `* Fix: escape a oneof named as a keyword (#3675)`")
    # entries that share no form (no recurring first word, few numbers) give no item
    plain = "# Changes\n\n## 1.2.0\n\n" + "".join(f"- {w} changed\n" for w in (
        "Parser", "Lexer", "Printer", "Loader")) + "\n## 1.1.0\n\n" + "".join(
        f"- {w} fixed (#{n})\n" for n, w in enumerate(("Cache", "Pool", "Queue")))
    assert not [x for x in lines(snapshot({"CHANGELOG.md": plain}))
                if x.startswith("Changelog entries:")]


PR_TEMPLATE = """\
#### Checklist

<!-- tick what applies -->
- [ ] I have read the documentation.
- [ ] I have included some tests.
- [ ] If it's a new feature, I have included documentation updates in both the README and the types.
- [x] Which AI tool was used?
"""


def test_the_pull_request_templates_checklist() -> None:
    found = lines(snapshot({".github/PULL_REQUEST_TEMPLATE.md": PR_TEMPLATE}))
    assert one(found, "Pull request checklist:") == (
        "Pull request checklist: I have read the documentation; I have included some tests; "
        "If it's a new feature, I have included documentation updates in both the README and "
        "the types")
    # a box states what was done whatever its subject; words in parentheses only describe
    told = ("- [ ] Commit messages are well written: a short title and why\n"
            "- [ ] At least one commit message contains `Refs #<n>`\n"
            "- [ ] Bug fix (non-breaking change which fixes an issue)\n")
    found = lines(snapshot({".github/PULL_REQUEST_TEMPLATE.md": told}))
    assert one(found, "Pull request checklist:") == (
        "Pull request checklist: Commit messages are well written: a short title and why; "
        "At least one commit message contains `Refs #<n>`")
    # a box states the change by any verb (gson, fresh14: "uses", "follows", "validates"
    # were none of the list, and a command that passes opens with its code span)
    gson = ("- [ ] New code follows the [Google Java Style Guide](https://example.com/g)\\\n"
            "  This is automatically checked by `mvn verify`.\n"
            "- [ ] If necessary, new public API validates arguments, for example rejects `null`\n"
            "- [ ] New public API has Javadoc\n"
            "    - [ ] Javadoc uses `@since $next-version$`\n"
            "- [ ] `mvn clean verify` passes without errors\n")
    found = lines(snapshot({".github/pull_request_template.md": gson}))
    assert one(found, "Pull request checklist:") == (
        "Pull request checklist: New code follows the Google Java Style Guide; If necessary, "
        "new public API validates arguments, for example rejects `null`; New public API has "
        "Javadoc; Javadoc uses `@since $next-version$`")
    first = gson.partition("- [ ] If")[0]
    found = lines(snapshot({".github/pull_request_template.md": first +
                            "- [ ] `mvn clean verify` passes without errors\n"}))
    assert one(found, "Pull request checklist:") == (
        "Pull request checklist: New code follows the Google Java Style Guide; `mvn clean "
        "verify` passes without errors")
    # boxes that only pick the kind of change are no checklist
    kinds = "- [ ] A documentation fix\n- [ ] A short code fix\n- [ ] A new feature\n"
    assert not [x for x in lines(snapshot({".github/pull_request_template.md": kinds}))
                if x.startswith("Pull request checklist:")]



def test_every_box_under_a_checklist_heading_is_confirmed() -> None:
    """Flux.jl's "### PR Checklist": "Entry in NEWS.md" names what each pull request
    brings with no verb; under a heading that says checklist it is one of the list, where
    boxes under "Type of Change" still only pick a kind."""
    flux = ("Describe your change here.\n\n### PR Checklist\n\n- [ ] Tests are added\n"
            "- [ ] Entry in NEWS.md\n- [ ] Documentation, if applicable\n")
    found = lines(snapshot({".github/pull_request_template.md": flux}))
    assert one(found, "Pull request checklist:") == (
        "Pull request checklist: Tests are added; Entry in NEWS.md; Documentation, if "
        "applicable")
    kinds = "## Type of Change\n\n- [ ] New feature\n- [ ] Bug fix\n- [ ] Code refactor\n"
    assert not [x for x in lines(snapshot({".github/pull_request_template.md": kinds}))
                if x.startswith("Pull request checklist:")]
    # pnpm's boxes wrap onto indented lines: read whole, never cut mid-sentence; those that
    # state what was done come first, and a box too long for the line gives way
    pnpm = ("## Checklist\n\n- [ ] I checked the referenced issue and verified that none of "
            "the PRs\n  already linked to it solves it.\n- [ ] The change is implemented in "
            "both the TypeScript CLI and the Rust\n  `pnpm/` port, or the description notes "
            "what still needs porting.\n- [ ] Added or updated tests.\n")
    assert one(lines(snapshot({".github/pull_request_template.md": pnpm})),
               "Pull request checklist:") == (
        "Pull request checklist: The change is implemented in both the TypeScript CLI and "
        "the Rust `pnpm/` port, or the description notes what still needs porting; Added or "
        "updated tests")
    # anyio's box goes on at the margin ("new\nfeatures"): Markdown's lazy continuation
    # keeps it in the box, where a blank line, another box or a heading ends it
    lazy = ("## Checklist\n\n- [ ] You've updated the documentation (in `docs/`), in case of "
            "behavior changes or new\nfeatures\n- [ ] You've added tests\n\nIf this is a "
            "trivial change, ignore these instructions.\n")
    assert one(lines(snapshot({".github/pull_request_template.md": lazy})),
               "Pull request checklist:") == (
        "Pull request checklist: You've updated the documentation (in `docs/`), in case of "
        "behavior changes or new features; You've added tests")

SECTIONS_TEMPLATE = """\
## Summary

_(required)_ What the change does and why.

## Linked issues

_(required)_ One `Closes #<n>` per line.

## How it was tested

## Notes for users

This goes into the release announcement. Write NONE to leave it out.
"""


def test_the_pull_request_templates_sections_say_what_a_description_holds() -> None:
    found = lines(snapshot({".github/pull_request_template.md": SECTIONS_TEMPLATE}))
    assert one(found, "Pull request template:") == (
        "Pull request template: sections Summary (required), Linked issues (required), "
        "How it was tested, Notes for users")
    # two headings and a checklist's are no template of sections
    short = "## Summary\n\nWhat and why.\n\n## Checklist\n\n- [ ] Tests are added\n"
    assert not [x for x in lines(snapshot({".github/pull_request_template.md": short}))
                if x.startswith("Pull request template:")]


def test_a_compose_file_of_backing_services_says_how_to_start_them() -> None:
    """oban's compose.yaml starts the databases its tests need; a compose file that builds
    the project's own image (a deployment) names nothing."""
    compose = ("services:\n  postgres:\n    image: postgres:17-alpine\n    ports: ['5432:5432']\n"
               "  mysql:\n    image: mysql:8.4\n")
    said = texts({"compose.yaml": compose, "mix.exs": "", "lib/a.ex": ""})
    assert said["Services"] == ("Services: `docker compose up -d` starts `postgres` "
                                "(postgres:17-alpine), `mysql` (mysql:8.4)")
    own = "services:\n  web:\n    build: .\n  worker:\n    image: ghcr.io/acme/app:1\n"
    assert "Services" not in texts({"docker-compose.yml": own, "lib/a.ex": ""})


def test_services_are_started_as_ci_starts_them_and_a_vendors_image_is_known() -> None:
    """next.jdbc's CI runs Compose v1's `docker-compose up -d` for its percona and
    `mcr.microsoft.com/mssql/server` databases: the services are named (the vendor's
    registry names the service one level up) and started as the workflow writes it."""
    compose = ("version: '2'\nservices:\n  mysql:\n    image: percona:5.7\n"
               "  sqlserver:\n    image: mcr.microsoft.com/mssql/server:2019-latest\n")
    flow = ("on: [pull_request]\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - name: Setup Databases\n"
            "        run: docker-compose up -d\n      - run: clojure -X:test\n")
    said = texts({"docker-compose.yml": compose, ".github/workflows/test.yml": flow,
                  "deps.edn": "{:paths [\"src\"]}\n", "src/a.clj": ""})
    assert said["Services"] == (
        "Services: `docker-compose up -d` starts `mysql` (percona:5.7), `sqlserver` "
        "(mcr.microsoft.com/mssql/server:2019-latest)")
    # with no workflow starting them, the tool's documented form
    said = texts({"docker-compose.yml": compose, "deps.edn": "{}\n", "src/a.clj": ""})
    assert said["Services"].startswith("Services: `docker compose up -d` starts `mysql`")
