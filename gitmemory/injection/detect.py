"""Telling knowledge from orders to the agent (docs/design.md, "Invariants").

:func:`reason` says why a memory item reads as an instruction to the agent
rather than as knowledge about the code; such items are held back from
``CLAUDE.md`` and shown for review.  A false alarm drops real knowledge, so
each check wants a shape, not a word: "ignore" alone is fine ("ignore
generated files in coverage"), "ignore" + "all previous" + "instructions" is
not; ``.env`` alone is fine ("config is loaded from .env.example"), "print" +
``.env`` at the head of a clause is not; ``curl`` alone is fine, ``curl`` piped
into a shell is not.

The families, each in its own module, all read the text folded
(:mod:`gitmemory.injection.fold`: look-alike letters by Unicode's table,
invisible characters, diacritics, spaced-out and run-together letters):

- override and role phrasing in English (here), and the override order and
  the ask for secrecy in other languages (:mod:`gitmemory.injection.languages`);
- download-and-run in its shell and interpreter spellings
  (:mod:`gitmemory.injection.shell`);
- asks for credentials and for secrecy (:mod:`gitmemory.injection.credentials`);
- judging the agent's own instructions, and checks replaced by ones that check nothing
  (:mod:`gitmemory.injection.overreach`);
- orders about what the agent tells its user, and about copying the memory's own text
  elsewhere (:mod:`gitmemory.injection.conduct`);
- orders that fix what the agent answers people, keep what happened from them or have
  them give a secret into the conversation (:mod:`gitmemory.injection.speech`), and
  orders that direct the memory itself (:mod:`gitmemory.injection.keeping`);
- orders that take the agent's work past the people who check it
  (:mod:`gitmemory.injection.bypass`), and a person's consent claimed for the agent
  (:mod:`gitmemory.injection.consent`);
- orders that weaken the machine's defences (:mod:`gitmemory.injection.defences`) or
  move secrets out (:mod:`gitmemory.injection.outflow`);
- orders, states that "become", parties' decisions and records that weaken a protection
  (who may sign in or act, what is checked, tested, updated or kept private:
  :mod:`gitmemory.injection.weakens`).

Orders asked as questions, ticked in a checklist's boxes or written in a table's cells are
read recast as sentences in the imperative too (:mod:`gitmemory.injection.shapes`).  A
leetspeak reading ("1gn0re") is tried too.  Stdlib only and no ``re``: this
runs when the checkout hook renders ``CLAUDE.md`` lines it has not judged before.
"""

from __future__ import annotations

from gitmemory.injection import (
    bypass,
    conduct,
    consent,
    credentials,
    defences,
    keeping,
    languages,
    outflow,
    overreach,
    shapes,
    shell,
    speech,
    triggers,
    weakens,
)
from gitmemory.injection import vocabulary as w
from gitmemory.injection.fold import fold, words
from gitmemory.injection.neutralize import RLO as _RLO
from gitmemory.injection.neutralize import visual

_LEET = (str.maketrans("013457@$|!", "oieastasii"), str.maketrans("013457@$|!", "olea" "stasll"))
# Non-letters become spaces (a one-to-one table keeps str.translate on its fast path).
_NON_LETTERS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalpha()})


# Text longer than this is judged a window at a time, each window overlapping the next by
# half: every family reads a few words around what it finds, so a window's work is bounded
# and the whole judgement is linear in the text (issue 31, "Bounded time").
WINDOW = 512


def reason(text: str, grounded: bool = False) -> str | None:
    """Why ``text`` reads as an instruction to the agent, or None if it reads as knowledge.

    Text with a right-to-left override is judged as it is displayed, too: the override
    shows "erongi" as "ignore".  ``grounded``: the caller asks the evidence rule next, which
    judges a plain download piped into a shell (:func:`gitmemory.injection.shell.reason`)."""
    if _RLO in text:
        found = _judged(visual(text), grounded)
        if found:
            return f"{found}, written right to left"
    found = _judged(text, grounded)
    if not found and _scrambled(text):
        found = _judged(rot47(text))
        return f"{found}, written in ROT47" if found else None
    return found


def rot47(text: str) -> str:
    """``text`` with each printable ASCII character rotated by 47 (ROT47 is its own
    inverse)."""
    return "".join(chr(33 + (ord(ch) - 33 + 47) % 94) if 33 <= ord(ch) <= 126 else ch
                   for ch in text)


_SCRAMBLED = 0.15  # of the characters that are not spaces: punctuation, as ROT47 writes


def _scrambled(text: str) -> bool:
    """Whether ``text`` is ASCII in which punctuation stands where letters would (ROT47
    turns most letters into digits and signs)."""
    solid = [ch for ch in text if not ch.isspace()]
    return text.isascii() and len(solid) >= 16 and sum(
        not ch.isalnum() for ch in solid) >= _SCRAMBLED * len(solid)


