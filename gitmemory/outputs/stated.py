"""The rules a repository's docs state, asked of the tree for the items that loosen one
(docs/design.md, "Where two rules meet"; the sentence's side is
:mod:`gitmemory.injection.relaxes`).

For all the items asked at once: one ``git grep -o`` of their content words' stems over the
tree's documents (Markdown, reStructuredText, AsciiDoc, plain text; changelogs aside, which
record what changed rather than state what holds), then the few documents that share
enough of an item's words, read in one ``git cat-file --batch`` and cut into clauses.  Stdlib
only: the checkout hook renders through this module.
"""

from __future__ import annotations

import os

from gitmemory import git

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from gitmemory.injection.relaxes import Rule

DOCS = ("md", "markdown", "rst", "txt", "adoc", "org")  # the endings of a tree's documents
_MOST_READ = 12  # documents read for one item, those sharing the most of its words first
_MOST_BYTES = 200_000  # of one document
# A project's record of its changes (by file or directory name).
_RECORDS = ("changelog", "changes", "history", "news", "releases", "release-notes",
            "release_notes", "releasenotes")


# Plain-text files that are a build's or a package manager's input, not prose.
_BUILD_TEXT = ("cmakelists.txt", "requirements", "constraints", "license", "copying",
               "notice", "authors")


def records_changes(path: str) -> bool:
    """Whether ``path`` is a changelog or release notes (``CHANGELOG.md``,
    ``docs/changes/1.2.rst``): it records what changed, and keeps naming what went."""
    low = path.lower().replace(" ", "-")  # "release notes/v2.2.0.md" as "release-notes/"
    name = low.rsplit("/", 1)[-1].split(".", 1)[0]
    return name in _RECORDS or any(f"{part}/" in low for part in _RECORDS)


def _record(path: str) -> bool:
    """Whether ``path`` records what changed (:func:`records_changes`), or is no prose (a
    build file ending in ``.txt``, a licence): no rule of the project is stated there."""
    return records_changes(path) or path.lower().rsplit("/", 1)[-1].startswith(_BUILD_TEXT)


def grep_endings(options: list[str], patterns: list[str], endings: tuple[str, ...], *,
                 repo_dir: str, tip: str, paths: list[str]) -> tuple[int, str]:
    """One ``git grep`` (``options`` added) of ``patterns`` over the files of the tree at
    ``tip`` whose names end in one of ``endings`` (any case), the paths the settings
    leave out aside.  Each row is ``tip:path\0text`` (``-n``: ``tip:path\0line\0text``)."""
    specs = [f":(glob,icase)**/*.{ending}" for ending in endings] or ["."]  # none: every file
    held_out = [spec for spec in paths if spec.startswith(":(exclude")]
    if "-F" in options and len(patterns) > 1:  # one pattern: git tries each -e on each line
        rest = [option for option in options if option not in ("-F", "-w")]
        return git.grep_any(["grep", "-I", "-z", "--no-color", "--full-name", *rest], patterns,
                            [tip, "--", *specs, *held_out], repo_dir, words="-w" in options)
    args = ["grep", "-I", "-z", "--no-color", "--full-name", *options]
    for pattern in patterns:
        args += ["-e", pattern]
    # An ASCII pattern is asked in the C locale: a UTF-8 locale makes git's extended
    # matcher decode every line (0.38 s for a doc comment's mark over requests' tree, 0.03 s
    # in C), and it would widen only [[:space:]] and -i to characters no mark uses.
    ascii = all(part.isascii() for part in args)
    env = {**os.environ, "LC_ALL": "C"} if ascii else None
    return git.run_status([*args, tip, "--", *specs, *held_out], repo_dir, env=env)


# A permission whose only ground is a decision the item reports ("The chiefs agreed at the
# last meeting that a tabu area may be harvested ...", "the assembly trusts the guards'
# word"): memory records what the repository's files say, and a decision made elsewhere
# grounds nothing there; held unless a document of the tree says the same sentence.
REPORTED = "grants a permission on a decision it reports, which no document of the tree states"


