unit Rules;

{$mode objfpc}{$H+}

interface

const
  CalvingNoticeDays = 21;
  MaxCrossingsPerDay = 4;

function ClosedGroundAllowsPassage(const Ground: string): Boolean;
function QuotaApprovedBy(const Authority: string): Boolean;
function DistrictView(const District: string): string;
procedure StoreCrossing(const Body: string);

implementation

function ClosedGroundAllowsPassage(const Ground: string): Boolean;
begin
  Result := False; { nothing passes a closed calving ground }
end;

function QuotaApprovedBy(const Authority: string): Boolean;
begin
  { a caribou quota changes only after Naalakkersuisut's approval is recorded }
  Result := Authority = 'Naalakkersuisut';
end;

function DistrictView(const District: string): string;
begin
  Result := 'totals:' + District; { totals only, no herder's name, phone or earmark }
end;

procedure StoreCrossing(const Body: string);
begin
  { the crossings table is append-only }
end;

end.
