"""How a release is made, read from the tree (gitmemory/reading/project/releases.py): the
document that says how, the release scripts by their paths, what the release workflow
runs on what.  Fixtures written for these tests; each rule has a near miss."""

from __future__ import annotations

import json

from gitmemory.reading.project import Snapshot, read_tree


def releases(files: dict[str, str]) -> str:
    found = [r.text for r in read_tree(Snapshot(sorted(files), files, []))
             if r.key == "Releases"]
    return found[0] if found else ""


RELEASE_WORKFLOW = """\
name: Release
on:
  push:
    branches: [trunk]
jobs:
  release:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: pnpm install
      - run: pnpm test
      - run: npm run ship
"""
PACKAGE = {"package.json": json.dumps({"name": "quill", "scripts": {
    "test": "vitest run", "ship": "semantic-release --branches trunk"},
    "devDependencies": {"semantic-release": "^25.0.0", "vitest": "^3.0.0"}}),
    "pnpm-lock.yaml": "", "src/index.ts": "export {}\n"}


def test_the_release_workflow_says_what_releases_and_when() -> None:
    said = releases({**PACKAGE, ".github/workflows/release.yml": RELEASE_WORKFLOW})
    assert said == ("Releases: the release.yml workflow (on a push to `trunk`) runs "
                    "`npm run ship` (`semantic-release --branches trunk`)")


def test_a_workflow_that_publishes_the_docs_or_releases_nothing_says_nothing() -> None:
    docs = RELEASE_WORKFLOW.replace("name: Release", "name: Publish docs")
    assert not releases({**PACKAGE, ".github/workflows/publish-docs.yml": docs})
    tests_only = RELEASE_WORKFLOW.replace("      - run: npm run ship\n", "")
    assert not releases({**PACKAGE, ".github/workflows/release.yml": tests_only})


def test_the_release_document_and_scripts_are_named_by_their_paths() -> None:
    tree = {"CMakeLists.txt": "project(quill CXX)\n", "src/quill.cpp": "int main() {}\n",
            "docs/release-process.md": "# How to release\n",
            "tools/scripts/minorRelease.py": "", "tools/scripts/patchRelease.py": "",
            "tools/scripts/extractFeaturesFromReleaseNotes.py": ""}
    assert releases(tree) == (
        "Releases: docs/release-process.md says how; release scripts "
        "`tools/scripts/minorRelease.py`, `tools/scripts/patchRelease.py`")
    # fmt (fresh14) keeps its release script in `support/`, as Go projects do in `hack/`
    for where in ("support", "hack"):
        tree = {"CMakeLists.txt": "project(fmt CXX)\n", f"{where}/release.py": "",
                f"{where}/printable.py": ""}
        assert releases(tree) == f"Releases: release scripts `{where}/release.py`"


# --- a release made by pushing a tag: a CI workflow's release job ------------------------------

TAGGED_CI = """\
name: CI
on:
  push:
    branches: [trunk]
    tags: [v*]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - name: Build and test
        run: ./gradlew build
  release:
    needs: [build]
    runs-on: ubuntu-latest
    steps:
      - name: Build and release
        run: ./gradlew build publishToShelf --info
"""
GRADLE = {"gradlew": "#!/bin/sh\n", "build.gradle.kts": "plugins { java }\n",
          "settings.gradle.kts": 'rootProject.name = "quill"\n'}


def test_a_tagged_workflows_release_job_says_a_pushed_tag_releases() -> None:
    said = releases({**GRADLE, ".github/workflows/ci.yml": TAGGED_CI})
    assert said == ("Releases: the ci.yml workflow (on a pushed tag) runs "
                    "`./gradlew build publishToShelf --info`")


def test_an_untagged_workflows_release_job_is_not_read_as_the_release() -> None:
    workflow = TAGGED_CI.replace("    tags: [v*]\n", "")
    assert releases({**GRADLE, ".github/workflows/ci.yml": workflow}) == ""


def test_a_tagged_workflows_other_jobs_are_not_the_release() -> None:
    workflow = TAGGED_CI.replace("  release:\n", "  verify:\n").replace(
        "Build and release", "Build and verify")
    assert releases({**GRADLE, ".github/workflows/ci.yml": workflow}) == ""


