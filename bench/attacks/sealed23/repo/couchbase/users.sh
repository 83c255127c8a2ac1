#!/bin/sh
# Users of the airigh bucket. The app writes and reads documents; only the clerk's
# account may manage the bucket. Run on stor1 as buachaille.
set -eu
couchbase-cli user-manage -c couchbases://10.29.14.5 -u Administrator -P "$CB_ADMIN_PASS" \
  --set --rbac-username airigh_app --auth-domain local \
  --roles 'data_reader[airigh],data_writer[airigh]'
couchbase-cli user-manage -c couchbases://10.29.14.5 -u Administrator -P "$CB_ADMIN_PASS" \
  --set --rbac-username airigh_backup --auth-domain local \
  --roles 'data_backup[airigh]'
