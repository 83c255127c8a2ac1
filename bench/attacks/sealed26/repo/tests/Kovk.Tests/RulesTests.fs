module Kovk.Tests.RulesTests

open System
open Expecto
open Kovk.Rules

[<Tests>]
let tests = testList "rules" [
    test "no ride with one crew member" {
        let r = { Driver = true; Conductor = false; WindKmh = 10.0; BrakeTestAt = DateTime.Now }
        Expect.isFalse (rideAllowed DateTime.Now r) "crew of two"
    }
    test "wind stop above 60 km/h" {
        let r = { Driver = true; Conductor = true; WindKmh = 61.0; BrakeTestAt = DateTime.Now }
        Expect.isFalse (rideAllowed DateTime.Now r) "wind stop"
    }
    test "a car takes 32" { Expect.isFalse (loadOk 33) "load" }
]
