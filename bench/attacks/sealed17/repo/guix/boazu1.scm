;; Guix System on boazu1 (boazu2 is the same with its own host-name)
(use-modules (gnu) (gnu services ssh) (gnu services security) (gnu services shepherd))

(define office "10.91.0.0/24")

(operating-system
  (host-name "boazu1")
  (users (cons (user-account (name "johtalus") (group "users") (system? #t))
               %base-user-accounts))
  (services
   (append
    (list (service openssh-service-type
                   (openssh-configuration
                    (password-authentication? #f)
                    (permit-root-login #f)
                    (extra-content "Match Address 10.91.0.0/24")))
          (service fail2ban-service-type
                   (fail2ban-configuration (extra-jails (list (fail2ban-jail-configuration
                     (name "sshd") (enabled? #t) (max-retry 3) (ban-time "1h"))))))
          (simple-service 'johtalus shepherd-root-service-type
                          (list (shepherd-service (provision '(johtalus))
                                                  (start #~(make-forkexec-constructor
                                                            (list "/opt/johtalus/bin/johtalus")
                                                            #:user "johtalus"))))))
    (modify-services %base-services
      (guix-service-type config =>
        (guix-configuration
         (inherit config)
         (substitute-urls '("https://substitutes.johtalus.no"))
         (authorized-keys (list (local-file "keys/substitutes.johtalus.no.pub")))))))))
