"""Dependencies read from manifest diffs (gitmemory/offline/manifests.py)."""

from __future__ import annotations

from gitmemory.providers.offline.diffs import file_hunks
from gitmemory.providers.offline.manifests import DepChange, dependency_changes, touched_manifests
from testing.offline_history import edit_diff, make_commit, new_file_diff


def changes(diff: str) -> list[DepChange]:
    return dependency_changes(make_commit("deps", diff=diff))


def test_file_hunks_split_a_diff_per_path() -> None:
    diff = new_file_diff("a.txt", "one\ntwo") + edit_diff("b/c.py", "def f():", [" x", "+y"])
    hunks = file_hunks(diff)
    assert list(hunks) == ["a.txt", "b/c.py"]
    assert hunks["a.txt"][0].lines == ["+one", "+two"]
    assert hunks["b/c.py"][0].context == "def f():"


def test_pyproject_runtime_optional_and_build_dependencies() -> None:
    diff = new_file_diff("pyproject.toml", "\n".join([
        "[build-system]", 'requires = ["hatchling>=1.21"]', "[project]", 'name = "x"',
        "dependencies = [", '    "httpx >= 0.27",', '    "rich[jupyter]",', "]",
        "[project.optional-dependencies]", 'test = ["pytest>=8", "hypothesis"]',
        "[tool.ruff.lint]", 'select = ["E", "F"]']))
    found = {(c.kind, c.name) for c in changes(diff)}
    assert found == {("build", "hatchling"), ("runtime", "httpx"), ("runtime", "rich"),
                     ("extra test", "pytest"), ("extra test", "hypothesis")}


def test_pyproject_hunk_context_names_the_array() -> None:
    diff = edit_diff("pyproject.toml", "dependencies = [",
                     ['     "click>=8.1",', '+    "filelock>=3.20",', " ]"])
    assert changes(diff) == [DepChange("pyproject.toml", "runtime", "filelock", True)]


def test_a_version_change_is_not_an_addition() -> None:
    diff = edit_diff("pyproject.toml", "dependencies = [",
                     ['-    "click>=8.0",', '+    "click>=8.1",'])
    assert changes(diff) == []


def test_a_respelled_name_is_not_an_addition() -> None:
    diff = edit_diff("pyproject.toml", "dependencies = [",
                     ['-    "importlib_metadata>=8.0.0,<9",', '+    "importlib-metadata>=8.0.0",'])
    assert changes(diff) == []


def test_a_name_moved_to_another_table_is_added_there_not_dropped() -> None:
    diff = edit_diff("pyproject.toml", "", [
        "-[tool.poetry.group.dev.dependencies]", '-pytest = "^8"',
        "+[dependency-groups]", '+test = ["pytest>=8"]'])
    assert [(c.kind, c.name, c.added) for c in changes(diff)] == [("group test", "pytest", True)]


def test_poetry_tables() -> None:
    diff = edit_diff("pyproject.toml", "[tool.poetry.dependencies]",
                     [" [tool.poetry.dependencies]", ' python = "^3.11"', '+httpx = "^0.27"'])
    assert [(c.kind, c.name) for c in changes(diff)] == [("runtime", "httpx")]


def test_requirements_files() -> None:
    diff = new_file_diff("requirements-dev.txt", "# tools\n-r base.txt\npytest==8.0\nruff\n")
    assert [(c.kind, c.name) for c in changes(diff)] == [("dev", "pytest"), ("dev", "ruff")]


def test_package_json_sections() -> None:
    diff = edit_diff("web/package.json", "", [
        '   "version": "1.0.0",', '   "dependencies": {', '+    "zod": "^3.22.4",',
        "   },", '   "devDependencies": {', '+    "vitest": "^1.2.0",', "   },",
        '   "scripts": {', '+    "test": "vitest run"', "   }"])
    assert [(c.kind, c.name) for c in changes(diff)] == [("runtime", "zod"), ("dev", "vitest")]


def test_cargo_go_and_gemfile() -> None:
    diff = (edit_diff("Cargo.toml", "", [" [dependencies]", '+serde = { version = "1" }',
                                         " [dev-dependencies]", '+proptest = "1"'])
            + edit_diff("go.mod", "", [" require (", "+\tgithub.com/spf13/cobra v1.8.0",
                                       "+\tgolang.org/x/sys v0.15.0 // indirect", " )"])
            + edit_diff("Gemfile", "", ["+gem 'rails', '~> 7.1'"]))
    assert [(c.manifest, c.kind, c.name) for c in changes(diff)] == [
        ("Cargo.toml", "runtime", "serde"), ("Cargo.toml", "dev", "proptest"),
        ("go.mod", "runtime", "github.com/spf13/cobra"), ("Gemfile", "runtime", "rails")]


def test_optional_dependencies_and_groups_are_named() -> None:
    diff = new_file_diff("pyproject.toml", "\n".join([
        "[project.optional-dependencies]", 'socks = ["PySocks>=1.5.6"]',
        "[dependency-groups]", 'lint = ["ruff"]', 'dev = [{ include-group = "lint" }]']))
    assert [(c.kind, c.name) for c in changes(diff)] == [("extra socks", "PySocks"),
                                                        ("group lint", "ruff")]


def test_manifests_of_test_fixtures_are_not_the_project() -> None:
    diff = new_file_diff("tests/resources/node_repo/package.json",
                         '{\n  "dependencies": {\n    "left-pad": "^1.0.0"\n  }\n}')
    assert changes(diff) == []


def test_package_json_outside_dependency_blocks_is_ignored() -> None:
    diff = edit_diff("package.json", "", ['-  "version": "0.0.1",', '+  "version": "0.0.2",',
                                          '+  "engines": "1.0.0",'])
    assert changes(diff) == []


def test_a_re_pinned_dependency_touches_its_manifest() -> None:
    repin = make_commit("build: require flit_core 3.11", diff=edit_diff(
        "pyproject.toml", "[build-system]",
        ['-requires = ["flit_core<4"]', '+requires = ["flit_core>=3.11,<4"]']))
    assert dependency_changes(repin) == []  # neither added nor dropped
    assert touched_manifests(repin) == ["pyproject.toml"]
    readme = make_commit("docs", diff=edit_diff("README.md", "", ["+flit_core"]))
    assert touched_manifests(readme) == []


def test_extras_in_brackets_do_not_close_the_array() -> None:
    """``"pbs-installer[download,install] (...)"``: the ``]`` of the extras is inside the
    string; the next line is still in the array (issue 20: a re-pin read as a drop)."""
    diff = edit_diff("pyproject.toml", "dependencies = [", [
        '-    "pbs-installer[download,install] (>=2025.1.6,<2026.0.0)",',
        "+    # pbs-installer uses calver, so version is unclamped",
        '+    "pbs-installer[download,install] (>=2025.6.10)",', " ]"])
    assert dependency_changes(make_commit("chore: unclamp pbs-installer", diff=diff)) == []
