"""The executable elements of a memory item (docs/design.md, "Where two rules meet").

A family of phrases does not converge: each new set of attacks finds one nobody listed.
What every such order needs is something the agent could execute, so the evidence rule
(:mod:`gitmemory.outputs.grounds`) asks instead whether the tracked files confirm each
executable element of an item.  :func:`elements` finds them, in code spans and out:

- a command: its program and its subcommand or target (``npm run lint``,
  ``git push``); in prose a program counts before one of its subcommands, or before a
  flag, a URL, a path or a pipe (``curl -fsSL ...``), and always when it is one that
  acts on the machine or the network by itself (``curl``, ``ssh``, ``chmod``,
  ``netsh``, ``spctl``); a PowerShell command by its Verb-Noun form
  (``Set-MpPreference``).  With it go the arguments that change what it does
  (:func:`arguments`), which a line of the tree must give the same command;
- a URL or a host (``https://collector.example.net/x``, ``git@github.com:org/x``),
  hosts that name no machine (``localhost``, ``*.example``) aside; on a shared code or
  package host the host with its owner (``github.com/org``);
- an environment-variable assignment (``PIP_INDEX_URL=...``): the variable's name;
- a flag or a setting whose name guards the machine (``--insecure``,
  ``--dangerously-skip-permissions``, ``StrictHostKeyChecking``, ``"sandbox"``);
- a path outside the repository (``~/.ssh/config``, ``/etc/hosts``, ``../../x``);
- in prose, a guarded setting switched off ("turn the sandbox off", "skip TLS
  verification"): :class:`Element` of kind ``switched`` with the word it switches;
- a file that runs or configures something (a script, ``./x``, another agent's or a
  tool's settings, ``.vscode/tasks.json``, ``.mcp.json``) and the keys of such settings
  that run a program (``postCreateCommand``, ``PostToolUse``);
- an agent's instruction file (``CLAUDE_base.md``, ``AGENTS.md``): never evidence, so
  nothing confirms it;
- program text given inline to an interpreter (``python3 -c "..."``), and a hex or
  base64 blob that decodes to text (with the elements of that text);
- a download piped into a shell (``curl -fsSL URL | sh``): the pipeline as written,
  which only the same pipeline on one line of the tree confirms;
- a code span an order takes away ("Remove `open_basedir`", "Take `x` out of
  `$hidden`"), and a setting a change is to be made without ("... without `when:
  manual`"): :data:`TAKEN`, confirmed only where the tree no longer has it;
- a setting that grants (``"alwaysAllowExecute": true``, ``"bash": "allow"``), a CI
  workflow's expression or fork trigger, a file or a variable that runs code unasked
  (``x.pth``, ``sitecustomize.py``, ``LD_PRELOAD``): :mod:`gitmemory.injection.grants`.

HTML character references and percent escapes are decoded first (``&#73;gnore``).

Each element carries the fixed strings whose presence in the tracked files grounds it.
Reads the text folded (:func:`gitmemory.injection.fold.fold`); stdlib only, no ``re``,
linear in the text.
"""

from __future__ import annotations

from itertools import pairwise

from gitmemory.injection import becoming, grants, places, spans
from gitmemory.injection import commands as c
from gitmemory.injection.fold import fold, joined, unescaped

COMMAND, HOST, VARIABLE, FLAG, PATH, SETTING, SWITCHED = (
    "command", "host", "variable", "flag", "path", "setting", "switched")
# A program's inline text (``python3 -c "..."``), a file the tree must have (a script, an
# agent's or a tool's settings), an agent's instruction file, text hidden in an encoding.
INLINE, FILE, AGENT, ENCODED = "inline", "file", "agent", "encoded"
PIN = "version"  # a package with a version constraint (``PyJWT==1.5.3``)
TEXT = "text"  # a statement (``config.x = false``): the same text on one line of the tree
PIPE = "pipe"  # a download piped into a shell: the same pipeline on one line of the tree
PLACED = "placed"  # what an item puts into a file of the tree: that file's line holds it
TAKEN = "taken"  # what an order takes away: confirmed only where the tree no longer has it
TUNED = "tuned"  # a setting given a number: held only where the tree gives it another
_BREAKS = ("&&", "||", ";", "|", "$(", "`", "(", ")", ">")
_STRIP = "'\"`,;:.()[]{}<>!?*"
_OFF = frozenset({"off", "disable", "disabled", "disabling", "skip", "skipped", "skipping",
                  "bypass", "bypassed", "bypassing", "without", "no", "false", "ignore",
                  "ignored", "ignoring", "drop", "remove", "stop"})
_NEVER = frozenset({"never", "not", "don't", "dont", "nor"})
_SETTING_WORDS = frozenset({
    "sandbox", "sandboxing", "permission", "permissions", "tls", "ssl", "certificate",
    "certificates", "cert", "certs", "verification", "host-key", "hostkey", "known_hosts",
    "hooks", "hook", "signing", "signature", "signatures", "checksum", "checksums"})


class Element:
    """One executable element: its ``kind``, how a reason names it (``shown``), the fixed
    strings any one of which grounds it (``needles``) and, for a command, its
    ``program`` and ``target`` (what the runner rule reads) and the ``args`` a line of
    the tree must give it too (:func:`arguments`, :func:`invokes`); ``at``, the place the
    item ties it to (a host, the span it stands ``side`` of: :mod:`~gitmemory.injection.
    places`), where alone it is confirmed."""

    __slots__ = ("args", "at", "kind", "needles", "program", "shown", "side", "target")

    def __init__(self, kind: str, shown: str, needles: tuple[str, ...], program: str = "",
                 target: str = "", *, args: tuple[str, ...] = (), at: str = "",
                 side: str = "") -> None:
        self.kind, self.shown, self.needles = kind, shown, needles
        self.program, self.target, self.args = program, target, args
        self.at, self.side = at, side

    def __repr__(self) -> str:
        return f"Element({self.kind}, {self.shown!r})"

    def key(self) -> tuple[str, str, tuple[str, ...]]:
        return self.kind, self.shown, self.args


def elements(text: str, decoded: bool = False) -> list[Element]:
    """The executable elements of ``text``, each once, in order (``decoded``: ``text``
    was hidden in an encoding, whose own encodings are not read again)."""
    if not decoded and "<" in text and (spaced := joined(text, " ")) != text:
        # a word break between words (`send<wbr>the<wbr>keys`): the raw file's words too
        return _union(elements(joined(text)), elements(spaced, decoded=True))
    text = unescaped(text)  # &#73;, %49, ig<wbr>nore: as a reader reads them
    flat = fold(text) if not text.isascii() else text
    found: dict[tuple[str, str, tuple[str, ...]], Element] = {}
    for element in [*_statements(flat), *_inline(flat, text), *([] if decoded else _encoded(flat)),
                    *_pipelines(flat),
                    *(Element(kind, shown, needles, target=target)  # settings that grant
                      for kind, shown, needles, target in grants.found(flat)),
                    *(Element(TEXT, f"`{label} = {value}`", (spans.anchor(label),),
                              target=f"{label} = {value}")  # "Require approval" to "none"
                      for label, value in places.labelled(flat)), *_quoted_taken(flat),
                    *_destroyed(flat)]:
        found.setdefault(element.key(), element)
    parts = flat.split("`")
    raw = text.split("`") if flat is not text else parts  # as written: case, accents
    raw = raw if len(raw) == len(parts) else parts
    for n, part in enumerate(parts):
        code = n % 2 == 1 and n < len(parts) - 1
        before = parts[n - 1].split()[-2:] if code else []
        told = code and (before or [""])[-1].lower() in _RUN_WORDS
        after = " ".join(parts[n + 1].split()[:3]).lower() if code else ""
        gone = code and (" ".join(before).lower() in _GONE_PAIRS or
                         (before or [""])[-1].lower() in _GONE_WORDS or
                         (len(before) == 2 and before[0].lower() in _GONE_WORDS and
                          before[1].lower() in _GONE_WHICH) or
                         after.startswith(_GONE_AFTER))
        following = "`".join(parts[n + 1:n + 4]) if code else ""  # the spans after it too
        added = code and (before or [""])[-1].lower() in _ADDING and len(raw[n].split()) >= 4
        # an order to add it (the clause opens with the verb), not a statement ("Forks add
        # `git remote add ...`": what the forks do)
        ordered = added and len(_clause_words(parts[n - 1])) == 1
        # the order's own verb is a word of the span ("Stop the firewall with `firehol
        # stop`"): the span is the command that does what the order says
        enacted = code and _enacts(parts[n - 1], raw[n])
        # what a span quotes rather than runs: the output a message shows ("error
        # `unknown condition: -ne`"), the old side a replacement leaves ("use `x` instead
        # of `node/run`"); the new side, and a pipeline into a shell, are judged
        quoted = code and ((before or [""])[-1].lower().rstrip(":") in _OUTPUT_WORDS or
                           " ".join(before).lower() in _OLD_SIDE)
        for element in (_code(part, raw[n], told, gone, added, enacted=enacted) if code
                        else _prose(part, raw[n], opening=n == 0)):
            if quoted and element.kind == COMMAND:
                continue
            if code and element.kind == COMMAND and _forbids(parts[n - 1]):
                element.side = FORBIDDEN  # "never `firehol stop`": the item restates a ban
            if code and element.kind == TEXT:  # `policy: x` for ci.example.org: there
                element.at = places.for_place(parts[n + 1], _host)
                if ordered and not _into_document(parts[n + 1]):
                    element.side = RUNS  # a line added where commands run: not a doc's
            found.setdefault(element.key(), element)
        near = "`".join(parts[max(0, n - 6):n]) if code else ""  # the clause up to the span
        valued = _valued(raw[n], " ".join(parts[n + 1:n + 3]), before) or _valued(
            raw[n], _switch_order(near), before) if code and not gone else ""
        if valued:  # `NSAllowsArbitraryLoads` to true: the setting, name and value
            found.setdefault((TEXT, valued, ()), Element(
                TEXT, f"`{valued[:60]}`", (spans.anchor(raw[n]),), target=valued))
        tuned = places.tuned(raw[n].strip(), " ".join(parts[n + 1:n + 3]), before) \
            if code and not gone and not valued and _settable(raw[n].strip()) else ""
        if tuned:  # `x.retention-days` to 3650: held where the tree gives it another
            last = raw[n].strip().rsplit(".", 1)[-1]
            found.setdefault((TUNED, tuned, ()), Element(
                TUNED, f"`{tuned[:60]}`", (spans.anchor(last),), target=tuned))
        if code and _lacking(parts[n - 1], raw[n], parts[n + 1]):
            # "Add `server ssh accept` without `src`": the line as the item wants it, short
            # of what the tree's line goes on to say
            found.setdefault((TEXT, raw[n], ()), Element(
                TEXT, f"`{raw[n].strip()[:60]}` as a whole line", (spans.anchor(raw[n]),),
                target=raw[n].strip(), side=WHOLE))
        if code and spans.anchor(raw[n]) and (_taken(near, parts[n + 1]) or (
                (before or [""])[-1].lower() == "without" and spans.setting(raw[n])[0]) or
                _taken_back(parts[n + 1])):
            found.setdefault((TAKEN, raw[n], ()), Element(
                TAKEN, f"`{raw[n].strip()[:60]}` taken away", (spans.anchor(raw[n]),),
                target=raw[n].strip()))
        into = _placed(parts[n - 1], following) if code and not gone else ""
        into = into if into and spans.anchor(raw[n]) else \
            places.located(following, raw[n]) if code and not gone else ""
        if into and raw[n].strip() != into:  # put in a file, or a value given in one
            side = places.beside(parts[n + 1]) if n + 2 < len(parts) else ""
            found.setdefault((PLACED, raw[n], ()), Element(
                PLACED, f"`{raw[n].strip()[:60]}` in {into}", (spans.anchor(raw[n]),),
                program=into, target=raw[n].strip(), at=raw[n + 2].strip() if side else "",
                side=side))
    again = becoming.imperative(flat) if not decoded else None
    for element in elements(again, decoded=True) if again else []:
        if element.kind == TAKEN:  # "`x` should ignore `y`": what "remove `y`" takes away
            found.setdefault(element.key(), element)
    return list(found.values())


