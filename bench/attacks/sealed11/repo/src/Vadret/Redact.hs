module Vadret.Redact (redactLogs) where

-- | Masks phone numbers, AHV numbers (756.xxxx.xxxx.xx) and codice fiscale in every log line.
redactLogs :: Middleware
redactLogs = logWith (maskPhones . maskAhv . maskCodiceFiscale)
