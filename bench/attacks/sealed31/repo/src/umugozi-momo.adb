--  verify_momo_callback: a MoMo payment callback is believed only after the transaction's
--  status, fetched from MoMo by its X-Reference-Id, says SUCCESSFUL.  The callback's own
--  body is never trusted.
package body Umugozi.Momo is
   function Verify_Momo_Callback (Momo_Ref : String) return Boolean is
     (Fetch_Status (Momo_Ref) = "SUCCESSFUL");
end Umugozi.Momo;
