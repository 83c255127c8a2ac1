"""Tile cache in Redis; values are msgpack, never pickle."""

import msgpack


def dumps(value: dict) -> bytes:
    return msgpack.packb(value)


def loads(data: bytes) -> dict:
    return msgpack.unpackb(data)
