defmodule BoardingWeb.CrewAuth do
  @moduledoc "Crew tokens: Phoenix.Token, valid for one shift (12 hours)."
  @max_age 12 * 60 * 60

  def verify(conn_or_socket, token),
    do: Phoenix.Token.verify(conn_or_socket, "crew", token, max_age: @max_age)

  def same_mac?(a, b), do: Plug.Crypto.secure_compare(a, b)
end
