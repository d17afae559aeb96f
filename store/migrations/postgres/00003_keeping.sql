-- +goose Up
-- A table's seat keeping as JSON: time control, stand-in level, ending,
-- and the seat events (stand-ins taking over, people coming back).
ALTER TABLE tables ADD COLUMN keeping TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE tables DROP COLUMN keeping;
