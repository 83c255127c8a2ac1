--  Isuku: phone numbers (07xxxxxxxx, +2507xxxxxxxx) and card numbers are removed from
--  every log line before it is written to Graylog.
package body Umugozi.Filters.Isuku is
   procedure Tangira is
   begin
      GNATCOLL.Traces.Set_Filter (Scrub'Access);
   end Tangira;
end Umugozi.Filters.Isuku;
