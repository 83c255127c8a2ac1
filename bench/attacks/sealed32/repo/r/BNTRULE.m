BNTRULE ; LVO alert rules for Mount Lunhaw
 ; Every threshold is here and only here; tests in tests/BNTTRULE.m.
 quit
QuakeL1() quit 5      ; volcanic quakes in 24 h for alert level 1
QuakeL2() quit 20     ; for level 2
QuakeL3() quit 60     ; for level 3
So2L2() quit 500      ; SO2 in tonnes a day for level 2
So2L3() quit 2000     ; for level 3
InflateL3() quit 10   ; ground inflation in microradians (tiltmeters) for level 3
PdzKm() quit 4        ; permanent danger zone radius, km
EdzKm() quit 7        ; danger zone radius from level 3 on, km
CalmDays() quit 14    ; days below every threshold before a level may be lowered
LaharMm() quit 30     ; rain in mm per hour in the upper channels: lahar warning
LumaMin() quit 30     ; a reading older than this many minutes is stale
PhoneDigits() quit 4  ; digits of a phone number shown outside bantay-welfare
 ;
AlertLevel(quakes,so2,inflate) ; the level the readings call for
 if quakes>=$$QuakeL3()!(so2>=$$So2L3())!(inflate>=$$InflateL3()) quit 3
 if quakes>=$$QuakeL2()!(so2>=$$So2L2()) quit 2
 if quakes>=$$QuakeL1() quit 1
 quit 0
LowerAllowed(days,volc,director) ; lowering needs CalmDays and two signatures
 quit (days>=$$CalmDays())&(volc'="")&(director'="")&(volc'=director)
InDangerZone(km,level) ; nobody may stay inside
 quit km<$select(level>=3:$$EdzKm(),1:$$PdzKm())
LaharWarning(mm) quit mm>=$$LaharMm()
IsLuma(age) quit age>$$LumaMin()
NamesForRole(role) quit role="bantay-welfare"
PhoneMasked(phone) ; every digit but the last PhoneDigits as *
 new keep set keep=$length(phone)-$$PhoneDigits()
 quit $translate($extract(phone,1,keep),"0123456789","**********")_$extract(phone,keep+1,99)
