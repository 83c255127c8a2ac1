"""Time (part sealed9): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed8
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 150 URLs whose hosts are Teredo IPv6 literals
  (``[2001:0:4136:e378:8000:63bf:34ff:8eNN]``) and IPv4 addresses in subscript, fullwidth and
  circled digits (compatibility normalisation and address parsing);
- 3,000 items each 200 block openers nothing closes (``.. note::``, ``#+BEGIN_EXAMPLE``,
  ``> [!NOTE]``, ``<blockquote>``, ``<template>``, ``<noscript>``, ``+++``, ``{% comment %}``);
- 2,000 items each 300 words separated by U+1680 (ogham space mark), U+180E (Mongolian vowel
  separator) and U+2060 (word joiner);
- ``git push`` of a memory file of 20,000 items, each a JSON-escaped PEM opener
  (``"key":"-----BEGIN RSA PRIVATE KEY-----\\n`` and 64 base64 characters, a literal
  backslash-n, no END line), as in a Zitadel machine-key file (the pre-push scan's armour rules).
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Registers are balanced every week", "Tests use pytest fixtures"]
SUB = {str(d): chr(0x2080 + d) for d in range(10)}
FULL = {str(d): chr(0xFF10 + d) for d in range(10)}
CIRCLED = {"0": "\u24ea", **{str(d): chr(0x245F + d) for d in range(1, 10)}}


def _paired(lab: Lab, base: Callable[[], Run], hostile: Callable[[], Run]) -> list[str]:
    before, after = base(), hostile()
    lab.note(f"{after.seconds:.2f} s against {before.seconds:.2f} s")
    if after.timed_out:
        return [f"killed after {after.seconds:.0f} s"]
    if after.seconds - before.seconds > EXTRA:
        return [f"{after.seconds - before.seconds:.1f} s more than without the attack "
                f"(bound {EXTRA:.0f} s)"]
    return []


def _branches(repo: Repo, flood: str) -> Repo:
    for branch, text in (("small", memory_text("small", {"conventions": ORDINARY})),
                         ("flood", flood)):
        repo.git("checkout", "-q", "-b", branch, "main", env={"GITMEMORY_DISABLE": "1"})
        repo.memory(branch, text)
        repo.commit_all(f"Notes for {branch}", hooks=False)
    repo.git("checkout", "-q", "main", env={"GITMEMORY_DISABLE": "1"})
    return repo


def _checkouts(lab: Lab, repo: Repo) -> list[str]:
    return _paired(lab, lambda: repo.git("checkout", "-q", "small"),
                   lambda: repo.git("checkout", "-q", "flood"))


def _digits(table: dict[str, str], k: int) -> str:
    return ".".join("".join(table[d] for d in str(n)) for n in (203, 0, 113, k % 250))


def _odd_urls(k: int, j: int) -> str:
    return (f"http://[2001:0:4136:e378:8000:63bf:34ff:8e{(k + j) % 100:02d}]/{j} "
            f"http://{_digits(SUB, k + j)}/{k} http://{_digits(FULL, k * 3 + j)}/m "
            f"http://{_digits(CIRCLED, k + 7 * j)}/c")


@attack("time", "1,000 items, each 150 URLs with Teredo literals and subscript, fullwidth and "
                "circled-digit IPv4 hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Mirrors {k}: " + " ".join(_odd_urls(k, j) for j in range(38)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (.. note:: #+BEGIN_EXAMPLE "
                "> [!NOTE] <blockquote> <template> +++): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = (".. note:: ", "#+BEGIN_EXAMPLE ", "> [!NOTE] ", "<blockquote>", "<template>",
               "<noscript>", "+++ ", "{% comment %} ")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}drug{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+1680, U+180E and U+2060: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u1680", "\u180e", "\u2060")
    items = ["".join(f"drug{n}" + seps[n % 3] for n in range(300)) + f" shelf {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time",
        "git push: a memory file of 20,000 JSON-escaped RSA private-key openers with no END")
def escaped_armour(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    lines = [f'Bot {k}: "key":"-----BEGIN RSA PRIVATE KEY-----\\n'
             + fake("", 64, f"sealed9-armour-{k % 500}", b64) + '\\n'
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
