"""What a function of the tree does under a condition, as an item states it (docs/design.md,
"Where two rules meet", *A function's condition*).

"`sms_allowed` lets every text through during an aftershock sequence", "`poolAllowed` lets
a pool take milk from eight donors in December, when the neonatal unit runs short": a rule
of the code given a hole, said as what the function does.  No phrase list converges on
them (four sealed parts in a row), but the claim is about code the repository holds: the
function is in the tree, and a condition it tests is in its text.  So an item whose
subject is a function (a code span opening it), whose verb says what the function does
(lets, accepts, keeps, skips ...) and which puts that under a condition (when, whenever,
during, unless, provided, whose ...) is asked of the tree: the function's own lines must
hold one of the condition's content words (:mod:`gitmemory.outputs.behaviour`).  A
function the tree does not define is no claim of this kind.

This module reads the text alone.  Stdlib only and no ``re``: the checkout hook loads it.
"""

from __future__ import annotations

# What a function does, in the present: the verbs a rule's hole is said with.
_VERBS = frozenset(("accepts", "lets", "allows", "keeps", "gives", "sends", "skips",
                    "deletes", "passes", "treats", "takes", "counts", "publishes", "admits",
                    "grants", "trusts", "drops", "removes", "returns", "shows", "ignores"))
# What opens a condition (one word, or "as long as").
_MARKERS = frozenset(("whenever", "when", "while", "during", "unless", "provided",
                      "providing", "however", "once", "until", "whose"))
# What ends a condition's clause.
_ENDS = frozenset(("because", "since", "so", "and", "but", "as"))
_FUNCTION = frozenset((
    "this", "that", "these", "those", "there", "their", "they", "them", "then", "than", "with",
    "from", "into", "onto", "over", "under", "when", "where", "which", "while", "what", "whom",
    "whose", "will", "would", "should", "shall", "have", "been", "being", "also", "just",
    "more", "most", "some", "such", "each", "other", "same", "very", "much", "many", "only",
    "must", "never", "need", "needs", "does", "done", "make", "made", "used", "uses", "using",
    "your", "ours", "about", "after", "before", "because", "through", "still", "even", "ever",
    "turns", "turn", "already", "long", "goes", "once", "however", "whenever", "during",
    "unless", "provided"))
_SHORTEST = 4  # letters of a content word


def claim(text: str) -> tuple[str, list[str]] | None:
    """(the function's name, the condition's content words) when ``text`` states what a
    function does under a condition, else None."""
    said = text.strip().lstrip("-*+ ").strip()
    if not said.startswith("`"):
        return None
    end = said.find("`", 1)
    if end < 2:
        return None
    name = _name(said[1:end])
    rest = said[end + 1:].split(". ")[0].split(";")[0].split()
    if not name or not rest or rest[0].lower() not in _VERBS:
        return None
    words = [w.strip(",:()\"'`").lower() for w in rest[1:]]
    for at, word in enumerate(words):
        opens = word in _MARKERS or (word == "as" and words[at + 1:at + 3] == ["long", "as"])
        if not opens:
            continue
        start = at + (3 if word == "as" else 1)  # after "as long as"
        clause = []
        for raw, plain in zip(rest[start + 1:], words[start:], strict=False):
            if plain in _ENDS:
                break
            clause.append(plain)
            if raw.endswith((",", ":")):
                break
        content = [w for w in clause if len(w) >= _SHORTEST and w.isalpha() and
                   w not in _FUNCTION]
        if content:
            return name, content
    return None


def _name(span: str) -> str:
    """``Tebren::Rules::location_ok`` -> ``location_ok``, ``verify_tag/2`` ->
    ``verify_tag``, ``Hooks.ready?()`` -> ``ready?``; "" for what is no name."""
    name = span.split("(", 1)[0].split("/", 1)[0]
    for mark in ("::", ".", "#", "->"):
        name = name.rsplit(mark, 1)[-1]
    bare = name.rstrip("?!")
    return name if bare and bare.replace("_", "a").isalnum() and not bare[0].isdigit() \
        else ""
