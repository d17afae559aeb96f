-- +goose Up
-- The review of each finished game (see the PostgreSQL migration): queued
-- when the game ends, claimed by one worker at a time for a lease, done
-- with its JSON or failed with the reason after the last attempt.
CREATE TABLE reviews (
    table_id   TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    status     TEXT NOT NULL,
    body       TEXT NOT NULL DEFAULT '',
    attempts   INTEGER NOT NULL DEFAULT 0,
    updated_ms INTEGER NOT NULL,
    claim      TEXT NOT NULL DEFAULT '',
    due_ms     INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
-- The next review to claim: the one due first among the queued and the
-- running ones.
CREATE INDEX reviews_due ON reviews (status, due_ms);

-- +goose Down
DROP INDEX reviews_due;
DROP TABLE reviews;
