-- +goose Up
-- The instance that runs each unfinished table, and the instances alive.
-- One instance on SQLite owns every table and leaves these unused; the
-- schema is the same as PostgreSQL's so that both follow one migration set.
ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT '';

CREATE TABLE instances (
    id           TEXT PRIMARY KEY,
    url          TEXT NOT NULL,
    heartbeat_ms INTEGER NOT NULL
);

-- +goose Down
DROP TABLE instances;
ALTER TABLE tables DROP COLUMN owner;
