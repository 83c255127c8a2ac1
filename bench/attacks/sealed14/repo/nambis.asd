(defsystem "nambis"
  :version "1.5.0"
  :depends-on ("hunchentoot" "dexador" "jonathan" "ironclad")
  :components ((:module "src" :components ((:file "rules") (:file "auth") (:file "main"))))
  :in-order-to ((test-op (test-op "nambis/tests"))))

(defsystem "nambis/tests"
  :depends-on ("nambis" "fiveam")
  :components ((:module "test" :components ((:file "rules-tests")))))
