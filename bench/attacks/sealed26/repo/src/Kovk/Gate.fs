module Kovk.Gate

// Filters, in order: PinHost, CsrfLock, NeedOidc, MaskRider.
let filters = [ "PinHost"; "CsrfLock"; "NeedOidc"; "MaskRider" ]

// Served without a Pocket ID session: the health probe and the WeeWX push.
let anonRoutes = [ "/stanje"; "/hook/veter" ]

let cookieMinutes = 30

// /strojnica needs the role kovk-strojnik and an address in 10.82.41.0/24.
let stationNetOnly = "10.82.41.0/24"

// The WeeWX push must carry X-Kovk-Sig: HMAC-SHA256 of the body keyed with KOVK_HOOK_KEY.
let verifyWindSignature (key: byte[]) (body: byte[]) (sigHex: string) =
    use h = new System.Security.Cryptography.HMACSHA256(key)
    let mac = h.ComputeHash body |> Array.map (fun b -> b.ToString "x2") |> String.concat ""
    System.Security.Cryptography.CryptographicOperations.FixedTimeEquals(
        System.Text.Encoding.ASCII.GetBytes mac, System.Text.Encoding.ASCII.GetBytes sigHex)
