"""What a command looks like, for :mod:`gitmemory.injection.elements`.

Not phrases of an attack: the shape of executable text.  Which words are programs when
prose names them (``git clone over SSH``), which of their next words are subcommands,
which programs run the tasks a file of the tree defines (``npm`` a ``package.json``
script, ``make`` a Makefile target), and which words in a flag or a setting's name say
it guards something (``--insecure``, ``StrictHostKeyChecking``,
``--dangerously-skip-permissions``).  Stdlib only.
"""

from __future__ import annotations


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Programs whose subcommand is the next word ("git push", "npm run"): in prose they count
# as a command only before one of their subcommands.
SUBCOMMANDS = {
    "git": _set("""clone push pull fetch commit config checkout switch rebase reset merge tag
               remote submodule lfs clean rm stash am apply bisect worktree gc filter-branch
               update-index update-ref credential hook init add restore revert cherry-pick"""),
    "pip": _set("install uninstall download config wheel index"),
    "pip3": _set("install uninstall download config wheel index"),
    "npm": _set("install i ci run exec publish config set login adduser test start audit"),
    "yarn": _set("install add run dlx publish config set npm"),
    "pnpm": _set("install add run dlx exec publish config set"),
    "bun": _set("install add run x"),
    "uv": _set("pip run sync add tool venv lock"),
    "poetry": _set("install add run source config publish lock"),
    "cargo": _set("install run build test publish login fmt clippy"),
    "go": _set("install get run build test env mod generate"),
    "docker": _set("run exec build push pull login compose"),
    "kubectl": _set("apply delete exec run create edit patch port-forward"),
    "helm": _set("install upgrade repo"),
    "gh": _set("auth secret repo api gist workflow pr release"),
    "brew": _set("install tap"),
    "apt": _set("install"), "apt-get": _set("install"),
    "conda": _set("install config create env"),
    "gem": _set("install sources push"),
    "bundle": _set("install exec config"),
    "dotnet": _set("nuget add run test build tool restore format pack publish"),
    **dict.fromkeys(("php-cs-fixer", "vendor/bin/php-cs-fixer"), _set("fix check")),
    **dict.fromkeys(("phpstan", "vendor/bin/phpstan"), _set("analyse analyze")),
    # a build tool's own phases and base tasks, which no build file spells
    **dict.fromkeys(("mvn", "mvnw", "./mvnw"), _set(
        "validate compile test package verify install clean site deploy")),
    # (`allTests`: the Kotlin Multiplatform plugin's, over every target's test task)
    **dict.fromkeys(("gradle", "gradlew", "./gradlew"), _set(
        "assemble build check test clean tasks dependencies publish allTests")),
    "meson": _set("setup configure compile test install dist"),
    "zig": _set("build fmt test run"),
    **dict.fromkeys(("dart", "flutter"), _set("pub analyze format test run compile doc fix")),
    "dune": _set("build test runtest fmt exec promote clean"),
    "gleam": _set("build test format deps run check"),
    "lein": _set("deps test run uberjar"),
    **dict.fromkeys(("crystal", "shards"), _set("spec tool build run install")),
    # the mode a Haskell formatter is given (`fourmolu --mode inplace .`), read as its target
    **dict.fromkeys(("fourmolu", "ormolu"), _set("inplace check")),
    "terraform": _set("apply destroy init plan import"),
    "aws": _set("s3 iam sts configure secretsmanager ssm"),
    "gcloud": _set("auth config secrets compute"),
    "az": _set("login account keyvault"),
    "claude": _set("config mcp --dangerously-skip-permissions"),
    "gitmemory": _set("uninstall init install memorize"),
    "pre-commit": _set("uninstall install run"),
}
# Programs that act on the machine or the network by themselves: a command in prose
# whatever follows them ("run curl to fetch it").
ACTING = _set("""
curl wget nc ncat netcat socat telnet ssh scp sftp rsync sudo doas chmod chown chattr mkfs
powershell pwsh iex invoke-expression printenv setx crontab systemctl launchctl certutil
bitsadmin mshta regsvr32 rundll32 msiexec netsh schtasks bcdedit wmic icacls takeown vssadmin
wevtutil spctl csrutil xattr dscl pfctl nvram tccutil fdesetup
""")
# Programs that are a command in prose before a flag, a URL, a path or a pipe.
PROGRAMS = ACTING | frozenset(SUBCOMMANDS) | _set("""
rm mv dd bash sh zsh eval exec source env export openssl base64 python python3 node ruby
perl php make just npx tar unzip
""")
# Words that wrap the program that follows them ("sudo -u root bash", "env X=1 sh").
WRAPPERS = _set("""
sudo doas env exec command nohup time nice ionice busybox stdbuf timeout xargs setsid
unbuffer pkexec npx bunx pnpx uvx
""")
# Wrappers that fetch the package they run: what follows them is a command, known or not.
PACKAGE_RUNNERS = _set("npx bunx pnpx uvx")
# The files a tree holds that define the tasks a program runs: a program named beside a
# task of one of these is grounded by the file (``npm test`` by ``"test":`` in package.json).
RUNNERS = {
    "package.json": _set("npm yarn pnpm bun npx node"),
    "Makefile": _set("make"), "makefile": _set("make"), "GNUmakefile": _set("make"),
    "justfile": _set("just"), "Justfile": _set("just"), "Taskfile.yml": _set("task"),
    "Taskfile.yaml": _set("task"), "mise.toml": _set("mise"), ".mise.toml": _set("mise"),
    "tox.ini": _set("tox"), "noxfile.py": _set("nox"),
    "Rakefile": _set("rake bundle"), "Gemfile": _set("bundle rake rspec ruby gem"),
    "Fastfile": _set("fastlane bundle"),
    "Cargo.toml": _set("cargo"), "go.mod": _set("go"), "pom.xml": _set("mvn ./mvnw mvnw"),
    "build.gradle": _set("gradle ./gradlew gradlew"),
    "build.gradle.kts": _set("gradle ./gradlew gradlew"),
    "pyproject.toml": _set("python python3 pip pip3 uv poetry hatch pdm pytest ruff mypy "
                           "black isort flake8 pylint"),
    "uv.lock": _set("uv"), "poetry.lock": _set("poetry"), "setup.py": _set("python pip"),
    "CMakeLists.txt": _set("cmake ctest"), "meson.build": _set("meson ninja"),
    **dict.fromkeys(("MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE"), _set("bazel bazelisk")),
    "global.json": _set("dotnet"), ".pre-commit-config.yaml": _set("pre-commit"),
    "deno.json": _set("deno"), "composer.json": _set("composer php"),
    "gradlew": _set("gradlew ./gradlew"), "mvnw": _set("mvnw ./mvnw"),
    "settings.gradle": _set("gradle ./gradlew gradlew"),
    "settings.gradle.kts": _set("gradle ./gradlew gradlew"),
    # the manifests the repository reading implies commands from (reading/project/)
    "Package.swift": _set("swift"), ".swiftformat": _set("swiftformat"),
    "mix.exs": _set("mix"), ".formatter.exs": _set("mix"),
    "pubspec.yaml": _set("dart flutter"), "deno.jsonc": _set("deno"), "bb.edn": _set("bb"),
    "deps.edn": _set("clojure clj"), "project.clj": _set("lein"),
    "dune-project": _set("dune opam"), ".ocamlformat": _set("dune ocamlformat"),
    "build.zig": _set("zig"), "mkdocs.yml": _set("mkdocs"), "mkdocs.yaml": _set("mkdocs"),
    # a lockfile is its package manager's: it installs from it
    "pnpm-lock.yaml": _set("pnpm"), "pnpm-workspace.yaml": _set("pnpm"),
    "yarn.lock": _set("yarn"), "package-lock.json": _set("npm"), "bun.lockb": _set("bun"),
    "bun.lock": _set("bun"), "Gemfile.lock": _set("bundle"), "Cargo.lock": _set("cargo"),
    "composer.lock": _set("composer"), "mix.lock": _set("mix"), "Pipfile": _set("pipenv"),
    "Pipfile.lock": _set("pipenv"), "pubspec.lock": _set("dart flutter"),
    # a tool's own settings: the tool (through its runner) is what reads them
    "rustfmt.toml": _set("cargo rustfmt"), ".rustfmt.toml": _set("cargo rustfmt"),
    "clippy.toml": _set("cargo"), ".clippy.toml": _set("cargo"),
    **dict.fromkeys((".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json"),
                    _set("golangci-lint")),
    ".rubocop.yml": _set("rubocop bundle"), ".credo.exs": _set("mix"),
    ".swiftlint.yml": _set("swiftlint"), "ruff.toml": _set("ruff"), ".ruff.toml": _set("ruff"),
    ".swift-format": _set("swift-format"),
    # a test runner's or a fixer's settings, read by the binary its package manager put in
    # vendor/bin (never tracked); Perl's build script, which `make test` runs through prove
    **dict.fromkeys(("phpunit.xml", "phpunit.xml.dist", "phpunit.dist.xml"),
                    _set("phpunit vendor/bin/phpunit")),
    **dict.fromkeys((".php-cs-fixer.php", ".php-cs-fixer.dist.php", ".php_cs", ".php_cs.dist"),
                    _set("php-cs-fixer vendor/bin/php-cs-fixer")),
    **dict.fromkeys(("phpcs.xml", "phpcs.xml.dist", ".phpcs.xml", ".phpcs.xml.dist"),
                    _set("phpcs phpcbf vendor/bin/phpcs vendor/bin/phpcbf")),
    **dict.fromkeys(("psalm.xml", "psalm.xml.dist"), _set("psalm vendor/bin/psalm")),
    **dict.fromkeys(("phpstan.neon", "phpstan.neon.dist", "phpstan.dist.neon"),
                    _set("phpstan vendor/bin/phpstan")),
    **dict.fromkeys(("Makefile.PL", "Build.PL"), _set("perl make prove")),
    "cpanfile": _set("cpanm carton prove"), "dist.ini": _set("dzil"),
    ".busted": _set("busted"), ".luacheckrc": _set("luacheck"),
    "stylua.toml": _set("stylua"), ".stylua.toml": _set("stylua"),
    "DESCRIPTION": _set("R Rscript"), ".lintr": _set("Rscript"),
    "Project.toml": _set("julia"),
    # Autotools: configure.ac is what autoreconf reads, Makefile.am what the make it
    # generates runs
    "configure.ac": _set("autoreconf make"), "Makefile.am": _set("make"),
    "mypy.ini": _set("mypy"), ".flake8": _set("flake8"),
    "melos.yaml": _set("melos"),
    "gleam.toml": _set("gleam"), "shard.yml": _set("shards crystal"),
    ".hlint.yaml": _set("hlint"), "fourmolu.yaml": _set("fourmolu"),
}
# Files a runner reads by their kind, whatever their name (a .NET solution or project).
RUNNER_KINDS = {**{kind: _set("dotnet") for kind in (".sln", ".slnx", ".csproj", ".fsproj",
                                                      ".vbproj")},
                ".cake": _set("dotnet cake"),  # a Cake script: `dotnet cake` runs it
                # a makefile another includes (erlang.mk): make runs the targets it defines
                ".mk": _set("make")}