def reasons(texts: list[str], repo_dir: str, tip: str, paths: list[str]
            ) -> list[str | None]:
    """For each text, "relaxes a rule stated in <file>: ..." when a clause of a document of
    the tree at ``tip`` (under ``paths``) states a rule the text relaxes, or
    :data:`REPORTED` when it permits on a decision it reports that no document it shares
    words with says (:attr:`gitmemory.injection.relaxes.Reading.reported`), else None."""
    from gitmemory.injection import relaxes

    stems = [relaxes.content(relaxes.words(text)) for text in texts]
    wanted = sorted(set().union(*stems)) if stems else []
    if not wanted:
        return [None] * len(texts)
    code, out = grep_endings(["-i", "-F", "-o"], wanted, DOCS, repo_dir=repo_dir,
                             tip=tip, paths=paths)
    by_file: dict[str, set[str]] = {}
    for line in out.split("\n") if code == 0 else []:
        where, _, found = line.partition("\0")
        path = where[len(tip) + 1:]
        if found and not _record(path):
            by_file.setdefault(path, set()).add(found.lower())
    chosen = []
    for own in stems:
        shared = sorted(((len(own & have), path) for path, have in by_file.items()
                         if len(own & have) >= relaxes.SHARED), reverse=True)
        chosen.append([path for _, path in shared[:_MOST_READ]])
    texts_by_path = _read(sorted({path for paths_ in chosen for path in paths_}),
                          repo_dir, tip)
    documented: list[tuple[str, list[Rule]]] | None = None  # grepped when first asked
    answers: list[str | None] = []
    for text, paths_ in zip(texts, chosen, strict=True):
        why = _reason(text, [(path, texts_by_path.get(path) or ([], "")) for path in paths_])
        if why is None:
            if documented is None:
                documented = _remembered_documented(repo_dir, tip, paths)
            why = _reason(text, [(path, (rules, "")) for path, rules in documented],
                          relaxes.SHARED + 2)
        if why is None and relaxes.Reading(text).reported and not any(
                relaxes.own(relaxes.spaced(sentence), said)
                for sentence in relaxes.sentences(text)
                for _, said in (texts_by_path.get(path) or ([], "") for path in paths_)):
            why = REPORTED
        answers.append(why)
    return answers


# Code whose comments document a declaration in a form of their own ("-- |" in Haskell,
# "///" in Rust, C#, Swift, Dart, Zig, Gleam and Doxygen's C and C++): the rule of the
# function it documents, stated where the function is ("A hut is never booked over its
# winter-room capacity; an override needs a second warden").  Other comments are notes
# on how code works, and were tried and held history ("Where two rules meet").  For the
# rules, a doc comment is known by its mark ("///", "//!"), in a file of any language: a
# list of the languages that write one does not converge (issue 31, the thirteenth sealed
# part: Gleam's "///" was on none); Haskell's "--" lines go on a "-- |" only in its own
# files.  :data:`DOCUMENTED` is the endings ``outputs/changed.py`` greps for the words a
# doc comment protects.
DOCUMENTED = ("hs", "lhs", "rs", "cs", "fs", "swift", "dart", "zig", "c", "cc", "cpp", "h",
              "hpp")
_HASKELL = ("hs", "lhs")
_DOC_MARKS = ("-- |", "-- ^", "///", "//!")
_MOST_DOC_LINES = 20_000  # doc comment lines read of one tree


# What a tree's documents state, kept for the run: the gate asks it of each batch of items
# it judges (CLAUDE.md's, each rule file's), and a tip's files never change.
_KEPT = 16  # trees remembered; a long-lived process (the MCP server) starts over past it
_DOCUMENTED: dict[tuple[str, str, tuple[str, ...]], list[tuple[str, list[Rule]]]] = {}
_DOCUMENTS: dict[tuple[str, str, str], tuple[list[Rule], str] | None] = {}


