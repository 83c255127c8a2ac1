MODULE RegoleTest;
(* One check per threshold of src/fosca/Regole.mod. *)

FROM Regole IMPORT ReleaseAllowed, SirenDue, StepAllowed, ResidualOk, QuakeTrip,
                   SeepageAlarm, GateConfirmed, FlushAllowed;
FROM Check IMPORT Expect;

BEGIN
  Expect(NOT ReleaseAllowed(1962.0, 0.0), "above LevelMaxM");
  Expect(SirenDue(30.0, 29), "sirens before a release above 25 m3/s");
  Expect(NOT StepAllowed(25, 10, 10), "step above GateStepCm");
  Expect(NOT ResidualOk(379), "below ResidualLs");
  Expect(QuakeTrip(0.08), "QuakeTripG");
  Expect(SeepageAlarm(13), "above SeepageMaxLs");
  Expect(NOT GateConfirmed(7, 7), "the same key card twice");
  Expect(NOT FlushAllowed(4), "April");
END RegoleTest.
