BNTLIMP ; Limpyo: strip phone numbers from every log line before rsyslog sends it
 quit
Sugod(line) ; the scrubbed line
 new out,i,c,run set out="",run=0
 for i=1:1:$length(line) set c=$extract(line,i) do
 . if c?1N set run=run+1,out=out_"#" quit
 . set run=0,out=out_c
 quit out