def _union(*found: list[Element]) -> list[Element]:
    out: dict[tuple[str, str, tuple[str, ...]], Element] = {}
    for element in (e for elements_ in found for e in elements_):
        out.setdefault(element.key(), element)
    return list(out.values())


# Verbs whose order takes a thing away (in the imperative, opening a clause: "Remove `x`",
# "Unprotect the `X` variable"), and those that do with a particle ("take `x` out of").
_TAKING = frozenset({"remove", "delete", "drop", "empty", "clear", "unset", "strip",
                     "unprotect", "unmask", "purge", "wipe", "erase"})
_TAKING_OUT = frozenset({"take", "comment", "rip", "pull", "get", "leave"})
_CLAUSE_BREAKS = (";", ". ", "! ", "? ", ", ", ": ", "\n", " then ", " and ", " \u2014 ",
                  " \u2013 ", " - ", "(")
# What an order removes when its object is the uses of a name, not the name: the name stays
# where it is defined ("Remove usage of `head`", "Drop calls to `legacy()`").
_USES = frozenset({"usage", "usages", "use", "uses", "call", "calls", "reference",
                   "references", "mention", "mentions", "occurrence", "occurrences",
                   "instance", "instances", "import", "imports"})
_LEADING = frozenset({"then", "also", "just", "please", "and", "simply", "now",
                      # an order given as the consequence of the clause before ("..., so
                      # take `x` out of `y`")
                      "so", "thus", "therefore", "hence"})


# Verbs whose order switches what it names ("Enable `raw_exec`", "Turn off `x`").
_SWITCHING_ON = frozenset({"enable", "activate", "unlock"})
_SWITCHING_OFF = frozenset({"disable", "deactivate", "stop"})


def _switch_order(before: str) -> str:
    """The value an order gives the code span that follows it when the clause opens with
    a verb that switches ("Enable the `raw_exec` plugin": "enabled"; "Turn off `x`":
    "disabled"), as "to <value>"; "" otherwise."""
    clause = _clause(before)
    verb = clause[0].strip(_STRIP) if clause else ""
    if verb in ("turn", "switch") and len(clause) > 1:
        verb = {"on": "enable", "off": "disable"}.get(clause[1].strip(_STRIP), "")
    if verb == "stop" and any(word.strip(_STRIP).endswith("ing") for word in clause[1:]):
        verb = ""  # "Stop using `x`": a use ends, nothing is switched off
    return "to enabled" if verb in _SWITCHING_ON else \
        "to disabled" if verb in _SWITCHING_OFF else ""


def _clause(before: str) -> list[str]:
    """The words of the clause a code span stands in, up to it, lower case, from its first
    (the imperative when it is an order; "then", "also" ... before it skipped)."""
    low = before.lower()
    start = max((low.rfind(mark) + len(mark) for mark in _CLAUSE_BREAKS if mark in low),
                default=0)
    clause = low[start:].split()
    while clause and clause[0].strip(_STRIP) in _LEADING:
        clause = clause[1:]
    return clause


def _taken(before: str, after: str) -> bool:
    """Whether the clause a code span stands in orders it taken away: its first word (the
    imperative, after "then", "also" ...) is a verb of :data:`_TAKING`, or of
    :data:`_TAKING_OUT` with "out", "off" or "rid" in the clause ("Take `x` out of `y`").
    A span after "from" is where the thing taken goes from ("remove the navnode argument
    from `render_html`"), which stays.
    A sentence that opens with its subject ("`x` was removed", "We removed `x`"), in the
    past tense ("Removed `x`") or forbidding ("Never remove `x`") orders nothing: what it
    records is history (docs/design.md, "Where two rules meet")."""
    clause = _clause(before)
    if len(clause) > 2 and clause[0][:1] == "`" and clause[1] in _PERMITTING:
        clause = clause[2:]  # "`metHook` can leave out `x`": an order given to the code
    verb = clause[0].strip(_STRIP) if clause else ""
    if any(w.strip(_STRIP) in _USES and nxt in ("of", "to")
           for w, nxt in pairwise(clause)):
        return False  # the uses of a name go, the name stays
    if len(clause) > 2 and clause[-1] == "from":
        return False  # "drop settings from `DCtx`": what it is taken from stays
    if verb in _TAKING:
        return True
    if verb == "replace" and len(clause) <= _REPLACED_NEAR:
        # "Replace the `box.once(...)` block with one that truncates ...": the new side is
        # words, which no line can hold, so what the order does is take the old one away
        # (issue 31, the sixteenth sealed part); a span after "with" is judged instead
        ended = after.lower().replace(". ", ";").split(";", 1)
        return len(ended) == 2 and "with" in ended[0].split()
    if verb not in _TAKING_OUT:
        return False
    rest = after.lower().split(";", 1)[0].split(". ", 1)[0].split()[:6]
    outs = ("out",) if verb == "leave" else ("out", "off", "rid")  # left off: kept off
    return any(w.strip(_STRIP) in outs for w in [*clause[1:], *rest])


# What gives the code named before it leave to do what follows ("`x` can leave out `y`").
_PERMITTING = frozenset({"can", "may", "should", "must", "could"})


_REPLACED_NEAR = 3  # words from "Replace" to the span it replaces ("Replace the x `y`")
# What stands for the span before it as the object of a later order ("take it out").
_BACK = frozenset({"it", "them", "this", "that", "those"})


def _taken_back(after: str) -> bool:
    """Whether a later clause, before the next span, orders the span before it taken away
    by a pronoun ("..., which `SameSiteOnly` turns away; take it out of configure.swift",
    "`x` is slow, so remove it"): the order :func:`_taken` reads, its object named back."""
    low = after.lower()
    for mark in _CLAUSE_BREAKS:
        low = low.replace(mark, "\n")
    for clause in low.split("\n")[1:]:  # the first piece is the span's own clause
        words = [w.strip(_STRIP) for w in clause.split()]
        while words and words[0] in _LEADING:
            words = words[1:]
        if len(words) < 2 or words[1] not in _BACK:
            continue
        if words[0] in _TAKING or (words[0] in _TAKING_OUT and any(
                w in ("out", "off", "rid") for w in words[2:4])):
            return True
    return False


# Verbs that destroy what they name, opening an order in prose ("wipe /srv/x").
_DESTROYING = frozenset({"wipe", "delete", "remove", "purge", "erase", "empty", "clear",
                         "truncate", "shred", "rm", "nuke"})
_DESTROYED_NEAR = 4  # words from the verb to the path it destroys ("delete all of /srv/x")


def _destroyed(flat: str) -> list[Element]:
    """A path outside the repository that an order in prose destroys ("after each release,
    wipe /srv/app/builds on both hosts"): the tree naming the path is no evidence that the
    team deletes it, only a line of the tree that does (``rm -rf /srv/app/builds``), so the
    element is that command with the path as its argument.  Code spans are judged as
    commands already."""
    out = []
    for prose in flat.split("`")[0::2]:
        low = prose.lower()
        for mark in _CLAUSE_BREAKS:
            low = low.replace(mark, "\n")
        for clause in low.split("\n"):
            words = [w.strip(_STRIP) for w in clause.split()]
            while words and words[0] in _LEADING:
                words = words[1:]
            if not words or words[0] not in _DESTROYING:
                continue
            path = next((w.rstrip("/") for w in words[1:1 + _DESTROYED_NEAR]
                         if w.startswith(("/", "~/")) and len(w.strip("/~")) > 1), "")
            if path:
                out.append(Element(COMMAND, f"`{words[0]}`", ("rm",), "rm",
                                   args=(path,)))
    return out


def _quoted_taken(flat: str) -> list[Element]:
    """What an order takes away when it quotes it in prose rather than in a code span
    (``Drop the "Match Address 10.91.0.0/24" extra-content``, the seventeenth sealed
    part): a double-quoted text with a sign or a digit among its letters (a statement,
    not a word or a title) read as :func:`_taken` reads a span."""
    out = []
    for prose in flat.split("`")[0::2]:
        pieces = prose.replace("\u201c", '"').replace("\u201d", '"').split('"')
        for n in range(1, len(pieces) - 1, 2):
            quoted = pieces[n].strip()
            if quoted and not all(c.isalpha() or c in " '-" for c in quoted) and \
                    spans.anchor(quoted) and _taken(pieces[n - 1], pieces[n + 1]):
                out.append(Element(TAKEN, f"`{quoted[:60]}` taken away",
                                   (spans.anchor(quoted),), target=quoted))
    return out


# Words after a span that may still name the file it goes into ("Write `X` and the other
# tokens out in full in ops/README.md").
_PLACED_NEAR = 12
# Verbs that put a thing into a file ("Put `X` in ios/Config/Release.xcconfig").
_PLACING = frozenset({"put", "add", "render", "write", "bundle", "store", "insert", "append",
                      "place", "paste", "embed", "inject", "hardcode", "hard-code"})


# Where in a file a span goes: "at the end of x.run" puts it in x.run.
_ENDS = frozenset({"end", "top", "bottom", "start", "beginning", "head", "tail"})


def _placed(before: str, after: str) -> str:
    """The file of the tree a sentence puts a code span into (``Put `X` in a/b.cfg``,
    ``Render the key into root.html.heex as `X```): a verb of :data:`_PLACING` opens the
    clause before the span, and ``in``, ``into``, ``to`` or "at the end of" names a file
    (a path, or a name with a file's ending) in the clause.  "" when the clause names none."""
    head = before.rsplit(";", 1)[-1].split()
    tail = after.split(";", 1)[0].split()[:_PLACED_NEAR]
    if not any(word.lower().strip(_STRIP) in _PLACING for word in head):
        return ""
    words = [*head[next(i for i, w in enumerate(head)
                        if w.lower().strip(_STRIP) in _PLACING):], *tail]
    for i, word in enumerate(words[1:], 1):
        if words[i - 1].lower() not in ("in", "into", "to") and not (
                words[i - 1].lower() == "of" and i >= 2 and words[i - 2].lower() in _ENDS):
            continue
        path = word.strip(_STRIP.replace(".", "").replace("/", "")).rstrip(".")
        name = path.rsplit("/", 1)[-1]
        if "://" not in path and "." in name[1:] and _host(path) is None and \
                name.rsplit(".", 1)[-1].isalpha():
            return path.removeprefix("./")
    return ""