def runs(path: str) -> frozenset[str]:
    """The programs that run the tasks of the file at ``path`` (``package.json``: npm,
    pnpm ...; ``App.slnx``: dotnet)."""
    name = path.rsplit("/", 1)[-1]
    found = RUNNERS.get(name)
    if found is None and "." in name:
        found = RUNNER_KINDS.get(name[name.rindex("."):])
    return found or frozenset()
# Programs a code span names as a command even without a flag ("`make test`").
KNOWN = PROGRAMS | frozenset(p for programs in RUNNERS.values() for p in programs) | _set("""
pytest tox nox ruff mypy black isort flake8 pylint eslint prettier tsc jest vitest mocha
gradle mvn dotnet cmake ctest meson ninja rake rspec bundle composer deno hatch pdm pipx
docker-compose kubectl helm terraform ansible ansible-playbook vagrant gh hub
reg defaults codesign systemsetup networksetup softwareupdate sfltool
""")
# The verbs of PowerShell's Verb-Noun commands (``Set-MpPreference``, ``Invoke-WebRequest``):
# a word of that form is a command, as a program's name is (``Get-Verb`` lists them).
CMDLET_VERBS = _set("""
Add Approve Assert Backup Block Checkpoint Clear Close Compare Complete Compress Confirm
Connect Convert ConvertFrom ConvertTo Copy Debug Deny Disable Disconnect Dismount Edit Enable
Enter Exit Expand Export Find Format Get Grant Group Hide Import Initialize Install Invoke
Join Limit Lock Measure Merge Mount Move New Open Optimize Out Ping Pop Protect Publish Push
Read Receive Redo Register Remove Rename Repair Request Reset Resize Resolve Restart Restore
Resume Revoke Save Search Select Send Set Show Skip Split Start Step Stop Submit Suspend
Switch Sync Test Trace Unblock Undo Uninstall Unlock Unprotect Unpublish Unregister Update
Use Wait Watch Write""".lower())
# Verbs that change or remove what they name, or send it somewhere: a command with one of
# them (as its program, subcommand or first argument) is confirmed only by the tree's
# invocation with every argument the item gives (``kubectl delete namespace x``).  A switch
# changes what it names either way: "enable" as much as "disable" (``/ip service enable
# telnet,www,api``, RouterOS's, the eighteenth sealed part, where the runbook disables them).
CHANGING = _set("""
delete del rm rmdir remove drop destroy purge prune reset clean set set-url unset config
push cp mv apply patch replace edit import grant revoke uninstall disable enable kill scale
rollback truncate wipe erase
""")
# Flag names that say the command hands out secrets (``--export-secret-keys``) or
# switches something off (``--master-disable``, ``-DisableRealtimeMonitoring``, ``--no-x``).
SECRET_FLAGS = ("secret", "private")
OFF_FLAGS = ("disable", "insecure")
# A switch written as a word of the command, not a flag (``kanidm system oauth2
# disable-pkce x``, ``dokku checks:disable x``, ``enable-legacy-crypto``): a part of the
# word, cut at ``-``, ``:``, ``_`` and ``.``, that turns something on or off.  A switch is a
# switch however the program spells it, so the word changes what the command does.
SWITCH_WORDS = frozenset(("disable", "enable", "insecure", "unprotect", "unlock", "bypass",
                          "unsafe", "allow"))
