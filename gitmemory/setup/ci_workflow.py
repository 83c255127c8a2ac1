"""``gitmemory init --ci github|gitlab``: the workflow that keeps team memory on the server.

See docs/ci.md.  Two jobs: on every push to the default branch,
``gitmemory ci sync``; on every pull (merge) request that changes memory,
``gitmemory ci review``.  Hardened by default: no permission beyond what a
job needs (only the sync job may write), actions pinned by full commit sha,
no ``pull_request_target``, no secret in the review job (a fork's pull
request gets none anyway), credentials not persisted in the checkout, one run
at a time per branch, and no ``${{ }}`` expansion inside a ``run:`` script.
A file that exists and differs is left as it is.
"""

from __future__ import annotations

import json
import os
import shlex

from gitmemory import __version__, config, files

# Pinned by commit, with the release each commit is (the tags of the actions' repositories).
CHECKOUT = "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1"  # v7.0.1
CHECKOUT_TAG = "v7.0.1"
SETUP_PYTHON = "actions/setup-python@5fda3b95a4ea91299a34e894583c3862153e4b97"  # v7.0.0
SETUP_PYTHON_TAG = "v7.0.0"
PYTHON = "3.12"
GITHUB_FILE = ".github/workflows/gitmemory.yml"
GITLAB_FILE = ".gitlab/gitmemory-ci.yml"
GITLAB_MAIN = ".gitlab-ci.yml"
ENGINES = ("github", "gitlab")

_GITHUB = """\
# gitmemory: what merged pull requests learned reaches the default branch (docs/ci.md).
# Written by `gitmemory init --ci github`.
name: gitmemory

on:
  push:
    branches: [{branch}]
  pull_request:
    paths: [".gitmemory/**"]

permissions: {{}}  # none by default; each job asks for what it needs

concurrency:
  # one run at a time per branch; a newer push to a pull request replaces the older run
  group: gitmemory-${{{{ github.ref }}}}
  cancel-in-progress: ${{{{ github.event_name == 'pull_request' }}}}

jobs:
  sync:
    name: Fold merged memory into the default branch
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    timeout-minutes: 20
    # its secrets can be kept to the default branch: Settings > Environments > gitmemory
    environment: gitmemory
    permissions:
      contents: write  # to push the one memory commit
    steps:
      - uses: {checkout}  # {checkout_tag}
        with:
          fetch-depth: 0  # merges are told by ancestry
          persist-credentials: false  # the token goes to gitmemory alone
      - uses: {setup_python}  # {setup_python_tag}
        with:
          python-version: "{python}"
      - name: Install gitmemory
        run: |
          python -m pip install {package}
      - name: Sync the default branch's memory
        env:
          ANTHROPIC_API_KEY: ${{{{ secrets.ANTHROPIC_API_KEY }}}}  # offline without it
          GITMEMORY_PUSH_TOKEN: ${{{{ github.token }}}}
          GITMEMORY_DEFAULT_BRANCH: ${{{{ github.event.repository.default_branch }}}}
        run: |
          gitmemory ci sync

  review:
    name: Review memory changes
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    timeout-minutes: 10
    permissions:
      contents: read
    steps:
      - uses: {checkout}  # {checkout_tag}
        with:
          fetch-depth: 0  # the diff needs the merge-base
          persist-credentials: false
      - uses: {setup_python}  # {setup_python_tag}
        with:
          python-version: "{python}"
      - name: Install gitmemory
        run: |
          python -m pip install {package}
      - name: Memory diff, held-back items, secret scan
        run: |
          gitmemory ci review
"""

