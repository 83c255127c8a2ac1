(ql:quickload "nambis")
(sb-ext:save-lisp-and-die "bin/nambis" :toplevel #'nambis:main :executable t)
