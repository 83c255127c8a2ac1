"""The evidence rule: executable text only where the tracked files confirm it.

See docs/design.md, "Where two rules meet".  An item's executable elements
(:mod:`gitmemory.injection.elements`: commands, hosts, variables, guarded flags and
settings, paths outside the repository) are kept only when the same thing occurs in the
tracked files at the branch's tip: the program with its subcommand or target (literally,
or as the task of a file that program runs: ``npm test`` and ``"test":`` in
``package.json``), the host, the variable's name, the flag, the path.  Otherwise the
item is held back, with the elements nobody confirmed as its reason.

Where the confirmation may come from depends on where the item came from:

- an item the repository reading wrote (its text fills one of the reading's slots,
  ``Tests: ...``, and it cites the files it was read from, with no commit ref) is
  evidence by construction: it is checked against the files it cites, which is where
  the reading found what it says.  An item forged in that shape gains nothing: what it
  names must be in the files it cites;
- any other item (from commits, sessions, a model, a hand edit) against every tracked
  file but memory files and the agent files gitmemory writes: an item is never its own
  evidence.

The lookup costs one ``git ls-tree`` and one ``git grep -o`` of every element's fixed
strings for all the items a caller asks about at once (plus, rarely, one ``git grep``
per setting switched off in prose), and its answers are remembered per tip and item in
the render cache (:mod:`gitmemory.outputs.verdicts`), so a checkout that shows the same
items on the same commit starts no process.  Stdlib only: the checkout hook renders
through this module.
"""

from __future__ import annotations

from gitmemory import git
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.outputs import verdicts
from gitmemory.outputs.stated import records_changes

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterator

    from gitmemory.injection.elements import Element
    from gitmemory.memory.markdown import Item
    from gitmemory.outputs.cited import Cited

# The rules load only when an item is judged: a checkout whose answers are all remembered
# loads none of them (docs/design.md, "The hot path").
# gitmemory.injection.elements' kinds
COMMAND, SWITCHED, FILE, TEXT, PIPE, HOST, PLACED, TAKEN, TUNED, INLINE, VARIABLE = (
    "command", "switched", "file", "text", "pipe", "host", "placed", "taken", "tuned", "inline",
    "variable")
# The variables a runner documents for choosing what it runs, and what a file that
# configures that runner holds: Rake::TestTask runs the one file `TEST=` names.  For the
# reading's item only, which cites the file (docs/design.md, "Where two rules meet").
_RUNNER_VARIABLES = {"TEST": "Rake::TestTask"}
# The package an interpreter ships to install and test a project's packages, which no
# manifest names (Julia's Pkg: `julia --project -e 'using Pkg; Pkg.test()'`).
_OWN_PACKAGES = {"julia": {"pkg"}}
# What a reviewed commit's own words tell need no confirmation (Grounds._recorded): a
# statement, what it put in, a setting (gitmemory.injection.elements' kinds); what it took
# away, where its removal stands.
_TOLD = frozenset((TEXT, PLACED, TUNED, "setting"))
_NO_RECORD = "\0"  # Grounds._told: the item opens with no reviewed commit's words
RUNS = "runs"  # gitmemory.injection.elements.RUNS: a line added where commands run
WHOLE = "whole"  # gitmemory.injection.elements.WHOLE: a line added short of something
FORBIDDEN = "forbidden"  # gitmemory.injection.elements.FORBIDDEN: a command the item forbids
_COMMENTS = ("#", "//", "--", ";", "%")  # what may end a line after its statement

# Memory files, the agent files gitmemory renders from them and the instruction files
# agents read: never evidence.
GENERATED = ("CLAUDE.md", "CLAUDE.local.md", "CLAUDE_base.md", "AGENTS.md",
             "AGENTS.override.md", "GEMINI.md", ".cursorrules", ".windsurfrules", ".clinerules",
             ".github/copilot-instructions.md", ".claude/rules/gitmemory",
             ".cursor/rules/gitmemory*", ".github/instructions/gitmemory*",
             ".windsurf/rules/gitmemory*")
_PATHS = [".", f":(exclude){MEMORY_DIR.split('/')[0]}",  # gitmemory's own files, its config too
          *(f":(exclude,glob){name}{'' if name.endswith('*') else '/**'}" for name in GENERATED
            if "/" in name),
          *(f":(exclude){name}" for name in GENERATED)]
_MOST_PATHS = 200  # files named on a git command line; past that, the tree's pathspecs
_MOST_READ = 20  # files read whole for one place or one setting's value
# What a setting switched off in prose must stand beside in a line of the tree.
_OFF_VALUES = ["false", "off", "no", "0", "disable", "disabled", "skip", "bypass", "never",
               "insecure", "none"]
_SHOWN = 3  # elements a reason names
# The slot keys the repository reading writes (gitmemory.reading.project.slots.SLOTS; the
# reading sits above this module, a test keeps the two equal).
READING_SLOTS = ("Setup", "Tests", "Lint", "Format", "Type checks", "Docs", "Build",
                 "All checks", "Commands", "CI checks", "Benchmarks")


