create table batch_log (batch varchar(20), step varchar(40), who varchar(40), at datetime)
go
create table pasiente (order_no varchar(12), name varchar(80), born date, centre varchar(20))
go
