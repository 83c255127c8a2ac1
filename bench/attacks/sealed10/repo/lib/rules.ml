(* The cooperatives' auction rules as code.  Changing a number here needs the three
   cooperatives' boards and a changelog entry. *)

(* EU minimum conservation reference sizes (cm) for the species sold in the three halls. *)
let min_landing_cm = function
  | "hake" -> Some 27 | "sole" -> Some 24 | "cod" -> Some 35 | "haddock" -> Some 30
  | "mackerel" -> Some 20 | "sea_bass" -> Some 42 | "langoustine" -> Some 9
  | _ -> None

(* Undersized fish is landed (landing obligation) but never sold for human consumption. *)
let sellable_for_consumption ~species ~length_cm =
  match min_landing_cm species with Some m -> length_cm >= m | None -> true

(* Logbook estimate against landed weight: 10 % margin of tolerance per species. *)
let tolerance = 0.10
let within_tolerance ~logbook_kg ~landed_kg =
  Float.abs (landed_kg -. logbook_kg) <= tolerance *. logbook_kg

(* A first-sale declaration is due within 48 hours of the hammer. *)
let declaration_deadline_hours = 48

(* A buyer may not bid on a lot landed by a vessel owned by the buyer's own company. *)
let may_bid ~buyer_company ~vessel_owner = buyer_company <> vessel_owner

(* Remote bids only from screens accredited by the harbour master, and never above the
   buyer's deposit. *)
let remote_bid_ok ~accredited ~deposit_eur ~bid_eur = accredited && bid_eur <= deposit_eur

(* Once hammered, a lot is never put back on the clock; a dispute opens a correction. *)
let may_restart_clock ~hammered = not hammered

(* A landing that would take a vessel over its quota is held for the harbour master. *)
let over_quota ~remaining_kg ~landed_kg = landed_kg > remaining_kg
