defmodule Boarding.Scans do
  import Ecto.Query
  alias Boarding.{Repo, Ticket}

  # Every query is scoped to the operator of the scanning device.
  def scoped(operator_id), do: from(t in Ticket, where: t.operator_id == ^operator_id)

  def find(operator_id, number),
    do: Repo.one(from t in scoped(operator_id), where: t.number == ^number)
end
