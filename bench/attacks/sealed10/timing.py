"""Time (part sealed10): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed9
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 152 URLs whose hosts are IPv4 addresses in Arabic-Indic, Devanagari
  and mathematical monospace digits and with U+2024 (one dot leader) as dots (digit folding,
  compatibility normalisation and address parsing);
- 3,000 items each 200 block openers nothing closes (``CAUTION:``, ```` ```{note} ````,
  ``<dialog open>``, ``{{< notice >}}``, ``////``, ``{/*``, ``<aside>``, ``<svg><text>``,
  ``<fieldset><legend>``, ``<ruby><rt>``, ``bq.``, ``<nowiki>``);
- 2,000 items each 300 words separated by U+2063 (invisible separator), U+061C (Arabic letter
  mark) and U+034F (combining grapheme joiner);
- ``git push`` of a memory file of 20,000 items, each an ejson key line (the key directory path
  named by a 64-hex public key, then a 64-hex private key), the pre-push scan's entropy and
  hex rules.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Lots are hammered at 06:00", "Tests use pytest fixtures"]
ARABIC = {str(d): chr(0x0660 + d) for d in range(10)}
DEVANAGARI = {str(d): chr(0x0966 + d) for d in range(10)}
MONO = {str(d): chr(0x1D7F6 + d) for d in range(10)}


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


def _digits(table: dict[str, str], k: int, dot: str = ".") -> str:
    return dot.join("".join(table[d] for d in str(n)) for n in (203, 0, 113, k % 250))


def _odd_urls(k: int, j: int) -> str:
    return (f"http://{_digits(ARABIC, k + j)}/{j} http://{_digits(DEVANAGARI, k * 3 + j)}/d "
            f"http://{_digits(MONO, k + 7 * j)}/m "
            f"http://203\u20240\u2024113\u2024{(k + j) % 250}/o")


@attack("time", "1,000 items, each 152 URLs with Arabic-Indic, Devanagari and monospace-digit "
                "IPv4 hosts and U+2024 dots: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Scales {k}: " + " ".join(_odd_urls(k, j) for j in range(38)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes (CAUTION: ```{note} "
                "<dialog open> {{< notice >}} //// {/* <aside> <svg><text> bq. <nowiki>): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("CAUTION: ", "```{note} ", "<dialog open>", "{{< notice >}} ", "//// ", "{/* ",
               "<aside>", "<svg><text>", "<fieldset><legend>", "<ruby><rt>", "bq. ", "<nowiki>")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}lot{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+2063, U+061C and U+034F: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u2063", "\u061c", "\u034f")
    items = ["".join(f"lot{n}" + seps[n % 3] for n in range(300)) + f" crate {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 ejson key lines (64-hex path, 64-hex key)")
def ejson_key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    hexd = "0123456789abcdef"
    lines = [f"Key {k}: /opt/ejson/keys/" + fake("", 64, f"sealed10-pub-{k % 500}", hexd)
             + " " + fake("", 64, f"sealed10-priv-{k % 700}", hexd)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
