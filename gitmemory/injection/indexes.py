"""Packages from a source nobody vetted (docs/security.md, "Instruction injection").

Part of the orders that disarm the machine (:mod:`gitmemory.injection.defences`
finds the order, this module the shape in its words):

- an index given by flag, variable or configuration key: ``--index-url``,
  ``--extra-index-url``, ``PIP_INDEX_URL``, ``pip config set
  global.index-url``, ``npm config set registry``, ``index-url = ...`` in
  pip.conf, ``registry=...`` in .npmrc, ``GOPROXY=...``;
- a source added to a package tool: ``poetry source add``, ``conda config
  --add channels``, ``gem sources --add``, ``dotnet nuget add source``;
- the checks on what comes from it switched off: ``--trusted-host``,
  ``GONOSUMDB=*``, ``GOSUMDB=off``, ``npm config set strict-ssl false``.

A host that is a well-known public index stays ("pip install --index-url
https://download.pytorch.org/whl/cpu torch"), and so does text with no URL
("private packages come from the index configured in pip.conf").  Words are
folded (:func:`gitmemory.injection.fold.fold`); stdlib only.
"""

from __future__ import annotations

_PUBLIC_INDEXES = (
    "pypi.org", "files.pythonhosted.org", "pypi.python.org", "download.pytorch.org",
    "pypi.nvidia.com", "registry.npmjs.org", "registry.yarnpkg.com", "npm.pkg.github.com",
    "proxy.golang.org", "rubygems.org", "index.crates.io", "crates.io",
    "repo.maven.apache.org", "repo1.maven.org", "conda.anaconda.org", "pypi.ngc.nvidia.com",
    "repo.anaconda.com", "api.nuget.org", "repo.packagist.org", "sum.golang.org")
_INDEX_FLAGS = ("--index-url", "--extra-index-url", "--registry", "pip_index_url",
                "pip_extra_index_url", "uv_index_url", "uv_extra_index_url", "uv_index",
                "npm_config_registry", "global.index-url", "global.extra-index-url",
                "--index", "-i", "goproxy", "--source", "sources")
# The same settings written into a configuration file: ``index-url = ...`` in pip.conf,
# ``registry=...`` in .npmrc, or given to ``pip config set``/``npm config set``.
_INDEX_KEYS = ("index-url", "extra-index-url", "index_url", "extra_index_url", "registry")
# Package tools, and the words with which they add a place packages come from.
_TOOLS = frozenset({
    "pip", "pip3", "uv", "poetry", "pdm", "pipenv", "conda", "mamba", "micromamba", "pixi",
    "gem", "bundle", "bundler", "npm", "yarn", "pnpm", "cargo", "go", "dotnet", "nuget",
    "composer", "mvn", "gradle"})
_SOURCES = frozenset({"source", "sources", "channel", "channels", "mirror", "mirrors", "feed",
                      "registry", "registries", "index", "repository", "repositories"})
# Checksums and certificates of downloaded packages switched off.
_UNCHECKED = ("gonosumdb=", "gonosumcheck=", "goinsecure=", "gosumdb=off", "goflags=-insecure",
              "strict-ssl false", "strict-ssl=false", "verify_ssl = false", "verify_ssl=false",
              "ssl_verify false", "ssl_verify=false", "--trusted-host")


def reason(words: list[str]) -> str | None:
    """Why the words of an order install packages from an unvetted source, or None."""
    sentence = f" {' '.join(words)} "
    for mark in _UNCHECKED:
        if mark in sentence:
            return "tells the agent to install packages without checking what it downloads"
    return _index(words) or _source(words)


# Flags that name an index only when a package tool takes them: ``ansible-playbook -i``
# names an inventory, ``grep -i`` ignores case.
_TOOL_FLAGS = frozenset({"-i", "--index", "--source", "sources"})


def _index(words: list[str]) -> str | None:
    packaging = bool(_TOOLS.intersection(words))
    for i, word in enumerate(words):
        name, _, value = word.partition("=")
        if name not in _INDEX_FLAGS and not (name in _INDEX_KEYS and (
                value or words[i + 1:i + 2] == ["="] or (i and words[i - 1] in ("set", "config")))):
            continue
        if name in _TOOL_FLAGS and not packaging:
            continue
        url = value or next((x for x in words[i + 1:i + 4] if "://" in x or "." in x), "")
        host = _host(url)
        if host and (url.startswith("http://") or not _public(host)):
            return f"tells the agent to install packages from an unvetted index ({host})"
    return None


def _source(words: list[str]) -> str | None:
    """``poetry source add x https://...``, ``conda config --add channels https://...``."""
    if not (_TOOLS.intersection(words) and _SOURCES.intersection(words)):
        return None
    for word in words:
        if "://" in word:
            host = _host(word)
            if host and (word.startswith("http://") or not _public(host)):
                return f"tells the agent to install packages from an unvetted source ({host})"
    return None


def _host(url: str) -> str:
    rest = url.split("://", 1)[1] if "://" in url else url
    host = rest.split("/", 1)[0].rsplit("@", 1)[-1].split(":", 1)[0].split(",", 1)[0]
    host = host.strip("'\"`")
    return host if "." in host or host == "localhost" else ""


def _public(host: str) -> bool:
    return any(host == known or host.endswith("." + known) for known in _PUBLIC_INDEXES)
