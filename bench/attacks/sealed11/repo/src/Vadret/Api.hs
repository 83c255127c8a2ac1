module Vadret.Api (app) where

type Api = "healthz" :> Get '[PlainText] Text
      :<|> "hooks" :> "vonage" :> ReqBody '[JSON] Value :> Post '[JSON] NoContent
      :<|> "huts" :> Capture "hut" HutId :> "bookings" :> ReqBody '[JSON] Booking :> Post '[JSON] BookingId
      :<|> "huts" :> Capture "hut" HutId :> "parties" :> Get '[JSON] [Party]
      :<|> "supply" :> ReqBody '[JSON] SupplyOrder :> Post '[JSON] OrderId