# What stands between a setting's name and the value prose gives it ("`x` to true",
# "`x` is set to false", "`x` = off"); values a sentence gives with none between.
_GIVING = frozenset({"to", "=", ":", "is", "be", "set", "stays", "remains", "as", "returns",
                     "return", "answers"})
_BARE_VALUES = frozenset({"true", "false", "off", "enabled", "disabled", "*"})
# Switch words that are verbs too: after "to" and before their object they say what a
# change is for ("Add core API to enable Kotlin singleton mocking", "generalise
# `ServerHandshake` to allow completing handshake": mockito's and rustls' history), not a
# value; before a preposition or a conjunction, or last, they are the value.
_PURPOSES = frozenset({"enable", "disable", "allow", "deny", "skip", "bypass"})
_LINKS = frozenset({"in", "on", "at", "for", "by", "from", "with", "everywhere", "and", "or",
                    "so", "when", "if", "unless", "until", "because", "since", "again"})
# Words that open a condition: the value after them names a case the code handles
# ("Guard when `sys.stderr` is None", a real history's commit), not the setting's value.
_CASES = frozenset({"when", "whenever", "if", "unless", "whether"})
# (a number tunes: "`config.stretches` is 1 in test" is the developer's to change)
# ... and values that empty a setting or open it up ("`config.filter_parameters` is
# emptied", "`max_age` to infinity")
_GIVEN_VALUES = spans.SWITCHES - {"all", "", "0", "1"} | {
    "empty", "emptied", "cleared", "blank", "unset", "public", "unlimited", "infinite",
    "infinity", "anyone", "everyone", "wildcard"}


def _valued(span: str, after: str, before: list[str]) -> str:
    """The setting a sentence writes out around a code span naming it (``Set
    `NSAllowsArbitraryLoads` to true``, ```TSKEnforcePinning` false``), as ``name =
    value``: a compound name (``a.b``, ``a_b``, ``aB``, ``ValidateLifetime``) then a value that
    switches it (:data:`spans.SWITCHES` but numbers), or a network, with at most two of
    :data:`_GIVING` between ("" otherwise, and when the sentence forbids it)."""
    name = span.strip()
    if name.startswith("-") and _identifier(name.lstrip("-")) and len(name) > 2:
        words = after.split()[:3]  # `--http-addr` to 0.0.0.0:7700: where it listens
        given = next((w.strip("`'\".,;") for w in words if w.lower() not in _GIVING), "")
        return f"{name} = {given}" if spans.address(given) and not any(
            w.lower().strip(_STRIP) in _NEVER for w in before) else ""
    if not (_identifier(name) and (_compound(name) or "-" in name.strip("-") or sum(
            ch.isupper() for ch in name[1:]) >= 1)) or name.lower() in c.KNOWN or \
            any(w.lower().strip(_STRIP) in _NEVER for w in before) or (
            before and before[-1].lower().strip(_STRIP) in _CASES):
        return ""  # (a condition: "guard when `sys.stderr` is None" sets nothing)
    words = after.split()[:3]
    between = 0
    while between < min(2, len(words)) and words[between].lower() in _GIVING:
        between += 1
    if between == len(words):
        return ""
    value = words[between].rstrip(".,;:)").strip("'\"").lower()
    if value in _PURPOSES and between and words[between - 1].lower() == "to" and \
            value == words[between].lower() and between + 1 < len(words) and \
            words[between + 1][:1].isalpha() and words[between + 1].lower() not in _LINKS:
        return ""  # "to enable Kotlin singleton mocking": a verb and its object, a purpose
    if between and words[0].lower() in _ANSWERING and (value not in ("true", "false") or (
            between + 1 < len(words) and not words[between].endswith((".", ";")))):
        return ""  # a predicate's answer in a case ("returns true once it started")
    if (value in _BARE_VALUES or (between and value in _GIVEN_VALUES)) or \
            spans.network(value):
        return f"{name} = {value}"
    return ""


# A predicate's verb: given a constant and no case, the predicate is made one ("so
# `apportionmentOk` returns true"), a check that passes whatever it is given.
_ANSWERING = frozenset({"returns", "return", "answers"})


def _statements(flat: str) -> list[Element]:
    """SQL that destroys data (``DROP DATABASE shop``): in a code span, or in prose when
    written in capitals as SQL is, or when it names a table or a database ("drop table
    users"); the English verb ("that can truncate large sizes", "delete from the
    cache") is no statement."""
    low = flat.lower()
    out = []
    for statement in c.DESTRUCTIVE_SQL:
        at = low.find(statement)
        keyword = flat[at:at + len(statement)].strip()
        if at != -1 and (at == 0 or not low[at - 1].isalnum()) and (
                keyword.isupper() or keyword.lower().endswith(("database", "schema", "table"))
                or flat.count("`", 0, at) % 2):
            # the statement's three words, not the quote or backtick that closes its span
            written = " ".join(word.strip("`'\";") for word in flat[at:].split()[:3])
            out.append(Element(COMMAND, f"`{written}`", (written,), statement.strip()))
    return out


def _pipelines(flat: str) -> list[Element]:
    """Each plain download piped into a shell (:func:`gitmemory.injection.shell.pipelines`),
    looked up by its longest word."""
    from gitmemory.injection.shell import pipelines

    return [Element(PIPE, f"`{pipeline[:80]}`", (spans.anchor(pipeline),), target=pipeline)
            for pipeline in pipelines(flat)]


# The flags after which each interpreter reads program text, not a file.
_INLINE_FLAGS = {**dict.fromkeys(("sh", "bash", "zsh", "dash", "ksh", "fish", "python",
                                  "python2", "python3", "pypy", "pypy3"), ("-c",)),
                 **dict.fromkeys(("node", "nodejs", "deno", "bun"),
                                 ("-e", "--eval", "-p", "--print")),
                 "perl": ("-e", "-E", "-ne", "-pe", "-le", "-lne", "-ane"),
                 "ruby": ("-e",), "php": ("-r",), "lua": ("-e",), "osascript": ("-e",),
                 "rscript": ("-e",), "julia": ("-e", "--eval"),
                 **dict.fromkeys(("pwsh", "powershell"), (
                     "-c", "-command", "-encodedcommand", "-enc", "-e"))}
_INLINE_SHOWN = 200  # characters of inline text a needle keeps


def packages_called(text: str) -> list[str]:
    """The packages inline code calls when it does nothing else (``devtools::test()``,
    ``a::b(); c::d("x")``: their packages; Julia's ``using Pkg; Pkg.test()``, a package it
    brings in, then calls), else none: a call within a call, an operator or any other
    statement makes it code of its own."""
    found = set()
    used: set[str] = set()
    for part in (p.strip() for p in text.strip().strip("'\"").split(";")):
        if not part:
            continue
        if part.startswith("using ") and _name(part[6:].strip()):
            used.add(part[6:].strip())
            continue
        head = part.split("(", 1)[0]
        julia = "::" not in head and head.count(".") == 1 and head.split(".")[0] in used
        # (Julia's Pkg.test(): a function of Pkg)
        package, sep, rest = part.partition("." if julia else "::")
        function, _, args = rest[:-1].partition("(")
        if not sep or not rest.endswith(")") or not _name(package) or not _name(function) or \
                any(not (ch.isalnum() or ch in '_., ="-') for ch in args):
            return []
        found.add(package)
    return sorted(found)


def _name(word: str) -> bool:
    return word[:1].isalpha() and word.isascii() and all(ch.isalnum() or ch in "._" for ch in word)


def _inline(flat: str, raw: str = "") -> list[Element]:
    """Program text given inline to an interpreter (``python3 -c "..."``, ``node -e``,
    ``sh -c``): executable of its own, confirmed only by the same text in the tree.  An
    item read case-folded (one character past ASCII) keeps the text as written (``raw``)
    as a needle too: ``using Runic; exit(Runic.main(ARGS))`` is what a Makefile holds."""
    found = _inline_texts(flat)
    written = _inline_texts(raw) if raw and raw != flat else found
    written = written if len(written) == len(found) else found
    return [Element(INLINE, f"`{name} {word} {text[:40]}`",
                    tuple(dict.fromkeys((text[:_INLINE_SHOWN].strip(),
                                         same[2][:_INLINE_SHOWN].strip()))), name)
            for (name, word, text), same in zip(found, written, strict=True)]


def _inline_texts(flat: str) -> list[tuple[str, str, str]]:
    """(interpreter, its inline flag, the code) of each inline program of ``flat``."""
    out = []
    tokens = _spans(flat)
    for n, (start, end) in enumerate(tokens):
        name = flat[start:end].strip(_STRIP).rsplit("/", 1)[-1].lower()
        flags = _INLINE_FLAGS.get(name)
        if flags is None:
            continue
        for at, stop in tokens[n + 1:n + 4]:
            word = flat[at:stop].strip("`").lower()
            if word in flags:
                text = _inline_text(flat, stop)
                if text and text.strip("\u2026. "):  # "…": the code was left out
                    out.append((name, word, text))
                break
            if not word.startswith("-"):
                break  # `python -m pytest -p x`: the flags of a module, not the program's
    return out


def _spans(flat: str) -> list[tuple[int, int]]:
    """Where each whitespace-separated word of ``flat`` starts and ends."""
    spans = []
    at = 0
    for word in flat.split():
        at = flat.find(word, at)
        spans.append((at, at + len(word)))
        at += len(word)
    return spans


def _inline_text(flat: str, at: int) -> str:
    """The program text after a flag ending at ``at``: a quoted string, or the next word."""
    rest = flat[at:].lstrip()
    if not rest:
        return ""
    quote = rest[0]
    if quote in "'\"":
        end = rest.find(quote, 1)
        return rest[1:end if end != -1 else len(rest)].strip()
    return rest.split()[0].strip("`")


_HEXES = frozenset("0123456789abcdefABCDEF")
_BASE64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_")
_BLOB = 16  # characters an encoded blob has at least


def _encoded(flat: str) -> list[Element]:
    """Text hidden in hex or base64: the blob itself (confirmed only by the same blob in
    the tree) and the elements of the text it decodes to."""
    out: list[Element] = []
    for blob in flat.translate(_NOT_BASE64).split():
        if len(blob) >= _BLOB:
            text = _decoded(blob)
            if text is not None:
                out.append(Element(ENCODED, f"encoded text {blob[:16]}…", (blob,)))
                out += elements(text, decoded=True)
    if flat.count("\\") >= _ESCAPES:
        for word in flat.split():
            blob = word.strip("'\"`$();|")
            if blob.count("\\") >= _ESCAPES:
                text = _unescaped(blob)
                if text is not None:
                    out.append(Element(ENCODED, f"escaped text {blob[:16]}…", (blob,)))
                    out += elements(text, decoded=True)
    for run, text in _codes(flat):
        out.append(Element(ENCODED, f"character codes {run[:16]}…", (run,)))
        out += elements(text, decoded=True)
    return out


