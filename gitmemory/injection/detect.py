"""Telling knowledge from orders to the agent (docs/design.md, "Invariants").

:func:`reason` says why a memory item reads as an instruction to the agent
rather than as knowledge about the code; such items are held back from
``CLAUDE.md`` and shown for review.  A false alarm drops real knowledge, so
each check wants a shape, not a word: "ignore" alone is fine ("ignore
generated files in coverage"), "ignore" + "all previous" + "instructions" is
not; ``.env`` alone is fine ("config is loaded from .env.example"), "print" +
``.env`` at the head of a clause is not; ``curl`` alone is fine, ``curl`` piped
into a shell is not.

The text is folded first so that look-alikes compare equal: NFKC (full-width
letters), invisible characters dropped, diacritics stripped, Cyrillic and
Greek homoglyphs mapped to Latin, letters spaced out ("i g n o r e") and
words run together ("ignoreallprevious") rejoined and split again, and a
leetspeak reading ("1gn0re") tried too.  Stdlib only and no ``re``: this runs
on every item when the checkout hook renders ``CLAUDE.md``.
"""

from __future__ import annotations

from gitmemory.injection import vocabulary as w
from gitmemory.injection.neutralize import one_line

_HOMOGLYPHS = str.maketrans(
    "авсеёԁһіїјкӏмнорԛѕтухԝʏ"  # Cyrillic (and a Latin small capital)
    "αβγεηικνορτυχςɑɡıɩ"  # Greek and Latin look-alikes
    "ᴀʙᴄᴅᴇғɢʜɪᴊᴋʟᴍɴᴏᴘʀᴛᴜᴠᴡᴢօսցհո",  # small capitals, Armenian
    "abceedhiijklmhopqstyxwy"
    "abyeniknoptuxsagii"
    "abcdefghijklmnoprtuvwzoughn")
_LEET = (str.maketrans("013457@$|!", "oieastasii"), str.maketrans("013457@$|!", "olea" "stasll"))
_SEPARATORS = str.maketrans(dict.fromkeys("\"'`.,;:!?()[]{}<>|&*=+~^%#/\\-_", " "))
# Non-letters become spaces (a one-to-one table keeps str.translate on its fast path).
_NON_LETTERS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalpha()})
_CLAUSE_ENDS = ".;:!?,\n"


def reason(text: str) -> str | None:
    """Why ``text`` reads as an instruction to the agent, or None if it reads as knowledge."""
    flat = fold(text)
    found = _raw_markers(flat) or _shell_pipe(flat) or _credential_ask(flat)
    if found:
        return found
    variants = [flat]
    if any(ch in flat for ch in "0134579@$|!"):
        variants += [flat.translate(table) for table in _LEET]
    for variant in variants:
        squeezed = "".join(variant.translate(_NON_LETTERS).split())
        stems = w.STEMS if variant is flat else w.VERB_STEMS
        if any(map(squeezed.__contains__, stems)):
            tokens = words(variant)
            found = _override(tokens) or (_agent_phrase(tokens) if variant is flat else None)
            if found:
                return found
    return None


def fold(text: str) -> str:
    """One line, case-folded, look-alikes mapped to plain Latin letters."""
    flat = one_line(text.replace("\uff20", "@")).replace("&lt;", "<").replace("&gt;", ">")
    flat = flat.casefold()
    if not flat.isascii():
        import unicodedata

        flat = unicodedata.normalize("NFKD", flat)
        marks = {ord(c): None for c in set(flat) if unicodedata.combining(c)}
        flat = flat.translate(marks).translate(_HOMOGLYPHS)
    return flat


def words(flat: str) -> list[str]:
    """Words of folded text, with spaced-out letters and run-together words repaired."""
    tokens = flat.translate(_SEPARATORS).split()
    out: list[str] = []
    run: list[str] = []
    for token in [*tokens, ""]:
        if len(token) == 1 and token.isalpha():
            run.append(token)
            continue
        out.extend(_split_run("".join(run)) if len(run) >= 3 else run)
        run = []
        if len(token) >= 10 and token not in w.VOCABULARY and any(
                stem in token for stem in w.VERB_STEMS):
            out.extend(_split_run(token))
        elif token:
            out.append(token)
    return out


def _split_run(token: str) -> list[str]:
    """``ignoreallpreviousinstructions`` -> its words, when the vocabulary covers it."""
    if len(token) > 80:
        return [token]
    best: list[list[str] | None] = [[]] + [None] * len(token)
    for end in range(1, len(token) + 1):
        for start in range(max(0, end - 14), end):
            head = best[start]
            if head is not None and token[start:end] in w.VOCABULARY:
                best[end] = [*head, token[start:end]]
                break
    found = best[len(token)]
    return found if found and len(found) > 1 else [token]


def _raw_markers(flat: str) -> str | None:
    for marker in w.RAW_MARKERS:
        if marker in flat:
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
            bool(seen & w.QUANTITY_FILLERS) and bool(seen & w.TIME_FILLERS))
    return False


