"""Where a branch's settings may point the agent files and their base files.

``config.toml`` is tracked, so a teammate's branch chooses these paths for
everyone who checks it out.  A base file is copied into an agent file that
an agent reads (and whose text may reach its model), and an agent file is
written in the work tree: pointed at ``.env`` and ``docs/notes.md``, a branch
could copy an ignored secret, or a file the user keeps beside the work and
never added, into a file the next ``git add -A`` publishes.  So a base file
other than the default ones is never covered by the exclude globs; named in
``config.toml`` (which any branch carries) it must be a file git tracks (the
team's text), set by the user (git config, environment, command line) it
must not be ignored by git.  An agent file must carry an agent file's name
(docs/design.md, "Outputs"; docs/security.md, "What a teammate's branch can
make happen").  ``config`` already keeps both inside the work tree and out
of ``.git``.

The default base files need no check (their names are fixed, so whatever
stands there is the user's own), and the checkout hook pays nothing for
them; another one costs a ``git ls-files`` per rebuild.
"""

from __future__ import annotations

import os

from gitmemory.errors import ConfigError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config

AGENT_FILE_NAMES = ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "GEMINI.md",
                    "copilot-instructions.md")
DEFAULT_BASES = ("CLAUDE_base.md", "AGENTS_base.md", "GEMINI_base.md")


def check_output(cfg: Config, key: str, path: str) -> None:
    """Refuse an agent file that is not named like one."""
    if os.path.basename(path) not in AGENT_FILE_NAMES:
        raise ConfigError(f"{key} = {path!r} in {cfg.sources.get(key, 'the settings')} is not "
                          "an agent file: gitmemory writes only files named "
                          + ", ".join(AGENT_FILE_NAMES))


def check_base(toplevel: str, cfg: Config, key: str, path: str) -> None:
    """Refuse a base file that the exclude globs cover, that a branch's settings name and
    git does not track, or that git ignores."""
    if path in DEFAULT_BASES:
        return
    from gitmemory import config, git
    from gitmemory.secrets.exclude import excluded

    where = cfg.sources.get(key, "the settings")
    if excluded(path, config.with_floor(cfg.exclude_paths)):
        raise ConfigError(f"{key} = {path!r} in {where} is a file whose contents never leave "
                          "this machine (exclude_paths); it is not copied into an agent file")
    if where.endswith(config.CONFIG_FILE):  # the tracked settings any branch carries
        if not git.is_tracked(path, toplevel):
            raise ConfigError(f"{key} = {path!r} in {where} is not a file git tracks (ignored, "
                              "or never added), so it is not the team's text; it is not copied "
                              "into an agent file", hint=f"git add {path} if it is for the team")
        return
    code, _ = git.run_status(["check-ignore", "-q", "--", path], toplevel)
    if code == 0:
        raise ConfigError(f"{key} = {path!r} in {where} is ignored by git, so it is not the "
                          "team's text; it is not copied into an agent file")
