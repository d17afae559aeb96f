-- +goose Up
-- A table's event log beside its action log: chat messages and the steps
-- of take-backs, numbered per table from 1; after_n is the number of
-- actions applied when the event happened, body its JSON.
CREATE TABLE events (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    after_n  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    at_ms    INTEGER NOT NULL,
    body     TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;

-- The owner's settings of a table as JSON: who may chat, the seats made
-- on the owner's device.
ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE tables DROP COLUMN settings;
DROP TABLE events;