class Grounds:
    """The evidence rule for the items of one branch at the commit ``tip`` (None: no
    commit to read, every element is unconfirmed; a callable: worked out when an item
    first needs it), against the tracked files where ``tip`` left the default branch
    (:attr:`evidence`; ``at_base`` false: of ``tip`` itself, as memorize keeps what the
    branch's own tree confirms)."""

    def __init__(self, repo_dir: str, tip: str | Callable[[], str | None] | None,
                 state_dir: str | None, *, at_base: bool = True) -> None:
        self.repo_dir, self.state_dir = repo_dir, state_dir
        self._tip = tip
        self._at_base = at_base
        self._evidence: list[str | None] = []
        self._key: str | None = None
        # An item's elements, found when it is asked whether it holds any and taken by
        # its judgement: the text is read once (docs/design.md, "Invariants": bounded time).
        self._found: dict[str, list[Element]] = {}

    @property
    def tip(self) -> str | None:
        if callable(self._tip):
            self._tip = self._tip()
        return self._tip

    @property
    def key(self) -> str:
        """What the verdicts are remembered by: the tip and, judged where it left the
        default branch, that branch's commit as its ref files say (no process), so that a
        merge into it is seen."""
        if self._key is None:
            self._key = f"{self.tip or ''} {_default_tip(self.repo_dir)}" if self._at_base \
                else self.tip or ""
        return self._key

    @property
    def evidence(self) -> str | None:
        """The commit whose tracked files are evidence: where ``tip`` left the default
        branch, so that what a branch adds cannot confirm what the same branch's memory
        says (docs/design.md, "Where two rules meet")."""
        if not self._evidence:
            tip = self.tip
            self._evidence.append(tip if not tip or not self._at_base else verdicts.remembered(
                [(verdicts.BASE, self.key)], lambda _: [_left(self.repo_dir, tip)],
                self.state_dir)[0])
        return self._evidence[0]

    def held(self, items: list[Item]) -> list[str | None]:
        """For each item, why it is held back (None when it may be shown): its executable
        text, then its words (:meth:`_worded`)."""
        lines = [item.render() for item in items]  # the key every verdict is kept by
        found = self._quoted(items, self._worded(items, lines, self._grounded(items, lines)))
        return self._records(items, lines, found)

    def _records(self, items: list[Item], lines: list[str], found: list[str | None]
                 ) -> list[str | None]:
        """``found``, with an item held that retells a reviewed commit it cites judged
        again (docs/design.md, "Where two rules meet", *A record of a reviewed commit*):
        the commit's words it opens with by :meth:`_told` alone, what follows them by
        every rule.  Remembered by tip and line; read only for the items held that cite
        a commit."""
        if not any(found):  # nothing held: the reader of cited commits is not loaded
            return found
        from gitmemory.outputs.cited import ids

        asked = [n for n, why in enumerate(found)
                 if why and ids(items[n].text, items[n].refs)]
        if not asked or not self.evidence:
            return found
        keys = [(verdicts.RECORDED, f"{self.key}\n{lines[n]}") for n in asked]
        by_key = {key: items[n] for key, n in zip(keys, asked, strict=True)}
        answers = verdicts.remembered(
            keys, lambda missing: self._told([by_key[key] for key in missing]), self.state_dir)
        out = list(found)
        for n, answer in zip(asked, answers, strict=True):
            if answer != _NO_RECORD:
                out[n] = answer
        return out

    def _told(self, items: list[Item]) -> list[str | None]:
        """For each item, :data:`_NO_RECORD` when it opens with no reviewed commit's words
        it cites, else why it is held all the same (None: it is not)."""
        from gitmemory.outputs.cited import Cited

        cited = Cited(self.repo_dir, self.evidence or "")
        cited.prime([item.text for item in items], [item.refs for item in items])
        splits = [cited.told(verdicts.capped(item.text), item.refs) for item in items]
        parts = {told: self._elements(told) for split in splits if split
                 for told in split[:2] if told}
        wanted = [e for found in parts.values() for e in found]
        # one lookup of the tree for every part's elements, as _judged makes for its batch
        lookup = _Lookup(self.repo_dir, self.evidence, wanted,
                         [e for e in wanted if e.kind == COMMAND]) if wanted else None
        out: list[str | None] = []
        for item, split in zip(items, splits, strict=True):
            if split is None:
                out.append(_NO_RECORD)
                continue
            subject, retold, rest = split
            why = self._recorded(item, subject, parts.get(subject, []), lookup, cited,
                                 commands=True) or \
                self._recorded(item, retold, parts.get(retold, []), lookup, cited,
                               commands=False)
            if not why and any(char.isalnum() for char in rest):
                why = self.held([item.replace(text=rest)])[0]
            out.append(why)
        return out

    def _recorded(self, item: Item, told: str, found: list[Element], lookup: _Lookup | None,
                  cited: Cited, *, commands: bool) -> str | None:
        """Why the words ``told`` of a reviewed commit ``item`` cites are held, or None: a
        record of what a commit did is history, so the names, code and settings it tells
        (a statement, what it put in, a setting) need no confirmation, nor a command of a
        program the tree names (``typst font`` of a CLI the commit revamped); what it
        took away is confirmed where its removal stands (:meth:`Cited.removed`: a revert
        ends it), and a host the commit removed and the tip no longer names is the past
        it ended.  A command only in a subject (``commands``): a message's body tells how
        to test as often as what was done.  The rest of what runs (a download piped into
        a shell, a variable, a guarded flag, a path outside the repository, another
        program, another host) is confirmed by the tree alone, as for any item."""
        if not found or lookup is None:
            return None
        hosts = [e.needles[0] for e in found if e.kind == HOST and e.needles]
        bare = told  # a host's name is no file the text names (``numbersapi.com``)
        for host in hosts:
            bare = bare.replace(host, " ")
        missing = [e for e in found if e.kind not in _TOLD and not lookup.grounded(e, None)
                   and not (commands and e.kind == COMMAND and e.program and
                            lookup.hits.get(e.program))
                   and not (e.kind == TAKEN and cited.removed(e.target, told, item.refs))
                   and not (e.kind == HOST and e.needles and
                            cited.took_away(e.needles[0], bare, item.refs))]
        return _reason(missing)

    def _quoted(self, items: list[Item], found: list[str | None]) -> list[str | None]:
        """``found``, with an item held that a tracked file it cites states word for word, as
        whole sentences after its key (``relaxes.own``: "Rules for the changelog: <the
        guide's sentence>") let through: it is that file's text, which the repository holds
        itself (docs/design.md, "Where two rules meet", *How the judge knows an item's
        origin*); a piece of a longer sentence is not.  Read only for the items held, one
        ``git cat-file`` for the files they cite."""
        asked = [n for n, (item, why) in enumerate(zip(items, found, strict=True))
                 if why and item.paths and not item.refs]
        tip = self.evidence if asked else None
        if not tip:
            return found
        from gitmemory.injection import relaxes

        paths = sorted({p for n in asked for p in items[n].paths if not generated(p)})
        answers = git.cat_file([f"{tip}:{path}" for path in paths], self.repo_dir)
        documents = {path: relaxes.spaced(git.decode(answer[2][:_MOST_QUOTED]))
                     for path, answer in zip(paths, answers, strict=True)
                     if answer and answer[1] == "blob"}
        out = list(found)
        for n in asked:
            said = relaxes.spaced(items[n].text)
            if any(relaxes.own(said, documents[path])
                   for path in items[n].paths if path in documents):
                out[n] = None
        return out

    def _grounded(self, items: list[Item], lines: list[str]) -> list[str | None]:
        """Whether an item holds executable text at all is remembered by its text alone;
        only those that do are judged against the tip."""
        text = {line: judged(item) for line, item in zip(lines, items, strict=True)}
        some = verdicts.remembered([(verdicts.EXECUTABLE, line) for line in lines],
                                   lambda missing: [self._executable(text[line])
                                                    for _, line in missing], self.state_dir)
        asked = [(item, line) for item, line, has in zip(items, lines, some, strict=True)
                 if has]
        if not asked:
            return [None] * len(items)
        keys = [(verdicts.GROUNDS, f"{self.key}\n{line}") for _, line in asked]
        by_key = {key: item for key, (item, _) in zip(keys, asked, strict=True)}
        answers = dict(zip((line for _, line in asked), verdicts.remembered(
            keys, lambda missing: self._judged([by_key[key] for key in missing]),
            self.state_dir), strict=True))
        return [answers.get(line) if has else None
                for line, has in zip(lines, some, strict=True)]

    def _worded(self, items: list[Item], lines: list[str], found: list[str | None]
                ) -> list[str | None]:
        """The rules for words (:mod:`gitmemory.outputs.prose`) for the items the evidence
        rule keeps and the repository reading did not write."""
        from gitmemory.outputs import prose

        asked = {line: item for line, item, why in zip(lines, items, found, strict=True)
                 if why is None}
        if not asked:
            return found
        said = prose.held(self.repo_dir, lambda: self.evidence, asked, self.state_dir,
                          skip=generated, paths=_PATHS, exempt=repository_form)
        return [why or said.get(line) for line, why in zip(lines, found, strict=True)]

    def _executable(self, text: str) -> str | None:
        """"1" when ``text`` holds an executable element, else None; its elements are kept
        for :meth:`_judged`."""
        return "1" if self._elements(text, keep=True) else None

    def _elements(self, text: str, keep: bool = False) -> list[Element]:
        """The elements of ``text`` (as judged: capped), found once: those
        :meth:`_executable` kept are taken, not found again."""
        from gitmemory.injection.elements import elements

        capped = verdicts.capped(text)
        found = self._found.pop(capped, None)
        if found is None:
            found = elements(capped)
        if keep and found:
            self._found[capped] = found
        return found

    def _judged(self, items: list[Item]) -> list[str | None]:
        found = [self._elements(judged(item)) for item in items]
        if not any(found):
            return [None] * len(items)
        loose = [e for item, els in zip(items, found, strict=True) if repository_form(item)
                 for e in els if e.kind == COMMAND]
        lookup = _Lookup(self.repo_dir, self.evidence, [e for els in found for e in els], loose)
        missing = [[e for e in els if not lookup.grounded(e, _scope(item))]
                   for item, els in zip(items, found, strict=True)]
        asked = [n for n, (item, els) in enumerate(zip(items, missing, strict=True))
                 if item.refs and any(e.kind in (TAKEN, HOST) for e in els)]
        if self.evidence and asked:
            from gitmemory.outputs.cited import Cited

            # what an order takes away, a reviewed commit the item cites took away; a
            # file's name that reads as a host, a file that commit touched (docs/design.md,
            # "Where two rules meet", *A record of a reviewed commit*)
            cited = Cited(self.repo_dir, self.evidence)
            cited.prime([items[n].text for n in asked], [items[n].refs for n in asked])
            for n in asked:
                item = items[n]
                missing[n] = [e for e in missing[n] if not (
                    (e.kind == TAKEN and cited.took_away(e.target, item.text, item.refs)) or
                    (e.kind == HOST and cited.touched(e.needles, item.refs)))]
        return [_reason(els) for els in missing]


