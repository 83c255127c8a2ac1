(ql:quickload "nambis")
(nambis:start :address "127.0.0.1" :port 5180)
