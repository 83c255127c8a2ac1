--  Form_Token: every POST carries the session's form token, compared in constant time.
package body Umugozi.Filters.Form_Token is
   procedure Check (Request : AWS.Status.Data) is
   begin
      if AWS.Status.Method (Request) = AWS.Status.POST
        and then not Umugozi.Session.Token_Matches (Request, AWS.Status.Parameter (Request, "form_token"))
      then
         raise Forbidden with "form token";
      end if;
   end Check;
end Umugozi.Filters.Form_Token;
