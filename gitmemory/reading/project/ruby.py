"""Ruby: the Rakefile's tasks (``bundle exec rake <task>``, the default task, the tasks
RSpec, minitest, RuboCop, standard and Bundler define), rspec or minitest and RuboCop or
standard from the Gemfile, the Ruby version (gemspec, ``.ruby-version``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, RUNNER, Task
from gitmemory.reading.project.tool_roles import tool_purposes

_TASK = lazy_regex(r"""^\s*task\s*\(?\s*(?::(\w+)|["']([\w:-]+)["']|(\w+):\s*(.*?)|"""
                   r"""(?:["']([\w:-]+)["']|:(\w+))\s*=>\s*(.*?))\s*(?:\)|do\b|\{|$)""")
_NAMED = lazy_regex(r"""(?:RSpec::Core::RakeTask|Rake::TestTask|RuboCop::RakeTask|"""
                    r"""Cucumber::Rake::Task)\.new\(?\s*(?::(\w+)|["']([\w:-]+)["'])?|"""
                    r"""^\s*Minitest::TestTask\.create\(?\s*(?::(\w+)|["']([\w:-]+)["'])?""")
_DEFAULTS = {"RSpec::Core::RakeTask": "spec", "Rake::TestTask": "test",
             "RuboCop::RakeTask": "rubocop", "Cucumber::Rake::Task": "features",
             "Minitest::TestTask": "test"}
_EXTENSION_TASK = lazy_regex(r"\bRake::(?:Java)?ExtensionTask\.new\b")
_DESC = lazy_regex(r"""^\s*desc\s*\(?\s*(["'])(.+?)\1\s*\)?\s*$""")
_NAMESPACE = lazy_regex(r"""^(\s*)namespace\s*\(?\s*(?::(\w+)|["']([\w-]+)["'])""")
# The tasks a library defines for a Rakefile that requires it, as its documentation lists
# them (standard's README: `rake standard`, and `rake standard:fix` to fix what it can).
_REQUIRES = (("standard/rake", "standard", "standardrb"),
             ("standard/rake", "standard:fix", ""), ("bundler/gem_tasks", "build", ""),
             ("minitest/test_task", "test", ""))
_RUBY = lazy_regex(r"required_ruby_version\s*=\s*(?:Gem::Requirement\.new\()?\s*['\"][^\d]*"
                   r"(\d+(?:\.\d+){0,2})")


class Ruby:
    name = "ruby"

    def present(self, snapshot: Snapshot) -> bool:
        return snapshot.has("Gemfile") or snapshot.has("Rakefile") or any(
            p.endswith(".gemspec") and "/" not in p for p in snapshot.paths)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        text = snapshot.text("Rakefile") or ""
        if not text:
            return []
        text += "".join("\n" + (snapshot.text(p) or "") for p in sorted(snapshot.texts)
                        if p.endswith(".rake"))  # tasks/*.rake, rakelib/*.rake
        rake = "bundle exec rake" if snapshot.has("Gemfile") else "rake"
        names, default, docs = _rake_tasks(text)
        files = _one_file(snapshot, text)
        specs = _rspec_tasks(text, names)
        spec = _first_spec(snapshot) if specs else ""
        run = "bundle exec rspec" if snapshot.has("Gemfile") else "rspec"
        out = []
        for name, calls in names.items():
            runs = tuple(f"{rake} {c}" for c in calls if c in names)
            # a task that only runs one test task (`task test: [:base_test]`) takes its form
            tested = name if name in files else calls[0] if len(calls) == 1 and \
                calls[0] in files else ""
            one = f"one file: `{rake} {tested} TEST={files[tested]}`" if tested else \
                f"one file: `{run} {spec}`" if spec and (name in specs or (calls and all(
                    c in specs for c in calls))) else ""
            out.append(Task(name, f"{rake} {name}", runs, "Rakefile",
                            purpose="lint" if name in ("standard", "rubocop") else
                            _required_tool(text, name), doc=docs.get(name, ""), note=one))
        if default:
            steps = tuple(f"{rake} {c}" for c in default)
            out.append(Task("default", rake, steps, "Rakefile", origin=RUNNER))
        return out

    def implied(self, snapshot: Snapshot) -> list[Task]:
        gems = snapshot.text("Gemfile") or ""
        gems += " ".join(snapshot.text(p) or "" for p in snapshot.paths
                         if p.endswith(".gemspec") and "/" not in p)
        run = "bundle exec " if snapshot.has("Gemfile") else ""
        found = []
        if snapshot.has("Gemfile"):
            found.append(Task("setup", "bundle install", (), "Gemfile", "setup", IMPLIED))
        if snapshot.has(".rspec") or re.search(r"['\"]rspec(?:-core)?['\"]", gems):
            found.append(Task("test", f"{run}rspec", (), ".rspec" if snapshot.has(".rspec")
                              else "Gemfile", "test", IMPLIED))
        if snapshot.has(".standard.yml") or re.search(r"['\"]standard['\"]", gems):
            found.append(Task("lint", f"{run}standardrb", (), "Gemfile", "lint", IMPLIED))
        elif snapshot.has(".rubocop.yml") and re.search(r"['\"]rubocop['\"]", gems):
            found.append(Task("lint", f"{run}rubocop", (), ".rubocop.yml", "lint", IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        parts: list[str] = []
        paths: list[str] = []
        for path in sorted(p for p in snapshot.paths if p.endswith(".gemspec") and "/" not in p):
            found = _RUBY.search(snapshot.text(path) or "")
            if found:
                parts.append(f"{found.group(1)} or later (required_ruby_version, {path})")
                paths.append(path)
                break
        pin = (snapshot.text(".ruby-version") or "").strip()
        tools = re.search(r"^ruby\s+(\S+)", snapshot.text(".tool-versions") or "", re.M)
        if pin:
            parts.append(f"pinned to {pin.splitlines()[0]} (.ruby-version)")
            paths.append(".ruby-version")
        elif tools:
            parts.append(f"pinned to {tools.group(1)} (.tool-versions)")
            paths.append(".tool-versions")
        return [("conventions", "Ruby: " + "; ".join(parts), paths)] if parts else []


_RSPEC_TASK = lazy_regex(r"""RSpec::Core::RakeTask\.new""")
_SPEC = lazy_regex(r"^spec/(?:[^/]+/)*[^/]+_spec\.rb$")


def _rspec_tasks(text: str, names: dict[str, list[str]]) -> set[str]:
    """The tasks of the Rakefile that RSpec's rake task makes: each runs ``rspec``, which
    runs one spec file given it (``bundle exec rspec spec/x_spec.rb``, as RSpec documents)."""
    if not _RSPEC_TASK.search(text):
        return set()
    found: set[str] = set()
    for line, prefix in _scoped(text):
        named = _NAMED.search(line) if _RSPEC_TASK.search(line) else None
        if named:
            name = prefix + (named.group(1) or named.group(2) or "spec")
            if name in names:
                found.add(name)
    return found


def _scoped(text: str) -> Iterator[tuple[str, str]]:
    """Each line of a Rakefile that is no blank, comment or ``namespace`` line, with the
    prefix its enclosing namespaces give a task it defines (``"release:"``), read by
    indentation."""
    spaces: list[tuple[int, str]] = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        while spaces and indent <= spaces[-1][0]:
            spaces.pop()
        space = _NAMESPACE.match(line)
        if space:
            spaces.append((indent, space.group(2) or space.group(3)))
            continue
        yield line, "".join(f"{n}:" for _, n in spaces)


def _first_spec(snapshot: Snapshot) -> str:
    """A spec file of the tree under ``spec/``, the shallowest first."""
    found = sorted((p for p in snapshot.paths if _SPEC.match(p) and
                    not re.search(r"/(?:fixtures?|support|dummy)/", p)),
                   key=lambda p: (p.count("/"), p))
    return found[0] if found else ""


# Rake::TestTask's own form for one file (``rake test TEST=test/x_test.rb``, its documented
# TEST variable), and what its block sets the files by (``t.pattern = "test/**/*_test.rb"``,
# ``t.test_files = FileList["test/**/test_*.rb"]``); its default is ``test/test*.rb``.
_TEST_TASK = lazy_regex(r"""Rake::TestTask\.new\(?\s*(?::(\w+)|["']([\w-]+)["'])?""")
_PATTERN = lazy_regex(r"""\.(?:pattern\s*=\s*|test_files\s*=\s*FileList(?:\.new\(|\[)\s*)"""
                      r"""["']([^"'\s]+)["']""")


def _one_file(snapshot: Snapshot, text: str) -> dict[str, str]:
    """{test task: a test file of the tree its files take}, for the Rake::TestTask tasks
    of the Rakefile: ``rake <task> TEST=<file>`` runs that file alone (docs/design.md,
    "Commands that run").  A task whose files match none of the tree's is left out."""
    found: dict[str, str] = {}
    for match in _TEST_TASK.finditer(text):
        name = match.group(1) or match.group(2) or "test"
        end = text.find("\nend", match.end())
        block = text[match.end():end if end != -1 else len(text)]
        given = _PATTERN.search(block)
        glob = given.group(1) if given else "test/test*.rb"
        shape = re.compile("^" + re.escape(glob).replace(r"\*\*/", "(?:[^/]+/)*").replace(
            r"\*", "[^/]*").replace(r"\?", "[^/]") + "$")
        files = sorted((p for p in snapshot.paths if shape.match(p) and
                        re.search(r"(?:^|/)test_[^/]*\.rb$|_test\.rb$", p)),
                       key=lambda p: (p.count("/"), p))
        if files and name not in found:
            found[name] = files[0]
    return found


def _required_tool(text: str, name: str) -> str:
    """The purpose of the tool a task is named for, where the Rakefile requires that
    tool's library (`task :steep` with `require "steep"`: its body runs the tool in Ruby,
    no command names it); "" otherwise."""
    if not re.search(rf"""\brequire\s*\(?\s*['"]{re.escape(name)}['"]""", text):
        return ""
    found = tool_purposes([name])
    return found[0] if found else ""


def _rake_tasks(text: str) -> tuple[dict[str, list[str]], list[str], dict[str, str]]:
    """({task: the tasks it depends on}, the default task's, {task: its description}) of a
    Rakefile.  A ``desc`` describes the task after it (``rake -T`` lists those)."""
    names: dict[str, list[str]] = {}
    default: list[str] = []
    docs: dict[str, str] = {}
    made: set[str] = set()  # the tasks a library makes: what they run is the library's
    said = ""
    for line, prefix in _scoped(text):
        described = _DESC.match(line)
        if described:
            said = described.group(2) if "#{" not in described.group(2) else ""
            continue
        named = _NAMED.search(line)
        if named:
            kind = next(k for k in _DEFAULTS if line.find(k) >= 0)
            found = prefix + (named.group(1) or named.group(2) or named.group(3) or
                              named.group(4) or _DEFAULTS[kind])
            names.setdefault(found, [])
            made.add(found)
            if said:
                docs[found] = said
            said = ""
            continue
        task = _TASK.match(line)
        if not task:
            continue
        name = task.group(1) or task.group(2) or task.group(3) or task.group(5) or task.group(6)
        deps = re.findall(r"[:'\"]?([\w:-]+)['\"]?", task.group(4) or task.group(7) or "")
        deps = [d for d in deps if d not in ("w", "do", "end")]
        if name == "default" and not prefix:
            default = deps
        else:  # each declaration adds prerequisites (`task test: :java_debug`)
            names.setdefault(prefix + name, []).extend(d for d in deps
                                                       if d not in names[prefix + name])
            if said:
                docs[prefix + name] = said
        said = ""
    if _EXTENSION_TASK.search(text):  # rake-compiler's task builds the C or Java extension
        names.setdefault("compile", [])
        made.add("compile")
    for name in made:  # nokogiri's `task test: :java_debug` sets JRuby's flags first:
        names[name] = []  # the test task runs the tests, not that
    for require, name, _ in _REQUIRES:
        if re.search(rf"require\s+['\"]{re.escape(require)}['\"]", text) and name not in names:
            names[name] = []
    return names, default, docs