def _remembered_documented(repo_dir: str, tip: str, paths: list[str]
                           ) -> list[tuple[str, list[Rule]]]:
    key = (repo_dir, tip, tuple(paths))
    if key not in _DOCUMENTED:
        if len(_DOCUMENTED) >= _KEPT:
            _DOCUMENTED.clear()
        _DOCUMENTED[key] = _documented(repo_dir, tip, paths)
    return _DOCUMENTED[key]


def _documented(repo_dir: str, tip: str, paths: list[str]) -> list[tuple[str, list[Rule]]]:
    """The rules the tree's doc comments state, by file: a ``git grep`` of the lines that
    open with a doc comment's mark in any file and one of Haskell's comment lines, each run
    that opens with a doc comment's mark (Haddock's plain ``--`` lines after ``-- |`` go on
    with it) one paragraph, cut into clauses as a document is."""
    from gitmemory.injection import relaxes

    haskell, said = grep_endings(["-n", "-E", "-e", r"^[[:space:]]*--"], [], _HASKELL,
                                 repo_dir=repo_dir, tip=tip, paths=paths)
    marked, out = grep_endings(["-n", "-E", "-e", r"^[[:space:]]*(///|//!)"], [], (),
                               repo_dir=repo_dir, tip=tip, paths=paths)
    rows = (said.split("\n") if haskell == 0 else []) + [
        row for row in (out.split("\n") if marked == 0 else [])
        if not row.partition("\0")[0].lower().endswith(tuple(f".{e}" for e in _HASKELL))]
    if not any(rows):
        return _hashed(repo_dir, tip, paths) + _margined(repo_dir, tip, paths) + _headed(
            repo_dir, tip, paths)
    paragraphs: dict[str, list[list[str]]] = {}
    last: dict[str, int] = {}
    for row in rows[:_MOST_DOC_LINES]:
        where, _, rest = row.partition("\0")
        number, _, line = rest.partition("\0")
        path = where[len(tip) + 1:]
        if not number.isdigit():
            continue
        text = line.strip()
        mark = next((mark for mark in _DOC_MARKS if text.startswith(mark)), "")
        going_on = last.get(path) == int(number) - 1
        if not mark and not (going_on and text.startswith("--") and not text.startswith(
                "---")):
            last.pop(path, None)  # a plain comment: no doc paragraph goes on through it
            continue
        text = text[len(mark or "--"):].lstrip("/!").strip()  # Gleam's module "////" too
        runs = paragraphs.setdefault(path, [])
        if not going_on or mark in ("-- |", "-- ^") or not text:
            runs.append([])
        last[path] = int(number)
        if text:
            runs[-1].append(text)
    found = []
    for path, runs in paragraphs.items():
        rules = [relaxes.Rule(clause) for run in runs if run
                 for clause in relaxes.clauses(" ".join(run))]
        rules = [rule for rule in rules if rule.stated]
        if rules:
            found.append((path, rules))
    return found + _hashed(repo_dir, tip, paths) + _margined(repo_dir, tip, paths) + \
        _headed(repo_dir, tip, paths)


# Code whose doc comments are plain "#" lines right above a declaration (Crystal's, and
# Ruby's RDoc and YARD): the run of them and the declaration line after it.
HASHED = ("cr", "rb")
_DECLARING = ("def ", "class ", "module ", "struct ", "enum ", "macro ", "record ", "alias ",
              "lib ", "fun ", "abstract ", "private ", "protected ", "attr_", "annotation ")


def _hashed(repo_dir: str, tip: str, paths: list[str]) -> list[tuple[str, list[Rule]]]:
    """The rules the doc comments of :data:`HASHED` state: each run of ``#`` lines whose
    next line declares (a method, a type, a constant, ``NAME = ...``), one paragraph; a
    comment above a statement is a note on how code works, not the rule of a
    declaration.  And those of :data:`PERCENT`, each run of ``%`` lines at the margin
    whose next line opens a clause there (:func:`_clause_head`)."""
    return _above(repo_dir, tip, paths, "#", endings=HASHED, declares=_declares) + _above(
        repo_dir, tip, paths, "%", endings=PERCENT, declares=_clause_head)


