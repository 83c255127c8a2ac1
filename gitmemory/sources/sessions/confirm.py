"""Whether what a branch committed after a session confirms a lesson nobody stated.

A session holds wrong turns as well as lessons: a hypothesis the agent
dropped, a fix that was reverted.  A lesson the person did not state is kept
only when the branch's history since the session began backs it: the files
it names changed (the net change from before the session to the tip, so a
change made and reverted counts for nothing), and the added lines show what
it says (one of its code-like words, ``cache.internal:6379`` or
``make_key()``, or two of its longer plain words).
"""

from __future__ import annotations

from gitmemory import git
from gitmemory.memory.candidates import Lesson

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
MIN_WORDS = 2
_EDGES = "`'\".,;:!?()[]{}<>"
_CODE = frozenset("_./()=:#-@$")
_STOP = frozenset((
    "about", "after", "again", "always", "because", "before", "being", "every", "first",
    "other", "never", "should", "their", "there", "these", "those", "through", "using",
    "where", "which", "while", "would", "could", "without", "instead", "directly", "change",
    "changes", "changed", "files", "lines", "value", "values", "works", "needs"))


class Afterwards:
    """What the branch at ``tip`` committed since a moment: read once per moment and paths."""

    def __init__(self, top: str, tip: str | None) -> None:
        self.top = top
        self.tip = tip
        self._added: dict[tuple[str, tuple[str, ...]], str] = {}

    def confirms(self, lesson: Lesson, since: str) -> bool:
        if not lesson.paths or not self.tip or not since:
            return False
        added = self.added(since, lesson.paths)
        return bool(added) and shows(lesson.content, added)

    def added(self, since: str, paths: tuple[str, ...]) -> str:
        """The lines the branch added to ``paths`` (net) in the commits since ``since``."""
        key = (since, paths)
        if key not in self._added:
            self._added[key] = self._read(since, paths)
        return self._added[key]

    def _read(self, since: str, paths: tuple[str, ...]) -> str:
        assert self.tip is not None
        shas = git.run(["rev-list", "--first-parent", f"--since={since}", self.tip],
                       self.top).split()
        if not shas:
            return ""
        base = git.rev_parse(shas[-1] + "^", self.top) or EMPTY_TREE
        diff = git.run(["--literal-pathspecs", "diff", "--no-color", "--no-ext-diff",
                        "--unified=0", base, self.tip, "--", *paths], self.top)
        return "\n".join(line[1:] for line in diff.split("\n")
                         if line.startswith("+") and not line.startswith("+++"))


def shows(content: str, added: str) -> bool:
    """Whether ``added`` (lines of code) shows what ``content`` says."""
    low = added.lower()
    words = [w.strip(_EDGES) for w in content.replace("`", " ` ").split()]
    if any(len(w) >= 4 and _looks_like_code(w) and w.lower() in low for w in words):
        return True
    plain = {w.lower() for w in words if len(w) >= 5 and w.isalpha() and w.lower() not in _STOP}
    return sum(1 for w in plain if w in low) >= MIN_WORDS


def _looks_like_code(word: str) -> bool:
    inner = word[1:]
    return bool(_CODE & set(word)) or any(c.isdigit() for c in word) or \
        (any(c.isupper() for c in inner) and any(c.islower() for c in word))
