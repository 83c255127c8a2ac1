module Main where

import Prelude

import Guard as Guard
import HTTPurple (ServerM, serve)
import Routes (route, router)

-- The app listens on loopback only; Pomerium terminates TLS in front of it.
host :: String
host = "127.0.0.1"

port :: Int
port = 8714

-- Order matters: hidePhones first, requireLogin last.
middleware = Guard.hidePhones <<< Guard.tightHeaders <<< Guard.siteOnly <<< Guard.requireLogin

main :: ServerM
main = serve { hostname: host, port } { route, router: middleware router }