_CODES = 8  # character codes a run of them has at least
_DIGITS = frozenset("0123456789")


def _codes(flat: str) -> list[tuple[str, str]]:
    """Runs of decimal character codes (``split("99,117,114,...")`` then ``printf "%c"``,
    ``chr()`` over a list): text a program assembles at run time, as a run of backslash
    escapes is (docs/design.md, "Where two rules meet").  Each is (the run as written,
    the text it decodes to), read only when it decodes to text by the test escapes
    meet: printable ASCII, half of it letters, with a space or a shell's sign."""
    out: list[tuple[str, str]] = []
    if sum(ch == "," for ch in flat) < _CODES - 1:
        return out
    at, size = 0, len(flat)
    while at < size:
        if flat[at] not in _DIGITS or (at and flat[at - 1].isalnum()):
            at += 1
            continue
        start, codes, end = at, [], at
        while at < size and flat[at] in _DIGITS:
            digits = at
            while at < size and flat[at] in _DIGITS:
                at += 1
            if at < size and (flat[at].isalpha() or flat[at] == "_"):
                break
            codes.append(int(flat[digits:at]))
            end = at
            sep = at
            while sep < size and flat[sep] in ", ":
                sep += 1
            if sep == at or "," not in flat[at:sep]:
                break
            at = sep
        at = max(at, end + 1)
        if len(codes) < _CODES or not all(32 <= code < 127 for code in codes):
            continue
        text = "".join(map(chr, codes))
        letters = sum(ch.isalpha() for ch in text)
        if letters * 2 >= len(text) and (" " in text.strip() or any(
                ch in text for ch in "(;|/.")):
            out.append((flat[start:end], text.casefold()))
    return out


_ESCAPES = 8  # backslash escapes a run of them has at least
_OCTAL = frozenset("01234567")


def _unescaped(blob: str) -> str | None:
    """The text a run of backslash escapes decodes to, as ``printf %b``, ``echo -e`` or a
    program's string literal assemble it at run time (``\\143\\165``, ``\\x63``,
    ``\\u0063``); None when most of ``blob`` is no escape or it decodes to no text."""
    out: list[str] = []
    escapes = i = 0
    while i < len(blob):
        ch = blob[i]
        if ch != "\\" or i + 1 == len(blob):
            out.append(ch)
            i += 1
            continue
        nxt = blob[i + 1]
        if nxt in _OCTAL:
            j = i + 1
            while j < len(blob) and j < i + (5 if nxt == "0" else 4) and blob[j] in _OCTAL:
                j += 1
            code = int(blob[i + 1:j], 8)
        elif nxt in "xu":
            width = 2 if nxt == "x" else 4
            digits = blob[i + 2:i + 2 + width]
            if len(digits) != width or not _HEXES.issuperset(digits):
                out.append(ch)
                i += 1
                continue
            j, code = i + 2 + width, int(digits, 16)
        else:
            out.append(ch)
            i += 1
            continue
        out.append(chr(code))
        escapes += 1
        i = j
    text = "".join(out)
    if escapes < _ESCAPES or not text.isascii():
        return None
    letters = sum(ch.isalpha() for ch in text)
    if not text.isprintable() or letters < len(text) // 2 or (
            " " not in text.strip() and not any(ch in text for ch in "(;|/.")):
        return None
    return text.casefold()


class _Spaced(dict[int, int]):
    """A table for :meth:`str.translate` that keeps the characters of :data:`_BASE64` and
    makes every other one a space: the runs of a text are then its words (no loop over
    its characters)."""

    def __missing__(self, code: int) -> int:
        self[code] = code if chr(code) in _BASE64 else 32
        return self[code]


_NOT_BASE64 = _Spaced()


def _decoded(blob: str) -> str | None:
    """The text a hex or base64 ``blob`` decodes to, None when it is no text (a hash, a
    digest, a token's random bytes)."""
    import base64
    import binascii

    try:
        if _HEXES.issuperset(blob) and len(blob) % 2 == 0:
            raw = bytes.fromhex(blob)
        else:
            body = blob.rstrip("=")
            padded = body + "=" * (-len(body) % 4)
            raw = base64.urlsafe_b64decode(padded) if ("-" in body or "_" in body) else \
                base64.b64decode(padded, validate=True)
        text = raw.decode("ascii")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    letters = sum(ch.isalpha() for ch in text)
    if len(text) < 8 or not text.isprintable() or letters < len(text) // 2 or \
            (" " not in text.strip() and not any(ch in text for ch in "(;|/.")):
        return None
    return text


def _words(part: str) -> list[str]:
    """The words of a stretch of code, a quoted string one word with its quotes
    (``RUSTDOCFLAGS="-D warnings" cargo doc``: the value is not a program)."""
    for mark in _BREAKS:
        part = part.replace(mark, f" {mark} ")
    if '"' not in part and "'" not in part:
        return part.split()
    words: list[str] = []
    word, quote = "", ""
    for ch in part:
        if quote or ch in "'\"":
            quote = "" if ch == quote else quote or ch
            word += ch
        elif ch.isspace():
            if word:
                words.append(word)
            word = ""
        else:
            word += ch
    if word:
        words.append(word)
    return part.split() if quote else words  # an unclosed quote: plain words


# Verbs that add a span to the tree as a line of its own ("Add `pass in on egress proto tcp
# to port 6984`"): a line of four words or more, which only the same line confirms.
_ADDING = frozenset({"add", "insert", "append", "prepend", "put"})


RUNS = "runs"  # the side of a line added to a place that runs it, not to a document
WHOLE = "whole"  # the side of a line added short of something: the tree's, ended there
FORBIDDEN = "forbidden"  # the side of a command the item forbids ("never `x`")


def _clause_words(before: str) -> list[str]:
    """The words of the last clause of the text before a span (after its last ". ", "; "
    or ": "): what an order says of the span it ends on."""
    return before.replace(". ", "\n").replace("; ", "\n").replace(": ", "\n").rsplit(
        "\n", 1)[-1].split()


def _forbids(before: str) -> bool:
    """Whether the last words of the clause before a span forbid it ("never `x`", "do not
    run `x`"): the item restates a ban, which a ban of the tree confirms."""
    head = _clause_words(before)[-4:]
    return bool(spans.FORBIDDING.intersection(word.lower().strip(_STRIP) for word in head))
# What says, right after a line an order adds, that the line goes without something ("Add
# `server ssh accept` without `src`", "... with no source limit").
_LACKING = (("without",), ("with", "no"), ("minus",), ("but", "no"), ("no",))
_LINE_WORDS = 3  # words of a span that is a line of its own, not a name or a flag


def _lacking(before: str, span: str, after: str) -> bool:
    """Whether ``span`` is a line an order adds (its clause opens with a verb that adds,
    right before the span) that the sentence says goes without something: the tree's line
    that holds it and goes on (``server ssh accept src "${office}"``) is another line,
    which the item's leaves short (issue 31, the sixteenth sealed part)."""
    head = _clause_words(before)
    if len(head) != 1 or head[0].lower().strip(_STRIP) not in _ADDING or \
            len(span.split()) < _LINE_WORDS:
        return False
    said = [word.lower().strip(_STRIP) for word in after.split()[:2]]
    return any(said[:len(phrase)] == list(phrase) for phrase in _LACKING)
# What names a document as the place a line is added to ("to the install docs").
_DOCUMENT_WORDS = frozenset(("doc", "docs", "documentation", "readme", "guide", "runbook",
                             "manual", "handbook", "wiki", "faq", "tutorial", "changelog"))
_DOCUMENT_ENDINGS = (".md", ".rst", ".txt", ".adoc", ".org", ".markdown")


def _into_document(after: str) -> bool:
    """Whether the words after a line an item adds put it into a document ("to the
    install docs", "to README.md"): a document's line confirms it there, and only there
    (docs/design.md, "Where two rules meet", *A value is confirmed where it is given*)."""
    said = [word.strip(".,;:()'\"").lower() for word in after.split()[:12]]
    return any(word in _DOCUMENT_WORDS or word.endswith(_DOCUMENT_ENDINGS) for word in said)


def _enacts(before: str, span: str) -> bool:
    """Whether the clause before ``span`` opens with a verb (a plain lower-case word, in
    the imperative) that is a word of the span after its first ("Stop the firewall on
    kahawai1 with `firehol stop`", "Restart the app with `sv restart matau`"): the span
    does what the order says, so it is a command whatever its length or its program
    (issue 31, the sixteenth sealed part)."""
    head = _clause_words(before)
    said = span.split()
    verb = head[0].lower().strip(_STRIP) if head else ""
    return len(said) >= 2 and len(verb) >= 3 and verb.isalpha() and said[0].islower() and \
        verb in (word.strip(_STRIP) for word in said[1:])


def _code(part: str, raw: str, told: bool = False, gone: bool = False, added: bool = False,
          *, enacted: bool = False) -> list[Element]:
    """A code span (``part`` folded, ``raw`` as written): every command in it, the span
    itself when it is a statement (:mod:`gitmemory.injection.spans`, read as written) or
    a name the item says to run (``told``: "Run `config.hosts.clear`"), and the other
    elements of its words.  A statement the item says was taken away (``gone``: "Replace
    `target_arch = "wasm32"` with ...") is what the tree no longer holds: not judged as
    a statement (what replaced it is).  A line the item says to add (``added``: "Add
    `pass in on egress proto tcp to port 6984`") puts that line into a file, whatever its
    shape: a program's name and subcommand on another line of the tree do not confirm it,
    only the same line does."""
    out: list[Element] = []
    command: list[str] = []
    redirect = False
    words = _words(part)
    written = _words(raw) if raw is not part else words
    written = written if len(written) == len(words) else words
    whole = not any(word in _BREAKS for word in words)  # one command, or none
    start = 0
    for n, word in enumerate([*words, "&&"]):
        if word in _BREAKS:
            if command:
                out += _command(command, whole and (_plain(raw.split()) or enacted),
                                typed=written[start:start + len(command)])
            command, redirect = [], word == ">"
        elif redirect:
            redirect = False  # "> out.log", "2>/dev/null": a file, not a command
        else:
            start = start if command else n
            command.append(word)
    text = raw.strip()
    if told and text.endswith("()") and _identifier(text[:-2].replace("::", ".")):
        text = text[:-2]  # "execute `lookup()`": the tree's `lookup(x)` is the same call
        words = [text]
    statement = spans.code_shaped(text) or spans.sql(text) or (spans.named_value(text) and (
        words[0].lower() not in c.KNOWN)) or (not out and (spans.statement(text) or (
        told and spans.anchor(text) and "/" not in text)) and not (
        len(words) == 1 and _assignment(text)))  # a variable: by its words, below
    if (statement or (added and spans.anchor(text))) and not gone:
        out.append(Element(TEXT, f"`{text[:60]}`", (spans.anchor(text),), target=text))
    out += [e for e in _word_elements(part.split(), code=True, written=raw.split())
            if not (gone and e.kind == SETTING)]
    return out


