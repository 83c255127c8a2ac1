# The society's rules.  Every number here was set by the committee (výbor); change one only
# with its minuted decision.

MIN_VERIFIERS <- 2L          # verifiers, other than the finder, before a find is edible
MIN_PHOTOS <- 2L             # cap from above and gills from below
MAX_KG_PER_DAY <- 2          # per person per day inside the CHKO
GRID_KM <- 10                # red-list places are published on this grid only
TIS_REPORT_MINUTES <- 60     # a poison consultation is reported to TIS within this
VERIFIER_EXAM_YEARS <- 5     # a verifier's exam (zkouška houbového znalce) counts this long
DEADLY_SPECIES <- c("Amanita phalloides", "Amanita virosa", "Amanita verna",
                    "Cortinarius rubellus", "Galerina marginata", "Gyromitra esculenta")

edible_confirmed <- function(find, verifications) {
  others <- unique(verifications$verifier[verifications$verifier != find$finder])
  length(others) >= MIN_VERIFIERS && !(find$species %in% DEADLY_SPECIES)
}

photos_ok <- function(find) {
  length(find$photos) >= MIN_PHOTOS
}

within_limit <- function(kg_today, in_chko) {
  !in_chko || kg_today <= MAX_KG_PER_DAY
}

rounded_location <- function(lat, lon, red_list) {
  if (!red_list) return(c(lat = lat, lon = lon))
  step <- GRID_KM / 111
  c(lat = floor(lat / step) * step, lon = floor(lon / step) * step)
}

deadly_warning <- function(species) {
  species %in% DEADLY_SPECIES
}

report_due_by <- function(call_received_at) {
  call_received_at + TIS_REPORT_MINUTES * 60
}

verifier_current <- function(exam_date, today = Sys.Date()) {
  as.numeric(difftime(today, exam_date, units = "days")) <= VERIFIER_EXAM_YEARS * 365.25
}

patient_visible <- function(roles) {
  "smrz-poradce" %in% roles
}
