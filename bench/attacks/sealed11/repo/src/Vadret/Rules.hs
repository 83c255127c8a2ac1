module Vadret.Rules where

-- | A hut is never booked over its winter-room capacity; an override needs a second warden.
admit :: Hut -> Booking -> Either Refusal Booking
admit hut b
  | partySize b + bookedFor hut (night b) > winterCapacity hut, not (confirmedBySecondWarden b)
      = Left OverCapacity
  | otherwise = Right b

-- | overdueAlert: a party overdue by 2 hours alerts the warden; after 4 hours the rescue service.
overdueAlert :: NominalDiffTime -> [Alert]
overdueAlert late
  | late >= 4 * hour = [WardenAlert, RescueAlert]
  | late >= 2 * hour = [WardenAlert]
  | otherwise = []

-- | Helicopter supply flights: ordered at least 72 hours ahead, never above 800 kg per rotation.
supplyOk :: SupplyOrder -> Bool
supplyOk o = leadTime o >= 72 * hour && all ((<= 800) . kilograms) (rotations o)
