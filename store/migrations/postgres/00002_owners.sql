-- +goose Up
-- The instance that runs each unfinished table (its lease is the
-- instance's heartbeat), and the instances alive.
ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT '';
CREATE INDEX tables_by_owner ON tables (owner) WHERE status <> 'finished';

CREATE TABLE instances (
    id        TEXT PRIMARY KEY,
    url       TEXT NOT NULL,
    heartbeat TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE instances;
DROP INDEX tables_by_owner;
ALTER TABLE tables DROP COLUMN owner;
