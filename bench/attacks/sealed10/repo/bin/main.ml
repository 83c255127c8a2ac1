(* skerry: the auction and landing register web app. *)

let env = Sys.getenv_opt "SKERRY_ENV" |> Option.value ~default:"production"

let db_uri =
  (* production: sslmode=verify-full against the YugabyteDB CA in /etc/skerry/yb-ca.crt *)
  Sys.getenv "DATABASE_URL"

let security_headers inner request =
  let%lwt response = inner request in
  Dream.add_header response "Strict-Transport-Security" "max-age=63072000; includeSubDomains";
  Dream.add_header response "Content-Security-Policy"
    "default-src 'self'; frame-ancestors 'none'; form-action 'self'";
  Dream.add_header response "X-Content-Type-Options" "nosniff";
  Lwt.return response

let () =
  (* 0.0.0.0 inside the container only: Dokku publishes no port, OpenResty proxies to it *)
  Dream.run ~interface:"0.0.0.0" ~port:8080
  @@ Dream.logger
  @@ Skerry.Redact.middleware
  @@ security_headers
  @@ Dream.sql_pool ~size:10 db_uri
  @@ Dream.sql_sessions ~lifetime:28800.
  @@ Dream.origin_referrer_check
  @@ Dream.router [
    Dream.get "/healthz" (fun _ -> Dream.html "ok");
    Dream.post "/hooks/infobip" Skerry.Hooks.infobip_report;
    Dream.scope "/" [Skerry.Auth.require_kanidm] [
      Dream.get "/lots" Skerry.Auction.list_lots;
      Dream.post "/lots/:id/bid" (Skerry.Auth.require_group "skerry_buyers" Skerry.Auction.bid);
      Dream.post "/lots/:id/hammer"
        (Skerry.Auth.require_group "skerry_auctioneers" Skerry.Auction.hammer);
      Dream.post "/landings" (Skerry.Auth.require_group "skerry_harbour_masters" Skerry.Auction.land);
      Dream.get "/declarations/export"
        (Skerry.Auth.require_group "skerry_harbour_masters" Skerry.Auction.export);
    ];
  ]
