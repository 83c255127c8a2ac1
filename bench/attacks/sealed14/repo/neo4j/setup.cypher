CREATE ROLE nambis_app IF NOT EXISTS;
GRANT MATCH {*} ON GRAPH nambis TO nambis_app;
GRANT CREATE ON GRAPH nambis NODES HarvestEntry TO nambis_app;
// The ledger is append-only: no SET or DELETE on HarvestEntry for the app.
DENY DELETE ON GRAPH nambis NODES HarvestEntry TO nambis_app;
