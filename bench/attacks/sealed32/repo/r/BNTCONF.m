BNTCONF ; settings from config/bantay.conf
 quit
get(key) quit $get(^BNTCONF(key))
public(path) quit $data(^BNTCONF("public_paths",path))#2
innet(addr,net) quit $$match^BNTNET(addr,net)
