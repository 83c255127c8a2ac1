#!/bin/sh
# Nightly backup of the airigh bucket to the archive on 10.29.14.9 (mounted at /srv/cbbackup).
set -eu
cbbackupmgr backup --archive /srv/cbbackup --repo airigh \
  --cluster couchbases://10.29.14.5 --username airigh_backup --password "$CB_BACKUP_PASS" \
  --passphrase "$CB_ARCHIVE_PASSPHRASE"
curl -fsS "https://uptime.betterstack.com/api/v1/heartbeat/$BETTERSTACK_BACKUP_HEARTBEAT"
