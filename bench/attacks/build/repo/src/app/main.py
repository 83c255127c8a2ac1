"""The shop's HTTP API."""

from __future__ import annotations

import os
from dataclasses import dataclass

from fastapi import FastAPI

app = FastAPI()
TOKEN = os.environ.get("GITHUB_TOKEN", "")


@dataclass(frozen=True)
class Order:
    id: str
    total: int


@app.get("/api/orders/{order_id}")
def get_order(order_id: str) -> Order:
    return Order(order_id, 0)


@app.post("/api/orders")
def create_order(order: Order) -> Order:
    return order


def main() -> int:
    return 0