# A ``--no-``/``--skip-`` flag switches something off when what it names guards: a check,
# a signature, a sandbox, a prompt (``--no-verify``, ``--skip-tls-verify``); one that
# chooses what a command writes (``pg_dump --no-owner``, ``--no-color``) changes nothing
# an attacker wants.
NEGATIONS = ("--no-", "--skip-", "--without-")
NEGATED_GUARDS = ("verify", "check", "cert", "ssl", "tls", "sandbox", "sign", "gpg", "auth",
          "secur", "protect", "hook", "strict", "valid", "confirm", "prompt", "scan",
          "audit", "integrity", "lock", "host-key", "trust")
# Shared code and package hosts, where anyone may own a name: a host of these is evidence
# with the first parts of its path that name the owner (``github.com/acme``), not alone.
SHARED_HOSTS = {
    **dict.fromkeys(("github.com", "gist.github.com", "raw.githubusercontent.com",
                     "gitlab.com", "registry.gitlab.com", "bitbucket.org", "codeberg.org",
                     "gitee.com", "sr.ht", "git.sr.ht", "huggingface.co", "ghcr.io",
                     "docker.io", "quay.io", "gcr.io", "registry.npmjs.org",
                     "pkg.go.dev", "gitea.com",
                     # shared storage: a bucket's name is the first part of the path
                     "storage.googleapis.com", "storage.cloud.google.com",
                     "s3.amazonaws.com"), 1),
    **dict.fromkeys(("pypi.org", "test.pypi.org", "npmjs.com", "www.npmjs.com",
                     "hub.docker.com", "sourceforge.net", "crates.io", "rubygems.org",
                     "packagist.org", "www.nuget.org", "nuget.org"), 2),
}
# Subcommands every task runner has: the task they run is the word after them.
RUNNER_VERBS = _set("""
run test build install i add ci sync exec check lint fmt format start dev serve clean doc
docs typecheck tidy download vet generate bench compile
""")
# Statements that destroy data, in any SQL client: executable text of their own.
DESTRUCTIVE_SQL = ("drop database", "drop schema", "drop table", "truncate table",
                   "truncate ", "delete from")
