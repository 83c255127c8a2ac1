"""``gitmemory init --ci github|gitlab``: the workflow it writes is hardened (least
privilege, actions pinned by commit, no pull_request_target, no secret in the review job,
credentials not persisted, one run per branch, no ``${{ }}`` in a script), passes
actionlint and zizmor, and its own ``run:`` steps do the job in a fresh clone."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from gitmemory.setup import ci_workflow
from testing.ci import Server
from testing.gitrepo import commit_file, git, gitmemory

WORKFLOW = ".github/workflows/gitmemory.yml"
LOGIN = "Sessions live in Postgres because Redis evictions logged users out"


def _tool(name: str) -> str | None:
    """A linter from the test extra (beside this Python) or on PATH."""
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else shutil.which(name)


@pytest.fixture
def workflow(repo: Path) -> tuple[Path, dict[str, Any]]:
    done = gitmemory(repo, "init", "--ci", "github")
    assert f"{WORKFLOW}: written" in done.stdout
    path = repo / WORKFLOW
    return path, yaml.safe_load(path.read_text())


def _steps(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(job, step) for job, spec in data["jobs"].items() for step in spec["steps"]]


# What a careless workflow does: the linters must say no to it, or their yes means nothing.
CARELESS = """\
on: pull_request_target
jobs:
  x:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - run: echo "${{ github.event.pull_request.title }}"
