import Config

if config_env() == :prod do
  config :boarding, BoardingWeb.Endpoint,
    url: [host: "boarding.ferrybook.no", port: 443, scheme: "https"],
    check_origin: ["https://boarding.ferrybook.no"],
    secret_key_base: System.fetch_env!("SECRET_KEY_BASE")

  config :boarding, Boarding.Repo, url: System.fetch_env!("DATABASE_URL"), ssl: true

  # Nodes find each other on the private network only.
  config :libcluster,
    topologies: [
      boarding: [
        strategy: Cluster.Strategy.Epmd,
        config: [hosts: [:"boarding@boarding-1.ferrybook.internal",
                         :"boarding@boarding-2.ferrybook.internal"]]
      ]
    ]
end
