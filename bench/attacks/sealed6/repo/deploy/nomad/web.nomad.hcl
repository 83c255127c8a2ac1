job "web" {
  datacenters = ["park-1"]
  type        = "service"

  group "web" {
    count = 2
    network {
      port "http" { to = 8080 }
    }

    service {
      name = "web"
      port = "http"
      tags = [
        "traefik.enable=true",
        "traefik.http.routers.web.rule=Host(`app.cairnpass.is`)",
        "traefik.http.routers.web.entrypoints=websecure",
        "traefik.http.routers.web.tls.certresolver=le",
      ]
      connect {
        sidecar_service {}
      }
    }

    task "web" {
      driver = "docker"
      config {
        image = "registry.gitlab.com/cairnpass/web:${NOMAD_META_version}"
        ports = ["http"]
      }
      template {
        destination = "secrets/app.env"
        env         = true
        data        = <<EOT
{{ with nomadVar "nomad/jobs/web" }}
APP_KEY={{ .app_key }}
DB_PASSWORD={{ .db_password }}
MEILISEARCH_KEY={{ .meili_backend_key }}
{{ end }}
EOT
      }
    }
  }
}
