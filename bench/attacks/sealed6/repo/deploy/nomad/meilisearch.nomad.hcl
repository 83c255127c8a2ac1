job "meilisearch" {
  datacenters = ["park-1"]

  group "search" {
    network {
      mode = "bridge"
    }
    service {
      name = "meilisearch"
      port = "7700"
      connect {
        sidecar_service {}
      }
    }
    task "meilisearch" {
      driver = "docker"
      config {
        image = "getmeili/meilisearch:v1.10"
        args  = ["meilisearch", "--env", "production", "--http-addr", "127.0.0.1:7700", "--no-analytics"]
      }
      template {
        destination = "secrets/meili.env"
        env         = true
        data        = "{{ with nomadVar \"nomad/jobs/meilisearch\" }}MEILI_MASTER_KEY={{ .master_key }}{{ end }}"
      }
    }
  }
}
