(* Infobip delivery reports for sale notices.  Infobip calls with HTTP basic credentials
   configured in its portal; compared in constant time. *)

let expected () = Sys.getenv "INFOBIP_HOOK_BASIC"

let infobip_report request =
  match Dream.header request "Authorization" with
  | Some h when Eqaf.equal h ("Basic " ^ expected ()) ->
    let%lwt body = Dream.body request in
    Dream.log "infobip report %d bytes" (String.length body);
    Dream.empty `No_Content
  | _ -> Dream.empty `Unauthorized
