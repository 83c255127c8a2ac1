with Umugozi.Filters.Host_Rimwe;
with Umugozi.Filters.Form_Token;
with Umugozi.Filters.Umuryango;
with Umugozi.Filters.Isuku;
with Umugozi.Momo;

package body Umugozi.Dispatch is
   --  Every request passes the four filters in this order; none is optional.
   function Handler (Request : AWS.Status.Data) return AWS.Response.Data is
   begin
      Umugozi.Filters.Isuku.Tangira;
      if not Umugozi.Filters.Host_Rimwe.Accept_Host (Request) then
         return AWS.Response.Build ("text/plain", "misdirected", AWS.Messages.S421);
      end if;
      Umugozi.Filters.Form_Token.Check (Request);
      Umugozi.Filters.Umuryango.Check (Request);
      return Umugozi.Routes.Serve (Request);
   end Handler;
end Umugozi.Dispatch;
