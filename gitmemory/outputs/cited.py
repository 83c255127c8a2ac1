"""What the reviewed commits an item cites said and did (docs/design.md, "Where two rules
meet", *A record of a reviewed commit*).

An item's refs name the commits it was read from.  A cited commit that is an ancestor of
the tip judged against (where the branch left the default branch) is reviewed history:

- its subject, retold at the head of the item, records a change the team made, not an
  order (:func:`recorded`: what follows it);
- the changelog entries its patch added (``CHANGELOG.md``, a fragment) are its record as
  much as its message is: an item that retells one retells the commit;
- the lines its patch removed are the repository's own evidence that a thing the item
  says went did go (:func:`took_away`): "Remove `CommandsByName`", "Drop the
  `#!/bin/bash` shebang", when the cited commit removed that line from a file that
  still lacks it at the tip.

A commit of the branch itself (not an ancestor of that tip) confirms nothing: what a
branch adds cannot confirm what the same branch's memory says.  Each commit is read once
a call, at most :data:`MOST_CITED` of an item's refs and :data:`MOST_PATCH` characters of
its patch.  Stdlib only: the checkout hook renders through this module.
"""

from __future__ import annotations

from gitmemory import git
from gitmemory.changelogs import is_changelog, is_fragment
from gitmemory.outputs.conventional import untyped

MOST_CITED = 3  # refs of one item read
MOST_PATCH = 64_000  # characters of one commit's patch read (docs/design.md, bounded time)


def ids(text: str, refs: tuple[str, ...]) -> list[str]:
    """The commit ids an item cites: its ``refs`` and a ``refs: <id>`` written in its text,
    at most :data:`MOST_CITED`."""
    found = [*refs, *(word.strip(";,)") for word in text.partition("refs:")[2].split()[:3])]
    return list(dict.fromkeys(word for word in found if 7 <= len(word) <= 40 and all(
        c in "0123456789abcdef" for c in word)))[:MOST_CITED]


