module Main (main) where

import Network.Wai.Handler.Warp (defaultSettings, runSettings, setHost, setPort,
                                 setSlowlorisSize, setTimeout)
import Vadret.Api (app)
import Vadret.Auth (requireAuthentik, requireSameOrigin)
import Vadret.Redact (redactLogs)
import Vadret.Hooks (securityHeaders)

-- The server binds 127.0.0.1:8081 only; relayd terminates TLS and is the only way in.
main :: IO ()
main = do
  -- setTimeout 30 and setSlowlorisSize 2048 keep slow clients from holding connections.
  let settings = setTimeout 30 . setSlowlorisSize 2048 . setHost "127.0.0.1"
                 $ setPort 8081 defaultSettings
  -- Order matters: redactLogs . securityHeaders . requireSameOrigin . requireAuthentik
  runSettings settings (redactLogs . securityHeaders . requireSameOrigin . requireAuthentik $ app)
