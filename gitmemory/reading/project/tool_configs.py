"""The formatters and linters a tree holds the settings of, in any ecosystem.

A tool's own settings file (``.perltidyrc``, ``.clang-format``, ``.rubocop.yml``,
``.prettierrc``, ``.credo.exs`` ...) is kept in the tree because the project formats or
lints its code with that tool: the code is held to it, even where no task, hook or CI
step names a command for it.  The file is found by its name, at the top of the tree or
one directory down (Perl keeps its author-test settings in ``xt/perlcritic.rc``), never
in vendored code, tests' fixtures or examples.  A tool configured only inside another's
table (``[tool.black]``) is :mod:`style`'s.  The line length is read where the settings
state it in a form that needs no parser of the tool's own (perltidy's ``-l=79``,
clang-format's ``ColumnLimit: 100``, dprint's ``lineWidth``), and Prettier's and
dprint's data files are read for the options they set (``semi: false``, ``tabWidth: 4``;
a dprint plugin's ``semiColons: asi``).
"""

from __future__ import annotations

import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

FORMAT, LINT = "format", "lint"
# (tool as its users write it, what it does, its settings files' names)
_TOOLS = (
    ("perltidy", FORMAT, (".perltidyrc", "perltidyrc", "perltidy.rc")),
    ("Perl::Critic", LINT, (".perlcriticrc", "perlcriticrc", "perlcritic.rc")),
    ("clang-format", FORMAT, (".clang-format", "_clang-format")),
    ("clang-tidy", LINT, (".clang-tidy",)),
    ("Prettier", FORMAT, (".prettierrc", ".prettierrc.json", ".prettierrc.yml",
                          ".prettierrc.yaml", ".prettierrc.json5", ".prettierrc.js",
                          ".prettierrc.cjs", ".prettierrc.mjs", ".prettierrc.toml",
                          "prettier.config.js", "prettier.config.cjs", "prettier.config.mjs",
                          "prettier.config.ts")),
    ("ESLint", LINT, ("eslint.config.js", "eslint.config.mjs", "eslint.config.cjs",
                      "eslint.config.ts", ".eslintrc", ".eslintrc.js", ".eslintrc.cjs",
                      ".eslintrc.json", ".eslintrc.yml", ".eslintrc.yaml")),
    ("Stylelint", LINT, (".stylelintrc", ".stylelintrc.json", ".stylelintrc.yml",
                         "stylelint.config.js", "stylelint.config.mjs")),
    ("Biome", FORMAT, ("biome.json", "biome.jsonc")),
    ("dprint", FORMAT, ("dprint.json", ".dprint.json", "dprint.jsonc", ".dprint.jsonc")),
    ("RuboCop", LINT, (".rubocop.yml",)),
    ("Standard Ruby", LINT, (".standard.yml",)),
    ("Credo", LINT, (".credo.exs",)),
    ("PHP-CS-Fixer", FORMAT, (".php-cs-fixer.php", ".php-cs-fixer.dist.php")),
    ("PHP_CodeSniffer", LINT, ("phpcs.xml", "phpcs.xml.dist", ".phpcs.xml",
                               ".phpcs.xml.dist")),
    ("scalafmt", FORMAT, (".scalafmt.conf",)),
    ("SwiftFormat", FORMAT, (".swiftformat",)),
    ("swift-format", FORMAT, (".swift-format",)),
    ("SwiftLint", LINT, (".swiftlint.yml",)),
    ("ocamlformat", FORMAT, (".ocamlformat",)),
    ("detekt", LINT, ("detekt.yml", "detekt-config.yml")),
    ("Checkstyle", LINT, ("checkstyle.xml",)),
    ("Pylint", LINT, (".pylintrc", "pylintrc")),
    ("ShellCheck", LINT, (".shellcheckrc",)),
    ("markdownlint", LINT, (".markdownlint.json", ".markdownlint.yaml", ".markdownlint.yml",
                            ".markdownlint.jsonc", ".markdownlint-cli2.yaml",
                            ".markdownlint-cli2.jsonc")),
    ("yamllint", LINT, (".yamllint", ".yamllint.yml", ".yamllint.yaml")),
    ("luacheck", LINT, (".luacheckrc",)),
    ("StyLua", FORMAT, ("stylua.toml", ".stylua.toml")),
    ("cmake-format", FORMAT, (".cmake-format.yaml", ".cmake-format.py", ".cmake-format.json")),
)
_BY_NAME = {name: (tool, kind) for tool, kind, names in _TOOLS for name in names}
# Where a file is another project's, an example's or the docs site's (a site of its own,
# with its own formatter), not this project's settings.
_ELSEWHERE = frozenset(("vendor", "third_party", "third-party", "external", "deps",
                        "node_modules", "examples", "example", "fixtures", "testdata",
                        "templates", "test", "tests", "spec", "t", "docs", "doc", "website",
                        "site", "documentation"))
