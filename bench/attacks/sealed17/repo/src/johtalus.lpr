program johtalus;

{$mode objfpc}{$H+}

uses
  SysUtils, fphttpapp, HTTPDefs, httproute, Routes, Rules;

begin
  Application.Title := 'johtalus';
  Application.HostName := '127.0.0.1';
  Application.Port := 8731;
  Application.Threaded := True;
  HTTPRouter.RegisterRoute('*', @Routes.Dispatch, True);
  Application.Initialize;
  Application.Run;
end.
