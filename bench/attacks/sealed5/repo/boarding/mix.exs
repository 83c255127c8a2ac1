defmodule Boarding.MixProject do
  use Mix.Project

  def project do
    [app: :boarding, version: "0.9.0", elixir: "~> 1.16", deps: deps(), aliases: aliases(),
     releases: [boarding: [include_executables_for: [:unix]]]]
  end

  defp deps do
    [
      {:phoenix, "~> 1.7.14"},
      {:phoenix_live_view, "~> 0.20"},
      {:ecto_sql, "~> 3.11"},
      {:postgrex, ">= 0.0.0"},
      {:libcluster, "~> 3.3"},
      {:plug_crypto, "~> 2.1"},
      {:credo, "~> 1.7", only: [:dev, :test], runtime: false}
    ]
  end

  defp aliases do
    [
      setup: ["deps.get", "ecto.setup"],
      "ecto.setup": ["ecto.create", "ecto.migrate", "run priv/repo/seeds.exs"],
      "ecto.reset": ["ecto.drop", "ecto.setup"],
      test: ["ecto.create --quiet", "ecto.migrate --quiet", "test"]
    ]
  end
end
