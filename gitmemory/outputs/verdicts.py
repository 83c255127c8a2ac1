"""The one gate memory text passes wherever it is shown, remembered between checkouts.

:func:`gate` is what every agent file (``CLAUDE.md``, ``AGENTS.md``,
``GEMINI.md``, every rule file), ``search``, ``show`` and the MCP server show
of a memory line (docs/design.md, "Invariants"): secrets redacted as the text
will be read (:func:`gitmemory.secrets.folded.redact_as_read`: a token split by an
invisible character or typed in full-width letters included), then
neutralised (:func:`~gitmemory.injection.neutralize.neutralize`), then judged
(:func:`~gitmemory.injection.detect.reason`): a line that reads as an
instruction to the agent is held back.  All pure functions of the text, so
the renderer keeps each line's answer in ``render.cache`` in the local state
directory, and a checkout that shows lines seen before does not even load
these modules (docs/design.md, "The hot path").  The cache is keyed on the
identity of the rules' files: a new version of them starts it afresh.  Stdlib
only.
"""

from __future__ import annotations

import os

from gitmemory import state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from gitmemory.memory.markdown import Item

_CACHE = state.Cache(state.VERDICTS)
MAX_ENTRIES = 20_000  # past this the cache starts afresh: lines of deleted memory go too
_RULES = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


ITEM, NAME = "item", "name"
# An item whose reader asks the evidence rule next: the gate leaves a plain download piped
# into a shell to it (docs/design.md, "Where two rules meet").
GROUNDED_ITEM = "grounded item"
# The modules whose answers the cache keeps: a change to any of them starts it afresh.
_RULE_FILES = (
    "confusables.py", os.path.join("outputs", "grounds.py"), os.path.join("outputs", "prose.py"),
    os.path.join("outputs", "places.py"), os.path.join("outputs", "stated.py"),
    os.path.join("outputs", "changed.py"), os.path.join("outputs", "cited.py"),
    os.path.join("outputs", "behaviour.py"),
    *(os.path.join("injection", name) for name in (
        "neutralize.py", "detect.py", "vocabulary.py", "fold.py", "shell.py",
        "credentials.py", "languages.py", "defences.py", "indexes.py", "outflow.py",
        "orders.py", "elements.py", "commands.py", "overreach.py", "wording.py",
        "lexicon.py", "controls.py", "symbols.py", "grants.py", "triggers.py",
        "spans.py", "conduct.py", "places.py", "relaxes.py", "modals.py", "changes.py",
        "bypass.py", "becoming.py", "weakens.py", "speech.py", "withheld.py", "keeping.py",
        "unguards.py", "clauses.py", "admission.py", "checks.py", "privacy.py",
        "giveaways.py", "oversight.py", "shapes.py", "commitments.py", "authorship.py",
        "behaviour.py", "consent.py")),
    *(os.path.join("secrets", name) for name in (
        "folded.py", "redact.py", "patterns.py", "assignments.py", "contextual.py",
        "judging.py", "positions.py", "spoken.py", "split.py", "tools.py", "words.py",
        "reading.py", "calls.py", "nested.py", "defines.py", "structured.py", "pins.py",
        "named.py", "blocks.py", "bodies.py", "codes.py", "links.py", "placed.py",
        "signin.py", "labelled.py", "listed.py", "layers.py", "records.py", "byte_keys.py",
        "spelled.py", "passphrases.py", "pathnames.py")))
EMPTY = "empty once neutralised"


# An item is capped before it is judged (issue 31, "Bounded time"): its text, its paths
# and its suffix's values together.  Every reader shows at most SHOWN_CHARS of its text
# (the neutraliser's MAX_ITEM_CHARS: this module loads no rule before it judges, a test
# keeps the two equal), so that much of the text is what the rules read
# (:func:`as_shown`).  Redaction reads a few times more, so that a secret the cut would
# halve is found whole first.
MAX_JUDGED = 1_000
SHOWN_CHARS = 300
_READ = 4 * SHOWN_CHARS
_MORE = "..."


