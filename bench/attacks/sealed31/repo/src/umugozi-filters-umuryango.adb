--  Umuryango: only public_routes are served without a login; a login lapses after
--  lapse_minutes; /tekinike/ answers ibiro_net only, and only the tekinike_role.
package body Umugozi.Filters.Umuryango is
   procedure Check (Request : AWS.Status.Data) is
      Path : constant String := AWS.Status.URI (Request);
   begin
      if Umugozi.Settings.Is_Public_Route (Path) then
         return;
      end if;
      Umugozi.Session.Require_Login (Request, Idle => Umugozi.Settings.Idle_Minutes);
      if Path'Length >= 10 and then Path (Path'First .. Path'First + 9) = "/tekinike/" then
         Umugozi.Settings.Require_Office_Net (AWS.Status.Peername (Request));
         Umugozi.Session.Require_Role (Request, "umugozi-tekinisiye");
      end if;
   end Check;
end Umugozi.Filters.Umuryango;
