load database mangel from "/wardia/dump/mangel.dmp"
go
online database mangel
go