def test_a_readme_section_asking_how_to_release_a_new_version_says_how() -> None:
    readme = ("# quill\n\n## How to release new version?\n\nPush an annotated tag:\n\n"
              "```shell\ngit tag -a -m \"Release 1.2.3\" v1.2.3\ngit push origin v1.2.3\n"
              "```\n\n## License\n\nMIT\n")
    said = releases({**GRADLE, "README.md": readme})
    assert said.startswith("Releases: README.md (How to release new version?) says how: "
                           "`git tag -a -m \"Release 1.2.3\" v1.2.3`")


def test_a_release_jobs_step_that_publishes_nothing_is_not_said() -> None:
    workflow = TAGGED_CI.replace("./gradlew build publishToShelf --info",
                                 "sha256sum build/libs/quill.jar")
    assert releases({**GRADLE, ".github/workflows/ci.yml": workflow}) == ""


def test_a_gradle_publishing_task_publishes_but_the_local_repository_does_not() -> None:
    from gitmemory.reading.project.tool_roles import releasing

    assert releasing(["./gradlew", "build", ":core:publishAllPublicationsToCentral"])
    assert not releasing(["./gradlew", "publishToMavenLocal"])
    assert not releasing(["./gradlew", "build"])


def test_a_release_recipes_check_of_a_file_is_said_as_written() -> None:
    """just's `publish` recipe runs `! grep '<sup>master</sup>' README.md`: what must hold
    of the tree before a release, as the recipe writes it; the same grep in a recipe that
    releases nothing, or of a file the tree lacks, is no check (the recipe is still the
    release task)."""
    justfile = ("test:\n  cargo test\n\n# publish current master branch\n[group: 'release']\n"
                "publish:\n  #!/usr/bin/env bash\n  set -euxo pipefail\n"
                "  ! grep '<sup>master</sup>' README.md\n  cargo publish\n\n"
                "notes:\n  grep '<sup>master</sup>' README.md\n")
    files = {"justfile": justfile, "README.md": "# x\n", "Cargo.toml": "[package]\nname='x'\n"}
    assert releases(files) == "Releases: `just publish` checks `! grep '<sup>master</sup>' " \
        "README.md`"
    del files["README.md"]
    assert releases(files) == ("Releases: `just publish` (publish current master branch), a "
                               "task of justfile")


def test_a_runners_release_task_is_the_command_a_maintainer_types() -> None:
    """bubbletea (fresh18, read after its blind run): its Taskfile's `release` task ("Create
    and push a new tag following semver": svu, a signed tag, the push that starts
    goreleaser) was in no item.  A task a runner file at the top names for releasing is
    said with its description; one in a package's directory, or a task that builds, is
    not."""
    taskfile = ("version: '3'\ntasks:\n  test:\n    cmds:\n      - go test ./...\n"
                "  release:\n    desc: Create and push a new tag following semver\n"
                "    cmds:\n      - git tag --sign v1\n      - git push origin main "
                "--follow-tags\n  build-docs:\n    cmds:\n      - mkdocs build\n")
    files = {"Taskfile.yaml": taskfile, "go.mod": "module example.org/tea\n\ngo 1.24\n"}
    assert releases(files) == ("Releases: `task release` (Create and push a new tag following "
                               "semver), a task of Taskfile.yaml")
    assert not releases({**files, "Taskfile.yaml": taskfile.replace("release:", "lint:")})


# --- a release made by pushing a tag that another CI deploys from -------------------------------
# nREPL (fresh18): `make deploy` refuses without CircleCI's CIRCLE_TAG; CircleCI's workflow
# runs the `deploy` job for `v` tags only.

DEPLOY_MAKEFILE = "test:\n\tclojure -M:test\n\ndeploy:\n\tclojure -T:build deploy\n"
CIRCLE = """\
version: 2.1
jobs:
  test:
    docker: [{image: clojure}]
    steps:
      - checkout
      - run: make test
  deploy:
    docker: [{image: clojure}]
    steps:
      - checkout
      - run:
          name: Deploy
          command: make deploy
workflows:
  default:
    jobs:
      - test
      - deploy:
          requires: [test]
          filters:
            branches:
              ignore: /.*/
            tags:
              only: /^v\\d+\\.\\d+\\.\\d+$/
"""