class Cited:
    """The reviewed commits (ancestors of ``tip``) of the items one call judges, each read
    once: its message and, when asked, the lines its patch removed by file."""

    def __init__(self, repo_dir: str, tip: str) -> None:
        self.repo_dir, self.tip = repo_dir, tip
        self._messages: dict[str, tuple[str, str] | None] = {}  # id -> (sha, message)
        self._removed: dict[str, dict[str, list[str]]] = {}  # sha -> path -> lines
        self._entries: dict[str, list[str]] = {}  # sha -> changelog entries it added
        self._files: dict[str, set[str]] = {}  # sha -> the files its patch touched
        self._tip_files: dict[str, list[str]] = {}

    def commits(self, wanted: list[str]) -> list[tuple[str, str]]:
        """(sha, message) of each of ``wanted`` that names a commit of the reviewed
        history: one ``cat-file`` and one ``rev-list`` for all those not asked before
        (:meth:`prime` asks every item's at once)."""
        missing = list(dict.fromkeys(name for name in wanted if name not in self._messages))
        found = [(name, answer) for name, answer in zip(
            missing, git.cat_file(missing, self.repo_dir) if missing else [], strict=True)
            if answer and answer[1] == "commit"]
        outside = git.unreachable([answer[0] for _, answer in found], self.tip,
                                  self.repo_dir) if found else set()
        self._messages.update(dict.fromkeys(missing))
        for name, answer in found:
            if answer[0] not in outside:
                self._messages[name] = (answer[0], git.decode(answer[2]))
        return [known for name in wanted if (known := self._messages.get(name))]

    def prime(self, texts: list[str], refs: list[tuple[str, ...]]) -> None:
        """Read the commits every one of the items cites, at once."""
        self.commits([name for text, cited in zip(texts, refs, strict=True)
                      for name in ids(text, cited)])

    def following(self, texts: list[str], refs: list[tuple[str, ...]],
                  held: list[str | None]) -> dict[int, str]:
        """For each item a judge held (``held``), by its place: what follows the subject
        of a reviewed commit it cites (:meth:`recorded`), which the judge asks again; the
        commits of all of them read at once."""
        asked = [n for n, why in enumerate(held) if why]
        self.prime([texts[n] for n in asked], [refs[n] for n in asked])
        return {n: rest for n in asked
                if (rest := self.recorded(texts[n], refs[n])) is not None}

    def recorded(self, text: str, refs: tuple[str, ...]) -> str | None:
        """What follows the words of a reviewed commit ``text`` cites when it opens with
        them (:meth:`told`), "" when all of it is that commit's; None otherwise."""
        found = self.told(text, refs)
        return found[2] if found else None

    def told(self, text: str, refs: tuple[str, ...]) -> tuple[str, str, str] | None:
        """(the opening of ``text`` that retells a reviewed commit's subject, the words of
        its message after it or in its place, what follows), or None when it opens with
        none: a commit's imperative subject ("Remove `x` from `y`") records a change the
        team made, not an order.  The subject is known with its code spans' backticks
        aside, a conventional commit's type left out, its first verb in the past, its
        "Fix " left out (the bug it fixed, told as a pattern), and each part a squash
        merge lists ("* Replace x with y"); the item may put its
        own label before it ("Security: exempt OPTIONS ...", "jsx: add ...").  What
        follows that is words of the commit's message is the commit's too, and so is a
        text made wholly of the message's own sentences (:func:`_sentences`): "The
        constructor allocated `x = {}` on every request" tells the past a fix ended.  The
        changelog entries the commit added count as its message (:meth:`_retelling`)."""
        for sha, message in self.commits(ids(text, refs)):
            said = message.partition("\n\n")[2]
            for subject in _subjects(said):
                for opening in _openings(text):
                    for form in _forms(subject):
                        after = _after(opening, form)
                        if after is not None:
                            opened = text[:len(text) - len(after)]
                            # the patch is read only when the message does not tell it
                            if _retold(after, said) or _retold(
                                    after, self._retelling(sha, said)):
                                return opened, after, ""
                            return opened, "", after
            if _sentences(text, said) or _sentences(text, self._retelling(sha, said)):
                return "", text, ""
        return None

    def _retelling(self, sha: str, message: str) -> str:
        """``message`` followed by each changelog entry commit ``sha`` added, a paragraph
        each: what the commit's author wrote of the change in the changelog ("Remove the
        `handlerEs` type parameter of `LocalEnv` as it was only needed ...") is as much
        the reviewed commit's record as its message."""
        self._patch(sha)
        return "\n\n".join([message, *self._entries.get(sha, [])])

    def took_away(self, name: str, text: str, refs: tuple[str, ...]) -> bool:
        """Whether a reviewed commit ``text`` cites removed a line holding ``name`` (as a
        whole word) from a file whose lines at the tip no longer hold it: the removal
        stands (a weakening made and reverted is no record of this kind), and where the
        text names files (``in command_run.go``), from one of them."""
        from gitmemory.injection import spans

        named = _files_named(text)
        for sha, _ in self.commits(ids(text, refs)):
            files = [path for path, lines in self._patch(sha).items()
                     if any(spans.holds_word(line, name) for line in lines) and (
                         not named or any(path == want or path.endswith("/" + want)
                                          for want in named))]
            if any(not any(spans.holds_word(line, name) for line in self._at_tip(path))
                   for path in files):
                return True
        return False

    def touched(self, names: tuple[str, ...], refs: tuple[str, ...]) -> bool:
        """Whether a reviewed commit ``refs`` cite changed, added or deleted a file whose
        name (any case) is one of ``names``: "fixed GHSA-... (Package@swift-5.9.swift)"
        names the manifest the fix changed, since deleted, not an address."""
        wanted = {name.lower() for name in names}
        for sha, _ in self.commits(ids("", refs)):
            self._patch(sha)
            if any(path.rsplit("/", 1)[-1].lower() in wanted for path in self._files[sha]):
                return True
        return False

    def removed(self, name: str, text: str, refs: tuple[str, ...]) -> bool:
        """Whether the removal a record of a reviewed commit ``text`` cites tells stands:
        the commit removed a line holding ``name`` that its file still lacks at the tip
        ("remove `parseBody` from bodyCache", though the name lives on in other lines),
        or, when no line it removed holds the name ("Drop prefix in `Display` of
        VirtualizeError": the prefix went, from inside ``Display``), a line its file
        still lacks.  A revert, which brings the lines back, ends it.  Where the text
        names files the commit touched, from one of them."""
        from gitmemory.injection import spans

        named = _files_named(text)
        for sha, _ in self.commits(ids(text, refs)):
            patch = self._patch(sha)
            paths = [path for path in patch if any(
                path == want or path.endswith("/" + want) for want in named)] or list(patch)
            lines = [(path, line) for path in paths for line in patch[path]
                     if line.strip()]
            holding = [(path, line) for path, line in lines if spans.holds_word(line, name)]
            kept = {path: {line.strip() for line in self._at_tip(path)}
                    for path in {path for path, _ in holding or lines}}
            if any(line.strip() not in kept[path] for path, line in holding or lines):
                return True
        return False

    def _patch(self, sha: str) -> dict[str, list[str]]:
        """The lines ``sha``'s patch against its first parent removed, by file; the
        changelog entries it added are kept aside (:func:`_added_entries`)."""
        if sha not in self._removed:
            code, out = git.run_status(["-c", "core.quotePath=false", "show", "--format=",
                                        "--no-color", "--no-ext-diff", "--no-renames",
                                        "--diff-merges=first-parent", "-U0", sha, "--"],
                                       self.repo_dir)
            removed: dict[str, list[str]] = {}
            added: list[tuple[str, list[str]]] = []  # (changelog, its hunk's added lines)
            files: set[str] = set()
            path, new, header = "", "", False
            for line in (out[:MOST_PATCH] if code == 0 else "").splitlines():
                if line.startswith("diff --git "):
                    path, new, header = "", "", True
                elif header and line.startswith("--- "):
                    path = line[6:] if line.startswith("--- a/") else ""
                    files.add(path)
                elif header and line.startswith("+++ "):
                    files.add(line[6:] if line.startswith("+++ b/") else "")
                    new = line[6:] if line.startswith("+++ b/") and is_changelog(line[6:]) \
                        else ""
                elif line.startswith("@@"):
                    header = False
                    if new:
                        added.append((new, []))
                elif not header and line.startswith("-") and path:
                    removed.setdefault(path, []).append(line[1:])
                elif not header and line.startswith("+") and new:
                    added[-1][1].append(line[1:])
            self._removed[sha] = removed
            self._files[sha] = files - {""}
            self._entries[sha] = [entry for changelog, lines in added
                                  for entry in _added_entries(changelog, lines)]
        return self._removed[sha]

    def _at_tip(self, path: str) -> list[str]:
        """The lines of ``path`` at the tip (none when the tip has no such file)."""
        if path not in self._tip_files:
            found = git.cat_file([f"{self.tip}:{path}"], self.repo_dir)
            blob = found[0] if found else None
            self._tip_files[path] = git.decode(blob[2]).splitlines() \
                if blob and blob[1] == "blob" else []
        return self._tip_files[path]


