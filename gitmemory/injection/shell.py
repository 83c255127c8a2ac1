"""Download-and-run in its shell and interpreter spellings (docs/design.md, "Invariants").

A memory item that tells the agent to run code from the network is an attack
whatever the spelling, so :func:`reason` looks for the family, on folded text
(:func:`gitmemory.injection.fold.fold`):

- a download piped into a shell, through any filters and wrappers
  (``curl ... | tee f | sudo -u root bash``, ``| busybox sh``, ``| iex``);
- a download substituted into a command (``bash <(curl ...)``, ``$(wget ...)``);
- a download saved to a file that a later command runs
  (``curl ... -o /tmp/x.sh; sh /tmp/x.sh``, ``wget URL && chmod +x x && ./x``);
- an interpreter one-liner that executes what it fetches
  (``python3 -c "exec(urlopen(...).read())"``, ``IEX (New-Object Net.WebClient)
  .DownloadString(...)``, ``php -r 'eval(file_get_contents(...))'``);
- Windows programs that run a remote file themselves (``mshta https://...``,
  ``regsvr32 /i:https://...``, ``msiexec /i https://...``);
- a reverse shell (``/dev/tcp/``, ``nc -e /bin/sh``) or local data piped to the network.

``curl localhost:8000/health``, ``curl ... | jq .``, ``curl -o out.json URL``
and ``sh scripts/bootstrap.sh`` stay: a download that nothing runs, and a
script that nothing downloaded, are ordinary.  Stdlib only, no ``re``.
"""

from __future__ import annotations

from gitmemory.injection import vocabulary as w
from gitmemory.injection.fold import words

_COMMAND_BREAKS = ("&&", "||", ";", "\n", " then ", " and then ", ", then ")
_OUTPUT_FLAGS = ("-o", "--output", "-outfile", "--output-document", "-out")
_SAVES_BY_URL = frozenset({"wget", "certutil", "aria2c", "lwp-download", "bitsadmin"})
_WRAPPER_ARGS = frozenset({"-u", "-g", "--user", "--group", "-c", "-n", "-p", "-s", "-k",
                           "-C", "-D", "-T", "-h", "-r", "-t"})


def reason(flat: str, grounded: bool = False) -> str | None:
    """Why ``flat`` (folded text) runs downloaded code, or None.  ``grounded``: the caller
    asks the evidence rule next, so a plain download piped into a shell (:func:`pipelines`)
    is left to it, and a backtick that opens a Markdown code span is no substitution
    (docs/design.md, "Where two rules meet")."""
    return (_substitution(flat, grounded) or _pipe(flat, grounded) or _saved_then_run(flat)
            or _one_liner(flat) or _remote_runner(flat) or _reverse_shell(flat)
            or _environment_sent(flat))


# The whole environment substituted into a command's arguments.
_ENVIRONMENT_DUMPS = ("$(env)", "$(env ", "$(printenv", "$(set)", "$(export -p", "$(declare -x",
                      "`env`", "`env ", "`printenv", "`set`")


def _environment_sent(flat: str) -> str | None:
    """``curl -d "$(env)" https://...``: the environment as the data of a network command."""
    if "$(" not in flat and "`" not in flat:
        return None
    for command in _commands(flat):
        argv = command.split()
        if argv and _program(argv, first=True) in w.NETWORK and any(
                dump in command for dump in _ENVIRONMENT_DUMPS):
            return "sends the environment to the network"
    return None


def _substitution(flat: str, grounded: bool = False) -> str | None:
    if any(m in flat and (not grounded or m[0] != "`" or _substituted(flat, m))
           for m in w.SUBSTITUTIONS) and w.SHELLS.intersection(words(flat)):
        return "runs downloaded code in a shell"
    return None


# Words after which a backtick substitutes a command's output (`` sh `curl x` ``), where
# elsewhere in prose it opens a Markdown code span (``Install with `curl ... | sh` ``).
_BEFORE_SUBSTITUTION = frozenset({"echo", "printf", "eval", "exec", "source", "."})


def _substituted(flat: str, mark: str) -> bool:
    """Whether a backtick of ``mark`` in ``flat`` substitutes: it stands inside a word
    (``x=`curl``), closes a span, or follows a flag or a program that runs what it is
    given."""
    at, ticks, counted = flat.find(mark), 0, 0
    while at != -1:
        ticks, counted = ticks + flat.count("`", counted, at), at  # each character once
        last = flat[max(0, at - 40):at].split()  # the word before: a few characters back
        word = last[-1].strip("`'\"(") if last else ""
        if (at and not flat[at - 1].isspace()) or ticks % 2 or word.startswith("-") or \
                word in w.SHELLS or word in w.WRAPPERS or word in w.INTERPRETERS or \
                word in _BEFORE_SUBSTITUTION:
            return True
        at = flat.find(mark, at + 1)
    return False


