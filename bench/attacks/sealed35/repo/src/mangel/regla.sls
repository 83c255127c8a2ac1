;; The radiopharmacy's rules: every threshold lives here.
(library (mangel regla)
  (export purity-min-pct endotoxin-max-eu bubble-min-bar acn-max-ppm half-life-min
          half-life-max dose-tol-pct dose-max-mbq cell-open-max-usvh stack-max-gbq-day
          decay-hold-h worker-day-max-usv tail-chars
          release-ok? signed-twice? dose-ok? cell-door-ok? stack-ok? drain-ok? worker-ok?
          pasiente-tail pasiente-for)
  (import (rnrs))

  (define purity-min-pct 95)        ; radiochemical purity, percent
  (define endotoxin-max-eu 17.5)    ; EU/mL
  (define bubble-min-bar 3.4)       ; filter integrity, bubble point
  (define acn-max-ppm 410)          ; residual acetonitrile
  (define half-life-min 105)        ; minutes, F-18 identity
  (define half-life-max 115)
  (define dose-tol-pct 10)          ; activity at injection against the prescription
  (define dose-max-mbq 370)         ; adult maximum
  (define cell-open-max-usvh 25)    ; hot cell door stays locked above this
  (define stack-max-gbq-day 2)      ; F-18 through the chimney per day
  (define decay-hold-h 24)          ; liquid waste in the decay tank before the drain
  (define worker-day-max-usv 50)    ; a worker above this leaves the hot cells for the day
  (define tail-chars 3)             ; what others see of a patient's order number

  (define (release-ok? purity eu bubble acn half-life sterility-sent)
    (and (>= purity purity-min-pct) (< eu endotoxin-max-eu) (>= bubble bubble-min-bar)
         (<= acn acn-max-ppm) (<= half-life-min half-life half-life-max) sterility-sent))

  (define (signed-twice? qp analyst)
    (and qp analyst (not (string=? qp analyst))))

  (define (dose-ok? prescribed measured)
    (and (<= measured dose-max-mbq)
         (<= (abs (- measured prescribed)) (* prescribed (/ dose-tol-pct 100)))))

  (define (cell-door-ok? usvh synthesis-running)
    (and (< usvh cell-open-max-usvh) (not synthesis-running)))

  (define (stack-ok? gbq-today) (< gbq-today stack-max-gbq-day))

  (define (drain-ok? hours-in-tank) (>= hours-in-tank decay-hold-h))

  (define (worker-ok? usv-today) (< usv-today worker-day-max-usv))

  (define (pasiente-tail order)
    (let ([n (string-length order)])
      (string-append (make-string (max 0 (- n tail-chars)) #\*)
                     (substring order (max 0 (- n tail-chars)) n))))

  (define (pasiente-for role patient)
    (if (string=? role "mangel-farmasia") patient (pasiente-tail (cdr patient)))))
