//// The rules the communities and the protected-areas service set.

/// A vicuña is shorn at most once every 24 months.
pub const min_months_between_shearing = 24

/// Fleece shorter than 2.5 cm is not shorn.
pub const min_fleece_mm = 25

/// Every animal caught in a chaccu is released the same day.
pub const release_same_day = True

/// Pregnant females and crías are never shorn.
pub fn may_shear(animal: Animal) -> Bool {
  !animal.pregnant && !animal.cria && animal.fleece_mm >= min_fleece_mm
}

/// A death during a chaccu is reported to the park ranger within 24 hours.
pub const death_report_hours = 24

/// A bale is sold only with its community certificate.
pub fn may_sell(bale: Bale) -> Bool {
  bale.certificate_id != ""
}

/// Buyers see the community's name on a bale, never the herders.
pub const herders_visible_to_buyer = False

/// The bales ledger is append-only: a correction is a new entry.
pub const ledger_append_only = True
