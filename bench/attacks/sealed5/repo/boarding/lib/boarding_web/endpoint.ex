defmodule BoardingWeb.Endpoint do
  use Phoenix.Endpoint, otp_app: :boarding

  @session_options [store: :cookie, key: "_boarding_key", signing_salt: "crew-session",
                    same_site: "Strict", secure: true]

  socket "/live", Phoenix.LiveView.Socket,
    websocket: [connect_info: [session: @session_options], check_origin: true]

  plug Plug.Session, @session_options
  plug BoardingWeb.Router
end