def _default_tip(repo_dir: str) -> str:
    """The default branch's commit (as :func:`_left` finds the branch) read from the ref
    files without a process; "" when they do not say."""
    import os

    dot_git = os.path.join(repo_dir, ".git")
    git_dir = dot_git
    if not os.path.isdir(dot_git):
        try:
            with open(dot_git, encoding="utf-8", errors="replace") as fh:
                line = fh.read(4096).strip()
        except OSError:
            return ""
        git_dir = os.path.normpath(os.path.join(repo_dir, line.removeprefix("gitdir: ")))
    try:
        with open(os.path.join(git_dir, "commondir"), encoding="utf-8") as fh:
            common = os.path.normpath(os.path.join(git_dir, fh.read().strip()))
    except OSError:
        common = git_dir
    try:
        with open(os.path.join(common, "refs", "remotes", "origin", "HEAD"),
                  encoding="utf-8") as fh:
            origin = fh.read().strip().removeprefix("ref: refs/remotes/origin/")
    except OSError:
        origin = ""
    for name in dict.fromkeys(name for name in (origin, "main", "master") if name):
        for ref in (git.HEADS + name, f"refs/remotes/origin/{name}"):
            sha = git.head_in_files(git.RepoInfo(common, common, repo_dir, ref))
            if sha:
                return sha
    return ""


def _left(repo_dir: str, tip: str) -> str | None:
    """Where ``tip`` left the default branch: its merge-base with the branch origin/HEAD
    names, else main, else master (the local branch, else origin's); ``tip`` itself when
    there is none.  Never the configured name: ``.gitmemory/config.toml`` is the branch's
    to edit.  The branch is read from the ref files as :func:`_default_tip` reads it, and
    asked of git when they do not say (another ref store)."""
    known = _default_tip(repo_dir)
    if known:
        code, out = git.run_status(["merge-base", tip, known], repo_dir)
        return out.strip() if code == 0 and out.strip() else tip
    code, out = git.run_status(["symbolic-ref", "-q", "refs/remotes/origin/HEAD"], repo_dir)
    origin = out.strip().removeprefix("refs/remotes/origin/") if code == 0 else ""
    names = dict.fromkeys(name for name in (origin, "main", "master") if name)
    refs = [ref for name in names for ref in (git.HEADS + name, f"refs/remotes/origin/{name}")]
    code, out = git.run_status(["for-each-ref", "--format=%(refname)", *refs], repo_dir)
    existing = set(out.split()) if code == 0 else set()
    default = next((ref for ref in refs if ref in existing), None)
    if default is None:
        return tip
    code, out = git.run_status(["merge-base", tip, default], repo_dir)
    return out.strip() if code == 0 and out.strip() else tip


_MOST_QUOTED = 400_000  # bytes of a cited file read for a quoted sentence


def generated(path: str) -> bool:
    """Whether ``path`` is gitmemory's own (its directory: memory files, config.toml) or an
    agent file it writes: never the repository's words."""
    if not _GENERATED:  # compiled when first asked: the checkout hook rarely asks
        import fnmatch
        import re

        _GENERATED.append(re.compile("|".join(
            [re.escape(MEMORY_DIR.partition("/")[0] + "/")] +
            [fnmatch.translate(name) for name in GENERATED] +
            [re.escape(name + "/") for name in GENERATED if not name.endswith("*")])))
    return _GENERATED[0].match(path) is not None


_GENERATED: list[re.Pattern[str]] = []


def judged(item: Item) -> str:
    """What of ``item`` an agent file shows, and so what is judged: its text, the paths it
    cites (a path's words are read too) and the values of keys this version does not know.
    The paths stand apart from the sentence, as the agent file shows them ("(refs: x;
    paths: a, b)"): glued to its last word, "... never receiving the documented
    `clearHistory()` calls" ran the first path (commonmark's history, held)."""
    if not item.paths and not item.extra:
        return item.text
    cited = [f"(paths: {' '.join(item.paths)})"] if item.paths else []
    return " ".join([item.text, *cited, *(value for _, value in item.extra)])