# Parts of a flag's or a setting's name that say it guards the machine: such a flag or
# setting is executable text of its own (``--insecure``, ``verify_ssl``, ``sandbox``).
GUARDS = ("insecure", "unsafe", "dangerous", "permission", "sandbox", "verify", "verif",
          "ssl", "tls", "cert", "hostkey", "host-key", "host_key", "knownhost", "known_host",
          "trust", "bypass", "skip", "hook", "sign", "allow-all", "allowall", "yolo",
          "no-check", "nocheck", "ignore-scripts", "index-url", "registry", "proxy")
# Hosts that name no machine on the network.
# Hosts that name this machine.  Every other host, a documentation domain included, is
# executable text: an attacker's host reads the same in a memory file.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]",
               "0.0.0.0")  # noqa: S104 - names a text holds, not an address we bind
# The ends kept for examples and tests (RFC 2606) and for names only the local machine or
# network resolves (/etc/hosts, dnsmasq, Valet, mDNS, a cloud's private zone): a name under
# one is a host all the same, written bare too (``cladach.evil.example``, ``nas.local``).
RESERVED_TOPS = ("example", "test", "invalid", "localhost", "local", "internal")
RESERVED_SUFFIXES = (".home.arpa",)
# Schemes of a secret manager's reference notation: ``op://vault/item/field``,
# ``keeper://RECORD/field/password``, ``vault://secret/x``: a first part of one label after
# them names where a secret lives in the store (a vault, a record, a mount), not a machine to
# reach (the store's client resolves it against the one host it is configured for); vals
# writes ``ref+<backend>://``.  A first part with a dot is a host all the same.
SECRET_REFERENCE_SCHEMES = ("op", "keeper", "vault", "bws", "sm", "gcpsm", "awssm", "azkv",
                            "akv", "doppler", "infisical", "akeyless", "conjur", "berglas",
                            "sops", "secret", "secrets")
