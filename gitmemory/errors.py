"""The one error type users see, and its exit codes."""

from __future__ import annotations


class GitmemoryError(Exception):
    """An error the user can act on: one line, an optional hint, an exit code."""

    exit_code = 1

    def __init__(self, message: str, hint: str = "", exit_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        if exit_code is not None:
            self.exit_code = exit_code

    def one_line(self) -> str:
        if self.hint:
            return f"{self.message} (hint: {self.hint})"
        return self.message


class ConfigError(GitmemoryError):
    """A bad key or value in one of the configuration sources."""

    exit_code = 2


class GitError(GitmemoryError):
    """A git command failed; carries the command, its exit code and stderr."""

    def __init__(self, argv: list[str], returncode: int, stderr: str) -> None:
        detail = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit code {returncode}"
        args = argv[3:] if argv[1:2] == ["-C"] else argv[1:]
        super().__init__(f"git {' '.join(args[:2])} failed: {detail}")
        self.argv = argv
        self.returncode = returncode
        self.stderr = stderr
