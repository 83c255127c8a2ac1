"""One configuration loader (docs/design.md, "Configuration").

Precedence, highest first: command-line flag > ``GITMEMORY_<KEY>`` >
``git config gitmemory.<key>`` > ``.gitmemory/config.toml`` > defaults.
Git forbids ``_`` in config names, so ``gitmemory.maxInjectChars`` and
``gitmemory.max-inject-chars`` both name ``max_inject_chars``.

The checkout hook loads configuration on every run, so this module avoids
costly imports: the TOML file is parsed only when it changed and the parsed
table is cached with :mod:`marshal` in the local state directory.
"""

from __future__ import annotations

import math
import os

from gitmemory import config_cache, files
from gitmemory.errors import ConfigError

CONFIG_DIR = ".gitmemory"
CONFIG_FILE = ".gitmemory/config.toml"
SECTION_IDS = ("facts", "architectural-decisions", "conventions", "bug-patterns", "history")
DEFAULT_EXCLUDES = [
    ".env", ".env.*", "*.env", "*.pem", "*.key", "*.p12", "*.pfx", "*.keystore", "*.jks",
    "id_rsa*", "id_dsa*", "id_ecdsa*", "id_ed25519*", ".npmrc", ".pypirc", ".netrc",
    ".git-credentials", "*.tfstate", "*.tfstate.*", "*.tfvars", "secrets/**",
    "**/secrets/**", "credentials.json", "service-account*.json",
    # files that are credentials whole, whatever their lines look like: key files (chrony's
    # and ntpd's *.keys, Kerberos keytabs), OpenVPN auth-user-pass files (*.auth, the user
    # on one line and the password alone on the next), password stores and databases
    "*.keys", "*.keytab", "*.auth", ".htpasswd", "*.htpasswd", ".pgpass", "*.kdbx",
]
# Automation accounts whose commits memorize skips (names and e-mails; `*` is a wildcard).
DEFAULT_SKIP_AUTHORS = [
    "*[bot]", "dependabot*", "renovate*", "pre-commit-ci*", "github-actions*", "GitHub Action",
    "action@github.com", "semantic-release*", "greenkeeper*", "pyup*bot", "snyk-bot",
    "mergify*", "imgbot*", "allcontributors*",
]
# Generated files: their changes are shown as line counts only.
DEFAULT_SKIP_PATHS = [
    "*.min.js", "*.min.css", "*.js.map", "*.css.map", "*_pb2.py", "*_pb2.pyi", "*_pb2_grpc.py",
    "*.pb.go", "*.snap", "__snapshots__/**", "vendor/**", "dist/**",
]
# Environment variables with a fixed meaning that are not configuration keys.
RESERVED_ENV = {"GITMEMORY_DISABLE", "GITMEMORY_HOOK", "GITMEMORY_DEBUG",
                # the CI job's credentials for the server (gitmemory/server/remote.py)
                "GITMEMORY_PUSH_TOKEN", "GITMEMORY_PUSH_USER"}

