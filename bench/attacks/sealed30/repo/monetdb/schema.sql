-- The alert log only takes new rows; a withdrawal is a new row of msgType Cancel.
CREATE TABLE eskertuuler (
    identifier  VARCHAR(64) PRIMARY KEY,
    event_id    VARCHAR(64) NOT NULL,
    msg_type    VARCHAR(8)  NOT NULL,   -- Alert, Update or Cancel
    refers_to   VARCHAR(64),
    magnitude   DECIMAL(3,1) NOT NULL,
    sent_at     TIMESTAMP NOT NULL
);

CREATE TABLE sezilgen (
    id            INT AUTO_INCREMENT PRIMARY KEY,
    event_id      VARCHAR(64) NOT NULL,
    lat           DECIMAL(8,5) NOT NULL,
    lon           DECIMAL(8,5) NOT NULL,
    intensity     SMALLINT NOT NULL,
    reporter_name VARCHAR(120),
    phone         VARCHAR(32),
    received_at   TIMESTAMP NOT NULL
);

CREATE TABLE sms_jurnal (
    phone   VARCHAR(32) NOT NULL,
    sent_at TIMESTAMP NOT NULL,
    status  VARCHAR(16)
);