def repository_form(item: Item) -> bool:
    """Whether ``item`` reads as one the repository reading wrote: it cites files and no
    commit, and its text opens with one of the reading's slot keys (``Tests: ``,
    ``Commands in `x/`: ``), not merely with words before a colon."""
    if not item.paths or item.refs:
        return False
    head, colon, _ = item.text.partition(": ")
    key, _, place = head.partition(" in `")
    return bool(colon) and key in READING_SLOTS and (
        not place or (place.endswith("`") and "`" not in place[:-1]))


def _calls(lines: list[str]) -> list[str]:
    """The calls that run over more than one line of ``lines`` (an open parenthesis closed
    lines later), each joined into one and normalised (:func:`spans.normalised`)."""
    from gitmemory.injection import spans

    out: list[str] = []
    open_at, depth = -1, 0
    for at, line in enumerate(lines):
        change = line.count("(") - line.count(")")
        if depth == 0 and change > 0:
            open_at = at
        depth = max(0, depth + change)
        if depth == 0 and open_at >= 0:
            if at > open_at:
                out.append(spans.normalised(" ".join(lines[open_at:at + 1])).casefold())
            open_at = -1
    return out


def _yaml_lines(text: str) -> list[str]:
    """The lines of the string values of the YAML document ``text`` (none when it is not
    one), a line that ends in a backslash joined to the next."""
    from gitmemory.yaml_text import parsed, string_values

    return [line for value in string_values(parsed(text)) if " " in value
            for line in value.replace("\\\n", " ").splitlines()]


def _scope(item: Item) -> tuple[str, ...] | None:
    """The files whose content may confirm ``item``'s elements (None: any tracked file)."""
    return item.paths if repository_form(item) else None


def _within(path: str, scope: tuple[str, ...] | None) -> bool:
    if scope is None:
        return True
    return any(path == cited.rstrip("/") or path.startswith(cited.rstrip("/") + "/")
               for cited in scope)


def _reason(missing: list[Element]) -> str | None:
    if not missing:
        return None
    named = ", ".join(e.shown + (f" given {_cut(' '.join(e.args))}" if e.args else "")
                      for e in missing[:_SHOWN])
    more = f" and {len(missing) - _SHOWN} more" if len(missing) > _SHOWN else ""
    # what the reason quotes is the item's raw text: a token in it is hidden as in the item
    from gitmemory.secrets import folded

    return f"executable text the tracked files do not confirm: " \
        f"{folded.redact_as_read(named)[0]}{more}"


_MOST_ARGS = 60  # characters of an element's arguments a reason quotes


def _cut(args: str) -> str:
    """``args`` as a reason quotes them: whole, or cut short with "…" so that the cut shows
    (a quote left open read as the item's own text)."""
    return args if len(args) <= _MOST_ARGS else args[:_MOST_ARGS - 1].rstrip() + "…"