# key: (kind, default, one-line description).  Kinds: bool, int, float, str,
# path, sections, globs, patterns, "a|b|c" for a choice, provider (a name the provider
# registry checks when a provider is chosen: gitmemory.providers.check), or outputs
# (names the agent-file registry checks: gitmemory.outputs.targets.check).
KEYS: dict[str, tuple[str, object, str]] = {
    "enabled": ("bool", True, "Master switch: false makes every hook a no-op."),
    "provider": ("provider", "auto",
                 "Who distils commits into memory; auto picks anthropic (ANTHROPIC_API_KEY set), "
                 "then claude-cli (claude on PATH), then offline; openai (any OpenAI-compatible "
                 "server, OPENAI_BASE_URL) only when named."),
    "model": ("str", "claude-haiku-5-5",
              "Model for the anthropic provider; openai needs it set to a model its server "
              "serves; claude-cli uses its haiku alias unless it is set to another."),
    "base_file": ("path", "CLAUDE_base.md", "Hand-written part of CLAUDE.md."),
    "output_file": ("path", "CLAUDE.md", "The generated file (git-ignored)."),
    "inject_sections": ("sections", ["conventions", "architectural-decisions", "bug-patterns"],
                        "Memory sections shown in agent files, in this order; facts that "
                        "report a deprecation, removal, rename or changed default, a "
                        "security fix or a revert are shown whatever it says."),
    "max_inject_chars": ("int", 4000,
                         "Cap on the memory block in CLAUDE.md, in characters; what the "
                         "history taught fills it first.  With claude-rules on, what it has "
                         "no room for goes to .claude/rules/gitmemory/repository.md, under "
                         "the same cap."),
    "max_file_lines": ("int", 200,
                       "Cap on the lines of CLAUDE.md, base included (Claude Code's advice; "
                       "0: none); the memory block gives way."),
    "outputs": ("outputs", ["claude", "claude-rules"],
                "Agent files rendered from the same memory (docs/agents.md); claude-rules: "
                "items about one area go to Claude Code's path-scoped rule files."),
    "inherit_default_branch": ("bool", True,
                               "Layer the default branch's memory, marked, under each branch's."),
    "default_branch": ("str", "", "Default branch; empty means origin/HEAD, then main/master."),
    "max_commits_per_memorize": ("int", 0,
                                 "Commits one memorize run reads at most (0: the whole pending "
                                 "range); the rest wait for the next run."),
    "history_window": ("int", 300,
                       "First-parent commits of the recent history a branch's first memory "
                       "reads when nothing else says where its work starts (gitmemory init on "
                       "the default branch); 0: none."),
    "memorize_budget": ("int", 500000,
                        "Tokens one memorize run may send to a model, counted before each call "
                        "(0: no limit); a run that reaches it stops cleanly, keeps what it "
                        "read, and the next run goes on from there."),
    "max_chars_per_commit": ("int", 2000, "Cap on each commit's message and on its diff."),
    "max_context_chars": ("int", 30000,
                          "Cap on the commit text of one provider call; every diff keeps room "
                          "for its first changed lines, messages share the rest, diffs what "
                          "the messages leave, most to the commits that change the most source."),
    "min_confidence": ("float", 0.75, "Extractions below this confidence are dropped."),
    "max_items_per_section": ("int", 30, "Items kept per memory section."),
    "max_history_items": ("int", 200,
                          "Lines kept in the memory's History section, a commit each, the "
                          "newest; 0: no history record."),
    "push_policy": ("block|follow|off", "block",
                    "pre-push: block (commit memory, stop the push once), follow (commit, let "
                    "the push go), off."),
    "time_limit": ("int", 60, "Seconds the provider may take in total during pre-push."),
    "exclude_paths": ("globs", DEFAULT_EXCLUDES,
                      "Files whose changes never leave the machine (gitignore-style globs), "
                      "on top of the defaults, which always apply."),
    "skip_authors": ("patterns", DEFAULT_SKIP_AUTHORS,
                     "Commits whose author or committer (name or e-mail; * is a wildcard) "
                     "matches are skipped: never sent, still counted as read; one a person "
                     "co-authored (a Co-authored-by: trailer no pattern matches) is read."),
    "skip_paths": ("globs", DEFAULT_SKIP_PATHS,
                   "Files shown to the provider as line counts only; a commit that changes "
                   "nothing else is skipped (gitignore-style globs)."),
    "max_branches_per_run": ("int", 20, "Branches memorized or consolidated per maintenance run."),
    "promote_on_merge": ("bool", False,
                         "After a merge into the default branch, say how to fold the merged "
                         "branch's memory into it (gitmemory promote)."),
    "background_maintenance": ("bool", True,
                               "post-checkout starts due maintenance in the background."),
    "default_memory": ("local|ci", "local",
                       "Who writes the default branch's memory: local (gitmemory promote, "
                       "maintain) or ci (its CI job, gitmemory ci sync; promote, maintain and "
                       "pre-push leave it alone)."),
    "sessions": ("bool", False,
                 "Learn from this clone's Claude Code and Codex CLI sessions on the branch "
                 "(init --agent-hook turns it on for this clone; docs/sessions.md)."),
}

# Our settings, and the merge driver's registration (which says this clone chose gitmemory).
GIT_CONFIG_PATTERN = r"^(gitmemory|merge\.gitmemory)\."
DRIVER_PREFIX = "merge.gitmemory."

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0", ""}


