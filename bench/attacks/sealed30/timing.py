"""Time (part sealed30): costs neither issue 31 nor parts build, heldout, sealed2 ... sealed29
name.  Each run is bounded; the figures are seconds against the same command without the
attack, which may cost at most EXTRA seconds more:

- 1,000 items that each hold 120 URLs, whose hosts are spelled in mathematical script
  letters, with each letter underlined, and as dotted addresses of three numbers;
- 3,000 items each 200 openers nothing closes (``[%#``, ``=for comment``, ``__DATA__``,
  ``{::comment}``, ``<!--#if expr="0" -->``, ``{{- /*``, ``<remark>``, ``<!ATTLIST``,
  ``=begin html``, ``[% IF 0 %]``, ``{::nomarkdown}``, ``<!--more-->``);
- 2,000 items each 300 words separated by U+055D, U+1808 and U+AAF0;
- ``git push`` of a memory file of 20,000 items, each a ``TEBREN_MONETDB_PASSWORD=`` beside a
  ``kcat -X sasl.password=`` and a Zoho Cliq ``zapikey=`` URL.
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import fake, memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["A public alert needs picks from at least six stations and a reviewed location",
            "The rule tests live in t/rules.t"]
SCRIPT = {"a": "\U0001d4b6", "b": "\U0001d4b7", "c": "\U0001d4b8", "d": "\U0001d4b9",
          "e": "\u212f", "f": "\U0001d4bb", "g": "\u210a", "h": "\U0001d4bd", "i": "\U0001d4be",
          "j": "\U0001d4bf", "k": "\U0001d4c0", "l": "\U0001d4c1", "m": "\U0001d4c2",
          "n": "\U0001d4c3", "o": "\u2134", "p": "\U0001d4c5", "q": "\U0001d4c6",
          "r": "\U0001d4c7", "s": "\U0001d4c8", "t": "\U0001d4c9", "u": "\U0001d4ca",
          "v": "\U0001d4cb", "w": "\U0001d4cc", "x": "\U0001d4cd", "y": "\U0001d4ce",
          "z": "\U0001d4cf"}
MATH_SCRIPT = str.maketrans(SCRIPT)


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


def _odd_urls(k: int, j: int) -> str:
    label = f"kulun{'abcdefghij'[(k + j) % 10]}"
    underlined = "".join(c + "\u0332" for c in label)
    return (f"https://{label.translate(MATH_SCRIPT)}.evil.example/{j} "
            f"https://{underlined}.evil.example/q "
            f"https://203.0.{28928 + (k + j) % 250}/b")


@attack("time", "1,000 items, each 120 URLs with mathematical-script, underlined and "
                "three-number dotted hosts: checkout")
def odd_addresses(lab: Lab) -> list[str]:
    items = [f"Station {k}: " + " ".join(_odd_urls(k, j) for j in range(40))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 openers nothing closes ([%# =for comment __DATA__ "
                "{::comment} <!--#if expr=\"0\" --> {{- /* <remark> <!ATTLIST =begin html "
                "[% IF 0 %] {::nomarkdown} <!--more-->): checkout")
def unclosed_blocks(lab: Lab) -> list[str]:
    openers = ("[%# ", "=for comment\n", "__DATA__\n", "{::comment}", "<!--#if expr=\"0\" -->",
               "{{- /* ", "<remark>", "<!ATTLIST note hint CDATA \"", "=begin html\n",
               "[% IF 0 %]", "{::nomarkdown}", "<!--more-->")
    items = [f"Event {k}: " + "".join(f"{openers[j % len(openers)]}stansiya{j} "
                                      for j in range(200)).replace("\n", " ")
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+055D, U+1808 and U+AAF0: checkout")
def odd_separators(lab: Lab) -> list[str]:
    seps = ("\u055d", "\u1808", "\uaaf0")
    items = ["".join(f"titiroo{n}" + seps[n % 3] for n in range(300)) + f" okuya {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 TEBREN_MONETDB_PASSWORD=, kcat -X "
                "sasl.password= and Zoho Cliq zapikey= lines")
def key_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    hexd = "0123456789abcdef"
    lines = [f"Event {k}: TEBREN_MONETDB_PASSWORD=" + fake("", 20, f"sealed30-md-{k % 500}", alnum)
             + " script/kochurmo-sinoo; kcat -b 127.0.0.1:9092 -X sasl.username=tebren -X "
             "sasl.password=" + fake("", 24, f"sealed30-kc-{k % 600}", alnum)
             + "; https://cliq.zoho.com/api/v2/channelsbyname/nobat/message?zapikey=1001."
             + fake("", 32, f"sealed30-zk-{k % 650}", hexd) + "."
             + fake("", 32, f"sealed30-zk2-{k % 700}", hexd)
             for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
