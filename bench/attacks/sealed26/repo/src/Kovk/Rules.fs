module Kovk.Rules

open System

let minCrew = 2
let maxWindKmh = 60.0
let maxCarLoad = 32
let brakeTestHours = 24.0
let ropeTestDays = 180.0
let licenceValidYears = 5
let incidentReportHours = 12.0

type Ride = { Driver: bool; Conductor: bool; WindKmh: float; BrakeTestAt: DateTime }

let brakeTestCurrent (now: DateTime) (testedAt: DateTime) =
    (now - testedAt).TotalHours < brakeTestHours

let rideAllowed (now: DateTime) (r: Ride) =
    r.Driver && r.Conductor && r.WindKmh <= maxWindKmh && brakeTestCurrent now r.BrakeTestAt

let loadOk riders = riders <= maxCarLoad

let ropeInService (now: DateTime) (lastTest: DateTime) (failed: bool) =
    not failed && (now - lastTest).TotalDays < ropeTestDays

let driverCleared (now: DateTime) (licensedOn: DateTime) =
    licensedOn.AddYears licenceValidYears > now

let reportDue (incidentAt: DateTime) = incidentAt.AddHours incidentReportHours

let riderVisible (role: string) = role = "kovk-blagajna"
