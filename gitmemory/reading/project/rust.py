"""Rust: Cargo.toml's edition and ``rust-version``, the toolchain file, workspace members,
Cargo aliases, and the conventional ``cargo test`` / ``cargo build``; clippy, rustfmt and
cargo-deny where the repository configures them.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import shellwords
from gitmemory.reading.project.snapshot import Snapshot, strings, table
from gitmemory.reading.project.task import IMPLIED, Task, make_task

RUSTFMT = ("rustfmt.toml", ".rustfmt.toml")
CLIPPY = ("clippy.toml", ".clippy.toml")
TOOLCHAIN = ("rust-toolchain.toml", "rust-toolchain")
ALIASES = (".cargo/config.toml", ".cargo/config")
MAX_MEMBERS = 12
MAX_SHOWN = 5


class Rust:
    name = "rust"

    def present(self, snapshot: Snapshot) -> bool:
        return bool(snapshot.toml("Cargo.toml"))

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        for path in ALIASES:
            aliases = table(snapshot.toml(path), "alias")
            if aliases:
                return [make_task(name, f"cargo {name}", [_alias(value)], path)
                        for name, value in aliases.items() if _alias(value)]
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        data = snapshot.toml("Cargo.toml")
        both = "package" in data and bool(members(snapshot))
        flag = (" --workspace" if both else "") + _opt_in(data)
        found = [Task("test", f"cargo test{flag}", (), "Cargo.toml", "test", IMPLIED),
                 Task("build", f"cargo build{flag}", (), "Cargo.toml", "build", IMPLIED)]
        ci = _ci_text(snapshot)
        runs = "\n".join(line for line in ci.splitlines() if not _NAME.match(line))
        fmt = next((p for p in RUSTFMT if snapshot.has(p)), "") or \
            ("Cargo.toml" if "cargo fmt" in runs else "")
        if fmt and not ("cargo fmt" not in runs and _RUSTFMT_ITSELF.search(runs)):
            found.append(Task("format", "cargo fmt --all", (), fmt, "format", IMPLIED))
        clippy = next((p for p in CLIPPY if snapshot.has(p)), "") or (
            "Cargo.toml" if "cargo clippy" in ci or table(data, "lints", "clippy") or
            table(data, "workspace", "lints", "clippy") else "")
        if clippy:
            found.append(Task("lint", "cargo clippy --all-targets", (), clippy, "lint",
                              IMPLIED))
        # docs.rs's settings: the crate says how its documentation is built
        docs_rs = table(data, "package", "metadata", "docs", "rs")
        if docs_rs or "cargo doc" in ci:
            every = " --all-features" if docs_rs.get("all-features") is True else ""
            found.append(Task("docs", f"cargo doc{flag}{every}", (), "Cargo.toml", "docs",
                              IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        data = snapshot.toml("Cargo.toml")
        package, shared = table(data, "package"), table(data, "workspace", "package")
        parts: list[str] = []
        paths = ["Cargo.toml"]
        edition = _package_value(package.get("edition"), shared.get("edition"))
        msrv = _package_value(package.get("rust-version"), shared.get("rust-version"))
        if msrv:
            parts.append(f"rust-version {msrv} (the minimum supported)")
        if edition:
            parts.append(f"edition {edition}")
        channel = _toolchain(snapshot)
        if channel:
            parts.append(f"toolchain {channel[0]} ({channel[1]})")
            paths.append(channel[1])
        if not msrv and not package:
            floors = sorted({v for m in members(snapshot) if (v := str(table(snapshot.toml(
                posixpath.join(m, "Cargo.toml")), "package").get("rust-version") or ""))})
            if floors:
                parts.append(f"members' rust-version {', '.join(floors[:3])}")
        if snapshot.has("deny.toml"):
            parts.append("`cargo deny check` (deny.toml)")
            paths.append("deny.toml")
        found = [("conventions", "Rust: " + "; ".join(parts), paths)] if parts else []
        found += _disallowed(snapshot)
        crates = _members(snapshot)
        return [*found, crates] if crates else found

    def packages(self, snapshot: Snapshot) -> list[tuple[str, list[Task]]]:
        return []  # one crate's tests are `cargo test -p <name>`, said once by `_members`


# clippy.toml's lists of what the code may not use, and the word for each
_DISALLOWED = (("disallowed-types", "types"), ("disallowed-methods", "functions"),
               ("disallowed-macros", "macros"))
_SHOWN_DISALLOWED = 4


def _disallowed(snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
    """"Lint rules: `cargo clippy` disallows the types `std::collections::HashMap` (use
    DftHashMap) ...": what clippy.toml forbids the code, with the reason it gives (which
    names the project's own replacement).  A change using one fails clippy, and nothing
    in the code says so until it does."""
    path = next((p for p in CLIPPY if snapshot.has(p)), "")
    data = snapshot.toml(path) if path else {}
    parts, count = [], 0
    for key, kind in _DISALLOWED:
        entries = data.get(key)
        named = []
        for entry in entries if isinstance(entries, list) else []:
            found = entry.get("path") if isinstance(entry, dict) else entry
            reason = entry.get("reason") if isinstance(entry, dict) else None
            if isinstance(found, str) and found:
                named.append(f"`{found}`" + (f" ({reason.strip().rstrip('.')})"
                                             if isinstance(reason, str) and reason.strip()
                                             else ""))
        shown = named[:max(0, _SHOWN_DISALLOWED - count)]
        count += len(shown)
        if shown:
            more = f" and {len(named) - len(shown)} more" if len(named) > len(shown) else ""
            parts.append(f"the {kind} " + ", ".join(shown) + more)
    if not parts:
        return []
    return [("conventions", "Lint rules: `cargo clippy` disallows " + "; ".join(parts),
             [path])]


def _members(snapshot: Snapshot) -> tuple[str, str, list[str]] | None:
    """"Packages: Cargo workspace of 10 crates (grep in `crates/grep/` ...)"."""
    found = members(snapshot)
    named = [(d, str(table(snapshot.toml(posixpath.join(d, "Cargo.toml")), "package").get(
        "name") or "")) for d in found if d]
    named = [(d, n) for d, n in named if n]
    if len(named) < 2:
        return None
    shown = ", ".join(f"{n} (`{d}/`)" for d, n in named[:MAX_SHOWN])
    more = f" and {len(named) - MAX_SHOWN} more" if len(named) > MAX_SHOWN else ""
    return "conventions", f"Packages: Cargo workspace of {len(named)} crates: {shown}{more}; " \
        f"test one with `cargo test -p {named[0][1]}`", ["Cargo.toml"]


# A step's name says nothing of what it runs ("cargo fmt --check" over a rustfmt line).
_NAME = lazy_regex(r"^\s*(?:-\s+)?name:")
# CI formatting with rustfmt itself, on the files it lists, not through `cargo fmt`: the
# project's files are not all reached from its crates' roots, so `cargo fmt` is not its way.
_RUSTFMT_ITSELF = lazy_regex(r"(?:^|[\s;!|&(])rustfmt\s+(?:--|\$|\S+\.rs\b)", re.M)


def _ci_text(snapshot: Snapshot) -> str:
    """The workflows' text: a line CI runs with template text still says which tools run."""
    return "\n".join(t for p, t in snapshot.texts.items() if p.startswith(".github/workflows/"))


