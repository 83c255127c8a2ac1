"""Big memory files for the scale benchmarks: realistic sentences, not copies of one.

Items are 8 to 16 words from a vocabulary of a few thousand made-up words (a
few frequent ones, most rare, a few small words between), some with a code span,
each with a ref and, when ``areas`` are given, half of them with a path in one
of those areas; spread over the four sections as real files are.
"""

from __future__ import annotations

import random

from gitmemory.memory.markdown import SECTION_IDS, Item, Memory

SHARES = (0.4, 0.2, 0.25, 0.15)  # of the items, per section
SMALL = ("the", "a", "of", "to", "in", "on", "for", "with", "when", "is", "are", "and", "so",
         "never", "always", "before", "after", "by")


def vocabulary(rng: random.Random, size: int = 4000) -> list[str]:
    syllables = [c + v for c in "bcdfghjklmnprstvwz" for v in ("a", "e", "i", "o", "u", "ai",
                                                               "ou")]
    words = {"".join(rng.choice(syllables) for _ in range(rng.randint(1, 4)))
             for _ in range(size * 2)}
    return sorted(words)[:size]


def sentence(rng: random.Random, words: list[str], n: int) -> str:
    """Eight to sixteen words, a few small ones, some a code span; a Zipf-like pick."""
    out = []
    for k in range(rng.randint(8, 16)):
        if k % 3 == 1:
            out.append(rng.choice(SMALL))
            continue
        word = words[min(int(rng.paretovariate(0.7)) - 1, len(words) - 1)] \
            if rng.random() < 0.3 else rng.choice(words)
        out.append(f"`{word}_{n % 97}()`" if rng.random() < 0.05 else word)
    out[0] = out[0].capitalize()
    return " ".join(out) + f" ({n % 10} retries)" * (n % 3 == 0)


def memory(items: int, branch: str = "main", areas: tuple[str, ...] = (), seed: int = 7
           ) -> Memory:
    """A memory of ``items`` items for ``branch``."""
    rng = random.Random(seed)  # noqa: S311 - made-up sentences, not secrets
    words = vocabulary(rng)
    sections: dict[str, list[Item]] = {sid: [] for sid in SECTION_IDS}
    bounds = [round(items * sum(SHARES[:i + 1])) for i in range(len(SHARES))]
    for n in range(items):
        sid = SECTION_IDS[next(i for i, b in enumerate(bounds) if n < b)]
        paths = (f"{areas[n % len(areas)]}module.py",) if areas and n % 2 else ()
        sections[sid].append(Item(sentence(rng, words, n), (f"{rng.getrandbits(28):07x}",),
                                  paths))
    return Memory(branch, sections, updated="2026-11-21T10:30:00Z", through="a" * 40)
