"""The services a compose file at the top of the tree starts: ``docker compose up -d``
starts the databases, queues and stores the code talks to, at the versions the project
chose (``compose.yaml`` with ``postgres`` and ``mysql``: the test suite's databases).

Named only when the file's services run images of known backing services (or test
servers such as httpbin), or are built from the tests' own directories
(``test/docker/proxy``); a compose file that builds the project's own image (a
deployment) says nothing an agent needs to run the tests.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

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


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    path = next((p for p in FILES if snapshot.text(p) is not None), "")
    doc = snapshot.yaml(path) if path else None
    services = doc.get("services") if isinstance(doc, dict) else None
    if not isinstance(services, dict):
        return
    names = []
    for name, spec in services.items():
        image = spec.get("image") if isinstance(spec, dict) else None
        built = _test_context(spec)
        if isinstance(name, str) and built:
            names.append(f"`{name}` (built from `{built}`)")
            continue
        if not isinstance(name, str) or not isinstance(image, str):
            continue
        base = image.rsplit("/", 1)[-1].split(":", 1)[0].split("@", 1)[0].lower()
        if base in _BACKING or any(base.startswith(b + "-") for b in _BACKING):
            names.append(f"`{name}` ({image.split('@', 1)[0]})")
    if names and len(names) * 2 >= len(services):
        more = f" and {len(names) - _MAX} more" if len(names) > _MAX else ""
        # Every name of FILES is one `docker compose` finds by itself: no -f.
        yield ("conventions", f"Services: `docker compose up -d` starts "
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