class Config:
    """Validated settings; ``sources[key]`` says where each value came from."""

    enabled: bool
    provider: str
    model: str
    base_file: str
    output_file: str
    inject_sections: list[str]
    max_inject_chars: int
    max_file_lines: int
    outputs: list[str]
    inherit_default_branch: bool
    default_branch: str
    max_commits_per_memorize: int
    history_window: int
    memorize_budget: int
    max_chars_per_commit: int
    max_context_chars: int
    min_confidence: float
    max_items_per_section: int
    max_history_items: int
    push_policy: str
    time_limit: int
    exclude_paths: list[str]
    skip_authors: list[str]
    skip_paths: list[str]
    max_branches_per_run: int
    promote_on_merge: bool
    background_maintenance: bool
    default_memory: str
    sessions: bool

    def __init__(self, values: dict[str, object], sources: dict[str, str],
                 chosen: bool = False, *, warnings: list[str] | None = None,
                 errors: dict[str, ConfigError] | None = None, driver: bool = False) -> None:
        self.errors = dict(errors or {})
        for key, value in values.items():
            if key not in self.errors:
                setattr(self, key, value)
        self.sources = sources
        # The repository chose gitmemory: a team config in the work tree, or this
        # clone registered the merge driver (init, install).  Hooks act only then,
        # as a global core.hooksPath puts them in front of every repository.
        self.chosen = chosen
        # This clone registered the merge driver (its own part of the set-up is done).
        self.driver = driver
        # Keys this version does not know (a newer teammate's setting): ignored, said.
        self.warnings = list(warnings or [])

    def __getattr__(self, name: str) -> object:
        """A key whose value is bad is an error for the code that reads it, and only
        then: one wrong setting does not stop commands that never look at it."""
        errors = self.__dict__.get("errors", {})
        if name in errors:
            raise errors[name]
        raise AttributeError(name)

    def as_dict(self) -> dict[str, object]:
        return {key: getattr(self, key) for key in KEYS if key not in self.errors}


def defaults() -> Config:
    return Config({k: _copy(v[1]) for k, v in KEYS.items()}, dict.fromkeys(KEYS, "default"))


def load(toplevel: str | None, state_dir: str | None = None, cwd: str | None = None,
         overrides: dict[str, object] | None = None,
         git_dirs: tuple[str, str] | None = None) -> Config:
    """Read every layer, validate each value, and return the merged settings.

    ``git_dirs`` (git dir, common dir) lets hooks reuse cached git config.
    """
    layers = _Layers()
    chosen = driver = False
    if toplevel is not None:
        files.check_dirs(toplevel, CONFIG_DIR)  # a committed symlink must not be followed
        path = os.path.join(toplevel, CONFIG_FILE)
        chosen = os.path.lexists(path)
        for key, raw in read_file(path, state_dir).items():
            layers.set(key, raw, path)
    for name, raw in config_cache.git_settings(GIT_CONFIG_PATTERN, cwd, state_dir, git_dirs):
        if name.startswith(DRIVER_PREFIX):
            driver = driver or (name == DRIVER_PREFIX + "driver" and bool(raw.strip()))
            continue
        short = name[len("gitmemory."):]
        layers.set(_key_from_git(short) or short, raw, f"git config {name}")
    for name, raw in os.environ.items():
        if name.startswith("GITMEMORY_") and name not in RESERVED_ENV:
            layers.set(name[len("GITMEMORY_"):].lower(), raw, f"environment {name}")
    for key, raw in (overrides or {}).items():
        if raw is not None:
            layers.set(key, raw, "command line", strict=True)
    if "exclude_paths" not in layers.errors:
        layers.values["exclude_paths"] = with_floor(layers.values["exclude_paths"])
    return Config(layers.values, layers.sources, chosen or driver, warnings=layers.warnings,
                  errors=layers.errors, driver=driver)


def with_floor(patterns: object) -> list[str]:
    """``exclude_paths`` as set, then :data:`DEFAULT_EXCLUDES`: the defaults are a floor no
    layer can lower (a branch's ``config.toml`` that empties the list, or a ``!.env``,
    still sends no ``.env``), as the last matching pattern wins."""
    given = [str(p) for p in patterns] if isinstance(patterns, list) else []
    if given[-len(DEFAULT_EXCLUDES):] == DEFAULT_EXCLUDES:
        return given
    return [*given, *DEFAULT_EXCLUDES]


class _Layers:
    """Values as the layers set them, highest last; what was unknown or bad, kept aside."""

    def __init__(self) -> None:
        self.values = {k: _copy(v[1]) for k, v in KEYS.items()}
        self.sources = dict.fromkeys(KEYS, "default")
        self.warnings: list[str] = []
        self.errors: dict[str, ConfigError] = {}

    def set(self, key: str, raw: object, where: str, *, strict: bool = False) -> None:
        """An unknown key is a warning (a newer version's setting); a bad value makes
        the key an error for whoever reads it.  A flag (``strict``) fails at once."""
        if key not in KEYS:
            if strict:
                raise ConfigError(f"unknown setting {key!r} in {where}")
            self.warnings.append(f"unknown setting {key!r} in {where} is ignored (a newer "
                                 "gitmemory's? see docs/configuration.md)")
            return
        self.sources[key] = where
        try:
            self.values[key] = convert(key, raw, where)
        except ConfigError as exc:
            if strict:
                raise
            self.errors[key] = exc
            return
        self.errors.pop(key, None)