class _Lookup:
    """What the tree of ``tip`` holds of every element's fixed strings."""

    def __init__(self, repo_dir: str, tip: str | None, wanted: list[Element],
                 loose: list[Element]) -> None:
        self.names: list[str] = git.tree_names(tip, repo_dir) if tip else []
        self._paths: set[str] | None = None  # the tree's files and directories
        self._ends: set[str] | None = None  # and their last parts
        self._by_name: dict[str, list[str]] | None = None  # the files by name, lower case
        self._loose: dict[str, bool] = {}  # a loose path's answer, asked once
        self._runners: list[tuple[str, frozenset[str]]] | None = None
        self.wanted = wanted
        self._by_word: dict[str, list[tuple[str, str]]] | None = None
        self._said: dict[tuple[str, tuple[str, ...] | None, bool, bool], bool] = {}
        self.tip, self.repo_dir = tip, repo_dir
        self._blocks: list[tuple[str, list[str]]] | None = None
        self._texts: dict[str, list[str] | None] = {}  # files read whole, by path
        self._calls: dict[str, list[str]] = {}  # their calls over many lines, normalised
        self._values: dict[str, list[str]] = {}  # their YAML values' lines, as YAML reads them
        self._joined: list[tuple[str, str]] | None = None  # lines, wrapped spans joined
        self._continuing: list[tuple[str, str]] | None = None  # lines, continued ones joined
        needles = sorted({n for e in wanted for n in _needles(e)} |
                         {word for e in loose for word in (e.program, e.target) if word})
        self.hits: dict[str, set[str]] = {}
        if tip and needles:
            found = set(git.grep_words(tip, needles, _PATHS, repo_dir))
            inside = {match: [n for n in needles if n != match and n in match]
                      for match in {match for _, match in found}}
            for path, match in found:  # git grep -o reports the longest of overlapping
                for needle in (match, *inside[match]):  # needles: the shorter are there too
                    self.hits.setdefault(needle, set()).add(path)
        # the lines that run a command given arguments that change what it does: found by
        # the program (its flags may stand before its subcommand: `./gradlew -Px=1 build`),
        # and the lines that may hold a statement, found by its longest word
        invoked = sorted({word for e in wanted if e.kind == COMMAND and e.args and e.needles
                          for word in _program_words(e.needles[0].split()[0])} |
                         {e.needles[0] for e in wanted
                          if e.kind in (TEXT, PIPE, TAKEN, TUNED) and e.needles and e.needles[0]})
        # the first parts of the settings asked (`api` of `api.insecure`) open the blocks
        # a nested setting is read from (_nested): the same git grep finds their files
        from gitmemory.injection import spans

        self._heads = sorted({name.split(".", 1)[0] for name, _ in (
            spans.setting(e.target) for e in wanted if e.kind == TEXT) if name})
        paired = git.grep_lines(tip, sorted({*invoked, *self._heads}), _PATHS, repo_dir,
                                following=True) if tip and (invoked or self._heads) else []
        self._headed = sorted({path for path, text in paired
                               if any(spans.holds_word(text.partition("\n")[0], head)
                                      for head in self._heads)})
        if self._heads and set(self._heads) - set(invoked):  # the lines `invoked` found alone
            paired = _found_by(paired, invoked)
        self.lines = [(path, text.partition("\n")[0]) for path, text in paired]
        self.paired = paired  # each line with the next: a property list's key, its value
        self.switched: dict[str, list[str]] = {}
        for word in sorted({e.target for e in wanted if e.kind == SWITCHED}):
            self.switched[word] = git.grep_together(tip, word, _OFF_VALUES, _PATHS,
                                                    repo_dir) if tip else []

    def _found(self, needle: str, scope: tuple[str, ...] | None) -> bool:
        return any(_within(path, scope) for path in self.hits.get(needle, ()))

    def grounded(self, element: Element, scope: tuple[str, ...] | None) -> bool:
        if element.args and self._invoked(element, scope):
            # a line that runs it with those arguments runs it at all (its flags may stand
            # before its subcommand); a program named by its path must be the tree's too
            return "/" not in element.needles[-1] or self._grounded(element, scope)
        if element.args and scope is not None and all(map(_placeholder, element.args)) and \
                self._declares(element.args, scope):
            from gitmemory.injection.elements import Element

            return self._grounded(Element(element.kind, element.shown, element.needles,
                                          element.program, element.target), scope)
        return not element.args and self._grounded(element, scope)

    def _declares(self, args: tuple[str, ...], scope: tuple[str, ...]) -> bool:
        """Whether the files the reading's item cites declare every variable ``args`` give
        a placeholder (``make t F=<name>``: the Makefile's ``F=``)."""
        said = self._cited_lines(sorted({arg.partition("=")[0] for arg in args}), scope)
        return all(any(_declared(arg, line) for line in said) for arg in args)

    def _cited_lines(self, needles: list[str], scope: tuple[str, ...]) -> list[str]:
        """The lines of the files the reading's item cites that hold one of ``needles``, in
        any case, lower-cased: the item's words are read folded."""
        cited = [f":(literal){path}" for path in scope]
        found = git.grep_lines(self.tip, needles, cited, self.repo_dir, folded=True) \
            if self.tip else []
        return [line.lower() for _, line in found]

    def _invoked(self, element: Element, scope: tuple[str, ...] | None) -> bool:
        """A line of a file in scope gives the command every argument that changes what it
        does (docs/design.md, "Where two rules meet").  For the repository reading's item
        (``scope``: the files it cites), a line that runs the command through the file's
        own variables (``cabal test $(CABALOPTS)``) gives it what the cited files define:
        the reading expanded them, and every argument must stand in those files."""
        from gitmemory.injection.elements import Element, invokes

        if any(_within(path, scope) and invokes(line, element)
               for path, line in self._wrapped()):
            return True
        if scope is None or not element.args:
            return False
        if self._declared_options(element, scope) or self._valued(element, scope):
            return True
        bare = Element(element.kind, element.shown, element.needles, element.program,
                       element.target)
        if not any(_within(path, scope) and "$" in line and
                   invokes(_program_named(line, element.program), bare)
                   for path, line in self._continued()):
            return False
        # "..." is where the reading cut a long list of arguments, none of them
        words = sorted({arg for arg in element.args if arg.strip("-") and arg.strip(".\u2026")})
        said = self._cited_lines(words, scope)
        return all(any(arg.lower() in line.split() or arg.lower() in line.replace("=", " ").split()
                       for line in said) for arg in words)

    def _valued(self, element: Element, scope: tuple[str, ...]) -> bool:
        """For the reading's item, a line of a value of a YAML file it cites runs the
        command with its arguments, the value read as YAML reads it: a quoted, plain or
        folded scalar written over many lines is one line (starship's ``run: "cargo
        llvm-cov`` then ``--all-features`` ... ``-- --include-ignored"``), a literal one's
        lines are its own, a backslash going on to the next."""
        from gitmemory.injection.elements import invokes

        cited = [path for path in scope if path.endswith((".yml", ".yaml"))]
        for path, lines in self._read(cited).items():
            if lines is None:
                continue
            values = self._values.get(path)
            if values is None:
                values = self._values[path] = _yaml_lines("\n".join(lines))
            if any(invokes(line, element) for line in values):
                return True
        return False

    def _declared_options(self, element: Element, scope: tuple[str, ...]) -> bool:
        """For the reading's item, `cmake` configured with options the cited CMake files
        declare (``-DTESTING=ON`` beside ``feature_option(TESTING ... OFF)``: qBittorrent's
        tests are built only with it) and a build directory: what the reading derived
        from those files, every option among them."""
        if element.program != "cmake":
            return False
        options = [arg[2:].split("=", 1)[0].lower() for arg in element.args
                   if arg.startswith("-D") and "=" in arg and arg[2:3].isalpha()]
        rest = [arg for arg in element.args if not arg.startswith("-D")]
        if not options or any(arg not in ("-B", "-S", "build", ".") for arg in rest):
            return False
        said = self._cited_lines(sorted(set(options)), scope)
        return all(any("option" in line and name in line.replace("(", " ").split()
                       for line in said) for name in options)

    def _wrapped(self) -> list[tuple[str, str]]:
        """The tree's lines, one whose code span is still open at its end joined to the
        next: a Markdown paragraph wraps a long span (``use `kamal app`` then ``exec
        --interactive ...` ``) and it is one command."""
        if self._joined is None:
            self._joined = [(path, line if line.count("`") % 2 == 0 else
                             f"{line} {following.strip()}")
                            for path, line, following in self._pairs()]
        return self._joined

    def _continued(self) -> list[tuple[str, str]]:
        """The tree's lines, one that ends in a backslash joined to the next: a recipe's
        command goes on there (``cabal test \\`` then ``$(CABALOPTS) \\``)."""
        if self._continuing is None:
            self._continuing = [(path, f"{line.rstrip()[:-1]} {following}"
                                 if line.rstrip().endswith("\\") else line)
                                for path, line, following in self._pairs()]
        return self._continuing

    def _pairs(self) -> Iterator[tuple[str, str, str]]:
        """(path, line, the line after it) for each line the grep found."""
        for path, both in self.paired:
            line, _, following = both.partition("\n")
            yield path, line, following

    def _grounded(self, element: Element, scope: tuple[str, ...] | None) -> bool:
        if element.kind == TEXT and element.side == WHOLE:  # a line added short of something
            return self._ended(element, scope)
        if element.kind == TEXT:  # a statement: the same on one line (spaces, quotes aside)
            local = self._local(element, scope) if element.at else None
            return self._stated(element, scope, documents=element.side != RUNS) \
                if local is None else local
        if element.kind == TUNED:  # a number: unless the tree gives the setting another
            return self._tuned(element, scope)
        if element.kind == TAKEN:  # ordered away: only a tree that no longer has it agrees
            return not self._stated(element, scope, records=False)
        if element.kind == PLACED:  # put into a file of the tree: that file's line holds it
            return self._placed(element, scope)
        if element.kind == PIPE:  # a download piped into a shell: the same pipeline
            return any(_within(path, scope) and _pipes(line, element.target)
                       for path, line in self.lines)
        if element.kind == SWITCHED:  # a setting switched off, in prose
            return any(_within(path, scope) for path in self.switched.get(element.target, ()))
        found = [needle for needle in element.needles if self._found(needle, scope)]
        if found:  # (a command only the docs name, and only to forbid it, is not the tree's)
            return element.kind != COMMAND or element.side == FORBIDDEN or not \
                self._forbidden(found, scope)
        if element.kind == FILE:  # a file or a directory of the tree, by its path or its end
            return self._tracked(element.needles[0], ends=True) or \
                self._loosely(element.needles[0])
        if element.kind == HOST:  # a host that is the name of one reads as the file
            # (requirements.in, Makefile.am; Package@swift-5.9.swift, the word whole)
            return any(self._named(needle) for needle in element.needles)
        if element.kind == COMMAND and "/" in element.needles[-1] and \
                self._tracked(element.needles[-1].removeprefix("./").rstrip("/")):
            return True  # a script of the tree, or a directory of it, named by its path
        if element.kind == COMMAND and scope is not None and \
                element.needles[-1].startswith(_COMPOSER_BIN) and any(
                path.rpartition("/")[2] == "composer.json"
                for path in self.hits.get(_composer_package(element), ()) if _within(path, scope)):
            return True  # the reading's item: Composer puts a required package's programs there
        if element.kind == COMMAND and scope is not None and element.target and any(
                path in self.hits.get(element.target, ())
                for path in self.hits.get(element.program, ()) if _within(path, scope)):
            return True  # the reading's item: program and target in one file it cites
        if element.kind == INLINE and scope is not None:
            return self._namespaced(element, scope)
        if element.kind == VARIABLE and scope is not None and \
                element.needles[0] in _RUNNER_VARIABLES:  # the runner a cited file configures
            return self._found(_RUNNER_VARIABLES[element.needles[0]], scope)
        return element.kind == COMMAND and self._runs(element, scope)

    def _forbidden(self, needles: list[str], scope: tuple[str, ...] | None) -> bool:
        """Whether the tree names a command (by ``needles``) only in documents, and every
        line of them that does forbids it ("never `firehol stop` on kahawai1"): a
        prohibition is no evidence that the command is the team's (issue 31, the sixteenth
        sealed part).  A file that is no document naming it confirms it; one ``git grep``
        of the documents' lines, only for such a command."""
        paths = sorted({path for needle in needles for path in self.hits.get(needle, ())
                        if _within(path, scope)})
        if not paths or not self.tip or not all(_document(path) for path in paths):
            return False
        lines = git.grep_lines(self.tip, needles, [f":(literal){path}" for path in paths],
                               self.repo_dir)
        return bool(lines) and all(_forbids(line, needles) for _, line in lines)

    def _namespaced(self, element: Element, scope: tuple[str, ...]) -> bool:
        """The reading's inline code (``Rscript -e 'testthat::test_local()'``): only calls
        of packages' functions, its interpreter the runner of a file it cites, each package
        named by a cited file (in its text, or as its name: ``.lintr`` is lintr's)."""
        from gitmemory.injection import commands, spans
        from gitmemory.injection.elements import packages_called

        packages = packages_called(element.needles[0] if element.needles else "")
        if not packages or not any(element.program in {p.lower() for p in commands.runs(path)}
                                   for path in scope):
            return False
        named = {path.rsplit("/", 1)[-1].strip(".").lower() for path in scope} | \
            _OWN_PACKAGES.get(element.program, set())
        asked = [p for p in packages if p.lower() not in named]
        if not asked:
            return True
        cited = [f":(literal){path}" for path in scope]
        found = git.grep_lines(self.tip, asked, cited, self.repo_dir) if self.tip else []
        return all(any(spans.holds_word(line, package) for _, line in found)
                   for package in asked)

    def _stated(self, element: Element, scope: tuple[str, ...] | None,
                records: bool = True, documents: bool = True) -> bool:
        """A line of a file in scope holds the statement ``element`` (spaces, quotes and
        separators aside): only the lines that hold its longest word are read, each
        normalised once, and each statement is answered once.  ``records`` false: a
        changelog's line does not count (it records what was removed, and keeps it);
        ``documents`` false: nor does a document's (a line added where commands run is
        confirmed by a file that runs it, not by prose describing it to a person)."""
        from gitmemory.injection import spans

        if self._by_word is None:  # the lines by the words they hold, read once
            wanted = {e.needles[0] for e in self.wanted
                      if e.kind in (TEXT, TAKEN) and e.needles}
            self._by_word = {}
            for path, both in self.paired:
                line, _, following = both.partition("\n")
                held = set(spans.words(line)) & wanted
                if not held:  # most lines the grep found hold a program, not a statement
                    continue
                normal = spans.normalised(line).casefold()
                setting = spans.xml_setting(line, following)  # <key>x</key> <false/>
                if _wraps(following):  # a bullet or a paragraph goes on: one statement
                    normal += " " + spans.normalised(following).casefold()
                for word in held:
                    self._by_word.setdefault(word, []).append((path, normal))
                    if setting:
                        self._by_word[word].append(
                            (path, spans.normalised(setting).casefold()))
        key = (element.target, scope, records, documents)
        if key not in self._said:
            lines = self._by_word.get(element.needles[0], []) if element.needles else []
            lines = lines if records else [(path, normal) for path, normal in lines
                                           if not records_changes(path)]
            lines = lines if documents else [(path, normal) for path, normal in lines
                                             if not _document(path)]
            name, value = spans.setting(element.target) if element.kind == TEXT else ("", "")
            said = [f"{name}={same}" for same in spans.same_switch(value)] if name else \
                [element.target]  # a switch however it is written: `x = disabled`, `x: 0`
            if element.target.startswith("-"):  # a flag given its value in a list or not
                said += [element.target.replace(" = ", sep, 1) for sep in (", ", " ")]
            words = element.target.split()
            call = ",".join(words) if not name and len(words) > 1 and \
                all(_plain(word) for word in words) else ""
            if call:
                said.append(call)  # a command as a call's words: run("x", "y")
            self._said[key] = any(_within(path, scope) and spans.holds_normalised(
                normal, want) for path, normal in lines for want in said) or (
                bool(name) and self._nested(name, value, scope)) or (
                scope is not None and bool(call) and self._called(call, scope))
        return self._said[key]

    def _called(self, words: str, scope: tuple[str, ...]) -> bool:
        """Whether a call in a file the reading's item cites is given ``words`` (``a,b``)
        as its first arguments, over however many lines it runs (nox's ``session.run(``
        then ``"coverage",`` and ``"run",`` a line each): the reading took them there."""
        from gitmemory.injection import spans

        for path, lines in self._read([p for p in scope if not p.endswith("/")]).items():
            if lines is None:
                continue
            calls = self._calls.get(path)
            if calls is None:
                calls = self._calls[path] = _calls(lines)
            if any(spans.holds_normalised(call, f"({words}") for call in calls):
                return True
        return False

    def _ended(self, element: Element, scope: tuple[str, ...] | None) -> bool:
        """A line an order adds short of something ("Add `server ssh accept` without
        `src`") is the tree's only where a line of it ends there (a comment aside): a line
        that goes on (``server ssh accept src "${office}"``) says what the item leaves
        out (docs/design.md, "Where two rules meet", *A line added short of something*)."""
        from gitmemory.injection import spans

        want = spans.normalised(element.target).casefold()
        for path, both in self.paired:
            line = both.partition("\n")[0]
            if not _within(path, scope) or records_changes(path) or _document(path):
                continue
            have = spans.normalised(line).casefold()
            at = have.find(want)
            while at != -1:
                rest = have[at + len(want):].strip()
                if (not rest or rest.startswith(_COMMENTS)) and spans.holds_normalised(
                        have, want):
                    return True
                at = have.find(want, at + 1)
        return False

    def _nested(self, name: str, value: str, scope: tuple[str, ...] | None) -> bool:
        """A block of the tree named by ``name``'s first part holds the rest given
        ``value`` (``api:`` then ``insecure: false``; ``plugin "raw_exec" {`` then
        ``enabled = false``): one ``git grep -A`` for every such setting asked."""
        from gitmemory.injection import spans

        if self._blocks is None:  # only the files that hold a head (found with the lines)
            paths = [f":(literal){path}" for path in self._headed] \
                if len(self._headed) <= _MOST_PATHS else _PATHS
            self._blocks = git.grep_blocks(self.tip, self._heads, paths, self.repo_dir) \
                if self.tip and self._headed else []
        return any(_within(path, scope) and spans.nested_holds(lines, name, value)
                   for path, lines in self._blocks)

    def _placed(self, element: Element, scope: tuple[str, ...] | None) -> bool:
        """What an item puts into a file of the tree (``Put `X` in a/b.cfg``, ```--x` in
        a/b.container``) is confirmed by a line of that file holding it, and when it is
        placed beside another span (``above `POST /x```), by the line next to that one's;
        a file the tree does not have, or a directory, says nothing of the tree."""
        from gitmemory.outputs import places

        into = element.program
        paths = [path for path in self.names if path == into or path.endswith("/" + into)]
        if not paths:
            return True
        texts = [lines for lines in self._read(
            [path for path in paths if _within(path, scope)]).values() if lines is not None]
        return any(places.placed(lines, element.target, element.at, element.side)
                   for lines in texts) or (not texts and all(_within(p, scope) for p in paths))

    def _local(self, element: Element, scope: tuple[str, ...] | None) -> bool | None:
        """A statement given for a place (``policy: x`` for a host): whether the blocks
        the tree opens for that place give its setting that value; None when none of them
        gives the setting a value at all (then the statement is judged as any other)."""
        from gitmemory.outputs import places

        texts = self._read(sorted(path for path in self.hits.get(element.at, ())
                                  if _within(path, scope))[:_MOST_READ])
        return places.local(list(texts.values()), element.at, element.target)

    def _tuned(self, element: Element, scope: tuple[str, ...] | None) -> bool:
        """A setting given a number: confirmed unless the tree's lines that hold its name
        (found with the statements') give the same setting one other number."""
        from gitmemory.outputs import places

        return places.tuned([[line for path, line in self.lines if _within(path, scope)]],
                            element.target)

    def _read(self, paths: list[str]) -> dict[str, list[str] | None]:
        """The lines of each of ``paths`` at the tip (None: not a file of text), read in
        one ``git cat-file --batch`` for those not read before."""
        missing = [path for path in paths if path not in self._texts]
        if missing and self.tip:
            for path, answer in zip(missing, git.cat_file(
                    [f"{self.tip}:{path}" for path in missing], self.repo_dir), strict=True):
                self._texts[path] = git.decode(answer[2]).splitlines() \
                    if answer and answer[1] == "blob" and b"\0" not in answer[2][:8000] \
                    else None
        return {path: self._texts.get(path) for path in paths}

    def _tracked(self, path: str, ends: bool = False) -> bool:
        """Whether ``path`` is a file of the tree or a directory holding one, or a file the
        build generates from its tracked template (``configure`` from ``configure.ac``)
        (``ends``: or the last parts of one, ``tools/x.sh`` for ``ci/tools/x.sh``)."""
        if self._paths is None:
            self._paths = {*self.names, *(name[:at] for name in self.names
                                           for at in range(len(name)) if name[at] == "/")}
        if path in self._paths or f"{path}.ac" in self._paths or f"{path}.in" in self._paths:
            return True
        if ends and self._ends is None:
            self._ends = {name[at + 1:] for name in self._paths
                          for at in range(len(name)) if name[at] == "/"}
        return ends and path in (self._ends or ())

    def _loosely(self, path: str) -> bool:
        """Whether a file of the tree is ``path`` as a commit's subject names it, loosely:
        its name, with the directories ``path`` gives among its own in order, in any case
        (git-credential-manager's "windows/layout.ps1: ..." for
        ``src/windows/Installer.Windows/layout.ps1``, "linux/pack.sh" for
        ``src/linux/Packaging.Linux/pack.sh``).  The file is the tree's all the same."""
        parts = path.lower().strip("/").split("/")
        if len(parts) < 2 or "." not in parts[-1] or any(p in ("", ".", "..") for p in parts):
            return False
        key = "/".join(parts)
        if key not in self._loose:
            self._loose[key] = any(_holds_in_order(name.lower().split("/")[:-1], parts[:-1])
                                   for name in self._files_named().get(parts[-1], ()))
        return self._loose[key]

    def _files_named(self) -> dict[str, list[str]]:
        """The tree's files by their name in lower case: one pass, then lookups."""
        if self._by_name is None:
            self._by_name = {}
            for name in self.names:
                self._by_name.setdefault(name.rpartition("/")[2].lower(), []).append(name)
        return self._by_name

    def _named(self, host: str) -> bool:
        """Whether a file of the tree has the name ``host`` reads as (hosts are lower case,
        file names not: ``makefile.am`` is ``Makefile.am``)."""
        return host in self._files_named() or self._tracked(host, ends=True)

    def _runs(self, element: Element, scope: tuple[str, ...] | None) -> bool:
        """A task runner of a file in scope, given that file's task (or a verb every
        runner has, or a tool the file names: ``uv run pytest``)."""
        from gitmemory.injection import commands

        if self._runners is None:  # the tree's runner files, found once for every element
            self._runners = [(name, found) for name in self.names
                             if (found := commands.runs(name))]
        here = [programs for name, programs in self._runners if _within(name, scope)]
        target = element.target
        if not any(element.program in programs for programs in here):
            return False
        if not target:
            return True
        first = target.split(maxsplit=1)[0]
        plugin = _plugin(target) if scope is not None else None
        # a verb every runner has, one of the program's own (`go mod download`), a program
        # of the file run through a wrapper (`bundle exec rake`), the file's task, the
        # task of a plugin the file applies, or what it acts on (`prove -lr t`: a
        # directory of the tree; the tree's paths are listed last, they cost the most)
        return target in commands.RUNNER_VERBS or \
            first in commands.SUBCOMMANDS.get(element.program, ()) or \
            any(first in programs for programs in here) or \
            any(self._found(needle, scope) for needle in (f"{target}:", f'"{target}":', target)) \
            or (plugin is not None and self._found(plugin, scope)) or self._tracked(target)


