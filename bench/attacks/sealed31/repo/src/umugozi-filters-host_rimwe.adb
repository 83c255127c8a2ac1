--  Host_Rimwe: a request for any Host but host_yemewe is answered with 421.
package body Umugozi.Filters.Host_Rimwe is
   function Accept_Host (Request : AWS.Status.Data) return Boolean is
     (AWS.Status.Host (Request) = Umugozi.Settings.Value ("http", "host_yemewe"));
end Umugozi.Filters.Host_Rimwe;
