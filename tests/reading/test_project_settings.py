"""gitmemory/reading/project/settings.py: the settings that shape code are read from every
file a Python project keeps them in, and each becomes one line that says what it means."""

from __future__ import annotations

import pytest

from gitmemory.reading.project import Snapshot, bootstrap_extractions


def _line(files: dict[str, str], start: str) -> str | None:
    snap = Snapshot(sorted(files), files, [])
    found = [e for e in bootstrap_extractions(snap) if e.content.startswith(start)]
    assert len(found) <= 1, found
    return found[0].content if found else None


def _evidence(files: dict[str, str], start: str) -> tuple[str, ...]:
    snap = Snapshot(sorted(files), files, [])
    (found,) = [e for e in bootstrap_extractions(snap) if e.content.startswith(start)]
    return found.paths


@pytest.mark.parametrize(("files", "expected"), [
    ({"ruff.toml": '[lint]\nselect = ["E", "W"]\nignore = ["E501"]\n'},
     "Lint rules: `ruff check` rules E, W (selected); ignored: E501"),
    ({"pyproject.toml": '[tool.ruff]\nextend-select = ["UP", "B"]\n'},
     "Lint rules: `ruff check` rules UP, B (on top of ruff's defaults)"),
    ({"pyproject.toml": "[tool.ruff.lint]\nselect = [" + ", ".join(f'"R{n}"' for n in range(10))
      + "]\nignore = [" + ", ".join(f'"I{n}"' for n in range(7)) + "]\n"},
     "Lint rules: `ruff check` rules R0, R1, R2, R3, R4, R5, R6, R7 and 2 more (selected); "
     "ignored: I0, I1, I2, I3, I4 and 2 more"),
])
def test_lint_rules(files: dict[str, str], expected: str) -> None:
    assert _line(files, "Lint rules:") == expected


@pytest.mark.parametrize(("files", "expected", "where"), [
    ({"mypy.ini": "[mypy]\ndisallow_untyped_defs = True\nwarn_return_any = True\n"
                  "files = src, tests\n"},
     "Typing: mypy with disallow_untyped_defs, warn_return_any on src, tests", "mypy.ini"),
    ({"setup.cfg": "[mypy]\ncheck_untyped_defs = true\n"},
     "Typing: mypy with check_untyped_defs", "setup.cfg"),
    ({"pyproject.toml": '[tool.mypy]\nfiles = ["pkg"]\n\n[tool.pyright]\n'
                        'typeCheckingMode = "strict"\n'},
     "Typing: mypy on pkg; pyright in strict mode", "pyproject.toml"),
    ({"pyproject.toml": '[tool.pyright]\ntypeCheckingMode = "basic"\n'},
     "Typing: pyright in basic mode", "pyproject.toml"),
])
def test_typing(files: dict[str, str], expected: str, where: str) -> None:
    assert _line(files, "Typing:") == expected
    assert _evidence(files, "Typing:") == (where,)


@pytest.mark.parametrize(("files", "expected"), [
    ({"pytest.ini": "[pytest]\naddopts = --strict-markers -q\nmarkers =\n"
                    "    slow: takes a while\n    db: needs a database\n"},
     "pytest settings: unknown markers are errors (`--strict-markers`); markers `slow`, `db`"),
    ({"setup.cfg": "[tool:pytest]\nxfail_strict = true\nasyncio_mode = auto\n"},
     "pytest settings: `xfail_strict`; `asyncio_mode = auto`"),
    ({"tox.ini": "[pytest]\naddopts = -ra --tb=short\n"},
     "pytest settings: `addopts = -ra --tb=short`"),
    ({"pyproject.toml": "[tool.pytest]\nstrict = true\n"},
     "pytest settings: strict mode (`strict = true`)"),
    ({"pyproject.toml": '[tool.pytest.ini_options]\nmarkers = ["foo: example", "bar"]\n'},
     None),
])
def test_pytest_settings(files: dict[str, str], expected: str | None) -> None:
    assert _line(files, "pytest settings:") == expected


@pytest.mark.parametrize(("files", "floor", "where"), [
    ({"pyproject.toml": "[tool.coverage.report]\nfail_under = 95\n"}, "95", "pyproject.toml"),
    ({".coveragerc": "[report]\nfail_under = 90\n"}, "90", ".coveragerc"),
    ({"setup.cfg": "[coverage:report]\nfail_under = 85.5\n"}, "85.5", "setup.cfg"),
    ({"tox.ini": "[coverage:report]\nfail_under = 80\n"}, "80", "tox.ini"),
    ({"Makefile": "test:\n\tpytest --cov=pkg --cov-fail-under=75\n"}, "75", "Makefile"),
])
def test_the_coverage_floor_wherever_it_is_set(files: dict[str, str], floor: str,
                                               where: str) -> None:
    assert _line(files, "Coverage:") == \
        f"Coverage: at least {floor}% (fail under), so new code needs tests"
    assert _evidence(files, "Coverage:") == (where,)


