"""Wrappers that run a command inside the environment a project needs: its Nix shell, a
display server, a container, an opam switch, .NET's local tools (docs/design.md,
"Commands that run").  The command is read by what runs inside, and written with its
wrapper, which it needs from a fresh clone.
"""

from __future__ import annotations

# Wrappers that run a command inside the environment the project needs (its Nix shell, a
# display server, a container, an opam switch): the command is the one inside.  Each
# with the options that take a value as the next word.
_ENVIRONMENTS = {"xvfb-run": frozenset({"-s", "--server-args", "-n", "--server-num", "-e",
                                        "--error-file", "-f", "--auth-file", "-p",
                                        "--xauth-protocol", "-w", "--wait"}),
                 "dbus-run-session": frozenset({"--config-file", "--dbus-daemon"})}
_CONTAINER_VALUES = frozenset({"-e", "--env", "-w", "--workdir", "-u", "--user", "-v",
                               "--volume", "--entrypoint", "--name", "-p", "--publish",
                               "-l", "--label", "--env-file", "--network", "--platform"})


def environment(words: list[str]) -> list[str] | None:
    """The command a wrapper runs inside the project's environment (``nix-shell --run
    "x -k y"``, ``nix develop -c x``, ``xvfb-run -a make check``, ``docker compose run
    --rm app pytest``, ``opam exec -- dune test``, ``dotnet tool run x``), or None when
    ``words`` is no such wrapper (docs/design.md, "Commands that run")."""
    head = words[0] if words else ""
    if head == "nix-shell" and "--run" in words[:-1]:
        import shlex

        try:
            return shlex.split(words[words.index("--run") + 1])
        except ValueError:
            return None
    if words[:2] == ["nix", "develop"]:
        at = next((n for n, w in enumerate(words) if w in ("-c", "--command")), -1)
        return words[at + 1:] if at > 0 and len(words) > at + 1 else None
    if head in _ENVIRONMENTS:
        rest = words[1:]
        while rest and rest[0].startswith("-"):
            rest = rest[2:] if rest[0] in _ENVIRONMENTS[head] else rest[1:]
        return rest or None
    if words[:2] in (["opam", "exec"], ["dotnet", "tool"]) or words[:3] in (
            ["docker", "compose", "run"], ["docker", "compose", "exec"]) or \
            words[:2] in (["docker-compose", "run"], ["docker-compose", "exec"]):
        return _inside(words)
    return None


def _inside(words: list[str]) -> list[str] | None:
    if words[0] in ("opam", "dotnet"):  # `opam exec -- x`, `dotnet tool run x`
        rest = words[2:] if words[0] == "opam" else words[3:] if words[2:3] == ["run"] else []
        return rest[1:] if rest[:1] == ["--"] else rest or None
    rest = words[3:] if words[0] == "docker" else words[2:]
    while rest and rest[0].startswith("-"):  # the options, then the service, then its command
        rest = rest[2:] if rest[0] in _CONTAINER_VALUES else rest[1:]
    return rest[1:] or None