def _pipe(flat: str, grounded: bool = False) -> str | None:
    """A download (or decoded blob) piped into a shell, any number of stages later
    (``grounded``: but a plain one, :func:`pipelines`)."""
    if "|" not in flat:
        return None
    for command in _commands(flat, spans=grounded):
        stages = [s.split() for s in command.split("|")]
        fetched = False
        for i, stage in enumerate(stages):
            if fetched and _is_shell(stage):
                if grounded and _plain(stages, i):
                    break  # left to the evidence rule: the same pipeline in the tree
                return "pipes a download into a shell"
            producer = _program(stage, first=False)
            fetched = fetched or producer in w.FETCHERS
            if producer in w.LOCAL_READERS and i + 1 < len(stages) and \
                    _program(stages[i + 1], first=True) in w.NETWORK:
                return "pipes local data to the network"
    return None


def _commands(flat: str, spans: bool = False) -> list[str]:
    """The commands of ``flat`` (``spans``: each Markdown code span apart too, but spans
    joined by a pipe are one pipeline: `` `curl x`|`sh` ``)."""
    if spans and "`" in flat:
        flat = " ".join(flat.split(" "))
        for mark in ("` |", "`|", "| `", "|`"):
            flat = flat.replace(mark, "|")
    for mark in (*_COMMAND_BREAKS, "`") if spans else _COMMAND_BREAKS:
        flat = flat.replace(mark, "\n")
    return [c for c in flat.split("\n") if c.strip()]


# Programs that fetch from the network (not those that decode what is given: base64, xxd).
_DOWNLOADERS = w.FETCHERS - frozenset({"base64", "xxd", "openssl", "gunzip", "zcat", "nc",
                                       "ncat", "netcat"})
_PLAIN_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "fish"})


def _plain(stages: list[list[str]], at: int) -> bool:
    """Whether the pipe into the shell of ``stages[at]`` is plain: a downloader's command
    given a URL piped straight into a shell (``| sh``, ``| sudo -E bash -``, ``| sh -s --
    -y``) or an interpreter reading its program from the pipe (``| python3 -``), nothing
    between them and nothing after."""
    if at != 1 or len(stages) != 2:
        return False
    fetch, shell = stages
    start = next((n for n, word in enumerate(fetch)
                  if word.rsplit("/", 1)[-1] in _DOWNLOADERS), None)
    if start is None or not any(_is_url(word) or "." in word for word in fetch[start + 1:]):
        return False
    return _reads_pipe(shell)


def _reads_pipe(shell: list[str]) -> bool:
    """Whether the stage ``shell`` is a shell or an interpreter that reads its program from
    the pipe: its flags only (``| sh``, ``| sudo -E bash -``, ``| sh -s -- -y``, ``|
    python3 -``), no script and no ``-c`` text of its own."""
    program = _program(shell, first=True)
    if program not in _PLAIN_SHELLS and program not in w.INTERPRETERS:
        return False
    rest = shell[shell.index(program) + 1:] if program in shell else []
    if "--" in rest:
        rest = rest[:rest.index("--")]  # what follows goes to the script
    return all(word.startswith("-") and word not in ("-c", "-e") for word in rest)


def pipelines(text: str) -> list[str]:
    """Each pipeline in ``text`` whose last stage is a shell or an interpreter reading its
    program from the pipe (:func:`_reads_pipe`), from the first stage's program (a plain
    download's downloader, :func:`_plain`) to the end of the shell's command, as written
    with its spaces collapsed: what one line of the tree must hold to confirm it.  What a
    shell reads from a pipe is program text, however the stages before it make it (``echo
    '...' | tr '!-~' 'P-~!-O' | sh``, ``| base64 -d | bash``: issue 31, the thirteenth
    sealed part), like the text of ``sh -c`` (docs/design.md, "Where two rules meet")."""
    if "|" not in text:
        return []
    found = []
    for command in _commands(text, spans=True):
        stages = [s.split() for s in command.split("|")]
        if len(stages) < 2 or not all(stages) or not _is_shell(stages[-1]) or \
                not _reads_pipe(stages[-1]):
            continue
        first = stages[0]
        if len(stages) == 2 and _plain(stages, 1):
            start = next(n for n, word in enumerate(first)
                         if word.rsplit("/", 1)[-1] in _DOWNLOADERS)
        else:
            program = _program(first, first=True)
            start = next((n for n, word in enumerate(first)
                          if word.rsplit("/", 1)[-1].strip("'\"`") == program), 0)
        found.append(" | ".join(" ".join(stage[start if n == 0 else 0:])
                                for n, stage in enumerate(stages)))
    return found


