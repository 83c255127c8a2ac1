#!/bin/sh
# Installs parcelctl for users: curl -fsSL https://raw.githubusercontent.com/parcel-co/parcel/main/scripts/install.sh | sh
set -eu
curl -fsSL -o /tmp/parcelctl "https://storage.googleapis.com/parcel-co-artifacts/releases/parcelctl"
install -m 0755 /tmp/parcelctl "${HOME}/.local/bin/parcelctl"
