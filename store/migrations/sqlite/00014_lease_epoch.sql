-- +goose Up
-- The ownership epoch of each table (see the PostgreSQL migration); one
-- instance on SQLite never changes it, and the schema stays PostgreSQL's.
ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE tables DROP COLUMN epoch;
