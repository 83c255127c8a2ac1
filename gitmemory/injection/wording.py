"""Vocabulary evidence: an item is written in words the repository's own text uses.

See docs/design.md, "Where two rules meet".  Lists of phrases per language do not
converge (an override in Swahili, Greek or ROT13 reads as no English rule expects), so
this rule asks no language at all: an item that was not read from the repository's files
must be written in the words its tracked text uses (docs, code identifiers, file names,
commit messages).  An item of at least :data:`MIN_WORDS` content words (runs of four
letters or more, in any script) most of which this text never uses is held back,
"written in words this repository does not use".  A word counts as used when a word of
the text shares its head (all but its last three letters, at least four): ``cached`` is
used where ``cache`` is.  A team that writes German keeps its German items: its own
text is German.

An item written in a code of symbols instead of words (Braille, flags, Morse, character
codes: :mod:`gitmemory.injection.symbols`) has no words to look up, and is held back.

An item that names the agent reading it (``agents``, ``the assistant``, ``AI``) speaks to
its reader, not of the project: it is held back unless the repository's text uses that
word too (a project about agents keeps it).

The vocabulary is read once per lookup, from a bounded part of the tree (documentation
first, each file's head) and the last commit messages, so its cost does not grow with
the repository; the verdicts are remembered per tip (:mod:`gitmemory.outputs.verdicts`).
Stdlib only: the checkout hook renders through this module.
"""

from __future__ import annotations

import bisect
import hashlib
import unicodedata

from gitmemory import git

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

MIN_WORDS = 3  # fewer content words than this, or fewer unused: too little to judge by
SLACK = 3  # letters a word may differ by at its end: inflections (cache, cached, caching)
HEAD = 4  # ... but never below this many letters in common
PER_FILE = 16_384  # bytes read of one file
BUDGET = 1_000_000  # bytes read of the tree in all
LARGEST = 1_000_000  # files larger than this are data, not text
MESSAGES = 400  # the last commit messages read
_SHOWN = 3
_DOCS = (".md", ".rst", ".txt", ".adoc", ".org", ".markdown", ".tex", ".pod")
# Words that name the reader of the agent files rather than anything of a project.
READER = frozenset(("agent", "agents", "assistant", "assistants", "llm", "llms", "chatbot",
                    "claude", "copilot", "codex", "gemini", "chatgpt"))
_READER_SHORT = "AI"  # a run of letters on its own


class _Letters(dict[int, int]):
    """A table for :meth:`str.translate`: letters and the marks written on them stay
    (Tamil, Hindi and Thai vowel signs are marks: a word is not cut at each), anything
    else becomes a space (regular expressions cost the checkout hook their import)."""

    def __missing__(self, code: int) -> int:
        char = chr(code)
        self[code] = code if char.isalpha() or (
            code > 0x2FF and unicodedata.category(char).startswith("M")) else 32
        return self[code]


_LETTERS = _Letters()


def runs(text: str) -> list[str]:
    """The runs of letters of ``text`` (any script; digits and ``_`` split them)."""
    return text.translate(_LETTERS).split()


def fits(word: str, pattern: str) -> bool:
    """Whether ``word`` is the word ``pattern`` names: the word itself, a prefix (``skip*``)
    or any one word (``?``)."""
    return pattern in ("?", word) or (pattern.endswith("*") and word.startswith(pattern[:-1]))


def words(text: str) -> list[str]:
    """``text``'s content words, folded (NFKC, case-folded, identifiers split at their
    humps), each once, in order; a word's marks count among its letters."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    return list(dict.fromkeys(part for run in dict.fromkeys(runs(text)) if len(run) >= HEAD
                              for part in _folded(run)))


def _folded(run: str) -> list[str]:
    if run.islower():
        return [run]
    if run[1:].islower() or run.isupper():
        return [run.casefold()]
    parts, start = [], 0
    for at in range(1, len(run)):
        if run[at].isupper() and run[at - 1].islower():
            parts.append(run[start:at])
            start = at
    parts.append(run[start:])
    return [folded for part in parts if len(folded := part.casefold()) >= HEAD]


def _names_ai(text: str) -> bool:
    return _READER_SHORT in text and _READER_SHORT in runs(text)


class Vocabulary:
    """The words of a repository's text at one commit, looked up by their heads."""

    def __init__(self, text_words: set[str]) -> None:
        self.exact = text_words
        self._sorted = sorted(text_words)

    def uses(self, word: str) -> bool:
        if word in self.exact:
            return True
        head = word[:max(HEAD, len(word) - SLACK)]
        at = bisect.bisect_left(self._sorted, head)
        return at < len(self._sorted) and self._sorted[at].startswith(head)


