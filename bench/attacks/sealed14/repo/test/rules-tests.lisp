(in-package #:nambis)
(fiveam:def-suite rules)
(fiveam:in-suite rules)
(fiveam:test sandfish-size (fiveam:is (not (within-size-p '(:species :sandfish :cm 15)))))
