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

from gitmemory.lazy_regex import lazy_regex

_NAMES = (r"C\+\+|C#|C|Java|JDK|JRE|Python|Node(?:\.js)?|Go|Rust|Elixir|Erlang(?:/OTP)?|OTP|"
          r"Ruby|PHP|Perl|Lua|Swift|Kotlin|Scala|Dart|Flutter|\.NET|Zig|Crystal|Julia|GHC|"
          r"OCaml|Deno|TypeScript|ECMAScript|ES|iOS|iPadOS|macOS|OS X|tvOS|watchOS|visionOS|"
          r"Android|Xcode|GCC|Clang|MSVC|CMake|Gradle|Qt|OpenSSL|TLS|glibc")
# "C++17", "iOS 16.0", "Elixir v1.14+", "Python 3.9": a toolchain with its version
_VERSIONED = lazy_regex(rf"(?<![\w/@.-])(?P<name>{_NAMES}|c\+\+|cxx|gnu\+\+)"
                        r" ?v?(?P<version>\d+(?:\.\d+)*)\+?(?![\w.-]*[A-Za-z])")
# "set minimum zig version to ...", "minimum supported Rust version": lower case too
_MINIMUM_OF = lazy_regex(rf"\bmin(?:imum)?\b(?: \w+){{0,2}}? (?P<name>{_NAMES.lower()}|"
                         r"c\+\+|deployment targets?|platform)\b", re.I)
_FLOOR = lazy_regex(r"\b(?:requires?|required|requirements?|minimum|min|floor|at least|"
                    r"or (?:later|newer|above|higher)|rais(?:e|es|ed|ing)|increas\w+|"
                    r"bump(?:s|ed|ing)?|migrat\w+ to|mov(?:e|es|ed) to|switch\w* to|"
                    r"deployment targets?|drop(?:s|ped|ping)? support for|no longer support\w*|"
                    r"standard|baseline (?:to|is|of)|new baseline)\b|"
                    r"\bsupport for\b.{0,60}\b(?:is|are|was|were|has been|"
                    r"have been) (?:removed|dropped)\b", re.I)


def raises_minimum(text: str) -> bool:
    """Whether ``text`` states what a language, platform or toolchain must be at least."""
    return bool(_MINIMUM_OF.search(text) or
                (_VERSIONED.search(text) and _FLOOR.search(text)))


def family(text: str) -> frozenset[str]:
    """The toolchains a statement of a minimum is about, case-folded: "c++", "ios" ..."""
    found = {m["name"].casefold() for m in _VERSIONED.finditer(text)}
    found |= {m["name"].casefold() for m in _MINIMUM_OF.finditer(text)}
    return frozenset("c++" if name in ("cxx", "gnu++") else name for name in found)


_DOTTED = lazy_regex(r"(?<![\w.])v?(\d+(?:\.\d+)+(?:[-+][\w.+]+)?)")


def versions(text: str) -> frozenset[str]:
    """The versions a statement of a minimum gives: "17" of "C++17", "0.16.0-dev.2736+3b5"."""
    return frozenset({m["version"] for m in _VERSIONED.finditer(text)} |
                     {m.group(1) for m in _DOTTED.finditer(text)})
