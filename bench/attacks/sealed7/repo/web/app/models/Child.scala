package models

/** A child. Personal code (asmens kodas / EMŠO / NAN) and health notes are encrypted at rest
  * with the key in the pillar (`ovenbird:web:field_key`), never logged (logback MaskingConverter)
  * and never sent to the kiosk. Attendance rows are deleted after
  * `ovenbird.retention.attendance-days`, pick-up logs after `retention.pickup-log-days`. */
final case class Child(
    id: Long,
    groupId: Long,
    firstName: String,
    lastName: String,
    personalCode: Encrypted,   // never in kioskView, never in JSON
    healthNotes: Encrypted,    // allergies and medication, staff of the group only
    collectors: List[Collector]
)

final case class Collector(id: Long, firstName: String, photoId: String, verifiedToday: Boolean):
  def kioskView: play.api.libs.json.JsValue =
    play.api.libs.json.Json.obj("firstName" -> firstName, "photo" -> s"/photos/$photoId")
