"""How the team works, read across many commits: message format, sign-off, ticket ids,
where each conventional scope lives, and how tests are laid out.

Each needs several commits agreeing before it is stated.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Callable, Iterable

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import merge_refs
from gitmemory.offline.header import Header, parse_header
from gitmemory.offline.noise import is_noise
from gitmemory.offline.paths import dirname

_MIN_COMMITS = 3
# A memorize run reads 50 commits (max_commits_per_memorize): within one run two
# commits of a scope that touch the same file named after it are enough to say
# where it lives.
_ONE_RUN = 60
_GENERIC_SCOPES = frozenset({"deps", "deps-dev", "dev-deps", "release", "ci", "docs", "doc",
                             "readme", "tests", "test", "build", "main", "master", "core",
                             "all", "misc", "general", "repo", "project", "lint", "style",
                             "typo", "github", "github-actions", "actions", "pre-commit"})
_PERIPHERAL = re.compile(r"(^|/)(tests?|docs?|examples?|fixtures?|\.github)(/|$)|"
                         r"\.(md|rst|txt|lock|svg|gif|png)$", re.I)
_TEST_FILE = re.compile(r"^(?:test_(?P<a>\w+)\.py|(?P<b>\w+)_test\.(?:py|go)|"
                        r"(?P<c>[\w-]+)\.(?:test|spec)\.[jt]sx?)$")


def habit_extractions(commits: list[Commit]) -> list[Extraction]:
    read = [(c, parse_header(c.subject)) for c in commits]
    real = [(c, h) for c, h in read if h.kind != "merge" and not _bot(c)]
    return [*_message_format(real), *_scope_areas(real), *_test_layout(commits)]


def _bot(commit: Commit) -> bool:
    return "[bot]" in commit.author or "dependabot" in commit.author.lower()


def _refs(commits: Iterable[Commit]) -> tuple[str, ...]:
    return merge_refs(c.short for c in commits)


def _message_format(real: list[tuple[Commit, Header]]) -> Iterable[Extraction]:
    if len(real) < _MIN_COMMITS:
        return
    conventional = [(c, h) for c, h in real if h.conventional]
    share = len(conventional) / len(real)
    if share >= 0.7:
        text = "Commit messages follow Conventional Commits (`type(scope): summary`)"
        yield Extraction("conventions", text, 0.9 if share >= 0.9 else 0.8,
                         _refs(c for c, _ in conventional), ())  # about no file
    signed = [c for c, _ in real if c.trailer_values("Signed-off-by")]
    if len(signed) / len(real) >= 0.8:
        yield Extraction("conventions", "Commits carry a `Signed-off-by` trailer (DCO sign-off, "
                         "`git commit -s`)", 0.85, _refs(signed), ())
    tickets = [(c, h) for c, h in real if h.ticket]
    if len(tickets) / len(real) >= 0.7:
        example = Counter(h.ticket for _, h in tickets).most_common(1)[0][0]
        yield Extraction("conventions", f"Commit subjects start with a ticket id (e.g. {example})",
                         0.85, _refs(c for c, _ in tickets), ())


def _scope_areas(real: list[tuple[Commit, Header]]) -> Iterable[Extraction]:
    by_scope: dict[str, list[Commit]] = {}
    for commit, header in real:
        scope = header.scope.strip().lower()
        if scope and scope not in _GENERIC_SCOPES and "." not in scope and \
                not is_noise(header, commit):
            by_scope.setdefault(scope, []).append(commit)
    floor = 2 if len(real) <= _ONE_RUN else 3
    by_area: dict[str, list[tuple[str, list[Commit]]]] = {}
    for scope, commits in sorted(by_scope.items()):
        where = _area(commits) if len(commits) >= floor else ""
        if len(commits) < _MIN_COMMITS and not _names_scope(where, scope):
            continue  # thin evidence: only when the files carry the scope's name
        if where and not _only_config(where, scope):
            by_area.setdefault(where, []).append((scope, commits))
    for where, scopes in by_area.items():  # `check` and `commands/check`: one line
        scopes.sort(key=lambda pair: -len(pair[1]))
        names = ", ".join(f"`{scope}`" for scope, _ in scopes[:3])
        commits = sorted({c for _, cs in scopes for c in cs}, key=real_order(real))
        conf = 0.82 if len(commits) >= 3 else 0.78
        yield Extraction("facts", f"Code for {names} lives in {where}", conf, _refs(commits))


def real_order(real: list[tuple[Commit, Header]]) -> Callable[[Commit], int]:
    order = {c.sha: n for n, (c, _) in enumerate(real)}
    return lambda commit: order[commit.sha]


def _area(commits: list[Commit]) -> str:
    """The files, else the directory, that most of ``commits`` touch (tests, docs aside)."""
    files: Counter[str] = Counter()
    dirs: Counter[str] = Counter()
    counted = 0
    for commit in commits:
        paths = {f.path for f in commit.files if not _PERIPHERAL.search(f.path)}
        counted += bool(paths)
        files.update(paths)
        dirs.update({d for p in paths for d in _ancestors(p)})
    need = max(2, (counted + 1) // 2)
    common = [p for p, n in files.most_common() if n >= need][:3]
    if common:
        return ", ".join(sorted(common))
    deep = [d for d, n in dirs.items() if n >= max(2, int(counted * 0.6 + 0.5))]
    if not deep:
        return ""
    best = max(deep, key=lambda d: (d.count("/"), dirs[d], d))
    return best + "/" if "/" in best or len(deep) == 1 else ""


def _names_scope(where: str, scope: str) -> bool:
    """Whether a word of ``scope`` (``commands-bump``: commands, bump) is in ``where``."""
    words = [w for w in re.split(r"[/_.-]+", scope.lower()) if len(w) >= 3]
    return any(w in where.lower() for w in words)


def _only_config(where: str, scope: str) -> bool:
    """Root-level files that do not carry the scope's name (``uv`` -> pyproject.toml)."""
    paths = where.split(", ")
    return all("/" not in p.rstrip("/") for p in paths) and \
        not any(scope.lower() in p.lower() for p in paths)


def _ancestors(path: str) -> list[str]:
    parts = dirname(path).split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts) + 1) if parts[0]]


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
    paired = [(t, m) for t, stem in tests for m in modules.get(stem, [])[:1]]
    if len(paired) / len(tests) < 0.75:
        return
    beside = sum(dirname(t) == dirname(m) for t, m in paired)
    template = Counter(_template(t, m, beside >= 0.75 * len(paired)) for t, m in paired)
    where = template.most_common(1)[0][0]
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
