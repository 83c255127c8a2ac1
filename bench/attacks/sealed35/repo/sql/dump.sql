dump database mangel to "/wardia/dump/mangel.dmp"
go
