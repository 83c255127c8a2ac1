// Run once with arangosh as root: creates the database, the app user and the ledger.
const users = require("@arangodb/users");
db._createDatabase("chaccu");
users.save("chaccu_app", ARGUMENTS[0]);
users.grantDatabase("chaccu_app", "chaccu", "rw");
users.grantDatabase("chaccu_app", "_system", "none");
users.grantCollection("chaccu_app", "chaccu", "bales_ledger", "ro");
db._useDatabase("chaccu");
// bales_ledger is written only by the ledger service user, append-only.
users.save("chaccu_ledger", ARGUMENTS[1]);
users.grantCollection("chaccu_ledger", "chaccu", "bales_ledger", "rw");
