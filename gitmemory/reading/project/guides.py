"""Commands a contributing guide gives under its "running the tests", "development",
"building" or "debugging" headings: the last source, after task runners and CI.

Lines in code blocks (fenced, reStructuredText's literal blocks, or a ``$ `` prompt) under
such a heading count, and so does a command the prose tells you to run in a code span
("Use `sbt tests/test` instead of `sbt test`", "Run the following command: `sbt
native-image`": the span after the verb, never the one it replaces); only commands that
start a known tool or one of the repository's own scripts.  The guides are the
contributing guides and READMEs, those named for what they cover under docs/, the
development guides whose rules are read (``docs/development.rst``) and the docs a
contributing guide links to.  A ``cd``
stops the reading (what follows runs in another directory, a build directory), except
into the directory a ``git clone`` just made: that is the top of the tree, where a new
contributor's commands start.  A wrapper the guide names bare (``gradlew build``) is
written as it runs from the top (``./gradlew build``).  A task keeps its heading as its
name ("Building the documentation"), as a CI step keeps its job's; a command holding template text
(``<classpath>``, ``/path/to/x``) does not run as written and is never read.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable

from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import guide_rules, shellwords
from gitmemory.reading.project.environments import environment
from gitmemory.reading.project.purposes import purpose
from gitmemory.reading.project.rust import ALIASES
from gitmemory.reading.project.snapshot import Snapshot, table
from gitmemory.reading.project.task import GUIDE, RUNNER, Task, make_task
from gitmemory.reading.project.tool_roles import KNOWN_TOOLS, tool_purposes

GUIDES = ("CONTRIBUTING.md", ".github/CONTRIBUTING.md", "docs/CONTRIBUTING.md",
          "CONTRIBUTING.rst", "DEVELOPMENT.md", "HACKING.md", "README.md", "README.rst",
          # a doc named for the tests says how they run under any heading
          "TESTING.md", "docs/testing.md", "doc/testing.md", "docs/TESTING.md")
_HEADING = lazy_regex(r"^(?:#{1,4}\s+(.+)|(.+)\n[=\-~^]{3,})$", re.M)
_WANTED = lazy_regex(r"test|develop|contribut|build|compil|from source|lint|format|style|setup|"
                     r"debug|getting started|running|hacking|local", re.I)
_UNDERLINE = lazy_regex(r"^(?:={3,}|-{3,})\s*$")  # a setext heading's line ("Building\n---")
_MAX_LINES = 40
# A fenced block's info string naming a language no shell is holds that language's code
# (Kingfisher's ```swift example under "Code Style"), never a command to type.
CODE_LANGUAGES = frozenset((
    "swift", "objc", "objective-c", "kotlin", "kt", "java", "scala", "groovy", "python", "py",
    "rust", "rs", "go", "c", "h", "cpp", "c++", "cc", "csharp", "cs", "c#", "fsharp", "f#",
    "javascript", "js", "typescript", "ts", "jsx", "tsx", "json", "jsonc", "json5", "yaml",
    "yml", "toml", "ini", "xml", "html", "css", "scss", "sql", "ruby", "rb", "php", "elixir",
    "ex", "erlang", "haskell", "hs", "ocaml", "ml", "lua", "dart", "zig", "nim", "clojure",
    "clj", "lisp", "diff", "patch", "dockerfile", "proto", "graphql", "cmake", "makefile",
    "make", "r", "julia", "jl", "perl", "vim", "nix"))


# A contributing guide named for what it covers, where the docs are kept
# (`docs/contributing-scalafmt.md` beside `docs/contributing-website.md`)
_NAMED_GUIDE = lazy_regex(r"^docs?/contributing[-_][\w.-]+\.md$", re.I)
_MAX_NAMED = 2


def named(snapshot: Snapshot) -> list[str]:
    """The contributing guides under docs/ named for what they cover (the project's own
    name first, so its code's guide before its website's), at most :data:`_MAX_NAMED`."""
    found = [p for p in snapshot.paths if _NAMED_GUIDE.match(p)]
    return sorted(found, key=lambda p: ("web" in p.lower() or "site" in p.lower(), p))[
        :_MAX_NAMED]


def tasks(snapshot: Snapshot) -> list[Task]:
    """One task per command the guides give under a wanted heading, in order; then the
    development docs a contributing guide sends you to (``see nix/README.md#testing``)."""
    out: list[Task] = []
    language = "r" if _R_PACKAGE.search(snapshot.text("DESCRIPTION") or "") else ""
    own = own_calls(snapshot)
    for path in sources(snapshot):
        text = snapshot.text(path)
        if text:
            out += _guide_tasks(text, path, language=language, own=own)
            out += _shown_scripts(text, path) if not path.lower().endswith(".rst") else []
    return out


def own_calls(snapshot: Snapshot) -> frozenset[str]:
    """The commands the repository defines for a build tool, as a guide types them: the
    aliases of .cargo/config.toml (``cargo testit``).  No list knows them; the tree does."""
    return frozenset(f"cargo {name}" for path in ALIASES
                     for name in table(snapshot.toml(path), "alias"))


def sources(snapshot: Snapshot) -> list[str]:
    """The guides whose commands are read (:func:`tasks`), in order."""
    return list(dict.fromkeys([*GUIDES, *named(snapshot), *guide_rules.guides(snapshot.paths),
                               *developers(snapshot.paths), *how_to(snapshot.paths),
                               *linked(snapshot)]))


def names(snapshot: Snapshot, entry: str) -> str:
    """The guide that gives a command starting with ``entry`` (``go run build.go``,
    ``cargo xtask``) in a code span or as a line of a code block, under any heading: the
    project's own entry point, as a newcomer is told to start it.  "" for none."""
    found = re.compile(r"(?:`|^[ \t]*(?:\$[ \t]+)?)" + re.escape(entry) + r"(?=[\s`]|$)", re.M)
    return next((p for p in sources(snapshot) if found.search(snapshot.text(p) or "")), "")


_R_PACKAGE = lazy_regex(r"^Package:", re.M)
# A call of a package's function, as R's console takes it (`devtools::check()`).
_R_CALL = lazy_regex(r"^[A-Za-z][\w.]*::[A-Za-z_.][\w.]*\([^`'\n]*\)$")


def _as_run(span: str, language: str) -> list[list[str]] | None:
    """The commands a code span the prose tells you to run stands for: a shell line's
    own, or, in an R package, a call of a package's function (``devtools::check()``)
    as R's script runner takes it, ``Rscript -e 'devtools::check()'``."""
    if language == "r" and _R_CALL.match(span.strip()):
        return [["Rscript", "-e", span.strip()]]
    return shellwords.commands(span)


# A README at the top named for those who work on the code (`README-developer.md`): its
# commands are a guide's (its sentences are not read as rules: such a file mixes the
# maintainers' own procedures in).
DEVELOPER_README = lazy_regex(r"^readme[-_.](?:dev|developers?|development|developing|"
                              r"contributing|hacking)\.(?:md|rst)$", re.I)


def developers(paths: list[str]) -> list[str]:
    """The READMEs at the top named for developers (:data:`DEVELOPER_README`)."""
    return sorted(p for p in paths if DEVELOPER_README.match(p))[:1]


# A document named for building, testing or working on the code, where a project keeps its
# docs (koreader's doc/Building.md, helix's book/src/building-from-source.md, WeasyPrint's
# docs/contribute.rst): the file's name says what it covers, as a contributing guide's does.
HOW_TO = lazy_regex(r"^(?:(?:docs?|documentation|book/src|\.github)/(?:[^/]+/)?)?"
                    r"(?:build(?:ing)?(?:[-_](?:from[-_])?source)?|compil(?:e|ing)|"
                    r"install(?:ing)?[-_]from[-_]source|from[-_]source|"
                    r"(?:unit[-_])?test(?:s|ing)|running[-_]tests|contribute|"
                    r"develop(?:ment|er|ers)?[-_]guide)\.(?:md|rst|adoc|txt)$", re.I)
_MAX_HOW_TO = 3


def how_to(paths: list[str]) -> list[str]:
    """The documents named for building, testing or developing (:data:`HOW_TO`),
    shallowest first, at most :data:`_MAX_HOW_TO`; never one under a vendored or test
    tree."""
    return sorted((p for p in paths if HOW_TO.match(p) and not _VENDORED.match(p)),
                  key=lambda p: (p.count("/"), p))[:_MAX_HOW_TO]


_VENDORED = lazy_regex(r"^(?:[^/]+/)*(?:vendor|third[-_]party|node_modules|deps|external|"
                       r"tests?|spec|fixtures?|testdata|examples?|templates?)/")


# A link to a Markdown file of the tree: relative, or by its address on a code host
# (`https://github.com/acme/x/blob/main/nix/README.md#testing`).
_LINK = lazy_regex(r"(?:\]\(\s*|^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*<?)"
                   r"(?:https?://[^)\s]*?/(?:blob|tree|-/blob)/[^/)\s]+/)?"
                   r"(?:\./)?([\w./-]+\.md)(?:#[\w-]*)?(?:\s*\)|>?[ \t]*(?:[\"'(].*)?$)",
                   re.M)
_MAX_LINKED = 3


def linked(snapshot: Snapshot) -> list[str]:
    """The Markdown files of the tree a contributing guide links to, which say how to
    develop, test or build (their text has a wanted heading): where the guide sends a
    newcomer for the commands is a guide too."""
    found: list[str] = []
    for path in GUIDES[:4]:  # the contributing guides, not the README
        for target in _LINK.findall(snapshot.text(path) or ""):
            where = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
            if where not in GUIDES and where not in found and snapshot.has(where) and \
                    len(found) < _MAX_LINKED and not where.startswith("..") and any(
                    _WANTED.search(h) for h in re.findall(r"^#{1,4}\s+(.+)$",
                                                          snapshot.text(where) or "", re.M)):
                found.append(where)
    return found


# How a shell finds a script at the top of the tree by the word a guide gives: Windows'
# shells by its extension (`build` runs build.bat), a POSIX shell by its path (`./build`).
_BARE = (".bat", ".cmd")


def scripts(snapshot: Snapshot) -> list[Task]:
    """The scripts at the top of the tree a guide tells you to run under a wanted heading
    (README.md: ``build``, with build.bat beside it; ``./bootstrap``): the project's own
    runner, as a runner task named by the script, with the guide's other calls of it
    given beside it (``also `build pack```).  A script no guide names is not read here:
    its name alone says nothing of whether it runs as written."""
    found: dict[str, tuple[str, str, list[str]]] = {}
    for path in GUIDES:
        text = snapshot.text(path)
        for task in _guide_tasks(text, path, keep=lambda w: bool(script(snapshot, w))) \
                if text else []:
            words = task.command.split()
            path_of = script(snapshot, words)
            name = posixpath.basename(words[0]).split(".")[0]
            typed, source, more = found.setdefault(name, (task.command, path_of, [path]))
            if len(words) < len(typed.split()):  # the plain call first, the others beside
                found[name] = (task.command, path_of, [*more, typed][:3])
            elif task.command != typed and task.command not in more and len(more) < 3:
                more.append(task.command)
    out = []
    for name, (typed, source, more) in found.items():
        body = snapshot.text(source) or ""
        shell = source.endswith(".sh") or "." not in source  # a .bat or .ps1 is not sh
        task = make_task(name, typed, body.splitlines() if shell else [], source, script=True)
        also = ", ".join(f"`{c}`" for c in more[1:])
        said = [] if typed.split()[0].removeprefix("./") == source else [f"runs {source}"]
        said += [f"also {also} ({more[0]})"] if also else []
        out.append(Task(task.name, task.command, task.runs, source, origin=RUNNER,
                        tools=task.tools, also=(more[0],), note="; ".join(said)))
    return out


def script(snapshot: Snapshot, words: list[str]) -> str:
    """The script at the top of the tree ``words`` start, as a shell would find it: a
    bare word as cmd.exe does, by its extension (``build`` -> build.bat), a path as
    written (``./bootstrap``, ``.\\build.ps1``); "" for no such file.  cmd.exe runs the
    script of the current directory before any program of that name on the PATH, so a
    word that is also a tool's name (``build``) is the script where one is beside it."""
    if not words:
        return ""
    head = words[0].replace("\\", "/")
    if "/" not in head and "." not in head:
        return next((f"{head}{e}" for e in _BARE if snapshot.has(f"{head}{e}")), "")
    name = head.removeprefix("./")
    if "/" in name or not (head.startswith("./") or name.endswith(_BARE)) or \
            name.split(".")[0] in (*_WRAPPERS, *KNOWN_TOOLS):
        return ""  # a build tool's launcher (`./gradlew`) runs that tool's tasks
    return name if snapshot.has(name) else ""


def _guide_tasks(text: str, path: str, keep: Callable[[list[str]], bool] | None = None,
                 language: str = "", own: frozenset[str] = frozenset()) -> list[Task]:
    out: list[Task] = []
    wanted = posixpath.basename(path).lower() == "testing.md"
    rst = path.lower().endswith(".rst")
    fence = Fence()
    literal = -1  # the indent of the reStructuredText directive whose block this is
    seen = 0
    cloned = ""
    section = previous = place = ""
    headings = _Headings()
    for line in text.splitlines():
        if literal < 0 and fence.step(line):
            continue
        indent = len(line) - len(line.lstrip())
        if literal >= 0 and line.strip() and indent <= literal:
            literal = -1  # the literal block ends where the text comes back
        if not fence.inside and literal < 0:
            title, previous = _title(line, previous, rst), line
            if title:
                place = _place(title)
                # a heading naming only where to run them goes on with its section's commands
                wanted, section = headings.enter(title, _level(line), bool(place and wanted))
                continue
            if rst and (_RST_CODE.match(line) or line.rstrip().endswith("::")):
                literal = indent
                continue
        if not wanted or seen >= _MAX_LINES or fence.language in CODE_LANGUAGES:
            continue
        command = line.strip()
        if command.startswith("$ "):
            command = command[2:]
        elif literal >= 0:
            command = "" if command.startswith("#") else command.split("  #")[0].strip()
        elif not fence.inside:
            told = (_listed(line, section, path, own) or
                    _told(line, section, path, language, own)) if keep is None else []
            seen += bool(told)
            out += told
            continue
        seen += bool(command)
        for words in shellwords.commands(command) or []:
            cloned = _clone_dir(words) or cloned
            if words[:1] == ["cd"] and words[1:] != [cloned]:
                wanted = False  # what follows runs in another directory (a build directory)
                break
            typed = _from_the_top(words)
            if keep is not None:
                if keep(typed) and not _template(typed):
                    out.append(Task(section, " ".join(typed), (), path, origin=GUIDE))
                continue
            aim = _suite(typed, section) or ("" if tool_purposes(typed) else
                                              _inside_labelled(typed, section, own))
            typed = _as_own(typed, own) if aim else typed
            if shellwords.tool(typed) and (tool_purposes(typed) or aim or _given(typed)) and \
                    not _template(typed) and "…" not in shellwords.exact(typed):
                out.append(Task(section, (f"cd {place} && " if place else "") +
                                shellwords.exact(typed), (), path, aim, origin=GUIDE,
                                tools=(tuple(shellwords.look_through(typed)),)))
    return out


# A script of the tree, run by its path (`./split.py`, `./hack/update-codegen.sh`,
# `scripts/bootstrap`): the project's own program, not a tool any list knows.
SCRIPT_PATH = lazy_regex(r"^(?:\./[\w.-]+|\.?/?[\w-]+(?:/[\w.-]+)+)$")
# The words a lead ends with that only say "run this" (", run:", "with:", "the command:").
_LEAD_END = lazy_regex(r"(?:,?\s*(?:please\s+|simply\s+|just\s+)?(?:run|execute|use|type|do)"
                       r"(?:\s+(?:the\s+)?(?:following|this|these))?(?:\s+(?:commands?|"
                       r"scripts?))?|\s*(?:with|using|by running)|\s*the\s+following"
                       r"(?:\s+commands?)?)?\s*:\s*$", re.I)


_PURPOSE = lazy_regex(r"(?:in order )?to\s+[a-z]+", re.I)  # "To regenerate the docs, ..."
_PUTS_AWAY = lazy_regex(r"install|release|publish|deploy|upload|bump", re.I)


def _shown_scripts(text: str, path: str) -> list[Task]:
    """The scripts of the tree a guide shows being run, under any heading
    (:func:`_shown_script`), each with the paragraph that leads into its block."""
    out: list[Task] = []
    fence = Fence()
    prose = moved = False
    section = previous = lead = ""
    for line in text.splitlines():
        if fence.step(line):
            prose, moved = False, False
            continue
        title = "" if fence.inside else _title(line, previous, False)
        previous = line
        if title:
            section, lead, prose = title.strip(), "", False
        elif fence.inside or line.lstrip().startswith("$ "):
            # after a `cd` in the block, what follows runs in another directory
            moved = moved or line.strip().removeprefix("$ ").startswith(("cd ", "pushd "))
            out += [] if moved else _shown_script(line, section, lead, path)
        elif line.strip():  # the paragraph that leads into a block
            lead, prose = (f"{lead} {line.strip()}" if prose else line.strip()), True
        else:
            prose = False
    return out


def _shown_script(line: str, section: str, lead: str, path: str) -> list[Task]:
    """A script of the tree a guide shows being run, bare (``$ ./split.py``, a code
    block's ``./hack/update-codegen.sh``), under any heading: the project's own program,
    with what the guide says it is for as its ``doc`` (the sentence that leads into the
    block, "To update any docs after client changes", else the heading, "Split httplib.h
    into .h and .cc").  Its purpose is no list's, so it fills no slot; the task list
    (slots' "Commands") names it.  Arguments beyond flags are an example's, not the
    script's own call: only the bare call is kept."""
    command = line.strip().removeprefix("$ ").strip()
    words = command.split()
    if len(words) != 1 or not SCRIPT_PATH.match(words[0]) or _template(words) or \
            _PUTS_AWAY.search(posixpath.basename(words[0])):
        return []  # (one that installs, releases or deploys is no task of the day)
    last = re.split(r"(?<=[.!?])\s+", lead)[-1]  # its last sentence
    # what it is for, as the lead's purpose says it ("To update any docs after client
    # changes, run:"); else the heading ("After that you can run it via:" says nothing)
    said = _LEAD_END.sub("", last).strip().rstrip(".:,") \
        if last.endswith(":") and _PURPOSE.match(last) else ""
    doc = said if 8 <= len(said) <= 100 else section.strip().strip("#").strip()
    typed = _from_the_top(words)
    return [Task(section, " ".join(typed), (), path, origin=GUIDE, doc=doc,
                 tools=(tuple(typed),))]


# A heading that names the directory its commands run in ("In the [`test_suite`]
# directory", "From the `web` folder"): they run there, written from the top as `cd
# test_suite && ...`; a directory the tree lacks makes the command unusable (choose).
_PLACE = lazy_regex(r"\b(?:in|from|inside|within)\s+(?:the\s+)?\[?`([\w./-]+)`\]?"
                    r"(?:\([^)]*\))?\s+(?:directory|folder|dir)\b", re.I)


_MANAGERS = frozenset({"npm", "pnpm", "yarn", "bun"})
_NOT_SCRIPTS = frozenset({"install", "i", "add", "ci", "exec", "dlx", "x", "create", "init",
                          "remove", "update", "upgrade", "link", "publish", "run", "run-script"})


def _given(words: list[str]) -> bool:
    """A package script called with what to run (``pnpm test react``: the tests of one
    file, as the guide says): its purpose is the script's, which the task book knows
    (``choose.guide_forms`` shows it beside the script); never a watcher."""
    return bool(words) and words[0] in _MANAGERS and len(words) > 2 and \
        words[1] not in _NOT_SCRIPTS and not words[1].startswith("-") and \
        any(not w.startswith("-") for w in words[2:]) and \
        not any(w in ("--watch", "-w", "watch", "--watchAll") for w in words[2:])


def _place(title: str) -> str:
    """The directory of the tree a heading says its commands run in; "" for none."""
    found = _PLACE.search(title)
    place = posixpath.normpath(found.group(1)).strip("/") if found else ""
    return "" if place.startswith("..") or place == "." else place


class _Headings:
    """The headings above a line: a sub-heading that names nothing ("The short version"
    under "How to run the tests", never under the document's title) is its section's."""

    def __init__(self) -> None:
        self.above: list[tuple[int, str]] = []  # level, its title if it is wanted

    def enter(self, title: str, level: int, placed: bool) -> tuple[bool, str]:
        """(whether the heading's commands are read, the section's name); ``placed``: the
        heading names only where the wanted section's commands run."""
        while self.above and self.above[-1][0] >= level:
            self.above.pop()
        own = bool(_WANTED.search(title))
        parent = self.above[-1][1] if self.above and not _names_purpose(title) else ""
        self.above.append((level, title.strip() if own and level > 1 else ""))
        if parent and not own:
            return True, f"{parent}: {title.strip()}"
        return own or placed, title.strip()


def _level(line: str) -> int:
    """A Markdown heading's level (``##`` is 2); 7, below every level, for an underlined
    one, whose level its underline only says relative to the others."""
    return len(line) - len(line.lstrip("#")) if line.startswith("#") else 7


def _names_purpose(title: str) -> bool:
    """Whether a heading names a purpose of its own ("Releasing", "Documentation")."""
    return any(purpose(word) or _ELSEWHERE.match(word)
               for word in re.findall(r"[A-Za-z]+", title))


_ELSEWHERE = lazy_regex(r"releas|publish|deploy|upload|bump|install|docs?$|documentation",
                        re.I)


def _title(line: str, previous: str, rst: bool) -> str:
    """The heading ``line`` is, or ends (an underline under ``previous``); "" for none."""
    heading = re.match(r"^#{1,6}\s+(.+)$", line)
    if heading:
        return heading.group(1)
    underlined = (_RST_UNDERLINE if rst else _UNDERLINE).match(line) and previous.strip()
    return previous if underlined and not _RST_UNDERLINE.match(previous) else ""


# reStructuredText: a heading's underline (any punctuation), a code block's directive
_RST_UNDERLINE = lazy_regex(r"^([=\-~^*#+\"'`:.])\1{2,}\s*$")
_RST_CODE = lazy_regex(r"^\s*\.\.\s+(?:code-block|code|sourcecode|prompt)::")
# A code span the prose tells you to run: after "run", "use", "execute" or "type" said as
# an order (opening the sentence, its clause or the list item, or after "please", "then",
# "and", "to", "just", "simply", "can", "should" or "must": never "We use `black`", which
# says what the project uses), or "by running" / "by executing" the span ("try the suite by
# executing `cargo xtask run-tests`"), a few words between at most ("Run the following
# command: `x`"), never across a sentence's end or another span.
_TOLD = lazy_regex(r"(?:(?:^[\s>*+-]*(?:\d+[.)]\s*)?(?:\*\*|__)?|[.:;,!?(]\s+|\b(?:please|then|"
                   r"and|to|just|simply|can|should|must)\s+)"
                   r"(?:(?:run|use|execute|type|invoke)\b(?:[^`.!?]{0,30}?:)?|"
                   r"run\b[^`.!?:]{0,30}?\bwith)|"
                   r"\bby\s+(?:running|executing|invoking)\b(?:[^`.!?]{0,30}?:)?)\s*(`+)([^`]+)\1",
                   re.I)


def _told(line: str, section: str, path: str, language: str = "",
          own: frozenset[str] = frozenset()) -> list[Task]:
    """The commands a line of prose tells you to run (``Use `sbt tests/test` instead of
    `sbt test```: ``sbt tests/test``) that start a known tool; a span that does not parse,
    or holds template text, is none."""
    out: list[Task] = []
    for match in _TOLD.finditer(line):
        for words in _as_run(match.group(2), language) or []:
            typed = _from_the_top(words)
            aim = "" if tool_purposes(typed) else _inside_labelled(typed, section, own)
            typed = _as_own(typed, own) if aim else typed
            if words[:1] != ["cd"] and shellwords.tool(typed) and (
                    tool_purposes(typed) or aim) and not _template(typed):
                out.append(Task(section, shellwords.exact(typed), (), path, aim, origin=GUIDE,
                                tools=(tuple(shellwords.look_through(typed)),)))
    return out


# A list item that names a command and says what it does (``- `cargo xtask ci` - Run all
# CI checks``, ``* `make docs`: build the docs``): the guide's list of the project's tasks.
_LISTED = lazy_regex(r"^\s*[-*+]\s+(`+)([^`]+)\1\s*(?:-|–|—|:)\s+(\w[^`]*?)\s*$")


def _listed(line: str, section: str, path: str, own: frozenset[str] = frozenset()
            ) -> list[Task]:
    """The command a list item names with what it does, the description kept as the
    task's ``doc`` (as a Rakefile's ``desc``); a command that does not parse, starts no
    program or holds template text is none."""
    found = _LISTED.match(line)
    commands = shellwords.commands(found.group(2)) if found else None
    if not found or not commands or len(commands) != 1:
        return []
    typed = _from_the_top(commands[0])
    if typed[:1] == ["cd"] or not shellwords.tool(typed) or _template(typed):
        return []
    aim = "" if tool_purposes(typed) else _inside_labelled(typed, section, own)
    typed = _as_own(typed, own) if aim else typed
    return [Task(section, shellwords.exact(typed), (), path, aim, origin=GUIDE,
                 tools=(tuple(shellwords.look_through(typed)),), doc=found.group(3))]


def _suite(words: list[str], section: str) -> str:
    """"test" for a command under a heading for a test suite that names that suite itself
    (``stack build --flag stack:integration-tests ... --exec stack-integration-test`` under
    "Working with Integration Tests"): it runs those tests, whatever tool builds them
    first.  "" for any other command."""
    if not re.search(r"\btests?\b", section, re.I) or not any(
            re.search(r"tests?\b", w, re.I) for w in words[1:]):
        return ""
    found = set(tool_purposes(words))
    return "test" if found and found <= {"build", "test"} else ""


_LABELS = ("test", "lint", "format", "typecheck", "build")


def _inside_labelled(words: list[str], section: str, own: frozenset[str] = frozenset()
                     ) -> str:
    """What a heading says the command under it does, for one the project runs inside its
    environment (``nix-shell --run acme-test-spec`` under "Testing"), where the program
    inside is the project's own and no list knows it, or a build tool's one task no list
    knows (``sbt native-image`` under "Building a native image"), or one the repository
    defines for it (``cargo testit math`` under "Running the tests", ``testit`` an alias of
    .cargo/config.toml): the heading labels it as a CI step's name labels its one
    command.  "" for any other command."""
    inner = environment(words)
    if not inner and words[:1] in (["sbt"], ["./gradlew"], ["./mvnw"], ["mvn"], ["./mill"]) \
            and len(words) == 2 and not words[1].startswith("-"):
        inner = words[1:]  # a build tool's task no list knows (`sbt native-image`)
    elif not inner and " ".join(words[:2]) in own:
        inner = words[1:2]  # the project's own (`cargo testit`), whatever it is passed
    elif not inner or inner[0] in KNOWN_TOOLS:
        return ""
    found = [purpose(w) or (purpose(w[:-3]) if w.lower().endswith("ing") else None)
             for w in re.findall(r"[A-Za-z]+", section)]
    return next((p for p in reversed(found) if p in _LABELS), "") if len(found) <= 4 else ""


def _as_own(words: list[str], own: frozenset[str]) -> list[str]:
    """A call of the project's own command as the command itself (``cargo testit`` for
    ``cargo testit math``): what follows it picks the tests an example runs, the reader's
    choice; any other command as it is."""
    return words[:2] if " ".join(words[:2]) in own else words


# A word the reader replaces before running (`"<classpath>"`, `/path/to/googletest`,
# `@scope/{package-name}:test`: a name in braces no shell expands, never `${VAR}`)
_PLACEHOLDER = lazy_regex(r"<[\w .:/|-]+>|/path/to/|\bPATH_TO_|\bYOUR_|\byour[-_]|"
                          r"(?<![$%{])\{[A-Za-z][\w-]*\}(?!\})")


def _template(words: list[str]) -> bool:
    """Whether a command holds template text the reader fills in: it does not run as
    written (clj-kondo's README lints `"<classpath>"`)."""
    return any(_PLACEHOLDER.search(w) for w in words[1:])


# git clone's options that take a value as the next word
_CLONE_VALUES = frozenset({"--depth", "-b", "--branch", "-o", "--origin", "--reference", "-c",
                           "--config", "--filter", "-j", "--jobs", "--separate-git-dir"})


def _clone_dir(words: list[str]) -> str:
    """The directory ``git clone <url> [<dir>]`` makes: the top of the tree just cloned."""
    if words[:2] != ["git", "clone"]:
        return ""
    given = [w for i, w in enumerate(words[2:], 2) if not w.startswith("-") and
             words[i - 1] not in _CLONE_VALUES]
    if len(given) > 1:
        return given[1].rstrip("/")
    name = given[0].rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1] if given else ""
    return name.removesuffix(".git")


_WRAPPERS = ("gradlew", "mvnw", "mill")


def _from_the_top(words: list[str]) -> list[str]:
    """``gradlew x`` as a POSIX shell runs it from the top of the tree, ``./gradlew x``."""
    return [f"./{words[0]}", *words[1:]] if words[:1] and words[0] in _WRAPPERS else words
