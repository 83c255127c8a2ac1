#!/bin/sh
# Creates the app's user on sklad1. The password comes from secrets/kamzik.env.gpg.
set -eu
. /etc/kamzik/kamzik.env
curl -fsS --cacert /etc/kurrentdb/certs/ca/ca.crt -u "admin:$KURRENT_ADMIN_PASSWORD" \
  -H 'Content-Type: application/json' -X POST https://10.63.28.5:2113/users/ \
  -d "{\"loginName\": \"kamzik_app\", \"fullName\": \"kamzik app\", \"groups\": [], \"password\": \"$KURRENT_APP_PASSWORD\"}"
