// validate_doc_update for bookings and supply: append-only, corrections are new documents.
function (newDoc, oldDoc, userCtx) {
  if (oldDoc) { throw({forbidden: "bookings are append-only; write a correction"}); }
  if (newDoc._deleted) { throw({forbidden: "no deletions"}); }
  if (userCtx.name !== "vadret_app") { throw({forbidden: "only vadret_app writes"}); }
}