def _command(words: list[str], whole: bool = False, *, typed: list[str] | None = None
             ) -> list[Element]:
    """The command of one pipeline stage: wrappers and assignments skipped (``whole``: the
    stage is all its code span holds and reads as a program given plain arguments,
    :func:`_plain`, so a program no list knows is a program too; ``typed``: the
    stage's words as written, where a folded item's program is a path: the tree's
    ``Tools/Build.sh`` is not ``tools/build.sh``)."""
    i = 0
    while i < len(words) and (words[i].strip(_STRIP) in c.WRAPPERS or _assignment(words[i])
                              or (i and words[i].startswith("-") and
                                  words[i - 1].strip(_STRIP) in c.WRAPPERS)):
        i += 1
    alone = i >= len(words)
    if alone:  # a wrapper with nothing to wrap runs itself (`env`: the environment)
        i = next((n for n in range(len(words) - 1, -1, -1)
                  if words[n].strip(_STRIP) in c.WRAPPERS), -1)
        if i < 0:
            return []
    raw = words[i]
    as_written = typed[i] if typed and len(typed) == len(words) else raw
    if "/" in raw and as_written != raw and as_written.isascii() and \
            as_written.casefold() == raw:
        raw = words[i] = as_written  # a path is the tree's as written (its case)
    core = raw.removeprefix("./")
    program = core.strip(_STRIP)  # `./gradlew test`: gradlew
    if core.startswith(".") and core[1:2].isalnum() and "/" in program:
        program = f".{program}"  # `.husky/pre-commit`: a path in a dot directory
    if "@" in program[1:]:  # a package with its version: `npx -y tool@latest`
        program = program[:program.index("@", 1)]
    cmdlet = _cmdlet(program)
    if not program or not _program_like(program) or raw.endswith(":") or \
            raw[:1] in "'\"" or (program != program.lower() and "/" not in program
                                 and not cmdlet):
        return []  # a key of a configuration ("defaultMode": ...), not a program
    rest = words[i + 1:]
    fetched = any(w.strip(_STRIP) in c.PACKAGE_RUNNERS for w in words[:i])
    wrapped = any(w.strip(_STRIP) in c.WRAPPERS for w in words[:i])  # `sudo ufw disable`
    known = program in c.KNOWN or "/" in program or fetched or wrapped or cmdlet or any(
        w.startswith("-") or "://" in w for w in rest[:4])
    if not (known or (whole and i == 0)):
        return []  # a name in code (`retry()`, `type(scope)`), not a command
    target, extra, taken = _targets(rest, program)
    written = " ".join(w.strip("'\"") for w in words[i:i + 1 + taken])
    element = _element(program, target, extra, written,
                       arguments(program, _code_given_out(program, rest), target, extra,
                                 code=True))
    if not known and target:  # a program no list knows: its words as written count too
        quoted = " ".join(words[i:i + 1 + taken])  # (`frame-ancestors 'none'`, a CSP's)
        element.needles = tuple(dict.fromkeys((*element.needles, quoted)))
    if alone and program in _RUNS_ALONE:  # its name is a word of paths and settings too
        element.needles = _RUNS_ALONE[program]
    return [element]


# Wrappers that do something of their own given nothing to wrap, and what a line of the
# tree that runs them so holds: `env` prints the environment, every secret in it, and the
# tree's `/run/app/env` or `env:` key says nothing of running it.
_RUNS_ALONE = {"env": ("env |", "env >")}


def _code_given_out(program: str, rest: list[str]) -> list[str]:
    """``rest`` without the quoted code an interpreter's inline flag gives it (``julia
    --project -e 'using Pkg; Pkg.test()'``): that code is an element of its own
    (:func:`_inline`), judged as code; the program is judged by its other arguments."""
    flags = _INLINE_FLAGS.get(program.rsplit("/", 1)[-1].lower(), ())
    for n, word in enumerate(rest[:-1]):
        if word.strip("`").lower() in flags and rest[n + 1][:1] in "'\"":
            return rest[:n] + rest[n + 2:]
    return rest


def _plain(words: list[str]) -> bool:
    """Whether ``words`` read as a program given arguments (``tunnelr http 8000``), not as
    code (``foo(x)``, ``a, b``, ``key: v``, ``x = 1``, ``impl Drop for Pool``) or two
    words (``go_library name``): a program and its first argument in lower case (what
    follows may name a key or a value as written: ``pulumi config set stack:key
    Enabled``), none of them code, more than a name and a word."""
    return (len(words) > 2 or any(not w.isalpha() for w in words[1:]) or (
        len(words) == 2 and _hyphenated(words[0]) and
        words[1].lower() not in _VALUE_WORDS)) and all(
        (n > 1 or word == word.lower()) and not any(ch in "(){}[],;" for ch in word) and
        not word.endswith(":") and ("=" not in word or word.startswith("-"))
        for n, word in enumerate(words))


# Words that are a directive's value, not a subcommand (``frame-ancestors none``).
_VALUE_WORDS = frozenset(("none", "self", "all", "any", "true", "false", "on", "off", "yes",
                          "no", "auto", "default", "always", "never", "strict", "lax"))


def _hyphenated(word: str) -> bool:
    """A program's name of lower-case words joined by hyphens (``apt-mark``, ``git-lfs``,
    ``dpkg-query``): before a plain word that is no value (:data:`_VALUE_WORDS`) it is a
    program and its subcommand, as ``go_library name`` (a rule's name and an argument) and
    ``frame-ancestors none`` (a directive and its value) are not."""
    parts = word.split("-")
    return len(parts) > 1 and all(part.isalpha() and part.islower() for part in parts)


def _cmdlet(word: str) -> bool:
    """A PowerShell command by its Verb-Noun form (``Set-MpPreference``): an approved
    verb, a capitalised noun."""
    verb, dash, noun = word.partition("-")
    return bool(dash) and verb[:1].isupper() and verb.lower() in c.CMDLET_VERBS and \
        noun[:1].isupper() and noun.isalnum()


def arguments(program: str, rest: list[str], target: str = "", extra: str = "",
              code: bool = True) -> tuple[str, ...]:
    """The arguments in ``rest`` (the words after ``program``) that change what the command
    does, which a line of the tree must give the same command too (docs/design.md, "Where
    two rules meet"): where it acts (a URL or an address: then its whole invocation), what
    it sets (``key=value``), the text it runs or queries (a quoted phrase), a flag that
    hands out secrets or switches something off, and every argument after a verb that
    changes or removes what it names (``kubectl delete namespace x``, ``git config
    core.hooksPath x``).  A flag or a value that only selects within the tree (``pytest
    -k slow``) is none of these.  Prose (``code`` false) says where a command acts in
    words of its own, so there only the settings, quoted phrases and such flags count,
    and a changing verb's flags (its hosts are judged as hosts)."""
    words = [w if code else w.rstrip(".,;:!?)") for w in rest if w not in _BREAKS]
    for subcommand in (target, extra):  # judged as the command itself
        at = next((n for n, w in enumerate(words) if w.strip("'\"") == subcommand), None)
        if subcommand and at is not None:
            del words[at]
    positional = [w.strip("'\"").lower() for w in words if not w.startswith("-")]
    name = program.rsplit("/", 1)[-1].lower()
    verbs = {name.split("-", 1)[0] if _cmdlet(program) else name, target, extra,
             *positional[:1]}
    changing = any(_changing(verb) for verb in verbs) or any(_granting(verb) for verb in verbs)
    if code and (changing or any(_remote(w) for w in words)):
        return tuple(words)
    return tuple(w for n, w in enumerate(words) if _consequential(w) or (
        name in _MODES and _opened_mode(w)) or _setting(
        w, words[n + 1] if n + 1 < len(words) else "") or (
            n and words[n - 1].startswith("-") and _setting(words[n - 1], w))
        or (changing and w.startswith("-")))


# Programs that set who may read, write or run a file, and the words of a mode that give
# a right to every user of the machine: ``a+r``, ``o+w``, ``go=rw``, ``0666``, ``777``.
_MODES = frozenset(("chmod", "setfacl", "icacls"))


def _opened_mode(word: str) -> bool:
    """Whether ``word`` (an argument of :data:`_MODES`) gives others or everyone a right:
    a symbolic mode whose "who" names ``o`` or ``a`` and that adds or sets ``r``, ``w`` or
    ``x``, an octal mode that lets others write, or an ACL entry for everyone.  A mode with
    no "who" (``+x``) or for the owner and group only (``0640``) gives no one new."""
    bare = word.strip("'\"").lower()
    if bare.isdigit() and len(bare) in (3, 4) and set(bare) <= set("01234567"):
        return bare[-1] in "2367"  # others may write
    for clause in bare.split(","):
        for op in "+=":
            who, sign, rights = clause.partition(op)
            if sign and who and set(who) <= set("ugoa") and who.strip("ug") and \
                    rights and set(rights) <= set("rwxXst") and set(rights) & set("rwx"):
                return True
    return bare.startswith(("o:", "other:", "everyone:")) and any(ch in bare for ch in "rw")


# Verbs that remove or undo what they name, as a part of a compound subcommand
# (``db:rollback-all``, ``purge-cache``); "set" and "push" in ``set-pipeline`` or
# ``push-image`` name what the command makes.
_UNDOING = frozenset(("delete", "del", "rm", "remove", "drop", "destroy", "purge", "prune",
                      "reset", "wipe", "erase", "truncate", "rollback", "revoke", "uninstall",
                      "undo", "revert"))


def _changing(verb: str) -> bool:
    """Whether ``verb`` (a program or a subcommand) changes or removes what it names: a verb
    of :data:`~gitmemory.injection.commands.CHANGING`, or a compound word with a part that
    removes or undoes (:data:`_UNDOING`) or that opens with "undo" (``snapper undochange
    1..0``, ``db:rollback-all``: issue 31, the thirteenth sealed part), however the program
    spells it."""
    low = verb.lower()
    parts = low.replace(":", "-").replace("_", "-").replace(".", "-").split("-")
    return low in c.CHANGING or low.startswith("undo") or (
        len(parts) > 1 and any(part in _UNDOING for part in parts))


# A subcommand that lets someone in: a verb that adds or grants, then who or what is let in
# (``git-crypt add-gpg-user``, ``add-member``, ``add-collaborator``, ``add-deploy-key``).
_GRANTS = frozenset({"add", "grant", "invite", "trust", "allow", "authorize", "authorise"})
_GRANTEES = frozenset({"user", "users", "member", "members", "collaborator", "recipient",
                       "owner", "admin", "maintainer", "key", "keys", "runner", "signer",
                       "reviewer"})


def _granting(verb: str) -> bool:
    """Whether ``verb`` (a subcommand) grants someone access: its arguments are who, and a
    line of the tree must give the same (``git-crypt add-gpg-user KEYID``)."""
    parts = verb.lower().replace("_", "-").split("-")
    return len(parts) > 1 and parts[0] in _GRANTS and any(p in _GRANTEES for p in parts[1:])


def _setting(flag: str, value: str) -> bool:
    """A flag given a value that says where the program listens or connects, switches
    something or leaves something out (``-b 0.0.0.0``, ``--protected-mode no``,
    ``--tag ~security``, ``--verification=off``): a setting, its name and its value.  An
    address is one wherever it stands (``runserver 0.0.0.0:8000``)."""
    if not flag.startswith("-"):
        return spans.address(flag)
    name, eq, given = flag.partition("=")
    value = given if eq else value
    return len(name) > 1 and not value.startswith("-") and bool(value) and (
        spans.switched(value) or spans.address(value))


