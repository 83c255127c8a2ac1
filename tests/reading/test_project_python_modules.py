"""What the Python modules of a tree share at their top
(gitmemory/reading/project/python_modules.py)."""

from __future__ import annotations

from gitmemory.reading.project import wanted
from tests.reading.test_project import lines, snapshot

FUTURE = '"""A module."""\n\nfrom __future__ import annotations\n\nimport os\n'
PLAIN = '"""A module."""\n\nimport os\n'


def tree(bodies: list[str]) -> dict[str, str]:
    files = {"pyproject.toml": '[project]\nname = "tasklib"\n',
             "src/tasklib/__init__.py": "", "tests/test_a.py": PLAIN}
    files.update({f"src/tasklib/m{n}.py": body for n, body in enumerate(bodies)})
    return files


def test_modules_that_all_open_with_the_future_import_say_so_with_the_count() -> None:
    """anyio opens every module with `from __future__ import annotations`: a new module
    should too, whatever a test module here or there does.  An empty `__init__.py` holds
    no code and is not counted."""
    files = tree([FUTURE] * 12)
    assert "src/tasklib/m0.py" in wanted(sorted(files))
    found = [x for x in lines(snapshot(files)) if x.startswith("Imports:")]
    assert found == ["Imports: Python modules import `from __future__ import annotations` as "
                     "their first import (12 of the 13 modules read)"]


def test_a_habit_some_modules_lack_or_too_few_modules_say_nothing() -> None:
    for files in (tree([FUTURE] * 9 + [PLAIN] * 3), tree([FUTURE] * 6)):
        assert not [x for x in lines(snapshot(files)) if x.startswith("Imports:")]
    # not a Python project: nothing is read
    files = {k: v for k, v in tree([FUTURE] * 12).items() if k != "pyproject.toml"}
    assert not [p for p in wanted(sorted(files)) if p.endswith(".py")]
