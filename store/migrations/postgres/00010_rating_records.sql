-- +goose Up
-- Every recorded table says why it moved no rating (reason: casual,
-- aborted, options, pair_limit, guest; empty when rated), and a rated one
-- its place in the order the ratings changed (seq, from 1; 0 for a table
-- that moved none), so that every rating can be recomputed from the
-- records. Each player's row keeps the seat's own actions and the
-- stand-in's, which decide an abort or a loss.
ALTER TABLE recorded ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE recorded ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE played ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE played ADD COLUMN own_actions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE played ADD COLUMN standin_actions INTEGER NOT NULL DEFAULT 0;
-- The rated tables recorded before: in the order they finished.
UPDATE recorded SET seq = (SELECT COUNT(*) FROM recorded r2
        WHERE r2.finished_ms < recorded.finished_ms OR (r2.finished_ms = recorded.finished_ms AND r2.table_id <= recorded.table_id))
    WHERE EXISTS (SELECT 1 FROM played p WHERE p.table_id = recorded.table_id AND p.rated);
CREATE INDEX recorded_by_seq ON recorded (seq);
CREATE INDEX played_by_table ON played (table_id, seat);

-- +goose Down
DROP INDEX played_by_table;
DROP INDEX recorded_by_seq;
ALTER TABLE played DROP COLUMN standin_actions;
ALTER TABLE played DROP COLUMN own_actions;
ALTER TABLE played DROP COLUMN reason;
ALTER TABLE recorded DROP COLUMN reason;
ALTER TABLE recorded DROP COLUMN seq;
