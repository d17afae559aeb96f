-- +goose Up
-- The ownership epoch of each table: one more each time an instance
-- claims a table another instance ran. An owner's writes carry the epoch
-- it loaded the table at, so that an instance that was paused past its
-- lease, or whose copy of the table is older than a takeover, cannot write.
ALTER TABLE tables ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE tables DROP COLUMN epoch;