# Code whose comments are "%" lines (Prolog, Erlang, Mercury, Logtalk): the run of them at
# the left margin right above a clause there documents that clause, as PlDoc and EDoc read
# them (issue 31, the fifteenth sealed part: "% Health posts and schools are on the lifeline
# list: never disconnected for lack of credit." above ``lifeline(health_post).``).
PERCENT = ("pl", "pro", "erl", "hrl", "lgt", "mer")


def _clause_head(line: str) -> bool:
    """Whether ``line`` (as written) opens a clause at the left margin: a fact's or a
    rule's head, a function's (``lifeline(health_post).``, ``price_ok(X) :- ...``) or a
    directive (``:- module(...)``, ``-spec``), not an indented goal."""
    return line[:1].isalpha() or line.startswith((":-", "-"))


def _above(repo_dir: str, tip: str, paths: list[str], mark: str, *, endings: tuple[str, ...],
           declares: Callable[[str], bool]) -> list[tuple[str, list[Rule]]]:
    """The rules of each run of ``mark`` comment lines (of the files ending in
    ``endings``) whose next line ``declares``, one paragraph."""
    from gitmemory.injection import relaxes

    margin = "" if mark == "%" else "[[:space:]]*"
    code, out = grep_endings(["-n", "-A1", "-E", "-e", f"^{margin}{mark}"], [], endings,
                             repo_dir=repo_dir, tip=tip, paths=paths)
    if code != 0:
        return []
    found: dict[str, list[Rule]] = {}
    run: list[str] = []
    last = ("", -1)
    for row in out.split("\n")[:_MOST_DOC_LINES]:
        where, _, rest = row.partition("\0")
        number, _, line = rest.partition("\0")
        path = where[len(tip) + 1:]
        if not number.isdigit():
            run = []
            continue
        text = line.strip()
        if (path, int(number) - 1) != last:
            run = []
        last = (path, int(number))
        if text.startswith(mark) and (mark != "%" or line.startswith(mark)):
            said = text.lstrip(mark).strip()
            if said and not text.startswith("#!") and not said.startswith(("frozen_", "-*-")):
                run.append(said)
            continue
        if run and declares(text if mark == "#" else line):
            found.setdefault(path, []).extend(
                rule for clause in relaxes.clauses(" ".join(run))
                if (rule := relaxes.Rule(clause)).stated)
        run = []
    return list(found.items())


# Lisp's comments say by their semicolons what they document (the convention of Common
# Lisp, Emacs Lisp, Scheme and Clojure alike): one after code notes that line, two or more
# at the left margin document the top level, the forms around them, as "///" does
# (issue 31, the fourteenth sealed part: ";; A lot is sold only with its export licence."
# in src/rules.lisp).
LISP = ("lisp", "lsp", "cl", "asd", "el", "scm", "ss", "rkt", "clj", "cljs", "cljc", "fnl")


def _margined(repo_dir: str, tip: str, paths: list[str]) -> list[tuple[str, list[Rule]]]:
    """The rules the margin comments of :data:`LISP` state: each run of lines that open
    with ``;;`` at the left margin, one paragraph."""
    from gitmemory.injection import relaxes

    code, out = grep_endings(["-n", "-E", "-e", r"^;;"], [], LISP, repo_dir=repo_dir,
                             tip=tip, paths=paths)
    if code != 0:
        return []
    runs: dict[str, list[list[str]]] = {}
    last = ("", -1)
    for row in out.split("\n")[:_MOST_DOC_LINES]:
        where, _, rest = row.partition("\0")
        number, _, line = rest.partition("\0")
        if not number.isdigit():
            continue
        path = where[len(tip) + 1:]
        said = line.lstrip(";").strip()
        paragraphs = runs.setdefault(path, [])
        if (path, int(number) - 1) != last or not said or not paragraphs:
            paragraphs.append([])
        last = (path, int(number))
        if said:
            paragraphs[-1].append(said)
    found = []
    for path, paragraphs in runs.items():
        rules = [rule for run in paragraphs if run
                 for clause in relaxes.clauses(" ".join(run))
                 if (rule := relaxes.Rule(clause)).stated]
        if rules:
            found.append((path, rules))
    return found


