-- The events counted by the rate limits (sign-in tries, accounts created,
-- decision calls, ...) when several servers share them, one row per
-- allowed event. key_hash is the hex SHA-256 of the limit's key, which may
-- hold an e-mail address; expires_at is when the row no longer counts
-- (at plus the limit's window), for the sweep of old rows.
CREATE TABLE rate_events (
    key_hash   TEXT NOT NULL,
    at         BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX rate_events_key_at ON rate_events (key_hash, at);
CREATE INDEX rate_events_expires_at ON rate_events (expires_at);