_FORBIDS_NEAR = 4  # words before the command where a negation forbids it


def _holds_in_order(directories: list[str], wanted: list[str]) -> bool:
    """Whether ``wanted`` are among ``directories`` in order."""
    at = 0
    for directory in directories:
        if at < len(wanted) and directory == wanted[at]:
            at += 1
    return at == len(wanted)


def _wraps(following: str) -> bool:
    """Whether ``following`` goes on with the line before it (a changelog's bullet wrapped
    at 80 columns: "- Fix a bug where ... would" then "  not be equal."), not a new item,
    heading, or blank line."""
    text = following.strip()
    return bool(text) and following[:1] in " \t" and text[:1] not in "-*+#>|" and \
        not text[:2].rstrip(".)").isdigit()


def _forbids(line: str, needles: list[str]) -> bool:
    """Whether each place ``line`` names the command (one of ``needles``) is forbidden by a
    negation (``spans.FORBIDDING``) at most :data:`_FORBIDS_NEAR` words before it."""
    from gitmemory.injection import spans

    low = line.lower()
    seen = False
    for needle in needles:
        at = low.find(needle.lower())
        while at != -1:
            seen = True
            before = [word.strip("`*_,.;:()\"'") for word in low[:at].split()]
            if not spans.FORBIDDING.intersection(before[-_FORBIDS_NEAR:]):
                return False
            at = low.find(needle.lower(), at + 1)
    return seen