def _agent_phrase(tokens: list[str]) -> str | None:
    joined = f" {' '.join(tokens)} "
    for phrase in w.AGENT_PHRASES:
        if f" {phrase} " in joined:
            return f"addresses the agent ({phrase!r})"
    return None


def _shell_pipe(flat: str) -> str | None:
    """A download (or decoded blob) handed to a shell, or local data piped to the network."""
    if any(m in flat for m in w.SUBSTITUTIONS) and w.SHELLS.intersection(words(flat)):
        return "runs downloaded code in a shell"
    if "|" not in flat:
        return None
    commands = [c.split() for c in flat.replace("||", " ").replace("&&", "|").split("|")]
    for i in range(len(commands) - 1):
        left, right = commands[i], commands[i + 1]
        producer = _command_word(left, first=False)
        consumer = _command_word(right, first=True)
        if producer in w.FETCHERS and _is_shell(consumer, right):
            return "pipes a download into a shell"
        if producer in w.LOCAL_READERS and consumer in w.NETWORK:
            return "pipes local data to the network"
    return None


def _command_word(argv: list[str], first: bool) -> str:
    """The program of a pipeline stage: its first word (consumer) or any known one (producer)."""
    if first:
        while argv and argv[0] in ("sudo", "env", "-e", "-E", "exec", "command"):
            argv = argv[1:]
        return argv[0].rsplit("/", 1)[-1] if argv else ""
    for word in argv:
        name = word.rsplit("/", 1)[-1]
        if name in w.FETCHERS or name in w.LOCAL_READERS:
            return name
    return ""


def _is_shell(program: str, argv: list[str]) -> bool:
    if program in w.SHELLS:
        return True
    if program in w.INTERPRETERS:
        rest = argv[argv.index(program) + 1:] if program in argv else []
        return not rest or rest[0] == "-"
    return False


def _credential_ask(flat: str) -> str | None:
    """An order to read, print or send keys, ``.env`` files or credentials."""
    keys = _key_files(flat)
    dirs = [d for d in w.SECRET_DIRS if d in flat]
    if keys and w.SHELL_READERS.intersection(words(flat)):
        return f"points at credentials ({keys[0]})"
    for clause in _clauses(flat):
        verb, rest = _imperative(clause)
        if not verb:
            continue
        reading, sending = verb in w.READ_VERBS, verb in w.SEND_VERBS
        if _key_files(rest) or ((reading or sending) and any(d in rest for d in dirs)):
            return f"asks to {verb} credentials ({(keys or dirs)[0]})"
        if (reading or sending) and _env_file(rest):
            return f"asks to {verb} a .env file"
        if "$" in rest and _secret_variable(rest):
            return f"asks to {verb} a secret variable"
        padded = f" {rest} "
        for target in w.SECRET_WORDS:
            if f" {target} " not in padded:
                continue
            if (sending and any(d in padded for d in w.DESTINATIONS)) or (
                    reading and any(f" {q} {target} " in padded for q in w.QUANTIFIERS)):
                return f"asks to {verb} {target}"
    return None


def _key_files(text: str) -> list[str]:
    found = []
    for name in w.KEY_FILES:
        start = text.find(name)
        while start != -1:
            if not text.startswith(".pub", start + len(name)):
                found.append(name)
                break
            start = text.find(name, start + 1)
    return found


def _clauses(flat: str) -> list[str]:
    for mark in _CLAUSE_ENDS:
        flat = flat.replace(mark + " ", "\n")
    return [c.strip() for c in flat.replace(" then ", "\n").replace(" and ", "\n").split("\n")]


def _imperative(clause: str) -> tuple[str, str]:
    """(verb, rest) when the clause opens with an order, else ("", "")."""
    parts = clause.split(" ")
    negated = False
    for i, word in enumerate(parts):
        bare = word.strip("'\"`*")
        if bare in w.NEGATIONS:
            negated = True
        elif bare in w.LEAD_INS:
            continue
        elif bare in w.READ_VERBS or bare in w.SEND_VERBS or bare in w.COPY_VERBS:
            return ("", "") if negated else (bare, " ".join(parts[i + 1:]))
        else:
            return "", ""
    return "", ""


def _env_file(text: str) -> bool:
    start = text.find(".env")
    while start != -1:
        before = text[start - 1] if start else " "
        tail = text[start + 4:start + 14]
        if not (before.isalnum() or before == "_") and not (tail[:1].isalnum() or tail[:1] == "_") \
                and not tail.startswith(w.SAFE_ENV_SUFFIXES):
            return True
        start = text.find(".env", start + 4)
    return False


def _secret_variable(text: str) -> bool:
    for chunk in text.split("$")[1:]:
        name = chunk.lstrip("{").split("}")[0].split()[0] if chunk.strip() else ""
        if any(s in name for s in ("secret", "token", "password", "passwd", "key", "credential")):
            return True
    return False
