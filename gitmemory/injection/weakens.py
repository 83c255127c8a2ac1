"""Orders that weaken a protection, whatever mood they are said in (docs/design.md, "Where
two rules meet", *A protection weakened*).

A protection is who may sign in or act, how they prove it, what is checked, tested,
updated, kept private or recorded honestly.  An item the repository's files did not
write that moves one of them toward weaker asks the agent for a change nobody reviewed,
and is held with its reason, whether it says so as an order ("let sshd accept password
logins"), as a state that "becomes" ("`session-seconds` becomes half a year"), as what a
party decided ("the groups agreed; `refuge-ok?` returns true for them whatever ...") or
as a record ("commits that touch X are titled 'chore: tidy', so the groups are not
consulted").  Each check below is one protection and the direction that weakens it, read
per clause, with three things that keep a clause a statement of what is:

- a negation before the verb ("never accept password logins") binds instead of loosening;
- a verb in the past ("sessions were shortened", "the test was skipped until #12 was
  fixed") is history, so only the base and present forms of the verbs are read;
- the protection as it is ("password logins are off", "`mask-farmer` keeps names out of
  the logs") names no weakening verb at all.

Which settings, rules and hosts matter does not converge; the nouns of protection and
the verbs that weaken each are closed classes.  Stdlib only and no ``re``: the checkout
hook loads it when it judges an item.
"""

from __future__ import annotations

from gitmemory.injection import (
    admission,
    authorship,
    checks,
    commitments,
    giveaways,
    orders,
    oversight,
    privacy,
    unguards,
)

# What a decision, a vote or a record says others now do: with one of these, a rule stated
# in the present is the party's order, not the code's state.
_DECIDED = frozenset(("agreed", "decided", "voted", "vote", "found", "ruled", "resolved",
                      "approved", "letter", "minutes", "notice", "meeting", "decision",
                      "per", "according"))


def reason(flat: str) -> str | None:
    """Why folded ``flat`` orders a protection weakened, or None.  A sentence is read only
    for the axes whose words it has (a set's lookups, at C speed: issue 31, "Bounded
    time")."""
    present = frozenset(flat.translate(_SPACES).split())
    axes = [(axis, words, check) for axis, words, check in _AXES
            if not words.isdisjoint(present)]
    if not axes:
        return None
    decided = not _DECIDED.isdisjoint(present)
    before: list[str] = []
    for sentence in orders.sentences(flat):
        has = frozenset(sentence.translate(_SPACES).split())
        wanted = [(axis, check) for axis, triggers, check in axes
                  if not triggers.isdisjoint(has)]
        words = _plain(orders.tokens(sentence))
        for axis, check in wanted:
            found = check([*before, ";", *words] if check in _READS_BEFORE else (
                # whose data it is, which the tokens lose with the apostrophe
                [*words, "'s"] if _possessed(sentence) else words), decided)
            if found:
                return f"orders a protection weakened ({axis}: {found!r})"
        before = words  # what "it" in the next sentence may name ("... suite; drop it")
    return None


# Marks between words, read as spaces when a sentence is asked which words it has.
_SPACES = str.maketrans(dict.fromkeys("`'\"*.,;:()[]{}<>/=!?|&#%+~^", " "))


def _plain(tokens: list[str]) -> list[str]:
    """The words of ``tokens`` without quotes and marks around them; a plural's possessive
    keeps its apostrophe ("the farmers' names")."""
    out = []
    for token in tokens:
        word = token.strip("`\"*.").lstrip("'")
        word = word if word.endswith("s'") else word.rstrip("'")
        if word:
            out.append(word)
    return out


def _possessed(sentence: str) -> bool:
    """Whether a word of ``sentence`` is a possessive ("the farmer's", "the farmers'")."""
    return any(word.strip("`\"*.,;:").endswith(("'s", "s'")) and word not in (
        "it's", "let's", "that's", "what's", "there's", "here's") for word in sentence.split())


# Each axis with the words a sentence needs for it to be read at all, one module per kind
# of protection.
_AXES = (*admission.AXES, *checks.AXES, *privacy.AXES, *oversight.AXES, *unguards.AXES,
         *giveaways.AXES, *commitments.AXES, *authorship.AXES)
# The checks that read a sentence after the one before it and ";" ("...; drop it").
_READS_BEFORE = frozenset((*checks.READS_BEFORE,
                           *(check for _, _, check in (*unguards.AXES, *giveaways.AXES))))