def _document(path: str) -> bool:
    """Whether ``path`` is a document (by its ending: Markdown, reStructuredText ...)."""
    from gitmemory.outputs.stated import DOCS

    last = path.rsplit("/", 1)[-1].lower()
    return "." in last and last.rsplit(".", 1)[1] in DOCS


def _pipes(line: str, pipeline: str) -> bool:
    """Whether ``line`` holds ``pipeline`` as written (spaces collapsed, case aside), not as
    a piece of a longer word: ``| sh`` is not ``| shellcheck``."""
    have, want = " ".join(line.split()).casefold(), " ".join(pipeline.split()).casefold()
    at = have.find(want)
    while at != -1:
        end = at + len(want)
        if not (at and have[at - 1].isalnum()) and not (end < len(have) and (
                have[end].isalnum() or have[end] in "_-./")):
            return True
        at = have.find(want, at + 1)
    return False


_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-/")


def _plain(word: str) -> bool:
    """A word a program or an argument may be, that a list of words quotes whole."""
    return bool(word) and set(word) <= _PLAIN


def _needles(element: Element) -> tuple[str, ...]:
    if element.kind in (TEXT, PIPE, PLACED, TAKEN, TUNED):  # by its lines, not a word
        return (element.at,) if element.kind == TEXT and element.at else ()
    if element.kind == VARIABLE and element.needles and element.needles[0] in _RUNNER_VARIABLES:
        return (*element.needles, _RUNNER_VARIABLES[element.needles[0]])
    # a program Composer installs: the package composer.json requires it by (_grounded)
    package = (_composer_package(element),) if element.kind == COMMAND and element.needles \
        and element.needles[-1].startswith(_COMPOSER_BIN) else ()
    if element.kind == COMMAND and element.target:
        target = element.target
        plugin = _plugin(target)
        return (*element.needles, f"{target}:", f'"{target}":', target,
                *((plugin,) if plugin else ()), *package)
    return (*element.needles, *package)