# Where a path leaves the repository's tracked files (git's own directory among them:
# what is written there, a hook, runs).
OUTSIDE = (".git/", ".git\\", "~/", "~\\", "$home", "${home}", "%userprofile%", "%appdata%",
           "/etc/", "/usr/", "/var/", "/opt/", "/root/", "/home/", "/dev/tcp", "/dev/udp",
           "/bin/", "/sbin/", "/private/", "/run/", "/srv/", "/mnt/", "/proc/", "/sys/",
           "/boot/", "c:\\", "../", "..\\",
           "/tmp/")  # noqa: S108 - a path a text names, not one we write
# The last part of a word that is a file, not a host ("setup.py", "README.md").
FILE_ENDINGS = _set("""
py pyi js mjs cjs ts tsx jsx json md rst txt toml yaml yml ini cfg conf lock sh bash ps1
bat cmd rb go rs java kt c h cc cpp hpp cs fs swift php pl lua sql html css scss vue svelte
xml csv log env example sample template gz tgz zip tar whl exe dll so dylib jar png jpg svg
pem key crt mod sum gradle kts properties dockerfile make mk proto graphql lockb
jl ex exs erl hrl nix
""")  # (jl and ex, Julia's and Elixir's, are no country's: `Documenter.jl` is a package)
# The last label of a bare domain ("collector.io"): generic top-level domains; any
# two-letter label counts too (a country's).
DOMAINS = _set("""
com net org io dev app ai co info biz xyz online site tech cloud sh me so to gg ly cc tv
fm run page pro top live store shop blog link click zone host space website services
systems solutions software digital network agency email icu gov edu mil int
""")
# Programs that run the program text given after one of their flags (``python3 -c "..."``,
# ``node -e``, ``sh -c``): that text is executable of its own, whatever the program.
INTERPRETERS = _set("""
python python2 python3 pypy pypy3 node nodejs deno bun sh bash zsh dash ksh fish perl ruby
php lua pwsh powershell osascript rscript tclsh awk gawk
""")
INLINE_FLAGS = _set("-c -e -E -ne -pe -le -lne -r -p --eval --command -command --print")
# What a script file ends with: a script named in an item is a path the tree must have.
SCRIPT_ENDINGS = (".sh", ".bash", ".zsh", ".fish", ".ps1", ".psm1", ".bat", ".cmd",
                  ".command")
# Settings of other agents, editors and tools that run a program (a task on opening the
# folder, an MCP server, a container's create command, an agent's hook, a script a shell
# or direnv loads) or point one at a registry with its credentials: a path to one is an
# agent or tool setting.  A dotenv file (.env) runs nothing: naming one is a convention.
SETTINGS_FILES = (".vscode/", ".idea/", ".mcp.json", ".cursor/", ".claude/", ".codex/",
                  ".gemini/", ".windsurf/", ".continue/", ".devcontainer/",
                  "devcontainer.json", ".envrc", ".npmrc", ".yarnrc", ".pypirc",
                  ".netrc", ".gitconfig", ".husky/", ".githooks/", ".bashrc", ".zshrc",
                  ".profile", ".bash_profile", ".aider")
# Keys of those settings that run a program: a setting of their own wherever they appear.
RUNNING_KEYS = _set("""
postcreatecommand poststartcommand postattachcommand oncreatecommand updatecontentcommand
initializecommand runon folderopen runoptions mcpservers pretooluse posttooluse
sessionstart sessionend userpromptsubmit precompact subagentstop apikeyhelper
statusline
""")
# The files an agent reads its instructions from (and gitmemory writes, or reads from):
# never evidence, so an item that names one is an agent setting nothing can confirm.
AGENT_FILES = ("claude.md", "claude_base.md", "claude.local.md", "agents.md",
               "agents.override.md", "gemini.md", ".cursorrules", ".windsurfrules",
               ".clinerules", "copilot-instructions.md", ".gitmemory/")