def shown(text: str, imports: Callable[[str], bool] | None = None) -> str:
    """``text`` as it may be shown: its head (:data:`_READ`) with secrets redacted as it
    will be read, then capped and neutralised (``imports``: which handles name a path,
    :func:`gitmemory.injection.neutralize.neutralize`)."""
    from gitmemory.injection.neutralize import neutralize
    from gitmemory.secrets import folded

    return neutralize(capped(folded.redacted_as_read(_head(text))), imports=imports)


def _head(text: str) -> str:
    """The first :data:`_READ` characters of ``text``, without the word the cut went
    through (a token cut in half would match no rule); in text with no space, without
    the part of a name the cut went through."""
    if len(text) <= _READ:
        return text
    head = text[:_READ]
    cut = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
    if cut <= 0:  # a name with no space (a branch of 3 KB): cut between its parts
        cut = max(head.rfind(mark) for mark in "/-_.:,;")
    return head[:cut] if cut > 0 else ""


def capped(text: str, limit: int = MAX_JUDGED) -> str:
    """``text`` cut to ``limit`` characters, at a space where there is one."""
    if len(text) <= limit:
        return text
    room = limit - len(_MORE)
    cut = text.rfind(" ", room // 2, room + 1)
    return text[:cut if cut != -1 else room].rstrip() + _MORE


def as_shown(item: Item) -> Item:
    """``item`` with as much of its text as a reader shows (:data:`SHOWN_CHARS`), its refs,
    paths and keys whole: what the evidence rule and the rules for words judge of it, as
    the rest is never shown."""
    if len(item.text) <= SHOWN_CHARS:
        return item
    return item.replace(text=capped(item.text, SHOWN_CHARS))


def gate(line: str, grounded: bool = False, imports: Callable[[str], bool] | None = None
         ) -> tuple[str, str | None]:
    """(the line as it may be shown, why it is held back or None).  ``grounded``: the
    caller asks the evidence rule next (:func:`gitmemory.injection.detect.reason`);
    ``imports``: as :func:`shown` takes it."""
    from gitmemory.injection.detect import reason

    text = shown(line, imports)
    if not text:
        return text, EMPTY
    # Neutralising drops a right-to-left override; what it showed reversed is judged too.
    return text, reason(text, grounded) or (
        reason(capped(_head(line)), grounded) if "\u202e" in line else None)


def safe_lines(lines: list[str], state_dir: str | None, grounded: bool = False,
               root: str | None = None) -> list[str | None]:
    """Each item line neutralised, or None when it is held back (or neutralises to nothing);
    ``grounded``: as :func:`gate` gives it.  ``root``: the directory an agent file resolves
    its imports against, so that a handle naming nothing there (``@org/team``) is shown
    as written; what the work tree held for each handle is part of the key the answer
    is kept by (a path that appears later is broken then)."""
    kind = GROUNDED_ITEM if grounded else ITEM
    if root is None:
        return _answers([(kind, line) for line in lines], state_dir)
    from gitmemory.injection.neutralize import handles, names_path

    asked = []
    for line in lines:
        found = handles(line)
        marks = "".join("1" if names_path(root, handle) else "0" for handle in found)
        asked.append((f"{kind} @{marks}" if "0" in marks else kind, line))
    return _answers(asked, state_dir)


HELD_NAME = "name held back for review"


def safe_name(name: str, state_dir: str | None) -> str:
    """A branch or file name made safe to quote inside a line: neutralised, token-like
    parts masked as the memory file's title masks them, and replaced by
    :data:`HELD_NAME` when it reads as an instruction (git allows a name made of
    words spaced with U+3000)."""
    return _answers([(NAME, name)], state_dir)[0] or ""


def safe_names(names: list[str], state_dir: str | None) -> list[str]:
    """:func:`safe_name` of each of ``names``, judged together: one look at the cache and
    at most one write of it (``list`` names 2,000 branches)."""
    return [answer or "" for answer in _answers([(NAME, name) for name in names], state_dir)]


# One process renders many files of one branch: the cache is read once per process.
_LOADED: dict[tuple[str | None, object], dict[tuple[str, str], str | None]] = {}


def _answers(asked: list[tuple[str, str]], state_dir: str | None) -> list[str | None]:
    return remembered(asked, lambda missing: [_answer(kind, line) for kind, line in missing],
                      state_dir)


def _answer(kind: str, line: str) -> str | None:
    if kind == NAME:
        from gitmemory.memory.markdown import title_for

        text, why = gate(title_for(line))
        return HELD_NAME if why and why != EMPTY else text
    base, _, marks = kind.partition(" @")
    imports = None
    if marks:  # which handles name a path, as safe_lines found them
        from gitmemory.injection.neutralize import handles

        named = dict(zip(handles(line), marks, strict=False))
        imports = lambda handle: named.get(handle, "1") == "1"  # noqa: E731
    text, why = gate(line, grounded=base == GROUNDED_ITEM, imports=imports)
    return None if why else text


# The evidence rule's answers (:mod:`gitmemory.outputs.grounds`), kept beside the gate's:
# whether an item holds executable text (by its line), and its verdict (by tip and line).
EXECUTABLE, GROUNDS = "executable", "grounds"
# ... and the commit whose files are its evidence (by tip: where it left the default branch).
BASE = "base"
# ... and the rules for words' (:mod:`gitmemory.outputs.prose`): what an item may be held
# for (by its line), the identity of a tip's text, an item's verdict on its words by that
# identity, and on a control it says is weakened by tip.
PROSE, VOCABULARY, WORDS, CONTROLS = "prose", "vocabulary", "words", "controls"
# ... and on a rule the tree's docs state that it relaxes, by tip.
RULES = "rules"
# ... and on an order to change what the tree holds, by tip.
CHANGES = "changes"
# ... and on a condition it puts on what a function of the tree does, by tip.
BEHAVIOUR = "behaviour"
# ... and on an item held that retells a reviewed commit it cites, by tip.
RECORDED = "recorded"


def remembered(asked: list[tuple[str, str]],
               compute: Callable[[list[tuple[str, str]]], list[str | None]],
               state_dir: str | None) -> list[str | None]:
    """The answer kept for each ``(kind, line)`` asked, those not kept yet worked out by
    ``compute`` (all at once) and kept."""
    key = _rules_identity()
    cache = _LOADED.get((state_dir, key))
    if cache is None:
        cache = _LOADED[(state_dir, key)] = _load(state_dir, key)
    missing = list(dict.fromkeys(entry for entry in asked if entry not in cache))
    if missing:
        cache.update(zip(missing, compute(missing), strict=True))
        if state_dir:
            _store(state_dir, key, cache)
    return [cache[entry] for entry in asked]


_IDENTITY: list[tuple[tuple[str, int, int], ...]] = []  # the rules cannot change mid-run


def _rules_identity() -> tuple[tuple[str, int, int], ...]:
    if not _IDENTITY:
        _IDENTITY.append(_identity_now())
    return _IDENTITY[0]


def _identity_now() -> tuple[tuple[str, int, int], ...]:
    found = []
    for name in _RULE_FILES:
        try:
            st = os.stat(os.path.join(_RULES, name))
        except OSError:
            return ()
        found.append((name, st.st_mtime_ns, st.st_size))
    return tuple(found)


def _load(state_dir: str | None, key: object) -> dict[tuple[str, str], str | None]:
    table = _CACHE.load(state_dir, key) if key else None
    return table if isinstance(table, dict) else {}


def _store(state_dir: str, key: object, cache: dict[tuple[str, str], str | None]) -> None:
    if not key:
        return
    if len(cache) > MAX_ENTRIES:
        cache = dict(list(cache.items())[-MAX_ENTRIES // 2:])
    _CACHE.store(state_dir, key, cache)
