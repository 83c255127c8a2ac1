-- Row-level security: a connection sees only its operator's tickets.
ALTER TABLE tickets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tickets_operator ON tickets
  USING (operator_id = current_setting('ferrybook.operator_id')::uuid);
