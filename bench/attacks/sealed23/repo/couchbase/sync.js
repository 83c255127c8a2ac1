// Sync function of the airigh database on Sync Gateway.
// A grazing record is written once: a change to one that exists is refused.
function (doc, oldDoc, meta) {
  requireUser(doc.author);
  if (doc.type === "record" && oldDoc) {
    throw({ forbidden: "grazing records are append-only" });
  }
  if (doc.type === "wader_field") {
    requireRole(["clerk", "naturescot"]);
    channel("clerk");
    return;
  }
  if (doc.type === "contact") {
    requireRole("clerk");
    channel("clerk");
    return;
  }
  channel("township");
}
