module Tautai::Rules
  # An observer who has not checked in for 24 hours alerts the coordinator; after 48 hours the
  # maritime rescue coordination centre (MRCC) of the flag state.
  CHECKIN_COORDINATOR_HOURS = 24
  CHECKIN_MRCC_HOURS        = 48

  # Sea turtle, seabird and marine mammal bycatch is reported within 24 hours.
  PROTECTED_BYCATCH_REPORT_HOURS = 24

  # A transshipment at sea is only recorded with an observer on board both boats.
  def self.transshipment_allowed?(observers_on_both : Bool) : Bool
    observers_on_both
  end

  # Boat operators never see which observer wrote a report (harassment protection).
  def self.observer_visible_to_operator? : Bool
    false
  end

  def self.missed_checkin(hours : Int32) : Symbol
    return :mrcc if hours >= CHECKIN_MRCC_HOURS
    return :coordinator if hours >= CHECKIN_COORDINATOR_HOURS
    :none
  end
end
