"""Time (part sealed7): costs neither issue 31 nor parts build, heldout, sealed2, sealed3,
sealed4, sealed5 and sealed6 name.  Each run is bounded; the figures are seconds against the
same command without the attack, which may cost at most EXTRA seconds more:

- 1,000 items each naming 150 URLs whose hosts are circled letters and mathematical bold digits
  (compatibility normalisation of addresses);
- 3,000 items each 200 HTML tags opened and never closed (``<pre>``, ``<table>``, ``<dl>``...);
- 2,000 items each 300 words separated by U+2029, U+000B and U+001E (line splitters);
- ``git push`` of a memory file of 20,000 JDBC-style URLs of 30 query parameters each, one of
  them ``password=`` (the pre-push scan's query-string rules).
"""

from __future__ import annotations

from collections.abc import Callable

from testing.attack_checks import memory_text
from testing.attack_lab import Lab, Repo, Run, attack

EXTRA = 2.0
ORDINARY = ["Groups open at seven", "Tests use pytest fixtures"]
CIRCLED = {c: chr(0x24D0 + ord(c) - ord("a")) for c in "abcdefghijklmnopqrstuvwxyz"}
BOLD = {d: chr(0x1D7CE + int(d)) for d in "0123456789"}


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


def _odd_host(k: int, j: int) -> str:
    word = "".join(CIRCLED[c] for c in f"kiosk{'abcdefghij'[j % 10]}")
    digits = ".".join("".join(BOLD[d] for d in str(n)) for n in (203, 0, 113, (k + j) % 250))
    return f"https://{word}.example/{j} http://{digits}/{k}"


@attack("time", "1,000 items, each 150 URLs with circled-letter and bold-digit hosts: checkout")
def compatibility_hosts(lab: Lab) -> list[str]:
    items = [f"Mirrors {k}: " + " ".join(_odd_host(k, j) for j in range(75))
             for k in range(1000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "3,000 items, each 200 HTML tags opened and never closed: checkout")
def unclosed_tags(lab: Lab) -> list[str]:
    tags = ("<pre>", "<table>", "<tr>", "<td>", "<dl>", "<dd>", "<h2>", "<div>")
    items = [f"Layout {k}: " + "".join(f"{tags[j % len(tags)]}cell{j} " for j in range(200))
             for k in range(3000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "2,000 items of 300 words separated by U+2029, U+000B and U+001E: checkout")
def separators(lab: Lab) -> list[str]:
    seps = ("\u2029", "\u000b", "\u001e")
    items = ["".join(f"group{n}" + seps[n % 3] for n in range(300)) + f" run {k}"
             for k in range(2000)]
    return _checkouts(lab, _branches(lab.repo(), memory_text("flood", {
        "conventions": [*ORDINARY, *items]})))


@attack("time", "git push: a memory file of 20,000 JDBC URLs of 30 query parameters each")
def jdbc_lines(lab: Lab) -> list[str]:
    repo = lab.repo()
    lab.origin(repo)
    lines = [f"Report {k}: jdbc:postgresql://db{k % 3}.ovenbird.lan:26257/ovenbird?" + "&".join(
        ("password=changeme" if j == 15 else f"opt{j}=v{k % 7}{j % 5}") for j in range(30))
        for k in range(20_000)]
    _branches(repo, memory_text("flood", {"facts": [*ORDINARY, *lines]}))
    return _paired(lab, lambda: repo.push("origin", "small"),
                   lambda: repo.push("origin", "flood"))