def members(snapshot: Snapshot) -> list[str]:
    """The workspace's member directories that have a Cargo.toml, globs expanded."""
    globs = strings(table(snapshot.toml("Cargo.toml"), "workspace").get("members"))
    manifests = sorted(posixpath.dirname(p) for p in snapshot.paths
                       if p.endswith("/Cargo.toml"))
    out = []
    for glob in globs:
        pattern = glob.rstrip("/")
        out += [d for d in manifests if fnmatch.fnmatch(d, pattern) and
                d.count("/") == pattern.count("/") and d not in out]
    return out


def _package_value(own: Any, shared: Any) -> str:
    """A package key's value, or the workspace's when it says ``{ workspace = true }``."""
    if isinstance(own, (str, int, float)):
        return str(own)
    return str(shared) if isinstance(shared, (str, int, float)) else ""


def _toolchain(snapshot: Snapshot) -> tuple[str, str] | None:
    if snapshot.has("rust-toolchain.toml"):
        channel = table(snapshot.toml("rust-toolchain.toml"), "toolchain").get("channel")
        return (str(channel), "rust-toolchain.toml") if channel else None
    text = (snapshot.text("rust-toolchain") or "").strip()
    return (text.splitlines()[0], "rust-toolchain") if text and "[" not in text else None


def _alias(value: Any) -> str:
    words = strings(value) if isinstance(value, list) else str(value).split()
    line = "cargo " + " ".join(words)
    return line if shellwords.commands(line) else ""


def _opt_in(data: dict[str, Any]) -> str:
    """`` --features full`` for a crate that turns every part off by default (``default =
    []``) and has a ``full`` feature, the convention for "everything": a plain ``cargo
    test`` would build almost nothing of it (hyper)."""
    features = table(data, "features")
    if features.get("default") == [] and isinstance(features.get("full"), list):
        return " --features full"
    return ""
