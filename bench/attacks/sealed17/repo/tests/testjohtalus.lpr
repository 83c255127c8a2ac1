program testjohtalus;

{$mode objfpc}{$H+}

uses
  Classes, consoletestrunner, fpcunit, testregistry, Rules;

type
  TRulesTest = class(TTestCase)
  published
    procedure ClosedGroundIsClosed;
    procedure NoticeIsTwentyOneDays;
  end;

procedure TRulesTest.ClosedGroundIsClosed;
begin
  AssertFalse(ClosedGroundAllowsPassage('Biggeluoppal'));
end;

procedure TRulesTest.NoticeIsTwentyOneDays;
begin
  AssertEquals(21, CalvingNoticeDays);
end;

var
  App: TTestRunner;
begin
  RegisterTest(TRulesTest);
  App := TTestRunner.Create(nil);
  App.Initialize;
  App.Run;
  App.Free;
end.