def _judged(text: str, grounded: bool = False) -> str | None:
    for window in windows(text):
        found = _first_reason(window, grounded)
        if found:
            return found
    return None


def windows(text: str, size: int = WINDOW) -> list[str]:
    """``text`` in pieces of at most ``size`` characters, each starting halfway through the
    one before, cut at spaces where there are any (``[text]`` when it is short)."""
    if len(text) <= size:
        return [text]
    out = []
    start = 0
    while True:
        end = min(len(text), start + size)
        if end < len(text):
            space = text.rfind(" ", start + size // 2, end)
            end = space if space != -1 else end
        out.append(text[start:end])
        if end >= len(text):
            return out
        step = start + (end - start) // 2
        space = text.find(" ", step, end)
        start = space + 1 if space != -1 else step


def _first_reason(text: str, grounded: bool = False) -> str | None:
    flat = fold(text)
    found = _families(flat, text, grounded)
    if found:
        return found
    recast = shapes.recast(flat)
    return _families(recast, text, grounded) if recast != flat else None


def _families(flat: str, text: str, grounded: bool) -> str | None:
    """Why folded ``flat`` (of ``text``) reads as an order, by every family, or None."""
    found = (_raw_markers(flat) or shell.reason(flat, grounded) or credentials.credential_ask(flat)
             or credentials.secrecy(flat) or defences.reason(flat) or outflow.reason(flat)
             or overreach.reason(flat) or bypass.reason(flat) or conduct.reason(flat)
             or consent.reason(flat)
             or speech.reason(flat) or keeping.reason(flat) or triggers.reason(flat)
             or weakens.reason(flat)
             or languages.reason(flat, text.isascii()))
    if found:
        return found
    variants = [flat]
    if any(ch in flat for ch in "0134579@$|!"):
        variants += [flat.translate(table) for table in _LEET]
    for variant in variants:
        squeezed = "".join(variant.translate(_NON_LETTERS).split())
        stems = w.STEMS if variant is flat else w.VERB_STEMS
        if any(map(squeezed.__contains__, stems)) or any(
                map(squeezed.replace("l", "i").__contains__, w.VERB_STEMS)):
            tokens = words(variant)
            found = _override(tokens) or (_agent_phrase(tokens) if variant is flat else None)
            if found:
                return found
    return None


def _raw_markers(flat: str) -> str | None:
    stroked = flat.replace("l", "i")  # "[lNST]": I and l look alike
    for marker in w.RAW_MARKERS:
        if marker in flat or marker in stroked:
            return f"imitates a prompt or role marker ({marker!r})"
    start = flat.find("<|")
    while start != -1:
        end = flat.find("|>", start + 2, start + 40)
        if end > start + 2 and set(flat[start + 2:end]) <= w.SPECIAL_TOKEN_CHARS:
            return f"imitates a prompt or role marker ({flat[start:end + 2]!r})"
        start = flat.find("<|", start + 2)
    return None


def _override(tokens: list[str]) -> str | None:
    """A verb such as "ignore" followed, through filler words, by "instructions" or the like."""
    for i, token in enumerate(tokens):
        if token not in w.OVERRIDE_VERBS:
            continue
        skipped: list[str] = []
        nxt = ""
        for nxt in [*tokens[i + 1:i + 8], ""]:
            if nxt not in w.FILLERS:
                break
            skipped.append(nxt)
        after = tokens[i + len(skipped) + 2] if i + len(skipped) + 2 < len(tokens) else ""
        if _targets(token, skipped, nxt, after):
            return f"addresses the agent ({' '.join([token, *skipped, nxt])!r})"
        if skipped and skipped[-1] in ("above", "everything") and nxt in ("", "and", "then"):
            return f"addresses the agent ({' '.join([token, *skipped])!r})"
    return None


def _targets(verb: str, skipped: list[str], target: str, after: str) -> bool:
    """Whether "<verb> <skipped...> <target>" overrides the agent's instructions."""
    seen = set(skipped)
    if target in w.HARD_TARGETS:
        return bool(seen - w.WEAK_FILLERS) or verb in w.EAGER_VERBS or after in w.AFTER_TARGET
    if target in w.SOFT_TARGETS:
        return bool(seen & w.POSSESSIVE_FILLERS) or after in w.AFTER_TARGET or (
            bool(seen & w.QUANTITY_FILLERS) and bool(seen & w.TIME_FILLERS)) or (
            target in w.RULE_TARGETS and bool(seen & w.TIME_FILLERS))
    return False


def _agent_phrase(tokens: list[str]) -> str | None:
    joined = f" {' '.join(tokens)} "
    for phrase in w.AGENT_PHRASES:
        if f" {phrase} " in joined:
            return f"addresses the agent ({phrase!r})"
    return None
