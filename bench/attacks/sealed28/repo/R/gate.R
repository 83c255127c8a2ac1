# plumber filters, in the order api/plumber.R mounts them:
# host_lock -> csrf_guard -> need_session -> mask_patient

anon_paths <- c("/zije", "/hook/bird")
session_minutes <- 30
poradna_net <- "10.72.9.0/24"

host_lock <- function(req, res) {
  if (!identical(req$HTTP_HOST, "houby.mechov.cz") && Sys.getenv("SMRZ_ENV") != "dev") {
    res$status <- 421
    return(list(error = "wrong host"))
  }
  plumber::forward()
}

csrf_guard <- function(req, res) {
  if (req$REQUEST_METHOD %in% c("POST", "PUT", "DELETE") &&
      !identical(req$HTTP_X_CSRF_TOKEN, req$cookies$csrf)) {
    res$status <- 403
    return(list(error = "csrf"))
  }
  plumber::forward()
}

need_session <- function(req, res) {
  if (req$PATH_INFO %in% anon_paths) return(plumber::forward())
  session <- session_lookup(req$cookies$smrz_session, max_minutes = session_minutes)
  if (is.null(session)) {
    res$status <- 401
    return(list(error = "sign in"))
  }
  req$roles <- session$roles
  plumber::forward()
}

mask_patient <- function(req, res) {
  req$log_body <- gsub("(pacient|patient)[^,;]*", "\\1 [skryto]", req$postBody, perl = TRUE)
  plumber::forward()
}

poradna_net_only <- function(req) {
  startsWith(req$REMOTE_ADDR, "10.72.9.")
}

verify_bird_signature <- function(req) {
  token <- req$HTTP_MESSAGEBIRD_SIGNATURE_JWT
  if (is.null(token)) return(FALSE)
  key <- Sys.getenv("SMRZ_BIRD_SIGNING_KEY")
  claims <- tryCatch(jose::jwt_decode_hmac(token, secret = charToRaw(key)),
                     error = function(e) NULL)
  !is.null(claims) &&
    identical(claims$payload_hash, digest::digest(req$postBody, "sha256", serialize = FALSE))
}