def _key_from_git(name: str) -> str | None:
    flat = name.replace("-", "").replace("_", "").lower()
    for key in KEYS:
        if key.replace("_", "") == flat:
            return key
    return None


def convert(key: str, raw: object, where: str) -> object:
    """Check and convert one value; strings (git config, env) are parsed by kind."""
    kind = KEYS[key][0]
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
            return raw.strip().lower() in _TRUE
        raise _bad(key, raw, where, "true or false")
    if kind in ("int", "float"):
        return _number(key, kind, raw, where)
    if kind in ("sections", "globs", "patterns", "outputs"):
        items = _string_list(key, raw, where)
        if kind == "sections" and any(item not in SECTION_IDS for item in items):
            raise _bad(key, raw, where, "section ids from " + ", ".join(SECTION_IDS))
        return items
    if not isinstance(raw, str):
        raise _bad(key, raw, where, "a string")
    value = raw.strip()
    if "|" in kind and value not in kind.split("|"):
        raise _bad(key, raw, where, "one of " + ", ".join(kind.split("|")))
    if kind == "path" and not _inside_work_tree(value):
        raise _bad(key, raw, where, "a relative path inside the repository, outside .git")
    return value


def _inside_work_tree(value: str) -> bool:
    """A tracked config names these paths, so it must not reach outside the work tree or
    into ``.git`` (``output_file = ".git/hooks/post-checkout"`` would plant a hook)."""
    parts = value.split("/")
    return bool(value) and not os.path.isabs(value) and ".." not in parts \
        and "\\" not in value and ":" not in value and not value.startswith(CONFIG_DIR) \
        and ".git" not in (part.lower() for part in parts)


def _bad(key: str, raw: object, where: str, expected: str) -> ConfigError:
    return ConfigError(f"bad value {raw!r} for {key!r} in {where}: expected {expected}")


def _number(key: str, kind: str, raw: object, where: str) -> int | float:
    value: int | float | None = None
    if isinstance(raw, str | int | float) and not isinstance(raw, bool):
        try:
            value = int(raw) if kind == "int" else float(raw)
        except (ValueError, OverflowError):  # "lots"; int(inf)
            value = None
    if value is None or not math.isfinite(value) or (  # nan passes every range check
            kind == "int" and isinstance(raw, float)):
        raise _bad(key, raw, where, "an integer" if kind == "int" else "a number")
    if value < 0 or (kind == "float" and value > 1):
        raise _bad(key, raw, where,
                   "a number between 0 and 1" if kind == "float" else "a non-negative integer")
    return value


def _string_list(key: str, raw: object, where: str) -> list[str]:
    if isinstance(raw, str):
        return [part.strip() for part in raw.split(",") if part.strip()]
    if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        return list(raw)
    raise _bad(key, raw, where, "a list of strings")


def _copy(value: object) -> object:
    return list(value) if isinstance(value, list) else value


def read_file(path: str, state_dir: str | None = None) -> dict[str, object]:
    """The TOML table in ``path`` ({} when absent); parsed again only when it changed."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return {}
    except NotADirectoryError:
        raise ConfigError(f"{os.path.dirname(path)} is not a directory",
                          hint="gitmemory keeps settings and memory in that directory") from None
    if not os.path.isfile(path) or os.path.islink(path):
        raise ConfigError(f"{path} is not a regular file", hint="replace the symlink with a file")
    stamp = (path, st.st_mtime_ns, st.st_size, st.st_ino)
    return config_cache.toml_table(stamp, state_dir, lambda: _parse_toml(path))


def _parse_toml(path: str) -> dict[str, object]:
    import tomllib

    try:
        with open(path, "rb") as fh:
            table = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text") from None
    flat: dict[str, object] = {}
    for key, value in table.items():
        if isinstance(value, dict):  # a table this version does not know: its keys warn
            flat.update({f"{key}.{sub}": item for sub, item in value.items()})
        else:
            flat[key] = value
    return flat


def template(values: dict[str, object] | None = None) -> str:
    """The commented config.toml that ``init`` writes: every key with its default, or the
    value ``values`` gives it."""
    lines = [
        "# gitmemory settings, shared by the team. Each value shown is the default,",
        "# except what init chose for this repository (outputs: the agents it found).",
        "# Per-user overrides: `git config gitmemory.<key> <value>` (camelCase, no _),",
        "# or GITMEMORY_<KEY> in the environment. Reference: docs/configuration.md",
        "",
    ]
    for key, (_kind, default, doc) in KEYS.items():
        lines.append(f"# {doc}")
        lines.append(f"{key} = {_toml_value((values or {}).get(key, default))}")
        lines.append("")
    return "\n".join(lines)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)
