base:
  'web*.ovenbird.lan':
    - web
  'db*.ovenbird.lan':
    - cockroach