def _remote(word: str) -> bool:
    """A URL or an address: where a command reaches beyond the machine."""
    bare = word.strip("'\"`")
    return "://" in bare or _host(bare) is not None


def _consequential(word: str) -> bool:
    """A setting (``auth.enabled=false``; an environment variable is judged by its name),
    a quoted phrase (a query, program text), a flag that hands out secrets or switches
    something off (``--master-disable``, ``--no-verify``)."""
    bare = word.strip("'\"")
    if bare.startswith("-"):
        flag = bare.split("=", 1)[0].lower()
        return any(part in flag for part in (*c.SECRET_FLAGS, *c.OFF_FLAGS)) or (
            flag.startswith(c.NEGATIONS) and any(guard in flag for guard in c.NEGATED_GUARDS))
    return ("=" in bare[1:] and not _assignment(bare)) or (
        word[:1] in "'\"" and any(ch.isspace() for ch in bare.strip())) or _switch_word(bare)


def _switch_word(word: str) -> bool:
    """A word of a command that switches something, a flag's meaning written as a word
    (``disable-pkce``, ``checks:disable``, ``enable-legacy-crypto``): a compound word with
    a part of :data:`~gitmemory.injection.commands.SWITCH_WORDS`."""
    parts = word.lower().replace(":", "-").replace("_", "-").replace(".", "-").split("-")
    return len(parts) > 1 and any(part in c.SWITCH_WORDS for part in parts)


def invokes(line: str, element: Element) -> bool:
    """Whether ``line`` (of a tracked file) runs ``element``'s command with its subcommand
    and every argument the item gives it (:func:`arguments`): its flags anywhere in the
    invocation, the other arguments in their order; the line may give it more, and so may
    its caller where it holds a task runner's placeholder for the arguments given
    (``{{args}}`` of a justfile's recipe, ``{{.CLI_ARGS}}`` of a Taskfile's), which the
    repository reading leaves out."""
    words = _words(_unfilled(line))
    for at, word in enumerate(words):
        if word.strip(_STRIP).rsplit("/", 1)[-1] != element.program:
            continue
        run: list[str] = []
        for later in words[at + 1:]:
            if later in _BREAKS:
                break
            run.append(" ".join(_unquoted(later).split()))
        if _gives(run, element):
            return True
    return False


def _unquoted(word: str) -> str:
    """A shell word as the program gets it: its quotes removed as a shell removes them
    (``destination:"platform=iOS Simulator"`` is ``'destination:platform=iOS
    Simulator'``); a word whose quotes do not pair, without those round the whole word,
    or round an assignment's value (``FLAGS="--enable-werror"`` is
    ``FLAGS=--enable-werror``)."""
    if ("'" in word or '"' in word) and "\\" not in word:
        import shlex

        try:
            split = shlex.split(word)
        except ValueError:
            split = []
        if len(split) == 1:
            return split[0]
    word = word.strip("'\"")
    name, equals, value = word.partition("=")
    if equals and name.replace("_", "a").isalnum() and value[:1] in ("'", '"'):
        return f"{name}={value.strip(chr(39) + chr(34))}"
    return word


def _unfilled(line: str) -> str:
    """``line`` without its placeholders ``{{name}}`` (a word, perhaps dotted: ``{{args}}``,
    ``{{ .CLI_ARGS }}``); any other braces as they are."""
    out, at = [], 0
    while (start := line.find("{{", at)) >= 0:
        end = line.find("}}", start + 2)
        name = line[start + 2:end].strip().lstrip(".") if end > 0 else ""
        out.append(line[at:start] if name.replace("_", "a").replace(".", "a").isalnum()
                   else line[at:end + 2 if end > 0 else len(line)])
        at = end + 2 if end > 0 else len(line)
    return "".join([*out, line[at:]])


def _gives(run: list[str], element: Element) -> bool:
    if element.target and element.target not in run:
        return False
    run = _split_flags(run)  # --bind=x is --bind x
    flags = {w for w in run if w.startswith("-")}
    others = iter(w for w in run if not w.startswith("-"))
    for arg in _split_flags([" ".join(_unquoted(a).split()) for a in element.args]):
        if arg.startswith("-"):
            if arg not in flags:
                return False
        elif arg not in others:  # consumes the iterator: in order
            return False
    return True


def _split_flags(words: list[str]) -> list[str]:
    return [part for word in words for part in (
        word.split("=", 1) if word.startswith("-") and "=" in word else (word,))]


def _program_like(word: str) -> bool:
    name = word.rsplit("/", 1)[-1]  # (an attribute is no path: `type="text/css"`)
    return "=" not in word and bool(name) and name[0].isalnum() and all(
        ch.isalnum() or ch in "-_.+" for ch in name) and \
        not name.replace(".", "").isdigit()  # "12.3 is not a number": a figure, no program


def _targets(rest: list[str], program: str = "") -> tuple[str, str, int]:
    """The subcommand or target after a program, the word after a runner's verb
    (``npm run lint``: run, lint; ``python -m pytest``: pytest), and how many words of
    ``rest`` that took (``pytest -q tests``: 2).  Before the target, a word after a flag
    is the flag's value (``pytest -k slow``, ``kubectl -n prod delete``) unless it is one
    of the program's subcommands (``git --no-pager push``)."""
    plain: list[str] = []
    module = False
    taken = 0
    value = False
    subcommands = c.SUBCOMMANDS.get(program.rsplit("/", 1)[-1])
    for n, word in enumerate(rest):
        bare = word.strip("'\"")
        if bare == "-m" and not plain:
            module = True
            continue
        if bare.startswith("-") or "://" in bare or "=" in bare:
            if plain and plain[0] not in c.RUNNER_VERBS:
                break  # "npm i -g x": a runner's verb goes on to what it runs
            value = not plain and "=" not in bare and bare.startswith("-") and (
                subcommands is not None or len(bare) == 2)
            continue
        if value:
            value = False
            if subcommands is None or bare not in subcommands:
                continue
        scoped = bare[:1] == "@" and bare.count("/") == 1  # a package: @acme/tool
        if plain and plain[0] in c.RUNNER_VERBS and _module_path(bare):
            bare = bare.split("@", 1)[0]  # `go install github.com/x/tool@latest`: the module
        elif not bare or not (bare[0].isalnum() or scoped) or not all(
                ch.isalnum() or ch in "-_:@" or (scoped and ch in "/.") for ch in bare):
            break  # a path, a file or an expression: no subcommand
        plain.append(bare)
        taken = n + 1
        if len(plain) == 2 or module:
            break
    target = plain[0] if plain else ""
    extra = plain[1] if len(plain) > 1 and target in c.RUNNER_VERBS else ""
    if plain and not extra and len(plain) > 1:
        taken = rest.index(plain[0], 0) + 1 if plain[0] in rest else taken
    return target, extra, taken


def _module_path(word: str) -> bool:
    """A module or package named by its host and path (``github.com/x/tool@v1``)."""
    head = word.split("/", 1)[0]
    return "/" in word and "." in head and head[0].isalnum() and all(
        ch.isalnum() or ch in "-_./@~+" for ch in word)


def _element(program: str, target: str, extra: str, written: str = "",
             args: tuple[str, ...] = ()) -> Element:
    name = program.rsplit("/", 1)[-1]
    words = [w for w in (program, target, extra) if w]
    shown = " ".join(words)
    needles = [shown, written] if target else [program]
    if name != program:  # ./scripts/x.sh: the script itself
        needles.append(program.removeprefix("./"))
    return Element(COMMAND, f"`{shown}`", tuple(dict.fromkeys(n for n in needles if n)),
                   name, extra or target, args=args)


_TASK_RUNNERS = frozenset(("just", "make"))


def _prose(part: str, raw: str = "", *, opening: bool = False) -> list[Element]:
    """Prose: commands named with their subcommand or a flag, settings switched off, and
    the other elements of its words (``raw``: ``part`` as written, before folding;
    ``opening``: the item's text begins with it, where a commit subject's area stands)."""
    words = _words(part)
    as_written = _words(raw) if raw and raw != part else words
    as_written = as_written if len(as_written) == len(words) else []  # folding joined words
    out: list[Element] = []
    lowered = [w.strip(_STRIP).lower() for w in words]
    for i, word in enumerate(lowered):
        clause = words[i + 1:i + 5]
        cut = next((n for n, w in enumerate(clause) if w in _BREAKS and w != "|"), len(clause))
        after = [w for w in clause[:cut] if w not in _BREAKS]
        cmdlet = _cmdlet(words[i].strip(_STRIP)) and (  # Set-MpPreference -Disable...
            any(ch.isupper() for ch in words[i].partition("-")[2][1:]) or
            (after and after[0][:1] in "-$"))
        if cmdlet:
            out.append(_element(words[i].strip(_STRIP), "", ""))
            continue
        # "ssh: ..." names an area, "Docker Compose" a product: a shell is typed lower case
        # (as written: an item read case-folded has "Zig build fetches" lower case)
        if word not in c.PROGRAMS or words[i].endswith(":") or \
                (as_written[i] if as_written else words[i]).strip(_STRIP) != word:
            continue
        nxt = after[0].strip(_STRIP).lower() if after else ""
        # a task runner is given tasks, not files: before a path alone it is a word of
        # prose ("`vie_libere` lists just /livell.json and /avvisi")
        pathed = word not in _TASK_RUNNERS
        flagged = any(w.startswith("-") or "://" in w or
                      (pathed and w.startswith(("./", "/", "~"))) for w in after)
        if nxt in c.SUBCOMMANDS.get(word, ()):
            target, extra, taken = _targets(after, word)
            written = " ".join(w.strip(_STRIP) for w in [words[i], *after[:taken]])
            out.append(_element(word, target, extra, written,
                                arguments(word, after, target, extra, code=False)))
        elif flagged or word in c.ACTING:
            out.append(_element(word, "", "", "", arguments(word, after, code=False)))
    out += _settings(lowered, as_written)
    out += _prose_settings(part.split(), part if opening else "")
    out += _word_elements(part.split(), code=False, written=raw.split() if raw else None)
    return out


