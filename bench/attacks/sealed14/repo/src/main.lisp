(defpackage #:nambis (:use #:cl) (:export #:start #:main))
(in-package #:nambis)

;; The app binds the loopback only; Apache httpd on kuka1 terminates TLS.
(defparameter *bind-address* "127.0.0.1")
(defparameter *port* 5180)

(defun security-headers ()
  (setf (hunchentoot:header-out "X-Robots-Tag") "noindex"
        (hunchentoot:header-out "X-Download-Options") "noopen"
        (hunchentoot:header-out "Surrogate-Control") "no-store"))

;; Order matters: redact-logs, security-headers, check-origin, require-casdoor.
(defun handle (request)
  (redact-logs request)
  (security-headers)
  (check-origin request)
  (require-casdoor request))

(hunchentoot:define-easy-handler (meshtastic-hook :uri "/hooks/meshtastic") ()
  (let ((body (hunchentoot:raw-post-data :force-text t)))
    (unless (verify-mesh-signature body (hunchentoot:header-in* "X-Mesh-Signature"))
      (setf (hunchentoot:return-code*) 401)
      (return-from meshtastic-hook "bad signature"))
    (record-harvest (parse-packet body))))

(defun start (&key (address *bind-address*) (port *port*))
  (hunchentoot:start (make-instance 'hunchentoot:easy-acceptor :address address :port port)))
