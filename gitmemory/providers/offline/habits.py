"""How the team works, read across many commits: how tests are laid out.  (How commit
messages are written is measured on the recent history by the bootstrap,
:mod:`gitmemory.reading.project.commit_style`.)

Several commits must agree before it is stated.  Where a conventional scope's
code lives is not said: the scope names the directory already, and the line
would only repeat it.  Nor is Go's ``x_test.go`` beside ``x.go``: the language
demands it.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Iterable

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import merge_refs
from gitmemory.reading.paths import dirname

_MIN_COMMITS = 3
_TEST_FILE = lazy_regex(r"^(?:test_(?P<a>\w+)\.py|(?P<b>\w+)_test\.py|"
                        r"(?P<c>[\w-]+)\.(?:test|spec)\.[jt]sx?)$")


def habit_extractions(commits: list[Commit]) -> list[Extraction]:
    return list(_test_layout(commits))


def _test_layout(commits: list[Commit]) -> Iterable[Extraction]:
    touched: dict[str, str] = {}  # path -> first commit
    for commit in commits:
        for change in commit.files:
            touched.setdefault(change.path, commit.short)
    modules: dict[str, list[str]] = {}
    tests: list[tuple[str, str]] = []  # (test path, module stem)
    for path in touched:
        base = posixpath.basename(path)
        match = _TEST_FILE.match(base)
        if match:
            tests.append((path, next(g for g in match.groups() if g)))
        else:
            modules.setdefault(posixpath.splitext(base)[0], []).append(path)
    if len(tests) < _MIN_COMMITS:
        return
    # a test's module: the one of its name beside it, else the first of that name
    paired = [(t, next((m for m in found if dirname(m) == dirname(t)), found[0]))
              for t, stem in tests if (found := modules.get(stem))]
    if len(paired) / len(tests) < 0.75:
        return
    beside = sum(dirname(t) == dirname(m) for t, m in paired)
    template = Counter(_template(t, m, beside >= 0.75 * len(paired)) for t, m in paired)
    where, count = template.most_common(1)[0]
    if count < 0.75 * len(paired):
        return  # no one layout: the most common one stated as the rule would be wrong
    ext = Counter(posixpath.splitext(m)[1] for _, m in paired).most_common(1)[0][0]
    if beside >= 0.75 * len(paired):
        text = f"Tests sit beside the code they test, named `{where}`"
    else:
        text = f"Tests mirror modules by name: `{{module}}{ext}` is tested in `{where}`"
    order = {c.short: n for n, c in enumerate(commits)}
    refs = merge_refs(sorted({touched[t] for t, _ in paired}, key=order.__getitem__))
    yield Extraction("conventions", text, 0.85 if len(paired) >= 5 else 0.8, refs)


def _template(test: str, module: str, beside: bool) -> str:
    """``tests/test_{module}.py`` for tests/test_tokens.py and src/app/tokens.py."""
    stem = posixpath.splitext(posixpath.basename(module))[0]
    base = posixpath.basename(test).replace(stem, "{module}", 1)
    return base if beside else posixpath.join(dirname(test), base)
