"""Native hook installation (docs/design.md, "Hooks"): polite shims that chain what was there.

Each shim is rendered from ``hooks/hook-template.sh`` with the Python that
installed it baked in.  A hook already in place is moved aside to
``<hook>.pre-gitmemory`` and still runs (stdin replayed); ``uninstall``
removes only gitmemory's shims and puts those hooks back.
"""

from __future__ import annotations

import os
import sys

from gitmemory import git
from gitmemory.errors import GitmemoryError
from gitmemory.setup import husky

HOOKS = ("post-checkout", "post-commit", "post-merge", "post-rewrite", "pre-push")
MARKER = "gitmemory-shim"
LEGACY = ".pre-gitmemory"
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # gitmemory/


def template() -> str:
    for path in (os.path.join(_PACKAGE, "_shims", "hook-template.sh"),
                 os.path.join(os.path.dirname(_PACKAGE), "hooks", "hook-template.sh")):
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                return fh.read()
    raise GitmemoryError("the hook template is missing from this gitmemory installation",
                         hint="reinstall gitmemory")


def _sh_quote(value: str) -> str:
    return "'" + value.replace("'", "'\\''") + "'"


def _portable(path: str) -> str:
    return path.replace("\\", "/") if os.name == "nt" else path


def render(hook: str, python: str | None = None) -> str:
    entry = os.path.join(_PACKAGE, "_shim_entry.py")
    return (template().replace("@PYTHON@", _sh_quote(_portable(python or sys.executable)))
            .replace("@ENTRY@", _sh_quote(_portable(entry))).replace("@HOOK@", hook))


def is_ours(path: str) -> bool:
    try:
        with open(path, "rb") as fh:
            return MARKER.encode() in fh.read(512)
    except OSError:
        return False


def install(cwd: str | None = None) -> list[str]:
    """Install every shim; return one line per hook saying what happened."""
    top = cwd or os.getcwd()
    directory = git.hooks_dir(cwd)
    os.makedirs(directory, exist_ok=True)
    hk = husky.detect(top, directory)
    tracked = _tracked_in(top, directory)
    report = []
    for hook in HOOKS:
        path = os.path.join(directory, hook)
        if hk and hk.calls_gitmemory(hook):
            report.append(f"{hook}: left to husky (.husky/{hook} calls gitmemory)")
            continue
        if hk and hk.scripts_are_hooks():
            report.append(f"{hook}: not installed, git runs husky's .husky/ scripts here "
                          f"({husky.HOW})")
            continue
        if os.path.realpath(path) in tracked:
            report.append(f"{hook}: left alone, {os.path.relpath(path, top)} is tracked by git "
                          f"({husky.HOW if hk else 'add `gitmemory hook ' + hook + '` to it'})")
            continue
        report.append(f"{hook}: {_install_one(hook, path, hk)}")
    return report


def _install_one(hook: str, path: str, hk: husky.Husky | None) -> str:
    legacy = path + LEGACY
    note = "installed"
    if os.path.lexists(path) and not is_ours(path):
        if os.path.lexists(legacy):
            if _hook_text(legacy) != _hook_text(path):
                raise GitmemoryError(
                    f"{path} exists and {os.path.basename(legacy)} is taken too",
                    hint="merge or remove one of them by hand, then run gitmemory install")
            os.unlink(legacy)  # the same hook again (husky rewrote its stubs): keep one copy
        os.replace(path, legacy)
        if hk and hk.stub(hook + LEGACY):
            team = f".husky/{hook} still runs first" if hk.script(hook) else \
                "husky has no script for it"
            note = f"installed (husky's stub kept as {os.path.basename(legacy)}; {team})"
        else:
            note = f"installed (your hook kept as {os.path.basename(legacy)} and still run)"
    elif os.path.lexists(path):
        if _hook_text(path) == render(hook) and os.access(path, os.X_OK):
            return "unchanged"
        note = "updated"
    _write_executable(path, render(hook))
    return note


def _tracked_in(top: str, directory: str) -> set[str]:
    """Real paths of the files git tracks in ``directory`` when it lies in the work tree."""
    rel = os.path.relpath(os.path.realpath(directory), os.path.realpath(top))
    if rel == os.pardir or rel.startswith(os.pardir + os.sep) or os.path.isabs(rel):
        return set()
    code, out = git.run_status(["ls-files", "-z", "--", rel], top)
    if code != 0:
        return set()
    return {os.path.realpath(os.path.join(top, name)) for name in out.split("\0") if name}


def _hook_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None


def _write_executable(path: str, text: str) -> None:
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    os.chmod(tmp, 0o755)  # noqa: S103 - git runs hooks only when executable
    os.replace(tmp, path)


def uninstall(cwd: str | None = None) -> list[str]:
    directory = git.hooks_dir(cwd)
    report = []
    for hook in HOOKS:
        path = os.path.join(directory, hook)
        legacy = path + LEGACY
        if not is_ours(path):
            continue
        os.unlink(path)
        if os.path.lexists(legacy):
            os.replace(legacy, path)
            report.append(f"{hook}: removed, your previous hook restored")
        else:
            report.append(f"{hook}: removed")
    return report


def installed(cwd: str | None = None) -> dict[str, str]:
    """hook -> what runs for it: "gitmemory", "gitmemory (chained)", husky's own words
    (:func:`gitmemory.setup.husky.describe`), "pre-commit", "other" or "missing"."""
    directory = git.hooks_dir(cwd)
    hk = husky.detect(cwd or os.getcwd(), directory)
    result = {}
    for hook in HOOKS:
        path = os.path.join(directory, hook)
        legacy = path + LEGACY
        ours = is_ours(path)
        runs = os.path.isfile(legacy) and os.access(legacy, os.X_OK)
        if hk and not _is_pre_commit(path):
            result[hook] = husky.describe(hk, hook, ours, runs)
        elif ours and os.path.lexists(legacy) and not runs:
            result[hook] = f"gitmemory ({os.path.basename(legacy)} is not executable: not run)"
        elif ours:
            result[hook] = "gitmemory (chained)" if runs else "gitmemory"
        elif _is_pre_commit(path):
            result[hook] = "pre-commit"
        else:
            result[hook] = "other" if os.path.lexists(path) else "missing"
    return result


def runs_gitmemory(how: str) -> bool:
    """Whether an :func:`installed` answer means git runs gitmemory for that hook."""
    return how.startswith(("gitmemory", "husky (", "pre-commit"))


def _is_pre_commit(path: str) -> bool:
    try:
        with open(path, "rb") as fh:
            return b"File generated by pre-commit" in fh.read(4096)
    except OSError:
        return False
