(* Kanidm OIDC (authorization code with PKCE).  The session holds the user's groups from the
   id token's "groups" claim; tokens are checked against https://idm.skerry.fo/oauth2/openid/skerry-web. *)

let issuer = "https://idm.skerry.fo/oauth2/openid/skerry-web"

let require_kanidm inner request =
  match Dream.session_field request "user" with
  | Some _ -> inner request
  | None -> Dream.redirect request "/oidc/login"

let require_group group inner request =
  match Dream.session_field request "groups" with
  | Some gs when List.mem group (String.split_on_char ' ' gs) -> inner request
  | _ -> Dream.empty `Forbidden
