(ql:quickload '("nambis" "nambis/tests"))
(uiop:quit (if (fiveam:run! 'nambis::rules) 0 1))