def _prose_settings(words: list[str], opening: str = "") -> list[Element]:
    """A setting written out in prose (``set config.force_ssl = false``, ``max_retries: 0``):
    a compound name (``a.b``, ``a_b``, ``aB``) given a value (:func:`spans.statement`'s
    values: a number, a switch, a quoted string, a symbol, an address), judged like a
    statement in a code span, name and value; and a name of several humps given a switch
    "to" it (``set ValidateIssuerSigningKey to false``, :func:`_valued`).  The key
    that opens the item (``opening``, its text) before a sentence is a commit subject's
    area (``cowboy_rest: Allow last_modified to return undefined``: grants.area)."""
    out = []
    for i, word in enumerate(words):
        if i == 0 and opening and word.endswith(":") and \
                grants.area(opening, word[:-1], opening.find(word) + len(word) - 1):
            continue
        name, eq, value = word.partition("=")
        if not eq:
            if word.endswith(":") or i + 1 >= len(words) or words[i + 1] != "=":
                name, value = word[:-1], (words[i + 1] if i + 1 < len(words) else "")
                if not word.endswith(":"):
                    continue
            else:
                value = words[i + 2] if i + 2 < len(words) else ""
        name, value = name.lstrip("(\"'"), value.rstrip(".,;:)")
        if eq and _assignment(word):
            continue  # NAME=value: an environment variable's, by its words
        if _assignment(f"{name}=") and not spans.switched(value):
            continue  # a variable's tuning value is the developer's: by its name
        if name and value and _identifier(name) and _compound(name) and \
                spans.statement(f"{name}: {value}"):
            written = f"{name} = {value}"
            out.append(Element(TEXT, f"`{written}`", (spans.anchor(name),), target=written))
    for i, word in enumerate(words[:-2]):  # "set ValidateLifetime to false", no span
        name = word.strip(_STRIP)
        if name and words[i + 1].lower() == "to" and (_compound(name) or sum(
                ch.isupper() for ch in name[1:]) >= 2):
            written = _valued(name, " ".join(words[i + 1:i + 4]), words[max(0, i - 4):i])
            if written:
                out.append(Element(TEXT, f"`{written}`", (spans.anchor(name),),
                                   target=written))
    return out


# In prose, a guarded name is a setting when something switches it: an API's name
# (`skECDSAPublicKey.Verify`, `ssl_shutdown`, `Manager.createCert`) is knowledge.
_SWITCHING = _OFF | {"set", "unset", "true", "yes", "on", "0", "1", "enable", "enabled",
                     "enabling", "turn", "="}


def _settings(words: list[str], written: list[str] | None = None) -> list[Element]:
    """A guarded setting switched off in prose: "turn the sandbox off", "skip TLS
    verification", "with --no-verify" (the flag itself is found as a flag).  A hook the
    sentence calls by a name of the code's (``written``: the words as written; "skip the
    After hook", "the useEffect hook") is the program's own, not a hook of git or of an
    agent (:func:`_code_hook`)."""
    out = []
    as_written = written or []
    for i, word in enumerate(words):
        name = as_written[i - 1].strip(_STRIP) if as_written and i >= 2 else ""
        if word in ("hook", "hooks") and name and name.lower() == words[i - 1] and not \
                as_written[i - 2].endswith((".", "!", "?", ":")) and _code_hook(name):
            continue  # (the name as read; a sentence's first word has its capital from it)
        if word in _SETTING_WORDS:
            near = set(words[max(0, i - 5):i + 4])
            if near & _OFF and not near & _NEVER:  # "never disable TLS verification"
                out.append(Element(SWITCHED, f"{word} switched off", (word,), target=word))
    return out


# Names of the hooks of git, of hook managers and of agents, and of what they guard, as a
# word before "hook" names them (lower case): "the Husky hook", "a PreToolUse hook".
_MACHINE_HOOKS = frozenset({
    "git", "githooks", "husky", "lefthook", "overcommit", "pre-commit", "precommit", "yorkie",
    "simple-git-hooks", "claude", "agent", "agents", "codex", "cursor", "copilot", "gemini",
    "windsurf", "cline", "mcp", "pretooluse", "posttooluse", "userpromptsubmit",
    "notification", "stop", "subagentstop", "precompact", "sessionstart", "sessionend",
    "server", "client", "local", "global", "security", "secret", "secrets", "lint"})
# Parts of a git hook's name ("pre-push", "post-checkout", "commit-msg").
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "all", "any",
                          "every", "each", "our", "your", "its", "their", "some", "no", "both",
                          "my", "his", "her"})
_GIT_HOOK_PARTS = ("commit", "push", "merge", "checkout", "rebase", "receive", "update",
                   "rewrite", "applypatch", "msg", "gc", "sendemail", "fsmonitor",
                   "transaction")


def _code_hook(name: str) -> bool:
    """Whether ``name``, the word before "hook", is a name of the program's own (``After``,
    ``beforeEach``, ``useEffect``): a capital or a hump inside it, not the name of a
    hook of git, of a hook manager or of an agent (:data:`_MACHINE_HOOKS`)."""
    low = name.lower()
    return low not in _DETERMINERS and name.isidentifier() and not name.isupper() and \
        any(ch.isupper() for ch in name) and low not in _MACHINE_HOOKS and \
        not any(part in low for part in _GIT_HOOK_PARTS)


def _replaced(low: list[str], at: int) -> bool:
    """Whether the word at ``at`` is the old side of a replacement the sentence states:
    after "replaced" with its new side ("with", "by") to follow, or after "instead of".
    (Taken from a list, "remove x from the denylist", it is let in: no old side.)"""
    if at and low[at - 1] in _REPLACING:
        return any(w in ("with", "by") for w in low[at + 1:at + 3])
    return at > 1 and f"{low[at - 2]} {low[at - 1]}" in _OLD_SIDE


def _word_elements(words: list[str], code: bool, written: list[str] | None = None
                   ) -> list[Element]:
    """The hosts, paths and files of ``words`` (``written``: the words as written, before
    folding, when they match one for one: only they show a name's capitals)."""
    out = []
    # a name called (``cmdListTests.run()``) is code: no host
    called = {piece.rsplit(None, 1)[-1].strip(_STRIP).lower() for word in words
              for piece in word.split("(")[:-1] if piece.strip()}
    words = [w for word in words for w in word.replace("(", " ").replace(")", " ").split()]
    shown = [w for word in written or [] for w in word.replace("(", " ").replace(")", " ").split()]
    shown = shown if len(shown) == len(words) else []
    low = [w.strip(_STRIP).lower() for w in words]
    # comparisons on both sides of `&&` or `||` are a condition of the code, not pins of
    # a package (`future==null && nextFireTime!=0`); `pip install x==1 && make` pins
    compared = [any(op in w for op in ("==", "!=", "<", ">")) for w in words]
    logic = {k + side for k, w in enumerate(words) if w in ("&&", "||") and
             0 < k < len(words) - 1 and compared[k - 1] and compared[k + 1]
             for side in (-1, 1)}
    for i, raw in enumerate(words):
        word = raw.strip(_STRIP)
        if not word:
            continue
        network = raw.strip("'\"`,;()[]{}<>")
        if spans.network(network):  # 0.0.0.0/0: whom a rule lets in, as written
            out.append(Element(HOST, f"network {network}", (network,)))
        host = _host(word) if low[i] not in called else None
        if host and not code and _replaced(low, i):
            host = None  # "Replaced grc.io with ghcr.io": the old side, which went
        if host:
            owned = _owned(word, host)
            needles = (owned, owned.replace("/", ":", 1)) if owned != host else (host,)
            # the word whole, where an @ leads to the host: a file may be named so
            # (`Package@swift-5.9.swift`, a manifest for one version of the tools)
            whole = (word.lower(),) if "@" in word and "://" not in word and \
                word.lower().endswith(host) else ()
            out.append(Element(HOST, f"host {owned}", needles + _member(
                shown[i].strip(_STRIP) if shown else word, host) + whole))
        path = raw.strip(_STRIP.replace(".", "")).rstrip(".")  # ".git/x", "../x" keep their dots
        path = path.removeprefix("@")  # an import: @~/.config/x.md
        if path.lower().startswith(c.OUTSIDE) and len(path) > 3:
            out.append(Element(PATH, f"path {path}", (path,)))
        else:
            out += _file(path, low[i - 1] if i else "")
        if _pin(word) and i not in logic:  # PyJWT==1.5.3, Pillow<6.2.2: what gets installed
            out.append(Element(PIN, f"version {word}", (word,)))
        elif _assignment(word) and (code or word.split("=", 1)[0].isupper()):
            name, _, value = word.partition("=")
            name = name.lstrip("$").removeprefix("env:")
            if spans.switched(value) or _addressed(value) or _unguarding(value):
                # RATE_LIMIT=false, X=0.0.0.0:1, FEATURES="-binpkg-request-signature"
                out.append(Element(TEXT, f"`{word}`", (spans.anchor(name),), target=word))
            else:  # a value that tunes (a port, a level) is the developer's: the name
                out.append(Element(VARIABLE, f"variable {name}", (name,)))
        elif "=" in word[1:] and _guarded(word.split("=", 1)[0]) and _identifier(
                word.split("=", 1)[0]):  # verify=False, sslverify=0: the setting as written
            out.append(Element(SETTING, f"setting {word}", (word,), target=word))
        elif word.startswith("-") and _guarded(word.split("=", 1)[0]):
            flag = word.split("=", 1)[0]
            out.append(Element(FLAG, f"flag {flag}", (flag,)))
        elif (_guarded(word) and _identifier(word) and (code or (_compound(word) and (
                set(low[max(0, i - 2):i + 3]) & _SWITCHING))) and not _named(low, i)) or \
                low[i] in c.RUNNING_KEYS:  # postCreateCommand, PostToolUse: settings that run
            # as written too: an item with one character past ASCII is read case-folded
            # (a dash in "subject — body"), and the tree's `CertificateRequest` is no
            # `certificaterequest` to git grep (rustls' history)
            written_as = shown[i].strip(_STRIP) if shown else word
            out.append(Element(SETTING, f"setting {word}", tuple(dict.fromkeys(
                (word, written_as))), target=word))
    return out


# The words before a code span that say it names what a change took away.
_GONE_WORDS = frozenset({"replace", "replaces", "replaced", "replacing", "remove", "removes",
                         "removed", "removing", "drop", "drops", "dropped", "deprecate",
                         "deprecates", "deprecated", "deleted", "delete", "deletes"})
# A word between that verb and the span that still names what went ("removed unneeded `x`").
_GONE_WHICH = frozenset({"the", "a", "an", "unneeded", "unused", "unnecessary", "obsolete",
                         "old", "legacy", "deprecated", "redundant", "stale", "dead",
                         "broken", "outdated", "superfluous"})
_GONE_PAIRS = frozenset({"instead of", "rather than", "no longer", "switch from",
                         "switched from", "moved from", "migrated from"})
_GONE_AFTER = ("was removed", "were removed", "is removed", "has been removed", "is gone",
               "was replaced", "were replaced", "is replaced", "has been replaced",
               "was dropped", "is deprecated", "was deprecated", "no longer")
# The words of :data:`_GONE_WORDS` and :data:`_GONE_PAIRS` that name an old side a new one
# replaces ("no longer" names none)
_REPLACING = frozenset(word for word in _GONE_WORDS if word.startswith("replac"))
_OLD_SIDE = (_GONE_PAIRS - {"no longer"}) | {"move from", "migrate from"}
# The words before a code span that say it quotes what a program printed.
_OUTPUT_WORDS = frozenset({"error", "errors", "warning", "warnings", "message", "prints",
                           "printed", "output", "outputs", "exception"})
_RUN_WORDS = frozenset({"run", "runs", "running", "execute", "executes", "source", "sources",
                        "invoke", "invokes", "launch", "launches", "call", "calls",
                        "register", "registers"})


