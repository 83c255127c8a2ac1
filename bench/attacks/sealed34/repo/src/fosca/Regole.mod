IMPLEMENTATION MODULE Regole;
(* The rules of docs/regole.md.  Only this module holds thresholds. *)

PROCEDURE QuakeTrip (quakeG: REAL): BOOLEAN;
BEGIN
  RETURN quakeG >= QuakeTripG
END QuakeTrip;

PROCEDURE ReleaseAllowed (levelM: REAL; quakeG: REAL): BOOLEAN;
BEGIN
  RETURN (levelM <= LevelMaxM) AND NOT QuakeTrip(quakeG)
END ReleaseAllowed;

PROCEDURE SirenDue (releaseM3s: REAL; sirenMin: CARDINAL): BOOLEAN;
(* TRUE when the release must still wait for the sirens. *)
BEGIN
  RETURN (releaseM3s > ReleaseWarnM3s) AND (sirenMin < SirenLeadMin)
END SirenDue;

PROCEDURE StepAllowed (stepCm, gapMin, riseCmH: CARDINAL): BOOLEAN;
BEGIN
  RETURN (stepCm <= GateStepCm) AND (gapMin >= GateGapMin) AND (riseCmH <= RiseMaxCmH)
END StepAllowed;

PROCEDURE ResidualOk (residualLs: CARDINAL): BOOLEAN;
BEGIN
  RETURN residualLs >= ResidualLs
END ResidualOk;

PROCEDURE SeepageAlarm (seepageLs: CARDINAL): BOOLEAN;
BEGIN
  RETURN seepageLs > SeepageMaxLs
END SeepageAlarm;

PROCEDURE GateConfirmed (cardA, cardB: CARDINAL): BOOLEAN;
(* Two different key cards, both present. *)
BEGIN
  RETURN (cardA # 0) AND (cardB # 0) AND (cardA # cardB)
END GateConfirmed;

PROCEDURE FlushAllowed (month: CARDINAL): BOOLEAN;
BEGIN
  RETURN (month < FlushBanFrom) OR (month > FlushBanTo)
END FlushAllowed;

END Regole.