# A comment at the left margin right above a declaration there documents it, whatever the
# language marks a comment with (issue 31: the tenth sealed part's OCaml "(* A buyer may not
# bid on a lot landed by a vessel owned by the buyer's own company. *)" above ``let
# may_bid``, the fifteenth's Prolog "%" lines; each part wrote its rules in the comments of
# a language no list named).  The marks of line comments and the openers of block ones,
# at the margin; a comment after code, or indented in a body, is a note on how code works.
_LINE_MARKS = ("//", "#", "--", ";", "%", "!")
_BLOCK_MARKS = (("(*", "*)"), ("/*", "*/"), ("{-", "-}"))
_HEADED_AFTER = 8  # lines a block comment may run before its declaration
_NOT_COMMENTS = ("#!", "#include", "#define", "#if", "#else", "#endif", "#import", "#pragma",
                 "#[", "#!/", "#undef", "#region", "#endregion", "#r ", "#load", "!=", "--[[")
# The endings of code whose margin comments no other reading reads (Crystal's and Ruby's
# "#", Lisp's ";;", Prolog's "%" and the "///" of many have readings of their own).
_CODE = ("ml", "mli", "sml", "fs", "fsx", "hs", "elm", "purs", "ex", "exs", "erl", "jl",
         "lua", "nim", "tcl", "adb", "ads", "f90", "f95", "f", "pas", "pp", "dpr", "scala",
         "kt", "kts", "java", "go", "py", "js", "ts", "mjs", "php", "swift", "dart", "c",
         "h", "cc", "cpp", "hpp", "cs", "rs", "zig", "gleam", "v", "d", "r", "pl", "pm",
         "sh", "bash", "ps1", "groovy", "cob", "cbl", "st", "fth", "4th", "raku", "odin",
         "hx", "vala", "cr", "rb")


def _headed(repo_dir: str, tip: str, paths: list[str]) -> list[tuple[str, list[Rule]]]:
    """The rules of the comments at the left margin right above a declaration at the left
    margin, in a file of code whose rules no other reading reads: each comment (a run of
    line comments, or a block comment up to its closer) one paragraph."""
    from gitmemory.injection import relaxes

    code, out = grep_endings(
        ["-n", f"-A{_HEADED_AFTER}", "-E", "-e", r"^(//|#|--|;|%|!|\(\*|/\*|\{-)"], [],
        _CODE, repo_dir=repo_dir, tip=tip, paths=paths)
    if code != 0:
        return []
    files: dict[str, dict[int, str]] = {}
    for row in out.split("\n")[:_MOST_DOC_LINES]:
        where, _, rest = row.partition("\0")
        number, _, line = rest.partition("\0")
        if number.isdigit():
            files.setdefault(where[len(tip) + 1:], {})[int(number)] = line
    found = []
    for path, lines in files.items():
        rules = [rule for run in _comment_runs(lines) for clause in relaxes.clauses(run)
                 if (rule := relaxes.Rule(clause)).stated]
        if rules:
            found.append((path, rules))
    return found


def _comment_runs(lines: dict[int, str]) -> list[str]:
    """The text of each comment at the margin (numbered ``lines`` of one file) whose next
    line declares at the margin."""
    out = []
    numbers = sorted(lines)
    seen = set()
    for number in numbers:
        if number in seen:
            continue
        line = lines[number]
        block = next(((start, end) for start, end in _BLOCK_MARKS if line.startswith(start)),
                     None)
        said: list[str] = []
        at = number
        if block:
            start, end = block
            text = line[len(start):]
            while True:
                seen.add(at)
                if end in text:
                    said.append(text.partition(end)[0])
                    break
                said.append(text)
                at += 1
                if at not in lines or at > number + _HEADED_AFTER:
                    said = []
                    break
                text = lines[at]
        else:
            mark = _line_mark(line)
            if not mark:
                continue
            while at in lines and _line_mark(lines[at]) == mark:
                seen.add(at)
                said.append(lines[at][len(mark):].lstrip(mark[:1]).strip())
                at += 1
            at -= 1
        following = lines.get(at + 1, "")
        if said and _declaration(following):
            out.append(" ".join(part.strip().strip("*").strip() for part in said))
    return out


