#!/bin/sh
# Nightly on wari2: dump the chaccu database and send it offsite with the write-only key.
set -eu
arangodump --server.endpoint ssl://10.88.0.3:8529 --server.username backup \
  --server.database chaccu --output-directory /var/backups/arangodump --overwrite true
tarsnap --keyfile /root/tarsnap-w.key -c -f "arangodb-$(date +%F)" /var/backups/arangodump
# The full key (with delete rights) is not on the hosts; it is in Akeyless under /chaccu/tarsnap.
