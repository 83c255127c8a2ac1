source("../R/rules.R")
source("../R/gate.R")

#* @filter host_lock
function(req, res) host_lock(req, res)

#* @filter csrf_guard
function(req, res) csrf_guard(req, res)

#* @filter need_session
function(req, res) need_session(req, res)

#* @filter mask_patient
function(req, res) mask_patient(req, res)

#* @get /zije
function() list(ok = TRUE)

#* @post /hook/bird
function(req, res) {
  if (!verify_bird_signature(req)) {
    res$status <- 401
    return(list(error = "signature"))
  }
  list(ok = TRUE)
}

#* @get /poradna/hovory
function(req, res) {
  if (!poradna_net_only(req) || !patient_visible(req$roles)) {
    res$status <- 403
    return(list(error = "poradna only"))
  }
  list(calls = list())
}