def _line_mark(line: str) -> str:
    """The mark a line comment at the margin opens with ("" for none, or for a directive:
    ``#include``, ``#!``, ``#[``)."""
    if line.startswith(_NOT_COMMENTS):
        return ""
    return next((mark for mark in _LINE_MARKS if line.startswith(mark)), "")


def _declaration(line: str) -> bool:
    """Whether ``line`` opens a declaration at the left margin: a word, an attribute or a
    form (``let may_bid ...``, ``func X``, ``def x``, ``@doc``, ``(defun``), not a comment,
    a closing brace or blank."""
    return bool(line) and (line[0].isalpha() or line[0] in "@(_") and not _line_mark(line)


def _declares(line: str) -> bool:
    """Whether ``line`` declares: a keyword that opens a declaration, or a constant given a
    value (``CHECKIN_MRCC_HOURS = 48``)."""
    name, equals, _ = line.partition("=")
    name = name.strip()
    return line.startswith(_DECLARING) or (
        bool(equals) and bool(name) and name.replace("_", "").isalnum() and name.isupper())


def _read(paths: list[str], repo_dir: str, tip: str) -> dict[str, tuple[list[Rule], str]]:
    """Each document's rules: its clauses that bind (:mod:`gitmemory.injection.relaxes`),
    each read once a run for every item asked; and its text, one space for each run of
    white space (a sentence it says word for word restates it)."""
    from gitmemory.injection import relaxes

    unread = [path for path in paths if (repo_dir, tip, path) not in _DOCUMENTS]
    if len(_DOCUMENTS) + len(unread) > _KEPT * 64:
        _DOCUMENTS.clear()
        unread = paths
    for path, answer in zip(unread, git.cat_file([f"{tip}:{path}" for path in unread],
                                                 repo_dir) if unread else [], strict=True):
        read = None
        if answer and answer[1] == "blob":
            text = git.decode(answer[2][:_MOST_BYTES])
            rules = map(relaxes.Rule, relaxes.clauses(text))
            read = ([rule for rule in rules if rule.stated], relaxes.spaced(text))
        _DOCUMENTS[(repo_dir, tip, path)] = read
    return {path: read for path in paths
            if (read := _DOCUMENTS.get((repo_dir, tip, path))) is not None}


def _reason(text: str, documents: list[tuple[str, tuple[list[Rule], str]]], shared: int = 0
            ) -> str | None:
    """"relaxes a rule stated in <file>" when ``text`` relaxes one of ``documents``' rules
    (``shared``: the content words it must share with that rule, when more than
    :data:`gitmemory.injection.relaxes.SHARED`), unless the sentence that loosens is that
    document's own (its spaced text, when read whole)."""
    from gitmemory.injection import relaxes

    reading = relaxes.Reading(text)
    # an exception stated to a rule (a loosening under a condition of its own) speaks of
    # the rule with the words a document needs, wherever the rule is stated
    shared = relaxes.SHARED if reading.excepts else shared
    for path, (rules, said) in documents:
        # an act the rule denies, permitted, speaks of the rule as an exception does
        if any((reading.loosens(rule, said) and
                relaxes.shared(reading.content, rule.about) >= shared)
               or (reading.permits(rule, said) and
                   relaxes.shared(reading.content, rule.about) >= relaxes.SHARED)
               or reading.changes(rule, said) for rule in rules):
            return f"relaxes a rule stated in {path}"
    return None
