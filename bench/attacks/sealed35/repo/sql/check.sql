dbcc checkdb(mangel)
go
select count(*) from batch_log
go