_BULLETS = ("* ", "- ", "+ ")  # what opens an entry of a changelog's list


def _added_entries(changelog: str, lines: list[str]) -> list[str]:
    """The entries among the ``lines`` one hunk added to ``changelog``, each a line of
    words: a fragment's text is one entry; in a changelog every change adds to, each list
    item (its wrapped lines joined) and each paragraph is one, and a heading is none."""
    found: list[list[str]] = []
    fresh = True
    for raw in lines:
        line = raw.strip()
        heading = line.startswith(("#", "===", "---", "~~~", "^^^")) or line.startswith(
            ".. ")
        if not line or heading:
            fresh = True
            continue
        if line.startswith(_BULLETS) or fresh:
            found.append([])
            line = line[2:] if line.startswith(_BULLETS) else line
        found[-1].append(line)
        fresh = False
    entries = [" ".join(" ".join(words).split()) for words in found]
    if is_fragment(changelog):
        return [" ".join(entries)] if entries else []
    return [entry for entry in entries if entry]


def _files_named(text: str) -> list[str]:
    """The files ``text`` names: words with a file's ending (a dot and up to five lower-case
    letters or digits: ``command_run.go``, ``deploy/nginx.conf``), as written."""
    found = []
    for raw in text.replace("`", " ").split():
        word = raw.strip("'\"()[]{}<>,;:!?").rstrip(".").removeprefix("./")
        stem, dot, ending = word.rpartition(".")
        if dot and stem and 1 <= len(ending) <= 5 and ending.isalnum() and \
                ending[0].isalpha() and ending == ending.lower() and "(" not in word and \
                "://" not in word:
            found.append(word)
    return found


