(in-package #:nambis)

;; Set by the village committees and the fisheries offices; a change needs the chiefs' review.
(defparameter *min-sandfish-cm* 16)
(defparameter *trochus-basal-cm* '(8 12))      ; trochus outside 8-12 cm basal diameter stay
(defparameter *log-within-hours* 48)
(defparameter *divers-visible-to-trader* nil)

(defun may-harvest-p (area entry)
  (and (tabu-open-p area)                       ; only while the committee has opened the area
       (not (getf entry :hookah))               ; no scuba or hookah compressors
       (not (getf entry :night-torch))          ; no night diving with torches
       (within-size-p entry)))

;; The harvest ledger is append-only: a correction is a new entry.
;; A lot is sold only with its export licence.