def _file(path: str, before: str) -> list[Element]:
    """A path an item names that the tree must have: an agent's instruction file (never
    confirmed: docs/design.md, "Where two rules meet"), another agent's, an editor's or a
    tool's settings, a script, a file the item runs (``run tools/x.py``), a program
    named by its path (``./configure``)."""
    if "://" in path or not path or (
            not _program_like(path.rstrip("/").lstrip(".")) and "/" not in path):
        return []
    bare = path.removeprefix("./")
    low = bare.lower()
    name = low.rstrip("/").rsplit("/", 1)[-1]
    if name in _AGENT_NAMES or _in_directory(low, _AGENT_DIRECTORIES):
        return [Element(AGENT, f"agent instructions {bare}", ())]
    if len(bare) < 2 or not all(ch.isalnum() or ch in "._-/+@" for ch in bare) or \
            bare.startswith("@") or _host(bare) is not None:
        return []
    settings = _in_directory(low, _SETTINGS_DIRECTORIES) or name in _SETTINGS_NAMES or any(
        name[:at] in _SETTINGS_NAMES for at in range(1, len(name)) if name[at] == ".")
    dotted = "." in name[1:] and name.rsplit(".", 1)[-1] in c.FILE_ENDINGS
    run = before in _RUN_WORDS and (dotted or "/" in bare)  # "run tools/gen.py"
    if (settings or name.endswith(c.SCRIPT_ENDINGS)) and before in _REMOVED:
        # a file a sentence removes ("Removed BuildNativeUWP.ps1 from sln files", serilog's
        # history): what it names is gone, and only a tree with no line naming it agrees,
        # as a code span an order takes away
        return [Element(TAKEN, f"`{bare}` taken away", (spans.anchor(bare),), target=bare)]
    if settings or name.endswith(c.SCRIPT_ENDINGS) or run or (
            path.startswith("./") and "." not in name):  # ./configure, ./bootstrap
        return [Element(FILE, f"file {bare}", (bare.rstrip("/"),))]
    return []


# The verbs by which a sentence takes a file away, in the imperative or as a record.
_REMOVED = frozenset({"remove", "removed", "removes", "delete", "deleted", "deletes", "drop",
                      "dropped", "drops"})


# The names and directories of :data:`c.AGENT_FILES` and :data:`c.SETTINGS_FILES`, looked up
# by a word's last part (a name, or a name with more endings: ``.mcp.json.bak``) and, when
# it has a ``/``, by its directories: a set each, not a scan of the lists per word.
_AGENT_NAMES = frozenset(f for f in c.AGENT_FILES if not f.endswith("/"))
_AGENT_DIRECTORIES = tuple(f for f in c.AGENT_FILES if f.endswith("/"))
_SETTINGS_NAMES = frozenset(f for f in c.SETTINGS_FILES if not f.endswith("/"))
_SETTINGS_DIRECTORIES = tuple(f for f in c.SETTINGS_FILES if f.endswith("/"))


def _in_directory(low: str, directories: tuple[str, ...]) -> bool:
    """Whether the path ``low`` lies in one of ``directories`` (``.vscode/``), at its start
    or below another."""
    return "/" in low and any(low.startswith(f) or f"/{f}" in low for f in directories)


_SPECIFIERS = ("===", "==", "~=", "!=", "<=", ">=", "<", ">")


def _pin(word: str) -> bool:
    """Whether ``word`` is a package with a version constraint (``PyJWT==1.5.3``,
    ``Pillow<6.2.2``): a pin the tree's manifests must show, or an item could downgrade a
    dependency to a vulnerable version while calling it a fix."""
    if "=" not in word and "<" not in word and ">" not in word:
        return False  # every specifier has one of them
    at = min((i for i in (word.find(op) for op in _SPECIFIERS) if i > 0), default=-1)
    if at == -1:
        return False
    name, version = word[:at], word[at:].lstrip("=~!<>")
    return name[:1].isalpha() and all(ch.isalnum() or ch in "-_.[]" for ch in name) and \
        version[:1].isdigit() and all(ch.isalnum() or ch in ".*+-" for ch in version)


def _assignment(word: str) -> bool:
    name, eq, _ = word.partition("=")
    name = name.lstrip("$").removeprefix("env:")
    return bool(eq) and bool(name) and (name[0].isalpha() or name[0] == "_") and all(
        ch.isalnum() or ch == "_" for ch in name) and any(ch.isupper() for ch in name)


def _addressed(value: str) -> bool:
    """A value that is an address, or opens with one (``0.0.0.0:9000:9000``, a published
    port): where something listens is the setting, not a tuning value."""
    value = value.strip("'\"")
    return spans.address(value) or ("." in value and spans.address(value.split(":", 1)[0]))


def _settable(name: str) -> bool:
    """A compound setting's name (``a.b``, ``a_b``, ``a-b``, ``aB``), not a known word."""
    return _identifier(name) and (_compound(name) or "-" in name.strip("-")) and \
        name.lower() not in c.KNOWN


def _identifier(word: str) -> bool:
    return word[:1].isalpha() and all(ch.isalnum() or ch in "_.-" for ch in word)


def _compound(word: str) -> bool:
    """A name made of parts (``http.sslVerify``, ``verify_ssl``, ``sslVerify``), as a
    setting is written, not a word of prose (``TLS``, an ``X-Signature`` header)."""
    return "." in word or "_" in word or (word[0].islower() and any(
        ch.isupper() for ch in word[1:]))


def _named(low: list[str], at: int) -> bool:
    """Whether ``low[at]``, a guard's word, names no setting: a program's own subcommand,
    its command's target (``./mvnw -B verify``), or a file (``*.verified.txt``)."""
    word = low[at]
    if "." in word and word.rsplit(".", 1)[-1] in c.FILE_ENDINGS:
        return True
    program = next((w for w in reversed(low[:at]) if not w.startswith("-")), "")
    return word in c.SUBCOMMANDS.get(program.rsplit("/", 1)[-1], ())


def _unguarding(value: str) -> bool:
    """Whether a variable's value takes a guard out of a list: a member that a leading
    ``-`` excludes, as a list of features or flags writes it, naming a guard
    (``FEATURES="-binpkg-request-signature"``, Portage's, the eighteenth sealed part:
    the value switches the signature check off, where ``-O2`` tunes)."""
    return any(member[:1] == "-" and member[1:2].isalpha() and _guarded(member[1:])
               for member in value.strip("'\"").split())


def _guarded(name: str) -> bool:
    low = name.lower().replace("_", "-")
    return any(guard in low for guard in c.GUARDS)


def _owned(word: str, host: str) -> str:
    """``host`` with the parts of ``word``'s path that name its owner, on a shared code or
    package host where anyone may own a name (``github.com/acme``); else ``host``."""
    parts = c.SHARED_HOSTS.get(host)
    if not parts:
        return host
    low = word.lower()
    at = low.find(host, low.find("://") + 3 if "://" in low else 0)
    after = word[at + len(host):] if at != -1 else ""
    if after[:1] == ":" and after[1:2].isdigit():  # a port
        after = after[1:].lstrip("0123456789")
    owner = []
    for part in after[1:].split("/")[:parts] if after[:1] in "/:" else []:
        name = part.split("?", 1)[0].split("#", 1)[0]
        if not name:
            break
        owner.append(name)
    return "/".join([host, *owner])


_RESERVED_TOPS = ("example", "test", "invalid")  # the ends kept for examples (RFC 2606)


def _member(word: str, host: str) -> tuple[str, ...]:
    """``word`` as written when it may name something other than a host: a capital in it
    (a member of the code, `errors.Is`, `big.Int`, `node.pP`; a name, "Corsair.dev" on a
    page of users; a host's name is the same in any case, a name is not).  The tree
    confirms it where it says it so."""
    written = word.split("(", 1)[0].rstrip(".,;:")
    return (written,) if written.lower() == host and written != host else ()


def _host(word: str) -> str | None:
    """The host a URL, an scp-like address or a bare domain names, lower-cased; None for
    a file name, a version or a host that names no machine."""
    low = word.lower()
    if "." not in low and "://" not in low:
        return None  # a host has two labels at least, and a URL its scheme
    if "://" in low:
        scheme, rest = low.split("://", 1)
        host = rest.split("/", 1)[0].split("?", 1)[0].rsplit("@", 1)[-1].split(":", 1)[0]
        host = host.split(",", 1)[0]
        if "." not in host and scheme.lstrip("`'\"(<").removeprefix("ref+") in \
                c.SECRET_REFERENCE_SCHEMES:
            return None  # keeper://RECORD/field/password: a secret's place in its store
    else:
        # git@github.com:org/repo, ops@collector.io, collector.io/x
        host = low.rsplit("@", 1)[-1].split("/", 1)[0].split(":", 1)[0].split(",", 1)[0]
        service, colon, named = low.partition(":")
        if colon and "." not in service and service.isalpha() and "@" not in low:
            host = named.split("/", 1)[0].split(",", 1)[0]  # applinks:links.example.com
        labels = host.split(".")
        top = labels[-1]
        # where the word's form says an address (a user's, ``node@host.x``, not a
        # decorator's ``@pytest.mark.slow``; a service's, ``applinks:host.x``), a name of
        # three labels is a host whatever its end
        user = low.rsplit("@", 1)[0] if "@" in low else ""
        formed = (bool(colon) and host != service) or (
            bool(user) and all(ch.isalnum() or ch in "._-+" for ch in user))
        addressed_by_form = formed and len(labels) >= 3 and top.isalpha() and all(labels) \
            and not (colon and top in c.FILE_ENDINGS and top not in _RESERVED_TOPS)  # a
        # task named for a file, `copy:package.cjs.json`; `webcredentials:login.evil.example`
        # is an address (the names kept for examples end in file endings too)
        # a URL without its scheme (runbook.evil.example/agent.md): a host whatever its end
        head, slash, path = low.partition("/")
        # (written in lower case: `Boarding.Scans.scoped/1` is a module's function)
        addressed = len(labels) >= 3 and len(top) >= 2 and head.endswith(host) and \
            bool(slash) and path[:1].isalnum() and word.split("/", 1)[0] == head
        if len(labels) < 2 or not all(labels) or low[:1] in "/.~" or not top.isalpha() or \
                (not addressed and not addressed_by_form and not _reserved(labels) and (
                    top in c.FILE_ENDINGS or not (top in c.DOMAINS or len(top) == 2))):
            return None
    host = host.strip("[]")
    if not host or (not any(ch.isalpha() for ch in host) and host.count(".") != 3):
        return None
    return None if host in c.LOCAL_HOSTS else host


def _reserved(labels: list[str]) -> bool:
    """Whether a bare name ends in a top kept for examples, tests or the local network
    (``cladach.evil.example``, ``nas.local``, ``db.internal``, ``printer.home.arpa``): a
    host like any other, since /etc/hosts, dnsmasq, Valet or mDNS resolve it.  Not a
    file (``config.example``) nor the dotted name of code under a reversed domain
    (``com.acme.internal``)."""
    top = labels[-1]
    if top not in c.RESERVED_TOPS and not ".".join(labels).endswith(c.RESERVED_SUFFIXES):
        return False
    if (len(labels) == 2 and top in c.FILE_ENDINGS) or (len(labels) > 2 and labels[0] in c.DOMAINS):
        return False
    return all(label.replace("-", "").isalnum() for label in labels)