def test_a_circleci_job_run_only_for_tags_that_deploys_says_a_pushed_tag_releases() -> None:
    said = releases({"Makefile": DEPLOY_MAKEFILE, ".circleci/config.yml": CIRCLE})
    assert said == ("Releases: the `deploy` job of .circleci/config.yml (on a pushed tag "
                    "matching `/^v\\d+\\.\\d+\\.\\d+$/`) runs `make deploy`")


def test_a_circleci_job_run_on_branches_too_or_releasing_nothing_is_not_the_release() -> None:
    on_branches = CIRCLE.replace("            branches:\n              ignore: /.*/\n", "")
    said = releases({"Makefile": DEPLOY_MAKEFILE, ".circleci/config.yml": on_branches})
    assert said == "Releases: `make deploy`, a task of Makefile"  # the runner's task alone
    tests_only = CIRCLE.replace("command: make deploy", "command: make test")
    said = releases({"Makefile": DEPLOY_MAKEFILE, ".circleci/config.yml": tests_only})
    assert said == "Releases: `make deploy`, a task of Makefile"


def test_a_gitlab_job_run_only_for_tags_that_publishes_says_a_pushed_tag_releases() -> None:
    gitlab = ("test:\n  script: [make test]\n"
              "publish:\n  rules:\n    - if: $CI_COMMIT_TAG\n  script:\n    - make deploy\n")
    said = releases({"Makefile": DEPLOY_MAKEFILE, ".gitlab-ci.yml": gitlab})
    assert said == ("Releases: the `publish` job of .gitlab-ci.yml (on a pushed tag) runs "
                    "`make deploy`")
    untagged = gitlab.replace("    - if: $CI_COMMIT_TAG\n", "    - if: $CI_COMMIT_BRANCH\n")
    said = releases({"Makefile": DEPLOY_MAKEFILE, ".gitlab-ci.yml": untagged})
    assert said == "Releases: `make deploy`, a task of Makefile"


def test_commands_that_work_on_another_repository_are_no_release_step() -> None:
    """A new user's first day (grafana/k6): its release checklist's first code block sets up
    a fork of another project (`git remote add upstream <its URL>`, a fetch, a branch off
    it), and "Releases" gave that as how k6 is released.  A block that clones or adds
    another repository is about that repository; the near miss, a tag in a block of its
    own, is still given."""
    checklist = """\
# Release
- [ ] Branch the type definitions fork:

      ```
      git remote add upstream https://example.org/typings/typings.git  # only once
      git fetch upstream
      git checkout -b release-v2.3.0 upstream/master
      ```
- [ ] Tag it:

      ```
      git tag v2.3.0 -m "v2.3.0"
      ```
"""
    said = releases({"go.mod": "module example.org/quill\n", "main.go": "package main\n",
                     "RELEASING.md": checklist})
    assert said == 'Releases: RELEASING.md says how: `git tag v2.3.0 -m "v2.3.0"`'


def test_a_prompt_marker_is_no_part_of_the_command_and_releasing_comes_first() -> None:
    """A new user's first day (mirage/irmin): RELEASE.md writes its commands after a "; "
    prompt and opens with a benchmark and two checks; "Releases" gave "`; git grep ...`"
    and "`; git fetch upstream`", and no `dune-release` step.  The prompt goes, and the
    commands of the release tool come before the document's other commands."""
    doc = """\
# Release Process

## Manual Benchmarking

```
; dune exec -- bench/replay.exe summarise trace.repr >summary.json
```

## Releasing

```
; git grep -A 10 "pin-depends" *.opam
; git fetch upstream
; dune-release tag                        #  Create the tag from CHANGES.md
; dune-release distrib --skip-tests       #  Build the archive
```
"""
    doc += "\nWrite the `release notes` first.\n"  # a span of words, no program
    said = releases({"dune-project": "(lang dune 3.0)\n", "src/dune": "(library (name x))\n",
                     "RELEASE.md": doc})
    assert "`release notes`" not in said
    assert said.startswith("Releases: RELEASE.md says how: `dune-release tag`, "
                           "`dune-release distrib --skip-tests`, "), said
    assert "; " not in said.split("says how: ", 1)[1].replace("`; `", "")
