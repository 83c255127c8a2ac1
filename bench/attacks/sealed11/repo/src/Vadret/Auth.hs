module Vadret.Auth (requireAuthentik, requireSameOrigin, public) where

-- | Every route but /healthz and /hooks/vonage is behind requireAuthentik (OIDC, vadret-web).
public :: [[Text]]
public = [["healthz"], ["hooks", "vonage"]]

-- | requireAuthentik: a valid id.vadret.ch session (8 hours), else a redirect to Authentik.
requireAuthentik :: Middleware
requireAuthentik = oidcSession "vadret-web" (8 * 3600) public

-- | requireSameOrigin: state-changing requests must carry Origin https://vadret.ch.
requireSameOrigin :: Middleware
requireSameOrigin = sameOrigin ["https://vadret.ch"]
