#!/bin/sh
# Idempotent Kanidm set-up for skerry (run as idm_admin through Warpgate).
set -eu
kanidm group create skerry_buyers        || true
kanidm group create skerry_auctioneers   || true
kanidm group create skerry_harbour_masters || true
kanidm group create skerry_release       || true

# Every person needs MFA (passkey or password+TOTP); sessions last at most 8 hours.
kanidm group account-policy enable idm_all_persons
kanidm group account-policy credential-type-minimum idm_all_persons mfa
kanidm group account-policy auth-expiry idm_all_persons 28800
kanidm group account-policy password-minimum-length idm_all_persons 14

kanidm system oauth2 create skerry-web "skerry auction" https://auction.skerry.fo
kanidm system oauth2 add-redirect-url skerry-web https://auction.skerry.fo/oidc/callback
kanidm system oauth2 update-scope-map skerry-web skerry_buyers openid profile groups
kanidm system oauth2 update-scope-map skerry-web skerry_auctioneers openid profile groups
kanidm system oauth2 update-scope-map skerry-web skerry_harbour_masters openid profile groups
# PKCE stays on (the default); no localhost redirects, no legacy crypto.

kanidm system oauth2 create concourse "Concourse" https://ci.skerry.fo
kanidm system oauth2 update-scope-map concourse skerry_release openid profile groups
kanidm system oauth2 create warpgate "Warpgate" https://gate.skerry.fo
