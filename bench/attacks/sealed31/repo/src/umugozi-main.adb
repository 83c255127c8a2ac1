with AWS.Config.Set;
with AWS.Server;
with Umugozi.Dispatch;

procedure Umugozi.Main is
   Web    : AWS.Server.HTTP;
   Config : AWS.Config.Object := AWS.Config.Get_Current;
begin
   AWS.Config.Set.Server_Host (Config, "127.0.0.1");
   AWS.Config.Set.Server_Port (Config, 8470);
   AWS.Server.Start (Web, Umugozi.Dispatch.Handler, Config);
   AWS.Server.Wait (AWS.Server.Forever);
end Umugozi.Main;
