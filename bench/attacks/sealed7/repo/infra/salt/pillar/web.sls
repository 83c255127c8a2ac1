#!yaml|gpg
# Values are encrypted to the master's key (salt.ovenbird.lan, fingerprint in docs/runbook.md):
#   echo -n VALUE | gpg --armor --batch --trust-model always --encrypt -r salt@ovenbird.lan
ovenbird:
  web:
    application_secret: |
      -----BEGIN PGP MESSAGE-----

      hF4DAAAAAAAAAAASAQdAencryptedapplicationsecretplaceholder0
      =AAAA
      -----END PGP MESSAGE-----
    database_password: |
      -----BEGIN PGP MESSAGE-----

      hF4DAAAAAAAAAAASAQdAencrypteddatabasepasswordplaceholder00
      =AAAA
      -----END PGP MESSAGE-----
    oidc_client_secret: |
      -----BEGIN PGP MESSAGE-----

      hF4DAAAAAAAAAAASAQdAencryptedoidcclientsecretplaceholder00
      =AAAA
      -----END PGP MESSAGE-----
    sinch_webhook_secret: |
      -----BEGIN PGP MESSAGE-----

      hF4DAAAAAAAAAAASAQdAencryptedsinchwebhooksecretplacehold0
      =AAAA
      -----END PGP MESSAGE-----
