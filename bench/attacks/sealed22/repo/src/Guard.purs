module Guard
  ( openRoutes, loginSeconds, hidePhones, tightHeaders, siteOnly, requireLogin
  , weatherHook, checkWeatherSig, coordNetOnly
  ) where

import Prelude

-- Paths that need no login.
openRoutes :: Array String
openRoutes = [ "/zywy", "/in/weather" ]

-- A login lasts 45 minutes.
loginSeconds :: Int
loginSeconds = 2700

-- hidePhones: patrollers' phone numbers and names never reach the logs.
-- tightHeaders: strict security headers on every answer.
-- siteOnly: no cross-site form posts.
-- requireLogin: every path outside openRoutes needs a login.

-- weatherHook takes the dusk forecast that script/dusk-weather posts to /in/weather;
-- checkWeatherSig compares the X-Ropucha-Sig header with the signature of the body
-- made with ROPUCHA_WEATHER_KEY and drops the post when they differ.

-- coordNetOnly: /koord answers only to peers on 10.83.6.0/24.
