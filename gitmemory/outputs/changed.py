"""Orders to change a thing the tree names, asked of the tree (docs/design.md, "Where two
rules meet", *An order to change what the tree holds*; the sentence's side is
:mod:`gitmemory.injection.changes`).

For all the items asked at once: one ``git grep`` of the lines that hold any name an
order acts on (as a whole word), then for each order:

- a name is the tree's *setting* where a line gives it one: the line is in a file that
  configures (by its ending: ``.yml``, ``.properties``, ``.toml``, ``.xml``, ``.conf``,
  a file with no ending such as ``Jenkinsfile`` or ``sshd_config``; a changelog and an
  ignore file aside), or, in a program, the name is a key given a value (``devTools: x``,
  ``[Fuses.RunAsNode]: false``; an assignment in code is the code's, not a setting).
  An order that names no setting of the tree says nothing the tree denies (a function, a
  type, a new name);
- an order that takes away a setting the tree holds is held: the tree still has it;
- an order that gives a state is kept when one line of the tree holds all its names and
  values (a switch read however it is written: ``on`` is ``true``); a line of a
  development or test context (a ``%dev.`` profile, a path with ``dev``, ``test``,
  ``local``, ``example`` ...) counts only for an item that names such a context, and a
  file the order names (``in counter/fuses.js``) narrows the lines to that file.

A value given in words to a setting the tree states (:func:`worded`: "stay valid for 90
days" against ``prescription-validity-days=28``) is asked of the settings the files that
configure give a number or a switch, one more ``git grep``.  Stdlib only: the checkout
hook renders through this module.
"""

from __future__ import annotations

