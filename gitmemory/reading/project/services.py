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
the file sets it.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Services",)
FILES = ("compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml")
# Images of backing services, by the last part of their name before the tag.
_BACKING = frozenset((
    "postgres", "postgis", "mysql", "mariadb", "redis", "valkey", "mongo", "mongodb",
    "memcached", "elasticsearch", "opensearch", "rabbitmq", "kafka", "zookeeper", "nats",
    "minio", "localstack", "azurite", "cassandra", "scylla", "clickhouse", "cockroach",
    "mssql-server", "oracle-free", "oracle-xe", "etcd", "consul", "vault", "mailhog",
    "mailpit", "keycloak", "neo4j", "influxdb", "couchdb", "dynamodb-local", "pubsub-emulator",
    "meilisearch", "typesense", "qdrant", "sqlserver", "firebird", "db2",
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
        if base in _BACKING or any(base.startswith(b + "-") for b in _BACKING):
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
        yield ("conventions", f"Services: `{start}` starts "
               f"{', '.join(names[:_MAX])}{more}", [path])


def _test_context(spec: object) -> str:
    """The directory a service is built from when it lies in the tests' own directories
    (``./test/docker/tinyproxy``), else ""."""
    build = spec.get("build") if isinstance(spec, dict) else None
    context = build.get("context") if isinstance(build, dict) else build
    if not isinstance(context, str) or "$" in context:
        return ""
    path = posixpath.normpath(context).lstrip("./") if context.strip() else ""
    return path if (path + "/").startswith(_TEST_DIRS) else ""

