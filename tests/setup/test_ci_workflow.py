"""gitmemory/setup/ci_workflow.py in process: the shared settings hand the default branch's
memory to the job, and the package the jobs install is quoted for the shell.  The
workflows themselves are checked in tests/server/test_workflow.py."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

from gitmemory import __version__, config
from gitmemory.setup import ci_workflow

WANTED = 'default_memory = "ci"'


def _settings(repo: Path, text: str) -> Path:
    path = repo / config.CONFIG_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_without_shared_settings_nothing_is_written(repo: Path) -> None:
    assert ci_workflow._default_memory(str(repo)) == ""
    assert not (repo / config.CONFIG_FILE).exists()


def test_a_setting_of_another_value_is_replaced_in_place(repo: Path) -> None:
    path = _settings(repo, 'provider = "offline"\ndefault_memory   =  "local"\n'
                           "max_file_lines = 150\n")
    line = ci_workflow._default_memory(str(repo))
    assert line == ('.gitmemory/config.toml: default_memory = "ci" (the CI job writes the '
                    "default branch's memory)")
    assert path.read_text() == f'provider = "offline"\n{WANTED}\nmax_file_lines = 150\n'


def test_the_setting_already_there_is_left_and_not_said(repo: Path) -> None:
    path = _settings(repo, f"{WANTED}\n")
    assert ci_workflow._default_memory(str(repo)) == ""
    assert path.read_text() == f"{WANTED}\n"


def test_the_setting_is_added_with_its_comment_whatever_the_last_line(repo: Path) -> None:
    doc = config.KEYS["default_memory"][2]
    for text in ('provider = "offline"\n', 'provider = "offline"'):
        path = _settings(repo, text)
        assert ci_workflow._default_memory(str(repo)).endswith("default branch's memory)")
        written = path.read_text()
        assert written.endswith(f"# {doc}\n{WANTED}\n"), repr(written)
        assert written.startswith('provider = "offline"\n')
        assert tomllib.loads(written) == {"provider": "offline", "default_memory": "ci"}


def test_the_package_spec_is_quoted_for_the_shell() -> None:
    assert ci_workflow.package_spec(None).endswith(f"@v{__version__}")
    odd = "gitmemory @ file:///tmp/my wheels/gitmemory.whl"
    assert shlex.split(ci_workflow.package_spec(odd)) == [odd]
    assert f"pip install {shlex.quote(odd)}\n" in ci_workflow.gitlab(odd)


def test_the_branch_is_written_as_a_yaml_string(repo: Path) -> None:
    text = ci_workflow.github('release: "2.0"')
    assert 'branches: ["release: \\"2.0\\""]' in text


def test_gitlab_written_twice_is_unchanged_and_the_include_is_not_said(repo: Path) -> None:
    first = ci_workflow.write(str(repo), "gitlab", "main")
    assert first == [".gitlab/gitmemory-ci.yml: written",
                     ".gitlab-ci.yml: written (it includes .gitlab/gitmemory-ci.yml)"]
    assert ci_workflow.write(str(repo), "gitlab", "main") == [
        ".gitlab/gitmemory-ci.yml: unchanged"]
