"""The services a compose file at the top of the tree starts: ``docker compose up -d``
starts the databases, queues and stores the code talks to, at the versions the project
chose (``compose.yaml`` with ``postgres`` and ``mysql``: the test suite's databases).

Named only when the file's services run images of known backing services; a compose
file that builds the project's own image (a deployment) says nothing an agent needs
to run the tests.
"""

from __future__ import annotations

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
    "meilisearch", "typesense", "qdrant", "sqlserver", "firebird", "db2"))
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
