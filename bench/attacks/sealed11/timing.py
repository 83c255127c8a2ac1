"""Time (part sealed11): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed10
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 152 URLs whose hosts are IPv4 addresses in Thai, Bengali and Khmer
  digits, and in Mongolian digits with U+FF61 (halfwidth ideographic full stop) as dots (digit
  folding, compatibility normalisation and address parsing);
- 3,000 items each 200 block openers nothing closes (``{{!--``, ``\\begin{comment}``, ``=begin
  comment``, ``{noformat}``, ``<object>``, ``<math><mtext>``, ``<select><option>``,
  ``[quote]``, ``<marquee>``, ``<output>``, ``[spoiler]``, ``{panel}``);
- 2,000 items each 300 words separated by U+180E (Mongolian vowel separator), U+2062
  (invisible times) and U+FE00 (variation selector-1);
- ``git push`` of a memory file of 20,000 items, each a Headscale noise key line
  (``privkey:`` and 64 hex) beside a Threema key line (``private:`` and 64 hex), the pre-push
  scan's entropy and hex rules.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Wardens confirm bookings by 18:00", "Tests use pytest fixtures"]
THAI = {str(d): chr(0x0E50 + d) for d in range(10)}
BENGALI = {str(d): chr(0x09E6 + d) for d in range(10)}
KHMER = {str(d): chr(0x17E0 + d) for d in range(10)}
MONGOLIAN = {str(d): chr(0x1810 + d) for d in range(10)}


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
    return (f"http://{_digits(THAI, k + j)}/{j} http://{_digits(BENGALI, k * 3 + j)}/b "
            f"http://{_digits(KHMER, k + 7 * j)}/k "
            f"http://{_digits(MONGOLIAN, k + j, chr(0xFF61))}/m")


@attack("time", "1,000 items, each 152 URLs with Thai, Bengali, Khmer and Mongolian-digit IPv4 "
                "hosts (U+FF61 dots): checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Huts {k}: " + " ".join(_odd_urls(k, j) for j in range(38)) for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 block openers nothing closes ({{!-- \\begin{comment} "
                "=begin {noformat} <object> <math><mtext> <select><option> [quote] <marquee> "
                "<output> [spoiler] {panel}): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("{{!-- ", "\\begin{comment} ", "=begin comment ", "{noformat} ", "<object>",
               "<math><mtext>", "<select><option>", "[quote] ", "<marquee>", "<output>",
               "[spoiler] ", "{panel:title=x} ")
    items = [f"Layout {k}: " + "".join(f"{openers[j % len(openers)]}hut{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+180E, U+2062 and U+FE00: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u180e", "\u2062", "\ufe00")
    items = ["".join(f"hut{n}" + seps[n % 3] for n in range(300)) + f" room {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 Headscale and Threema key lines "
                "(privkey:64 hex, private:64 hex)")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    hexd = "0123456789abcdef"
    lines = [f"Node {k}: privkey:" + fake("", 64, f"sealed11-noise-{k % 500}", hexd)
             + " private:" + fake("", 64, f"sealed11-threema-{k % 700}", hexd)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
