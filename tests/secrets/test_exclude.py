"""gitignore-style exclusion of paths whose changes never leave the machine."""

from __future__ import annotations

import pytest

from gitmemory.config import DEFAULT_EXCLUDES
from gitmemory.secrets.exclude import excluded, is_lock_file


@pytest.mark.parametrize("path", [
    ".env", ".env.local", ".env.production", "config/.env", "services/api/.env.staging",
    "prod.env", "certs/server.pem", "deploy/tls.key", "keystore.p12", "ios/dist.pfx",
    "android/release.keystore", "android/release.jks", "deploy/id_rsa", "home/.ssh/id_ed25519",
    "id_ecdsa_ci", ".npmrc", "frontend/.npmrc", ".pypirc", ".netrc", ".git-credentials",
    "infra/terraform.tfstate", "infra/terraform.tfstate.backup", "infra/prod.tfvars",
    "secrets/db.yml", "secrets/nested/deep/token.txt", "app/secrets/x.json",
    "a/b/secrets/c/d.txt", "credentials.json", "gcp/credentials.json",
    "service-account.json", "service-account-prod.json", ".ENV", "Secrets/db.yml",
    # files that are credentials whole: chrony's key file, an OpenVPN auth-user-pass file
    "chrony/chrony.keys", "etc/ntp.keys", "vpn/site.auth", "krb5/http.keytab", ".htpasswd",
    "web/admin.htpasswd", ".pgpass", "vault/team.kdbx",
])
def test_default_excludes_catch_secret_files(path: str) -> None:
    assert excluded(path, DEFAULT_EXCLUDES)


@pytest.mark.parametrize("path", [
    "src/main.py", "README.md", "docs/env.md", "environment.py", "src/secretsmanager.py",
    "src/secrets.py", "tests/test_env.py", "keys.py", "src/keyring/store.py",
    "terraform/main.tf", "pem.md", "docs/secrets-howto.md", "src/envoy.yaml",
])
def test_default_excludes_leave_ordinary_files(path: str) -> None:
    assert not excluded(path, DEFAULT_EXCLUDES)


@pytest.mark.parametrize(("pattern", "path", "expected"), [
    ("*.pem", "a/b/c.pem", True),  # no slash: the basename at any depth
    ("*.pem", "a.pem/inside.txt", True),  # ... also a directory of that name
    ("*.pem", "a/b/c.pem.txt", False),
    (".env*", "x/.envrc", True),
    ("secrets", "a/secrets/b.txt", True),  # a directory name anywhere
    ("secrets", "a/secretsx/b.txt", False),
    ("secrets/**", "secrets/a/b.txt", True),  # a slash in the middle: anchored
    ("secrets/**", "app/secrets/a.txt", False),
    ("**/secrets/**", "app/deep/secrets/a.txt", True),
    ("**/secrets/**", "secrets/a.txt", True),
    ("config/secret.yml", "config/secret.yml", True),
    ("config/secret.yml", "app/config/secret.yml", False),
    ("/build", "build/out.js", True),  # a leading slash anchors
    ("/build", "src/build/out.js", False),
    ("logs/", "logs/today.txt", True),  # a trailing slash: directories only
    ("logs/", "logs", False),
    ("a/**/z.txt", "a/z.txt", True),
    ("a/**/z.txt", "a/b/c/z.txt", True),
    ("a/**/z.txt", "b/a/z.txt", False),
    ("doc/*.md", "doc/a.md", True),
    ("doc/*.md", "doc/sub/a.md", False),  # * never crosses a slash
    ("file?.txt", "dir/file1.txt", True),
    ("file?.txt", "dir/file12.txt", False),
    ("key[0-9].pem", "key7.pem", True),
    ("key[!0-9].pem", "key7.pem", False),
    ("key[!0-9].pem", "keyx.pem", True),
    ("\\#notes", "#notes", True),
    ("\\!important", "!important", True),
    ("trailing\\ ", "trailing ", True),
    ("  *.pem  ", "x.pem", True),
    ("# comment", "# comment", False),
    ("", "anything", False),
    ("**", "any/thing", True),
    ("C:\\x", "C:\\x", False),
])
def test_gitignore_glob_rules(pattern: str, path: str, expected: bool) -> None:
    assert excluded(path, [pattern]) is expected


def test_later_negation_re_includes_a_file() -> None:
    assert not excluded("secrets/README.md", ["secrets/**", "!secrets/README.md"])
    assert excluded("secrets/db.yml", ["secrets/**", "!secrets/README.md"])


def test_a_file_inside_an_excluded_directory_cannot_be_re_included() -> None:
    assert excluded("secrets/README.md", ["secrets/", "!secrets/README.md"])
    assert excluded("secrets/README.md", ["secrets", "!README.md"])


def test_the_last_matching_pattern_wins() -> None:
    assert excluded("a.pem", ["!a.pem", "*.pem"])
    assert not excluded("a.pem", ["*.pem", "!a.pem"])


def test_windows_separators_and_dot_segments_are_normalised() -> None:
    assert excluded("config\\.env", DEFAULT_EXCLUDES)
    assert excluded("./secrets/x", DEFAULT_EXCLUDES)


@pytest.mark.parametrize("path", [
    "package-lock.json", "web/yarn.lock", "pnpm-lock.yaml", "poetry.lock", "uv.lock",
    "Cargo.lock", "Gemfile.lock", "composer.lock", "go.sum", "Pipfile.lock", "bun.lockb",
    "flake.lock", "ios/Podfile.lock", "Package.resolved", "packages.lock.json",
    "gradle.lockfile", ".terraform.lock.hcl", "some/custom.lock", "npm-shrinkwrap.json",
    "deno.lock", "mix.lock", "pubspec.lock",
])
def test_lock_files(path: str) -> None:
    assert is_lock_file(path)


@pytest.mark.parametrize("path", [
    "src/lock.py", "Cargo.toml", "package.json", "pyproject.toml", "go.mod", "docs/locking.md",
    "lockfile.md", ".lock", "src/filelock/__init__.py",
])
def test_not_lock_files(path: str) -> None:
    assert not is_lock_file(path)