@pytest.mark.parametrize(("files", "expected"), [
    ({"pyproject.toml": '[tool.poetry.dependencies]\npython = ">=3.10,<4"\n'},
     "Python: 3.10 and later (tool.poetry python)"),
    ({"pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.11"\n'},
     "Python: 3.11 and later (tool.poetry python)"),
    ({"setup.cfg": "[options]\npython_requires = >= 3.8\n"},
     "Python: 3.8 and later (requires-python)"),
    ({"pyproject.toml": '[project]\nrequires-python = "~=3.11"\n'}, None),
    ({"pyproject.toml": '[project]\nrequires-python = ">=3.9"\nclassifiers = '
                        '["Programming Language :: Python :: 3.12", '
                        '"Programming Language :: Python :: 3.10", '
                        '"Programming Language :: Python :: 3.9"]\n'},
     "Python: 3.9 and later (requires-python); classifiers list 3.9 to 3.12"),
])
def test_the_supported_python(files: dict[str, str], expected: str | None) -> None:
    assert _line(files, "Python:") == expected


@pytest.mark.parametrize(("files", "expected"), [
    ({".pre-commit-config.yaml": "repos:\n- repo: https://github.com/psf/black\n  rev: 24.1.0\n"
                                 "  hooks:\n  - id: black\n",
      ".flake8": "[flake8]\nmax-line-length = 99\n"},
     "Code style: formatted with `black`; line length 99"),
    ({"pyproject.toml": "[tool.black]\nline-length = 120\n\n[tool.isort]\nprofile = "
                        '"black"\n'},
     "Code style: formatted with `black`; line length 120; imports sorted by isort (profile "
     "`black`)"),
    ({"pyproject.toml": "[tool.ruff.format]\nquote-style = \"single\"\n\n"
                        "[tool.ruff.lint.isort]\nforce-single-line = true\n"},
     # ruff's isort settings, said as ruff's: "(isort ...)" read as isort used (psutil,
     # fresh34, judged wrong)
     "Code style: formatted with `ruff format`; line length 88 (ruff's default); imports one "
     "per line (ruff's `isort.force-single-line`)"),
    ({".editorconfig": "root = true\n\n[*]\nindent_size = 4\nmax_line_length = 100\n\n"
                       "[*.{js,json,yml,yaml,css,html}]\nindent_size = 2\n"},
     "Code style: line length 100; 4-space indents (2 for js, json, yml, yaml ...)"),
    ({".isort.cfg": "[settings]\nforce_single_line = true\n"},
     "Code style: imports one per line (isort `force_single_line`)"),
    # Issue 33 (httparty): indents set for Ruby files alone were not read.
    ({".editorconfig": "root = true\n[*]\nend_of_line = lf\n\n[**.rb]\nindent_size = 2\n"
                       "indent_style = spaces\n\n[**.xml]\ntrim_trailing_whitespace = false\n"},
     "Code style: 2-space indents for rb"),
    # Issue 33 (ky): tabs for every file, spaces for YAML; the memory said "2-space indents
    # for yml" alone, and an agent would indent the TypeScript with spaces.
    ({".editorconfig": "root = true\n\n[*]\nindent_style = tab\nend_of_line = lf\n\n"
                       "[*.yml]\nindent_style = space\nindent_size = 2\n"},
     "Code style: tab indents (2 spaces for yml)"),
    ({".editorconfig": "[*]\nindent_style = tab\nindent_size = 4\n\n[*.md]\nindent_size = 2\n"},
     "Code style: tab indents"),
    ({".editorconfig": "[Makefile]\nindent_style = tab\nindent_size = 8\n\n[*.rb]\n"
                       "indent_size = 2\n"},
     "Code style: 2-space indents for rb"),
])
def test_code_style(files: dict[str, str], expected: str) -> None:
    assert _line(files, "Code style:") == expected


def test_a_project_without_settings_says_nothing_about_them() -> None:
    files = {"pyproject.toml": '[project]\nname = "bare"\n', "README.md": "# bare\n"}
    for slot in ("Lint rules:", "Typing:", "pytest settings:", "Coverage:", "Python:"):
        assert _line(files, slot) is None
