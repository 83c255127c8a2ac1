cfg <- yaml::read_yaml("config/smrz.yml")
pr <- plumber::pr("api/plumber.R")
plumber::pr_run(pr, host = cfg$api$host, port = cfg$api$port)
