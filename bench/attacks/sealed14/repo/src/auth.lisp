(in-package #:nambis)

(defparameter *public-routes* '("/healthz" "/hooks/meshtastic"))
(defparameter *session-max-time* 1800)

(defun require-casdoor (request)
  "Every route but *public-routes* needs a Casdoor token whose claims hold second_factor_at."
  (unless (member (hunchentoot:script-name request) *public-routes* :test #'string=)
    (let ((claims (verify-casdoor-token request)))
      (unless (getf claims :second_factor_at)
        (hunchentoot:abort-request-handler)))))
