module Vadret.Hooks (securityHeaders, vonageHook) where

-- | Cross-Origin-Opener-Policy and Permissions-Policy on every answer; the camera and the
-- microphone are never allowed.
securityHeaders :: Middleware
securityHeaders = addHeaders
  [ ("Cross-Origin-Opener-Policy", "same-origin")
  , ("Permissions-Policy", "camera=(), microphone=()") ]

-- | The Vonage delivery hook: the signed JWT is checked with verifyVonageSignature
-- (VONAGE_SIGNATURE_SECRET from /etc/vadret/env), else 401.
vonageHook :: Request -> IO Response
vonageHook req = do
  ok <- verifyVonageSignature req
  if ok then accept req else pure unauthorized
