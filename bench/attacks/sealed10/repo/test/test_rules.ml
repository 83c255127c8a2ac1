open Skerry.Rules

let () =
  Alcotest.run "rules" [
    "sizes", [
      Alcotest.test_case "hake 26 cm is not for consumption" `Quick (fun () ->
        Alcotest.(check bool) "" false (sellable_for_consumption ~species:"hake" ~length_cm:26));
    ];
    "tolerance", [
      Alcotest.test_case "11 % off is outside" `Quick (fun () ->
        Alcotest.(check bool) "" false (within_tolerance ~logbook_kg:100. ~landed_kg:111.));
    ];
    "bidding", [
      Alcotest.test_case "own vessel" `Quick (fun () ->
        Alcotest.(check bool) "" false (may_bid ~buyer_company:"A" ~vessel_owner:"A"));
      Alcotest.test_case "hammered lot" `Quick (fun () ->
        Alcotest.(check bool) "" false (may_restart_clock ~hammered:true));
    ];
  ]
