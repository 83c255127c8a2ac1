base:
  'web*.ovenbird.lan':
    - web
  'db*.ovenbird.lan':
    - cockroach
  'lb.ovenbird.lan':
    - haproxy