class Text:
    """What the vocabulary of a tree is read from: every file's name and the heads of the
    text files chosen (documentation first, up to :data:`BUDGET` bytes).  Its
    :attr:`identity` names them (paths and blob ids): two commits with the same identity
    read the same words from their trees, so verdicts are remembered by it."""

    def __init__(self, repo_dir: str, tip: str, skip: Callable[[str], bool]) -> None:
        self.repo_dir, self.tip = repo_dir, tip
        files = [(path, blob, size) for path, blob, size in git.tree_blobs(tip, repo_dir)
                 if not skip(path) and size <= LARGEST]
        self.names = [path for path, _, _ in files]
        self.chosen: list[str] = []
        spent = 0
        for _, blob, size in sorted(files, key=lambda f: (
                not f[0].lower().endswith(_DOCS), f[0].count("/"), f[2])):
            if spent >= BUDGET:
                break
            self.chosen.append(blob)
            spent += min(size, PER_FILE)
        digest = hashlib.sha256("\0".join(self.names).encode("utf-8", "surrogateescape"))
        digest.update(" ".join(self.chosen).encode())
        self.identity = digest.hexdigest()

    def vocabulary(self) -> Vocabulary:
        """The words of the names, of the chosen files' heads and of the last
        :data:`MESSAGES` commit messages."""
        found = set(words(" ".join(self.names).replace("/", " ").replace(".", " ")))
        for answer in git.cat_file(self.chosen, self.repo_dir):
            data = answer[2][:PER_FILE] if answer else b""
            if data and b"\0" not in data[:8000]:
                text = data.decode("utf-8", "replace")
                found.update(words(text))
                if "ai" not in found and _names_ai(text):
                    found.add("ai")
        found.update(words(git.messages(self.tip, MESSAGES, self.repo_dir)))
        return Vocabulary(found)


def read(repo_dir: str, tip: str | None, skip: Callable[[str], bool]) -> Vocabulary:
    """The vocabulary of the tracked text at ``tip`` (files for which ``skip`` is true left
    out): :meth:`Text.vocabulary`."""
    return Text(repo_dir, tip, skip).vocabulary() if tip else Vocabulary(set())


_ENGLISH: list[frozenset[str]] = []


def english(word: str) -> bool:
    """Whether ``word`` is an English word of :mod:`gitmemory.injection.lexicon`, or one
    with an English ending (``caches``, ``cached``, ``caching``)."""
    if not _ENGLISH:
        from gitmemory.injection.lexicon import WORDS

        _ENGLISH.append(WORDS)
    known = _ENGLISH[0]
    return word in known or (word.isascii() and any(
        word.endswith(end) and (word[:-len(end)] in known or word[:-len(end)] + "e" in known)
        for end in _ENDINGS))


_ENDINGS = ("s", "es", "ed", "d", "ing", "ings", "ly", "er", "ers", "ation", "ations")


def _foreign(said: list[str], unused: list[str]) -> bool:
    """Most of an item's words unused, and at least :data:`MIN_WORDS` of them."""
    return len(unused) >= MIN_WORDS and 2 * len(unused) > len(said)


def _coded(text: str) -> str | None:
    """A run of ``text`` written in a code of symbols (:mod:`gitmemory.injection.symbols`)."""
    from gitmemory.injection import symbols

    return symbols.coded(text)


def suspect(text: str) -> bool:
    """Whether ``text`` may be held for its words in some repository: it names the agent
    reading it, or most of its words are not English.  Any other item is kept whatever
    the repository's text, so its tree need not be read."""
    said = words(text)
    return _names_ai(text) or any(w in READER for w in said) or (
        _foreign(said, [w for w in said if not english(w)])) or _coded(text) is not None


def reason(text: str, vocabulary: Vocabulary) -> str | None:
    """Why ``text`` is held back for its words, or None."""
    said = words(text)
    readers = [w for w in said if w in READER and w not in vocabulary.exact]
    if _names_ai(text) and "ai" not in vocabulary.exact:
        readers.append("AI")
    if readers:
        return f"addresses the agent reading it, in words this repository does not use: " \
            f"{', '.join(readers[:_SHOWN])}"
    code = _coded(text)
    if code is not None:
        return f"written in a code of symbols, not words: {code}"
    if len(said) < MIN_WORDS:
        return None
    foreign = [w for w in said if not vocabulary.uses(w) and not english(w)]
    if not _foreign(said, foreign):
        return None
    more = f" and {len(foreign) - _SHOWN} more" if len(foreign) > _SHOWN else ""
    return f"written in words this repository does not use: " \
        f"{', '.join(foreign[:_SHOWN])}{more}"