# Where Composer installs the programs of the packages composer.json requires (never
# tracked): `vendor/bin/phpunit` is the program of the required "phpunit/phpunit".
_COMPOSER_BIN = "vendor/bin/"


def _composer_package(element: Element) -> str:
    """How composer.json names a package whose program ``element`` runs: ``/phpunit"``."""
    return f'/{element.needles[-1].removeprefix(_COMPOSER_BIN).split()[0]}"'


def _plugin(target: str) -> str | None:
    """The build plugin that names a task it defines: ``spotless`` of ``spotlessApply`` or
    ``spotless:apply``.  Only the reading's items ask (its cited file applies the plugin,
    the program runs that file): a commit's item must show the task itself."""
    word = target.split(maxsplit=1)[0]
    head = word.partition(":")[0] if ":" in word else \
        next((word[:at] for at in range(1, len(word)) if word[at].isupper()), "")
    head = _TASK_PLUGINS.get(head, head)
    return head if len(head) >= 4 and head.isalpha() and head.islower() else None


# A task family a plugin defines under a name of its own: the Android Gradle plugin's
# `assembleDebug` (the reading cites the build file that applies `android.application`).
_TASK_PLUGINS = {"assemble": "android"}


def _program_words(program: str) -> tuple[str, ...]:
    """The words a line that runs ``program`` holds: its name, and the variable a Makefile
    names it by (``$(GO) test``, ``${PYTHON} -m pytest``)."""
    upper = program.upper()
    return (program, upper) if upper != program and program.isalnum() else (program,)


def _placeholder(arg: str) -> bool:
    """Whether ``arg`` gives a variable a placeholder for its value on a runner's command
    line (``F=<name>`` of ``make t F=<name>``, its ``>`` perhaps cut): the reading says
    which of the file's variables takes what to run."""
    name, _, value = arg.partition("=")
    return name.isidentifier() and value.startswith("<") and \
        value.strip("<>").replace("-", "_").isidentifier()


def _declared(arg: str, line: str) -> bool:
    """Whether ``arg``, a variable given a placeholder (``f=<name``, folded), is one
    ``line`` (folded) declares, empty unless given (``f=``, ``f ?=``): the reading's item
    names the cited file's own variable, and what it is set to is the reader's."""
    if not _placeholder(arg):
        return False
    name, _, value = line.strip().partition("=")
    return not value.strip() and name.rstrip("?: ").strip() == arg.partition("=")[0].lower()


def _program_named(line: str, program: str) -> str:
    """``line`` with the variable named for ``program`` (``$(GO)``, ``${GO}``, ``$GO``, in
    the program's own case too, quoted or not: http.zig's ``'${zig}' build test``) read
    as the program: the reading expanded it so (fzf's ``$(GO) test -v ...``)."""
    if not program or "$" not in line:
        return line
    for name in dict.fromkeys((program.upper(), program)):
        for form in (f"$({name})", f"${{{name}}}", f"${name}"):
            for quoted in (f"'{form}'", f'"{form}"', form):
                line = line.replace(quoted, program)
    return line


def _found_by(paired: list[tuple[str, str]], needles: list[str]
              ) -> list[tuple[str, str]]:
    """Of ``git grep -A1``'s lines, those a grep of ``needles`` alone gives: the lines that
    hold one, and the line after each."""
    from gitmemory.injection import spans

    parts = [text.partition("\n") for _, text in paired]  # (line, "\n", next line)
    found = [any(spans.holds_word(line, needle) for needle in needles)
             for line, _, _ in parts]
    return [pair for n, pair in enumerate(paired) if found[n] or (
        n and found[n - 1] and paired[n - 1][0] == pair[0] and
        parts[n - 1][2] == parts[n][0])]

