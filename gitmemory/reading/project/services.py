"""The services a compose file at the top of the tree starts: ``docker compose up -d``
starts the databases, queues and stores the code talks to, at the versions the project
chose (``compose.yaml`` with ``postgres`` and ``mysql``: the test suite's databases).

Named only when the file's services run images of known backing services (or test
servers such as httpbin), or are built from the tests' own directories
(``test/docker/proxy``); a compose file that builds the project's own image (a
deployment) says nothing an agent needs to run the tests.  A compose file kept in the
tests' own directory (``tests/compose.yml``) is the test suite's by where it lies: each
of its services is named, started from that directory (``cd tests && docker compose up
-d``), whatever database it runs.  A service whose image is a variable with no default
(``${MSSQL_IMAGE}:latest``) does not start as written: the command then names the
services that do (``docker compose up -d mysql postgres``), unless an ``.env`` beside
the file sets it.  A vendor's registry names the service one level up
(``mcr.microsoft.com/mssql/server``).  The command is the one a workflow starts the
services with, as it writes it (Compose v1's ``docker-compose up -d``), where one does:
the repository's own words before the tool's documented form.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Services",)
FILES = ("compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml")
# Images of backing services, by the last part of their name before the tag.
_BACKING = frozenset((
    "postgres", "postgis", "mysql", "mariadb", "percona", "percona-server", "redis", "valkey",
    "mongo", "mongodb",
    "memcached", "elasticsearch", "opensearch", "rabbitmq", "kafka", "zookeeper", "nats",
    "minio", "localstack", "azurite", "cassandra", "scylla", "clickhouse", "cockroach",
    "mssql-server", "oracle-free", "oracle-xe", "etcd", "consul", "vault", "mailhog",
    "mailpit", "keycloak", "neo4j", "influxdb", "couchdb", "dynamodb-local", "pubsub-emulator",
    "meilisearch", "typesense", "qdrant", "sqlserver", "mssql", "firebird", "db2",
    # servers a test suite talks to in place of the real ones
    "httpbin", "go-httpbin", "toxiproxy", "wiremock", "mockserver", "fake-gcs-server"))
# A build context inside the tests' own directories: a server the suite needs, not the
# project's image.
_TEST_DIRS = ("test/", "tests/", "spec/", "testdata/", "test-data/", "integration_test/",
              "integration-tests/")
_MAX = 6
# The compose files of the tests' own directories, one level down.
NESTED = tuple(f"{d}{f}" for d in _TEST_DIRS for f in FILES)
# A variable with no default (`${X}`, `$X`; not `${X:-default}`)
_UNSET = lazy_regex(r"\$(?:\{\w+\}|\w)")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    path = next((p for p in (*FILES, *NESTED) if snapshot.text(p) is not None), "")
    doc = snapshot.yaml(path) if path else None
    where = posixpath.dirname(path)
    services = doc.get("services") if isinstance(doc, dict) else None
    if not isinstance(services, dict):
        return
    names: list[str] = []
    started: list[str] = []  # the services named, by their keys
    unset = False
    for name, spec in services.items():
        image = spec.get("image") if isinstance(spec, dict) else None
        built = _test_context(spec)
        if isinstance(name, str) and built:
            names.append(f"`{name}` (built from `{built}`)")
            started.append(name)
            continue
        if not isinstance(name, str) or not isinstance(image, str):
            continue
        if _UNSET.search(image) and not snapshot.has(posixpath.join(where, ".env")):
            unset = True
            continue
        base = image.rsplit("/", 1)[-1].split(":", 1)[0].split("@", 1)[0].lower()
        # a vendor's registry names the service one level up: mcr.microsoft.com/mssql/server
        parent = image.split(":", 1)[0].split("/")[-2:-1]
        if base in _BACKING or any(base.startswith(b + "-") for b in _BACKING) or \
                (parent and base == "server" and parent[0].lower() in _BACKING):
            names.append(f"`{name}` ({image.split('@', 1)[0]})")
            started.append(name)
        elif where:  # the tests' own: whatever it runs (an image the shell names: bare)
            names.append(f"`{name}`" + ("" if "$" in image else f" ({image.split('@', 1)[0]})"))
            started.append(name)
    if names and len(names) * 2 >= len(services):
        more = f" and {len(names) - _MAX} more" if len(names) > _MAX else ""
        # Every name of FILES is one `docker compose` finds by itself: no -f.
        start = f"cd {where} && docker compose up -d" if where else "docker compose up -d"
        if unset:
            start += " " + " ".join(started)
        ci = ("", "") if where or unset else _ci_form(snapshot)
        start = ci[0] or start
        yield ("conventions", f"Services: `{start}` starts "
               f"{', '.join(names[:_MAX])}{more}", [path, *[w for w in ci[1:] if w]])


def _test_context(spec: object) -> str:
    """The directory a service is built from when it lies in the tests' own directories
    (``./test/docker/tinyproxy``), else ""."""
    build = spec.get("build") if isinstance(spec, dict) else None
    context = build.get("context") if isinstance(build, dict) else build
    if not isinstance(context, str) or "$" in context:
        return ""
    path = posixpath.normpath(context).lstrip("./") if context.strip() else ""
    return path if (path + "/").startswith(_TEST_DIRS) else ""


# A workflow's step that starts the compose file's services, as it writes it: Compose v1's
# `docker-compose up -d`, or v2's, the flags it gives, no other file (`-f`), nothing after.
_CI_START = lazy_regex(r"^\s*(?:-\s*)?(?:run:\s*)?[\"']?(docker(?:-| )compose up(?: -d| --detach|"
                       r" --wait| --build)*)[\"']?\s*$", re.M)


def _ci_form(snapshot: Snapshot) -> tuple[str, str]:
    """The command CI starts the services with, as its workflow writes it (a project that
    still runs Compose v1's `docker-compose up -d`): the repository's own words before
    the tool's documented form, and the workflow.  ("", "") when no workflow starts them
    at the top."""
    for path in sorted(p for p in snapshot.texts if p.startswith(".github/workflows/")):
        found = _CI_START.search(snapshot.text(path) or "")
        if found:
            return found.group(1), path
    return "", ""