# Prettier's settings kept as data (JSON or YAML), not code: read for what they set.
_PRETTIER_DATA = (".prettierrc", ".prettierrc.json", ".prettierrc.yml", ".prettierrc.yaml")
# dprint's settings: its own (``lineWidth``) and each language plugin's table
# (``"typescript": {"semiColons": "asi"}``), JSON with no code.
_DPRINT_DATA = ("dprint.json", ".dprint.json")
# Files whose text is read for the line length (files_read.py reads them).
READ = (".perltidyrc", "perltidyrc", ".clang-format", "_clang-format", *_PRETTIER_DATA,
        *_DPRINT_DATA)
_PERLTIDY_LENGTH = lazy_regex(r"^\s*(?:-l|--maximum-line-length)[= ]?(\d+)\b", re.M)
_CLANG_LENGTH = lazy_regex(r"^ColumnLimit:\s*(\d+)\s*$", re.M)
_MAX = 4


def configured(snapshot: Snapshot) -> list[tuple[str, str, str]]:
    """(tool, "format" or "lint", settings file) for each tool whose settings the tree
    keeps, the top's first; each tool once."""
    matched = sorted((p for p in snapshot.paths if p.rpartition("/")[2] in _BY_NAME and
                      p.count("/") <= 1 and p.partition("/")[0] not in _ELSEWHERE),
                     key=lambda p: (p.count("/"), p))
    found: dict[str, tuple[str, str, str]] = {}
    for path in matched:
        tool, kind = _BY_NAME[path.rpartition("/")[2]]
        found.setdefault(tool, (tool, kind, path))
    return list(found.values())


def prettier(snapshot: Snapshot, tools: list[tuple[str, str, str]]) -> tuple[str, str]:
    """("Prettier settings `semi: false`, `tabWidth: 4` ...", the file) for the settings
    Prettier's data file at the top sets (its options, not its ``overrides``), or ("",
    ""): each one shapes every line Prettier writes, and a project's differ from the
    defaults an agent writes by (semicolons, quotes, indents)."""
    path = next((p for tool, _, p in tools if tool == "Prettier" and p in _PRETTIER_DATA), "")
    doc = snapshot.json(path) if path else None
    if doc is None and path:
        doc = snapshot.yaml(path)
    if not isinstance(doc, dict):
        return "", ""
    return _settings("Prettier", _scalars(doc), path)


def dprint(snapshot: Snapshot, tools: list[tuple[str, str, str]]) -> tuple[str, str]:
    """("dprint settings `semiColons: asi`, `quoteStyle: alwaysDouble` ...", the file) or
    ("", ""): the language plugins' settings first (semicolons, quotes, commas: what an
    agent writes otherwise), then dprint's own; which files it reads and the plugins it
    loads shape no line, and the line width is said as the line length."""
    path = next((p for tool, _, p in tools if tool == "dprint" and p in _DPRINT_DATA), "")
    doc = snapshot.json(path) if path else None
    if not isinstance(doc, dict):
        return "", ""
    plugins = [(k, v) for table in doc.values() if isinstance(table, dict)
               for k, v in _scalars(table)]
    own = [(k, v) for k, v in _scalars(doc) if k not in _DPRINT_BOOKKEEPING]
    return _settings("dprint", plugins + own, path)


_DPRINT_BOOKKEEPING = frozenset(("incremental", "lineWidth"))


def _scalars(doc: dict[object, object]) -> list[tuple[str, object]]:
    return [(k, v) for k, v in doc.items() if isinstance(k, str) and
            isinstance(v, (str, int, float, bool)) and k != "$schema"]


def _settings(tool: str, settings: list[tuple[str, object]], path: str) -> tuple[str, str]:
    if not settings:
        return "", ""
    shown = [f"`{k}: {str(v).lower() if isinstance(v, bool) else v}`"
             for k, v in settings[:_MAX_SETTINGS]]
    more = f" and {len(settings) - _MAX_SETTINGS} more" if len(settings) > _MAX_SETTINGS else ""
    return f"{tool} settings " + ", ".join(shown) + more, path


_MAX_SETTINGS = 4


def line_length(snapshot: Snapshot, tools: list[tuple[str, str, str]]) -> tuple[str, str]:
    """(the line length a formatter's settings state, that file) or ("", "")."""
    for tool, _, path in tools:
        width = snapshot.json(path) if tool == "dprint" else None
        if isinstance(width, dict) and isinstance(width.get("lineWidth"), int):
            return str(width["lineWidth"]), path
        pattern = _PERLTIDY_LENGTH if tool == "perltidy" else \
            _CLANG_LENGTH if tool == "clang-format" else None
        found = pattern.findall(snapshot.text(path) or "") if pattern else []
        if found and int(found[-1]) > 0:  # the last setting is the one the tool keeps
            return found[-1], path
    return "", ""


def said(tools: list[tuple[str, str, str]]) -> str:
    """"formatted with perltidy (.perltidyrc); linted with Perl::Critic (xt/perlcritic.rc)"."""
    parts = []
    for kind, label in ((FORMAT, "formatted with"), (LINT, "linted with")):
        shown = [f"{tool} ({path})" for tool, k, path in tools if k == kind][:_MAX]
        if shown:
            parts.append(f"{label} " + ", ".join(shown))
    return "; ".join(parts)