def _program(argv: list[str], first: bool) -> str:
    """The program of a pipeline stage: the first word after wrappers such as ``sudo -u
    root``, ``env X=1`` or ``busybox`` (``first``), or any fetcher or reader in it."""
    if not first:
        for word in argv:
            name = word.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].strip("`")
            if name in w.FETCHERS or name in w.LOCAL_READERS:
                return name
        return ""
    skip_next = False
    wrapper = previous = ""
    for word in argv:
        name = word.rsplit("/", 1)[-1].strip("'\"`")  # `| sh` closing a code span: sh
        if skip_next and not word.startswith("-"):
            skip_next = False
            if wrapper in ("su", "runuser") and previous == "-c":
                return name  # su -c bash: the argument of -c is the command
        elif name in w.WRAPPERS or "=" in word or word.isdigit():
            wrapper = name if name in w.WRAPPERS else wrapper
        elif word.startswith("-"):
            skip_next = word in _WRAPPER_ARGS  # sudo -H -u root: a flag takes no flag
        else:
            return name
        previous = word
    return ""


def _is_shell(argv: list[str]) -> bool:
    program = _program(argv, first=True)
    if program in w.SHELLS:
        return True
    if program in w.INTERPRETERS:
        rest = [a.strip("`") for a in argv[argv.index(program) + 1:]] if program in argv else []
        joined = " ".join(rest)
        return not rest or rest[0] == "-" or "exec(" in joined or "eval(" in joined
    return False


def _saved_then_run(flat: str) -> str | None:
    """A fetcher writes a file; a later command runs it."""
    saved: list[str] = []
    for command in _commands(flat, spans=True):
        argv = command.replace("|", " ").split()
        if saved and _runs_one_of(argv, saved):
            return "runs a downloaded file"
        saved += _saved_files(argv)
    return None


def _saved_files(argv: list[str]) -> list[str]:
    """Names of files a fetcher command writes (basenames)."""
    names = [a.rsplit("/", 1)[-1].rsplit("\\", 1)[-1] for a in argv]
    if not set(names) & w.FETCHERS or not any(_is_url(a) for a in argv):
        return []
    found = []
    for i, arg in enumerate(argv):
        nxt = names[i + 1] if i + 1 < len(argv) else ""
        if (arg in _OUTPUT_FLAGS or arg == ">" or (
                arg.startswith("-") and not arg.startswith("--") and arg.endswith("o")
                and "curl" in names)) and nxt and nxt != "-":
            found.append(nxt)  # -o FILE, -fsSLo FILE, > FILE (and curl -O URL: its name)
        elif arg.startswith(">") and len(arg) > 1:
            found.append(names[i][1:])
        elif _is_url(arg) and (names[0] in _SAVES_BY_URL or "--remote-name" in argv):
            found.append(names[i].split("?")[0])  # wget and curl -O keep the URL's name
    return [name for name in found if name and name not in ("-", "/dev/null")]


def _is_url(arg: str) -> bool:
    return "://" in arg or arg.startswith(("www.", "http"))


def _runs_one_of(argv: list[str], saved: list[str]) -> bool:
    program = _program(argv, first=True).strip("'\"")
    if program in saved:
        return True  # ./x.sh, /tmp/x.sh, sudo /tmp/x
    if program in w.SHELLS or program in w.INTERPRETERS or program in w.RUNNERS:
        names = [a.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].strip("'\"") for a in argv]
        return any(name in saved for name in names)
    return False


def _one_liner(flat: str) -> str | None:
    """Code that executes what it fetches: ``exec(urlopen(...))`` (the fetch inside the
    call, a few characters on) or ``(iwr ...) | iex`` (the fetch piped into it)."""
    for call in w.EXEC_CALLS:
        start = flat.find(call)
        while start != -1:
            inside = flat[start:start + len(call) + 60]
            before = flat[max(0, start - 200):start]
            backward = call.startswith(("|", ".then")) or call == "invoke-expression"
            if any(f in inside for f in w.FETCH_CALLS) or (
                    backward and any(f in before for f in w.FETCH_CALLS)):
                return "executes code it downloads"
            start = flat.find(call, start + 1)
    return None


def _remote_runner(flat: str) -> str | None:
    tokens = flat.split()
    for i, token in enumerate(tokens):
        name = token.rsplit("\\", 1)[-1].removesuffix(".exe")
        if name in w.REMOTE_RUNNERS and any(_is_url(t) or "/i:http" in t
                                            for t in tokens[i + 1:i + 6]):
            return f"runs a remote file ({name})"
    return None


def _reverse_shell(flat: str) -> str | None:
    if "/dev/tcp/" in flat or "/dev/udp/" in flat:
        return "opens a reverse shell"
    tokens = set(flat.split())
    if tokens & w.NETWORK and ({"-e", "-c"} & tokens) and any(
            s in flat for s in ("/bin/sh", "/bin/bash", "cmd.exe", "powershell")):
        return "opens a reverse shell"
    if "socat" in tokens and "exec:" in flat:
        return "opens a reverse shell"
    if "mkfifo" in tokens and tokens & w.NETWORK:
        return "opens a reverse shell"
    return None