from gitmemory import git
from gitmemory.outputs.cited import Cited
from gitmemory.outputs.stated import (
    DOCS,
    DOCUMENTED,
    HASHED,
    LISP,
    PERCENT,
    grep_endings,
    records_changes,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.injection.changes import Order, Worded

# Endings of files that configure rather than program; a file with no ending counts too.
_CONFIG = ("yml", "yaml", "toml", "ini", "cfg", "conf", "properties", "json", "jsonc",
           "json5", "xml", "env", "hcl", "tf", "tfvars", "plist", "pp", "nix", "service",
           "container", "policy", "rules", "config", "editorconfig", "npmrc", "gradle",
           "csproj", "props", "targets", "dhall", "cue", "nginx", "htaccess", "desktop",
           # and files that provision: a script that sets a machine or a service up, the SQL
           # that grants, a template a config management tool renders into a config, a
           # list of a server's flags (a line of them is the deployed state, as a config's)
           "sh", "bash", "zsh", "ps1", "sql", "erb", "j2", "jinja", "tmpl", "tpl", "sigil",
           "flags", "ctmpl", "mustache")


def reasons(texts: list[str], repo_dir: str, tip: str, paths: list[str],
            refs: list[tuple[str, ...]] | None = None) -> list[str | None]:
    """For each text (citing ``refs``, the commits of its item), why it is held as an
    order to change what the tree holds, as a value given in words to a setting the tree
    states otherwise, or as an order that gives out what the tree's docs protect, or
    None."""
    return [ordered or said or out or exempt or more or lacking or handed
            for ordered, said, out, exempt, more, lacking, handed in zip(
                ordered_reasons(texts, repo_dir, tip, paths, refs),
                worded(texts, repo_dir, tip, paths), given_out(texts, repo_dir, tip, paths),
                exempted_reasons(texts, repo_dir, tip, paths),
                listed_reasons(texts, repo_dir, tip, paths),
                supplied_reasons(texts, repo_dir, tip, paths),
                handed_out(texts, repo_dir, tip, paths), strict=True)]


def handed_out(texts: list[str], repo_dir: str, tip: str, paths: list[str]
               ) -> list[str | None]:
    """For each text, why it is held as an order that hands a thing to people outside
    (:func:`gitmemory.injection.changes.handed`): to the public ("to the public Discord
    channel", "as an open download"), or to a party most of whose words no file of the
    tree uses ("with the wind farm operator"): whom the team gives its data to is the
    tree's to say, and a party it never names is one nobody reviewed.  One ``git grep -w``
    of the parties' words, in the forms a noun takes, for all the texts."""
    from gitmemory.injection import changes

    read = [changes.handed(text) for text in texts]
    wanted = sorted({form for found in read for _, party, _ in found for word in party
                     for form in _noun_forms(word)})
    named: set[str] = set()
    if wanted:
        code, out = git.grep_any(["grep", "-I", "-i", "-o", "-h", "--no-color"], wanted,
                                 [tip, "--", *paths], repo_dir, words=True)
        named = {line.lower() for line in out.split("\n") if line} if code == 0 else set()
    answers: list[str | None] = []
    for found in read:
        why = None
        for _, party, public in found:
            unnamed = [word for word in party if not named.intersection(_noun_forms(word))]
            if public:
                why = "hands what it names to the public"
            elif unnamed and 2 * len(unnamed) > len(party):
                why = f"hands what it names to {' '.join(party)}, whom the tracked files " \
                      "do not name"
            if why:
                break
        answers.append(why)
    return answers


def _noun_forms(word: str) -> tuple[str, ...]:
    """``word`` as a noun's singular and plural write it (``operator``, ``operators``)."""
    return (word, word[:-1]) if word.endswith("s") and len(word) > 4 else (word, f"{word}s")


# What says a place has none of a thing: "has no VCS trigger", "without a trigger", "is
# never triggered by VCS", within :data:`_NONE_NEAR` words before the thing's own.
_NONE = frozenset(("no", "without", "never", "kein", "keine", "sans", "aucun", "aucune",
                   "sin", "ningún", "ninguna", "senza", "nessun", "sem", "nenhum", "geen"))
_NONE_NEAR = 3


def supplied_reasons(texts: list[str], repo_dir: str, tip: str, paths: list[str]
                     ) -> list[str | None]:
    """For each text, why it is held as an order that adds a thing to a place a line of
    the tree says has none of it (:func:`gitmemory.injection.changes.supplied`: "Add
    `triggers { vcs { } }` to the Release build" where the README says "the `Release`
    build configuration has no VCS trigger and is started by hand", the seventeenth sealed
    part): the line names every word of the place and, after a word that says none (no,
    without, never), two of the thing's words or its one (by their first five letters).
    The team decided the place goes without it; adding it is a change nobody reviewed.
    One ``git grep`` of the things' stems for all the texts."""
    from gitmemory.injection import changes

    read = [changes.supplied(text) for text in texts]
    wanted = sorted({word[:_STEM] for found in read for _, said, _ in found for word in said})
    if not wanted:
        return [None] * len(texts)
    code, out = grep_endings(["-i", "-F"], wanted, (), repo_dir=repo_dir, tip=tip,
                             paths=paths)
    rows = [row.partition("\0") for row in (out.split("\n") if code == 0 else [])]
    lines = [(where[len(tip) + 1:], line) for where, _, line in rows
             if where[len(tip) + 1:] and not records_changes(where[len(tip) + 1:])]
    tree = _Tree(repo_dir, tip, lines, [])

    def none_in(said: list[str], place: list[str]) -> str | None:
        for path, line in lines:
            if not _says_none(_split(line), said):
                continue
            if path not in tree.files and len(tree.files) >= _MOST_BODIES:
                continue
            whole = tree.read([path])[0]
            # the sentence a document wraps over lines, or the block a comment stands in
            around = [_paragraph(whole, n) for n, row in enumerate(whole) if row == line]
            stems = {word[:_STEM] for said_around in around for word in _split(said_around)}
            if all(word[:_STEM] in stems for word in place):
                return path
        return None

    return [next((f"orders `{span}` added to the {' '.join(place)}, which {path} says has "
                  "none" for span, said, place in found if (path := none_in(said, place))),
                 None) for found in read]


def _split(line: str) -> list[str]:
    """A line's words, lower case, split at every sign (``johtalus-release``, ``BuildType``
    as ``buildtype``)."""
    return "".join(ch if ch.isalnum() else " " for ch in line.lower()).split()


def _says_none(words: list[str], said: list[str]) -> bool:
    """Whether ``words`` say none of the thing ``said`` names: a word of :data:`_NONE`,
    then within :data:`_NONE_NEAR` words the thing's first word, its head (by its stem:
    "no VCS trigger" of `triggers { vcs { } }`, "no schedule" of `schedule: ...`)."""
    return any(word in _NONE and said[0][:_STEM] in {
        later[:_STEM] for later in words[at + 1:at + 1 + _NONE_NEAR]}
        for at, word in enumerate(words))


def listed_reasons(texts: list[str], repo_dir: str, tip: str, paths: list[str]
                   ) -> list[str | None]:
    """For each text, why it is held as an order that adds a member to a list the tree
    holds without it (:func:`gitmemory.injection.changes.added`: "Add '/catch' to
    `publicRoutes`", "Add '/internal' to the unprotected locations of ..."): a line of the
    tree naming the list (its name, or all the words that name it), or the body of the
    definition that line opens (``publicRoutes [ ^ #( '/healthz' '/hooks/tracker' ) ]``),
    lists members of the new one's form (a path, or a quoted string) and not it.  The tree
    has decided what the list holds; one more member is a change nobody reviewed (issue
    31, the sixteenth sealed part; the fifth's wildcard added to an allow-list is one).
    One ``git grep`` for all the texts, and the files of the definitions read."""
    from gitmemory.injection import changes

    read = [changes.added(text) for text in texts]
    needles = sorted({name or max(words, key=len) for found in read
                      for _, name, words in found})
    if not needles:
        return [None] * len(texts)
    lines = [(path, line) for path, line in git.grep_lines(tip, needles, paths, repo_dir)
             if not records_changes(path)]
    tree = _Tree(repo_dir, tip, lines, [])
    return [next((why for member, name, words in found for path, line in lines
                  if (why := _unlisted((member, name, words), path, line, tree))), None)
            for found in read]


def _unlisted(added: tuple[str, str, list[str]], path: str, line: str, tree: _Tree
              ) -> str | None:
    """Why ``line`` of ``path`` (or the sentence or the definition it opens) lists, of the
    form of the member ``added`` adds, members and not it, naming the list; None when it
    does not.  Files are read whole for :data:`_MOST_BODIES` paths at most."""
    from gitmemory.injection import spans

    member, name, words = added
    if name and not spans.holds_word(line, name):
        return None
    listed = _members(line, member) if name else []
    if (not name or not listed) and (path in tree.files or len(tree.files) < _MOST_BODIES):
        whole = tree.read([path])[0]
        at = next((n for n, said in enumerate(whole) if said == line), None)
        if at is not None and not name:  # the sentence, which a document wraps over lines
            line = _paragraph(whole, at)
            listed = _members(line, member)
        elif at is not None:  # the definition the line opens
            listed = [found for row in _body(whole, at, name) or []
                      for found in _members(row, member)]
    if not name and not all(spans.holds_word(line.lower(), word) for word in words):
        return None
    if not listed or member in listed or member == WILDCARD_MEMBER:
        return None
    return f"orders `{member}` added to `{name or ' '.join(words)}`, which {path} lists without it"


WILDCARD_MEMBER = "*"  # (a wildcard added to an allow-list: the order rules read it)
_ITEM_MARKS = ("- ", "* ", "+ ", "#")  # what opens a list item or a heading of a document


def _paragraph(lines: list[str], n: int) -> str:
    """Line ``n`` with the lines its paragraph or list item wraps over, joined."""
    start = n
    while start > 0 and lines[start].strip() and not lines[start].lstrip().startswith(
            _ITEM_MARKS) and lines[start - 1].strip():
        start -= 1
    end = n + 1
    while end < len(lines) and lines[end].strip() and not lines[end].lstrip().startswith(
            _ITEM_MARKS):
        end += 1
    return " ".join(line.strip() for line in lines[start:end])


def _members(line: str, member: str) -> list[str]:
    """The literals ``line`` lists of ``member``'s form: paths (``/healthz``) for a path,
    else quoted strings (``'a'``, ``"a"``, a code span)."""
    out = []
    for token in line.replace("(", " ").replace(")", " ").replace(",", " ").replace(
            "[", " ").replace("]", " ").replace("{", " ").replace("}", " ").split():
        bare = token.strip("'\"`;.:#")
        if member.startswith("/"):
            if bare.startswith("/") and len(bare) > 1:
                out.append(bare)
        elif len(token) > 2 and token[0] in "'\"`" and token.rstrip(";,.")[-1:] == token[0]:
            out.append(bare)
    return out


def exempted_reasons(texts: list[str], repo_dir: str, tip: str, paths: list[str]
                     ) -> list[str | None]:
    """For each text, why it is held as making a check of the tree not apply by a
    condition (:func:`gitmemory.injection.changes.exempted`: "accept the body even when
    `verify_x` returns False"): the name is one the tree calls or defines (a line holds
    ``name(``), so the tree's code applies it and the item contradicts the tree (issue 31,
    the thirteenth sealed part).  A name the tree does not call says nothing it denies.
    One ``git grep`` for all the texts."""
    from gitmemory.injection import changes

    names = [changes.exempted(text) for text in texts]
    wanted = sorted({call for found in names for name in found for call in _calls(name)})
    if not wanted:
        return [None] * len(texts)
    called = git.grep_found(tip, wanted, [*paths, *_NOT_TESTS], repo_dir)
    return [next((f"makes `{name}` of the tree not apply by a condition" for name in found
                  if any(call.lower() in called for call in _calls(name))), None)
            for found in names]


# The files of a test suite: a test the suite skips ("Skip `test_symlinks` on Windows") is
# the developer's, where a check the application calls is the tree's rule.
_NOT_TESTS = tuple(f":(exclude,glob){pattern}" for pattern in (
    "**/test/**", "**/tests/**", "**/spec/**", "**/specs/**", "**/__tests__/**",
    "**/testing/**", "**/*_test.*", "**/test_*", "**/*Test.*", "**/*Tests.*", "**/*_spec.*",
    "**/*.test.*", "**/*.spec.*", "test/**", "tests/**", "spec/**"))


def _calls(name: str) -> tuple[str, ...]:
    """How a line calls or defines ``name``, whatever the language's form: ``name(``, and
    Lisp's ``(name `` (the fourteenth sealed part: ``(verify-mesh-signature body ...)``),
    and a keyword selector as written before its argument (``verifySignature: aRequest``,
    Smalltalk's and Objective-C's call and definition alike: the sixteenth)."""
    if name.endswith(":"):
        return (f"{name} ",)
    # (a Lisp's definition of it: ``(defn location-view``, ``(define (may-ship? x)``)
    return (f"{name}(", f"({name} ", *(f"({form} {name}" for form in _DEFINING),
            f"(define ({name} ")


# The forms by which a Lisp defines a function (Clojure's and Janet's, Scheme's, Common
# Lisp's and Emacs Lisp's): the name they define is one the tree's code has.
_DEFINING = ("defn", "defn-", "define", "defun", "defmacro", "def")


# What a reader does with a thing: a line that says someone never sees it forbids every
# order that carries it to them ("Boat operators never see which observer wrote a report").
_READ = frozenset(("see", "sees", "seen", "shown", "read", "reads", "learn", "learns", "know",
                   "knows"))
_DOC_COMMENTS = ("#", "///", "//!", "-- |", ";;", "%")  # the marks of a declaration's doc comment
_NOT = frozenset(("never", "not", "don't", "dont", "nie", "niemals", "nicht", "jamais",
                  "nunca", "mai", "nooit"))


def given_out(texts: list[str], repo_dir: str, tip: str, paths: list[str]
              ) -> list[str | None]:
    """For each text, why it is held as an order that carries to more readers what a doc
    of the tree protects: a line of a document naming two of the order's object words
    that calls them protected (encrypted, masked, private, personal, secret ...) or
    forbids the order's own verb ("never paste it"); one ``git grep`` over the docs."""
    from gitmemory.injection import changes, relaxes

    read = [changes.widened(text) for text in texts]
    # the lines are asked by the stems :func:`_protected` compares ("earmarks" finds "A
    # herder's earmark is personal data"), not by whole words: what one text is judged by
    # must not hang on the words of the others asked with it
    wanted = sorted({word[:_STEM] for found in read for _, words in found for word in words})
    if not wanted:
        return [None] * len(texts)
    code, out = grep_endings(["-i", "-F"], wanted, DOCS, repo_dir=repo_dir,
                             tip=tip, paths=paths)
    # and the comments that document the code's declarations, where a program says what
    # it protects (``# RedactLogs masks ... the observer's name``): documents as much
    commented, noted = grep_endings(["-i", "-F"], wanted,
                                    DOCUMENTED + HASHED + LISP + PERCENT,
                                    repo_dir=repo_dir, tip=tip, paths=paths)
    # a document's heading ("## Personal data") names a topic: it protects nothing itself
    rows = [row for row in (out.split("\n") if code == 0 else [])
            if not _heading(row.partition("\0")[2])] + [
        row for row in (noted.split("\n") if commented == 0 else [])
        if row.partition("\0")[2].lstrip().startswith(_DOC_COMMENTS)]
    lines = []
    for row in rows:
        where, _, line = row.partition("\0")
        path = where[len(tip) + 1:]
        if path and not records_changes(path):
            # a rule is stated in a clause, as the rules of documents are read: a line of
            # a paragraph holds several
            for sentence in relaxes.cut(line):
                said = [word.strip("`*()[],.;:\"'") for word in sentence.lower().split()]
                said = [part for word in said for part in word.replace("/", " ").replace(
                    "-", " ").replace("_", " ").split()]
                lines.append((path, said))
    return [next((why for verb, words in found
                  if (why := _protected(verb, words, lines, _addresses(text)))), None)
            for text, found in zip(texts, read, strict=True)]


def _addresses(text: str) -> frozenset[str]:
    """The mail addresses ``text`` names, lower case: where an order sends what it gives."""
    import re

    return frozenset(m.lower().rstrip(".") for m in re.findall(
        r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text))


_STEM = 5  # letters of a word that an order's object and a document's line compare by


def _heading(line: str) -> bool:
    """Whether ``line`` is a Markdown heading's (``## Personal data``)."""
    marks = len(line) - len(line.lstrip("#"))
    return 1 <= marks <= 6 and line[marks:marks + 1] in (" ", "\t")


def _protected(verb: str, words: list[str], lines: list[tuple[str, list[str]]],
               addresses: frozenset[str] = frozenset()) -> str | None:
    from gitmemory.injection import changes

    for path, said in lines:
        if addresses.intersection(said):
            continue  # the line sends it where the order does: the document's own routing
        stems = {word[:_STEM] for word in said}
        if len({word for word in words if word[:_STEM] in stems}) < 2:
            continue
        # "never see it", and "sees the totals, never a name" for an order that gives out
        # what follows the negation (a name), not what the reader sees (the totals)
        forbidden = any((said[at][:5] == verb[:5] or said[at] in _READ) and
                        _NOT.intersection(said[max(0, at - 2):at]) for at in range(len(said))
                        ) or any(said[at] in _READ and _denied_after(said[at + 1:], words)
                                 for at in range(len(said)))
        if forbidden or changes.PROTECTED.intersection(said):
            return f"gives out what {path} protects"
    return None


def _denied_after(said: list[str], words: list[str]) -> bool:
    """Whether ``said`` (what a line says after a verb of reading) negates, and one of
    ``words`` (an order's object) stands after the negation."""
    at = next((n for n, word in enumerate(said) if word in _NOT), None)
    stems = {word[:5] for word in said[at + 1:]} if at is not None else set()
    return any(word[:5] in stems for word in words)


def ordered_reasons(texts: list[str], repo_dir: str, tip: str, paths: list[str],
                    refs: list[tuple[str, ...]] | None = None) -> list[str | None]:
    """For each text, why it is held as an order to change what the tree holds, or None."""
    from gitmemory.injection import changes

    read = [changes.orders(text) for text in texts]
    names = sorted({name for found in read for order in found
                    for name in [*order.names(), *order.replaced, *_parties(order),
                                 *(step.lower() for step in order.steps), *order.switched]})
    placed = any(order.places for found in read for order in found)
    if not names and not placed:
        return [None] * len(texts)
    found = git.grep_lines(tip, names, paths, repo_dir) if names else []
    lines = [(path, line) for path, line in found
             if not records_changes(path) and not _ignore_file(path)]
    records = [line for path, line in found if records_changes(path)]
    tracked = git.tree_names(tip, repo_dir) if placed else []
    tree = _Tree(repo_dir, tip, lines, tracked)
    cited = Cited(repo_dir, tip)

    def first(orders: list[Order], n: int) -> str | None:
        for order in orders:
            why = None if _logged(order, records) else _reason(order, tree)
            if why and not _undone(order, texts[n], refs[n] if refs else (), cited):
                return why
        return None

    out = [first(orders, n) for n, orders in enumerate(read)]
    # the subject records a reviewed commit: judge what follows it
    for n, after in cited.following(texts, refs or [()] * len(texts), out).items():
        out[n] = first(changes.orders(after), n)
    return out


def _undone(order: Order, text: str, refs: tuple[str, ...], cited: Cited) -> bool:
    """Whether ``order`` only takes names away and a reviewed commit its item cites took
    each of them away (docs/design.md, "Where two rules meet", *A record of a reviewed
    commit*): the item tells that commit's change, done and kept."""
    return bool(order.taken) and not order.given and all(
        cited.took_away(name, text, refs) for name in order.taken)


class _Tree:
    """What the orders of one call are asked of: the tree's lines that name them, its
    files' names, and the files a block is read from, each read once."""

    __slots__ = ("files", "lines", "repo_dir", "tip", "tracked")

    def __init__(self, repo_dir: str, tip: str, lines: list[tuple[str, str]],
                 tracked: list[str]) -> None:
        self.repo_dir, self.tip, self.lines, self.tracked = repo_dir, tip, lines, tracked
        self.files: dict[str, list[str]] = {}

    def read(self, paths: list[str]) -> list[list[str]]:
        """The lines of each of ``paths`` at the tip (none for one that is no blob)."""
        missing = [path for path in paths if path not in self.files]
        found = git.cat_file([f"{self.tip}:{path}" for path in missing], self.repo_dir) \
            if missing else []
        for path, blob in zip(missing, found, strict=True):
            self.files[path] = git.decode(blob[2]).splitlines() \
                if blob and blob[1] == "blob" else []
        return [self.files[path] for path in paths]


# A line of a file that configures: a setting's name given a number or a switch, alone.
_VALUED = (r'^[[:space:]]*["'"'"'%]?([A-Za-z0-9]+[._-])*[A-Za-z0-9]+["'"'"']?[[:space:]]*[:=]'
           r'[[:space:]]*["'"'"']?([0-9]+|true|false|yes|no|on|off|enabled|disabled)["'"'"']?'
           r'[[:space:]]*,?[[:space:]]*$')


def worded(texts: list[str], repo_dir: str, tip: str, paths: list[str]
           ) -> list[str | None]:
    """For each text, why it is held as a value given in words to a setting the tree states
    otherwise, or None (one ``git grep`` of the tree's settings given a number or a
    switch, over the files that configure)."""
    from gitmemory.injection import changes

    read = [changes.Worded(text) for text in texts]
    if not any(read):
        return [None] * len(texts)
    code, out = grep_endings(["-n", "-E"], [_VALUED], _CONFIG, repo_dir=repo_dir,
                             tip=tip, paths=paths)
    settings = []
    for row in out.split("\n") if code == 0 else []:
        where, _, rest = row.partition("\0")
        path = where[len(tip) + 1:]
        line = rest.partition("\0")[2]
        if not path or "lock" in path.rsplit("/", 1)[-1].lower() or _development(path, line):
            continue
        key, _, value = line.replace("=", ":", 1).partition(":")
        key = key.strip().strip("\"'").lstrip("%")
        # the setting's own words: its last dotted part's (``id-check-on-collection`` of
        # ``phial.register.id-check-on-collection``), not its namespace
        parts = [part for part in changes.key_parts(key.rsplit(".", 1)[-1]) if len(part) >= 4]
        value = value.strip().strip(",").strip("\"'").lower()
        if len(parts) >= 2:
            settings.append((path, key, parts, value))
    return [_contradicted(said, settings) if said else None for said in read]


def _contradicted(said: Worded, settings: list[tuple[str, str, list[str], str]]
                  ) -> str | None:
    """What ``said`` gives a setting of the tree otherwise: the settings whose own words
    (of four letters or more, at least two: not their namespace) the item all uses; a
    number given with one of them as its unit ("90 days" to ``...-validity-days``) where
    none of those settings has that number, or a negation just before one of them where
    the setting is on ("does not need an ID check": ``id-check-on-collection=true``)."""
    from gitmemory.injection import changes

    stem = changes.KEY_STEM
    named = [(path, key, parts, value) for path, key, parts, value in settings
             if all(part[:stem] in said.stems for part in parts)]
    for number, unit, stems in said.numbers:  # the setting's words in the number's clause
        counted = [(path, key, value) for path, key, own, value in named
                   if value.isdigit() and any(part[:4] == unit[:4] for part in own) and
                   all(part[:stem] in stems for part in own)]
        if counted and all(value != number for _, _, value in counted):
            path, key, value = counted[0]
            return f"gives `{key}` {number}, where {path} sets {value}"
    for path, key, own, value in named:
        if value in changes.ON and said.denies(own):
            return f"says `{key}` does not hold, where {path} sets it {value}"
    return None


def _logged(order: Order, records: list[str]) -> bool:
    """Whether a changelog line of the tree names every name ``order`` acts on: the order
    is a change the project made and recorded ("Remove `pg_catalog` from `db-schemas`")."""
    from gitmemory.injection import spans

    return any(all(spans.holds_word(line, name) for name in order.names())
               for line in records)


def _reason(order: Order, tree: _Tree) -> str | None:
    """Why ``order`` changes what the tree holds (:func:`_changes`), else, for a role given
    to a whole kind of party, why that widens it (:func:`_to_everyone`)."""
    why = _changes(order, tree)
    if why is None and order.everyone:
        return _to_everyone(order, tree.lines)
    return why


def _changes(order: Order, tree: _Tree) -> str | None:
    from gitmemory.injection import spans
    from gitmemory.injection.changes import COPIED, COPIED_FILE

    lines, tracked = tree.lines, tree.tracked
    files = [path for place in order.places for path in tracked
             if path == place or path.endswith("/" + place)]
    moved = _moved(order, lines, files) or _done_instead(order, tree, files)
    if moved:
        return moved
    step = _step(order, lines)
    if step:
        return step
    if order.access == COPIED:  # a credential copied to more places
        return _regranted(order, lines)
    if order.access == COPIED_FILE:  # a file the tree keeps secret, copied to more places
        return _secret_copied(order, lines)
    holding = {name: [(path, line) for path, line in lines if spans.holds_word(line, name)]
               for name in order.names()}
    if not holding and files and order.values:  # "Open 5433 to 0.0.0.0/0 in rules.v4.erb"
        return _placed_values(order, files, tree)
    settings = [name for name, found in holding.items()
                if any(_setting(path, line, name) for path, line in found)]
    stated = [name for name in order.taken if any(
        _documented(path, line, name) for path, line in holding[name])]
    if stated and not settings:
        return f"orders away `{stated[0]}`, which the tracked files hold"
    guarded = _guarded(order, holding) or _reopened(order, holding) or _unbanned(order, tree)
    if guarded:
        return guarded
    numbers = _changed_numbers(order, holding, tree)
    if numbers:
        order.values = [*order.values, *numbers]
    if not settings and order.values:
        # a name the tree holds anywhere (a constant in code, a role a document names)
        # given one specific value: a change, restated only by a line holding both
        settings = [name for name in order.given if holding.get(name)]
    if not settings:
        return _regranted(order, lines)  # else: the order names no setting the tree has
    taken = [name for name in order.taken if name in settings]
    if taken:
        return f"orders away `{taken[0]}`, which the tracked files hold"
    if order.directed and not order.target and not order.numbers and _one_value(
            order.given[:1], holding):
        # "lower `x`", "raise `x`": whatever it becomes, not the one value the tree gives it
        # ("Raise `SyntaxError`" throws, and a name the tree gives no value is no setting)
        return f"orders a change of `{settings[0]}` that the tracked files do not make"
    first = order.given[0] if order.given else ""
    for path, line in holding.get(first, []):
        if files and path not in files:
            continue
        if not order.context and _development(path, line):
            continue
        if all(spans.holds_word(line, name) for name in order.given) and all(
                _gives(line, order.given, value) for value in order.values) and not (
                _denies(line, order)):
            return None
    candidates = sorted({path for path, _ in holding.get(first, [])
                         if (not files or path in files) and
                         (order.context or not _development(path, ""))})
    if candidates and _blocks_give(order, tree.read(candidates[:8])):
        return None
    return f"orders a change of `{settings[0]}` that the tracked files do not make"


# The parts of a line's words that say it handles a secret (``--privkey``,
# ``TARANTOOL_PASSWORD``), and the modes that close a file to all but its owner.
_SECRET_PARTS = frozenset(("password", "passwd", "secret", "secrets", "token", "privkey",
                           "private", "key", "credential", "credentials", "apikey"))
_CLOSED_MODES = frozenset(("0600", "600", "0400", "400", "0640", "640", "go-rwx", "o-rwx"))


def _secret_copied(order: Order, lines: list[tuple[str, str]]) -> str | None:
    """A file copied by its path to more places, where the tree keeps it secret (issue 31,
    the sixteenth sealed part: a signing key copied to hosts, an env file copied into a
    web root): a line of the tree that names the path gives it a key's or a secret's
    flag, writes a password into it, or closes its mode (``--privkey /etc/x.pem``,
    ``printf 'X_PASSWORD=%s' ... > /etc/x/env``, ``chmod 0600 /etc/x/env``).  Kept only
    where one line of the tree holds the path with every place it goes; a file the tree
    does not keep secret is anyone's to copy."""
    from gitmemory.injection import spans

    path = order.given[0]
    holding = [line for _, line in lines if spans.holds_word(line, path)]
    secret = False
    for line in holding:
        parts = set("".join(ch if ch.isalnum() else " " for ch in line.lower()).split())
        words = {word.strip("'\";") for word in line.split()}
        if parts & _SECRET_PARTS or words & _CLOSED_MODES:
            secret = True
            break
    if not secret:
        return None
    if any(all(spans.holds_word(line, place) for place in order.values) for line in holding):
        return None
    return (f"orders `{path}`, which the tracked files keep secret, copied to "
            f"{', '.join(order.values)}")


def _parties(order: Order) -> list[str]:
    """The party a role is given to, by its first word (``lantarki`` of "the lantarki
    user"): a line of the tree may give that party another role."""
    return order.values[:1] if order.access else []  # (a copied credential: a place)


def _regranted(order: Order, lines: list[tuple[str, str]]) -> str | None:
    """A role no line of the tree names, given to a party a file that configures gives
    a role of that kind (a line holding the party and the noun of access: "Give the
    lantarki user the `Primary Administrator` profile" where ``omnios/user_attr`` says
    ``lantarki::::profiles=Service Management``): the tree gives the party another, and
    the order changes it (issue 31, the fifteenth sealed part)."""
    from gitmemory.injection import spans
    from gitmemory.injection.changes import COPIED

    if not order.access or not order.given:
        return None
    if order.access == COPIED:
        # a credential copied to more places: restated only by a line that holds it with
        # every place it is copied to
        if any(all(spans.holds_word(line.lower(), word.lower())
                   for word in [*order.given, *order.values]) for _, line in lines):
            return None
        return (f"orders the `{order.given[-1]}` credential copied to "
                f"{', '.join(order.values)}, which no line of the tree does")
    party, noun = order.values[:1], order.access[:5]
    for path, line in lines:
        low = line.lower()
        if party and spans.holds_word(low, party[0]) and noun in low and _setting(
                path, line, party[0]) and not _development(path, line):
            return f"orders `{order.given[-1]}` given to {party[0]}, where {path} gives another"
    return None


def _to_everyone(order: Order, lines: list[tuple[str, str]]) -> str | None:
    """A role given to a whole kind of party ("Give every measurer the `lldap_admin`
    group", "grant all staff the deploy role": issue 31, the nineteenth sealed part):
    rights widened to everyone of a kind, whoever they are, are restated only by a line of
    the tree that gives the role so (it names the role and a word for everyone); the tree
    that gives it to no one, or to named people, does not widen it."""
    from gitmemory.injection import spans
    from gitmemory.injection.changes import UNIVERSAL

    if not order.given:
        return None
    role = order.given[-1].lower()
    for _, line in lines:
        low = line.lower()
        if spans.holds_word(low, role) and any(spans.holds_word(low, word)
                                               for word in UNIVERSAL):
            return None
    return f"orders `{order.given[-1]}` given to everyone of a kind, which no line of the tree does"


def _step(order: Order, lines: list[tuple[str, str]]) -> str | None:
    """An order that takes away a unit of the pipeline, the build or the release by its
    name ("Delete the FiveAM step from the release builder", "Remove the tests step from
    CI"), where a line of the tree names it in any case (``ql fiveam :latest``): the tree
    still runs it, and a memory that orders it away is a task, not what is (docs/design.md,
    "Where two rules meet", *A unit of the pipeline taken away*)."""
    from gitmemory.injection import spans

    if order.given:
        return None
    for name in order.steps:
        low = name.lower()
        if any(spans.holds_word(line.lower(), low) for _, line in lines):
            return f"orders away the `{name}` step, which the tracked files hold"
    return None


def _changed_numbers(order: Order, holding: dict[str, list[tuple[str, str]]],
                     tree: _Tree | None = None) -> list[str]:
    """The numbers ``order`` gives its names that change the tree: where the lines holding
    a name give it one other plain number and none this one (``places.tuned``), on the
    line or, where the line defines the name and gives it nothing, as the one constant its
    body answers (:func:`_answered`); a name the tree writes as an expression or gives
    several numbers (its fixtures' cases) is tuned, the developer's (docs/design.md,
    "Where two rules meet", *A value is confirmed where it is given*)."""
    from gitmemory.injection import spans

    if not order.numbers:
        return []
    out = []
    for name in order.given[:1]:
        found = holding.get(name, [])
        given = {value for _, line in found for value in _values(line, name)}
        if not given - {""} and tree is not None:
            paths = sorted({path for path, _ in found})[:_MOST_BODIES]
            given = {value for path, lines in zip(paths, tree.read(paths), strict=True)
                     for n, line in enumerate(lines)
                     if spans.holds_word(line, name) and (value := _answered(lines, n, name))}
        out += [number for number in order.numbers if len(given) == 1 and
                number not in given and _plain_number(next(iter(given)))]
    return out


_MOST_BODIES = 8  # files a definition's body is read from, for one name
# What ends a definition's head: the body opens after it (Smalltalk's ``x [``, a brace, a
# colon, Ruby's and Pascal's words), whatever the language.
_OPENERS = ("[", "{", ":", "=", "(")
_OPENING_WORDS = frozenset(("do", "begin", "is", "as", "then", "where"))
_COMMENT_MARKS = ('"', "#", "//", "--", ";", "%", "/*", "*", "(*", "'")
_BODY_LINES = 6  # lines of a body read for its one constant


def _answered(lines: list[str], n: int, name: str) -> str:
    """The one number the definition that line ``n`` opens answers, or "": the body's one
    line of code (:func:`_body`) is a number, alone or after one word or sign that hands
    it back (``^ 14``, ``return 1800;``).  A method that answers a constant is the tree's
    setting by its place, as a key given a value is, whatever the language (issue 31, the
    sixteenth sealed part: Smalltalk's selectors)."""
    code = _body(lines, n, name)
    if code is None or len(code) != 1:
        return ""
    said = code[0].rstrip(";.").split()
    number = said[-1] if said else ""
    return number if number.isdigit() and len(said) <= 2 and (
        len(said) == 1 or not any(ch.isalnum() for ch in said[0]) or said[0].isalpha()) else ""


def _body(lines: list[str], n: int, name: str) -> list[str] | None:
    """The lines of code (comments and blanks aside) of the definition that line ``n``
    opens, or None when it opens none: the line names ``name`` and then at most a
    parameter list and what opens a body (``MatauRules >> rahuiNoticeDays [``, ``def
    max_age(self):``, ``func MaxAge() int {``), and the body is what is indented under it,
    up to a line that closes it, :data:`_BODY_LINES` at most."""
    head = lines[n]
    after = head[head.find(name) + len(name):].strip()
    if any(ch.isdigit() for ch in after) or not (
            not after or after.endswith(_OPENERS) or after.split()[-1] in _OPENING_WORDS):
        return None
    indent = len(head) - len(head.lstrip())
    code: list[str] = []
    for line in lines[n + 1:n + 1 + _BODY_LINES]:
        bare = line.strip()
        if not bare or bare.startswith(_COMMENT_MARKS):
            continue
        if bare in ("]", "}", "end", "end;", "};", "]."):
            break
        if len(line) - len(line.lstrip()) <= indent:
            return code or None  # the body ended, or there was none
        code.append(bare)
    return code


def _one_value(names: list[str], holding: dict[str, list[tuple[str, str]]]) -> bool:
    """Whether the lines holding the first of ``names`` give it one plain value."""
    given = {value for name in names for _, line in holding.get(name, [])
             for value in _values(line, name)}
    return len(given) == 1 and "" not in given


def _values(line: str, name: str) -> list[str]:
    """What ``line`` gives ``name`` after its separator (``"x": 3600``, ``X = 10 * 3600``):
    a plain number as written, anything else (an expression, a word) as "" ."""
    out = []
    at = line.find(name)
    while at >= 0:
        after = line[at + len(name):].lstrip(" \t\"']")
        bound = _bound(line, at)
        fact = _fact(line, at, name)
        if bound:  # ``(defparameter *x* 1800)``: the value after the name
            after = "=" + after.lstrip("*+")
        elif fact is not None:  # ``notice_hours(72).``: the fact's argument
            after = "=" + fact
        elif line[at - 1:at] == "<" and after.startswith(">"):  # ``<x>0</x>``: the element's
            after = "=" + after[1:].partition("<")[0]
        if after[:1] in (":", "="):
            value = after[1:].lstrip(" \t\"'=>")
            number = value[:len(value) - len(value.lstrip("0123456789_"))]
            if number and value[len(number):len(number) + 1] == "." and \
                    value[len(number) + 1:len(number) + 2].isdigit():  # a decimal: 3.5
                fraction = value[len(number) + 1:]
                number += "." + fraction[:len(fraction) - len(fraction.lstrip("0123456789"))]
            rest = value[len(number):].lstrip(" \t\"'")
            # (a code span's end too: a document's ``name = 3`` in backticks; and a flag's
            # value ends where the command's next flag starts: ``--maxfail=3 --lockout=60``)
            flagged = name.rsplit(maxsplit=1)[-1].startswith("-") and rest[:1] == "-" and \
                value[len(number):][:1] == " "
            out.append(number if number and (rest[:1] in ("", ",", ";", "}", ")", "]", "#", "`")
                                             or flagged) else "")
        at = line.find(name, at + 1)
    return out


def _moved(order: Order, lines: list[tuple[str, str]], files: list[str]) -> str | None:
    """A replacing order ("Change `USER 10001` to `USER root`") whose old side, a statement
    of several words, a line of the tree holds as written, while that line does not hold
    the new side: the order moves the tree's own state to another (docs/design.md, "Where
    two rules meet", *An order to change what the tree holds*)."""
    from gitmemory.injection import spans

    if not order.target:
        return None
    for span in order.replaced:
        for path, line in lines:
            if (files and path not in files) or not spans.holds_word(line, span) or (
                    not order.context and _development(path, line)):
                continue
            low = line.lower()
            if not all(spans.holds_word(low, said.lower()) for said in order.target):
                return f"orders a change of `{span}`, which {path} holds"
    return None


def _done_instead(order: Order, tree: _Tree, files: list[str]) -> str | None:
    """An order "instead of" a way of doing ("Proxy `/internal/` to the app instead of
    returning 404") that a line of the tree does, where the order acts (a line naming
    its name, or of the file it names): the order takes that away."""
    from gitmemory.injection import spans

    if not order.instead:
        return None
    if files:
        lines = [(path, line) for path, found in zip(files, tree.read(files), strict=True)
                 for line in found]
    else:
        lines = [(path, line) for path, line in tree.lines
                 if any(spans.holds_word(line, name) for name in order.names())]
    for path, line in lines:
        said = line.lower().replace(";", " ").replace("{", " ").replace("}", " ").split()
        if (not order.names() or any(spans.holds_word(line, name) for name in order.names())
                ) and all(any(word.startswith(part) for word in said)
                          for part in order.instead) and not _turned_down(said, order.instead):
            return f"orders away what {path} does: {' '.join(order.instead)}"
    return None


def _turned_down(said: list[str], way: list[str]) -> bool:
    """Whether a line of the tree names the way only as the one it turns down ("... rather
    than relaxing the check"): it does not do it, it says not to."""
    for n in range(len(said) - 1):
        if (said[n], said[n + 1]) in (("rather", "than"), ("instead", "of")):
            after = said[n + 2:n + 8]
            if after and any(word.startswith(way[0]) for word in after[:2]):
                return True
    return False


def _placed_values(order: Order, files: list[str], tree: _Tree) -> str | None:
    """An order that names no name but gives values (a port, an address, a mode) in a file
    of the tree: kept only where one line of that file holds them all."""
    from gitmemory.injection import changes, spans

    values = [value for value in order.values
              if value not in changes.ON and value not in changes.OFF]
    if not values:
        return None
    for lines in tree.read(files):
        if any(all(spans.holds_word(line.lower(), value) for value in values)
               for line in lines):
            return None
    return f"orders {' '.join(values)} in {files[0]}, which no line of it gives"


def _guarded(order: Order, holding: dict[str, list[tuple[str, str]]]) -> str | None:
    """An order that takes away or switches off a name a document of the tree says
    protects (a line of it naming the name beside a word of protection: masked,
    encrypted, private, redacted ...; ``masked in logs by `Skerry.Redact```)."""
    from gitmemory.injection import changes

    off = [*order.taken, *(order.given if "off" in order.values else [])]
    for name in off:
        for path, line in holding.get(name, []):
            if path.rsplit(".", 1)[-1].lower() not in DOCS:
                continue
            said = {word.strip("`*()[],.;:\"'").lower() for word in line.split()}
            if changes.PROTECTED.intersection(said) or said & _PROTECTS:
                return f"orders away `{name}`, which {path} says protects"
    return None


def _reopened(order: Order, holding: dict[str, list[tuple[str, str]]]) -> str | None:
    """An order that switches on a name a document of the tree says is off (a line of it
    naming the name beside a word of that state: disabled, deactivated, locked; the
    seventeenth sealed part's "Re-enable the `cassandra` superuser with the default
    password" where the runbook says "superuser role `cassandra` is disabled"): the team
    turned it off, and switching it back on is a change nobody reviewed.  An order for a
    development or test context is the developer's."""
    if not (order.switching_on or "on" in order.values) or order.context:
        return None
    for name in order.given:
        for path, line in holding.get(name, []):
            if path.rsplit(".", 1)[-1].lower() not in DOCS:
                continue
            said = {word.strip("`*()[],.;:\"'").lower() for word in line.split()}
            if said & _SWITCHED_OFF and not said & _NOT:
                return f"orders `{name}` switched on, which {path} says is off"
    return None


def _unbanned(order: Order, tree: _Tree) -> str | None:
    """An order that switches on what a document of the tree says is not to be there, a
    negation right before its name ("Enable `service https` on the outside interface"
    where the runbook says "no `service https` on the outside interface": issue 31, the
    nineteenth sealed part): the team ruled it out, and switching it on is a change nobody
    reviewed, whatever the thing is.  Read for a span of several words the order switches
    on, in the paragraph round each document line that names it (a negation may end the
    line before); an order for a development or test context is the developer's."""
    if not order.switched or order.context:
        return None
    from gitmemory.injection import spans

    for name in order.switched:
        paths = sorted({path for path, line in tree.lines
                        if path.rsplit(".", 1)[-1].lower() in DOCS and
                        spans.holds_word(line, name)})[:_MOST_BANS]
        for path, lines in zip(paths, tree.read(paths), strict=True):
            for n, line in enumerate(lines):
                if spans.holds_word(line, name) and _negated_before(_paragraph(lines, n), name):
                    return f"orders `{name}` switched on, which {path} says is not to be"
    return None


_MOST_BANS = 8  # documents read for the ban of one thing an order switches on
_BANNING = frozenset(("no", "never", "not", "nor", "without", "kein", "keine", "nie", "pas",
                      "jamais", "sin", "nunca", "senza", "mai", "geen", "nooit"))
_BAN_NEAR = 3  # words between the negation and the name


def _negated_before(paragraph: str, name: str) -> bool:
    """Whether a negation (:data:`_BANNING`) stands at most :data:`_BAN_NEAR` words before
    ``name`` somewhere in ``paragraph``."""
    low, needle = paragraph.lower(), name.lower()
    at = low.find(needle)
    while at != -1:
        before = [word.strip("`*_,.;:()\"'") for word in low[:at].split()][-_BAN_NEAR:]
        if _BANNING.intersection(before):
            return True
        at = low.find(needle, at + 1)
    return False


# The states a document says a thing was switched off in.
_SWITCHED_OFF = frozenset(("disabled", "deactivated", "locked", "deaktiviert", "désactivé",
                           "desactivado", "disattivato", "desativado", "uitgeschakeld",
                           # ... or taken away whole, which bringing it back undoes
                           "dropped", "removed", "deleted", "gelöscht", "entfernt",
                           "supprimé", "eliminado", "rimosso", "removido", "verwijderd"))


# What a document says a thing does when it protects (besides what it calls protected).
_PROTECTS = frozenset(("masked", "masks", "redacts", "encrypts", "protects", "guards",
                       "enforces", "requires", "blocks", "bans"))


def _denies(line: str, order: Order) -> bool:
    """Whether ``line`` takes away what ``order`` gives as words (``REVOKE UPDATE, DELETE
    ... FROM app`` for "GRANT UPDATE and DELETE ... to app"): no restatement of it."""
    from gitmemory.injection import changes

    if all(value in changes.ON or value in changes.OFF for value in order.values):
        return False
    said = {word.strip("`*()[],.;:\"'").lower() for word in line.split()}
    return bool(said & changes.DENYING)


def _blocks_give(order: Order, files: list[list[str]]) -> bool:
    """Whether a block of one of ``files`` holds the state ``order`` gives, however the
    file nests it: the block round a line naming a given name (the line and what is
    indented under the line it sits in: a YAML list item's keys, an HCL block) names
    every given name and gives every value, on a line of its own or nested
    (``ui_config {`` then ``enabled = false`` is ``ui_config`` off).  The tree's own state
    is as much the tree's nested as on one line (docs/design.md, "Where two rules meet")."""
    from gitmemory.injection import spans
    from gitmemory.outputs import places

    for lines in files:
        for n, line in enumerate(lines):
            if not any(spans.holds_word(line, name) for name in order.given):
                continue
            block = places.enclosing(lines, n)
            if not all(any(spans.holds_word(inner, name) for inner in block)
                       for name in order.given):
                continue
            if all(any(_gives(inner, order.given, value) and not _denies(inner, order)
                       for inner in block) or
                   any(spans.nested_holds(block, name, value, at)
                       for name in order.given for at in range(len(block)))
                   for value in order.values):
                return True
    return False


def _setting(path: str, line: str, name: str) -> bool:
    """Whether ``line`` of ``path`` gives ``name`` a setting (see the module's docstring)."""
    last = path.rsplit("/", 1)[-1].lower()
    ending = last.rsplit(".", 1)[-1] if "." in last.lstrip(".") else ""
    if not ending or ending in _CONFIG or last.lstrip(".") in _CONFIG:
        return True
    if ending not in DOCS and any(f"{quote}{name}{quote}" in line for quote in "'\"") and (
            "=" in line.partition(name)[0] or line.partition(name)[0].rstrip(" '\"")[-1:] in (
                "(", ",", "[")):
        return True  # a program given it as a value: ``x['bouncer'] = 'crowdsec-bouncer'``
    at = line.find(name)
    while at >= 0:  # in a program, a key given a value: `devTools: x`, `[F.RunAsNode]: x`
        after = line[at + len(name):].lstrip("\"']")
        if (after.startswith(":") and after[1:2] in ("", " ", "\t")) or _bound(line, at) or (
                _fact(line, at, name) is not None):
            return True
        at = line.find(name, at + 1)
    return False


# The forms by which Lisp gives a name a value (Common Lisp, Emacs Lisp, Scheme, Clojure):
# the tree's setting by its place, whatever the name's spelling (``*session-max-time*``).
_BINDING = frozenset(("defparameter", "defvar", "defconstant", "defcustom", "defconst",
                      "def", "define", "setf", "setq", "setv"))


def _bound(line: str, at: int) -> bool:
    """Whether the name at ``at`` of ``line`` is the one a Lisp form binding a value names
    (``(defparameter *session-max-time* 1800)``, ``(setf *x* 2)``): a setting by its place,
    as a key given a value is (the fourteenth sealed part)."""
    before = line[:at].rstrip("*+").rstrip()
    head = before.rsplit("(", 1)
    return len(head) == 2 and head[1].strip().lower() in _BINDING



def _fact(line: str, at: int, name: str) -> str | None:
    """The arguments of the fact ``line`` states of the name at ``at``, or None: a clause at
    the left margin that gives the name constant arguments and ends with a period
    (``notice_hours(72).``, ``min_soc_percent(20).  % ...``), as Prolog and Datalog state
    what a program is told, a setting by its place as a key given a value is (the fifteenth
    sealed part); a rule (``f(X) :- ...``), a call and a directive are code."""
    if at != 0 or line[len(name):len(name) + 1] != "(":
        return None
    code = line.partition("%")[0].rstrip()
    args = code[len(name) + 1:]
    if not args.endswith(")."):
        return None
    args = args[:-2]
    if "(" in args or ")" in args or ":-" in args or any(
            part.strip()[:1].isupper() or part.strip()[:1] == "_" for part in args.split(",")):
        return None  # a variable (``Site``, ``_``) or a nested term: a rule's head, not a fact
    return args.strip()


def _documented(path: str, line: str, name: str) -> bool:
    """Whether a document's line names ``name`` in a code span that gives a value: the
    docs state what the tree configures (```WITH ENCRYPTION (... = Cert)``` in a
    runbook), not only that a name exists (```Default```)."""
    if path.rsplit(".", 1)[-1].lower() not in DOCS:
        return False
    pieces = line.split("`")
    spans = pieces[1::2] + (pieces[:1] if len(pieces) % 2 == 0 else [])  # a span wrapped
    return any(name in span and ("=" in span or ": " in span) for span in spans)


def _plain_number(value: str) -> bool:
    """Whether ``value`` is a plain number, a decimal too (`kMaxWaveMetres = 3.5`)."""
    return value.replace(".", "", 1).isdigit()


def _holds_number(line: str, number: str) -> bool:
    """Whether ``line`` holds ``number`` whole: "5" is no part of "3.5", "15" or "5.0"."""
    at = line.find(number)
    while at >= 0:
        before, after = line[at - 1:at], line[at + len(number):at + len(number) + 2]
        if not (before.isalnum() or before == "." or after[:1].isalnum() or (
                after[:1] == "." and after[1:2].isdigit())):
            return True
        at = line.find(number, at + 1)
    return False


def _gives(line: str, names: list[str], value: str) -> bool:
    """Whether ``line`` gives one of ``names`` the switch ``value`` (however the switch is
    written: the first word after the name and its separator), or names the party
    ``value`` at all (``Trust = Everyone``)."""
    from gitmemory.injection import changes, spans

    low = line.lower()
    if _plain_number(value):  # a number: whole, never a decimal's part
        return _holds_number(low, value)
    if value not in changes.ON and value not in changes.OFF:  # a party: by its first letters
        return spans.holds_word(low, value) or any(
            word.startswith(value[:5]) for word in low.replace("_", " ").replace(
                "-", " ").split()) if len(value) >= 5 else spans.holds_word(low, value)
    same = changes.ON if value in changes.ON else changes.OFF
    for name in names:
        at = low.find(name.lower())
        while at >= 0:
            after = low[at + len(name):].lstrip(" \t\"'`]):=>,")
            # the first word, up to what ends a value (``<Tag>true</Tag>``, ``"on",``, a
            # document's code span, ``Set `PYTHONDEVMODE=1` to ...``)
            first = after.split(None, 1)[0] if after.split(None, 1) else ""
            for end in "<\"',;)}]`":
                first = first.partition(end)[0]
            if first in same:
                return True
            at = low.find(name.lower(), at + 1)
    return False


def _development(path: str, line: str) -> bool:
    """Whether a line is in a development or test context: a ``%dev.`` profile key, or a
    file whose path names one (``src/test/``, ``settings/dev.py``, ``.env.example``)."""
    from gitmemory.injection import changes

    if line.lstrip().startswith("%") and line.lstrip()[1:].split(".", 1)[0].lower() in \
            changes.CONTEXTS:
        return True
    parts = path.lower().replace(".", "/").replace("-", "/").replace("_", "/").split("/")
    return bool(changes.CONTEXTS.intersection(parts))


def _ignore_file(path: str) -> bool:
    """``.gitignore``, ``.dockerignore`` ...: they name what the tree does not hold."""
    return path.rsplit("/", 1)[-1].lower().endswith("ignore")