_JOINS = " \u2014\u2013-:;,."  # what an item puts between a subject and its body's words


def _retold(after: str, message: str) -> bool:
    """Whether ``after`` (what follows the subject in an item) is words of the commit's
    ``message`` as written there (spaces, backticks and case aside; a trailing ellipsis
    where the item was cut): the item retells the commit's own message."""
    said = " ".join(after.strip(_JOINS).replace("`", "").split()).casefold()
    said = said.removesuffix("...").removesuffix("\u2026").rstrip(_JOINS)
    return not said or said in " ".join(message.replace("`", "").split()).casefold()


def _told_done(subject: str) -> list[str]:
    """The subject as a record tells it, its first verb in the past ("Remove x" told
    "Removed x", "Drop y" "Dropped y"): each form a verb's past may take; only the one
    the text opens with matters."""
    verb, _, rest = subject.partition(" ")
    if not rest or not verb.isalpha():
        return []
    return [f"{form} {rest}" for form in (verb + "d", verb + "ed", verb + verb[-1] + "ed",
                                          verb[:-1] + "ied")]


_PARTS_MOST = 20  # the parts of a squash merge's message read as subjects
_FEWEST_WORDS = 4  # words a text told wholly from a message's sentences has at least


def _subjects(message: str) -> list[str]:
    """The subjects ``message`` gives, as told: its first line and the first line of each
    part a squash merge lists ("* Replace x with y"), backticks, spaces, a trailing
    period and a pull request's number aside."""
    lines = message.split("\n")
    parts = [line.strip()[2:] for line in lines[1:]
             if line.strip().startswith(("* ", "- "))][:_PARTS_MOST]
    found = []
    for line in (lines[0].strip(), *parts):
        # "Fix x (#3209)": its pull request
        subject = line[:line.rindex(" (#")] if line.endswith(")") and " (#" in line else line
        subject = " ".join(subject.replace("`", "").split()).rstrip(". ")
        if subject:
            found.append(subject)
    return found


def _forms(subject: str) -> list[str]:
    """The forms a record tells ``subject`` in: as written, without its conventional
    type, its first verb in the past, and without the "Fix " of a fix (the bug told)."""
    plain = untyped(subject) or ""
    forms = [subject, plain, *_told_done(subject), *_told_done(plain)]
    for said in (subject, plain):
        verb, _, bug = said.partition(" ")
        if verb.lower() in ("fix", "fixed", "fixes") and len(bug.split()) > 1:
            forms.append(bug)
    return [form for form in forms if form]


def _openings(text: str) -> list[str]:
    """``text`` and, when it opens with a label of its own ("Security: ", "jsx: ", at most
    a conventional type's length, no space), what follows the label."""
    plain = untyped(text)
    return [text, plain] if plain else [text]


_BOUNDS = (". ", "! ", "? ", "* ", "- ", ": ")  # what a sentence of a message follows


def _sentences(text: str, message: str) -> bool:
    """Whether ``text`` is whole sentences of ``message`` as written there (spaces,
    backticks and case aside; a trailing ellipsis where the item was cut): it starts
    where a sentence, a paragraph or a listed part does and ends where a sentence does,
    so that no word around it ("Don't", "unless ...") is left out.  At least
    :data:`_FEWEST_WORDS` words."""
    said = " ".join(text.replace("`", "").split()).casefold()
    cut = said.endswith(("...", "\u2026"))
    said = said.removesuffix("...").removesuffix("\u2026").rstrip(_JOINS)
    if len(said.split()) < _FEWEST_WORDS:
        return False
    paragraphs = [" ".join(part.replace("`", "").split()).casefold()
                  for part in message.split("\n\n")]
    whole = ". ".join(part for part in paragraphs if part)
    at = whole.find(said)
    while at != -1:
        end = at + len(said)
        if (at == 0 or whole[:at].endswith(_BOUNDS)) and (
                cut or end == len(whole) or whole[end] in ".!?;"):
            return True
        at = whole.find(said, at + 1)
    return False


def _after(text: str, subject: str) -> str | None:
    """``text`` after ``subject`` when it opens with it, backticks aside (None if not)."""
    at = 0
    for char in subject.lower():
        while at < len(text) and text[at] == "`":
            at += 1
        if at >= len(text) or text[at].lower() != char:
            return None
        at += 1
    return text[at:].lstrip("`")