_GITLAB = """\
# gitmemory: what merged merge requests learned reaches the default branch (docs/ci.md).
# Written by `gitmemory init --ci gitlab`; included from .gitlab-ci.yml.
# ANTHROPIC_API_KEY (optional) and GITMEMORY_PUSH_TOKEN (a project access token with
# write_repository) are masked, protected CI/CD variables: merge request pipelines,
# which run on unprotected refs (and a fork's in the fork), never see them.

gitmemory-sync:
  image: python:{python}
  rules:
    - if: $CI_PIPELINE_SOURCE == "push" && $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
  resource_group: gitmemory-$CI_COMMIT_REF_SLUG  # one run at a time per branch
  variables:
    GIT_DEPTH: "0"  # merges are told by ancestry
    GITMEMORY_DEFAULT_BRANCH: $CI_DEFAULT_BRANCH
  script:
    - python -m pip install {package}
    - gitmemory ci sync

gitmemory-review:
  image: python:{python}
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
      changes: [".gitmemory/**/*"]
  variables:
    GIT_DEPTH: "0"  # the diff needs the merge-base
  script:
    - python -m pip install {package}
    - gitmemory ci review
"""


def package_spec(spec: str | None) -> str:
    """What the jobs install: ``spec`` (a requirement or URL), else this version's tag of
    gitmemory's repository, as the pre-commit route pins it (the name is not on PyPI,
    where anyone could take it)."""
    from gitmemory.setup.precommit import UPSTREAM

    return shlex.quote(spec or f"git+{UPSTREAM}@v{__version__}")


def github(branch: str, spec: str | None = None) -> str:
    return _GITHUB.format(branch=json.dumps(branch), checkout=CHECKOUT,
                          checkout_tag=CHECKOUT_TAG, setup_python=SETUP_PYTHON,
                          setup_python_tag=SETUP_PYTHON_TAG, python=PYTHON,
                          package=package_spec(spec))


def gitlab(spec: str | None = None) -> str:
    return _GITLAB.format(python=PYTHON, package=package_spec(spec))


def write(top: str, engine: str, branch: str, spec: str | None = None) -> list[str]:
    """Write the workflow for ``engine``; what was done, one line each."""
    if engine == "github":
        done = [_write_file(top, GITHUB_FILE, github(branch, spec))]
    else:
        done = [_write_file(top, GITLAB_FILE, gitlab(spec)), _include(top)]
    done.append(_default_memory(top))
    return [line for line in done if line]


def _write_file(top: str, rel: str, text: str) -> str:
    files.check_dirs(top, os.path.dirname(rel))
    path = os.path.join(top, rel)
    current = files.read_text(path)
    if current == text:
        return f"{rel}: unchanged"
    if current is not None:
        return (f"{rel}: exists and differs, left as it is (remove it and run again for "
                "this version's)")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    files.atomic_write(path, text)
    return f"{rel}: written"


def _include(top: str) -> str:
    """``.gitlab-ci.yml`` includes the jobs: written when absent, else said."""
    path = os.path.join(top, GITLAB_MAIN)
    line = f"  - local: {GITLAB_FILE}"
    current = files.read_text(path)
    if current is None:
        files.atomic_write(path, f"include:\n{line}\n")
        return f"{GITLAB_MAIN}: written (it includes {GITLAB_FILE})"
    if GITLAB_FILE in current:
        return ""
    return f"{GITLAB_MAIN}: add `include: [{{local: {GITLAB_FILE}}}]` to it (docs/ci.md)"


def _default_memory(top: str) -> str:
    """``default_memory = "ci"`` in the shared settings: promote and maintain leave the
    default branch's memory to the job."""
    path = os.path.join(top, config.CONFIG_FILE)
    text = files.read_text(path)
    if text is None:
        return ""
    wanted = 'default_memory = "ci"'
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.replace(" ", "").startswith("default_memory="):
            if line.strip() == wanted:
                return ""
            lines[i] = wanted
            break
    else:
        doc = config.KEYS["default_memory"][2]
        lines[-1:] = [f"# {doc}", wanted, ""] if lines and not lines[-1] else \
            [*lines[-1:], "", f"# {doc}", wanted, ""]
    files.atomic_write(path, "\n".join(lines))
    return f'{config.CONFIG_FILE}: default_memory = "ci" (the CI job writes the default ' \
        "branch's memory)"