"""


def _lint(tool: str, *args: str, path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}"}  # shellcheck for run: steps
    return subprocess.run([tool, *args, str(path)], capture_output=True, text=True,
                          check=False, env=env, cwd=path.parent)


def test_the_workflow_passes_actionlint(workflow: tuple[Path, dict[str, Any]],
                                        tmp_path: Path) -> None:
    actionlint = _tool("actionlint")
    if actionlint is None:
        pytest.skip("actionlint is not installed (pip install -e '.[test]')")
    done = _lint(actionlint, "-no-color", path=workflow[0])
    assert done.returncode == 0, done.stdout + done.stderr
    careless = tmp_path / "careless.yml"
    careless.write_text(CARELESS)
    refused = _lint(actionlint, "-no-color", path=careless)
    assert refused.returncode == 1
    assert "potentially untrusted" in refused.stdout


@pytest.mark.parametrize("persona", ["regular", "pedantic", "auditor"])
@pytest.mark.slow
def test_the_workflow_passes_zizmor(workflow: tuple[Path, dict[str, Any]], persona: str
                                    ) -> None:
    zizmor = _tool("zizmor")
    if zizmor is None:
        pytest.skip("zizmor is not installed (pip install -e '.[test]')")
    done = _lint(zizmor, "--offline", "--no-progress", f"--persona={persona}", path=workflow[0])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No findings to report" in done.stdout
    careless = workflow[0].parent / "careless.yml"
    careless.write_text(CARELESS)
    refused = _lint(zizmor, "--offline", "--no-progress", f"--persona={persona}", path=careless)
    assert refused.returncode != 0
    for audit in ("dangerous-triggers", "template-injection", "unpinned-uses", "artipacked"):
        assert audit in refused.stdout


def test_the_workflow_is_hardened(workflow: tuple[Path, dict[str, Any]]) -> None:
    path, data = workflow
    text = path.read_text()
    triggers = data[True]  # YAML 1.1 reads the key `on` as true
    assert set(triggers) == {"push", "pull_request"}
    assert "pull_request_target" not in text and "workflow_run" not in text
    assert triggers["push"]["branches"] == ["main"]
    assert data["permissions"] == {}
    assert data["jobs"]["sync"]["permissions"] == {"contents": "write"}
    assert data["jobs"]["review"]["permissions"] == {"contents": "read"}
    assert "github.ref" in data["concurrency"]["group"]
    for job, step in _steps(data):
        if "uses" in step:
            assert re.fullmatch(r"actions/[a-z-]+@[0-9a-f]{40}", step["uses"]), step
            if step["uses"].startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False
        if "run" in step:
            assert "${{" not in step["run"], (job, step)
    review = yaml.safe_dump(data["jobs"]["review"])
    assert "secrets." not in review and "token" not in review
    assert [f"{ci_workflow.CHECKOUT}  # {ci_workflow.CHECKOUT_TAG}" in line
            for line in text.splitlines() if "actions/checkout@" in line] == [True, True]


def test_the_pins_are_release_commits_of_the_actions() -> None:
    """The shas are those of the named release tags (read from the actions' repositories)."""
    assert ci_workflow.CHECKOUT.endswith("@3d3c42e5aac5ba805825da76410c181273ba90b1")
    assert ci_workflow.CHECKOUT_TAG == "v7.0.1"
    assert ci_workflow.SETUP_PYTHON.endswith("@5fda3b95a4ea91299a34e894583c3862153e4b97")
    assert ci_workflow.SETUP_PYTHON_TAG == "v7.0.0"


def test_init_again_leaves_the_workflow_and_a_changed_one_is_kept(
        workflow: tuple[Path, dict[str, Any]], repo: Path) -> None:
    path = workflow[0]
    again = gitmemory(repo, "init", "--ci", "github")
    assert f"{WORKFLOW}: unchanged" in again.stdout
    path.write_text(path.read_text() + "# ours\n")
    kept = gitmemory(repo, "init", "--ci", "github")
    assert f"{WORKFLOW}: exists and differs, left as it is" in kept.stdout
    assert path.read_text().endswith("# ours\n")


def test_init_ci_hands_the_default_branchs_memory_to_the_job(
        workflow: tuple[Path, dict[str, Any]], repo: Path) -> None:
    settings = (repo / ".gitmemory" / "config.toml").read_text()
    assert settings.count('default_memory = "ci"') == 1
    assert 'default_memory = "local"' not in settings
    assert gitmemory(repo, "promote", "feature", check=False).stderr.startswith(
        "gitmemory: error: main's memory is written by its CI job")


def test_the_package_the_jobs_install_can_be_named(repo: Path) -> None:
    gitmemory(repo, "init", "--ci", "github", "--ci-package",
              "git+https://example.com/gitmemory@v0.2.0")
    text = (repo / WORKFLOW).read_text()
    assert "python -m pip install git+https://example.com/gitmemory@v0.2.0\n" in text
    bad = gitmemory(repo, "init", "--ci-package", "gitmemory", check=False)
    assert bad.returncode == 2
    assert "--ci-package goes with --ci" in bad.stderr


def test_gitlab_gets_an_include_file_and_the_include(repo: Path) -> None:
    done = gitmemory(repo, "init", "--ci", "gitlab")
    assert ".gitlab/gitmemory-ci.yml: written" in done.stdout
    assert ".gitlab-ci.yml: written (it includes .gitlab/gitmemory-ci.yml)" in done.stdout
    assert yaml.safe_load((repo / ".gitlab-ci.yml").read_text()) == {
        "include": [{"local": ".gitlab/gitmemory-ci.yml"}]}
    jobs = yaml.safe_load((repo / ".gitlab" / "gitmemory-ci.yml").read_text())
    sync, review = jobs["gitmemory-sync"], jobs["gitmemory-review"]
    assert sync["rules"] == [{"if": '$CI_PIPELINE_SOURCE == "push" && '
                                    "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH"}]
    assert review["rules"][0]["if"] == '$CI_PIPELINE_SOURCE == "merge_request_event"'
    assert sync["script"][-1] == "gitmemory ci sync"
    assert review["script"][-1] == "gitmemory ci review"
    assert sync["resource_group"].startswith("gitmemory-")
    assert sync["variables"]["GIT_DEPTH"] == review["variables"]["GIT_DEPTH"] == "0"


def test_gitlab_with_a_pipeline_of_its_own_is_told_what_to_add(repo: Path) -> None:
    (repo / ".gitlab-ci.yml").write_text("test:\n  script: [make test]\n")
    done = gitmemory(repo, "init", "--ci", "gitlab")
    assert ".gitlab-ci.yml: add `include: [{local: .gitlab/gitmemory-ci.yml}]`" in done.stdout
    assert (repo / ".gitlab-ci.yml").read_text() == "test:\n  script: [make test]\n"


def _run_steps(data: dict[str, Any], job: str, checkout: Path, env: dict[str, str]) -> str:
    """The job's own ``run:`` steps, with bash as the runner runs them, with the variables
    its ``env:`` gives them (expressions replaced by what GitHub would put there).  The
    install step is checked, not run: the package is already on PATH and tests stay
    offline."""
    steps = []
    for step in data["jobs"][job]["steps"]:
        if "run" not in step:
            continue
        if step["run"].startswith("python -m pip install "):
            assert step["run"] == ("python -m pip install git+https://github.com/gitmemory/"
                                   f"gitmemory@v{_version()}\n")
            continue
        steps.append((step["run"], {**env, **{k: _expand(v, env)
                                              for k, v in step.get("env", {}).items()}}))
    return _bash(steps, checkout)


def _bash(steps: list[tuple[str, dict[str, str]]], checkout: Path) -> str:
    """Each script with ``bash -e`` in ``checkout`` and its environment, until one fails:
    what they printed, and ``exit N`` for the one that failed."""
    out = []
    for script, env in steps:
        done = subprocess.run(["bash", "-e", "-c", script], cwd=checkout, env=env,
                              capture_output=True, text=True, check=False)
        out.append(done.stdout + done.stderr)
        if done.returncode != 0:
            out.append(f"exit {done.returncode}")
            break
    return "\n".join(out)


def _version() -> str:
    from gitmemory import __version__

    return __version__


def _expand(value: str, env: dict[str, str]) -> str:
    return {"${{ secrets.ANTHROPIC_API_KEY }}": "",  # no secret: the job runs offline
            "${{ github.token }}": "",  # a local server needs no token
            "${{ github.event.repository.default_branch }}": "main"}.get(value, value)


def _set_up(tmp_path: Path, engine: str) -> tuple[Server, Path]:
    """A server, and a clone of it where ``gitmemory init --ci ENGINE`` wrote the CI file."""
    server = Server(tmp_path)
    setup = tmp_path / "setup"
    git(tmp_path, "clone", "-q", str(server.bare), str(setup))
    gitmemory(setup, "init", "--ci", engine, "--hooks", "none")
    return server, setup


def _plant_secret(server: Server) -> str:
    """Pull request ``feature/a``: a decision, then a memory commit that holds a token; the
    token."""
    secret = "glpat-" + "Xq7vB2mN9kR4tY6wZ1cD"
    server.branch("feature/a", LOGIN)
    commit_file(server.dev, ".gitmemory/branches/feature_a.md",
                f"# Branch Memory: feature/a\n\n## Facts\n\n- The CI token is {secret}\n",
                "Remember the token")
    git(server.dev, "push", "-q", "origin", "feature/a")
    return secret


def _take_back_and_merge(server: Server, mode: str) -> None:
    """The token's commit reverted, and the pull request merged as ``mode`` says."""
    git(server.dev, "checkout", "-q", "feature/a")
    git(server.dev, "revert", "--no-edit", "HEAD")
    git(server.dev, "push", "-q", "origin", "feature/a")
    server.merge("feature/a", mode)


@pytest.mark.slow
def test_the_workflows_own_run_steps_do_the_job_in_a_fresh_clone(
        tmp_path: Path, git_env: dict[str, str]) -> None:
    server, setup = _set_up(tmp_path, "github")
    data = yaml.safe_load((setup / WORKFLOW).read_text())
    env = {**git_env, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{git_env['PATH']}"}
    # a pull request with a secret in its memory: the review job fails, never printing it
    secret = _plant_secret(server)
    pr = server.checkout()
    git(pr, "checkout", "-q", "feature/a")
    page = tmp_path / "summary.md"
    log = _run_steps(data, "review", pr, {**env, "GITHUB_BASE_REF": "main",
                                          "GITHUB_STEP_SUMMARY": str(page)})
    assert log.endswith("exit 1")
    assert "possible secret in .gitmemory/branches/feature_a.md line 5" in log
    assert secret not in log and secret not in page.read_text()
    # fixed and merged: the push job folds it into main and removes its file
    _take_back_and_merge(server, "squash")
    log = _run_steps(data, "sync", server.checkout(), env)
    assert "pushed: " in log, log
    assert LOGIN in server.items()
    assert server.files() == ["main.md"]
    assert "up to date: nothing new" in _run_steps(data, "sync", server.checkout(), env)


def _runner_checkout(server: Server, branch: str, path: Path) -> Path:
    """What a GitLab runner leaves: an empty repository that fetched the pipeline's one
    branch into ``refs/remotes/origin/`` and checked its commit out, detached."""
    git(server.root, "init", "-q", str(path))
    git(path, "remote", "add", "origin", str(server.bare))
    git(path, "fetch", "-q", "origin", f"+refs/heads/{branch}:refs/remotes/origin/{branch}")
    git(path, "checkout", "-q", "--detach", f"refs/remotes/origin/{branch}")
    return path


def _script(jobs: dict[str, Any], job: str, checkout: Path, env: dict[str, str]) -> str:
    """The job's ``script:`` lines, each through bash as the runner's shell runs them, with
    its ``variables:`` (``$NAME`` expanded from the pipeline's, as GitLab does).  The
    install line is checked, not run."""
    spec = jobs[job]
    variables = {k: re.sub(r"\$(\w+)", lambda m: env.get(m.group(1), ""), str(v))
                 for k, v in spec.get("variables", {}).items()}
    steps = []
    for line in spec["script"]:
        if line.startswith("python -m pip install "):
            assert line == ("python -m pip install git+https://github.com/gitmemory/"
                            f"gitmemory@v{_version()}")
            continue
        steps.append((line, {**env, **variables}))
    return _bash(steps, checkout)


@pytest.mark.slow
def test_the_gitlab_jobs_own_script_lines_do_the_job_in_a_runner_checkout(
        tmp_path: Path, git_env: dict[str, str]) -> None:
    server, setup = _set_up(tmp_path, "gitlab")
    jobs = yaml.safe_load((setup / ".gitlab" / "gitmemory-ci.yml").read_text())
    env = {**git_env, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{git_env['PATH']}",
           "CI": "true", "GITLAB_CI": "true", "CI_DEFAULT_BRANCH": "main"}
    # a merge request with a secret in its memory: the review job fails, never printing it
    secret = _plant_secret(server)
    mr = _runner_checkout(server, "feature/a", tmp_path / "mr")
    log = _script(jobs, "gitmemory-review", mr, {
        **env, "CI_PIPELINE_SOURCE": "merge_request_event",
        "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main"})
    assert log.endswith("exit 1"), log
    assert "possible secret in .gitmemory/branches/feature_a.md line 5" in log
    assert secret not in log
    # fixed and merged: the default branch's pipeline folds it in and removes its file
    _take_back_and_merge(server, "merge")
    push = {**env, "CI_PIPELINE_SOURCE": "push", "CI_COMMIT_BRANCH": "main"}
    log = _script(jobs, "gitmemory-sync", _runner_checkout(server, "main", tmp_path / "p1"),
                  push)
    assert "pushed: " in log, log
    assert LOGIN in server.items()
    assert server.files() == ["main.md"]
    again = _script(jobs, "gitmemory-sync", _runner_checkout(server, "main", tmp_path / "p2"),
                    push)
    assert "up to date: nothing new" in again, again
