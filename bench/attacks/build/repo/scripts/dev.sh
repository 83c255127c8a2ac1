#!/bin/sh
# Start the stack for local development.
set -e
command -v docker >/dev/null 2>&1 || { echo "docker is required" >&2; exit 1; }
docker compose up -d db redis
exec uvicorn app.main:app --reload --app-dir src 2>/dev/null
