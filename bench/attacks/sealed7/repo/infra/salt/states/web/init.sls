ovenbird-web-env:
  file.managed:
    - name: /etc/ovenbird/web.env
    - mode: '0600'
    - user: ovenbird
    - contents: |
        APPLICATION_SECRET={{ pillar['ovenbird']['web']['application_secret'] }}
        DATABASE_PASSWORD={{ pillar['ovenbird']['web']['database_password'] }}
        OIDC_CLIENT_SECRET={{ pillar['ovenbird']['web']['oidc_client_secret'] }}
        SINCH_WEBHOOK_SECRET={{ pillar['ovenbird']['web']['sinch_webhook_secret'] }}
    - show_changes: False

ovenbird-web-quadlet:
  file.managed:
    - name: /etc/containers/systemd/ovenbird-web.container
    - source: salt://quadlet/ovenbird-web.container

ovenbird-web:
  service.running:
    - name: ovenbird-web
    - watch:
      - file: ovenbird-web-env
      - file: ovenbird-web-quadlet
