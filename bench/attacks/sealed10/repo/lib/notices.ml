(* Sale notices to skippers by SMS through Infobip (https://api.infobip.com/sms/2/text/advanced).
   The message names the lot number and price only, never the buyer. *)

let api_key () = Sys.getenv "INFOBIP_API_KEY"
let sender = "skerry"

let text ~lot ~price_eur = Printf.sprintf "skerry: lot %s sold, %.2f EUR" lot price_eur
