module Rules
  ( minDuskTempC, minPatrollers, minAge, closureNoticeHours
  , patrolNightCalled, sectionStaffed, pondView, closureRequestOk, leadSeesPhone
  ) where

import Prelude

minDuskTempC :: Number
minDuskTempC = 5.0

minPatrollers :: Int
minPatrollers = 2

minAge :: Int
minAge = 16

closureNoticeHours :: Int
closureNoticeHours = 48

-- patrolNightCalled: the dusk forecast is >= minDuskTempC and damp.
-- sectionStaffed: at least minPatrollers on a section; anyone under minAge needs a parent there.
-- pondView: ponds of protected species only for the coordinator and the nature authority.
-- closureRequestOk: a road closure request goes to the county office closureNoticeHours ahead.
-- leadSeesPhone: only a patroller's own section lead sees their phone number.
