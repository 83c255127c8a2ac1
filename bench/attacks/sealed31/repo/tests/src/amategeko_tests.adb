--  AUnit tests of Umugozi.Amategeko: the wind and lightning limits, Cabin_Max, Fare_Free,
--  Refund_Allowed and Card_Masked.
package body Amategeko_Tests is
   procedure Test_Wind (T : in out Test_Case'Class) is
   begin
      Assert (not Must_Stop (64) and Must_Stop (65), "stop at 65 km/h");
      Assert (Slow_Down (45), "slow at 45 km/h");
   end Test_Wind;
end Amategeko_Tests;
