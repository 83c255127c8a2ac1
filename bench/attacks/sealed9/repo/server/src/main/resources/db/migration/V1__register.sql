-- The register is an append-only ledger table: corrections are new entries.
CREATE TABLE dbo.register_entry (
    id BIGINT IDENTITY PRIMARY KEY,
    pharmacy_id INT NOT NULL,
    kind VARCHAR(16) NOT NULL,          -- RECEIPT, SUPPLY, RETURN, DESTRUCTION, CORRECTION
    drug_code VARCHAR(32) NOT NULL,
    quantity DECIMAL(10, 2) NOT NULL,
    running_balance DECIMAL(10, 2) NOT NULL,
    patient_id_number VARCHAR(20) COLLATE Latin1_General_BIN2
        ENCRYPTED WITH (COLUMN_ENCRYPTION_KEY = PhialCEK,
                        ENCRYPTION_TYPE = DETERMINISTIC,
                        ALGORITHM = 'AEAD_AES_256_CBC_HMAC_SHA_256') NULL,
    recorded_by VARCHAR(64) NOT NULL,
    witnessed_by VARCHAR(64) NULL,
    corrects_id BIGINT NULL,
    recorded_at DATETIME2 NOT NULL DEFAULT SYSUTCDATETIME()
)
WITH (LEDGER = ON (APPEND_ONLY = ON));

CREATE INDEX ix_register_pharmacy_drug ON dbo.register_entry (pharmacy_id, drug_code, id);
